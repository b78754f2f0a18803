"""Invariants of the Remi state machine over random legal games (hypothesis + seeded sweeps).

The engine's acceptance properties: 106 tiles always accounted for; ``apply`` never mutates its
input; a refused action leaves the state equal to before; every action from ``legal_actions`` passes ``check``;
tile, formation and action notation round-trip; random games terminate; 1,000 seeded games of
2, 3 and 4 players complete without an error.
"""

from __future__ import annotations

import copy
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from remi.core.candidates import candidate_formations
from remi.core.errors import IllegalActionError
from remi.core.formations import parse_formation
from remi.core.notation import SlotToken
from remi.core.presets import load_rules
from remi.core.tiles import ALL_TILE_TYPES, FULL_SET, Tile
from remi.variants.remi_pe_tabla.actions import (
    Discard,
    Draw,
    LayOff,
    Meld,
    Swap,
    Take,
    parse_action,
)
from remi.variants.remi_pe_tabla.engine import apply, check
from remi.variants.remi_pe_tabla.movegen import legal_actions
from remi.variants.remi_pe_tabla.state import Phase, new_game

from gamekit import DEFAULT

FULL = Counter(FULL_SET)
PRESETS = [load_rules(p) for p in ("remi-pe-tabla", "rummy-45", "remi-50")]
MAX_STEPS = 5000


def random_game(seed: int, players: int, rules=DEFAULT, on_step=None):
    rng = random.Random(seed)
    state = new_game(rules, players, seed=seed)
    steps = 0
    while state.phase is not Phase.ENDED:
        actions = legal_actions(state)
        assert actions, f"no legal action in a live hand (seed {seed}, step {steps})"
        action = rng.choice(actions)
        new = apply(state, action)
        if on_step is not None:
            on_step(state, action, new, rng)
        state = new
        steps += 1
        assert steps < MAX_STEPS, f"hand did not end (seed {seed})"
    return state, steps


def _wrong_actions(state, rng):
    """A few actions that are likely illegal in ``state``: wrong seat, absent tiles, bad targets."""
    seat = state.current
    other = (seat + 1) % len(state.players)
    tile = rng.choice(ALL_TILE_TYPES)
    yield Draw(other)
    yield Discard(seat, tile)
    yield Take(seat, rng.randint(1, 30))
    yield LayOff(seat, rng.randint(1, 12), (SlotToken(tile),))
    yield Swap(seat, rng.randint(1, 12), ALL_TILE_TYPES[rng.randrange(52)])
    if len(state.players[seat].rack) >= 3:
        forms = candidate_formations(rng.sample(FULL_SET, 8))
        if forms:
            yield Meld(seat, (rng.choice(forms),))


def _invariants(before, action, after, rng) -> None:
    snapshot = copy.deepcopy(before.players), before.stock, before.sir, before.table
    # 106 tiles always accounted for
    assert after.all_tiles() == FULL
    # apply never mutates its input
    assert (before.players, before.stock, before.sir, before.table) == snapshot
    # a refused action leaves the state equal to before
    for wrong in _wrong_actions(before, rng):
        try:
            check(before, wrong)
        except IllegalActionError:
            assert before.players == snapshot[0] and before.table == snapshot[3]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**9), players=st.integers(2, 4), preset=st.sampled_from(PRESETS))
def test_random_games_keep_invariants(seed: int, players: int, preset) -> None:
    final, steps = random_game(seed, players, preset, _invariants)
    assert final.result is not None
    assert steps > 0


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**9), players=st.integers(2, 4))
def test_every_legal_action_passes_check(seed: int, players: int) -> None:
    rng = random.Random(seed)
    state = new_game(DEFAULT, players, seed=seed)
    for _ in range(400):
        if state.phase is Phase.ENDED:
            break
        actions = legal_actions(state)
        for action in actions:
            check(state, action)
            # every legal action's text form parses back to the same action
            assert parse_action(str(action)) == action
        state = apply(state, rng.choice(actions))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_thousand_seeded_games_complete(players: int) -> None:
    ended = 0
    closed = 0
    for seed in range(1000 // 3 + (1 if players == 2 else 0)):
        final, _ = random_game(seed * 7 + players, players)
        ended += final.phase is Phase.ENDED
        closed += final.result is not None and final.result.closed_by is not None
    assert ended == 1000 // 3 + (1 if players == 2 else 0)
    assert closed > 0


# --- notation round trips --------------------------------------------------------------------------


@given(st.sampled_from(ALL_TILE_TYPES))
def test_tile_notation_round_trip(tile: Tile) -> None:
    assert Tile.parse(str(tile)) == tile
    assert Tile.parse(str(tile).lower()) == tile


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(FULL_SET), min_size=3, max_size=12))
def test_formation_notation_round_trip(tiles: list[Tile]) -> None:
    for f in candidate_formations(tiles):
        text = str(f)
        assert parse_formation(text) == f
        assert str(parse_formation(text)) == text
        assert parse_formation(text.lower().replace(" ", "-")) == f


@settings(max_examples=100, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_action_notation_round_trip(seed: int) -> None:
    rng = random.Random(seed)
    state = new_game(DEFAULT, 3, seed=seed)
    for _ in range(120):
        if state.phase is Phase.ENDED:
            break
        action = rng.choice(legal_actions(state))
        assert parse_action(str(action)) == action
        assert parse_action(str(action).upper()) == action
        state = apply(state, action)
