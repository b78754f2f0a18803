"""The closing race in the club bot's rollout evaluation (strategies.race, docs/bots.md)."""

from __future__ import annotations

import attrs
import pytest

from remi.core.notation import parse_tiles
from remi.variants.remi_pe_tabla.state import new_game
from remi.variants.remi_pe_tabla.strategies.club import standing
from remi.variants.remi_pe_tabla.strategies.race import CLOSE_CHANCE, race_points

from gamekit import DEFAULT


def _racks(*racks: tuple[str, bool]):
    """A 4-player hand with the racks (tiles, opened) given, nothing laid."""
    state = new_game(DEFAULT, 4, seed=3)
    players = tuple(
        attrs.evolve(p, rack=parse_tiles(tiles), opened=opened)
        for p, (tiles, opened) in zip(state.players, racks, strict=True)
    )
    return attrs.evolve(state, players=players, table=())


def test_race_points_follow_the_close_chance_and_the_bonus() -> None:
    state = _racks(
        ("R5", True), ("R5", False), ("K12 K13", True), ("B2 B3 B4 B6 B7 B8 B9 B10 Y1", True)
    )
    gains = race_points(state)
    # §1.12: the closer scores the bonus (50) and his rack leaves the table for him (5 twice).
    assert gains[0] == pytest.approx(CLOSE_CHANCE[1] * (50 + 2 * 5))
    assert gains[1] == 0.0  # not opened: he never closed on the turn in the solver's hands
    assert gains[2] == pytest.approx(CLOSE_CHANCE[2] * (50 + 2 * 20))
    assert gains[3] == 0.0  # nine tiles: no chance counted


def test_standing_adds_the_race_by_its_weight() -> None:
    state = _racks(("R5", True), ("R6 R7 R8", True), ("K12 K13", True), ("B2 B3 B4", True))
    plain = standing(state, 0)
    assert plain == pytest.approx(-5 - (-(6 + 7 + 8) - 20 - (2 + 3 + 4)) / 3)
    gains = race_points(state)
    raced = standing(state, 0, race=1.0)
    assert raced == pytest.approx(plain + gains[0] - sum(gains[1:]) / 3)
    assert raced > plain
