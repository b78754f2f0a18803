"""A bot game (``remi play --auto``) drawn on the board move by move: the speed control (pause,
one move, faster), the moves in words, the hand's scores at the end; and the lipire marks of a
stacked-deal hand (who attached which tile, from the engine's events)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from boardkit import enter, make_board, settle, shows, sir_break_record
from test_board import WHOLE_HAND

from remi.cli.hands import new_record
from remi.core.records import PlayerEntry
from remi.core.tiles import Tile
from remi.ui.app import SPEEDS, START_SPEED
from remi.ui.remi_board import attached_tiles
from remi.ui.screens import HoldScreen

BOTS = (PlayerEntry("greedy-1", "greedy"), PlayerEntry("greedy-2", "greedy"))


async def _moves_after(pilot: Any, app: Any, seconds: float) -> int:
    await pilot.pause(seconds)
    return len(app.snapshot.history) if app.snapshot is not None else 0


async def test_board_auto_game_paused_stepped_then_ends_on_the_scores() -> None:
    record = new_record("remi-pe-tabla", {}, BOTS, 1, False)
    app = make_board(record, auto=True)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(200):
            await pilot.pause(0.02)
            if app.auto and app.snapshot is not None:
                break
        await pilot.press("p")
        for _ in range(100):  # the footer shows the bot game's keys once it is redrawn
            if shows(app, "p Pause"):
                break
            await pilot.pause(0.02)
        assert app.auto and shows(app, f"{SPEEDS[START_SPEED]} s per move")
        assert shows(app, "^q Quit") and shows(app, "p Pause")
        shown = await _moves_after(pilot, app, 0.05)
        assert await _moves_after(pilot, app, 3 * SPEEDS[START_SPEED]) == shown  # paused
        assert shows(app, "PAUSED")
        await pilot.press("full_stop")
        assert await _moves_after(pilot, app, 0.2) == shown + 1  # one move
        for _ in range(len(SPEEDS)):
            await pilot.press("plus")
        assert app.speed == 0
        await pilot.press("p")
        for _ in range(2000):
            await pilot.pause(0.02)
            if isinstance(app.screen, HoldScreen):
                break
        assert isinstance(app.screen, HoldScreen)
        held = str(app.screen.item)
        assert "End of the hand" in held and "total" in held
        assert len(re.findall(r"(?m)^ *\d+\. ", held)) <= 1  # the scores, not the moves
        await pilot.press("enter")


async def test_board_lipire_tiles_marked_by_who_attached_them(tmp_path: Path) -> None:
    """Ana (p1) attaches R8 to her own run 1: R8¹ on the table, the marks explained."""
    app = make_board(sir_break_record(tmp_path))
    before = WHOLE_HAND[: WHOLE_HAND.index("layoff 2 K10")]
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app, 0)
        for line in before:
            await enter(pilot, app, line)
        assert shows(app, "R8¹]") and shows(app, "attached (lipire) by p1")
        assert attached_tiles(app.snapshot.history) == {0: [(Tile.parse("R8"), 0)]}
        await enter(pilot, app, "undo")  # taken back: no mark
        assert not shows(app, "R8¹")
