"""The house rules of Remi clubs (docs/rules.md §1.14): one test per rule id, named after it,
played through ``apply`` from a stacked deal, the default and the house value side by side; and
every action ``legal_actions`` lists under the house value applies."""

from __future__ import annotations

from collections import Counter

from typer.testing import CliRunner

import remi
from remi.bots import make_bot
from remi.cli import app
from remi.core.commands import canonical_command
from remi.core.presets import load_rules
from remi.core.scoring import PlayerScore
from remi.core.tiles import FULL_SET
from remi.variants.remi_pe_tabla.actions import Claim, parse_action
from remi.variants.remi_pe_tabla.engine import apply, transition
from remi.variants.remi_pe_tabla.events import AnnouncementClaimed
from remi.variants.remi_pe_tabla.movegen import legal_actions
from remi.variants.remi_pe_tabla.results import score_state
from remi.variants.remi_pe_tabla.rules import RemiRules
from remi.variants.remi_pe_tabla.state import GameState, Phase, deal, new_game
from remi.variants.remi_pe_tabla.turn import ROMANIAN_WORDS
from remi.variants.remi_pe_tabla.views import view

from gamekit import DEFAULT, first_round_opening, refused, run, stacked


def _rules(**values: object) -> RemiRules:
    return load_rules("remi-pe-tabla", {k.replace("__", "."): v for k, v in values.items()})


def _all_listed_apply(state: GameState) -> None:
    for action in legal_actions(state):
        apply(state, action)


def _opened_p1(rules: RemiRules, p2: str = "Y8 Y3 Y5 Y7 Y9 Y11 Y13 B1 B3 B5 B11 B13 K3 K9"):
    """p1 opens with [R5 R6 R7] [R10 Y10 B10]; the șir is then B4 K5 K4 and p2's last discard."""
    p1 = "R5 R6 R7 R10 Y10 B10 K2 K4 K6 K8 Y2 Y4 Y6 B2 B4"
    state = stacked([p1, p2], "K5 K7 R11 R12 B6 B7", rules=rules)
    opening = "[R5 R6 R7] [R10 Y10 B10]"
    return first_round_opening(
        state, ("B4", "K5"), opening, "K4", "p2 draw", f"p2 discard {p2.split()[0]}"
    )


def test_sir_break_requires_opened() -> None:
    p1 = "R8 R9 R10 R11 K10 Y10 B10 Y2 Y4 B2 B4 K2 K6 K8 Y13"
    p2 = "R7 Y3 Y5 Y7 Y9 B1 B3 B5 B7 B13 K1 K3 K9 R2"

    def game(rules: RemiRules) -> GameState:
        state = stacked([p1, p2], "K5 K7 R12 B6", rules=rules)
        return run(state, "p1 discard Y13", "p2 draw", "p2 discard R7", "p1 draw")

    state = run(game(DEFAULT), "p1 discard K8", "p2 draw", "p2 discard Y3")
    refused(state, "p1 take 2", "sir.break_requires_opened")
    house = _rules(sir__break_requires_opened=False)
    state = run(game(house), "p1 discard K8", "p2 draw", "p2 discard Y3")
    assert any(str(a) == "p1 take 2" for a in legal_actions(state))
    state = run(state, "p1 take 2")  # R7, K8, Y3 come to his rack
    _all_listed_apply(state)
    state = run(state, "p1 meld [R7 R8 R9 R10 R11] [K10 Y10 B10]", "p1 discard K8")
    assert state.players[0].opened


def test_sir_break_meld() -> None:
    for rules, ok in ((DEFAULT, True), (_rules(sir__break_meld="two_rack_tiles"), False)):
        state = run(_opened_p1(rules), "p1 take 2")  # K5, K4, Y8: K4 and Y8 came with it
        line = "p1 meld [K4 K5 K6]"  # K4 is a later șir tile, not a rack tile
        if ok:
            run(state, line)
        else:
            refused(state, line, "sir.break_meld")
            refused(state, "p1 meld [K5 K6 K7 K8]", "sir.break_meld")  # three tiles only
            _all_listed_apply(state)
            state = run(state, "p1 meld [K5 K6 K7]", "p1 discard Y8")
            assert str(state.table[-1].formation) == "[K5 K6 K7]"


def test_sir_take_last_layoff() -> None:
    p2 = "R8 Y3 Y5 Y7 Y9 Y11 Y13 B1 B3 B5 B11 B13 K3 K9"
    state = run(_opened_p1(DEFAULT, p2), "p1 take", "p1 layoff 1 R8")
    refused(state, "p1 discard Y2", "sir.take_last_use")
    house = run(_opened_p1(_rules(sir__take_last_layoff=True), p2), "p1 take", "p1 layoff 1 R8")
    _all_listed_apply(house)
    house = run(house, "p1 discard Y2")
    assert str(house.table[0].formation) == "[R5 R6 R7 R8]" and house.current == 1


