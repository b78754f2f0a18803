"""The ``club`` bot (Remi family): determinized search from its view only, reproducible."""

from __future__ import annotations

import random

import attrs

from remi.bots import BOT_KINDS, ClubBot, make_bot, play_hand
from remi.variants.remi_pe_tabla.actions import Discard
from remi.variants.remi_pe_tabla.state import GameState, Phase, new_game
from remi.variants.remi_pe_tabla.strategies import RemiClubStrategy, RemiSolverStrategy
from remi.variants.remi_pe_tabla.strategies.determinize import determinize, unseen_tiles
from remi.variants.remi_pe_tabla.views import view

from gamekit import DEFAULT


def _club_turns() -> list[GameState]:
    """States of a seeded 4-player hand (club against solver) where a club bot is to discard."""
    states: list[GameState] = []
    bots = [make_bot("club", 1), make_bot("solver", 2), make_bot("club", 3), make_bot("solver", 4)]

    def keep(before: GameState, action: object, after: GameState) -> None:
        if isinstance(action, Discard) and before.current in (0, 2):
            states.append(before)

    play_hand(new_game(DEFAULT, 4, seed=5), bots, on_action=keep)
    return states


def _hidden_reshuffled(state: GameState, seat: int, rng: random.Random) -> GameState:
    """``state`` with every tile ``seat`` cannot see (other racks, stock) dealt again."""
    hidden = list(state.stock) + [
        t for s, p in enumerate(state.players) if s != seat for t in p.rack
    ]
    rng.shuffle(hidden)
    players = []
    for s, p in enumerate(state.players):
        if s != seat:
            p = attrs.evolve(p, rack=tuple(sorted(hidden[: len(p.rack)], key=lambda t: t.code)))
            hidden = hidden[len(p.rack) :]
        players.append(p)
    return attrs.evolve(state, players=tuple(players), stock=tuple(hidden))


def test_club_is_a_bot_kind() -> None:
    assert "club" in BOT_KINDS and isinstance(make_bot("club", 0), ClubBot)


def test_decisions_do_not_depend_on_the_hidden_tiles() -> None:
    rng = random.Random(0)
    turns = _club_turns()
    assert len(turns) >= 5
    for state in turns:
        seat = state.current
        other = _hidden_reshuffled(state, seat, rng)
        assert other.players[(seat + 1) % 4].rack != state.players[(seat + 1) % 4].rack
        assert view(other, seat) == view(state, seat)
        chosen = RemiClubStrategy(7).choose(view(state, seat))
        assert RemiClubStrategy(7).choose(view(other, seat)) == chosen
        assert chosen in view(state, seat).legal


def test_determinizations_agree_with_the_view() -> None:
    state = _club_turns()[4]
    seat = state.current
    v = view(state, seat)
    # the unseen tiles are exactly the other racks and the stock of the true state
    true_hidden = list(state.stock) + [
        t for s, p in enumerate(state.players) if s != seat for t in p.rack
    ]
    assert sorted(unseen_tiles(v), key=lambda t: t.code) == sorted(
        true_hidden, key=lambda t: t.code
    )
    sample = determinize(v, random.Random(1))
    assert sample is not None
    assert view(sample, seat) == v
    assert [len(p.rack) for p in sample.players] == [len(p.rack) for p in state.players]


def test_club_plays_hands_to_the_end_reproducibly() -> None:
    def hand(seed: int) -> tuple[object, ...]:
        bots = [make_bot("club", 10), make_bot("greedy", 11)]
        end, log = play_hand(new_game(DEFAULT, 2, seed=seed), bots)
        assert end.phase is Phase.ENDED
        return log

    assert hand(2) == hand(2)


def test_club_starts_from_the_solver_ranking() -> None:
    # with one candidate the search is off: the club discards what the solver discards
    for state in _club_turns()[::4]:
        v = view(state, state.current)
        solver = RemiSolverStrategy(0).choose(v)
        one = RemiClubStrategy(0, club=attrs.evolve(RemiClubStrategy(0).club, candidates=1))
        assert one.choose(v) == solver
