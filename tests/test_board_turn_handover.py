"""What a new-user test found at the end of a turn and on leaving, on the board (and, for
leaving, in the line mode too):

- a half-typed command line was handed to the next hot-seat player (his rack's tiles shown to
  the other, and Enter ran it as the other's): when the turn passes, by a key action, the turn
  timer or a bot's move in between, the line is dropped (docs/playing.md);
- ``save FILE`` then quitting said "not saved": quitting names the file of the last save, and
  says when moves were made since (the file holds the game as of that save);
- the first Rummikub screen said "Last round: nothing yet" without the start draw the line mode
  prints: the board shows it there during the first round.
"""

from __future__ import annotations

import shlex
from pathlib import Path
from typing import Any

import pytest
from boardkit import enter, make_board, settle, shown, shows
from textual.pilot import Pilot
from textual.widgets import Static
from typer.testing import CliRunner

from remi.cli import app as cli_app
from remi.cli import terminal
from remi.cli.hands import new_record
from remi.cli.messages import messages
from remi.core.records import HUMAN, PlayerEntry
from remi.ui.app import BoardApp
from remi.ui.command_line import CommandInput
from remi.ui.screens import CoverScreen, QuitScreen

#: Two people, hot-seat (a cover at each hand-over).
PEOPLE = (PlayerEntry("Ana", HUMAN), PlayerEntry("Bob", HUMAN))

#: Ana against one greedy bot: no cover, the bot moves between Ana's turns.
ANA_AND_BOT = (PlayerEntry("Ana", HUMAN), PlayerEntry("greedy-2", "greedy"))


def _command(app: BoardApp) -> CommandInput:
    return app.query_one("#command", CommandInput)


async def _half_type(pilot: Pilot[Any], app: BoardApp, line: str) -> None:
    """Type ``line`` on the command line, key by key, without Enter."""
    _command(app).focus()
    await pilot.pause()
    for char in line:
        await pilot.press("space" if char == " " else char)
    assert _command(app).value == line


async def _time_up(
    pilot: Pilot[Any], app: BoardApp, monkeypatch: pytest.MonkeyPatch, seconds: float
) -> None:
    """The turn timer's clock (0 since the game started) jumps to ``seconds``: the time is up,
    the game goes on to the next prompt or cover."""
    asks = app.asks
    monkeypatch.setattr(terminal, "clock", lambda: seconds)
    await settle(pilot, app, asks)


async def test_remi_key_discard_drops_the_half_typed_line_before_the_next_player() -> None:
    """``--human Ana --human Bob --seed 4``: Ana types ``meld K13 B13`` (no Enter), then Esc,
    Space, ``d`` discard by keys and end her turn; under the cover and on Bob's turn the command
    line is empty, and Bob's Enter sends nothing of Ana's."""
    record = new_record("remi-pe-tabla", {}, PEOPLE, 4, False)
    app = make_board(record)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app, 0)
        await enter(pilot, app, "")  # Ana's cover
        await _half_type(pilot, app, "meld K13 B13")
        asks = app.asks
        for key in ("escape", "space", "d"):
            await pilot.press(key)
            await pilot.pause(0.05)
        await settle(pilot, app, asks)
        assert isinstance(app.screen, CoverScreen)  # Ana's turn is over: Bob's cover
        assert _command(app).value == ""
        await enter(pilot, app, "")  # Bob's cover
        assert _command(app).value == ""
        assert not shows(app, "meld K13 B13")


async def test_rummikub_time_up_drops_the_half_typed_line(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``--rules rummikub --human Ana --human Bob --seed 3 --timer 30``: the first player types
    ``new Y13 B11 K13`` and lets the time run out (``penalty.timeout``): the other player's
    command line is empty, so his Enter cannot run it as his."""
    monkeypatch.setattr(terminal, "clock", lambda: 0.0)
    app = make_board(new_record("rummikub", {"timer.seconds": "30"}, PEOPLE, 3, False))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app, 0)
        await enter(pilot, app, "")  # the first player's cover
        await _half_type(pilot, app, "new Y13 B11 K13")
        await _time_up(pilot, app, monkeypatch, 31.0)
        assert isinstance(app.screen, CoverScreen)
        assert _command(app).value == ""
        await enter(pilot, app, "")  # the other player's cover
        assert _command(app).value == ""


async def test_remi_time_up_with_a_bot_in_between_drops_the_half_typed_line(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``--set turn.timer_seconds=10``, Ana against a bot: Ana's ``discard R`` (no Enter) is
    dropped when her time runs out; after the bot's move her next turn starts with an empty
    command line (docs/playing.md: "the half-typed line is dropped")."""
    monkeypatch.setattr(terminal, "clock", lambda: 0.0)
    record = new_record("remi-pe-tabla", {"turn.timer_seconds": "10"}, ANA_AND_BOT, 4, False)
    app = make_board(record)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app, 0)
        moves = len(app.snapshot.history) if app.snapshot is not None else 0
        await _half_type(pilot, app, "discard R")
        await _time_up(pilot, app, monkeypatch, 11.0)
        assert app.snapshot is not None and len(app.snapshot.history) >= moves + 2  # Ana, bot
        assert _command(app).value == ""


