"""The two rule holes of Remi pe tablă closed (docs/rules.md §1.10, §0.1): the pe-tablă
loophole (``pe_tabla.declare_turn``) and the 1 that fits both ends of a run 2..13 (the lay-off
end markers ``<`` / ``>``), each played through ``apply`` from a stacked deal."""

from __future__ import annotations

import pytest

from remi.core.errors import NotationError
from remi.core.notation import parse_tiles
from remi.variants.remi_pe_tabla.actions import Declare, LayOff, Meld, parse_action
from remi.variants.remi_pe_tabla.engine import apply
from remi.variants.remi_pe_tabla.movegen import legal_actions
from remi.variants.remi_pe_tabla.state import Phase

from gamekit import first_round_opening, refused, run, stacked

# p1 holds a run, two sets of three and K12 K13; p2 discards K11, the last șir tile.
_P1 = "R1 R2 R3 R4 R5 Y5 Y6 Y7 B9 B10 B11 K12 K13 K4 Y2"
_P2 = "K11 Y3 Y9 Y11 Y13 B1 B3 B5 B7 B13 K1 K3 K9 R8"


def test_pe_tabla_declare_turn_taken_tile_not_laid() -> None:
    """Form 1: take the last șir tile, declare pe tablă, lay that very tile and close."""
    state = stacked([_P1, _P2], "R9 R6 Y4")
    state = run(state, "p1 discard Y2", "p2 draw", "p2 discard K11", "p1 take", "p1 declare")
    close = "p1 meld [R1 R2 R3 R4 R5] [Y5 Y6 Y7] [B9 B10 B11] [K11 K12 K13]"
    refused(state, close, "pe_tabla.declare_turn")
    refused(state, "p1 meld [R1 R2 R3]", "pe_tabla.declare_turn")  # nothing else either
    assert not any(isinstance(a, Meld) for a in legal_actions(state))
    state = run(state, "p1 discard K4")  # he keeps the taken tile and closes later
    assert state.players[0].pe_tabla and state.phase is Phase.TAKE
    # the next turn is his closing turn: he may lay everything but one tile and close
    state = run(state, "p2 draw", "p2 discard Y3", "p1 draw")  # Y4
    state = run(state, "p1 meld [R1 R2 R3 R4 R5] [Y5 Y6 Y7] [B9 B10 B11] [K11 K12 K13]")
    state = run(state, "p1 discard Y4")
    assert state.result is not None and state.result.closed_by == 0


def test_pe_tabla_declare_turn_after_a_swap() -> None:
    """Form 2: take, swap a table joly, declare, lay the freed joly, close."""
    p1 = "R1 R2 R3 R4 R5 Y5 Y6 Y7 B9 B10 B11 K12 Y10 K4 Y2"
    p2 = "K11 Y9 Y11 Y12 Y13 J B1 B3 B5 B7 K1 K3 R8 R12"
    state = stacked([p1, p2], "R9 R6 K2 B4 K5")
    state = run(state, "p1 discard Y2", "p2 draw", "p2 discard R9")
    state = run(state, "p1 draw", "p1 discard R6", "p2 draw")
    state = run(state, "p2 meld [Y9 J[Y10] Y11 Y12 Y13] [K1 K2 K3]", "p2 discard R12")
    state = run(state, "p1 take", "p1 swap 1 Y10")  # R12 taken; the freed joly on the rack
    refused(state, "p1 declare", "pe_tabla.declare_turn")
    assert Declare(0) not in legal_actions(state)


def _two_to_thirteen():
    """p1 opens with the run R2..R13 (12 tiles) and keeps a joly and R1."""
    p1 = "R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12 R13 J R1 Y2"
    p2 = "K11 Y3 Y9 Y11 Y13 B1 B3 B5 B7 B13 K1 K3 K9 K8"
    state = stacked([p1, p2], "B6 K6 Y6 B8 Y8")
    run_ = "[R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12 R13]"
    more = ("p2 draw", "p2 discard Y3", "p1 draw")
    return first_round_opening(state, ("Y2", "K11"), run_, "K6", *more)


def test_layoff_end_markers_joly_and_natural_one() -> None:
    state = _two_to_thirteen()
    refused(state, "p1 layoff 1 J[R1]", "joly.identity")
    listed = [str(a) for a in legal_actions(state) if isinstance(a, LayOff)]
    for text in ("p1 layoff 1 J[R1]<", "p1 layoff 1 J[R1]>", "p1 layoff 1 R1<", "p1 layoff 1 R1>"):
        assert listed.count(text) == 1, listed
    low = run(state, "p1 layoff 1 J[R1]<")
    assert [str(t) for t in low.table[0].formation.identities][:2] == ["R1", "R2"]
    high = run(state, "p1 layoff 1 J[R1]>")
    assert [str(t) for t in high.table[0].formation.identities][-2:] == ["R13", "R1"]
    natural = run(state, "p1 layoff 1 R1>")
    assert natural.table[0].formation.tiles[-1] == parse_tiles("R1")[0]
    assert run(state, "p1 layoff 1 R1").table[0].formation.tiles[0] == parse_tiles("R1")[0]
    # every lay-off listed applies
    for action in legal_actions(state):
        apply(state, action)


def test_layoff_end_marker_where_it_does_not_fit() -> None:
    state = _two_to_thirteen()
    state = run(state, "p1 layoff 1 J[R1]<")
    refused(state, "p1 layoff 1 R1>", "layoff.fits")  # a run has one 1 (run.ace_both_ends)


@pytest.mark.parametrize("line", ["p1 meld [R1< R2 R3]", "p1 discard R1>"])
def test_end_marker_only_in_a_layoff(line: str) -> None:
    with pytest.raises(NotationError):
        parse_action(line)


def test_end_marker_round_trips() -> None:
    for text in ("p1 layoff 1 J[R1]<", "p1 layoff 2 R1>", "p1 layoff 3 R1"):
        assert str(parse_action(text)) == text
