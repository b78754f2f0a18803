"""CLI tests of ``remi solve move`` (Rummikub best move): exit 0 found, 1 nothing playable, 2 bad input."""

from __future__ import annotations

import json
from typing import Any

from clikit import json_of
from typer.testing import CliRunner

from remi.cli import app

runner = CliRunner()


def _run(*args: str) -> Any:
    return runner.invoke(app, ["solve", "move", "--rules", "rummikub", *args])


def test_solve_move_json_keys_and_edits() -> None:
    result = _run("--table", "[R5 R6 R7] [Y9 B9 K9]", "--rack", "R8 Y7 B7 J", "--json")
    assert result.exit_code == 0
    data = json_of("solve move", result)
    assert data["tiles_placed"] == 4
    assert data["points_placed"] == 8 + 7 + 7 + 7
    assert data["placed"] == ["R8", "Y7", "B7", "J"]
    assert [f["notation"] for f in data["table"]] == ["[R5 R6 R7 R8]", "[Y9 B9 K9]", "[Y7 B7 J]"]
    assert [f["kind"] for f in data["table"]] == ["run", "set", "set"]
    assert data["edits"] == [
        "add R8 from the rack to set 1",
        "set 1 is now [R5 R6 R7 R8]",
        "new set [Y7 B7 J]",
    ]
    assert data["changed_sets"] == 1


def test_solve_move_rk9_joker_swap() -> None:
    result = _run("--table", "[R5 B5 J]", "--rack", "Y5 K7 K8", "--json")
    assert result.exit_code == 0
    data = json_of("solve move", result)
    assert data["tiles_placed"] == 3
    # the joker completes K7 K8 at either end (equal moves; RK-9 (docs/rules.md §4.3) names neither)
    assert sorted(f["notation"] for f in data["table"]) in (
        ["[K7 K8 J]", "[R5 Y5 B5]"],
        ["[J K7 K8]", "[R5 Y5 B5]"],
    )
    assert "take J from set 1" in data["edits"]


def test_solve_move_initial_rk5_and_rk6() -> None:
    ok = _run("--rack", "R3 Y3 B3 K3 B5 B6 J", "--initial", "--objective", "points", "--json")
    assert ok.exit_code == 0
    assert json.loads(ok.stdout)["points_placed"] == 30
    low = _run("--rack", "Y7 Y8 Y9", "--initial")
    assert low.exit_code == 1
    assert "no initial meld" in low.stdout
    fifty = _run(
        "--set",
        "initial_meld.min_points=50",
        "--rack",
        "R10 R11 R12 Y13 B13 K13",
        "--initial",
        "--json",
    )
    assert fifty.exit_code == 0
    assert json.loads(fifty.stdout)["points_placed"] == 72


def test_solve_move_points_objective() -> None:
    rack = "Y1 Y2 Y4 K12 K13 J"
    tiles = json.loads(_run("--table", "[R5 R6 R7]", "--rack", rack, "--json").stdout)
    points = json.loads(
        _run("--table", "[R5 R6 R7]", "--rack", rack, "--objective", "points", "--json").stdout
    )
    assert (tiles["tiles_placed"], tiles["points_placed"]) == (4, 10)
    assert (points["tiles_placed"], points["points_placed"]) == (3, 36)


def test_solve_move_nothing_playable_exit_1() -> None:
    result = _run("--table", "[R1 R2 R3]", "--rack", "K9 Y12", "--json")
    assert result.exit_code == 1
    assert json.loads(result.stdout)["tiles_placed"] == 0


def test_solve_move_text_output() -> None:
    result = _run("--table", "[R1 R2 R3]", "--rack", "R4")
    assert result.exit_code == 0
    assert "place 1 tile worth 4 points" in result.stdout
    assert "set 1 is now [R1 R2 R3 R4]" in result.stdout


def test_solve_move_bad_input_exit_2() -> None:
    for args in (
        ("--table", "[R5 R6 Q7]", "--rack", "K1"),  # bad token
        ("--table", "[R12 R13 R1]", "--rack", "K1"),  # RK-7: no high 1 [run.ace_high]
        ("--table", "[R1 R2 R3]", "--rack", "R1 R1"),  # three copies of R1
        ("--table", "[R1 R2 R3]", "--rack", "R4", "--objective", "value"),
        ("--rack", "R4", "--set", "joker.locks_meld=true"),
    ):
        result = _run(*args)
        assert result.exit_code == 2, args
        assert "Traceback" not in result.output
        assert len(result.output.strip().splitlines()) == 1, result.output
    remi = runner.invoke(app, ["solve", "move", "--rules", "remi-pe-tabla", "--rack", "R4"])
    assert remi.exit_code == 2
    assert "Rummikub-family" in remi.output


def test_solve_move_budget_seconds_exceeded_exit_1() -> None:
    """``solver.budget``: a budget spent before the optimum is proved gives up with exit 1 and
    a clear message (the clock is read at the first expansion)."""
    result = _run(
        "--table",
        "[R5 R6 R7] [Y9 B9 K9] [K1 K2 K3 K4]",
        "--rack",
        "R8 Y7 B7 J K5 R9 B1 B2 Y12",
        "--budget-seconds",
        "1e-9",
    )
    assert result.exit_code == 1
    assert "--budget-seconds" in result.stderr and "no proven best move" in result.stderr


def test_solve_move_budget_seconds_must_be_positive() -> None:
    """--budget-seconds 0, less, or nan could never succeed: bad input, exit 2, naming the option."""
    for value in ("0", "-1", "nan"):
        result = _run("--table", "[R5 R6 R7]", "--rack", "R8", "--budget-seconds", value)
        assert result.exit_code == 2, value
        assert "--budget-seconds" in result.output and "Traceback" not in result.output


def test_solve_move_json_when_nothing_can_be_played() -> None:
    """--json always prints JSON: found false and why (exit 1)."""
    result = CliRunner().invoke(
        app,
        ["solve", "move", "--rules", "rummikub", "--table", "[R1 R2 R3]", "--rack", "K9", "--json"],
    )
    assert result.exit_code == 1
    data = json_of("solve move", result)
    assert data["found"] is False and data["reason"]["message"] == "no rack tile can be played"
    assert data["table"] == [{"notation": "[R1 R2 R3]", "kind": "run"}]
    assert data["tiles_placed"] == 0
