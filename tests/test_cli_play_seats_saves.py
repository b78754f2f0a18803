"""``remi play`` in the line mode, through typer's CliRunner: ``--bot`` alone chooses your
opponents (you keep seat 1), ``--load FILE`` keeps the game saved in FILE, a ``--save`` game is
saved from its start, Ctrl-C leaves with the line ``quit`` gives (exit 130), and a șir position
or formation number too large to exist is told as such."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from remi.cli import app, terminal
from remi.core.errors import NotationError
from remi.core.record_files import load_record
from remi.core.records import HUMAN
from remi.variants.remi_pe_tabla.actions import parse_action

runner = CliRunner()


def _play(args: list[str], lines: list[str]) -> tuple[int, str]:
    result = runner.invoke(app, ["play", "--plain", *args], input="\n".join(lines) + "\n")
    return result.exit_code, result.output


def _rack(out: str) -> list[str]:
    """The tiles of the last "Your rack (N): ..." line printed."""
    line = [x for x in out.splitlines() if x.startswith("Your rack")][-1]
    return line.split(": ", 1)[1].split()


def test_bot_alone_chooses_your_opponents_you_keep_seat_1(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    code, out = _play(["--bot", "club", "--seed", "7", "--save", str(save)], ["quit"])
    assert code == 0, out
    kinds = [p.kind for p in load_record(save).players]
    assert kinds == [HUMAN, "club", "greedy", "greedy"]  # the default table of four
    assert load_record(save).players[0].name == "Player"
    assert "Your rack (15)" in out  # seat 1 deals first: 15 tiles, waiting for the human


def test_human_and_bot_given_keep_their_two_seats(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    code, out = _play(["--human", "Ana", "--bot", "club", "--save", str(save)], ["quit"])
    assert code == 0, out
    assert [p.kind for p in load_record(save).players] == [HUMAN, "club"]


@pytest.mark.parametrize(
    ("args", "bots", "seats"),
    [(["--bot", "club"] * 4, 4, 4), (["--players", "2", "--bot", "greedy", "--bot", "club"], 2, 2)],
)
def test_bots_that_fill_every_seat_leave_none_for_you_exit_2(
    args: list[str], bots: int, seats: int
) -> None:
    code, out = _play(args, [])
    assert code == 2
    assert f"{bots} bots given with --bot fill all {seats} seats" in out
    assert "--auto" in out and "Traceback" not in out


def test_load_keeps_saving_to_its_file_and_save_alone_uses_it(tmp_path: Path) -> None:
    game = tmp_path / "g1.json"
    # quit before the first action: the --save game is saved already (and said so)
    code, out = _play(["--seed", "7", "--save", str(game)], ["quit"])
    assert code == 0, out
    assert f"it is saved in {game}" in out and load_record(game).actions == ()
    # the command the farewell gives resumes and keeps saving each action to the same file
    tile = _rack(out)[-1]
    code, out = _play(["--load", str(game)], [f"discard {tile}", "quit"])
    assert code == 0, out
    actions = load_record(game).actions
    assert actions[0] == f"p1 discard {tile}" and len(actions) >= 2  # the bots' turns too
    assert f"it is saved in {game}" in out
    code, out = _play(["--load", str(game)], ["save", "quit"])
    assert code == 0, out
    assert f"Game saved to {game}." in out and "save FILE" not in out


def test_load_with_another_save_file_leaves_the_loaded_file_as_it_was(tmp_path: Path) -> None:
    game, other = tmp_path / "g1.json", tmp_path / "g2.json"
    code, out = _play(["--seed", "7", "--save", str(game)], ["quit"])
    assert code == 0, out
    before = game.read_bytes()
    code, out = _play(["--load", str(game), "--save", str(other)], [f"discard {_rack(out)[-1]}"])
    assert code == 0, out
    assert game.read_bytes() == before
    assert len(load_record(other).actions) >= 2


def test_ctrl_c_in_the_line_mode_leaves_like_quit_exit_130(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = tmp_path / "g.json"
    typed = iter(["discard"])

    def read_line(prompt: object, remaining: object = None) -> str:
        text = next(typed, None)
        if text is None:
            raise KeyboardInterrupt
        return text

    monkeypatch.setattr(terminal, "read_line", read_line)
    result = runner.invoke(app, ["play", "--plain", "--seed", "7", "--save", str(game)])
    assert result.exit_code == 130, result.output
    assert result.output.endswith(
        f"\nGame left; it is saved in {game} (remi play --load {game}).\n"
    )
    assert load_record(game).actions == ()  # the refused 'discard' changed nothing


def test_ctrl_c_without_a_save_file_says_not_saved(monkeypatch: pytest.MonkeyPatch) -> None:
    def read_line(prompt: object, remaining: object = None) -> str:
        raise KeyboardInterrupt

    monkeypatch.setattr(terminal, "read_line", read_line)
    result = runner.invoke(app, ["play", "--plain", "--seed", "7"])
    assert result.exit_code == 130
    assert result.output.endswith("\nGame left; the game was not saved.\n")


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("p1 take 99999999999999999999", "the șir position 999999999999... does not exist"),
        ("p1 layoff 99999999999999999999 B8", "the formation number 999999999999... does not"),
        ("p1 take 1000000000", "the șir position 1000000000 does not exist (at most 999999999)"),
        ("p1 take 0", "the șir position must be a positive number, got '0'"),
    ],
)
def test_a_number_too_large_is_no_such_position_or_formation(text: str, said: str) -> None:
    with pytest.raises(NotationError) as caught:
        parse_action(text)
    assert said in str(caught.value)


def test_a_number_with_leading_zeros_is_its_value() -> None:
    assert str(parse_action("p1 take 0000000000002")) == "p1 take 2"


def test_huge_take_typed_in_the_game_is_refused_in_romanian_too() -> None:
    code, out = _play(["--seed", "7", "--lang", "ro"], ["ia 99999999999999999999", "ies"])
    assert code == 0, out
    assert "poziția din șir 999999999999... nu există (cel mult 999999999)" in out


async def test_board_quit_before_the_first_action_says_where_the_save_game_is(
    tmp_path: Path,
) -> None:
    from boardkit import enter, make_board, settle, sir_break_record

    from remi.ui.screens import QuitScreen

    save = tmp_path / "game.json"
    app = make_board(sir_break_record(tmp_path), save=save)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app, 0)
        await enter(pilot, app, "")  # the cover: Ana's turn, nothing played yet
        await pilot.press("ctrl+q")
        await pilot.pause(0.1)
        assert isinstance(app.screen, QuitScreen)
        assert f"saved in {save}" in " ".join(app.screen.lines)
        assert "not saved" not in " ".join(app.screen.lines)
        await pilot.press("y")
        await pilot.pause(0.2)
    assert load_record(save).actions == ()
