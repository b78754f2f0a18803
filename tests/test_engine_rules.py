"""One test (or more) per rule id of docs/rules.md §1 (Remi), played through ``apply``.

Each test starts from a stacked deal written in notation (tests/gamekit.py) and plays the rule
through the engine; refused actions are checked to name the rule id and to leave the state
unchanged. Values come from docs/rules.md (sections in the comments are its sections; the
worked examples RE-* and RF-* are in its §4).
"""

from __future__ import annotations

import pytest

from remi.core.errors import IllegalActionError
from remi.core.presets import load_rules
from remi.core.tiles import Tile
from remi.variants.remi_pe_tabla.actions import Draw, parse_action
from remi.variants.remi_pe_tabla.engine import apply
from remi.variants.remi_pe_tabla.movegen import legal_actions
from remi.variants.remi_pe_tabla.state import Phase, new_game

from gamekit import DEFAULT, refused, run, stacked

# Fillers that make no formation with each other or the scenario tiles.
P2_DEFAULT = "Y1 Y3 Y5 Y7 Y9 Y11 Y13 B1 B3 B5 B11 B13 K3 K9"


def opened_game(p1: str, p2: str = P2_DEFAULT, stock: str = "K5 K7 R13 B8", rules=None):
    """2 players; p1 discards K2... no: p1 discards his last listed tile, p2 draws and discards
    it; returns the state at p1's second turn (first round over)."""
    state = stacked([p1, p2], stock, rules=rules)
    first = p1.split()[-1]
    state = run(state, f"p1 discard {first}", "p2 draw", "p2 discard K5")
    return state


# --- docs/rules.md §1.2: deal ---------------------------------------------------------------------


@pytest.mark.parametrize("players,stock", [(2, 77), (3, 63), (4, 49)])
def test_deal_first_player_tiles(players: int, stock: int) -> None:
    state = new_game(DEFAULT, players, seed=7)
    assert len(state.players[0].rack) == 15
    assert all(len(p.rack) == 14 for p in state.players[1:])
    assert len(state.stock) == stock
    assert sum(state.all_tiles().values()) == 106


def test_players_min_and_max() -> None:
    from remi.core.errors import RulesError

    with pytest.raises(RulesError):
        new_game(DEFAULT, 5, seed=1)
    with pytest.raises(RulesError):
        new_game(DEFAULT, 1, seed=1)


def test_deal_is_seeded() -> None:
    assert new_game(DEFAULT, 4, seed=3) == new_game(DEFAULT, 4, seed=3)
    assert new_game(DEFAULT, 4, seed=3) != new_game(DEFAULT, 4, seed=4)


# --- docs/rules.md §1.3: the first discard --------------------------------------------------------


def test_sir_first_discard_dead() -> None:
    p1 = "R5 R6 R7 R10 Y10 B10 K2 K4 K6 K8 Y2 Y4 Y6 B2 B4"
    state = stacked([p1, P2_DEFAULT], "K5 K7 R13 B8")
    # the first player's first turn is a discard only
    refused(state, "p1 draw", "sir.first_discard_dead")
    state = run(state, "p1 discard B4", "p2 draw", "p2 discard K5", "p1 draw")
    # p1 after the first round: the dead first tile can never be taken, even as a break
    state2 = run(stacked([p1, P2_DEFAULT], "K5 K7 R13 B8"), "p1 discard B4", "p2 draw")
    assert state2.sir == (Tile.parse("B4"),)
    state3 = run(state2, "p2 discard K5")
    refused(state3, "p1 take 1", "sir.first_discard_dead")


def test_sir_first_discard_dead_last_tile() -> None:
    # p2 (second seat) at his first turn sees only the dead tile: the first round is not over
    state = stacked(["R5 R6 R7 R10 Y10 B10 K2 K4 K6 K8 Y2 Y4 Y6 B2 B4", P2_DEFAULT], "K5")
    state = run(state, "p1 discard B4")
    refused(state, "p2 take", "turn.meld_from")


# --- docs/rules.md §1.3: the first round ----------------------------------------------------------


def test_turn_meld_from_first_round() -> None:
    p2 = "R1 R2 R3 Y10 B10 K10 K11 Y5 Y7 B5 B9 K3 K7 R12"
    state = stacked(["R5 R6 R7 R10 Y10 B10 K2 K4 K6 K8 Y2 Y4 Y6 B2 B4", p2], "K5 K9")
    state = run(state, "p1 discard B4", "p2 draw")
    # p2 is still in the first round: no formation may be laid
    refused(state, "p2 meld [R1 R2 R3] [Y10 B10 K10]", "turn.meld_from")
    state = run(state, "p2 discard K5", "p1 draw")
    # first round over: p1 may open
    state = run(state, "p1 meld [R5 R6 R7] [R10 Y10 B10]", "p1 discard K2")
    assert state.players[0].opened


def test_turn_meld_from_own_first_turn_option() -> None:
    rules = load_rules("remi-pe-tabla", {"turn.meld_from": "own_first_turn"})
    p2 = "R1 R2 R3 Y10 B10 K10 K11 Y5 Y7 B5 B9 K3 K7 R12"
    p3 = "Y1 Y3 B1 B3 K1 R8 R9 Y12 B12 K12 R11 Y11 B7 K6"
    state = new_game(
        rules,
        racks=[
            __import__("remi.core.notation", fromlist=["parse_tiles"]).parse_tiles(r)
            for r in ("R5 R6 R7 R10 Y10 B10 K2 K4 K6 K8 Y2 Y4 Y6 B2 B4", p2, p3)
        ],
        stock=__import__("remi.core.notation", fromlist=["parse_tiles"]).parse_tiles("K5 K9 B6 B8"),
    )
    state = run(state, "p1 discard B4", "p2 draw")
    refused(state, "p2 meld [R1 R2 R3] [Y10 B10 K10]", "turn.meld_from")
    state = run(state, "p2 discard K5", "p3 draw", "p3 discard K9", "p1 draw")
    # p1 has played his own first turn: with this option he may open although p3 just played
    state = run(state, "p1 meld [R5 R6 R7] [R10 Y10 B10]", "p1 discard K2")
    assert state.players[0].opened


