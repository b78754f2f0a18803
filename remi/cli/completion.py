"""Shell completion of the values commands take (``remi --install-completion``): preset names
for ``--rules``, bot kinds for ``--bot``, rule ids for ``--set ID=VALUE``, tile codes where an argument is a list of
tiles, and the options that hold them.

Each completer takes the word typed so far and returns the candidates that extend it; it runs
only when the shell asks, so the families are imported then and never at start-up.
"""

from __future__ import annotations

from typing import Annotated

import typer

__all__ = [
    "RulesOption",
    "SetOption",
    "complete_bots",
    "complete_presets",
    "complete_rule_ids",
    "complete_tiles",
]


def complete_bots(incomplete: str) -> list[str]:
    """The bot kinds (``remi.bots.BOT_KINDS``) that begin with ``incomplete``."""
    from remi.bots import BOT_KINDS

    return [kind for kind in BOT_KINDS if kind.startswith(incomplete.lower())]


def complete_presets(incomplete: str) -> list[str]:
    """The preset names (``remi rules list``) that begin with ``incomplete``."""
    from remi.core.presets import list_presets

    return [name for name in list_presets() if name.startswith(incomplete)]


def _rule_ids() -> list[str]:
    """Every rule id of every registered family, sorted, each once."""
    from remi.core.rulespec import rule_specs
    from remi.core.variant import registered_variants

    ids = {spec.rule_id for v in registered_variants() for spec in rule_specs(v.rules_class)}
    return sorted(ids)


def complete_rule_ids(incomplete: str) -> list[str]:
    """``ID=`` for each rule id that begins with ``incomplete`` (``--set opening.mi`` ->
    ``opening.min_points=``); nothing once the ``=`` is typed (the value is free)."""
    if "=" in incomplete:
        return []
    return [f"{rule_id}=" for rule_id in _rule_ids() if rule_id.startswith(incomplete)]


def complete_tiles(incomplete: str) -> list[str]:
    """The tile list typed so far with its last token completed to a tile code: ``"R3 J Y1"``
    -> ``"R3 J Y1"``, ``"R3 J Y10"``... (``R``, ``Y``, ``B``, ``K`` and 1-13, ``J`` for a
    joly)."""
    from remi.core.tiles import ALL_TILE_TYPES

    head, _, last = incomplete.rpartition(" ")
    prefix = f"{head} " if head else ""
    bracket = "[" if last.startswith("[") else ""
    stem = last[len(bracket) :]
    codes = [str(tile) for tile in ALL_TILE_TYPES]
    return [f"{prefix}{bracket}{code}" for code in codes if code.startswith(stem.upper())]


#: ``--rules PRESET`` of the commands that take one preset or rule file (completes the names).
RulesOption = Annotated[
    str,
    typer.Option("--rules", help="Preset name or rule file.", autocompletion=complete_presets),
]

#: ``--set ID=VALUE``, repeatable (completes the rule ids).
SetOption = Annotated[
    list[str] | None,
    typer.Option("--set", help="Override a rule: ID=VALUE.", autocompletion=complete_rule_ids),
]
