"""A ``save FILE`` made in an earlier hand of a match is remembered in the later hands: leaving
names that file and says the moves since are not in it (``quit_saved_before``,
``board.quit.saved_before``), and a later ``save FILE`` may replace it (it is the match's own
file, not another game's); in the line mode and on the board."""

from __future__ import annotations

import io
import shlex
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs
import pytest
from boardkit import enter, make_board, settle, shown, sir_break_record
from rich.console import Console
from test_board import WHOLE_HAND

from remi.cli import terminal
from remi.cli.hands import run
from remi.cli.messages import messages
from remi.cli.session import Session, start_session
from remi.core.record_files import load_record
from remi.core.records import GameRecord, MatchProgress
from remi.ui.screens import HoldScreen, QuitScreen


def _match(tmp_path: Path) -> GameRecord:
    """The sir-break stacked deal (Ana and Bogdan, hot-seat) as the first hand of a match."""
    record = sir_break_record(tmp_path)
    totals = tuple((name, 0) for name in record.names)
    progress = MatchProgress(hands_played=0, totals=totals, base_seed=5, hands=())
    return attrs.evolve(record, match=progress)


def _line_mode(
    record: GameRecord, lines: list[str], monkeypatch: pytest.MonkeyPatch
) -> tuple[list[Session], str]:
    """Play ``record`` in the line mode with ``lines`` typed (covers included): the sessions
    of its hands and what was printed."""
    out = io.StringIO()
    console = Console(file=out, width=400)
    m = messages("en")
    sessions: list[Session] = []
    typed = list(lines)

    def read_line(prompt: Callable[[], str], remaining: Any = None) -> str | None:
        return typed.pop(0) if typed else None

    monkeypatch.setattr(terminal, "read_line", read_line)

    def factory(rec: GameRecord) -> Session:
        sessions.append(start_session(rec, console, m, None, False, timer_on=False))
        return sessions[-1]

    run(factory, record)
    return sessions, out.getvalue()


def test_line_mode_quit_in_hand_2_names_the_save_of_hand_1(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``save FILE`` in hand 1 (before Ana's first move), the hand played out, ``quit`` in
    hand 2: "x.json holds the game as of your last save, without the moves made since"."""
    m = messages("en")
    target = tmp_path / "x.json"
    hand_1 = [*WHOLE_HAND[:1], f"save {target}", *WHOLE_HAND[1:]]
    sessions, out = _line_mode(_match(tmp_path), [*hand_1, "", "quit"], monkeypatch)
    assert len(sessions) == 2
    assert m("quit_saved_before", path=target, load=shlex.quote(str(target))) in out
    assert m("quit") not in out
    # the file holds hand 1 as of the save: before its first move
    assert load_record(target).actions == ()


def test_line_mode_save_again_in_hand_2_replaces_the_match_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The file hand 1 saved is the match's own: ``save FILE`` in hand 2 replaces it (it was
    refused as another game's save), and quitting at once says it is saved there."""
    m = messages("en")
    target = tmp_path / "x.json"
    hand_1 = [*WHOLE_HAND[:1], f"save {target}", *WHOLE_HAND[1:]]
    lines = [*hand_1, "", f"save {target}", "quit"]
    sessions, out = _line_mode(_match(tmp_path), lines, monkeypatch)
    assert len(sessions) == 2
    assert m("saved", path=target) in out.split(m("match_totals", hand=1))[1]
    assert m("quit_saved", path=target, load=shlex.quote(str(target))) in out
    saved = load_record(target)
    assert saved.match is not None and saved.match.hands_played == 1
    assert saved.actions == ()


async def test_board_quit_in_hand_2_names_the_save_of_hand_1(tmp_path: Path) -> None:
    """On the board: the quit question of hand 2 names the file saved in hand 1 and says the
    moves since are not in it; so does the line printed once the board has closed."""
    m = messages("en")
    target = tmp_path / "x.json"
    app = make_board(_match(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app, 0)
        for line in [*WHOLE_HAND[:1], f"save {target}", *WHOLE_HAND[1:]]:
            await enter(pilot, app, line)
        assert isinstance(app.screen, HoldScreen)
        await enter(pilot, app, "")  # the next hand: its cover
        await enter(pilot, app, "")
        assert app.snapshot is not None and app.snapshot.hand == 2
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


async def test_board_quit_with_save_option_names_that_file(tmp_path: Path) -> None:
    """With ``--save FILE`` the game is saved at the start and after every turn, and again on
    leaving: the quit question names that file from the first turn on (it said "not saved")."""
    m = messages("en")
    target = tmp_path / "kept.json"
    app = make_board(sir_break_record(tmp_path), save=target)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app, 0)
        await pilot.press("ctrl+q")
        assert await shown(pilot, app, QuitScreen)
        assert isinstance(app.screen, QuitScreen)
        assert m("board.quit.saved", path=target, load=shlex.quote(str(target))) in app.screen.lines
        assert m("board.quit.not_saved") not in app.screen.lines
        await pilot.press("y")
        await pilot.pause(0.2)
    assert app.bridge.farewell == [m("quit_saved", path=target, load=shlex.quote(str(target)))]
    assert load_record(target).actions == ()