# --- docs/rules.md §1.5: the opening --------------------------------------------------------------


def test_opening_min_points_re1_exactly_45() -> None:
    state = opened_game("R5 R6 R7 R10 Y10 B10 K2 K4 K6 K8 Y2 Y4 Y6 B2 B4")
    state = run(state, "p1 draw", "p1 meld [R5 R6 R7]", "p1 meld [R10 Y10 B10]", "p1 discard K2")
    assert state.players[0].opened
    assert [str(tf.formation) for tf in state.table] == ["[R5 R6 R7]", "[R10 Y10 B10]"]


def test_opening_min_points_re7_refused_at_discard() -> None:
    state = opened_game("R2 R3 R4 R5 R9 Y9 B9 K9 K4 K6 Y2 Y4 Y6 B12 B4")
    state = run(state, "p1 draw", "p1 meld [R2 R3 R4 R5] [R9 Y9 B9 K9]")
    err = refused(state, "p1 discard K4", "opening.min_points")
    assert "40 points, needs 45" in str(err)
    # nothing else to lay: the only way on is undo, back to the drawn state
    assert [str(a) for a in legal_actions(state)] == ["p1 undo"]
    back = run(state, "p1 undo")
    assert back.table == () and len(back.players[0].rack) == 15


def test_opening_min_points_remi_50() -> None:
    rules = load_rules("remi-50")
    state = opened_game("R5 R6 R7 R10 Y10 B10 K2 K4 K6 K8 Y2 Y4 Y6 B2 B4", rules=rules)
    state = run(state, "p1 draw", "p1 meld [R5 R6 R7] [R10 Y10 B10]")
    refused(state, "p1 discard K2", "opening.min_points")


def test_opening_needs_run_re4() -> None:
    state = opened_game("R10 Y10 B10 R13 Y13 K13 K2 K4 K6 K8 Y2 Y4 Y6 B2 B4")
    state = run(state, "p1 draw", "p1 meld [R10 Y10 B10] [R13 Y13 K13]")
    refused(state, "p1 discard K2", "opening.needs_run")


def test_opening_ones_set_exception_re5() -> None:
    p1 = "R1 Y1 B1 R7 Y7 K7 K2 K4 K6 Y2 Y4 Y6 B2 B4 B12"
    state = opened_game(p1)
    state = run(state, "p1 draw", "p1 meld [R1 Y1 B1]", "p1 discard K2")
    assert state.players[0].opened
    # the 7s must wait: laying them in the same opening turn breaks the exception
    state2 = run(opened_game(p1), "p1 draw", "p1 meld [R1 Y1 B1] [R7 Y7 K7]")
    refused(state2, "p1 discard K2", "opening.needs_run")


def test_opening_ones_set_exception_off_in_rummy_45() -> None:
    state = opened_game(
        "R1 Y1 B1 R7 Y7 K7 K2 K4 K6 Y2 Y4 Y6 B2 B4 B12", rules=load_rules("rummy-45")
    )
    state = run(state, "p1 draw", "p1 meld [R1 Y1 B1]")
    refused(state, "p1 discard K2", "opening.needs_run")


def test_opening_ones_set_with_joly() -> None:
    # docs/rules.md §3.5: a 1s set completed by a joly (1-1-J = 75) qualifies for the exception
    state = opened_game("R1 Y1 J R7 Y7 K7 K2 K4 K6 Y2 Y4 Y6 B2 B4 B12")
    state = run(state, "p1 draw", "p1 meld [R1 Y1 J]", "p1 discard K2")
    assert state.players[0].opened


def test_opening_layoff_same_turn() -> None:
    p1 = "R5 R6 R7 R10 Y10 B10 R8 K4 K6 K8 Y2 Y4 Y6 B2 B4"
    state = opened_game(p1)
    state = run(state, "p1 draw", "p1 meld [R5 R6 R7] [R10 Y10 B10]")
    refused(state, "p1 layoff 1 R8", "opening.layoff_same_turn")
    # the next turn lipire is free
    state = run(
        state,
        "p1 discard K4",
        "p2 draw",
        "p2 discard R13",
        "p1 draw",
        "p1 layoff 1 R8",
        "p1 discard K6",
    )
    assert str(state.table[0].formation) == "[R5 R6 R7 R8]"


def test_opening_layoff_same_turn_option_allows() -> None:
    rules = load_rules("remi-pe-tabla", {"opening.layoff_same_turn": "true"})
    state = opened_game("R5 R6 R7 R10 Y10 B10 R8 K4 K6 K8 Y2 Y4 Y6 B2 B4", rules=rules)
    state = run(
        state, "p1 draw", "p1 meld [R5 R6 R7] [R10 Y10 B10]", "p1 layoff 1 R8", "p1 discard K4"
    )
    assert str(state.table[0].formation) == "[R5 R6 R7 R8]"


def test_layoff_requires_opened() -> None:
    p2 = "R8 Y3 Y5 Y7 Y9 Y11 Y13 B1 B3 B5 B11 B13 K3 K9"
    state = opened_game("R5 R6 R7 R10 Y10 B10 K2 K4 K6 K8 Y2 Y4 Y6 B2 B4", p2=p2)
    state = run(state, "p1 draw", "p1 meld [R5 R6 R7] [R10 Y10 B10]", "p1 discard K4", "p2 draw")
    refused(state, "p2 layoff 1 R8", "layoff.requires_opened")


