"""Helpers for tests: stacked deals written in notation and scripted action lines."""

from __future__ import annotations

from collections.abc import Iterable

import pytest

from remi.core.errors import IllegalActionError
from remi.core.notation import parse_tiles
from remi.core.presets import load_rules
from remi.variants.remi_pe_tabla.actions import parse_action
from remi.variants.remi_pe_tabla.engine import apply
from remi.variants.remi_pe_tabla.rules import RemiRules
from remi.variants.remi_pe_tabla.state import GameState, new_game

DEFAULT = load_rules()


def stacked(
    racks: Iterable[str], stock: str = "", rules: RemiRules | None = None, seed: int = 0
) -> GameState:
    """A hand dealt from racks in notation; ``stock`` gives the top of the stock, next draw first."""
    return new_game(
        rules or DEFAULT,
        racks=[parse_tiles(r) for r in racks],
        stock=parse_tiles(stock),
        seed=seed,
    )


def run(state: GameState, *lines: str) -> GameState:
    """Apply action lines in order (each must be legal)."""
    for line in lines:
        state = apply(state, parse_action(line))
    return state


def refused(state: GameState, line: str, rule_id: str) -> IllegalActionError:
    """Assert that ``line`` is refused with ``rule_id`` and that ``state`` is unchanged."""
    before = state
    snapshot = (state.players, state.stock, state.sir, state.table, state.phase, state.turn)
    with pytest.raises(IllegalActionError) as info:
        apply(state, parse_action(line))
    assert info.value.rule_id == rule_id, str(info.value)
    assert state == before
    assert (state.players, state.stock, state.sir, state.table, state.phase, state.turn) == snapshot
    return info.value


def pad(tiles: str, size: int, filler: str) -> str:
    """``tiles`` followed by filler tiles (from ``filler``) up to ``size`` tiles."""
    have = tiles.split()
    extra = filler.split()
    return " ".join(have + extra[: size - len(have)])


def first_round_opening(
    state: GameState, discards: tuple[str, str], meld: str, discard: str, *more: str
) -> GameState:
    """Two players' first round and p1's opening: p1 discards ``discards[0]``, p2 draws and
    discards ``discards[1]``, p1 draws, lays ``meld`` (``"[R5 R6 R7] [R10 Y10 B10]"``) and
    discards ``discard``; then the action lines ``more``."""
    first, second = discards
    lines = (f"p1 discard {first}", "p2 draw", f"p2 discard {second}", "p1 draw")
    return run(state, *lines, f"p1 meld {meld}", f"p1 discard {discard}", *more)
