"""What a new player met on the board, in both families and both languages: Ctrl+Q pressed
twice opens one quit question, not two (one answer leaves or goes back), and Ctrl+C asks as
Ctrl+Q does (it used to do nothing at all on the board); a Rummikub-style
prompt's seconds follow the turn timer's countdown (``timer.seconds``, docs/rules.md §2.8);
the "end the turn and draw?" question says that the timer keeps running, and goes when the
time runs out instead of waiting there for the next player; in a bot game (``--auto``) the bots
wait while the quit question is open (they used to go on playing under it)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from boardkit import enter, make_board, settle, shown, shows, sir_break_record
from textual.pilot import Pilot

from remi.cli import terminal
from remi.cli.hands import new_record
from remi.core.records import HUMAN, PlayerEntry
from remi.ui.app import SPEEDS, BoardApp
from remi.ui.command_line import CommandInput
from remi.ui.screens import DrawScreen, QuitScreen
from remi.ui.table_edit import TableEdit

#: Ana against one greedy bot: every prompt is Ana's, no hand-over cover.
SEATS = (PlayerEntry("Ana", HUMAN), PlayerEntry("greedy-2", "greedy"))

#: The yes key of a yes/no question (``board.key.yes``) and the quit question's first line.
YES = {"en": "y", "ro": "d"}
LEAVE = {"en": "Leave the game?", "ro": "Ieși din joc?"}


def _rummikub(lang: str = "en", timer: int = 60) -> BoardApp:
    record = new_record("rummikub", {"timer.seconds": str(timer)}, SEATS, 3, False)
    return make_board(record, lang=lang)


def _quit_questions(app: BoardApp) -> int:
    return sum(isinstance(screen, QuitScreen) for screen in app.screen_stack)


async def _to_first_prompt(pilot: Pilot[Any], app: BoardApp, family: str) -> None:
    """The first prompt of the hand (Remi's hot-seat deal: past Ana's cover)."""
    await settle(pilot, app, 0)
    if family == "remi-pe-tabla":
        await enter(pilot, app, "")


async def _ask_draw(pilot: Pilot[Any], app: BoardApp) -> None:
    """Enter on the unchanged table at the first prompt: "end the turn and draw?" opens."""
    await settle(pilot, app, 0)
    app.query_one(TableEdit).focus()
    await pilot.press("enter")
    assert await shown(pilot, app, DrawScreen)


@pytest.mark.parametrize("lang", ["en", "ro"])
@pytest.mark.parametrize("family", ["remi-pe-tabla", "rummikub"])
async def test_ctrl_q_twice_opens_one_question_and_one_no_goes_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, family: str, lang: str
) -> None:
    """The second Ctrl+Q does nothing more than the first: one question, one ``n`` and the
    board is back, waiting for the same line (and the Rummikub timer runs again: 60 s per
    turn, 40 s of them spent on the question not counted, then 5 s counted)."""
    now = [0.0]
    monkeypatch.setattr(terminal, "clock", lambda: now[0])
    app = (
        make_board(sir_break_record(tmp_path), lang=lang)
        if family == "remi-pe-tabla"
        else _rummikub(lang)
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await _to_first_prompt(pilot, app, family)
        asks = app.asks
        await pilot.press("ctrl+q")
        assert await shown(pilot, app, QuitScreen)
        await pilot.press("ctrl+q")
        await pilot.pause(0.2)
        assert _quit_questions(app) == 1 and shows(app, LEAVE[lang])
        now[0] = 40.0
        await pilot.press("n")
        await pilot.pause(0.2)
        assert _quit_questions(app) == 0 and not isinstance(app.screen, QuitScreen)
        assert app.waiting and app.asks == asks and not app.bridge.closed
        if family == "rummikub":
            now[0] = 45.0
            assert app.remaining is not None and app.remaining() == 55.0


@pytest.mark.parametrize("family", ["remi-pe-tabla", "rummikub"])
async def test_ctrl_c_asks_as_ctrl_q_does(tmp_path: Path, family: str) -> None:
    """Ctrl+C (the line mode leaves at Ctrl-C) opens the quit question, on the command line
    too; pressed again, or with Ctrl+Q, still one question; ``n`` goes back."""
    app = make_board(sir_break_record(tmp_path)) if family == "remi-pe-tabla" else _rummikub()
    async with app.run_test(size=(80, 24)) as pilot:
        await _to_first_prompt(pilot, app, family)
        app.query_one("#command", CommandInput).focus()
        await pilot.press("ctrl+c")
        assert await shown(pilot, app, QuitScreen)
        await pilot.press("ctrl+c", "ctrl+q")
        await pilot.pause(0.2)
        assert _quit_questions(app) == 1 and shows(app, LEAVE["en"])
        await pilot.press("n")
        await pilot.pause(0.2)
        assert _quit_questions(app) == 0 and app.waiting and not app.bridge.closed


@pytest.mark.parametrize("lang", ["en", "ro"])
async def test_ctrl_q_twice_then_the_yes_key_leaves_at_once(lang: str) -> None:
    """After Ctrl+Q twice a single yes (``y``; ``d``, "da", in Romanian) leaves the game: no
    second question is left behind to answer."""
    app = _rummikub(lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app, 0)
        await pilot.press("ctrl+q", "ctrl+q")
        assert await shown(pilot, app, QuitScreen)
        await pilot.press(YES[lang])
        for _ in range(300):
            if app.bridge.closed:
                break
            await pilot.pause(0.01)
        assert app.bridge.closed and _quit_questions(app) == 0


@pytest.mark.parametrize("lang", ["en", "ro"])
async def test_rummikub_prompt_seconds_follow_the_countdown(
    monkeypatch: pytest.MonkeyPatch, lang: str
) -> None:
    """60 s per turn (``timer.seconds``): 17.5 s into the turn the prompt says 43 s, as the
    header's countdown does (not the 60 s of when it was drawn)."""
    now = [0.0]
    monkeypatch.setattr(terminal, "clock", lambda: now[0])
    app = _rummikub(lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app, 0)
        command = app.query_one("#command", CommandInput)
        assert command.placeholder == "Ana [ 60 s]> "
        now[0] = 17.5
        await pilot.pause(0.4)  # a tick of the countdown (every 0.25 s)
        assert command.placeholder == "Ana [ 43 s]> "
        assert "43 s" in str(app.query_one("#clock").render())