def test_opening_with_taken_sir_tile() -> None:
    # docs/rules.md §1.7: the last șir tile may be part of the opening (p2 discards R8, p1 takes it)
    p1 = "R5 R6 R7 R10 Y10 B10 K2 K4 K6 K8 Y2 Y4 Y6 B2 B4"
    p2 = "R8 Y3 Y5 Y7 Y9 Y11 Y13 B1 B3 B5 B11 B13 K3 K9"
    state = stacked([p1, p2], "K5 K7")
    state = run(state, "p1 discard B4", "p2 draw", "p2 discard R8", "p1 take")
    assert state.sir == (Tile.parse("B4"),)
    state = run(state, "p1 meld [R5 R6 R7 R8] [R10 Y10 B10]", "p1 discard K2")
    assert state.players[0].opened


# --- docs/rules.md §1.7: taking the last șir tile -------------------------------------------------


def test_sir_take_last_use() -> None:
    p1 = "R5 R6 R7 R10 Y10 B10 K2 K4 K6 K8 Y2 Y4 Y6 B2 B4"
    p2 = "R8 Y3 Y5 Y7 Y9 Y11 Y13 B1 B3 B5 B11 B13 K3 K9"
    state = stacked([p1, p2], "K5 K7")
    state = run(state, "p1 discard B4", "p2 draw", "p2 discard R8", "p1 take")
    # opening without the taken tile: refused at the discard
    s2 = run(state, "p1 meld [R5 R6 R7] [R10 Y10 B10]")
    refused(s2, "p1 discard K2", "sir.take_last_use")
    # or doing nothing with it
    refused(state, "p1 discard K2", "sir.take_last_use")


def test_pe_tabla_declare_after_take() -> None:
    p1 = "R5 R6 R7 R10 Y10 B10 K2 K4 K6 K8 Y2 Y4 Y6 B2 B4"
    p2 = "K12 Y3 Y5 Y7 Y9 Y11 Y13 B1 B3 B5 B11 B13 K3 K9"
    state = stacked([p1, p2], "K5 K7")
    state = run(
        state,
        "p1 discard B4",
        "p2 draw",
        "p2 discard K12",
        "p1 take",
        "p1 declare",
        "p1 discard K12",
    )
    assert state.players[0].pe_tabla
    assert not state.players[0].opened


def test_sir_take_last_without_meld_forbidden_option() -> None:
    rules = load_rules("remi-pe-tabla", {"sir.take_last_without_meld": "forbidden"})
    p1 = "R5 R6 R7 R10 Y10 B10 K2 K4 K6 K8 Y2 Y4 Y6 B2 B4"
    p2 = "K12 Y3 Y5 Y7 Y9 Y11 Y13 B1 B3 B5 B11 B13 K3 K9"
    state = stacked([p1, p2], "K5 K7", rules=rules)
    state = run(state, "p1 discard B4", "p2 draw", "p2 discard K12", "p1 take")
    refused(state, "p1 declare", "sir.take_last_without_meld")


def test_sir_take_last_for_opening_option() -> None:
    rules = load_rules("remi-pe-tabla", {"sir.take_last_for_opening": "false"})
    p1 = "R5 R6 R7 R10 Y10 B10 K2 K4 K6 K8 Y2 Y4 Y6 B2 B4"
    p2 = "R8 Y3 Y5 Y7 Y9 Y11 Y13 B1 B3 B5 B11 B13 K3 K9"
    state = stacked([p1, p2], "K5 K7", rules=rules)
    state = run(state, "p1 discard B4", "p2 draw", "p2 discard R8")
    refused(state, "p1 take", "sir.take_last_for_opening")


# --- docs/rules.md §1.7: breaking the șir ---------------------------------------------------------


def _break_setup():
    # p1 opens, then the șir grows: B4 (dead), K5, K4, Y8, R9 ...
    p1 = "R5 R6 R7 R10 Y10 B10 K2 K4 K6 K8 Y2 Y4 Y6 B2 B4"
    p2 = "Y8 Y3 Y5 Y7 Y9 Y11 Y13 B1 B3 B5 B11 B13 K3 K9"
    state = stacked([p1, p2], "K5 K7 R11 R12 B6 B7")
    return run(
        state,
        "p1 discard B4",
        "p2 draw",
        "p2 discard K5",
        "p1 draw",
        "p1 meld [R5 R6 R7] [R10 Y10 B10]",
        "p1 discard K4",  # opened
        "p2 draw",
        "p2 discard Y8",
    )


def test_sir_break_takes_later_tiles() -> None:
    state = _break_setup()
    assert [str(t) for t in state.sir] == ["B4", "K5", "K4", "Y8"]
    # p1 breaks at K4 (3rd): he takes K4 and Y8, and must use K4 in a new formation
    state = run(state, "p1 take 3")
    assert [str(t) for t in state.sir] == ["B4", "K5"]
    rack = [str(t) for t in state.players[0].rack]
    assert "Y8" in rack and rack.count("K4") == 1
    refused(state, "p1 discard Y8", "sir.break_use")
    state = run(state, "p1 undo")
    assert [str(t) for t in state.sir] == ["B4", "K5", "K4", "Y8"]
    assert state.phase is Phase.TAKE


def test_sir_break_use_in_formation() -> None:
    state = _break_setup()
    # K4 with K6 K8? not a run. Use K4 in a set with Y4 and B... p1 holds Y4; B4 is dead.
    # p1 takes K5 (2nd tile) instead: K4 K5 K6 is a run from K5 + rack K4? K4 was discarded.
    state = run(state, "p1 take 2")
    assert [str(t) for t in state.sir] == ["B4"]
    state = run(state, "p1 meld [K4 K5 K6]", "p1 discard Y8")
    assert str(state.table[-1].formation) == "[K4 K5 K6]"


