"""What a new user met on the command line: an unknown ``--lang`` refused wherever it stands
(and the tests' pseudo-locale never offered), flags without a value placeholder in ``--help``,
bot-kind typos with a suggestion in ``simulate``, seat names that tell club settings apart (in
play, in simulate's JSON and in its failure records), and ``ladder``'s "different bots" check
agreeing with its message."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from remi.bots import distinct_bots, seat_name
from remi.cli import app
from remi.core.record_files import load_record

runner = CliRunner()


def _error_line(result: Result) -> str:
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, lines
    return str(lines[0])


@pytest.mark.parametrize(
    ("args", "path"),
    [
        (["--lang", "xx", "--help"], "remi"),
        (["--help", "--lang", "xx"], "remi"),
        (["play", "--lang", "xx"], "remi play"),
        (["play", "--lang=xx", "--help"], "remi play"),
        (["check", "meld", "R1 R2 R3", "--lang", "xx"], "remi check meld"),
    ],
)
def test_an_unknown_language_is_one_error_line(args: list[str], path: str) -> None:
    """The bad value and the choices (en, ro; never the pseudo-locale), exit 2."""
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    line = _error_line(result)
    assert line == (
        f"error: Invalid value for '--lang': 'xx' is not one of 'en', 'ro'. (see '{path} --help')"
    )
    assert "qps" not in result.output


def test_an_unknown_language_in_romanian_and_in_json() -> None:
    ro = runner.invoke(app, ["play", "--lang", "xx"], env={"REMI_LANG": "ro"})
    assert ro.exit_code == 2 and _error_line(ro).startswith("eroare: Valoare greșită pentru")
    js = runner.invoke(app, ["simulate", "--json", "--lang", "rx", "--rules", "remi-pe-tabla"])
    assert js.exit_code == 2
    error = json.loads(js.stdout)["error"]
    assert error["field"] == "--lang" and "Did you mean 'ro'?" in error["message"]


def test_the_pseudo_locale_still_works_for_the_tests() -> None:
    result = runner.invoke(app, ["check", "meld", "R1 R2 R3", "--lang", "qps"])
    assert result.exit_code == 0 and "⟦" in result.output


@pytest.mark.parametrize("command", [["simulate"], ["ladder"], ["play"], []])
def test_flags_show_no_value_placeholder(command: list[str]) -> None:
    result = runner.invoke(app, [*command, "--help"], env={"COLUMNS": "100"})
    assert result.exit_code == 0
    assert "<bool>" not in result.output
    assert "--help" in result.output


@pytest.mark.parametrize(
    ("lang", "said"), [("en", "Did you mean 'greedy'?"), ("ro", "Ați vrut să scrieți „greedy”?")]
)
def test_simulate_suggests_the_bot_kind(lang: str, said: str) -> None:
    args = ["simulate", "--rules", "remi-pe-tabla", "--games", "1", "--lang", lang]
    bots = runner.invoke(app, [*args, "--bots", "gredy"])
    assert bots.exit_code == 2 and said in _error_line(bots)
    check = runner.invoke(app, [*args, "--bots", "greedy,greedy", "--bots-check", "gredy"])
    assert check.exit_code == 2 and said in _error_line(check)
    assert "--bots-check" in _error_line(check)


def test_seat_names_tell_club_settings_apart() -> None:
    assert seat_name("club:samples=4", 0) == "club(samples=4)-1"
    assert seat_name("club", 1) == "club-2"
    assert seat_name("Club:Samples=4:budget=0.2s", 2) == "club(samples=4,budget=0.2s)-3"
    result = runner.invoke(
        app, ["play", "--auto", "--plain", "--seed", "1", "--players", "2",
              "--bot", "club:samples=4", "--bot", "club"],
    )  # fmt: skip
    assert result.exit_code == 0
    assert result.output.splitlines()[0].endswith("p1 club(samples=4)-1, p2 club-2")


def test_simulate_json_and_failure_records_name_each_seat(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The failure record's seats are named from each seat's own spec, as the JSON report's."""
    import remi.simulate.game as game

    def broken(*args: object, **kwargs: object) -> object:
        raise RuntimeError("engine defect")

    real = game.play_game
    failures = tmp_path / "fail.jsonl"
    args = ["simulate", "--rules", "remi-pe-tabla", "--games", "2", "--json",
            "--bots", "club:samples=4,greedy", "--failures", str(failures)]  # fmt: skip
    ok = runner.invoke(app, args)
    assert ok.exit_code == 0
    names = [p["name"] for p in json.loads(ok.stdout)["players"]]
    assert names == ["club(samples=4)-1", "greedy-2"]
    calls = []

    def one_broken(arm, seed, bots, ids=(), log=None):  # type: ignore[no-untyped-def]
        calls.append(seed)
        if seed == 1:
            return broken()
        return real(arm, seed, bots, ids, log)

    monkeypatch.setattr(game, "play_game", one_broken)
    runner.invoke(app, args)
    record = json.loads(failures.read_text(encoding="utf-8").splitlines()[0])
    players = load_record(record["record_file"]).players
    assert [(p.name, p.kind) for p in players] == [
        ("club(samples=4)-1", "club:samples=4"),
        ("greedy-2", "greedy"),
    ]


def test_ladder_settings_make_another_bot() -> None:
    """``club,club`` (or ``club,Club``) is one bot: refused with the message that says so;
    ``club,club:samples=4`` is two bots and is ranked."""
    assert distinct_bots(["club", " Club", "Club:samples=4", "club:SAMPLES=4"]) == [
        "club",
        "club:samples=4",
    ]
    for bots in ("club,club", "club,Club", "club:samples=4,club:SAMPLES=4"):
        result = runner.invoke(app, ["ladder", "--bots", bots, "--deals", "1"])
        assert result.exit_code == 2
        assert "must name at least two different bots" in _error_line(result)
        assert "club and club:samples=4 are two bots" in _error_line(result)
    ranked = runner.invoke(
        app, ["ladder", "--bots", "club:samples=1,Club:samples=2", "--deals", "1", "--json"]
    )
    assert ranked.exit_code == 0, ranked.output
    pair = json.loads(ranked.stdout)["pairs"][0]
    assert (pair["a"], pair["b"]) == ("club:samples=1", "club:samples=2")
