"""``remi score --from-record GAME.json [--hand N]`` (the explained score of a recorded hand,
straight from the record) and the dispute-file fixes: a tile another player attached may end
inside a run once the owner extends it (``layoff.fits``), and a joly cannot have been swapped out
of a 3-tile set (``joly.set_of_three_locked``, docs/rules.md §1.8, §3.13).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from clikit import json_of, lines, points
from typer.testing import CliRunner

from remi.cli import app
from remi.core.record_files import load_record
from remi.core.replay import replay

ROOT = Path(__file__).resolve().parent.parent
GAMES = sorted((ROOT / "examples" / "games").glob("*.json"))
runner = CliRunner()


def _scores(args: list[str]) -> dict[str, int]:
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    return points(json_of("score", result))


@pytest.mark.parametrize("path", GAMES, ids=[p.stem for p in GAMES])
def test_every_example_game_scores_as_its_end(path: Path) -> None:
    result = replay(load_record(path))
    if result.error is not None:  # illegal-opening.json: refused at action 6
        cli = runner.invoke(app, ["score", "--from-record", str(path)])
        assert cli.exit_code == 1 and "[opening.min_points]" in cli.output
        assert cli.output.count("error:") == 1
        return
    assert result.over
    end = {ps.name: ps.score for ps in result.scores}
    assert _scores(["score", "--from-record", str(path), "--json"]) == end
    replayed = json_of("replay", runner.invoke(app, ["replay", "--json", str(path)]))
    assert points(replayed) == end
    text = runner.invoke(app, ["score", "--from-record", str(path)])
    assert text.exit_code == 0 and "Totals" in text.output


def test_example_games_include_scored_ends() -> None:
    assert sum(1 for p in GAMES if replay(load_record(p)).over) >= 3


@pytest.mark.parametrize("preset", ["remi-pe-tabla", "rummikub"])
def test_played_game_scores_as_printed_at_its_end(tmp_path: Path, preset: str) -> None:
    save = tmp_path / "g.json"
    played = runner.invoke(
        app,
        [
            "play",
            "--auto",
            "--players",
            "3",
            "--rules",
            preset,
            "--seed",
            "11",
            "--save",
            str(save),
        ],
    )
    assert played.exit_code == 0, played.output
    scores = _scores(["score", "--from-record", str(save), "--json"])
    for name, value in scores.items():
        assert name in played.output and f"{value:+d}" in played.output


def test_hand_of_a_match(tmp_path: Path) -> None:
    save = tmp_path / "m.json"
    played = runner.invoke(
        app,
        ["play", "--auto", "--players", "3", "--seed", "4", "--match"]
        + ["--set", "match.target_points=500", "--save", str(save)],
    )
    assert played.exit_code == 0
    record = load_record(save)
    assert record.match is not None and record.match.hands is not None
    for number, hand in enumerate(record.match.hands, start=1):
        got = _scores(["score", "--from-record", str(save), "--hand", str(number), "--json"])
        assert got == dict(hand)
    own = _scores(["score", "--from-record", str(save), "--hand", "4", "--json"])
    assert own == {ps.name: ps.score for ps in replay(record).scores}
    bad = runner.invoke(app, ["score", "--from-record", str(save), "--hand", "9"])
    assert bad.exit_code == 2 and "holds hands 1-4" in bad.output


def test_unfinished_hand_and_bad_combinations_are_one_error(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    runner.invoke(
        app,
        ["play", "--players", "2", "--seed", "3", "--save", str(save)],
        input="discard R12\nquit\n",
    )
    result = runner.invoke(app, ["score", "--from-record", str(save)])
    assert result.exit_code == 2 and "hand 1 has not ended" in result.output
    result = runner.invoke(app, ["score", "--from-record", str(save), "--lang", "ro"])
    assert result.exit_code == 2 and "mâna 1 nu s-a terminat" in result.output
    result = runner.invoke(app, ["score", "--from-record", str(save), "--hand", "3"])
    assert result.exit_code == 2 and "--hand 3: the record holds hand 1 only" in result.output
    for args in (
        ["score", "--from-record", str(save), "--rules", "remi-50"],
        ["score", "--hand", "1"],
        ["score"],
    ):
        bad = runner.invoke(app, args)
        assert bad.exit_code == 2 and bad.output.count("error:") == 1


# --- dispute files -------------------------------------------------------------------------

_EXTENDED = """
# A lays R3 R4 R5, B attaches R6, then A attaches R7 to his own run: R6 ends inside the run.
[players.A]
rack = "Y1"

[players.B]
rack = ""

[[formations]]
owner = "A"
tiles = "R3 R4 R5 R6 R7"
added = {{ B = "R6" }}

[[formations]]
owner = "B"
tiles = "K9 K10 K11"

[end]
closed_by = "B"
closing_tile = "{closing}"
"""


def test_tile_attached_by_another_inside_an_extended_run_is_accepted(tmp_path: Path) -> None:
    path = tmp_path / "extended.toml"
    path.write_text(_EXTENDED.format(closing="Y13"), encoding="utf-8")
    result = runner.invoke(app, ["score", str(path), "--json"])
    assert result.exit_code == 0, result.output
    got = lines(json_of("score", result))
    # R6 counts for B, who attached it (layoff.credit = attacher); A keeps R3 R4 R5 R7
    assert any(ln["rule"] == "layoff.credit" or "R6" in ln["text"] for ln in got["B"])


def test_a_run_with_no_first_lay_of_the_owner_is_still_refused(tmp_path: Path) -> None:
    path = tmp_path / "scattered.toml"
    text = _EXTENDED.format(closing="Y13").replace(
        'added = { B = "R6" }', 'added = { B = "R4 R6" }'
    )
    path.write_text(text, encoding="utf-8")
    result = runner.invoke(app, ["score", str(path)])
    assert result.exit_code == 2 and "[layoff.fits]" in result.output
    assert result.output.count("error:") == 1


_SET_SWAP = """
[players.A]
rack = ""

[players.B]
rack = "Y1"

[[formations]]
owner = "B"
tiles = "{tiles}"
exchanged = {{ A = "B7" }}

[[formations]]
owner = "A"
tiles = "K9 K10 J"
swapped = 1

[[formations]]
owner = "A"
tiles = "Y3 Y4 Y5"

[end]
closed_by = "A"
closing_tile = "Y13"
"""


def test_joly_swapped_out_of_a_3_tile_set_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "set3.toml"
    path.write_text(_SET_SWAP.format(tiles="R7 Y7 B7"), encoding="utf-8")
    result = runner.invoke(app, ["score", str(path)])
    assert result.exit_code == 2 and "[joly.set_of_three_locked]" in result.output
    assert result.output.count("error:") == 1
    unlocked = runner.invoke(app, ["score", str(path), "--set", "joly.set_of_three_locked=false"])
    assert unlocked.exit_code == 0, unlocked.output


def test_joly_swapped_out_of_a_4_tile_set_is_accepted(tmp_path: Path) -> None:
    path = tmp_path / "set4.toml"
    path.write_text(_SET_SWAP.format(tiles="R7 Y7 B7 K7"), encoding="utf-8")
    result = runner.invoke(app, ["score", str(path)])
    assert result.exit_code == 0, result.output