def test_sir_break_requires_opened_at_turn_start() -> None:
    state = _break_setup()
    state = run(state, "p1 draw", "p1 discard K6")
    refused(state, "p2 take 2", "sir.break_requires_opened")


def test_sir_break_min_rack_tiles() -> None:
    rules = load_rules("remi-pe-tabla", {"sir.break_min_rack_tiles": "14"})
    p1 = "R5 R6 R7 R10 Y10 B10 K2 K4 K6 K8 Y2 Y4 Y6 B2 B4"
    p2 = "Y8 Y3 Y5 Y7 Y9 Y11 Y13 B1 B3 B5 B11 B13 K3 K9"
    state = stacked([p1, p2], "K5 K7 R11 R12 B6 B7", rules=rules)
    state = run(
        state,
        "p1 discard B4",
        "p2 draw",
        "p2 discard K5",
        "p1 draw",
        "p1 meld [R5 R6 R7] [R10 Y10 B10]",
        "p1 discard K4",
        "p2 draw",
        "p2 discard Y8",
    )
    assert len(state.players[0].rack) == 8
    refused(state, "p1 take 2", "sir.break_min_rack_tiles")


# --- docs/rules.md §1.9: low tiles ----------------------------------------------------------------


def _low_tiles_game(rack_rest: str):
    """p1 opens with a big opening leaving ``rack_rest`` + filler; returns p1 at his next turn."""
    p1 = "R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 " + rack_rest
    p2 = "Y8 Y3 Y5 Y7 Y9 Y11 Y13 B1 B3 B5 B11 B13 K3 K9"
    state = stacked([p1, p2], "K5 K7 R12 Y12 B6 B7 B8")
    return state


def test_sir_three_tiles_last_only() -> None:
    state = _low_tiles_game("K2 K4 K6 K8")  # 15 tiles
    state = run(
        state,
        "p1 discard K8",
        "p2 draw",
        "p2 discard K5",
        "p1 draw",  # K7
        "p1 meld [R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11]",
        "p1 announce",
        "p1 discard K7",
        "p2 draw",
        "p2 discard R12",
    )
    assert len(state.players[0].rack) == 3
    refused(state, "p1 take 3", "sir.three_tiles_last_only")
    state = run(state, "p1 take")  # the last tile (R12) is allowed: it must make a new formation
    attached = run(state, "p1 layoff 1 R12")  # lipire does not count as using the taken tile
    refused(attached, "p1 discard K2", "sir.take_last_use")
    back = run(attached, "p1 undo")
    assert back.phase is Phase.TAKE and back.sir[-1] == Tile.parse("R12")


def test_turn_one_two_tiles_attach_only_rf12() -> None:
    # RF-12: D (announced) holds Y10 and R6; he may not take from the șir, draws B3, may not
    # form a new formation, attaches Y10 and R6, discards B3 and closes.
    p1 = "R3 R4 R5 R10 B10 K10 Y10 R6 K1 K2 K3 K4 K5 K6 K7"
    p2 = "Y8 Y3 Y5 Y7 Y9 Y11 Y13 B1 B2 B5 B11 B13 K9 K12"
    state = stacked([p1, p2], "R8 R9 B3 B4")
    state = run(
        state,
        "p1 discard K7",
        "p2 draw",  # R8
        "p2 discard R8",
        "p1 draw",  # R9
        "p1 meld [R3 R4 R5] [R10 B10 K10] [K1 K2 K3 K4 K5 K6]",
        "p1 announce",
        "p1 discard R9",
        "p2 draw",  # B3
        "p2 discard B2",
    )
    assert [str(t) for t in state.players[0].rack] == ["R6", "Y10"]
    refused(state, "p1 take", "turn.one_two_tiles_attach_only")
    state = run(state, "p1 draw")  # B4
    refused(state, "p1 meld [K1 K2 K3]", "turn.one_two_tiles_attach_only")
    state = run(state, "p1 layoff 2 Y10", "p1 layoff 1 R6")
    state = run(state, f"p1 discard {state.players[0].rack[0]}")
    assert state.phase is Phase.ENDED
    assert state.result is not None and state.result.closed_by == 0


def test_turn_one_two_tiles_no_new_formation() -> None:
    p1 = "R3 R4 R5 R10 B10 K10 Y7 Y8 K1 K2 K3 K4 K5 K6 K7"
    p2 = "Y8 Y3 Y5 Y1 Y11 Y13 B1 B2 B5 B11 B13 K9 K12 R1"
    state = stacked([p1, p2], "R8 B9 B4 Y9")
    state = run(
        state,
        "p1 discard K7",
        "p2 draw",
        "p2 discard R8",
        "p1 draw",  # B9
        "p1 meld [R3 R4 R5] [R10 B10 K10] [K1 K2 K3 K4 K5 K6]",
        "p1 announce",
        "p1 discard B9",
        "p2 draw",
        "p2 discard B2",
        "p1 draw",  # Y9
    )
    assert [str(t) for t in state.players[0].rack] == ["Y7", "Y8", "Y9"]
    # Y7 Y8 Y9 would be a run, but with 2 tiles at the start of the turn only lipire is allowed
    refused(state, "p1 meld [Y7 Y8 Y9]", "turn.one_two_tiles_attach_only")


# --- docs/rules.md §1.8: jolys --------------------------------------------------------------------


def _joly_game(p1: str, p2: str, stock: str, rules=None):
    return stacked([p1, p2], stock, rules=rules)


