"""The start-up shortcuts of ``remi`` (docs/architecture.md, "Start-up"): a group's help drawn
from the command table (``remi.cli.quick_help``) and a plain ``check meld``
(``remi.cli.quick_check``) print what typer's commands print, with the same exit codes, and
leave every other invocation to typer."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import types

import pytest
from typer.testing import CliRunner

from remi.cli import quick_help
from remi.cli.app import app
from remi.cli.help_table import GROUP_HELP, HELP_IDS_OF, LAZY_COMMANDS, ROOT_OPTIONS
from remi.cli.quick_check import answer_meld, meld_request
from remi.cli.quick_help import answer, help_request, render
from remi.core.messages import Messages

runner = CliRunner()
_PLAIN_ENV = {"COLUMNS": "80", "NO_COLOR": "", "FORCE_COLOR": "", "REMI_LANG": "en"}


def _clean(monkeypatch: pytest.MonkeyPatch, **env: str) -> None:
    monkeypatch.setattr(quick_help, "_program", lambda: "remi")  # CliRunner's name: the app's
    for name in ("COLUMNS", "TERMINAL_WIDTH", "NO_COLOR", "FORCE_COLOR", "PY_COLORS"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.delenv("GITHUB_ACTIONS", raising=False)
    monkeypatch.setenv("REMI_LANG", "en")
    for name, value in env.items():
        monkeypatch.setenv(name, value)


def test_every_help_text_of_the_table_is_its_catalogue_text() -> None:
    m = Messages("en")
    for group, rows in LAZY_COMMANDS.items():
        assert set(rows) == set(HELP_IDS_OF[group])
        for name, (_, text) in rows.items():
            assert " ".join(m(HELP_IDS_OF[group][name]).split()) == " ".join(text.split())
    for text, key in GROUP_HELP.values():
        assert m(key) == text
    for _, text, key in ROOT_OPTIONS:
        assert m(key) == text


@pytest.mark.parametrize(
    ("argv", "code"),
    [
        ([], 2),
        (["--help"], 0),
        (["--no-color", "--help"], 0),
        (["check"], 2),
        (["solve", "--help"], 0),
        (["--lang", "ro", "--help"], 0),
        (["--help", "--lang=ro"], 0),
        (["--lang", "ro", "rules"], 2),
        (["--lang", "ro", "check", "--help"], 0),
    ],
)
@pytest.mark.parametrize("columns", ["80", "132"])
def test_the_help_is_typers(
    argv: list[str],
    code: int,
    columns: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    _clean(monkeypatch, COLUMNS=columns)
    # typer's CliRunner draws click's plain help 80 wide (a terminal: at most 78, below)
    monkeypatch.setattr(quick_help, "_width", lambda lang: int(columns) if lang == "en" else 80)
    typers = runner.invoke(app, argv, env={**_PLAIN_ENV, "COLUMNS": columns})
    assert answer(argv) == code == typers.exit_code
    assert capsys.readouterr().out == typers.stdout


@pytest.mark.parametrize(
    ("columns", "english", "other"), [("132", 132, 78), ("60", 60, 58), ("30", 30, 50)]
)
def test_the_width_is_riches_in_english_and_clicks_in_romanian(
    columns: str, english: int, other: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    _clean(monkeypatch, COLUMNS=columns)
    assert (quick_help._width("en"), quick_help._width("ro")) == (english, other)
    monkeypatch.setenv("TERMINAL_WIDTH", "100")  # typer's own setting, for rich
    assert (quick_help._width("en"), quick_help._width("ro")) == (100, other)


def test_the_program_draws_the_romanian_help_as_typer_in_a_terminal() -> None:
    """Through ``remi.cli.main`` and ``remi.cli.app.main`` in fresh interpreters (click's
    own width, which typer's CliRunner fixes at 80)."""
    env = {**os.environ, "COLUMNS": "100", "REMI_LANG": "ro"}
    outputs = []
    for entry in ("remi.cli", "remi.cli.app"):
        code = f"import sys; sys.argv = ['remi', 'check']; from {entry} import main; main()"
        done = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=False
        )
        outputs.append((done.returncode, done.stdout))
    assert outputs[0] == outputs[1] and outputs[0][0] == 2 and "Comenzi:" in outputs[0][1]


def test_the_program_is_named_as_click_names_it(monkeypatch: pytest.MonkeyPatch) -> None:
    script = types.ModuleType("__main__")
    monkeypatch.setitem(sys.modules, "__main__", script)
    monkeypatch.setattr(sys, "argv", ["/venv/bin/remi", "--help"])
    assert quick_help._program() == "remi"
    script.__package__ = "remi"  # python -m remi
    monkeypatch.setattr(sys, "argv", ["/site-packages/remi/__main__.py", "--help"])
    assert quick_help._program() == "python -m remi"


