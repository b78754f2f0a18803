"""Tile colours in the reader's letters on the board (docs/glossary.md): R roșu, G galben,
A albastru, N negru in Romanian, the canonical R, Y, B, K otherwise.

The board draws every tile from the canonical notation; ``ColourLetters`` is a Textual line
filter that rewrites each tile token of the finished screen lines through
``remi.core.colour_letters.shown``. A letter is replaced by one letter, so the styles (the
tile colours) stay where they were. Typed tiles come back through the line mode's reader
(``colour_letters.typed``), so the board and the line mode read and show the same letters.
"""

from __future__ import annotations

from rich.segment import Segment
from rich.text import Text
from textual.color import Color
from textual.filter import LineFilter

from remi.core.colour_letters import LETTERS, legend, shown
from remi.core.messages import Messages

__all__ = ["ColourLetters", "legend_line"]


class ColourLetters(LineFilter):
    """A line filter showing tile colours in the letters of ``lang`` (``Y7`` -> ``G7`` in
    Romanian); control segments and texts without a tile token pass unchanged."""

    def __init__(self, lang: str) -> None:
        super().__init__(enabled=lang in LETTERS)
        self.lang = lang

    def apply(self, segments: list[Segment], background: Color) -> list[Segment]:
        """``segments`` with each segment's text through ``shown`` (same length, same style)."""
        return [
            seg if seg.control else Segment(shown(seg.text, self.lang), seg.style, seg.control)
            for seg in segments
        ]


def legend_line(m: Messages) -> Text | None:
    """The dim line that explains the colour letters, for a language that has its own
    ("Culori: R roșu, G galben, A albastru, N negru"); None in English."""
    if m.lang not in LETTERS:
        return None
    return Text(legend(m), style="dim")