def test_joly_layoff_own_only() -> None:
    p1 = "R5 R6 R7 R10 Y10 B10 K2 K4 K6 K8 Y2 Y4 Y6 B2 B4"
    p2 = "J Y11 Y12 Y13 B11 B12 B13 K11 K12 K13 R1 R2 B1 Y1"
    state = _joly_game(p1, p2, "K5 K7 R12 B7 B8")
    state = run(
        state,
        "p1 discard B4",
        "p2 draw",
        "p2 discard K5",
        "p1 draw",
        "p1 meld [R5 R6 R7] [R10 Y10 B10]",
        "p1 discard K4",
        "p2 draw",
        "p2 meld [Y11 Y12 Y13] [B11 B12 B13]",
        "p2 discard R12",
        "p1 draw",
        "p1 discard K2",
        "p2 draw",
    )
    refused(state, "p2 layoff 1 J[R8]", "joly.layoff_own_only")
    state = run(state, "p2 layoff 3 J[Y10]")
    assert str(state.table[2].formation) == "[J Y11 Y12 Y13]"


def test_joly_swap_by_another_player() -> None:
    # docs/rules.md §1.8: any player may swap; the freed joly must be laid in his own formation
    # this turn
    p1 = "R5 J R7 R10 Y10 B10 K2 K4 K6 K8 Y2 Y4 Y6 B2 B4"
    p2 = "R6 Y11 Y12 Y13 B11 B12 B13 K11 K12 K13 R1 R2 B1 Y1"
    state = _joly_game(p1, p2, "K5 K7 R12 B7 B8")
    state = run(
        state,
        "p1 discard B4",
        "p2 draw",
        "p2 discard K5",
        "p1 draw",
        "p1 meld [R5 J R7] [R10 Y10 B10]",
        "p1 discard K4",
        "p2 draw",
        "p2 meld [Y11 Y12 Y13] [B11 B12 B13]",
        "p2 discard R12",
        "p1 draw",
        "p1 discard K2",
        "p2 draw",
        "p2 swap 1 R6",
    )
    assert str(state.table[0].formation) == "[R5 R6 R7]"
    assert state.table[0].placed_by == (0, 1, 0) and state.table[0].via == ("meld", "swap", "meld")
    refused(state, "p2 discard B8", "joly.swap_use")
    state = run(state, "p2 meld [K11 K12 K13 J]", "p2 discard B8")
    laid = state.table[-1]
    assert str(laid.formation) == "[K11 K12 K13 J]" and laid.swapped == (False, False, False, True)


def test_joly_swap_once() -> None:
    p1 = "R5 J R7 R10 Y10 B10 K2 K4 K6 K8 Y2 Y4 Y6 B2 B4"
    p2 = "R6 Y11 Y12 Y13 B11 B12 B13 K11 K12 K13 R1 R2 B1 Y1"
    state = _joly_game(p1, p2, "K5 K7 R12 B7 B8 B9 Y3 R3")
    state = run(
        state,
        "p1 discard B4",
        "p2 draw",
        "p2 discard K5",
        "p1 draw",
        "p1 meld [R5 J R7] [R10 Y10 B10]",
        "p1 discard K4",
        "p2 draw",
        "p2 meld [Y11 Y12 Y13] [B11 B12 B13]",
        "p2 discard R12",
        "p1 draw",
        "p1 discard K2",
        "p2 draw",
        "p2 swap 1 R6",
        "p2 meld [R1 R2 J]",  # the freed joly stands for R3, turned face down
        "p2 discard B8",
        "p1 draw",  # B9
        "p1 discard B9",
        "p2 draw",  # Y3
        "p2 discard Y3",
        "p1 draw",  # R3
    )
    refused(state, "p1 swap 5 R3", "joly.swap_once")


def test_joly_set_of_three_locked() -> None:
    p1 = "R5 Y5 J R10 R11 R12 K2 K4 K6 K8 Y2 Y4 Y6 B2 B4"
    p2 = "B5 K5 Y11 Y12 Y13 B11 B12 B13 K11 K12 R1 R2 B1 Y1"
    state = _joly_game(p1, p2, "K9 K7 R13 B7 B8")
    state = run(
        state,
        "p1 discard B4",
        "p2 draw",
        "p2 discard K9",
        "p1 draw",
        "p1 meld [R10 R11 R12] [R5 Y5 J]",
        "p1 discard K4",
        "p2 draw",
        "p2 meld [Y11 Y12 Y13] [B11 B12 B13]",
        "p2 discard R13",
        "p1 draw",
        "p1 discard K2",
        "p2 draw",
    )
    # both missing colours are needed: the joly is locked in the 3-tile set
    refused(state, "p2 swap 2 B5", "joly.set_of_three_locked")
    # attaching the third natural tile is fine; then the joly stands for K5 and may be taken
    state = run(state, "p2 layoff 2 B5")
    assert str(state.table[1].formation) == "[R5 Y5 B5 J]"
    assert state.table[1].formation.identities[-1] == Tile.parse("K5")
    state = run(state, "p2 swap 2 K5", "p2 layoff 3 J[Y10]", "p2 discard B8")
    assert str(state.table[1].formation) == "[R5 Y5 B5 K5]"
    assert str(state.table[2].formation) == "[J Y11 Y12 Y13]"


def test_joly_set_of_three_unlocked_option() -> None:
    rules = load_rules("remi-pe-tabla", {"joly.set_of_three_locked": "false"})
    p1 = "R5 Y5 J R10 R11 R12 K2 K4 K6 K8 Y2 Y4 Y6 B2 B4"
    p2 = "B5 K5 Y11 Y12 Y13 B11 B12 B13 K11 K12 R1 R2 B1 Y1"
    state = _joly_game(p1, p2, "K9 K7 R13 B7 B8", rules=rules)
    state = run(
        state,
        "p1 discard B4",
        "p2 draw",
        "p2 discard K9",
        "p1 draw",
        "p1 meld [R10 R11 R12] [R5 Y5 J]",
        "p1 discard K4",
        "p2 draw",
        "p2 meld [Y11 Y12 Y13] [B11 B12 B13]",
        "p2 discard R13",
        "p1 draw",
        "p1 discard K2",
        "p2 draw",
        "p2 swap 2 B5",
    )
    assert str(state.table[1].formation) == "[R5 Y5 B5]"


