"""Events of a transition: ``remi.variants.remi_pe_tabla.engine.transition`` and the Rummikub family's ``transition``.

A scripted Remi hand from a stacked deal gives the expected events with their fields (the tile
drawn, the șir tile taken with its position and the tiles after it, the formation numbers of a
meld, the owner and end of a laid-off formation, the joly swapped, the closing); a drawn tile is
seen by its owner only; over random games ``transition`` returns exactly the state ``apply``
returns. For the Rummikub family, an invalid table at ``done`` gives the penalty draw.
"""

from __future__ import annotations

import random

import attrs
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from remi.core.events import Event, events_for_player
from remi.core.formations import Formation, Kind, parse_formation
from remi.core.notation import parse_tiles
from remi.core.presets import load_rules
from remi.core.tiles import Tile
from remi.variants.remi_pe_tabla.actions import Draw, LayOff, Take, parse_action
from remi.variants.remi_pe_tabla.engine import apply, transition
from remi.variants.remi_pe_tabla.events import (
    Announced,
    AnnouncementMissed,
    Closed,
    Discarded,
    Drew,
    HandEnded,
    LaidOff,
    Melded,
    Opened,
    Swapped,
    Took,
    Undone,
)
from remi.variants.remi_pe_tabla.movegen import legal_actions
from remi.variants.remi_pe_tabla.state import GameState, Phase, new_game
from remi.variants.rummikub import engine as rk_engine
from remi.variants.rummikub import events as rk_events
from remi.variants.rummikub.actions import Pass, Penalty, Timeout
from remi.variants.rummikub.actions import parse_action as rk_parse_action
from remi.variants.rummikub.editing import Refusal, TableEditor

from gamekit import DEFAULT, stacked
from rummikit import deal, rk_rules

T = Tile.parse


def form(text: str) -> Formation:
    """A formation in notation."""
    return parse_formation(text)


def play(state: GameState, *lines: str) -> tuple[GameState, list[tuple[str, Event]]]:
    """Apply action lines through ``transition``; the events, each with its action line."""
    out = []
    for line in lines:
        state, events = transition(state, parse_action(line))
        out.extend((line, e) for e in events)
    return state, out


# p1 opens with a joly run and a set, breaks the șir to lay a K run and attaches to p2's run;
# p2 opens, swaps p1's joly, lays it, announces and closes.
P1 = "R5 J R7 R10 Y10 B10 K2 K4 K6 K8 Y2 Y4 Y10 B2 B4"
P2 = "R6 Y11 Y12 Y13 B11 B12 B13 K11 K12 K13 R1 R2 B1 Y1"
STOCK = "K5 K7 R12 B7 B8 K10"
HAND = [
    "p1 discard B4",
    "p2 draw",
    "p2 discard K5",
    "p1 draw",
    "p1 meld [R5 J R7] [R10 Y10 B10]",
    "p1 discard K4",
    "p2 draw",
    "p2 meld [Y11 Y12 Y13] [B11 B12 B13]",
    "p2 discard R12",
    "p1 take 2",
    "p1 meld [K4 K5 K6 K7 K8]",
    "p1 layoff 3 Y10",
    "p1 discard R12",
    "p2 draw",
    "p2 meld [R1 Y1 B1]",
    "p2 undo",
    "p2 swap 1 R6",
    "p2 meld [K11 K12 K13 J]",
    "p2 meld [R1 Y1 B1]",
    "p2 announce",
    "p2 discard B7",
    "p1 draw",
    "p1 discard B8",
    "p2 draw",
    "p2 layoff 6 K10",
    "p2 discard R2",
]


