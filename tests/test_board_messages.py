"""The board's messages area: it grows with the terminal and with the newest batch of lines (a
long refusal is shown whole at 80x24, the table giving way, the rack and the command line kept),
a longer answer (help) is shown from its first line, and PageUp / PageDown on the command line
scroll it."""

from __future__ import annotations

import pytest
from boardkit import enter, make_board, settle, shows

from remi.cli import terminal
from remi.cli.hands import new_record
from remi.cli.messages import messages
from remi.core.records import HUMAN, PlayerEntry
from remi.ui.message_log import MessageLog, log_height, most_height

SEATS = (PlayerEntry("Ana", HUMAN), PlayerEntry("greedy-2", "greedy"))


@pytest.mark.parametrize(("rows", "height"), [(24, 3), (30, 5), (40, 8), (60, 15)])
def test_log_height_grows_with_the_terminal(rows: int, height: int) -> None:
    assert log_height(rows) == height  # 2 lines + the border at 24 rows, 1 more per 3 rows


@pytest.mark.parametrize(("rows", "height"), [(24, 12), (30, 15), (40, 20)])
def test_log_grows_at_most_to_half_the_terminal(rows: int, height: int) -> None:
    assert most_height(rows) == height


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_board_help_is_shown_from_its_first_line_and_pages(size: tuple[int, int]) -> None:
    """Seed 3, ``help``: the answer (21 lines with the echo) is longer than the area, even
    grown as far as the table gives way (at most half the terminal), which shows its first line "Legal now (15):" (the echo
    scrolled off); PageDown / PageUp on the command line move it by the area's height; the
    rack and the command line stay on the screen."""
    app = make_board(new_record("remi-pe-tabla", {}, SEATS, 3, False))
    async with app.run_test(size=size) as pilot:
        await settle(pilot, app, 0)
        log = app.query_one("#log")
        assert log.outer_size.height == log_height(size[1])
        await enter(pilot, app, "help")
        await pilot.pause(0.1)
        lines = log.scrollable_content_region.height
        assert log_height(size[1]) - 1 < lines < most_height(size[1]) and len(log.lines) > lines
        assert str(log.lines[0].text).startswith("> help") and log.scroll_y == 1
        assert shows(app, "Legal now") and shows(app, "Ana>") and shows(app, "Your rack (15")
        await pilot.press("pagedown")
        await pilot.pause(0.1)
        # at 120x40 the area is grown to 19 lines: one page down is its last line
        down = log.scroll_y
        assert down == min(1 + lines, log.max_scroll_y) > 1
        assert not shows(app, "Legal now")
        await pilot.press("pageup")
        await pilot.pause(0.1)
        assert log.scroll_y == max(0, down - lines)  # 1 at 80x24: "Legal now" first again


#: Two people at one screen, Rummikub (seed 5: Dan plays first).
PEOPLE = (PlayerEntry("Ana", HUMAN), PlayerEntry("Dan", HUMAN))


@pytest.mark.parametrize("lang", ["en", "ro"])
async def test_a_kept_refusal_is_shown_whole_at_80x24(
    monkeypatch: pytest.MonkeyPatch, lang: str
) -> None:
    """Dan ends his first turn with [R1] alone on the table: ``done`` refuses it
    (``formation.min_tiles``) and he draws 3 penalty tiles (``penalty.invalid_turn``). At his
    next turn the kept lines (the title, the refusal, the penalty: 4 wrapped lines in English,
    5 in Romanian) are all on the screen at 80x24, the rule ids and the penalty included,
    with his rack (17 tiles) and his prompt; PageDown keeps them, his next key (→ on the table)
    gives the table its room back."""
    monkeypatch.setattr(terminal, "clock", lambda: 0.0)  # the countdown stands at 60 s
    m = messages(lang)
    app = make_board(new_record("rummikub", {}, PEOPLE, 5, False), lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app, 0)
        await enter(pilot, app, "")  # Dan's cover
        await enter(pilot, app, "new R1" if lang == "en" else "nou R1")
        await enter(pilot, app, "done" if lang == "en" else "gata")
        await enter(pilot, app, "")  # Ana's cover
        await enter(pilot, app, "draw" if lang == "en" else "trag")
        await enter(pilot, app, "")  # Dan's cover: his turn starts
        await pilot.pause(0.2)
        log = app.part("#log", MessageLog)
        lines = {"en": 4, "ro": 5}[lang]
        assert len(log.lines) == lines and log.outer_size.height == lines + 1
        assert shows(app, m("board.kept.title", name="Dan"))
        refusal = m("rk.refused", error="").strip()
        penalty = m.plural("rk.penalty_drawn", 3, name="Dan", rule="penalty.invalid_turn")
        for said in (refusal, "[formation.min_tiles]", penalty, "Dan [ 60 s]>"):
            assert shows(app, said), said
        rack = "Your rack (17)" if lang == "en" else "Tabla ta (17)"
        assert shows(app, rack)
        await pilot.press("pagedown")  # scrolls the messages: they stay whole
        await pilot.pause(0.2)
        assert log.outer_size.height == lines + 1
        await pilot.press("right")  # on the table: the player goes on
        await pilot.pause(0.2)
        assert log.outer_size.height == log_height(24)
        assert shows(app, "Dan [ 60 s]>") and shows(app, rack)