def _three_tiles(rules: RemiRules) -> GameState:
    """p1 opens with R1..R11 and keeps K4 K6 K7; at his next turn he draws K5."""
    p1 = "R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 K2 K4 K6 K8"
    p2 = "Y8 Y3 Y5 Y7 Y9 Y11 Y13 B1 B3 B5 B11 B13 K3 K9"
    state = stacked([p1, p2], "K5 K7 R12 K5 B6", rules=rules)
    meld = "[R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11]"
    return first_round_opening(state, ("K8", "K5"), meld, "K2", "p2 draw", "p2 discard R12")


def test_turn_three_tiles_attach_only() -> None:
    closed = run(_three_tiles(DEFAULT), "p1 draw", "p1 meld [K4 K5 K6]", "p1 discard K7")
    assert closed.result is not None and closed.result.closed_by == 0
    state = _three_tiles(_rules(turn__three_tiles_attach_only=True))
    refused(state, "p1 take", "turn.three_tiles_attach_only")
    state = run(state, "p1 draw")
    refused(state, "p1 meld [K4 K5 K6]", "turn.three_tiles_attach_only")
    _all_listed_apply(state)
    state = run(state, "p1 discard K7")
    assert state.current == 1


_OPENER = "R8 R9 R10 R11 R12 R13 Y10 B10 K10 K2 K4 Y2 Y4 B2 B4"
_OTHER = "Y8 Y3 Y5 Y7 Y9 Y11 Y13 B1 B3 B5 B11 B13 K3 K9"


def _opening_turn(rules: RemiRules, p1: str = _OPENER) -> GameState:
    state = stacked([p1, _OTHER], "K5 K7 R1 B6", rules=rules)
    return run(state, "p1 discard B4", "p2 draw", "p2 discard Y3", "p1 draw")


def test_opening_needs_set() -> None:
    run(_opening_turn(DEFAULT), "p1 meld [R8 R9 R10 R11 R12 R13]", "p1 discard K2")
    state = _opening_turn(_rules(opening__needs_set=True))
    laid = run(state, "p1 meld [R8 R9 R10 R11 R12 R13]")
    refused(laid, "p1 discard K2", "opening.needs_set")
    state = run(state, "p1 meld [R8 R9 R10 R11 R12 R13] [Y10 B10 K10]", "p1 discard K2")
    assert state.players[0].opened


def test_opening_joly_value() -> None:
    p1 = "R10 J R12 K5 K6 K7 Y2 Y4 Y6 Y8 B2 B4 B6 B8 K13"
    run(_opening_turn(DEFAULT, p1), "p1 meld [R10 J R12] [K5 K6 K7]", "p1 discard Y2")
    rules = _rules(opening__joly_value="fixed", opening__joly_fixed_points=5)
    laid = run(_opening_turn(rules, p1), "p1 meld [R10 J R12] [K5 K6 K7]")  # 10+5+10+15 = 40
    refused(laid, "p1 discard Y2", "opening.min_points")


def test_opening_joly_fixed_points() -> None:
    p1 = "R10 J R12 K5 K6 K7 Y2 Y4 Y6 Y8 B2 B4 B6 B8 K13"
    rules = _rules(opening__joly_value="fixed", opening__joly_fixed_points=25)
    state = run(_opening_turn(rules, p1), "p1 meld [R10 J R12] [K5 K6 K7]", "p1 discard Y2")
    assert state.players[0].opened  # 10 + 25 + 10 + 15 = 60


def test_joly_limits() -> None:
    p1 = "R5 J R7 J R10 Y10 B10 K2 K4 Y2 Y4 Y6 B2 B4 B13"
    two = "p1 meld [R5 J[R6] R7 J[R8]] [R10 Y10 B10]"
    adjacent = "p1 meld [R5 J[R6] J[R7] R8]"
    for value, ok_two, ok_adjacent in (
        ("none", True, True),
        ("apart", True, False),
        ("ratio", False, False),
    ):
        p1_adj = p1.replace("R7", "R8")
        state = _opening_turn(_rules(joly__limits=value), p1)
        state_adj = _opening_turn(_rules(joly__limits=value), p1_adj)
        if ok_two:
            run(state, two)
        else:
            refused(state, two, "joly.limits")
        if ok_adjacent:
            run(state_adj, adjacent)
        else:
            refused(state_adj, adjacent, "joly.limits")
        _all_listed_apply(state)


