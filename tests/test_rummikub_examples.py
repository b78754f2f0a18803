"""docs/rules.md §4.3: every RK-* worked example, asserted exactly (engine, checks, dispute
files)."""

from __future__ import annotations

from pathlib import Path

import pytest

from remi.core.dispute_support import load_dispute, meld_report, opening_report, score_dispute
from remi.core.errors import IllegalActionError
from remi.core.formations import parse_formation
from remi.core.presets import load_rules
from remi.variants.rummikub.actions import Penalty, Play, Timeout
from remi.variants.rummikub.editing import Refusal, TableEditor
from remi.variants.rummikub.engine import apply, check

from rummikit import deal, refused, rk_rules, run

EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "disputes"


def scores(name: str) -> dict[str, int]:
    dispute = load_dispute(EXAMPLES / name)
    result = {ps.name: ps.score for ps in score_dispute(dispute)}
    assert result == dict(dispute.expect)
    return result


def test_rk1_going_out_scoring_joker_points() -> None:
    assert scores("RK-1.toml") == {"A": 75, "B": -44, "C": -25, "D": -6}


def test_rk2_myrummy_small_scoring_joker_points_25() -> None:
    assert scores("RK-2.toml") == {"A": 70, "B": -39, "C": -25, "D": -6}


def test_rk10_session_totals() -> None:
    game1, game2 = scores("RK-1.toml"), scores("RK-10-game2.toml")
    assert game2 == {"A": -20, "B": -31, "C": 63, "D": -12}
    totals = {p: game1[p] + game2[p] for p in game1}
    assert totals == {"A": 55, "B": -75, "C": 38, "D": -18}
    assert sum(totals.values()) == 0
    assert max(totals, key=totals.__getitem__) == "A"


def test_pool_empty_scoring_tie_house_rule() -> None:
    assert scores("RK-pool-empty.toml") == {"A": 3, "B": -6, "C": 3}


@pytest.mark.parametrize("text", ["[R9 R10 R11]", "[R3 Y3 B3 K3] [B5 B6 J]"])
def test_rk5_initial_meld_min_points_valid(text: str) -> None:
    report = opening_report(text, load_rules("rummikub"))
    assert report.valid and report.points == 30


def test_rk5_initial_meld_joker_value_represented_in_play() -> None:
    state = deal(["R3 Y3 B3 K3 B5 B6 J", "R2"])
    after = run(state, "p1 play [R3 Y3 B3 K3] [B5 B6 J]")
    assert after.opened == (True, False)
    assert len(after.racks[0]) == 14 - 7


def test_rk6_initial_meld_min_points_too_low() -> None:
    state = deal(["Y7 Y8 Y9", "R2"], pool="K6")
    refused(state, "p1 play [Y7 Y8 Y9]", "initial_meld.min_points")
    after = run(state, "p1 draw")
    assert "K6" in map(str, after.racks[0]) and after.current == 1 and after.table == ()
    report = opening_report("[Y7 Y8 Y9]", load_rules("rummikub"))
    assert (report.valid, report.points, report.rule) == (False, 24, "initial_meld.min_points")


def test_rk6_initial_meld_min_points_50() -> None:
    rules = rk_rules(initial_meld__min_points=50)
    state = deal(["R10 R11 R12 Y13 B13 K13", "R2"], rules=rules)
    refused(state, "p1 play [R10 R11 R12]", "initial_meld.min_points")
    after = run(state, "p1 play [R10 R11 R12] [Y13 B13 K13]")
    assert after.opened[0]
    assert opening_report("[R10 R11 R12]", rules).points == 33
    assert opening_report("[R10 R11 R12] [Y13 B13 K13]", rules).points == 72


def test_rk7_run_ace_high_refused() -> None:
    report = meld_report("R12 R13 R1", load_rules("rummikub"))
    assert not report.valid and report.rule == "run.ace_high"
    assert meld_report("R12 R13 R1", load_rules("remi-pe-tabla")).valid  # RE-2: valid in Remi
    state = deal(["R12 R13 R1 Y10 B10 K10", "R2"])
    with pytest.raises(IllegalActionError) as info:
        check(state, Play(0, (parse_formation("[R12 R13 R1]"), parse_formation("[Y10 B10 K10]"))))
    assert info.value.rule_id == "run.ace_high"


@pytest.mark.parametrize(
    ("preset", "action", "rack_after"),
    [
        ("rummikub", "timeout", 12),
        ("rummikub", "penalty", 12),
        ("myrummy-small", "timeout", 9),
        ("myrummy-small", "penalty", 12),
    ],
)
def test_rk8_penalty_restore(preset: str, action: str, rack_after: int) -> None:
    rules = rk_rules(preset)
    state = deal(["R9 R10 R11 Y12 B12 K12 R5", "R2"], pool="B2 B4 B6 B8 B10", rules=rules)
    state = run(state, "p1 play [R9 R10 R11] [Y12 B12 K12]", "p2 draw")
    assert len(state.racks[0]) == 8
    state = run(state, "p1 draw", "p2 draw")  # p1 now holds 9 tiles
    assert len(state.racks[0]) == 9
    editor = TableEditor(state)
    editor.command("new R5")  # a loose tile left on the table at the end of the turn
    outcome = editor.command("done")
    assert isinstance(outcome, Refusal) and outcome.rule_id == "formation.min_tiles"
    penalty = outcome.penalty if action == "penalty" else editor.timeout()
    assert penalty == (Penalty(0, "invalid") if action == "penalty" else Timeout(0))
    after = apply(state, penalty)
    assert after.table == state.table
    assert len(after.racks[0]) == rack_after
    assert after.current == 1
    assert after.all_tiles() == state.all_tiles()


def _rk9(preset: str = "rummikub", **overrides: object):
    rules = rk_rules(preset, **overrides)
    state = deal(["R5 B5 J R10 R11 R12", "Y5 K5 K7 K8 R13 Y13 B13"], rules=rules)
    return run(state, "p1 play [R5 B5 J] [R10 R11 R12]")


def test_rk9_joker_group_of_three_either_missing() -> None:
    state = _rk9()
    state = run(
        state, "p2 play [R5 B5 J] [R10 R11 R12] [R13 Y13 B13]"
    )  # p2 makes his initial meld (39)
    state = run(state, "p1 draw")
    after = run(state, "p2 play [R5 Y5 B5] [R10 R11 R12] [R13 Y13 B13] [K7 K8 J]")
    assert after.opened == (True, True)
    assert str(after.table[0]) == "[R5 Y5 B5]"


def test_rk9_joker_group_of_three_both_missing() -> None:
    state = _rk9(joker__group_of_three="both_missing")
    state = run(state, "p2 play [R5 B5 J] [R10 R11 R12] [R13 Y13 B13]", "p1 draw")
    refused(
        state, "p2 play [R5 Y5 B5] [R10 R11 R12] [R13 Y13 B13] [K7 K8 J]", "joker.group_of_three"
    )
    after = run(state, "p2 play [R5 Y5 B5 K5] [R10 R11 R12] [R13 Y13 B13] [K7 K8 J]")
    assert str(after.table[0]) == "[R5 Y5 B5 K5]"


def test_rk9_joker_retrieve_before_initial() -> None:
    state = _rk9()
    refused(
        state,
        "p2 play [R5 Y5 B5] [R10 R11 R12] [K7 K8 J] [R13 Y13 B13]",
        "joker.retrieve_before_initial",
    )
