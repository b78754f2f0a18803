"""The end-of-hand screen at 80x24 is taller than the terminal: its key line names the keys
that scroll it (↑ ↓, PageUp PageDown, Home End) beside Enter, in English and Romanian, and
each of them does scroll it."""

from __future__ import annotations

from pathlib import Path

import pytest
from boardkit import enter, make_board, settle, sir_break_record
from test_board import WHOLE_HAND
from textual.containers import VerticalScroll
from textual.widgets import Static

from remi.cli.messages import messages
from remi.ui.screens import HoldScreen


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("en", "Enter: go on   ↑ ↓ PageUp PageDown Home End: scroll"),
        ("ro", "Enter: continuă   ↑ ↓ PageUp PageDown Home End: derulează"),
    ],
)
def test_hold_key_line_names_the_scroll_keys(lang: str, text: str) -> None:
    """``board.hold.keys`` in each language."""
    assert messages(lang)("board.hold.keys") == text


@pytest.mark.parametrize("lang", ["en", "ro"])
async def test_end_of_hand_scrolls_with_the_keys_its_line_names(tmp_path: Path, lang: str) -> None:
    """The sir-break hand played out at 80x24: the key line is ``board.hold.keys``; PageDown
    and ↓ scroll down, End to the bottom, PageUp and ↑ back up, Home to the top."""
    m = messages(lang)
    app = make_board(sir_break_record(tmp_path), lang=lang)
    words = {"draw": "trage", "discard": "arunc"} if lang == "ro" else {}
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app, 0)
        for line in WHOLE_HAND:
            word, _, rest = line.partition(" ")
            await enter(pilot, app, f"{words.get(word, word)} {rest}".strip() if line else "")
        assert isinstance(app.screen, HoldScreen)
        keys = [w for w in app.screen.query(Static) if not isinstance(w, VerticalScroll)][-1]
        assert str(keys.render()) == m("board.hold.keys")
        scroll = app.screen.query_one(VerticalScroll)
        bottom = scroll.max_scroll_y
        assert bottom > 0  # taller than the screen
        await pilot.press("pagedown")
        await pilot.pause(0.2)
        assert scroll.scroll_y > 0
        await pilot.press("end")
        await pilot.pause(0.2)
        assert scroll.scroll_y == bottom
        await pilot.press("up")
        await pilot.pause(0.2)
        assert scroll.scroll_y == bottom - 1
        await pilot.press("pageup")
        await pilot.pause(0.2)
        assert scroll.scroll_y < bottom - 1
        await pilot.press("home")
        await pilot.pause(0.2)
        assert scroll.scroll_y == 0
        await pilot.press("down")
        await pilot.pause(0.2)
        assert scroll.scroll_y == 1