def _swap_turn(rules: RemiRules) -> GameState:
    """p2 opened with [Y9 J Y11 Y12 Y13] [K1 K2 K3]; p1 (opened) holds Y10 and draws."""
    p1 = "R5 R6 R7 R10 Y10 B10 K4 K6 K8 Y2 Y4 Y6 B2 Y10 B4"
    p2 = "K11 Y9 Y11 Y12 Y13 J B1 B3 B5 B7 K1 K3 R8 R12"
    state = stacked([p1, p2], "R9 B6 K2 B8 K5 K7", rules=rules)
    return first_round_opening(
        state,
        ("B4", "R9"),
        "[R5 R6 R7] [R10 Y10 B10]",
        "B6",
        "p2 draw",
        "p2 meld [Y9 J[Y10] Y11 Y12 Y13] [K1 K2 K3]",
        "p2 discard R12",
        "p1 draw",  # B8
        "p1 swap 3 Y10",
    )


def test_joly_freed_use() -> None:
    state = _swap_turn(DEFAULT)
    refused(state, "p1 discard Y2", "joly.swap_use")
    run(state, "p1 layoff 1 J[R8]", "p1 discard Y2")
    state = _swap_turn(_rules(joly__freed_use="new_formation"))
    refused(state, "p1 layoff 1 J[R8]", "joly.freed_use")
    _all_listed_apply(state)
    run(state, "p1 meld [K6 J[K7] K8]", "p1 discard Y2")
    state = _swap_turn(_rules(joly__freed_use="hand"))
    state = run(state, "p1 discard Y2")  # the joly stays on his rack
    assert sum(t.is_joly for t in state.players[0].rack) == 1


def _draw_until_stock_ends(state: GameState) -> GameState:
    """Draw and discard until the hand ends or the stock is reshuffled."""
    reshuffled = state.reshuffled
    while state.phase is not Phase.ENDED and state.reshuffled is reshuffled:
        seat = state.current + 1
        state = run(state, f"p{seat} draw")
        drawn = state.players[state.current].rack
        tile = next(t for t in drawn if not t.is_joly)
        state = run(state, f"p{seat} discard {tile}")
    return state


def test_stock_exhausted() -> None:
    p1 = "R1 R3 R5 R7 R9 R11 R13 Y2 Y4 Y6 Y8 Y10 Y12 B2 B4"
    p2 = "B6 B8 B10 B12 K1 K3 K5 K7 K9 K11 K13 R2 R4 R6"
    start = run(stacked([p1, p2], ""), "p1 discard B4")
    ended = _draw_until_stock_ends(start)
    assert ended.phase is Phase.ENDED and ended.result is not None
    assert ended.result.stock_exhausted
    rules = _rules(stock__exhausted="reshuffle")
    state = _draw_until_stock_ends(run(stacked([p1, p2], "", rules=rules), "p1 discard B4"))
    assert state.phase is not Phase.ENDED and state.reshuffled
    assert [str(t) for t in state.sir] == ["B4"]  # the dead first tile stays
    assert len(state.stock) == len(ended.sir) - 1
    assert sum(Counter(state.all_tiles()).values()) == len(FULL_SET)
    state = _draw_until_stock_ends(state)  # once a hand: the second time the hand ends
    assert state.phase is Phase.ENDED


def _doubles(rack: tuple) -> int:
    counts = Counter(t for t in rack if not t.is_joly)
    return sum(1 for n in counts.values() if n >= 2)


def test_deal_cancel_doubles() -> None:
    rules = _rules(deal__cancel_doubles=3)
    cancelled = 0
    for seed in range(40):
        racks, _, _ = deal(4, seed, rules)
        assert all(_doubles(r) < 3 for r in racks)
        plain, _, _ = deal(4, seed, DEFAULT)
        if any(_doubles(r) >= 3 for r in plain):
            cancelled += 1
            assert plain != racks
        else:
            assert plain == racks  # a deal nobody cancels is the plain deal
    assert cancelled > 0
    assert new_game(rules, 4, seed=3).all_tiles() == Counter(FULL_SET)


def test_turn_timer_seconds() -> None:
    """Time up in the middle of a turn: the turn is taken back (the șir tile returns), the
    player draws and discards his highest numbered tile."""
    from remi.variants.remi_pe_tabla.turn import timeout_actions

    rules = _rules(turn__timer_seconds=60)
    p2 = "R8 Y3 Y5 Y7 Y9 Y11 Y13 B1 B3 B5 B11 B13 K3 K9"
    state = run(_opened_p1(rules, p2), "p1 take")  # R8, the last șir tile
    actions = timeout_actions(state)
    assert [str(a) for a in actions] == ["p1 undo", "p1 draw", "p1 discard R12"]
    for action in actions:
        state = apply(state, action)
    assert [str(t) for t in state.sir][-2:] == ["R8", "R12"] and state.current == 1
    assert load_rules("remi-pe-tabla").turn_timer_seconds == 0  # no timer by default


