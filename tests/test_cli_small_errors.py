"""Small CLI defects a new user met: an empty rack is bad input (exit 2), an empty bot name in
``--bots`` is named as such, the simulate header says what its per-100-hands figure counts, the
ladder's rating header fits at 80 columns, the failures file ``remi simulate`` writes is not
tracked, a record's unknown preset is refused unless the record holds its full rules, and a
split out of range says which positions work."""

from __future__ import annotations

import json
from pathlib import Path

import attrs
import pytest
from clikit import assert_bad_input
from typer.testing import CliRunner

from remi.cli import app
from remi.core.formations import parse_formation
from remi.core.messages import Messages
from remi.core.presets import load_rules
from remi.variants.rummikub.editing import EditError, TableEditor
from remi.variants.rummikub.state import new_game

runner = CliRunner()
ROOT = Path(__file__).resolve().parent.parent


def test_solve_opening_empty_rack_is_bad_input() -> None:
    result = runner.invoke(app, ["solve", "opening", ""])
    assert_bad_input(result)
    assert "rack is empty" in result.stderr


def test_ladder_names_the_empty_bot_name() -> None:
    result = runner.invoke(app, ["ladder", "--bots", "greedy,,random"])
    assert_bad_input(result)
    assert "empty bot name at position 2" in result.stderr
    assert "at least two" not in result.stderr


def test_simulate_exposure_says_what_is_counted() -> None:
    for lang, words in (
        ("en", "rule in play 340.0 times per 100 hands"),
        ("ro", "de 340.0 ori la 100 de mâini"),
    ):
        assert words in Messages(lang)("sim.t.exposure", value="340.0")


def test_ladder_rating_header_fits_at_80_columns() -> None:
    result = runner.invoke(
        app,
        ["ladder", "--bots", "greedy,random", "--deals", "1", "--players", "2"],
        env={"COLUMNS": "80"},
    )
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert max(len(line) for line in lines) <= 80
    assert "…" not in result.stdout and "Bradley-Terry" in result.stdout


def test_simulate_failures_file_is_ignored_not_committed() -> None:
    ignored = (ROOT / ".gitignore").read_text(encoding="utf-8").splitlines()
    assert "remi-simulate-failures.jsonl" in ignored
    assert not (ROOT / "remi-simulate-failures.jsonl").exists()


def _saved_game(tmp_path: Path) -> dict[str, object]:
    save = tmp_path / "game.json"
    args = ["play", "--plain", "--human", "Ana", "--human", "Bob", "--players", "2"]
    result = runner.invoke(
        app,
        [*args, "--seed", "3", "--no-timer", "--save", str(save)],
        input="\narunc R12\n\nquit\n",
    )
    assert result.exit_code == 0, result.output
    data: dict[str, object] = json.loads(save.read_text(encoding="utf-8"))
    return data


def test_record_unknown_preset_without_rules_refused(tmp_path: Path) -> None:
    data = json.loads((ROOT / "examples" / "games" / "sir-break.json").read_text(encoding="utf-8"))
    assert data["version"] == 1 and "rules" not in data
    data["preset"] = "nosuch"
    path = tmp_path / "v1.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    result = runner.invoke(app, ["play", "--plain", "--load", str(path)], input="quit\n")
    assert_bad_input(result)
    assert "'nosuch'" in result.stderr


def test_record_unknown_preset_with_its_rules_said_and_loaded(tmp_path: Path) -> None:
    data = _saved_game(tmp_path)
    assert "rules" in data
    data["preset"] = "nosuch"
    path = tmp_path / "v2.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    result = runner.invoke(app, ["play", "--plain", "--load", str(path)], input="\nquit\n")
    assert result.exit_code == 0, result.output
    assert "'nosuch' is not a preset known here" in result.stderr


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", "a split must leave tiles on both sides: give a position 2..3"),
        ("ro", "o despărțire lasă piese de ambele părți: dă o poziție între 2 și 3"),
    ],
)
def test_split_out_of_range_gives_the_positions(lang: str, expected: str) -> None:
    """split 1 1 on [R3 R4 R5]: the tile positions that split are 2..3."""
    rules = load_rules("rummikub")
    state = new_game(rules, 2, seed=3)
    table = (parse_formation("[R3 R4 R5]", rules.formation_rules),)
    editor = TableEditor(attrs.evolve(state, table=table))
    with pytest.raises(EditError) as caught:
        editor.command("split 1 1")
    assert expected in caught.value.localized(Messages(lang))
