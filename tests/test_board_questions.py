"""What a new player met on the board: the announce question's keys and Esc (back where he was,
nothing changed), the status while a question waits, the quit question stopping the turn
timer, the opening line once formations are laid, the messages wrapped without a lost letter
and every key of the key line visible at 80x24."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from boardkit import enter, focused, make_board, screen_text, settle, shown, shows, sir_break_record
from test_board import WHOLE_HAND

from remi.cli import terminal
from remi.cli.hands import new_record
from remi.core.record_files import load_record
from remi.core.records import HUMAN, PlayerEntry
from remi.ui.bridge import Bridge
from remi.ui.command_line import CommandInput
from remi.ui.keybar import KeyBar
from remi.ui.message_log import MessageLog
from remi.ui.screens import QuestionScreen, QuitScreen
from remi.ui.widgets import PickRack

#: The sir-break hand up to Ana's discard of Y8 that would leave her 2 tiles unannounced
#: (announce.max_tiles 3, announce.penalty_points 500).
BEFORE = WHOLE_HAND[: WHOLE_HAND.index("announce")]


async def _question_from_the_rack(pilot: Any, app: Any) -> PickRack:
    """Play up to the unannounced discard, then pick Y8 on the rack and press ``d``."""
    for line in BEFORE:
        await enter(pilot, app, line)
    await pilot.press("escape")  # the command line -> the rack
    rack = app.query_one("#rack", PickRack)
    assert await focused(pilot, rack)
    rack.cursor = rack.tiles.index(next(t for t in rack.tiles if str(t) == "Y8"))
    await pilot.press("space", "d")
    assert await shown(pilot, app, QuestionScreen)
    return rack


async def test_board_esc_at_the_announce_question_goes_back_to_the_rack(tmp_path: Path) -> None:
    """Esc cancels: the rack keeps the keys and the picked tile, nothing is discarded."""
    save = tmp_path / "game.json"
    app = make_board(sir_break_record(tmp_path), save=save)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app, 0)
        rack = await _question_from_the_rack(pilot, app)
        asks = app.asks
        await pilot.press("escape")
        await settle(pilot, app, asks)
        assert not isinstance(app.screen, QuestionScreen)
        assert await focused(pilot, rack)  # still picking, not switched to the command line
        assert rack.picked_text() == "Y8"
        assert not app.query_one("#command", CommandInput).has_focus
    assert load_record(save).actions[-1] == "p1 meld [Y2 B2 K2]"  # nothing discarded


async def test_board_d_twice_does_not_discard_without_announcing(tmp_path: Path) -> None:
    """``d`` starts the discard on the rack; at the question it is no answer (``w`` is: discard
    without announcing), and the question's key line says which key does what."""
    save = tmp_path / "game.json"
    app = make_board(sir_break_record(tmp_path), save=save)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app, 0)
        await _question_from_the_rack(pilot, app)
        keys = app.screen.query_one(KeyBar).render()
        assert "w discard without announcing" in str(keys) and "a announce now" in str(keys)
        await pilot.press("d")
        await pilot.pause(0.2)
        assert isinstance(app.screen, QuestionScreen)  # still asked
        assert load_record(save).actions[-1] == "p1 meld [Y2 B2 K2]"
        await pilot.press("w")
        for _ in range(300):
            if load_record(save).actions[-1] == "p1 discard Y8":
                break
            await pilot.pause(0.01)
    actions = load_record(save).actions
    assert actions[-1] == "p1 discard Y8" and "p1 announce" not in actions


@pytest.mark.parametrize(("lang", "waiting"), [("en", "Waiting for your answer")])
async def test_board_question_says_it_waits_for_the_answer(
    tmp_path: Path, lang: str, waiting: str
) -> None:
    """While the announce question waits, the command line does not say the bots play."""
    app = make_board(sir_break_record(tmp_path), lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app, 0)
        await _question_from_the_rack(pilot, app)
        command = app.query_one("#command", CommandInput)
        assert command.placeholder.startswith(waiting)
        assert not shows(app, "The bots are playing")


