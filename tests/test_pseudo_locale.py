"""The guard against English left outside the catalogues: commands run in the pseudo-locale
``qps`` (every catalogue text between ⟦ and ⟧) and no output line may hold a word outside the
markers, tile notation, rule ids, numbers and the players' names aside."""

from __future__ import annotations

import re

import pytest
from typer.testing import CliRunner

from remi.cli import app
from remi.core.messages import PSEUDO, PSEUDO_CLOSE, PSEUDO_OPEN

runner = CliRunner()
ENV = {"COLUMNS": "250", "REMI_LANG": "", "LC_ALL": "", "LANG": "C"}

# tile notation (R7, J, J[R4], K13), rule ids (scoring.closing_bonus), seats (p1), names of bots
_NEUTRAL = re.compile(
    r"J\[[RYBK]\d{1,2}\]|\b[RYBK]\d{1,2}\b|\bJ\b|\b[a-z_]+(?:\.[a-z_0-9]+)+\b|\bp\d\b"
    r"|\b(?:greedy|random|solver|opening|club)(?:-\d)?\b|[-+]?\d+"
)


_PRESETS = ("remi-pe-tabla", "remi-50", "rummy-45", "rummikub", "myrummy-small", "myrummy", "remi")


def _outside_markers(line: str) -> str:
    """``line`` without its marked texts (markers nest: a note inside a frame text)."""
    out, depth = [], 0
    for ch in line:
        if ch == PSEUDO_OPEN:
            depth += 1
            out.append(" ")  # a parameter ends where a marked text begins
        elif ch == PSEUDO_CLOSE:
            depth = max(0, depth - 1)
            out.append(" ")
        elif depth == 0:
            out.append(ch)
    return "".join(out)


def stray_words(output: str, allowed: tuple[str, ...] = ()) -> list[str]:
    """The output lines with a word outside the markers (``allowed``: names, file content)."""
    bad = []
    depth = 0  # a marked text wrapped over several lines stays marked on each of them
    for line in output.splitlines():
        rest = _outside_markers(PSEUDO_OPEN * depth + line)
        depth = max(0, depth + line.count(PSEUDO_OPEN) - line.count(PSEUDO_CLOSE))
        for text in allowed:
            rest = rest.replace(text, " ")
        rest = _NEUTRAL.sub(" ", rest)
        if re.search(r"[A-Za-zĂÂÎȘȚăâîșț]{2,}", rest):
            bad.append(line)
    return bad


def _run(args: list[str]) -> str:
    result = runner.invoke(app, [*args, "--lang", PSEUDO], env=ENV)
    assert result.exit_code in (0, 1), result.output
    return result.output


def test_guard_sees_stray_words() -> None:
    assert stray_words("⟦Scores⟧ R7 p1 scoring.values 12") == []
    assert stray_words("⟦Hand 1⟧ total") == ["⟦Hand 1⟧ total"]


@pytest.mark.parametrize("rules", ["remi-pe-tabla", "rummy-45", "rummikub"])
def test_scripted_hand_of_each_family(rules: str) -> None:
    out = _run(["play", "--auto", "--seed", "4", "--players", "2", "--rules", rules])
    assert stray_words(out, ("remi-pe-tabla", "rummy-45", "rummikub")) == []


def test_dispute_score() -> None:
    out = _run(["score", "examples/disputes/RF-1.toml"])
    assert stray_words(out, ("RF-1: basic two-player close", "remi-pe-tabla")) == []