@pytest.mark.parametrize(
    ("lang", "line"),
    [
        ("en", "The turn timer keeps running meanwhile [timer.seconds]."),
        ("ro", "Ceasul turei nu se oprește între timp [timer.seconds]."),
    ],
)
async def test_rummikub_draw_question_says_the_timer_runs_and_it_does(
    monkeypatch: pytest.MonkeyPatch, lang: str, line: str
) -> None:
    """Deciding to draw is part of the turn (the sand-timer of the table is not stopped): the
    question says so, and 20 s spent on it are counted (60 s per turn: 40 s left)."""
    now = [0.0]
    monkeypatch.setattr(terminal, "clock", lambda: now[0])
    app = _rummikub(lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await _ask_draw(pilot, app)
        assert shows(app, line)
        now[0] = 20.0
        await pilot.pause(0.4)
        assert app.remaining is not None and app.remaining() == 40.0
        assert "40 s" in str(app.query_one("#clock").render())


async def test_rummikub_draw_question_without_a_timer_says_nothing_of_it() -> None:
    """``timer.seconds = 0`` (no timer): the question has no timer line."""
    app = _rummikub(timer=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await _ask_draw(pilot, app)
        assert shows(app, "End the turn without playing? You draw a tile.")
        assert not shows(app, "keeps running")


async def test_rummikub_time_up_closes_the_draw_question(monkeypatch: pytest.MonkeyPatch) -> None:
    """30 s per turn: the time runs out while "end the turn and draw?" is open; the turn ends
    with the timeout's penalty (restore and draw 3, ``penalty.timeout``) and the question goes
    with it: at Ana's next turn (after the bot's) no question from the last one is open."""
    now = [0.0]
    monkeypatch.setattr(terminal, "clock", lambda: now[0])
    app = _rummikub(timer=30)
    async with app.run_test(size=(80, 24)) as pilot:
        await _ask_draw(pilot, app)
        asks = app.asks
        now[0] = 31.0
        await settle(pilot, app, asks)
        await pilot.pause(0.1)
        assert not any(isinstance(screen, DrawScreen) for screen in app.screen_stack)
        log = "\n".join(str(line) for line in app.query_one("#log").lines)
        assert "Time is up [timer.seconds]" in log
        assert app.snapshot is not None and app.snapshot.view.tile_counts[0] == 14 + 3


#: Two greedy bots: a bot game (``--auto``).
BOTS = (PlayerEntry("greedy-1", "greedy"), PlayerEntry("greedy-2", "greedy"))


async def _auto_board(pilot: Pilot[Any], app: BoardApp) -> None:
    """Wait for the bot game's first move (or, paused, for its first wait)."""
    for _ in range(300):
        await pilot.pause(0.02)
        if app.auto and (app.snapshot is not None or app.stepping):
            return
    raise AssertionError("the bot game never started")


def _moves(app: BoardApp) -> int:
    return len(app.snapshot.history) if app.snapshot is not None else 0


@pytest.mark.parametrize("family", ["remi-pe-tabla", "rummikub"])
async def test_bots_wait_while_the_quit_question_is_open(family: str) -> None:
    """A bot game at 0.1 s per move: while Ctrl+Q asks, no move is played (5 moves' time
    pass); ``n`` and the bots go on."""
    app = make_board(new_record(family, {}, BOTS, 1, False), auto=True)
    app.speed = SPEEDS.index(0.1)
    async with app.run_test(size=(80, 24)) as pilot:
        await _auto_board(pilot, app)
        await pilot.press("ctrl+q")
        assert await shown(pilot, app, QuitScreen)
        await pilot.pause(0.2)  # a move asked for before the question is over
        asked = _moves(app)
        await pilot.pause(5 * 0.1)
        assert _moves(app) == asked and not app.bridge.closed
        await pilot.press("n")
        for _ in range(300):
            await pilot.pause(0.02)
            if _moves(app) > asked:
                break
        assert _moves(app) > asked


async def test_step_key_does_nothing_while_the_quit_question_is_open() -> None:
    """A paused bot game: ``.`` under the quit question plays no move; after ``n`` it plays
    one."""
    app = make_board(new_record("remi-pe-tabla", {}, BOTS, 1, False), auto=True)
    app.paused = True
    async with app.run_test(size=(80, 24)) as pilot:
        await _auto_board(pilot, app)
        await pilot.pause(0.2)
        before = _moves(app)
        await pilot.press("ctrl+q")
        assert await shown(pilot, app, QuitScreen)
        await pilot.press("full_stop")
        await pilot.pause(0.3)
        assert _moves(app) == before
        await pilot.press("n")
        await pilot.pause(0.2)
        await pilot.press("full_stop")
        for _ in range(100):
            await pilot.pause(0.02)
            if _moves(app) > before:
                break
        assert _moves(app) == before + 1
