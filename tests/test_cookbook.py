"""The cookbook's programs (docs/cookbook.md, examples/cookbook/) run and print what the rules
give; each imports nothing from remi but the top-level package (the library surface)."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

import remi

ROOT = Path(__file__).resolve().parent.parent
COOKBOOK = ROOT / "examples" / "cookbook"
PROGRAMS = sorted(p.name for p in COOKBOOK.glob("*.py"))


def _run(name: str, *args: str) -> list[str]:
    done = subprocess.run(
        [sys.executable, str(COOKBOOK / name), *args],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    )
    assert done.stderr == ""
    return done.stdout.splitlines()


def test_the_cookbook_page_shows_every_program() -> None:
    page = (ROOT / "docs" / "cookbook.md").read_text(encoding="utf-8")
    assert PROGRAMS == ["custom_bot.py", "replay_record.py", "score_position.py"]
    for name in PROGRAMS:
        assert (COOKBOOK / name).read_text(encoding="utf-8") in page, name


@pytest.mark.parametrize("name", PROGRAMS)
def test_a_program_imports_only_the_top_level_package(name: str) -> None:
    tree = ast.parse((COOKBOOK / name).read_text(encoding="utf-8"))
    modules = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            modules |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            modules.add(node.module or "")
    assert {m for m in modules if m.startswith("remi")} == {"remi"}
    assert modules <= {"remi", "sys", "pathlib", "__future__"}


def test_custom_bot_plays_a_game_to_its_end() -> None:
    out = _run("custom_bot.py")
    assert out == ["actions: 131", "winner: p1", "longest: +7", "greedy: -7"]


def _remi_value(tile: str, rules: remi.RuleSet) -> int:
    """A tile's end-of-hand value in Remi (docs/rules.md §1.12): ace, 2-9, 10-K."""
    rank = int(tile[1:])
    if rank == 1:
        return int(rules.get("scoring.value_ace"))
    return int(rules.get("scoring.value_low" if rank < 10 else "scoring.value_high"))


def test_replay_record_prints_the_actions_and_the_scores() -> None:
    out = _run("replay_record.py")
    data = json.loads((ROOT / "examples" / "games" / "sir-break.json").read_text("utf-8"))
    assert out[0] == f"remi-pe-tabla: Ana, Bogdan; {len(data['actions'])} actions"
    rules = remi.load_rules("remi-pe-tabla")
    written = [str(remi.parse_action(a, rules)) for a in data["actions"]]  # formations sorted
    assert [line.strip() for line in out[1 : 1 + len(written)]] == written
    # Bogdan never opened: minus his rack (scoring.non_opener = rack); Ana closed on B6: the
    # value of her formations on the table plus the closing bonus.
    bogdan = "R11 Y3 Y5 Y7 Y9 Y11 Y13 B1 B3 B5 B11 B13 K3 K9".split()
    laid = "R5 R6 R7 R8 R10 Y10 B10 K10 K4 K5 K6 K7 K8 Y2 B2 K2".split()
    ana_values = sum(_remi_value(t, rules) for t in laid)
    bonus = int(rules.get("scoring.closing_bonus"))
    penalty = sum(_remi_value(t, rules) for t in bogdan)
    assert (ana_values, bonus, penalty) == (100, 50, 115)
    assert out[-5:] == [
        f"Ana: {ana_values + bonus:+d}",
        f"  {ana_values:+d} scoring.values",
        f"  {bonus:+d} scoring.closing_bonus",
        f"Bogdan: {-penalty:+d}",
        f"  {-penalty:+d} scoring.non_opener",
    ]


def test_score_position_explains_a_finished_game() -> None:
    out = _run("score_position.py")
    # p1 went out; p2 holds K7: minus its face value, which p1 gains (docs/rules.md §2.9).
    assert out == [
        "p1: +7",
        "  +7 scoring.going_out: went out: the sum of the other racks",
        "p2: -7",
        "  -7 scoring.going_out: minus his rack K7",
    ]


def test_score_position_says_when_the_game_goes_on() -> None:
    state = remi.new_game(remi.load_rules("rummikub"), 2, seed=4)
    assert _run("score_position.py", remi.position(state)) == ["not finished: p1 to play"]


def test_the_readme_library_snippet_runs_as_written() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("Library use:", 1)[1]
    code = section.split("```python\n", 1)[1].split("```", 1)[0]
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
    )
    assert done.stderr == ""
    # seed 1, four players: p1 holds 15 tiles (docs/rules.md §1.2), discards K2 and keeps 14.
    lines = done.stdout.splitlines()
    assert lines[1] == "14 tiles in my rack; șir: ['K2']"
    assert lines[0].endswith(" legal actions for p1") and int(lines[0].split()[0]) > 0