def test_joly_swap_requires_opened_rummy_45() -> None:
    rules = load_rules("rummy-45")
    p1 = "R5 J R7 R10 Y10 B10 K2 K4 K6 K8 Y2 Y4 Y6 B2 B4"
    p2 = "R6 Y11 Y12 Y13 B11 B12 B13 K11 K12 K13 R1 R2 B1 Y1"
    state = _joly_game(p1, p2, "K5 K7 R12 B7 B8", rules=rules)
    state = run(
        state,
        "p1 discard B4",
        "p2 draw",
        "p2 discard K5",
        "p1 draw",
        "p1 meld [R5 J R7] [R10 Y10 B10]",
        "p1 discard K4",
        "p2 draw",
    )
    # p2 has not opened in an earlier turn: under rummy-45 he may not swap
    refused(state, "p2 swap 1 R6", "joly.swap_requires_opened")


def test_joly_swap_unopened_in_opening_turn() -> None:
    # docs/rules.md §1.8, default: an unopened player may swap in the turn he opens; the freed
    # joly must be part of that opening, and the tile given does not count toward its 45 points.
    p1 = "R5 J R7 R10 Y10 B10 K2 K4 K6 K8 Y2 Y4 Y6 B2 B4"
    p2 = "R6 Y11 Y12 Y13 K11 K12 B3 B5 B7 B9 R1 Y1 B1 K1"
    state = _joly_game(p1, p2, "K5 K7 R12 B8 B13")
    state = run(
        state,
        "p1 discard B4",
        "p2 draw",
        "p2 discard K5",
        "p1 draw",
        "p1 meld [R5 J R7] [R10 Y10 B10]",
        "p1 discard K4",
        "p2 draw",
        "p2 swap 1 R6",
        "p2 meld [Y11 Y12 Y13] [K11 K12 J]",
    )
    # 30 + 30 (the joly counts as K13) = 60 >= 45; R6 given in exchange is not counted
    state = run(state, "p2 discard R12")
    assert state.players[1].opened


# --- docs/rules.md §1.4: joly identity ------------------------------------------------------------


def test_joly_identity_ambiguous_meld() -> None:
    from remi.core.errors import NotationError

    with pytest.raises(NotationError) as info:
        parse_action("p1 meld [R9 J J]")
    assert "ambiguous" in str(info.value) and "J[R10]" in str(info.value)
    action = parse_action("p1 meld [R9 J[R10] J[R11]]")
    assert str(action) == "p1 meld [R9 J[R10] J[R11]]"


def test_formation_min_natural_tiles() -> None:
    from remi.core.errors import NotationError

    with pytest.raises(NotationError):
        parse_action("p1 meld [J J J]")


# --- docs/rules.md §1.10: pe tablă ----------------------------------------------------------------


def _pe_tabla_game():
    p1 = "R1 R2 R3 Y5 Y6 Y7 B9 B10 B11 K4 K5 K6 K12 K13 Y2"
    p2 = "R12 Y3 Y9 Y11 Y13 B1 B3 B5 B7 B13 K1 K3 K9 R8"
    state = stacked([p1, p2], "R9 R5 Y4 R11 B4")
    return run(state, "p1 discard Y2", "p2 draw", "p2 discard R12")


def test_pe_tabla_requires_unopened_and_close() -> None:
    state = _pe_tabla_game()
    state = run(state, "p1 take", "p1 declare")
    assert state.players[0].pe_tabla
    # nothing is laid in the turn of the declaration (pe_tabla.declare_turn)
    refused(state, "p1 meld [R1 R2 R3]", "pe_tabla.declare_turn")
    state = run(state, "p1 discard R12")
    assert state.players[0].pe_tabla and state.phase is Phase.TAKE


def test_pe_tabla_close_all_but_one() -> None:
    state = _pe_tabla_game()
    # p1: R1 R2 R3 Y5 Y6 Y7 B9 B10 B11 K4 K5 K6 K12 K13 + R12 taken
    state = run(state, "p1 take", "p1 declare", "p1 discard R12", "p2 draw", "p2 discard R9")
    state = run(state, "p1 draw")  # Y4
    refused(state, "p1 layoff 1 Y4", "pe_tabla.no_layoff")
    state = run(state, "p1 meld [R1 R2 R3] [Y4 Y5 Y6 Y7] [B9 B10 B11] [K4 K5 K6]")
    refused(state, "p1 discard K12", "pe_tabla.close")
    state = run(state, "p1 undo", "p1 discard K12")
    assert state.phase is Phase.TAKE


def test_pe_tabla_declare_only_unopened() -> None:
    state = _break_setup()  # p1 opened
    state = run(state, "p1 take")  # Y8 (last) taken by an opened player
    refused(state, "p1 declare", "pe_tabla.requires_unopened")


# --- docs/rules.md §1.9: announcement -------------------------------------------------------------


def test_announce_failed_sets_flag() -> None:
    state = _low_tiles_game("K2 K4 K6 K8")
    state = run(
        state,
        "p1 discard K8",
        "p2 draw",
        "p2 discard K5",
        "p1 draw",
        "p1 meld [R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11]",
        "p1 discard K7",
    )
    assert state.players[0].failed_announcement
    assert not state.players[0].announced