def test_scripted_hand_events() -> None:
    state, events = play(stacked([P1, P2], STOCK), *HAND)
    assert state.phase is Phase.ENDED
    assert events == [
        ("p1 discard B4", Discarded(0, T("B4"))),
        ("p2 draw", Drew(1, T("K5"))),
        ("p2 discard K5", Discarded(1, T("K5"))),
        ("p1 draw", Drew(0, T("K7"))),
        (
            "p1 meld [R5 J R7] [R10 Y10 B10]",
            Melded(seat=0, formations=(form("R5 J R7"), form("R10 Y10 B10")), numbers=(1, 2)),
        ),
        ("p1 discard K4", Discarded(0, T("K4"))),
        # R5 J R7 = 15 (the joly at R6's value) + R10 Y10 B10 = 30: exactly opening.min_points
        ("p1 discard K4", Opened(0, 45)),
        ("p2 draw", Drew(1, T("R12"))),
        (
            "p2 meld [Y11 Y12 Y13] [B11 B12 B13]",
            Melded(seat=1, formations=(form("Y11 Y12 Y13"), form("B11 B12 B13")), numbers=(3, 4)),
        ),
        ("p2 discard R12", Discarded(1, T("R12"))),
        ("p2 discard R12", Opened(1, 60)),
        # the șir is B4 K5 K4 R12: breaking it at K5 takes K4 and R12 too
        ("p1 take 2", Took(seat=0, tile=T("K5"), position=2, after=(T("K4"), T("R12")))),
        (
            "p1 meld [K4 K5 K6 K7 K8]",
            Melded(seat=0, formations=(form("K4 K5 K6 K7 K8"),), numbers=(5,)),
        ),
        (
            "p1 layoff 3 Y10",
            LaidOff(seat=0, tile=T("Y10"), formation_number=3, owner_seat=1, end="front"),
        ),
        ("p1 discard R12", Discarded(0, T("R12"))),
        ("p2 draw", Drew(1, T("B7"))),
        ("p2 meld [R1 Y1 B1]", Melded(seat=1, formations=(form("R1 Y1 B1"),), numbers=(6,))),
        ("p2 undo", Undone(1, 1)),
        (
            "p2 swap 1 R6",
            Swapped(seat=1, tile=T("R6"), formation_number=1, owner_seat=0, joly_stood_for=T("R6")),
        ),
        (
            "p2 meld [K11 K12 K13 J]",
            Melded(seat=1, formations=(form("K11 K12 K13 J"),), numbers=(6,)),
        ),
        ("p2 meld [R1 Y1 B1]", Melded(seat=1, formations=(form("R1 Y1 B1"),), numbers=(7,))),
        ("p2 announce", Announced(1)),
        ("p2 discard B7", Discarded(1, T("B7"))),
        ("p1 draw", Drew(0, T("B8"))),
        ("p1 discard B8", Discarded(0, T("B8"))),
        ("p2 draw", Drew(1, T("K10"))),
        (
            "p2 layoff 6 K10",
            LaidOff(seat=1, tile=T("K10"), formation_number=6, owner_seat=1, end="front"),
        ),
        ("p2 discard R2", Discarded(1, T("R2"))),
        ("p2 discard R2", Closed(1, T("R2"))),
        ("p2 discard R2", HandEnded(seat=1, closed_by=1, stock_exhausted=False)),
    ]


def test_scripted_hand_sentences() -> None:
    _, events = play(stacked([P1, P2], STOCK), *HAND)
    text = [str(e) for _, e in events]
    assert "p1 took K5 from position 2 of the șir and the 2 tiles after it" in text
    assert "p1 attached Y10 to p2's formation 3 at the front" in text
    assert "p2 gave R6 for the joly of p1's formation 1" in text
    assert "p1 laid [R5 J R7] as formation 1 and [R10 Y10 B10] as formation 2" in text
    assert text[-2:] == ["p2 closed the hand discarding R2", "the hand is over: p2 closed"]
    took = Took(seat=1, tile=T("K10"), position=7, after=parse_tiles("R3 B5 Y9"))
    assert str(took) == "p2 took K10 from position 7 of the șir and the 3 tiles after it"
    assert took.message_id == "event.took"
    assert took.params() == {
        "player": "p2",
        "tile": "K10",
        "position": 7,
        "after": "R3 B5 Y9",
        "after_count": 3,
    }
    assert str(Took(seat=0, tile=T("Y4"), position=5)) == "p1 took Y4 from position 5 of the șir"


def test_drawn_tile_seen_by_its_owner_only() -> None:
    _, events = play(stacked([P1, P2], STOCK), *HAND[:4])
    drew = events[-1][1]
    assert drew == Drew(0, T("K7"))
    assert drew.for_player(0) is drew
    hidden = drew.for_player(1)
    assert hidden == Drew(0, None) and str(hidden) == "p1 drew a tile from the stock"
    assert hidden.params() == {"player": "p1", "tile": None}
    seen_by_p2 = events_for_player([e for _, e in events], 1)
    assert Drew(1, T("K5")) in seen_by_p2 and Drew(0, None) in seen_by_p2
    assert all(not (isinstance(e, Drew) and e.seat == 0 and e.tile is not None) for e in seen_by_p2)
    # discards are public: the same event for everybody
    assert seen_by_p2[0] is events[0][1]