async def test_board_opening_line_follows_the_formations_laid(tmp_path: Path) -> None:
    """Before laying: the threshold (45, opening.min_points); after [R5 R6 R7] (3 x 5 opening
    points, docs/rules.md §1.5) and [R10 Y10 B10] (3 x 10) the line tells the points laid,
    15 then 45, not the bare threshold."""
    app = make_board(sir_break_record(tmp_path))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app, 0)
        for line in ["", "discard B4", "", "draw", "discard K5", "", "draw"]:
            await enter(pilot, app, line)
        assert shows(app, "needs at least 45 points [opening.min_points]")
        await enter(pilot, app, "meld R5 R6 R7")
        assert shows(
            app, "Opening (etalare) laid this turn: 15 points (at least 45) [opening.min_points]."
        )
        await enter(pilot, app, "meld R10 Y10 B10")
        assert shows(
            app, "Opening (etalare) laid this turn: 45 points (at least 45) [opening.min_points]."
        )
        assert not shows(app, "needs at least 45 points")


def test_bridge_pause_takes_the_paused_time_off_the_clock() -> None:
    now = [100.0]
    bridge = Bridge()
    bridge.clock = lambda: now[0]
    bridge.pause()
    now[0] = 130.0
    bridge.pause()  # Ctrl+Q twice: one pause
    assert bridge.paused_seconds() == 30.0
    bridge.resume()
    bridge.resume()
    now[0] = 150.0
    assert bridge.paused_seconds() == 30.0
    bridge.resume()  # one resume too many changes nothing
    assert bridge.paused_seconds() == 30.0


async def test_board_rummikub_quit_question_stops_the_turn_timer(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """60 s per turn (timer.seconds): 40 s spent on the quit question are not counted; after
    ``n`` the time runs again."""
    now = [0.0]
    monkeypatch.setattr(terminal, "clock", lambda: now[0])
    seats = (PlayerEntry("Ana", HUMAN), PlayerEntry("greedy-2", "greedy"))
    app = make_board(new_record("rummikub", {"timer.seconds": "60"}, seats, 3, False))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app, 0)
        assert app.remaining is not None and app.remaining() == 60.0
        await pilot.press("ctrl+q")
        assert await shown(pilot, app, QuitScreen)
        now[0] = 40.0
        await pilot.pause(0.3)
        assert app.remaining() == 60.0 and "60 s" in str(app.query_one("#clock").render())
        await pilot.press("n")
        await pilot.pause(0.1)
        now[0] = 45.0
        assert app.remaining() == 55.0


async def test_board_messages_wrap_without_losing_a_letter(tmp_path: Path) -> None:
    """At 80 columns, with the scrollbar up, a long message wraps whole: every word of it is
    on a line no wider than the area."""
    app = make_board(sir_break_record(tmp_path))
    words = [f"w{i:02d}abcdefgh" for i in range(40)]  # 11 columns each: wraps near column 78
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app, 0)
        log = app.query_one("#log", MessageLog)
        for n in range(4):  # more lines than the area holds: the scrollbar shows
            log.add(f"{n} " + " ".join(words), None)
        log.add("x" * 150 + "Z", None)  # one long word: cut into lines of the area's width
        await pilot.pause(0.2)
        width = log.scrollable_content_region.width
        lines = [strip.text.rstrip() for strip in log.lines]
        assert lines and max(len(line) for line in lines) <= width
        assert all(word in " ".join(lines).split() for word in words)
        assert "".join(lines[-3:]).endswith("x" * 20 + "Z")


@pytest.mark.parametrize("lang", ["en", "ro"])
async def test_board_key_line_shows_every_key_at_80x24(tmp_path: Path, lang: str) -> None:
    """On the rack (the most keys) at 80x24 the key line wraps: F1, F2, F3 and Ctrl+Q are
    all on screen, after the rack's keys."""
    app = make_board(sir_break_record(tmp_path), lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app, 0)
        await enter(pilot, app, "")
        await pilot.press("escape")
        assert await focused(pilot, app.query_one("#rack", PickRack))
        await pilot.pause(0.2)
        keys = str(app.query_one("#keys", KeyBar).render())
        space = "spațiu" if lang == "ro" else "space"
        for key in (space, "m", "d", "l", "t", "esc", "^q", "f1", "f2", "f3"):
            assert f"{key} " in keys, key
        text = screen_text(app)
        assert "f2" in text and "f3" in text
