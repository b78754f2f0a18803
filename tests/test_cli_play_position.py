"""``remi play --position``: a game starts from a position's full form (docs/notation.md);
a view form or a bad position is one error line and exit 2; the game is never saved."""

from __future__ import annotations

import sys
from pathlib import Path

from typer.testing import CliRunner

import remi
from remi.cli import app

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "examples" / "cookbook"))
from score_position import FINISHED  # noqa: E402  (the cookbook's finished Rummikub game)

runner = CliRunner()


def _play(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, ["play", "--auto", "--plain", *args])
    return result.exit_code, result.output


def test_a_finished_position_is_scored_at_once() -> None:
    code, out = _play("--position", FINISHED, "--bot", "greedy", "--bot", "greedy")
    assert code == 0, out
    # p2 is left holding K7 (docs/rules.md §2.9): -7, the winner +7; no action is played
    assert "-7" in out and "+7" in out and "   1. " not in out


def test_a_game_goes_on_from_the_position() -> None:
    state = remi.new_game(remi.load_rules("remi-pe-tabla"), 3, seed=8)
    for _ in range(9):
        state = remi.apply(state, remi.legal_actions(state)[0])
    code, out = _play("--position", remi.position(state))
    assert code == 0, out
    to_play = remi.current_player(state)
    # the first action is the seat to play's, in the position's phase (take or draw)
    first = next(line for line in out.splitlines() if line.startswith("   1. "))
    assert f"-{to_play + 1}" in first.split(":")[0]


def test_the_view_form_is_refused() -> None:
    state = remi.new_game(remi.load_rules("rummikub"), 2, seed=4)
    code, out = _play("--position", remi.position(state, 0))
    assert code == 2
    assert out.strip().splitlines() == [
        "error: --position: position: a view form ('p1') hides tiles; give the full form of "
        "the position"
    ]


def test_a_position_is_not_saved(tmp_path: Path) -> None:
    code, out = _play("--position", FINISHED, "--save", str(tmp_path / "game.json"))
    assert code == 2 and "--position" in out and not (tmp_path / "game.json").exists()


def test_a_bad_token_is_named() -> None:
    code, out = _play("--position", FINISHED.replace("K7 /", "K77 /"))
    assert code == 2 and "K77" in out and len(out.strip().splitlines()) == 1