def test_joly_layoff_ends_and_identity() -> None:
    p1 = "R5 R6 R7 R10 Y10 B10 J K4 K6 K8 Y2 Y4 R4 B2 B4"
    state, _ = play(
        stacked([p1, P2], STOCK),
        "p1 discard B4",
        "p2 draw",
        "p2 discard K5",
        "p1 draw",
        "p1 meld [R5 R6 R7] [R10 Y10 B10]",
        "p1 discard K4",
        "p2 draw",
        "p2 discard R12",
        "p1 draw",
    )
    after, events = transition(state, parse_action("p1 layoff 1 J[R8] R4"))
    assert str(after.table[0].formation) == "[R4 R5 R6 R7 J]"
    assert events == (
        LaidOff(
            seat=0, tile=T("J"), formation_number=1, owner_seat=0, end="back", stands_for=T("R8")
        ),
        LaidOff(seat=0, tile=T("R4"), formation_number=1, owner_seat=0, end="front"),
    )
    assert str(events[0]) == "p1 attached J (as R8) to p1's formation 1 at the back"
    _, on_set = transition(state, parse_action("p1 layoff 2 J"))
    assert on_set == (LaidOff(seat=0, tile=T("J"), formation_number=2, owner_seat=0),)


def _low_tiles(rules=DEFAULT) -> GameState:
    p1 = "R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 K2 K4 K6 K8"
    p2 = "Y8 Y3 Y5 Y7 Y9 Y11 Y13 B1 B3 B5 B11 B13 K3 K9"
    state = stacked([p1, p2], "K5 K7 R12", rules=rules)
    state, _ = play(state, "p1 discard K8", "p2 draw", "p2 discard K5", "p1 draw")
    return transition(state, parse_action("p1 meld [R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11]"))[0]


def test_missed_and_automatic_announcement() -> None:
    # p1 keeps K2 K4 K6 (3 tiles, announce.max_tiles) without announcing
    _, missed = transition(_low_tiles(), parse_action("p1 discard K7"))
    # the run R1..R11: R1 low (5) + R2..R9 (8 x 5) + R10, R11 (2 x 10) = 65
    assert missed == (Discarded(0, T("K7")), Opened(0, 65), AnnouncementMissed(0, 3))
    assert str(missed[-1]) == "p1 ended the turn with 3 tiles without announcing"
    auto = load_rules("remi-pe-tabla", {"announce.required": "false"})
    _, events = transition(_low_tiles(auto), parse_action("p1 discard K7"))
    assert events == (Discarded(0, T("K7")), Opened(0, 65), Announced(0, automatic=True))


def test_stock_exhausted_ends_the_hand() -> None:
    state = new_game(DEFAULT, 2, seed=5)
    events: tuple[Event, ...] = ()
    while state.phase is not Phase.ENDED:
        seat = state.current
        if state.phase is Phase.TAKE:
            state = apply(state, Draw(seat))
        line = f"p{seat + 1} discard {state.players[seat].rack[-1]}"
        state, events = transition(state, parse_action(line))
    assert events[-1] == HandEnded(seat=events[-1].seat, closed_by=None, stock_exhausted=True)
    assert str(events[-1]) == "the hand is over: the stock ran out"


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), players=st.integers(2, 4))
def test_transition_matches_apply_and_hides_drawn_tiles(seed: int, players: int) -> None:
    rng = random.Random(seed)
    state = new_game(DEFAULT, players, seed=seed)
    steps = 0
    while state.phase is not Phase.ENDED and steps < 400:
        action = rng.choice(legal_actions(state))
        after, events = transition(state, action)
        assert after == apply(state, action)
        assert events and all(e.seat == action.player for e in events)
        for e in events:
            assert str(e) and e.params()["player"] == f"p{e.seat + 1}"
            for other in range(players):
                seen = e.for_player(other)
                if isinstance(e, Drew) and other != e.seat:
                    assert seen.tile is None
                    assert attrs.evolve(seen, tile=e.tile) == e
                else:
                    assert seen is e
            if isinstance(e, Drew):
                assert e.tile == state.stock[0] and e.tile in after.players[e.seat].rack
            if isinstance(e, Took):
                assert isinstance(action, Take)
                assert state.sir[e.position - 1] == e.tile
                assert after.sir == state.sir[: e.position - 1]
            if isinstance(e, Melded):
                laid = tuple(after.table[n - 1].formation for n in e.numbers)
                assert laid == e.formations
            if isinstance(e, LaidOff):
                assert after.table[e.formation_number - 1].owner == e.owner_seat
                assert (e.end is None) == (
                    after.table[e.formation_number - 1].formation.kind is Kind.SET
                )
        if isinstance(action, LayOff):  # one event per tile attached, none lost
            assert [e.tile for e in events] == [slot.tile for slot in action.tiles]
        state = after
        steps += 1


