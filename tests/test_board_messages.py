"""The board's messages area: it grows with the terminal, a long answer (help, a refusal) is
shown from its first line, and PageUp / PageDown on the command line scroll it."""

from __future__ import annotations

import pytest
from boardkit import enter, make_board, settle, shows

from remi.cli.hands import new_record
from remi.core.records import HUMAN, PlayerEntry
from remi.ui.message_log import log_height

SEATS = (PlayerEntry("Ana", HUMAN), PlayerEntry("greedy-2", "greedy"))


@pytest.mark.parametrize(("rows", "height"), [(24, 3), (30, 5), (40, 8), (60, 15)])
def test_log_height_grows_with_the_terminal(rows: int, height: int) -> None:
    assert log_height(rows) == height  # 2 lines + the border at 24 rows, 1 more per 3 rows


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_board_help_is_shown_from_its_first_line_and_pages(size: tuple[int, int]) -> None:
    """Seed 3, ``help``: the answer (21 lines with the echo) is longer than the area, which
    shows its first line "Legal now (15):" (the echo scrolled off); PageDown / PageUp on the
    command line move it by the area's height."""
    app = make_board(new_record("remi-pe-tabla", {}, SEATS, 3, False))
    async with app.run_test(size=size) as pilot:
        await settle(pilot, app, 0)
        log = app.query_one("#log")
        assert log.outer_size.height == log_height(size[1])
        await enter(pilot, app, "help")
        await pilot.pause(0.1)
        lines = log.scrollable_content_region.height
        assert lines == log_height(size[1]) - 1 and len(log.lines) > lines
        assert str(log.lines[0].text).startswith("> help") and log.scroll_y == 1
        assert shows(app, "Legal now")
        await pilot.press("pagedown")
        await pilot.pause(0.1)
        assert log.scroll_y == 1 + lines and not shows(app, "Legal now")
        await pilot.press("pageup")
        await pilot.pause(0.1)
        assert log.scroll_y == 1
