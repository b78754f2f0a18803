"""The club bot's searched take phase and joly close (docs/bots.md): values from the rules'
cases, and decisions that read the view only."""

from __future__ import annotations

import random

from test_club_bot import _hidden_reshuffled

from remi.bots import make_bot, play_hand
from remi.core.notation import parse_tiles
from remi.variants.remi_pe_tabla.actions import Draw, LayOff, Meld, Swap, Take
from remi.variants.remi_pe_tabla.engine import apply
from remi.variants.remi_pe_tabla.state import GameState, Phase, new_game
from remi.variants.remi_pe_tabla.strategies import RemiClubStrategy, RemiSolverStrategy
from remi.variants.remi_pe_tabla.strategies.joly_close import (
    holds_joly,
    opening_without_joly,
    placeable_swap,
    reserved_play,
)
from remi.variants.remi_pe_tabla.strategies.take_search import take_candidates
from remi.variants.remi_pe_tabla.views import view

from gamekit import DEFAULT, first_round_opening, run, stacked

P1 = "R5 R6 R7 R10 Y10 B10 J Y3 Y4 Y5 K2 B7 B8 K12 R2"
P2 = "K1 K3 K5 K7 K9 K11 K13 Y1 Y7 Y9 Y11 Y13 B1 B3"


def _opened_with_joly() -> GameState:
    """p1 opened [R5 R6 R7] [R10 Y10 B10] and holds J Y3 Y4 Y5 Y6 B7 B8 B12 K2 in his play
    phase (2 players)."""
    state = stacked([P1, P2], stock="R12 B12 K4 Y6")
    return first_round_opening(
        state,
        ("R2", "B3"),
        "[R5 R6 R7] [R10 Y10 B10]",
        "K12",
        "p2 draw",
        "p2 discard B1",
        "p1 draw",
    )


def test_the_joly_stays_on_the_rack_to_close_with_it() -> None:
    # docs/rules.md §1.12 step 7: a joly closing tile doubles the closer's score; the solver
    # lays it in [B7 B8 J], the club lays the run without it and keeps it.
    v = view(_opened_with_joly(), 0)
    assert v.phase is Phase.PLAY and v.players[0].opened
    assert v.turn is not None and holds_joly(v, v.turn, max_other_tiles=2)
    solver = RemiSolverStrategy(0).choose(v)
    assert isinstance(solver, Meld) and any(t.is_joly for t in solver.tiles)
    play = reserved_play(v)
    assert isinstance(play, Meld) and list(play.tiles) == list(parse_tiles("Y3 Y4 Y5 Y6"))
    assert RemiClubStrategy(0).choose(v) == play


def test_an_opening_that_leaves_the_joly_on_the_rack() -> None:
    # §1.5: [R5 R6 R7] [R10 Y10 B10] opens (48 points) without the joly; it stays for the close
    state = stacked([P1, P2], stock="R12 B12 K4 Y6")
    state = run(state, "p1 discard R2", "p2 draw", "p2 discard B3", "p1 draw")
    v = view(state, 0)
    assert v.turn is not None
    opening = opening_without_joly(v, v.turn)
    assert isinstance(opening, Meld)
    assert not any(t.is_joly for t in opening.tiles)
    assert any(t.is_joly for t in v.rack)


def test_take_candidates_start_with_the_draw() -> None:
    for state in _club_states(Phase.TAKE)[:6]:
        v = view(state, state.current)
        cands = take_candidates(v)
        assert cands[0] == Draw(v.seat)
        assert all(a in v.legal for a in cands)
        assert all(isinstance(a, (Draw, Take)) for a in cands)


def _club_states(phase: Phase) -> list[GameState]:
    """States of a seeded 4-player hand (club against solver) where a club bot is to act in
    ``phase``."""
    states: list[GameState] = []
    bots = [make_bot("club", 1), make_bot("solver", 2), make_bot("club", 3), make_bot("solver", 4)]

    def keep(before: GameState, action: object, after: GameState) -> None:
        if before.phase is phase and before.current in (0, 2):
            states.append(before)

    play_hand(new_game(DEFAULT, 4, seed=5), bots, on_action=keep)
    return states


def test_take_and_lay_decisions_do_not_depend_on_the_hidden_tiles() -> None:
    rng = random.Random(3)
    turns = _club_states(Phase.TAKE)[::2] + _club_states(Phase.PLAY)[::5]
    assert len(turns) >= 8
    for state in turns:
        seat = state.current
        other = _hidden_reshuffled(state, seat, rng)
        assert view(other, seat) == view(state, seat)
        chosen = RemiClubStrategy(7).choose(view(state, seat))
        assert RemiClubStrategy(7).choose(view(other, seat)) == chosen
        assert chosen in view(state, seat).legal


def test_a_swap_whose_joly_goes_on_by_lipire() -> None:
    # §1.8: the freed joly may be laid by lipire on one of the swapper's own formations; the
    # solver swaps only for a new formation, the club also for a lay-off (the joly then
    # scores 50 for him, §1.12). Seeded hand: p1 (R10 Y6 K10) at turn 12 of deal 5.
    states: list[GameState] = []

    def keep(before: GameState, action: object, after: GameState) -> None:
        if before.turns_ended == 12 and before.current == 0 and before.phase is Phase.PLAY:
            states.append(before)

    bots = [make_bot("solver", s) for s in range(4)]
    play_hand(new_game(DEFAULT, 4, seed=5), bots, on_action=keep)
    v = view(states[0], 0)
    assert RemiSolverStrategy._swap(v) is None
    swap = placeable_swap(v)
    assert isinstance(swap, Swap) and swap in v.legal
    after = view(apply(states[0], swap), 0)
    assert any(
        isinstance(a, LayOff) and any(s.tile is not None and s.tile.is_joly for s in a.tiles)
        for a in after.legal
    )
    assert RemiClubStrategy(0).choose(v) == swap
