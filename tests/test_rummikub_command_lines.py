"""A Rummikub-style turn takes several editor commands on one line, separated by ``;``, as
``hint`` and ``help`` show a play (``new R1 J R3 ; new B11 B12 B13``); the first refused one
drops the rest (nothing after it is carried out)."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from remi.cli import app
from remi.core.record_files import load_record

runner = CliRunner()

#: Seed 4, four seats: the player's first rack is R1 R3 R6 Y1 Y7 B2 B5 B11 B12 B13 K8 K12 K12 J
#: (the greedy bots play first: the table holds [Y3 Y4 Y5] [K9 J K11]).
ARGS = ["play", "--plain", "--rules", "rummikub", "--seed", "4", "--no-timer"]


def _play(tmp_path: Path, typed: str) -> tuple[str, tuple[str, ...]]:
    save = tmp_path / "game.json"
    result = runner.invoke(app, [*ARGS, "--save", str(save)], input=typed)
    assert result.exit_code == 0, result.output
    return result.output, load_record(save).actions


def test_two_commands_on_one_line_make_the_initial_meld(tmp_path: Path) -> None:
    """R1 J R3 (6 points, the joker as R2) and B11 B12 B13 (36): an initial meld of 42
    points, at least the 30 the rules ask, in one play."""
    out, actions = _play(tmp_path, "new R1 J R3 ; new B11 B12 B13\ndone\n")
    mine = [a for a in actions if a.startswith("p1 ")]
    assert len(mine) == 1 and "R1 J R3" in mine[0] and "B11 B12 B13" in mine[0]
    assert "Not understood" not in out


def test_a_bad_command_drops_the_rest_of_the_line(tmp_path: Path) -> None:
    out, actions = _play(tmp_path, "new R1 Q3 ; new B11 B12 B13\n")
    assert "'Q3'" in out and "[B11 B12 B13]" not in out
    assert not any(a.startswith("p1 ") for a in actions)