# ---------------------------------------------------------------------------------------------
# The Rummikub family


def test_rummikub_invalid_table_gives_the_penalty_draw() -> None:
    state = deal(["R10 R11 R12 R13", "Y2"], pool="K2 K4 K6 K8")
    editor = TableEditor(state)
    editor.command("new R10 R11 R12 R13")
    editor.command("split 1 2")
    outcome = editor.command("done")
    assert isinstance(outcome, Refusal) and outcome.rule_id == "formation.min_tiles"
    after, events = rk_engine.transition(state, outcome.penalty)
    assert after == rk_engine.apply(state, outcome.penalty)
    # penalty.draw_count = 3: the top three pool tiles go to p1's rack
    penalty = rk_events.PenaltyDrawn(
        seat=0, count=3, tiles=parse_tiles("K2 K4 K6"), reason="invalid"
    )
    assert events == (penalty,)
    assert str(penalty) == "p1 drew 3 penalty tiles (K2 K4 K6) for an invalid table"
    hidden = events_for_player(events, 1)[0]
    assert hidden == attrs.evolve(penalty, tiles=None)
    assert str(hidden) == "p1 drew 3 penalty tiles for an invalid table"
    assert events_for_player(events, 0) == events


def test_rummikub_restore_only_and_timeout() -> None:
    restore = deal(
        ["R9 R10 R11", "Y2"], pool="K2 K4", rules=rk_rules(penalty__invalid_turn="restore")
    )
    _, events = rk_engine.transition(restore, Penalty(0))
    assert events == (rk_events.PenaltyDrawn(seat=0, count=0, tiles=(), reason="invalid"),)
    state = deal(["R9 R10 R11", "Y2"], pool="K2 K4 K6 K8")
    _, events = rk_engine.transition(state, Timeout(0))
    assert events == (
        rk_events.TimedOut(0),
        rk_events.PenaltyDrawn(seat=0, count=3, tiles=parse_tiles("K2 K4 K6"), reason="timeout"),
    )


def test_rummikub_draw_play_win_and_blocked() -> None:
    state = deal(["R9 R10 R11", "Y2"], pool="K2 K4")
    after, events = rk_engine.transition(state, rk_parse_action("p1 play [R9 R10 R11]"))
    assert events == (
        rk_events.Played(
            seat=0,
            table_before=(),
            table_after=(form("R9 R10 R11"),),
            tiles=parse_tiles("R9 R10 R11"),
            initial=True,
        ),
    )
    after, events = rk_engine.transition(after, rk_parse_action("p2 draw"))
    assert events == (rk_events.Drew(1, T("K2")),)
    assert events[0].for_player(0) == rk_events.Drew(1, None)
    # a rack of three tiles that go out at once
    short = attrs.evolve(state, racks=(parse_tiles("R9 R10 R11"), state.racks[1]))
    _, events = rk_engine.transition(short, rk_parse_action("p1 play [R9 R10 R11]"))
    assert events[-1] == rk_events.Won(0) and str(events[-1]) == "p1 went out and won"
    # the pool empty and a full round of turns without a play
    empty = attrs.evolve(state, pool=(), passes=1)
    _, events = rk_engine.transition(empty, Pass(0))
    assert events == (rk_events.Passed(0), rk_events.GameBlocked(0))