def test_announce_in_time() -> None:
    state = _low_tiles_game("K2 K4 K6 K8")
    state = run(
        state,
        "p1 discard K8",
        "p2 draw",
        "p2 discard K5",
        "p1 draw",
        "p1 meld [R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11]",
    )
    state = run(state, "p1 announce", "p1 discard K7")
    assert state.players[0].announced and not state.players[0].failed_announcement


def test_announce_max_tiles_too_early() -> None:
    state = opened_game("R5 R6 R7 R10 Y10 B10 K2 K4 K6 K8 Y2 Y4 Y6 B2 B4")
    state = run(state, "p1 draw")
    refused(state, "p1 announce", "announce.max_tiles")


def test_announce_not_needed_rf15() -> None:
    # RF-15: from 4 tiles straight to closing needs no announcement
    state = _low_tiles_game("K2 K3 K4 K8")
    state = run(
        state,
        "p1 discard K8",
        "p2 draw",
        "p2 discard K5",
        "p1 draw",  # K7
        "p1 meld [R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11]",
        "p1 discard K7",
    )
    # p1 holds K2 K3 K4 = 3 tiles without announcing: failed (the contrast case of RF-15)
    assert state.players[0].failed_announcement
    state2 = _low_tiles_game("K2 K3 K4 K8")
    state2 = run(
        state2,
        "p1 discard K8",
        "p2 draw",
        "p2 discard K5",
        "p1 draw",  # K7
        "p1 meld [R1 R2 R3 R4 R5 R6 R7 R8 R9]",
        "p1 discard K7",  # 4 left: R10 R11 K2 K3 K4? no: 5 left
    )
    assert len(state2.players[0].rack) == 5


def test_announce_required_false_auto() -> None:
    rules = load_rules("remi-pe-tabla", {"announce.required": "false"})
    state = stacked(
        [
            "R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 K2 K4 K6 K8",
            "Y8 Y3 Y5 Y7 Y9 Y11 Y13 B1 B3 B5 B11 B13 K3 K9",
        ],
        "K5 K7 R12",
        rules=rules,
    )
    state = run(
        state,
        "p1 discard K8",
        "p2 draw",
        "p2 discard K5",
        "p1 draw",
        "p1 meld [R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11]",
        "p1 discard K7",
    )
    assert state.players[0].announced and not state.players[0].failed_announcement


# --- docs/rules.md §1.11: the end of the hand -----------------------------------------------------


def test_hand_close_ends_and_records_result() -> None:
    p1 = "R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12 K4 K3 K8"
    state = stacked([p1, P2_DEFAULT], "K5 K2 R13")
    state = run(state, "p1 discard K8", "p2 draw", "p2 discard K5", "p1 draw")  # K2
    # laying every tile would leave nothing to discard: a turn always ends with a discard
    refused(
        state, "p1 meld [R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12] [K2 K3 K4]", "hand.closing_discard"
    )
    state = run(state, "p1 meld [R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11] [K2 K3 K4]", "p1 discard R12")
    assert state.phase is Phase.ENDED
    assert (
        state.result is not None
        and state.result.closed_by == 0
        and not state.result.stock_exhausted
    )
    with pytest.raises(IllegalActionError) as info:
        apply(state, Draw(1))
    assert info.value.rule_id == "hand.ended"


def test_hand_stock_exhausted() -> None:
    state = new_game(DEFAULT, 2, seed=5)
    # play draw/discard until the stock runs out: the drawer of the last tile finishes his turn
    import itertools

    for _ in itertools.count():
        if state.phase is Phase.ENDED:
            break
        seat = state.current
        if state.phase is Phase.TAKE:
            state = apply(state, Draw(seat))
        rack = state.players[seat].rack
        state = run(state, f"p{seat + 1} discard {rack[-1]}")
    assert state.stock == ()
    assert (
        state.result is not None and state.result.stock_exhausted and state.result.closed_by is None
    )


# --- turn order, phases, rack, undo ---------------------------------------------------------------


def test_turn_order() -> None:
    state = new_game(DEFAULT, 3, seed=1)
    refused(state, f"p2 discard {state.players[1].rack[0]}", "turn.order")


def test_turn_phase() -> None:
    state = new_game(DEFAULT, 2, seed=1)
    state = run(state, f"p1 discard {state.players[0].rack[0]}")
    refused(state, f"p2 discard {state.players[1].rack[0]}", "turn.phase")


def test_rack_tiles() -> None:
    state = stacked(["R5 R6 R7 R10 Y10 B10 K2 K4 K6 K8 Y2 Y4 Y6 B2 B4", P2_DEFAULT], "K5")
    refused(state, "p1 discard K13", "rack.tiles")


def test_turn_undo_keeps_drawn_tile() -> None:
    state = opened_game("R5 R6 R7 R10 Y10 B10 K2 K4 K6 K8 Y2 Y4 Y6 B2 B4")
    drawn = run(state, "p1 draw")
    refused(drawn, "p1 undo", "turn.undo")
    melded = run(drawn, "p1 meld [R5 R6 R7]")
    back = run(melded, "p1 undo")
    assert back.players == drawn.players and back.table == drawn.table and back.stock == drawn.stock


def test_atu_rummy_45() -> None:
    rules = load_rules("rummy-45")
    p1 = "R5 R6 R7 R10 Y10 B10 K2 K4 K6 K8 Y2 Y4 Y6 B2 B4"
    p2 = "Y9 Y3 Y5 Y7 Y8 Y11 Y13 B1 B3 B5 B11 B13 K3 K9"
    # the atu is the bottom stock tile: give a full stock ending with Y9
    state = stacked([p1, p2], "K5 K7", rules=rules)
    atu = state.atu
    assert atu is not None and atu == state.stock[-1]
    # p1's twin check: whoever holds a tile equal to the atu may announce it in his first turn
    holders = [i for i, p in enumerate(state.players) if atu in p.rack]
    if 0 in holders:
        state = run(state, "p1 atu")
        assert state.players[0].atu_announced
    else:
        refused(state, "p1 atu", "atu.twin")
    state = run(state, "p1 discard B4", "p2 draw", "p2 discard K5", "p1 draw")
    refused(state, "p1 atu", "atu.first_turn")


