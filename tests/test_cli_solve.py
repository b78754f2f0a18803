"""CLI tests of ``remi solve opening`` (exit 0 found, 1 none, 2 bad input)."""

from __future__ import annotations

from typing import Any

from clikit import json_of
from typer.testing import CliRunner

from remi.cli import app

runner = CliRunner()


def _json(*args: str) -> tuple[int, dict[str, Any]]:
    result = runner.invoke(app, ["solve", "opening", *args, "--json"])
    return result.exit_code, json_of("solve opening", result)


def _notations(data: dict[str, Any]) -> list[str]:
    return [f["notation"] for f in data["formations"]]


def test_solve_opening_json_re1_found() -> None:
    code, data = _json("R5 R6 R7 R10 Y10 B10 K2")
    assert code == 0
    assert data["found"] is True
    assert data["points"] == 45
    assert data["formations"] == [
        {"notation": "[R5 R6 R7]", "kind": "run", "points": 15},
        {"notation": "[R10 Y10 B10]", "kind": "set", "points": 30},
    ]
    assert data["tiles_used"] == 6
    assert data["reason"] is None


def test_solve_opening_min_points_none_exit_1() -> None:
    code, data = _json("R2 R3 R4 R5 R9 Y9 B9 K9")  # RE-7: 40 points
    assert code == 1
    assert data["found"] is False and data["points"] is None and data["formations"] == []
    assert (
        data["reason"]["rule"] == "opening.min_points" and "40 points" in data["reason"]["message"]
    )


def test_solve_opening_needs_run_none_exit_1() -> None:
    code, data = _json("R10 Y10 B10 R13 Y13 K13")  # RE-4
    assert code == 1 and data["reason"]["rule"] == "opening.needs_run"


def test_solve_opening_rules_and_set_options() -> None:
    code, data = _json("R1 Y1 B1 R7 Y7 K7")  # RE-5: the 1s exception
    assert code == 0 and _notations(data) == ["[R1 Y1 B1]"] and data["points"] == 75
    code, data = _json("R1 Y1 B1 R7 Y7 K7", "--rules", "rummy-45")
    assert code == 1
    code, data = _json("R2 R3 R4 R5 R9 Y9 B9 K9", "--set", "opening.min_points=40")
    assert code == 0 and data["points"] == 40


def test_solve_opening_sir_take_last_for_opening() -> None:
    code, data = _json("R5 R6 R7 R10 Y10 B10", "--take", "K10")
    assert code == 0 and _notations(data) == ["[R5 R6 R7]", "[R10 Y10 B10 K10]"]
    assert data["points"] == 55
    code, data = _json("R5 R6 R7 R10 Y10 B10", "--take", "K2")
    assert code == 1 and data["reason"]["rule"] == "sir.take_last_for_opening"


def test_solve_opening_human_output_lists_points() -> None:
    result = runner.invoke(app, ["solve", "opening", "K12 K13 K1 B7 B8 B9"])
    assert result.exit_code == 0
    assert "[K12 K13 K1]" in result.stdout and "30" in result.stdout and "45" in result.stdout
    result = runner.invoke(app, ["solve", "opening", "R5 R6"])
    assert result.exit_code == 1 and "[opening.needs_run]" in result.stdout


def test_solve_opening_bad_token_exit_2() -> None:
    result = runner.invoke(app, ["solve", "opening", "R5 X6 R7"])
    assert result.exit_code == 2
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1
    assert "'X6'" in lines[0] and "position 2" in lines[0]
    assert "Traceback" not in result.output


def test_solve_opening_bad_take_and_bad_rules_exit_2() -> None:
    for args in (
        ["R5", "--take", "Q1"],
        ["R5", "--take", "R5 R6"],
        ["R5", "--rules", "nope"],
        ["R5", "--set", "opening.nope=1"],
        ["R5 R5 R5"],
    ):
        result = runner.invoke(app, ["solve", "opening", *args])
        assert result.exit_code == 2, args
        assert "Traceback" not in result.output
        assert len([line for line in result.output.splitlines() if line.strip()]) == 1, args


def test_solve_opening_reason_is_told_in_the_chosen_language() -> None:
    """RE-7 (40 points, needs 45): the reason's id and numbers stay; its text follows --lang
    ("40 de puncte": a Romanian count of 20 or more takes "de")."""
    code, data = _json("R2 R3 R4 R5 R9 Y9 B9 K9", "--lang", "ro")
    reason = data["reason"]
    assert code == 1 and reason["id"] == "cli.solve.no_opening.too_few"
    assert reason["params"] == {
        "count": 40,
        "formations": "[R2 R3 R4 R5] [R9 Y9 B9 K9]",
        "needs": 45,
    }
    assert reason["message"] == (
        "no opening: the best is 40 points ([R2 R3 R4 R5] [R9 Y9 B9 K9]), needs 45 [opening.min_points]"
    )
    assert reason["text"] == (
        "nicio etalare: cea mai bună are 40 de puncte ([R2 R3 R4 R5] [R9 Y9 B9 K9]), trebuie 45"
        " [opening.min_points]"
    )
    code, data = _json("R5 R6 R7 R10 Y10 B10", "--take", "K2", "--lang", "ro")
    assert data["reason"]["params"] == {"tile": "K2"}
    assert data["reason"]["text"].startswith("nicio etalare cu piesa luată K2: piesa nu intră")
