"""The board's messages area: the game's answers, refusals and help, one line each.

Its least height grows with the terminal (``log_height``). The newest batch of lines (what the
game said since it last asked for a line, or since the player's line was echoed) is shown
whole: the area grows to fit it, as far as the rest of the board can give way (the table shrinks
to its least height; the rack, the command line and the key line stay) and at most to half the
terminal, and it is back to its least height at the player's next key or click. A batch longer than
that (``help``) is shown from its first line, so it is read from its start; PageUp / PageDown
scroll it.
"""

from __future__ import annotations

from typing import Any, Self

from rich.text import Text
from textual import events
from textual.widget import Widget
from textual.widgets import RichLog

__all__ = ["MessageLog", "log_height", "most_height"]


def log_height(rows: int) -> int:
    """The least height of the messages area (its top border and its lines) on a terminal of
    ``rows`` rows: 2 lines at 24 rows, one more for each 3 rows more (7 at 40)."""
    return 3 + max(0, rows - 24) // 3


def most_height(rows: int) -> int:
    """The most the messages area grows to on a terminal of ``rows`` rows, its border included,
    when the rest of the board has that room: half the terminal (12 rows at 24, 20 at 40), and
    never less than ``log_height``."""
    return max(log_height(rows), rows // 2)


class MessageLog(RichLog):
    """The messages: plain text lines (never read as markup), wrapped to the width.

    A line is wrapped when it is written, at the width then available: the column of the
    scrollbar is kept free from the start (``scrollbar-gutter: stable``) and no minimum width
    is imposed (``RichLog``'s default is 78), so a line written before the scrollbar appeared,
    or on a terminal of 80 columns, never loses its last letter under it."""

    DEFAULT_CSS = """
    MessageLog { scrollbar-gutter: stable; }
    """

    def __init__(self, *, gives_way: str, **kwargs: Any) -> None:
        super().__init__(wrap=True, markup=False, highlight=False, min_width=1, **kwargs)
        #: The id of the part of the board that gives way (down to its ``min-height``) when
        #: the area grows: the table.
        self.gives_way = gives_way
        #: The first line of the current batch, or None before its first line.
        self._batch: int | None = None
        #: The first line of the newest batch that has lines (the one shown whole), or None.
        self._newest: int | None = None
        #: The terminal's rows (``fit``).
        self._rows = 24

    def fit(self, rows: int) -> None:
        """Size the area for a terminal of ``rows`` rows: ``log_height``, or more for the
        newest batch (``grow``)."""
        self._rows = rows
        self.grow()

    def wanted(self) -> int:
        """The height that shows the newest batch whole (its border included): ``log_height``
        when there is none yet, or it fits in that."""
        lines = 0 if self._newest is None else len(self.lines) - self._newest
        return max(log_height(self._rows), lines + 1)

    def grow(self) -> None:
        """Fit the area to the newest batch (``wanted``), within ``most_height`` and the
        ``room`` the rest of the board leaves; at least ``log_height``. A new height shows the
        batch again: whole, or from its first line."""
        least = log_height(self._rows)
        height = max(least, min(self.wanted(), most_height(self._rows), self.room()))
        if self.styles.height is None or self.styles.height.cells != height:
            self.styles.height = height
            if self._newest is not None:  # once laid out: the batch, or its first line
                self.call_after_refresh(self._scroll_from, self._newest)

    def room(self) -> int:
        """The rows the area may take, its border included: the board's height less the other
        parts shown, the one that gives way (``gives_way``) at its least height. The rack, the
        command line and the key line are never pushed off the screen."""
        board = self.screen
        others = sum(
            part.outer_size.height
            for part in board.children
            if part.display and part is not self and part.id != self.gives_way
        )
        least = board.get_child_by_id(self.gives_way, Widget).styles.min_height
        return board.size.height - others - ((least.cells or 0) if least is not None else 0)

    def new_batch(self) -> None:
        """The next line starts a new batch (the game asked, or the player's line was echoed);
        the area keeps its height, and shows the batch before, until that line comes."""
        self._batch = None

    def fold(self) -> None:
        """The player goes on (a key, a click): the newest batch is read, the area is back to
        its least height (the table has its room again), the batch shown from its first line."""
        start, self._newest = self._newest, None
        if start is not None and self.styles.height is not None:
            if self.styles.height.cells != log_height(self._rows):
                self.grow()
                self.call_after_refresh(self._scroll_from, start)

    def fold_at(self, event: events.Key | events.MouseDown) -> None:
        """``fold`` at a key or a click of the player, but PageUp / PageDown and a click on the
        messages themselves, which scroll them."""
        if isinstance(event, events.Key):
            if event.key not in ("pageup", "pagedown"):
                self.fold()
        elif self.app.screen is not self.screen or not self.region.contains_point(
            event.screen_offset
        ):
            self.fold()

    def clear(self) -> Self:
        """No lines (the hand-over cover): back to the least height."""
        super().clear()
        self._batch = self._newest = None
        self.grow()
        return self

    def add(self, text: str, style: str | None) -> None:
        """Add one line: the area grows to show its batch whole when the board has the room,
        and a batch that still does not fit is shown from its first line."""
        if self._batch is None:
            self._batch = self._newest = len(self.lines)
        self.write(Text(text, style=style or ""), scroll_end=False)
        self.call_after_refresh(self._show_batch, self._batch)

    def _show_batch(self, start: int) -> None:
        self.grow()
        self.call_after_refresh(self._scroll_from, start)

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