def test_atu_disabled_by_default() -> None:
    state = stacked(["R5 R6 R7 R10 Y10 B10 K2 K4 K6 K8 Y2 Y4 Y6 B2 B4", P2_DEFAULT], "K5")
    assert state.atu is None
    refused(state, "p1 atu", "atu.enabled")


def test_turn_max_rack_tiles() -> None:
    """docs/rules.md §1.3: at most 14 tiles when a turn ends. A șir break can take many tiles:
    p1 (11 tiles, opened with the 1s set) breaks at the 2nd tile, takes 9, lays K2 K3 K4 and would
    keep 16 after his discard: refused. (A rule set whose deal cannot fit the limit after the
    first turn is refused up front: tests/test_rules.py.)"""
    drawn = ["K3", "R5", "R6", "R8", "R9", "Y4", "Y6", "B4", "B6"]
    state = stacked(
        ["R1 Y1 B1 K2 K4 K6 K8 K10 K12 B3 B5 B7 B9 B11 Y12", P2_DEFAULT], " ".join(drawn)
    )
    state = run(
        state,
        "p1 discard Y12",
        "p2 draw",
        "p2 discard K3",
        "p1 draw",
        "p1 meld [R1 Y1 B1]",  # 75 points: a set of 1s alone opens (docs/rules.md §1.5)
        "p1 discard R5",
    )
    for i in range(2, 8, 2):  # both draw and throw away: the șir grows
        state = run(
            state, "p2 draw", f"p2 discard {drawn[i]}", "p1 draw", f"p1 discard {drawn[i + 1]}"
        )
    state = run(state, "p2 draw", "p2 discard B6", "p1 take 2", "p1 meld [K2 K3 K4]")
    assert len(state.players[0].rack) == 17
    refused(state, "p1 discard K12", "turn.max_rack_tiles")


# --- RE-2, RE-3 through the engine --------------------------------------------------------------


@pytest.mark.parametrize(
    "opening,p1",
    [
        ("[K12 K13 K1] [B7 B8 B9]", "K12 K13 K1 B7 B8 B9 Y2 Y4 Y6 R2 R4 R6 R8 Y8 B4"),  # RE-2: 45
        (
            "[R1 R2 R3] [Y9 B9 K9] [R10 R11 R12]",
            "R1 R2 R3 Y9 B9 K9 R10 R11 R12 Y2 Y4 Y6 B2 B5 B4",
        ),  # RE-3: 60
    ],
)
def test_opening_min_points_valid_examples(opening: str, p1: str) -> None:
    state = opened_game(p1)
    state = run(state, "p1 draw", f"p1 meld {opening}", "p1 discard Y2")
    assert state.players[0].opened


# --- docs/rules.md §1.12: end-of-hand scoring of a played hand ------------------------------------


def test_scoring_closing_bonus_played_hand() -> None:
    from remi.variants.remi_pe_tabla.results import score_state

    p1 = "R3 R4 R5 R6 R10 Y10 B10 K11 K12 K13 K1 K7 Y2 B6 B8"
    p2 = "Y1 Y3 Y9 Y11 Y13 B1 B3 B11 B13 K3 K5 K9 R12 B7"
    state = stacked([p1, p2], "Y5 R7 Y6 R8 Y7 R2")
    state = run(
        state,
        "p1 discard B8",
        "p2 draw",
        "p2 discard Y5",
        "p1 draw",  # R7
        "p1 meld [R3 R4 R5 R6 R7] [R10 Y10 B10] [K11 K12 K13 K1]",
        "p1 announce",
        "p1 discard B6",
        "p2 draw",
        "p2 discard Y6",
        "p1 draw",  # R8: with 2 tiles he may only attach
        "p1 layoff 1 R8",
        "p1 discard Y2",
        "p2 draw",
        "p2 discard Y7",
        "p1 draw",  # R2
        "p1 layoff 1 R2",
        "p1 discard K7",
    )
    assert state.phase is Phase.ENDED and state.result is not None and state.result.closed_by == 0
    scores = {s.name: s for s in score_state(state, ["A", "B"])}
    # A: [R2..R8] 35 + [R10 Y10 B10] 30 + [K11 K12 K13 K1] 55 = 120, + 50 for closing
    assert scores["A"].score == 170
    assert any(
        line.rule_id == "scoring.closing_bonus" and line.points == 50 for line in scores["A"].lines
    )
    # B never opened: minus his rack, 135 (docs/rules.md §1.12, default scoring.non_opener = rack)
    assert scores["B"].score == -135
    for s in scores.values():
        assert sum(line.points for line in s.lines) == s.score


def test_layoff_ace_on_run_two_to_thirteen_goes_low() -> None:
    # a 1 attached to R2..R13 fits both ends (1-2-3 or 12-13-1); it goes at the low end
    p1 = "R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12 R13 K2 K4 K8"
    state = stacked([p1, P2_DEFAULT], "K5 K6 B8 R1")
    state = run(
        state,
        "p1 discard K8",
        "p2 draw",
        "p2 discard K5",
        "p1 draw",  # K6
        "p1 meld [R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12 R13]",
        "p1 announce",
        "p1 discard K6",
        "p2 draw",
        "p2 discard B8",
        "p1 draw",  # R1
        "p1 layoff 1 R1",
        "p1 discard K4",
    )
    f = state.table[0].formation
    assert f.ranks[0] == 1 and f.ranks[-1] == 13 and str(f).startswith("[R1 R2")
