"""Regressions found by a new user and a tester trying to break the command line: each bad input
gives one error line naming the bad value (exit 2) and no traceback, and no file is changed."""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from remi.cli import app
from remi.core.errors import NotationError, RulesError
from remi.core.notation import parse_formations_text
from remi.core.presets import load_rules
from remi.core.record_files import load_record
from remi.core.records import RecordError
from remi.simulate import SimulationError, simulate

ROOT = Path(__file__).resolve().parent.parent
GAMES = ROOT / "examples" / "games"
DISPUTES = ROOT / "examples" / "disputes"
runner = CliRunner()


def run(*args: str, input: str | None = None) -> Any:
    return runner.invoke(app, list(args), input=input)


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _bad_input(result: Any, *needles: str) -> None:
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    assert "error:" in result.output or '"error": {' in result.output  # a line, or JSON (--json)
    for needle in needles:
        assert needle in result.output


# --- rules: --set ID=VALUE (rule values) ---------------------------------------------------------


@pytest.mark.parametrize("text", ["٤٥", "4_5", "4５", "45.0", "1e3", ""])
def test_rules_set_integer_takes_ascii_digits_only(text: str) -> None:
    with pytest.raises(RulesError, match="opening.min_points"):
        load_rules("remi-pe-tabla", {"opening.min_points": text})


def test_rules_set_integer_still_takes_signs_and_blanks() -> None:
    assert load_rules("remi-pe-tabla", {"opening.min_points": " +50 "}).opening_min_points == 50


def test_cli_check_opening_min_points_unicode_digits_refused() -> None:
    result = run("check", "opening", "[R5 R6 R7] [R10 Y10 B10]", "--set", "opening.min_points=٩٩")
    _bad_input(result, "opening.min_points", "٩٩")


# --- notation: where a bracket error stands -----------------------------------------------------


@pytest.mark.parametrize("text", ["[[R1 R2 R3]]", "[] [R1 R2 R3]"])
def test_notation_bracket_error_at_the_start_names_no_position_zero(text: str) -> None:
    with pytest.raises(NotationError) as info:
        parse_formations_text(text)
    assert "position 0" not in str(info.value)
    assert "at the start" in str(info.value)


# --- disputes: [options] values ------------------------------------------------------------------


def test_disputes_options_float_value_named_with_the_types_allowed(tmp_path: Path) -> None:
    text = (DISPUTES / "RF-1.toml").read_text(encoding="utf-8")
    path = tmp_path / "float.toml"
    path.write_text(
        text.replace("[players.A]", '[options]\n"scoring.closing_bonus" = 50.5\n\n[players.A]'),
        encoding="utf-8",
    )
    before = _digest(path)
    result = run("score", str(path))
    _bad_input(result, "options.scoring.closing_bonus", "an integer", "50.5")
    assert "single value" not in result.output
    assert _digest(path) == before


# --- records: unknown fields anywhere, family mismatch names the file ------------------------------


def _record(tmp_path: Path, change: Any) -> Path:
    data = json.loads((GAMES / "sir-break.json").read_text(encoding="utf-8"))
    change(data)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda d: d["players"][0].__setitem__("colour", "red"), "$.players[0].colour"),
        (lambda d: d["deal"].__setitem__("tiles", 15), "$.deal.tiles"),
        (
            lambda d: d.__setitem__(
                "match",
                {"hands_played": 0, "totals": {"Ana": 0, "Bogdan": 0}, "base_seed": 0, "x": 1},
            ),
            "$.match.x",
        ),
    ],
)
def test_records_unknown_nested_field_refused(tmp_path: Path, change: Any, field: str) -> None:
    path = _record(tmp_path, change)
    before = _digest(path)
    name = field.rsplit(".", 1)[1]
    with pytest.raises(RecordError, match=re.escape(f"{field}: unknown field '{name}'")) as info:
        load_record(path)
    assert info.value.field == field
    result = run("replay", str(path))
    _bad_input(result, field)
    assert _digest(path) == before


def test_records_family_mismatch_error_starts_with_the_path(tmp_path: Path) -> None:
    path = _record(tmp_path, lambda d: d.__setitem__("family", "rummikub"))
    with pytest.raises(RecordError) as info:
        load_record(path)
    assert str(info.value).startswith(f"{path}: ")
    assert info.value.field == "family"


# --- remi play: seats, player count, --save target, the save command ---------------------------------


