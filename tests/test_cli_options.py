"""The shared options of the command line (docs/cli.md): choices as enums that ``--help`` lists
and whose typos get a suggestion, shell completion of presets, rule ids and tiles, and
``--no-color`` / ``NO_COLOR`` on every command."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from remi.bots import BOT_KINDS
from remi.cli import app
from remi.cli.completion import complete_bots, complete_presets, complete_rule_ids, complete_tiles
from remi.cli.lang import Language
from remi.cli.solve import Objective
from remi.core.messages import LANGUAGES
from remi.core.presets import list_presets

runner = CliRunner()


def _remi(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", _MAIN, *args],
        capture_output=True,
        text=True,
        env={**os.environ, **env},
        timeout=60,
    )


_MAIN = "import sys; sys.argv[0] = 'remi'; from remi.cli import main; main()"


def test_enums_match_what_the_program_knows() -> None:
    assert complete_bots("") == list(BOT_KINDS) and complete_bots("S") == ["solver"]
    assert {lang.value for lang in Language} >= set(LANGUAGES)
    assert [o.value for o in Objective] == ["tiles", "points"]


@pytest.mark.parametrize(
    ("command", "listed"),
    [
        (["solve", "move"], "tiles|points"),
        (["check", "meld"], "en|ro"),
        (["play"], "random|greedy|solver"),
    ],
)
def test_help_lists_the_choices(command: list[str], listed: str) -> None:
    result = runner.invoke(app, [*command, "--help"], env={"COLUMNS": "200"})
    assert result.exit_code == 0 and listed in result.output


@pytest.mark.parametrize(
    ("args", "suggestion"),
    [
        (["solve", "move", "--rack", "R1", "--objective", "pionts"], "Did you mean 'points'?"),
        (["check", "meld", "R1 R2 R3", "--lang", "rom"], "Did you mean 'ro'?"),
        (["play", "--bot", "gredy", "--auto"], "Did you mean 'greedy'?"),
    ],
)
def test_a_typo_in_a_choice_gets_a_suggestion(args: list[str], suggestion: str) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and suggestion in lines[0]


def test_completion_of_presets_rule_ids_and_tiles() -> None:
    assert complete_presets("remi") == [p for p in list_presets() if p.startswith("remi")]
    assert "remi-pe-tabla" in complete_presets("remi")
    assert "opening.min_points=" in complete_rule_ids("opening.")
    assert "initial_meld.min_points=" in complete_rule_ids("initial_meld")  # the other family
    assert complete_rule_ids("opening.min_points=4") == []  # the value is free
    assert complete_tiles("R3 J R1") == ["R3 J R1", "R3 J R10", "R3 J R11", "R3 J R12", "R3 J R13"]
    assert len(complete_tiles("")) == 53  # 4 colours x 13 numbers, and the joly
    assert complete_tiles("[k1") == ["[K1", "[K10", "[K11", "[K12", "[K13"]


def test_shell_completion_through_the_program() -> None:
    """What bash receives from `remi` itself (typer's completion, `remi --install-completion`)."""
    presets = _remi(
        _REMI_COMPLETE="complete_bash", COMP_WORDS="remi play --rules my", COMP_CWORD="3"
    )
    assert presets.stdout.split() == [p for p in list_presets() if p.startswith("my")]
    ids = _remi(
        _REMI_COMPLETE="complete_bash", COMP_WORDS="remi check meld --set joly.", COMP_CWORD="4"
    )
    assert ids.stdout.split() and all(w.startswith("joly.") for w in ids.stdout.split())
    # The shell named on the command line, not detected from the parent processes (a test run
    # in the background has no shell among them, and typer then says "Shell  not supported").
    shown = _remi("--show-completion", "bash", _TYPER_COMPLETE_TEST_DISABLE_SHELL_DETECTION="1")
    assert shown.returncode == 0 and "_REMI_COMPLETE" in shown.stdout


def test_help_is_rich_and_lists_completion() -> None:
    result = runner.invoke(app, ["--help"])
    assert "--install-completion" in result.output and "╭─ Commands" in result.output


_COLOUR = "\x1b[1;33m"  # rules diff: a differing rule in bold yellow


@pytest.mark.parametrize(
    ("args", "env"),
    [
        (["rules", "diff", "remi-pe-tabla", "rummy-45", "--no-color"], {}),
        (["--no-color", "rules", "diff", "remi-pe-tabla", "rummy-45"], {}),
        (["rules", "diff", "remi-pe-tabla", "rummy-45"], {"NO_COLOR": "1"}),
    ],
)
def test_no_color_option_and_environment(args: list[str], env: dict[str, str]) -> None:
    coloured = runner.invoke(
        app, ["rules", "diff", "remi-pe-tabla", "rummy-45"], env={"FORCE_COLOR": "1"}
    )
    assert _COLOUR in coloured.output
    plain = runner.invoke(app, args, env={"FORCE_COLOR": "1", **env})
    assert plain.exit_code == 0 and "atu.enabled" in plain.output
    assert "\x1b[1;33m" not in plain.output and "\x1b[33m" not in plain.output


def test_every_command_takes_no_color() -> None:
    from remi.cli.app import LAZY_COMMANDS

    for group, commands in LAZY_COMMANDS.items():
        for name in commands:
            path = [group, name] if group else [name]
            result = runner.invoke(app, [*path, "--help"], env={"COLUMNS": "200"})
            assert "--no-color" in result.output, path
