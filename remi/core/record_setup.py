"""A record's setup: its rules (preset plus overrides), its parsed actions and its starting state.

Used by ``remi.core.record_reading`` to check a record when it is read and by
``remi.core.replay`` to replay it.
"""

from __future__ import annotations

from typing import Any

from remi.core.errors import NotationError, RemiError
from remi.core.notation import parse_tiles
from remi.core.presets import load_rules
from remi.core.records import GameRecord, RecordError
from remi.core.rulespec import RuleSet

__all__ = [
    "checked_rules",
    "record_actions",
    "record_rules",
    "start_state",
]


def checked_rules(record: GameRecord, path: str = "") -> RuleSet:
    """``record_rules`` with every defect a ``RecordError`` naming ``path`` (field ``preset``
    or ``family``).

    Raises:
        RecordError: an unknown preset or rule id, a bad value, another family.
    """
    try:
        return record_rules(record)
    except RecordError as exc:
        if (
            path and not exc.path
        ):  # the family check knows no path: name the file like every other defect
            raise RecordError(str(exc), path=path, field=exc.field, index=exc.index) from None
        raise
    except RemiError as exc:
        raise RecordError(f"rules: {exc}", path=path, field="preset") from None


def record_rules(record: GameRecord) -> RuleSet:
    """The rule set of ``record``: its preset with its overrides applied.

    Raises:
        RulesError / UnknownVariantError: an unknown preset or rule id, a bad value.
        RecordError: the preset's family differs from the record's ``family``.
    """
    rules = load_rules(record.preset, dict(record.overrides), source="record overrides")
    if rules.family != record.family:
        raise RecordError(
            f"preset '{record.preset}' is of family '{rules.family}', the record says '{record.family}'",
            field="family",
        )
    return rules


def record_actions(
    record: GameRecord, rules: RuleSet | None = None, *, path: str = ""
) -> list[Any]:
    """The record's action lines parsed with its variant's ``parse_action``.

    Raises:
        RecordError: for a line that does not parse, with its 1-based ``index``.
    """
    from remi.core.variant import variant_for_rules

    rules = rules if rules is not None else record_rules(record)
    variant = variant_for_rules(rules)
    out = []
    for i, line in enumerate(record.actions, start=1):
        try:
            out.append(variant.parse_action(line, rules))
        except NotationError as exc:
            raise RecordError(
                f"action {i} '{line}': {exc}", path=path, field=f"actions[{i}]", index=i
            ) from None
    return out


def start_state(record: GameRecord, rules: RuleSet | None = None) -> Any:
    """The state at the start of the record's hand (before any action).

    Raises:
        RulesError: a deal that does not fit the rules (rack sizes, too many copies of a tile).
    """
    from remi.core.variant import variant_for_rules

    rules = rules if rules is not None else record_rules(record)
    variant = variant_for_rules(rules)
    n = len(record.players)
    if record.deal is None:
        return variant.new_game(rules, n, seed=record.seed)
    return variant.new_game(
        rules,
        n,
        seed=record.seed if record.seed is not None else 0,
        racks=[parse_tiles(r) for r in record.deal.racks],
        stock=parse_tiles(record.deal.stock),
    )
