"""The command-line contract (docs/cli.md): every command's ``--json`` output, its answer and its
failure on bad input, matches the command's JSON Schema (remi/schemas/); a failure is only
``{"error": {...}}`` on standard output with the exit code of the plain error line; scores,
players, formations, rules and reasons have one shape whatever the command; texts follow
``--lang`` while ids, rule ids and numbers do not."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from clikit import assert_bad_input, json_of
from typer.testing import CliRunner

from remi.cli import app
from remi.cli.schemas import COMMAND_SCHEMAS, output_schema

ROOT = Path(__file__).resolve().parents[1]
DISPUTES = ROOT / "examples" / "disputes"
GAMES = ROOT / "examples" / "games"
runner = CliRunner()

#: Per command: arguments of a successful run (exit 0 or a verdict, exit 1) and of bad input.
RUNS: dict[str, tuple[list[list[str]], list[list[str]]]] = {
    "score": (
        [
            [str(DISPUTES / "RF-1.toml")],
            [str(DISPUTES / "RK-1.toml")],
            ["--from-record", str(GAMES / "joly-swap.json")],
        ],
        [
            ["/no/such/file.toml"],
            [str(DISPUTES / "RF-1.toml"), "--set", "scoring.nope=1"],
            ["--from-record", str(GAMES / "illegal-opening.json")],
        ],
    ),
    "check meld": (
        [["R3 J R5"], ["B13 B1 B2"], ["R9 J J"]],
        [["R3 X4 R5"], ["R3 R4 R5", "--rules", "remi-99"]],
    ),
    "check opening": (
        [["[R5 R6 R7] [R10 Y10 B10]"], ["[R5 R6 R7]"], ["[R5 R6 R7] [B13 B1 B2]"]],
        [["[R3 R4 R5"]],
    ),
    "check file": (
        [[str(DISPUTES / "RE-1.toml")], [str(DISPUTES / "RF-13.toml")]],
        [["/no/such/check.toml"]],
    ),
    "solve opening": (
        [["R5 R6 R7 R10 Y10 B10 K2"], ["R5 R6 K2"]],
        [["R5 X6"], ["R5 R6 R7", "--take", "R8 R9"], ["R5", "--rules", "rummikub"]],
    ),
    "solve move": (
        [
            ["--table", "[R5 R6 R7] [Y9 B9 K9]", "--rack", "R8 Y7 B7 J"],
            ["--table", "[R1 R2 R3]", "--rack", "K9"],
        ],
        [["--rack", ""], ["--rack", "R8", "--budget-seconds", "0"], ["--objective", "most"]],
    ),
    "rules list": ([[]], [["--nope"]]),
    "rules show": ([["remi-pe-tabla"], ["rummikub"]], [["no-such-preset"]]),
    "rules diff": (
        [["remi-pe-tabla", "rummy-45"], ["rummikub", "myrummy", "--all"]],
        [["remi-pe-tabla"], ["remi-pe-tabla", "nope"]],
    ),
    "replay": (
        [[str(GAMES / "missed-announcement.json")], [str(GAMES / "illegal-opening.json")]],
        [["/no/such/game.json"]],
    ),
    "simulate": (
        [["--rules", "remi-pe-tabla", "--rules", "remi-50", "--games", "1", "--players", "2"]],
        [["--rules", "remi-pe-tabla", "--games", "0"], ["--rules", "remi-pe-tabla", "--bots", ""]],
    ),
    "ladder": (
        [["--bots", "random,greedy", "--deals", "1"]],
        [["--bots", "greedy"], ["--bots", "club,solver", "--rules", "myrummy-small"]],
    ),
}


def _invoke(command: str, args: list[str], *extra: str) -> Any:
    return runner.invoke(app, [*command.split(), *args, "--json", *extra])


def test_every_command_with_json_has_a_schema_and_runs() -> None:
    assert set(RUNS) == set(COMMAND_SCHEMAS)
    for command in COMMAND_SCHEMAS:
        jsonschema.Draft202012Validator.check_schema(output_schema(command))


@pytest.mark.parametrize("command", sorted(RUNS))
def test_answers_match_their_schema(command: str) -> None:
    for args in RUNS[command][0]:
        result = _invoke(command, args)
        assert result.exit_code in (0, 1), (args, result.output)
        data = json_of(command, result)
        assert "error" not in data


@pytest.mark.parametrize("command", sorted(RUNS))
def test_bad_input_is_a_json_error_with_the_plain_exit_code(command: str) -> None:
    for args in RUNS[command][1]:
        plain = runner.invoke(app, [*command.split(), *args])
        code = plain.exit_code
        assert code in (1, 2), (args, plain.output)
        result = _invoke(command, args)
        error = assert_bad_input(result, json_out=True, code=code)
        json_of(command, result)
        assert error["message"] and error["text"]
        assert plain.stderr.strip() == f"error: {error['message']}"  # the same words


def test_errors_name_what_they_are_about() -> None:
    """A bad token, a rule id, a file and an option are named in their own keys."""
    bad_tile = assert_bad_input(_invoke("check meld", ["R3 X4 R5"]), json_out=True)
    assert bad_tile["token"] == "X4" and bad_tile["id"] == "notation.not_a_tile"
    assert bad_tile["params"]["position"] == 2
    bad_rule = assert_bad_input(
        _invoke("score", [str(DISPUTES / "RF-1.toml"), "--set", "scoring.closing_bonus=lots"]),
        json_out=True,
    )
    assert bad_rule["rule"] == "scoring.closing_bonus"
    missing = assert_bad_input(_invoke("replay", ["/no/such/game.json"]), json_out=True)
    assert missing["path"] == "/no/such/game.json"
    refused = assert_bad_input(
        _invoke("score", ["--from-record", str(GAMES / "illegal-opening.json")]),
        json_out=True,
        code=1,
    )
    assert refused["rule"] == "opening.min_points" and refused["field"] == "actions[6]"
    usage = assert_bad_input(_invoke("solve move", ["--objective", "most"]), json_out=True)
    assert usage["field"] == "--objective"


def test_scores_have_one_shape_across_commands() -> None:
    """The same record's scores from `score --from-record` and `replay` are equal objects."""
    path = str(GAMES / "missed-announcement.json")
    scored = json_of("score", _invoke("score", ["--from-record", path]))
    replayed = json_of("replay", _invoke("replay", [path]))
    assert scored["scores"] == replayed["scores"]
    assert scored["rules"] == replayed["rules"]
    assert [(s["seat"], s["name"], s["points"]) for s in scored["scores"]] == [
        (1, "Ana", -500),
        (2, "Bogdan", -110),
    ]
    for score in scored["scores"]:
        assert sum(line["points"] for line in score["lines"]) == score["points"]