@pytest.mark.parametrize("count", ["0", "1", "-1", "7", "99999999999999999999999"])
def test_cli_play_players_out_of_range_refused_before_dealing(count: str) -> None:
    result = run("play", "--players", count, "--auto", "--seed", "1")
    _bad_input(result, f"--players {count}", "2-4", "players.max")


def test_cli_play_rummikub_players_out_of_range_refused() -> None:
    result = run("play", "--rules", "rummikub", "--players", "9", "--auto", "--seed", "1")
    _bad_input(result, "--players 9", "2-4")


@pytest.mark.parametrize("name", ["", "   "])
def test_cli_play_empty_human_name_refused(name: str) -> None:
    result = run("play", "--human", name, "--seed", "1", input="quit\n")
    _bad_input(result, "--human needs a name")


def test_cli_play_save_into_missing_directory_refused_before_playing(tmp_path: Path) -> None:
    target = tmp_path / "no" / "such" / "dir" / "game.json"
    result = run("play", "--auto", "--seed", "1", "--save", str(target))
    _bad_input(result, "--save", "does not exist")
    assert "greedy-1:" not in result.output  # refused before the first action
    assert not target.parent.exists()


def test_cli_play_save_over_a_non_record_refused_before_playing(tmp_path: Path) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes, not a game\n", encoding="utf-8")
    before = _digest(notes)
    result = run("play", "--auto", "--seed", "1", "--save", str(notes))
    _bad_input(result, "not overwritten")
    assert "greedy-1:" not in result.output
    assert _digest(notes) == before


def test_cli_play_save_command_onto_a_directory_keeps_the_game_going(tmp_path: Path) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes, not a game\n", encoding="utf-8")
    before = _digest(notes)
    lines = [f"save {tmp_path}", f"save {notes}", "discard Y2", "quit"]
    result = run(
        "play",
        "--seed",
        "3",
        "--players",
        "2",
        "--human",
        "Ana",
        "--bot",
        "greedy",
        input="\n".join(lines) + "\n",
    )
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output
    assert result.output.count("Could not save to") == 2
    assert "not overwritten" in result.output
    assert "greedy-2: discard" in result.output  # the game went on after the refused saves
    assert _digest(notes) == before


# --- remi simulate: absurd counts ------------------------------------------------------------


def test_cli_simulate_games_too_many_refused() -> None:
    result = run(
        "simulate", "--rules", "remi-pe-tabla", "--games", "99999999999999999999999", "--json"
    )
    _bad_input(result, "--games", "99999999999999999999999")


@pytest.mark.parametrize("count", ["0", "99999999999"])
def test_cli_simulate_players_absurd_refused(count: str) -> None:
    result = run(
        "simulate", "--rules", "remi-pe-tabla", "--games", "1", "--players", count, "--json"
    )
    _bad_input(result, "--players", count)


def test_simulate_library_games_limit() -> None:
    with pytest.raises(SimulationError, match="at most"):
        simulate(["remi-pe-tabla"], games=10**30, seed=0, bots=["greedy"] * 4)


# --- second new-user pass ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["--bots", "greedy,,random"], "an empty seat between commas"),
        (["--bots", "greedy,random", "--players", "4"], "--bots names 2 seats but --players is 4"),
    ],
)
def test_simulate_bots_must_name_every_seat(args: list[str], needle: str) -> None:
    result = CliRunner().invoke(
        app, ["simulate", "--rules", "remi-pe-tabla", "--games", "1", *args]
    )
    assert result.exit_code == 2
    assert needle in result.output


def test_rules_diff_of_equal_presets_says_so() -> None:
    result = CliRunner().invoke(app, ["rules", "diff", "remi-pe-tabla", "remi-pe-tabla"])
    assert result.exit_code == 0
    assert "No differences: remi-pe-tabla, remi-pe-tabla" in result.output


def test_match_check_file_refuses_negative_hands(tmp_path: Path) -> None:
    path = tmp_path / "m.toml"
    path.write_text('kind = "match"\nhands_played = -1\n[totals]\nA = 1065\nB = 990\n')
    result = CliRunner().invoke(app, ["check", "file", str(path)])
    assert result.exit_code == 2
    assert "hands_played: a count of hands, 0 or more, got -1" in result.output


def test_human_name_with_escape_codes_refused() -> None:
    result = CliRunner().invoke(
        app, ["play", "--human", "A\x1b[31mB", "--seed", "1"], input="quit\n"
    )
    assert result.exit_code == 2
    assert "--human names are printable text, got 'A\\x1b[31mB'" in result.output
