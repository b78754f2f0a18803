"""Helpers for Rummikub-style tests: stacked deals in notation and scripted action lines."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

import pytest

from remi.core.errors import IllegalActionError
from remi.core.notation import parse_tiles
from remi.core.presets import load_rules
from remi.core.tiles import FULL_SET, Tile
from remi.variants.rummikub.actions import parse_action
from remi.variants.rummikub.engine import apply
from remi.variants.rummikub.rules import RummikubRules
from remi.variants.rummikub.state import RummikubState, new_game

ODD = (1, 3, 5, 7, 9, 11, 13)
#: Per seat, filler tiles that make no run (odd numbers only) and no group (two colours only).
FILLERS = (
    " ".join(f"{c}{n}" for n in ODD for c in "RY"),
    " ".join(f"{c}{n}" for n in ODD for c in "BK"),
    " ".join(f"{c}{n}" for n in ODD for c in "RY"),
    " ".join(f"{c}{n}" for n in ODD for c in "BK"),
)


def rk_rules(preset: str = "rummikub", **overrides: Any) -> RummikubRules:
    """A preset with rule ids overridden (``initial_meld__min_points=50`` -> ``initial_meld.min_points``)."""
    rules = load_rules(preset, {k.replace("__", "."): v for k, v in overrides.items()})
    assert isinstance(rules, RummikubRules)
    return rules


def deal(
    racks: Iterable[str], pool: str = "", rules: RummikubRules | None = None, starter: int = 0
) -> RummikubState:
    """A stacked deal; each rack is padded to ``deal.tiles`` with filler tiles that make no set
    by themselves (``FILLERS``); ``pool`` is the top of the pool, next draw first."""
    rules = rules or rk_rules()
    given = [parse_tiles(r) for r in racks]
    left = Counter(FULL_SET)
    left.subtract([t for r in given for t in r] + list(parse_tiles(pool)))
    full = []
    for seat, rack in enumerate(given):
        extra: list[Tile] = []
        for t in list(parse_tiles(FILLERS[seat])) + sorted(
            left.elements(), key=lambda t: -t.number
        ):
            if len(rack) + len(extra) == rules.deal_tiles:
                break
            if left[t] > 0:
                extra.append(t)
                left[t] -= 1
        full.append(tuple(rack) + tuple(extra))
    return new_game(rules, racks=full, pool=parse_tiles(pool), starter=starter)


def run(state: RummikubState, *lines: str) -> RummikubState:
    """Apply action lines in order (each must be legal)."""
    for line in lines:
        state = apply(state, parse_action(line, state.rules.formation_rules))
    return state


def refused(state: RummikubState, line: str, rule_id: str) -> IllegalActionError:
    """Assert ``line`` is refused with ``rule_id`` and ``state`` is unchanged."""
    before = (state.racks, state.pool, state.table, state.opened, state.current, state.log)
    with pytest.raises(IllegalActionError) as info:
        apply(state, parse_action(line, state.rules.formation_rules))
    assert info.value.rule_id == rule_id, str(info.value)
    assert (state.racks, state.pool, state.table, state.opened, state.current, state.log) == before
    return info.value
