"""Rummikub-lite: an example remi variant plugin reusing the Rummikub-style engine.

A variant is any object with the hooks of ``remi.core.variant.Variant``; the simplest plugin
subclasses an existing one and changes its name and rule defaults. Here the family
``rummikub-lite`` plays with ``remi.variants.rummikub.RummikubRules`` (so every rule id of the
Rummikub-style family is available), ships its own preset file, ``rummikub-lite.toml``, and
gives the ``greedy`` and ``solver`` bots their play through ``strategy`` (``strategies``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from importlib.resources import files
from pathlib import Path
from typing import Any

from remi.core.actions import Action
from remi.core.presets import load_rules
from remi.core.rulespec import RuleSet
from remi.core.strategy import Strategy
from remi.variants.rummikub import RummikubRules, RummikubVariant

__all__ = ["PRESET", "VARIANT", "LiteVariant", "load_preset"]

#: The preset file shipped inside this package.
PRESET = Path(str(files(__name__) / "rummikub-lite.toml"))


class LiteVariant(RummikubVariant):
    """Rummikub-lite: the Rummikub-style hooks under the family name ``rummikub-lite``."""

    name = "rummikub-lite"
    aliases: tuple[str, ...] = ("rk-lite",)
    title = "Rummikub-lite (example plugin)"
    rules_class: type[RuleSet] = RummikubRules
    preset_files: tuple[Path, ...] = (PRESET,)

    def strategy_table(self) -> Mapping[str, Callable[[int], Strategy[Any, Action]]]:
        """This family's bot strategies, kind -> ``factory(seed)`` (``strategies.STRATEGIES``);
        ``strategy(kind, seed)`` (inherited) refuses a kind it does not provide."""
        from remi_rummikub_lite.strategies import STRATEGIES

        return STRATEGIES


def load_preset() -> RuleSet:
    """The ``rummikub-lite`` rules, from the packaged preset file."""
    return load_rules(PRESET)


VARIANT = LiteVariant()
