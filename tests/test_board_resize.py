"""The board after the terminal is resized: the messages area follows the new height (the rack,
the command line and the key line stay on the screen, docs/playing.md) and the rack is wrapped
at the new width."""

from __future__ import annotations

import pytest
from boardkit import enter, make_board, settle, shows
from textual.widget import Widget
from textual.widgets import Input

from remi.cli import terminal
from remi.cli.hands import new_record
from remi.core.records import HUMAN, PlayerEntry
from remi.ui.app import BoardApp
from remi.ui.message_log import log_height

SEATS = (PlayerEntry("Ana", HUMAN), PlayerEntry("greedy-2", "greedy"))

#: The rack part of each family's layout.
RACKS = {"remi-pe-tabla": "#rack", "rummikub": "#rk-rack"}


def on_screen(app: BoardApp, selector: str) -> bool:
    """The part is shown, with its whole region inside the screen."""
    part = app.query_one(selector, Widget)
    region, size = part.region, app.size
    return part.display and region.height > 0 and region.bottom <= size.height


@pytest.mark.parametrize("preset", ["remi-pe-tabla", "rummikub"])
@pytest.mark.parametrize("lang", ["en", "ro"])
async def test_shrinking_keeps_the_rack_and_the_prompt(
    monkeypatch: pytest.MonkeyPatch, preset: str, lang: str
) -> None:
    """Seed 7 at 120x40, shrunk to 80x24: the messages area is back to its least height at 24
    rows (3, not the 8 of 40 rows), the board fits (no scrolling), the rack, the command line
    and the key line are inside the screen; still so after a refused line (``discard R1``:
    Ana holds no R1... or must draw first) whose answer grows the area."""
    monkeypatch.setattr(terminal, "clock", lambda: 0.0)  # the countdown stands at 60 s
    app = make_board(new_record(preset, {}, SEATS, 7, False), lang=lang)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app, 0)
        log = app.query_one("#log", Widget)
        assert log.outer_size.height == log_height(40) == 8
        await pilot.resize_terminal(80, 24)
        await pilot.pause(0.2)
        assert log.outer_size.height == log_height(24) == 3
        assert app.screen.max_scroll_y == 0
        for part in (RACKS[preset], "#command", "#keys"):
            assert on_screen(app, part), part
        prompt = app.query_one("#command", Input).placeholder
        assert prompt.startswith("Ana")
        assert shows(app, prompt)
        await enter(pilot, app, "discard R1" if lang == "en" else "arunc R1")
        await pilot.pause(0.2)
        assert app.screen.max_scroll_y == 0
        for part in (RACKS[preset], "#command", "#keys"):
            assert on_screen(app, part), part
        assert shows(app, prompt)


@pytest.mark.parametrize(
    ("preset", "tiles", "lines"), [("remi-pe-tabla", 15, 2), ("rummikub", 14, 1)]
)
async def test_the_rack_uses_the_width_there_is(preset: str, tiles: int, lines: int) -> None:
    """At 120x40 the rack of seed 7 (15 tiles for Remi, 83 columns with its title; 14 for
    Rummikub, 60 columns) is one line, not wrapped at 78 columns; at 80x24 the Remi rack wraps
    to 2 lines, the Rummikub one still fits in one."""
    app = make_board(new_record(preset, {}, SEATS, 7, False))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app, 0)
        rack = app.query_one(RACKS[preset], Widget)
        text = str(rack.render())
        assert f"({tiles}" in text and "\n" not in text and len(text) < 100
        assert rack.outer_size.height == 1
        await pilot.resize_terminal(80, 24)
        await pilot.pause(0.2)
        assert str(rack.render()).count("\n") == lines - 1
        assert rack.outer_size.height == lines