def test_text_follows_lang_and_the_rest_does_not() -> None:
    """--lang changes only the `text` fields: ids, rule ids, numbers and English messages stay."""
    english = _invoke("check opening", ["[R5 R6 R7]"], "--lang", "en")
    romanian = _invoke("check opening", ["[R5 R6 R7]"], "--lang", "ro")
    en, ro = json_of("check opening", english), json_of("check opening", romanian)
    assert en["reason"]["text"] != ro["reason"]["text"]
    assert "etalarea are 15 puncte, trebuie 45" in ro["reason"]["text"]

    def neutral(data: Any) -> Any:
        if isinstance(data, dict):
            return {k: neutral(v) for k, v in data.items() if k != "text"}
        if isinstance(data, list):
            return [neutral(v) for v in data]
        return data

    assert neutral(en) == neutral(ro)
    path = str(DISPUTES / "RF-1.toml")
    en_score = json_of("score", _invoke("score", [path], "--lang", "en"))
    ro_score = json_of("score", _invoke("score", [path], "--lang", "ro"))
    assert neutral(en_score) == neutral(ro_score)
    assert [ln["text"] for s in en_score["scores"] for ln in s["lines"]] != [
        ln["text"] for s in ro_score["scores"] for ln in s["lines"]
    ]


def test_plain_errors_stay_one_line_on_stderr() -> None:
    result = runner.invoke(app, ["check", "meld", "R3 X4 R5"])
    assert_bad_input(result)
    assert json.loads(_invoke("check meld", ["R3 X4 R5"]).stdout)["error"]["exit_code"] == 2


def test_the_command_lines_own_errors_come_from_the_catalogue() -> None:
    """An error the command line itself finds has a message id: English `message`, `text` and
    the plain line in --lang."""
    error = assert_bad_input(
        _invoke("rules diff", ["remi-pe-tabla"], "--lang", "ro"), json_out=True
    )
    assert error["id"] == "cli.error.diff_two" and error["field"] == "presets"
    assert error["message"] == "rules diff needs at least two presets"
    assert error["text"] == "rules diff compară cel puțin două seturi de reguli"
    plain = runner.invoke(app, ["rules", "diff", "remi-pe-tabla", "--lang", "ro"])
    assert plain.stderr.strip() == "eroare: rules diff compară cel puțin două seturi de reguli"
    bad_set = assert_bad_input(
        _invoke("check meld", ["R1 R2 R3", "--set", "nonsense"]), json_out=True
    )
    assert bad_set["id"] == "cli.error.set_format" and bad_set["params"] == {"item": "nonsense"}
    typo = runner.invoke(app, ["solve", "move", "--objective", "pionts", "--lang", "ro"])
    assert "Ați vrut să scrieți „points”?" in typo.stderr
