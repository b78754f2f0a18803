"""Every input file and argument bounded and escaped: nesting depth on JSON and TOML, lone
surrogates and non-UTF-8 refused with the place, user strings escaped for rich and stripped of
control characters, arguments checked before any work, standard output failures ending quietly
with a non-zero exit, and the engine refusing what is not its own action or an in-range
position with ``IllegalActionError`` (docs/rules.md §1.7, ``sir.position``).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import unicodedata
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from remi.cli import app
from remi.core.errors import IllegalActionError
from remi.core.files import MAX_DEPTH, check_tree, printable
from remi.core.presets import load_rules
from remi.core.variant import variant_for_rules
from remi.variants.remi_pe_tabla.actions import Take
from remi.variants.remi_pe_tabla.engine import apply

ROOT = Path(__file__).resolve().parent.parent
GAMES = ROOT / "examples" / "games"
REMI = [sys.executable, "-c", "from remi.cli import main; main()"]
runner = CliRunner()


def _one_error(result: object, *words: str) -> str:
    output = getattr(result, "output", "")
    code = getattr(result, "exit_code", None)
    assert code == 2, output
    lines = output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), output
    assert "Traceback" not in output
    for word in words:
        assert word in lines[0]
    return lines[0]


def test_deep_json_record_is_one_error(tmp_path: Path) -> None:
    path = tmp_path / "deep.json"
    path.write_text('{"format": "remi-record", "x": ' + "[" * 982 + "]" * 982 + "}")
    _one_error(runner.invoke(app, ["replay", str(path)]), "nested deeper than 32 levels")
    path.write_text("[" * 100_000)
    _one_error(runner.invoke(app, ["replay", str(path)]), str(path))


@pytest.mark.parametrize("command", [["score"], ["check", "file"], ["play", "--rules"]])
def test_deep_toml_is_one_error(tmp_path: Path, command: list[str]) -> None:
    path = tmp_path / "deep.toml"
    path.write_text("x = " + "[" * 490 + "]" * 490 + "\n")
    _one_error(runner.invoke(app, [*command, str(path)]), "nested deeper than", str(path))


def test_check_tree_limits_and_names_the_place() -> None:
    check_tree({"a": [[1]] * 3})
    deep: object = 1
    for _ in range(MAX_DEPTH + 1):
        deep = [deep]
    with pytest.raises(ValueError, match=r"nested deeper than 32 levels at \$\[0\]"):
        check_tree(deep)
    with pytest.raises(ValueError, match=r"U\+DC80 in a text at \$\.players\[1\]\.name"):
        check_tree({"players": [{"name": "a"}, {"name": "b\udc80"}]})


def test_surrogate_and_non_utf8_records_name_the_place(tmp_path: Path) -> None:
    data = json.loads((GAMES / "sir-break.json").read_text(encoding="utf-8"))
    data["players"][0]["name"] = "A\ud800"
    path = tmp_path / "s.json"
    path.write_text(json.dumps(data), encoding="ascii")  # written as the escape \ud800
    _one_error(runner.invoke(app, ["replay", str(path)]), "U+D800", "$.players[0].name")
    path.write_bytes(b'{"format": "remi-rec\xff"}')
    _one_error(runner.invoke(app, ["replay", str(path)]), "not UTF-8 text (byte 21)")


def test_control_characters_in_a_record_name_are_refused(tmp_path: Path) -> None:
    data = json.loads((GAMES / "sir-break.json").read_text(encoding="utf-8"))
    data["players"][1]["name"] = "B\x1b[2J\nerror: fake"
    path = tmp_path / "c.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    line = _one_error(runner.invoke(app, ["replay", str(path)]), "$.players[1].name")
    assert "\x1b" not in line and "\\x1b" in line


def test_rule_file_names_are_escaped_or_refused(tmp_path: Path) -> None:
    path = tmp_path / "house.toml"
    path.write_text('name = "house\\u001b[2J"\nfamily = "remi"\n', encoding="utf-8")
    _one_error(runner.invoke(app, ["play", "--auto", "--rules", str(path)]), "control characters")
    path.write_text('name = "[/]house"\nfamily = "remi"\n', encoding="utf-8")
    result = runner.invoke(app, ["play", "--auto", "--players", "2", "--rules", str(path)])
    assert result.exit_code == 0 and "[/]house" in result.output


@pytest.mark.parametrize(
    "args",
    [
        ["play", "--lang", "[/]x"],
        ["replay", "--lang", "[/]\x1b[2J", str(GAMES / "sir-break.json")],
        ["simulate", "--rules", "remi-pe-tabla", "--plot", "x.json"],
        ["simulate", "--rules", "remi-pe-tabla", "--jobs", "99999999999"],
        ["simulate", "--rules", "remi-pe-tabla", "--scheduler", "nonsense://"],
    ],
)
def test_bad_arguments_are_one_escaped_error_before_any_work(args: list[str]) -> None:
    line = _one_error(runner.invoke(app, args))
    assert "\x1b" not in line


def test_markup_in_a_human_name_is_printed_as_written() -> None:
    result = runner.invoke(app, ["play", "--players", "2", "--human", "[/]"], input="quit\n")
    assert result.exit_code == 0, result.output
    assert "p1 [/]" in result.output


def test_printable_escapes_controls_bidi_and_surrogates() -> None:
    assert printable("a\x1b[2J\nb\u202e\ud800 ă") == "a\\x1b[2J\\x0ab\\u202e\\ud800 ă"


@settings(max_examples=200, deadline=None)
@given(st.text())
def test_printable_output_has_no_control_character(text: str) -> None:
    out = printable(text)
    assert all(unicodedata.category(c) not in ("Cc", "Cs") for c in out)
    assert not any(0x202A <= ord(c) <= 0x202E or 0x2066 <= ord(c) <= 0x2069 for c in out)


def _run(args: list[str], **kwargs: object) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([*REMI, *args], capture_output=True, timeout=120, **kwargs)  # type: ignore[call-overload,no-any-return]


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
def test_full_disk_on_standard_output_ends_quietly() -> None:
    with open("/dev/full", "wb") as full:
        result = subprocess.run(
            [*REMI, "rules", "list"], stdout=full, stderr=subprocess.PIPE, timeout=120
        )
    assert result.returncode == 3 and b"Traceback" not in result.stderr


def test_broken_pipe_ends_quietly() -> None:
    proc = subprocess.Popen(
        [*REMI, "play", "--auto", "--players", "4", "--seed", "1"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()
    err = proc.stderr.read()
    assert proc.wait(timeout=120) == 3 and b"Traceback" not in err and b"Exception" not in err


def test_closed_and_non_utf8_standard_input() -> None:
    closed = _run(
        ["play", "--players", "2", "--seed", "3"], stdin=None, preexec_fn=lambda: os.close(0)
    )
    assert closed.returncode == 0 and b"Traceback" not in closed.stderr
    bad = _run(["play", "--players", "2", "--seed", "3"], input=b"disc\xffard R12\nquit\n")
    assert bad.returncode == 0 and b"Traceback" not in bad.stderr
    assert b"not UTF-8 text (character 5)" in bad.stdout


# --- the engine ------------------------------------------------------------------------------


def _with_sir() -> object:
    """A seeded two-player hand played by random legal moves until p may take from a șir of 3+."""
    import random

    rules = load_rules("remi-pe-tabla")
    variant = variant_for_rules(rules)
    state = variant.new_game(rules, 2, seed=1)
    rng = random.Random(2)
    while not (
        len(state.sir) >= 3 and any(isinstance(a, Take) for a in variant.legal_actions(state))
    ):
        state = variant.apply(state, rng.choice(variant.legal_actions(state)))
    return state


STATE = _with_sir()


@pytest.mark.parametrize("position", [0, -1, "-len", True, 10**6])
def test_take_out_of_range_is_refused(position: object) -> None:
    seat = STATE.current  # type: ignore[attr-defined]
    length = len(STATE.sir)  # type: ignore[attr-defined]
    pos = -length if position == "-len" else position
    with pytest.raises(IllegalActionError) as info:
        apply(STATE, Take(seat, pos))  # type: ignore[arg-type]
    assert info.value.rule_id == "sir.position"


@pytest.mark.parametrize("action", [None, "p1 draw", 3, object()])
def test_apply_refuses_what_is_not_an_action(action: object) -> None:
    for family in ("remi-pe-tabla", "rummikub"):
        rules = load_rules(family)
        variant = variant_for_rules(rules)
        state = variant.new_game(rules, 2, seed=1)
        with pytest.raises(IllegalActionError):
            variant.apply(state, action)


@settings(max_examples=300, deadline=None)
@given(st.integers(min_value=-(10**9), max_value=10**9))
def test_take_accepts_exactly_the_positions_of_the_sir(position: int) -> None:
    seat = STATE.current  # type: ignore[attr-defined]
    length = len(STATE.sir)  # type: ignore[attr-defined]
    try:
        apply(STATE, Take(seat, position))
    except IllegalActionError:
        return
    assert 2 <= position <= length  # tile 1 is dead (sir.first_discard_dead)