def test_the_version_is_typers(capsys: pytest.CaptureFixture[str]) -> None:
    assert answer(["--version"]) == 0
    assert capsys.readouterr().out == runner.invoke(app, ["--version"]).stdout == "remi 0.1.0\n"


def test_the_help_lists_every_command_in_both_languages(monkeypatch: pytest.MonkeyPatch) -> None:
    _clean(monkeypatch)
    english = render("", "en", 100)
    romanian = render("", "ro", 78)
    for name in [*LAZY_COMMANDS[""], "check", "solve", "rules"]:
        assert f"│ {name} " in english and f"\n  {name} " in romanian
    assert "Folosire: remi [OPȚIUNI] COMANDĂ [ARGUMENTE]..." in romanian
    assert "Verifică o formație sau o etalare după reguli." in romanian
    assert "╭─ Commands ─" in english and "[expect]" in english and "`" not in english


def test_colours_only_on_a_terminal_and_never_under_no_color(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _clean(monkeypatch, FORCE_COLOR="1", COLUMNS="80")
    answer(["--help"])
    coloured = capsys.readouterr().out
    assert "\x1b[1;36m--version\x1b[0m" in coloured and "\x1b[1;36;40m[expect]\x1b[0m" in coloured
    assert re.sub(r"\x1b\[[0-9;]*m", "", coloured) == render("", "en", 80)  # same layout
    answer(["--no-color", "--help"])
    assert "\x1b[" not in capsys.readouterr().out
    _clean(monkeypatch, FORCE_COLOR="1", NO_COLOR="1")
    answer(["--help"])
    assert "\x1b[" not in capsys.readouterr().out
    _clean(monkeypatch)
    answer(["--help"])  # a pipe: no colours
    assert "\x1b[" not in capsys.readouterr().out


@pytest.mark.parametrize(
    "argv",
    [
        ["play", "--help"],
        ["--help", "check"],
        ["check", "--lang", "ro"],
        ["--lang", "qps", "--help"],
        ["--lang", "xx"],
        ["check", "meld", "--help"],
        ["--install-completion"],
        ["--no-color"],
        ["-h"],
    ],
)
def test_other_invocations_go_to_typer(argv: list[str]) -> None:
    assert help_request(argv) is None
    assert answer(argv) is None


@pytest.mark.parametrize(
    "argv",
    [
        ["check", "meld", "R1 R2 R3"],
        ["check", "meld", "R5 J R7", "--lang", "ro"],
        ["check", "meld", "[K12 K13 K1]", "--rules=rummy-45", "--no-color"],
        ["check", "meld", "R1 Y1 B1 K1", "--lang=ro", "--rules", "myrummy"],
        ["check", "meld", "R1 R2 R4"],
        ["check", "meld", "G1 G2 G3", "--lang", "ro"],
        ["check", "meld", "R1 R3", "--lang", "ro"],
    ],
)
def test_a_plain_meld_check_is_typers(
    argv: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _clean(monkeypatch)
    typers = runner.invoke(app, argv, env=_PLAIN_ENV)
    assert answer_meld(argv) == typers.exit_code
    assert capsys.readouterr().out == typers.stdout


@pytest.mark.parametrize(
    "argv",
    [
        ["check", "meld", "R5 X"],  # a bad tile: typer's one-line error, exit 2
        ["check", "meld", "R1 R1 R1"],  # the same tile thrice: bad input, exit 2
        ["check", "meld", "R1 R2 R3", "--rules", "no-such-preset"],
        ["check", "meld", "R1 R2 R3", "--json"],
        ["check", "meld", "R1 R2 R3", "--set", "joly.count=2"],
        ["check", "meld", "R1 R2 R3", "--lang", "ro", "--lang", "en"],
        ["check", "meld", "R1 R2 R3", "R4"],
        ["check", "meld"],
        ["check", "opening", "[R1 R2 R3]"],
    ],
)
def test_every_other_check_goes_to_typer(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert answer_meld(argv) is None
    assert capsys.readouterr().out == ""
    assert meld_request(argv) is None or argv[3:4] in (["--rules"], []) or "X" in argv[2]


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
@pytest.mark.parametrize("argv", [["--help"], ["check", "meld", "R1 R2 R3"]])
def test_a_shortcut_on_a_full_disk_ends_quietly_with_exit_3(argv: list[str]) -> None:
    code = "import sys; from remi.cli import main; sys.argv = ['remi', *sys.argv[1:]]; main()"
    with open("/dev/full", "wb") as full:
        done = subprocess.run(
            [sys.executable, "-c", code, *argv], stdout=full, stderr=subprocess.PIPE, check=False
        )
    assert done.returncode == 3 and done.stderr == b""
