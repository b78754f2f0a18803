"""The board's messages area: the game's answers, refusals and help, one line each.

Its height grows with the terminal (``log_height``). A batch of lines (what the game said since
it last asked for a line, or since the player's line was echoed) that does not fit is shown
from its first line, so a long help or refusal is read from its start; PageUp / PageDown
scroll it.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.widgets import RichLog

__all__ = ["MessageLog", "log_height"]


def log_height(rows: int) -> int:
    """The height of the messages area (its top border and its lines) on a terminal of
    ``rows`` rows: 2 lines at 24 rows, one more for each 3 rows more (7 at 40)."""
    return 3 + max(0, rows - 24) // 3


class MessageLog(RichLog):
    """The messages: plain text lines (never read as markup), wrapped to the width.

    A line is wrapped when it is written, at the width then available: the column of the
    scrollbar is kept free from the start (``scrollbar-gutter: stable``) and no minimum width
    is imposed (``RichLog``'s default is 78), so a line written before the scrollbar appeared,
    or on a terminal of 80 columns, never loses its last letter under it."""

    DEFAULT_CSS = """
    MessageLog { scrollbar-gutter: stable; }
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(wrap=True, markup=False, highlight=False, min_width=1, **kwargs)
        #: The first line of the current batch, or None before its first line.
        self._batch: int | None = None

    def fit(self, rows: int) -> None:
        """Size the area for a terminal of ``rows`` rows (``log_height``)."""
        self.styles.height = log_height(rows)

    def new_batch(self) -> None:
        """The next line starts a new batch (the game asked, or the player's line was echoed)."""
        self._batch = None

    def add(self, text: str, style: str | None) -> None:
        """Add one line, shown from the first line of its batch when the batch does not fit."""
        if self._batch is None:
            self._batch = len(self.lines)
        self.write(Text(text, style=style or ""), scroll_end=False)
        self.call_after_refresh(self._scroll_from, self._batch)

    def _scroll_from(self, start: int) -> None:
        if len(self.lines) - start > self.scrollable_content_region.height:
            self.scroll_to(y=start, animate=False, immediate=True)
        else:
            self.scroll_end(animate=False, immediate=True, x_axis=False)

    def page(self, pages: int) -> None:
        """Scroll a page up (``pages`` < 0) or down."""
        if pages < 0:
            self.scroll_page_up(animate=False)
        else:
            self.scroll_page_down(animate=False)