@pytest.mark.parametrize("lang", ["en", "ro"])
async def test_board_quit_after_save_names_the_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str
) -> None:
    """``save FILE`` then Ctrl+Q: the question names FILE (``board.quit.saved``), and leaving
    says it is saved there (``quit_saved``), never "not saved"."""
    m = messages(lang)
    monkeypatch.chdir(tmp_path)
    target = Path("x.json")
    record = new_record("remi-pe-tabla", {}, ANA_AND_BOT, 5, False)
    app = make_board(record, lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app, 0)
        await enter(pilot, app, f"{'salvez' if lang == 'ro' else 'save'} {target}")
        assert target.exists()
        await pilot.press("ctrl+q")
        assert await shown(pilot, app, QuitScreen)
        assert isinstance(app.screen, QuitScreen)
        assert app.screen.lines[1] == m(
            "board.quit.saved", path=target, load=shlex.quote(str(target))
        )
        assert shows(
            app, m("board.quit.saved", path=target, load=shlex.quote(str(target)))
        )  # x.json: on one line
        await pilot.press("d" if lang == "ro" else "y")
        await pilot.pause(0.2)
    assert app.bridge.farewell == [m("quit_saved", path=target, load=shlex.quote(str(target)))]


async def test_board_quit_after_moves_since_the_save_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A move after ``save FILE``: leaving says the file holds the game as of that save
    (``board.quit.saved_before``, ``quit_saved_before``)."""
    m = messages("en")
    monkeypatch.chdir(tmp_path)
    target = Path("x.json")
    record = new_record("remi-pe-tabla", {}, ANA_AND_BOT, 5, False)
    app = make_board(record)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app, 0)
        await enter(pilot, app, f"save {target}")
        assert app.snapshot is not None
        tile = app.snapshot.view.rack[0]
        await enter(pilot, app, f"discard {tile}")
        await pilot.press("ctrl+q")
        assert await shown(pilot, app, QuitScreen)
        assert isinstance(app.screen, QuitScreen)
        assert (
            m("board.quit.saved_before", path=target, load=shlex.quote(str(target)))
            in app.screen.lines
        )
        await pilot.press("y")
        await pilot.pause(0.2)
    assert app.bridge.farewell == [
        m("quit_saved_before", path=target, load=shlex.quote(str(target)))
    ]


def test_line_mode_quit_after_save_names_the_file(tmp_path: Path) -> None:
    """``printf 'save FILE\\nquit\\ny\\n' | remi play --seed 5 --plain``: "saved to FILE", then
    the quit line names it; after a discard since, it says the moves since are not in it."""
    m = messages("en")
    target = tmp_path / "s1.json"
    runner = CliRunner()
    args = ["play", "--plain", "--seed", "5"]
    result = runner.invoke(cli_app, args, input=f"save {target}\nquit\ny\n")
    assert result.exit_code == 0, result.output
    assert m("quit_saved", path=target, load=shlex.quote(str(target))) in result.output
    assert m("quit") not in result.output
    rack = [x for x in result.output.splitlines() if x.startswith("Your rack")][-1]
    tile = rack.split(": ", 1)[1].split()[0]
    target = tmp_path / "s2.json"  # s1.json is the other game's: never replaced
    lines = f"save {target}\ndiscard {tile}\nquit\ny\n"
    result = runner.invoke(cli_app, args, input=lines)
    assert result.exit_code == 0, result.output
    assert m("saved", path=target) in result.output
    assert m("quit_saved_before", path=target, load=shlex.quote(str(target))) in result.output


@pytest.mark.parametrize("lang", ["en", "ro"])
async def test_rummikub_first_screen_shows_the_start_draw(lang: str) -> None:
    """``--rules rummikub --seed 3``: the first screen's last round shows the start draw and
    who starts (``rk.start_draw``, as the line mode prints it), not "nothing yet"."""
    m = messages(lang)
    record = new_record("rummikub", {}, ANA_AND_BOT, 3, False)
    app = make_board(record, lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app, 0)
        assert app.snapshot is not None
        draw = app.snapshot.view.start_draw
        assert draw is not None
        name = app.snapshot.names[draw.starter]
        last_round = str(app.query_one("#round", Static).render()).splitlines()
        assert last_round == [
            m("board.last_round"),
            m("rk.start_draw", draws="p1 B5, p2 B4", name="Ana"),
        ]
        assert (draw.text(), name) == ("p1 B5, p2 B4", "Ana")  # as the line mode prints it