@pytest.mark.parametrize(
    "args",
    [
        ["check", "meld", "R7 R8 R9"],
        ["check", "meld", "R7 R9 K9"],
        ["check", "meld", "R7 J J", "--rules", "rummikub"],
        ["check", "opening", "[R7 R8 R9] [K1 K1 K1]"],
        ["solve", "opening", "R5 R6 R7 R10 Y10 B10 J"],
        ["solve", "move", "--table", "[R5 R6 R7] [Y9 B9 K9]", "--rack", "R8 Y7 B7 R4"],
        ["simulate", "--rules", "remi-pe-tabla", "--games", "0"],
        ["simulate", "--rules", "remi-pe-tabla", "--bots", ","],
        ["simulate", "--rules", "remi-pe-tabla", "--arm", "x:opening.min_points"],
        ["check", "meld", "R3 R3 R3"],
    ],
)
def test_check_and_solve(args: list[str]) -> None:
    result = runner.invoke(app, [*args, "--lang", PSEUDO], env=ENV)
    assert result.exit_code in (0, 1, 2), result.output
    # true / false: the values as a check file spells them
    assert (
        stray_words(result.output, ("true", "false", "run (suită)", "set (terță)", *_PRESETS)) == []
    )


@pytest.mark.parametrize(
    "args", [["rules", "list"], ["rules", "show", "remi-pe-tabla"], ["rules", "show", "rummikub"]]
)
def test_rules_list_and_show(args: list[str]) -> None:
    """Preset descriptions, headers and rule meanings from the catalogues (values aside)."""
    out = _run(args)
    lines = [line.split("│")[-2] if line.count("│") == 4 else line for line in out.splitlines()]
    # rule values (true, false, rack, either_missing...) are the rule file's spelling
    assert stray_words("\n".join(lines), _PRESETS) == []


def test_simulate() -> None:
    """The comparison table of two presets of different families."""
    args = ["simulate", "--rules", "remi-pe-tabla", "--rules", "rummikub", "--games", "2"]
    out = _run([*args, "--seed", "1"])
    assert stray_words(out, _PRESETS) == []


#: every command and group, for its --help
_COMMANDS = [
    [],
    ["play"],
    ["replay"],
    ["score"],
    ["simulate"],
    ["ladder"],
    ["check"],
    ["check", "meld"],
    ["check", "opening"],
    ["check", "file"],
    ["solve"],
    ["solve", "opening"],
    ["solve", "move"],
    ["rules"],
    ["rules", "list"],
    ["rules", "show"],
    ["rules", "diff"],
]
# option names, metavars (<int>), argument names and the usage line's command path
_HELP_NEUTRAL = re.compile(
    r"^\s{2}[a-z_]+(?:\.\.\.)?(?=\s{2}|\s<)|--?[a-z][a-z-]*|<[^>]*>|\{[a-z_]+\}|^⟦Usage:⟧.*"
    # an option's choices as click shows them (en|ro, [tiles|points])
    r"|\[?\b[a-z]+(?:\|[a-z]+)+\b\]?"
    # a marked word that click's wrapping split at a hyphen
    r"|^\s*[^⟦⟧\s]*⟧|⟦[^⟦⟧\s]*$"
    # an option's default value (a preset, a choice: the code's own spelling)
    r"|⟦default: ⟧[^\]]*\]|^\s*[a-z-]+⟦⟧\]"
)


@pytest.mark.parametrize("command", _COMMANDS, ids=lambda c: " ".join(c) or "remi")
def test_help_of_every_command(command: list[str]) -> None:
    """Every help text, heading and usage word comes from the catalogue."""
    out = _run([*command, "--help"])
    names = tuple(command) + ("remi",)
    lines = [_HELP_NEUTRAL.sub(" ", line) for line in out.splitlines()]
    assert stray_words("\n".join(lines), names) == []


@pytest.mark.parametrize("command", _COMMANDS, ids=lambda c: " ".join(c) or "remi")
def test_help_in_romanian(command: list[str]) -> None:
    """--lang ro and LANG=ro_RO.UTF-8 give the same Romanian help."""
    with_flag = runner.invoke(app, [*command, "--help", "--lang", "ro"], env=ENV).output
    from_locale = runner.invoke(
        app, [*command, "--help"], env={**ENV, "LANG": "ro_RO.UTF-8"}
    ).output
    assert with_flag == from_locale
    assert "Opțiuni:" in with_flag and "Options:" not in with_flag