def _missed_announcement(rules: RemiRules) -> GameState:
    """p1 opens with R1..R11 and ends his turn with K4 K6 K7 without announcing; p2 to play."""
    p1 = "R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 K2 K4 K6 K8"
    p2 = "Y8 Y3 Y5 Y7 Y9 Y11 Y13 B1 B3 B5 B11 B13 K3 K9"
    state = stacked([p1, p2], "K5 K7 R12 K5 B6", rules=rules)
    return first_round_opening(state, ("K8", "K5"), "[R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11]", "K2")


def _closing_scores(state: GameState) -> tuple[PlayerScore, ...]:
    """p2 draws R12 and discards it; p1 draws K5, lays [K4 K5 K6] and closes with K7."""
    state = run(state, "p2 draw", "p2 discard R12", "p1 draw", "p1 meld [K4 K5 K6]")
    state = run(state, "p1 discard K7")
    assert state.result is not None and state.result.closed_by == 0
    return score_state(state)


def test_announce_penalty() -> None:
    """Automatic (the default): p1's missed announcement costs him 500 though nobody says a
    word. ``claim``: only when an opponent claims it (``p2 claim p1``, in p2's turn, public);
    unclaimed, p1 scores his tiles: R1 25 + R2..R9 40 + R10 R11 20 + K4 K5 K6 15 + 50 = 150."""
    state = _missed_announcement(DEFAULT)
    assert state.players[0].failed_announcement
    assert not any(isinstance(a, Claim) for a in legal_actions(state))
    refused(state, "p2 claim p1", "announce.penalty")
    automatic = _closing_scores(state)[0]
    assert automatic.score == -500
    assert [line.rule_id for line in automatic.lines] == ["announce.penalty_points"]

    house = _missed_announcement(_rules(announce__penalty="claim"))
    assert Claim(1, 0) in legal_actions(house)
    refused(house, "p2 claim p2", "announce.penalty")  # not his own
    refused(house, "p2 claim p3", "announce.penalty")  # no such seat
    unclaimed = _closing_scores(house)[0]
    assert unclaimed.score == 150
    assert unclaimed.lines[0].rule_id == "announce.penalty" and unclaimed.lines[0].points == 0

    _all_listed_apply(house)
    claimed, events = transition(house, parse_action("p2 claim p1"))
    assert events == (AnnouncementClaimed(1, 0),) and claimed.players[0].announcement_claimed
    assert not any(isinstance(a, Claim) for a in legal_actions(claimed))
    refused(claimed, "p2 claim p1", "announce.penalty")  # once only
    assert view(claimed, 0).players[0].announcement_claimed  # public, as the omission is
    scores = _closing_scores(claimed)
    assert scores[0].score == -500
    assert [(line.rule_id, line.points) for line in scores[0].lines] == [("announce.penalty", -500)]
    drawn = run(house, "p2 draw")  # a claim after taking is listed too, and undone by undo
    assert Claim(1, 0) in legal_actions(drawn)
    undone = run(drawn, "p2 claim p1", "p2 undo")
    assert not undone.players[0].announcement_claimed and len(undone.players[1].rack) == 15


def test_announce_penalty_claim_is_typed_recorded_and_played_by_bots() -> None:
    """``reclam p1`` is Romanian for ``claim p1``; the record's text parses back; greedy,
    solver and club claim the free points at once."""
    assert canonical_command("reclam p1", ROMANIAN_WORDS) == "claim p1"
    action = parse_action("p2 claim p1")
    assert action == Claim(1, 0) and parse_action(str(action)) == action
    house = _missed_announcement(_rules(announce__penalty="claim"))
    for kind in ("greedy", "solver", "club"):
        assert make_bot(kind, 0).choose(view(house, 1)) == Claim(1, 0), kind


def test_announce_penalty_claim_typed_at_the_table() -> None:
    """In line-mode play a Romanian player types ``reclam p1``: the claim is made and shown."""
    state = _missed_announcement(_rules(announce__penalty="claim"))
    args = ["play", "--position", remi.position(state), "--bot", "greedy", "--human", "Ana"]
    result = CliRunner().invoke(
        app, [*args, "--lang", "ro", "--plain"], input="reclam p1\nies\n", env={"COLUMNS": "200"}
    )
    assert result.exit_code == 0, result.output
    assert "anunț ratat, reclamat" in result.output
