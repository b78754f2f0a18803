"""The board's pickable rows: the rack (pick tiles with the keys or the mouse, then meld, lay
off or discard them) and the șir (click a tile to take it).

A pick becomes the engine's notation (``meld R7 R8 R9``, ``discard Y4``, ``take 4``), sent to
the game as if typed, or put on the command line to be finished (``layoff N R10``), so both
ways of acting go through the same checks. Each row is laid out here, tile by tile, so that a
click finds the tile under the mouse.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.widgets import Static

from remi.core.messages import N_, Messages
from remi.core.render import tile_text
from remi.core.tiles import Tile

__all__ = ["PickRack", "Play", "SirRow", "Span", "lay_out", "token_at"]

#: (row, first column, last column + 1) of a token laid out by ``lay_out``.
Span = tuple[int, int, int]


def lay_out(
    prefix: Text, tokens: Sequence[Text], width: int, gap: int = 1
) -> tuple[Text, list[Span]]:
    """``prefix`` then ``tokens`` separated by ``gap`` spaces, wrapped at ``width`` columns
    (never inside a token), and where each token landed."""
    lines = [prefix.copy()]
    spans: list[Span] = []
    for token in tokens:
        line = lines[-1]
        need = len(token) + (gap if line.plain else 0)
        if line.plain and len(line) + need > max(width, 8):
            lines.append(Text())
            line = lines[-1]
        if line.plain:
            line.append(" " * gap)
        start = len(line)
        line.append_text(token)
        spans.append((len(lines) - 1, start, len(line)))
    return Text("\n").join(lines), spans


def token_at(spans: Sequence[Span], x: int, y: int) -> int | None:
    """The index of the token at column ``x`` of row ``y``, or None."""
    for i, (row, start, end) in enumerate(spans):
        if row == y and start <= x < end:
            return i
    return None


class Play(Message):
    """A pick turned into a command: ``send`` it at once, or put it on the command line."""

    def __init__(self, command: str, send: bool) -> None:
        super().__init__()
        self.command = command
        self.send = send


class PickRack(Static, can_focus=True):
    """The rack, with a cursor and picked tiles: ←/→ move, Space picks, m melds, d discards,
    l starts a layoff, t starts a take, Esc goes back to the command line; a click picks."""

    #: key, action, message id of its description in the key line
    KEYS: ClassVar[tuple[tuple[str, str, str], ...]] = (
        ("space", "pick", N_("board.key.pick_one")),
        ("m", "play('meld')", N_("board.key.meld")),
        ("d", "play('discard')", N_("board.key.discard")),
        ("l", "play('layoff')", N_("board.key.layoff")),
        ("t", "play('take')", N_("board.key.take")),
        ("escape", "app.focus('command')", N_("board.key.back")),
    )
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "move(-1)", show=False),
        Binding("right", "move(1)", show=False),
    ]

    def __init__(self, m: Messages, *, id: str | None = None) -> None:
        super().__init__(id=id)
        for key, action, text in self.KEYS:
            self._bindings.bind(key, action, m(text))
        self.prefix = Text()
        self.tiles: list[Tile] = []
        self.marked: Tile | None = None
        self.drawn: Tile | None = None
        self.cursor = 0
        self.picked: set[int] = set()
        self.spans: list[Span] = []

    def on_resize(self) -> None:
        """Laid out again at the new width (drawn before the first layout, the rack was
        wrapped at 78 columns, whatever the terminal's width)."""
        if self.tiles:
            self._draw()

    def set_rack(
        self, prefix: Text, tiles: Sequence[Tile], marked: Tile | None, drawn: Tile | None = None
    ) -> None:
        """Show ``tiles`` in this order after ``prefix`` (``marked``: the taken șir tile,
        underlined; ``drawn``: the tile just drawn, shown ``↓``); the picks are dropped when
        the rack changed."""
        if list(tiles) != self.tiles:
            self.picked.clear()
            self.cursor = min(self.cursor, max(len(tiles) - 1, 0))
        self.prefix, self.tiles, self.marked, self.drawn = prefix, list(tiles), marked, drawn
        self._draw()

    def clear_rack(self) -> None:
        """Show nothing (the hand-over cover is up)."""
        self.prefix, self.tiles, self.picked, self.spans = Text(), [], set(), []
        self.update("")

    def _draw(self) -> None:
        tokens = []
        drawn = self.drawn
        for i, tile in enumerate(self.tiles):
            text = tile_text(tile)
            if tile == self.marked:
                text.stylize("underline")
            if tile == drawn:
                text = Text("↓", style="bold") + text
                drawn = None  # one copy only
            if i in self.picked:
                text.stylize("reverse")
            if self.has_focus and i == self.cursor:
                text = Text("›") + text
            tokens.append(text)
        width = self.size.width - 2 if self.size.width else 78
        text, self.spans = lay_out(self.prefix, tokens, width)
        self.update(text)

    def on_focus(self) -> None:
        """Show the cursor."""
        self._draw()

    def on_blur(self) -> None:
        """Hide the cursor."""
        self._draw()

    def on_click(self, event: events.Click) -> None:
        """Pick (or drop) the clicked tile."""
        hit = token_at(self.spans, event.x - 1, event.y)
        if hit is not None:
            self.cursor = hit
            self.action_pick()

    def action_move(self, step: int) -> None:
        """Move the cursor along the rack."""
        if self.tiles:
            self.cursor = (self.cursor + step) % len(self.tiles)
            self._draw()

    def action_pick(self) -> None:
        """Pick the tile under the cursor, or drop it."""
        if self.tiles:
            self.picked ^= {self.cursor}
            self._draw()

    def picked_text(self) -> str:
        """The picked tiles in rack order, in notation."""
        return " ".join(str(self.tiles[i]) for i in sorted(self.picked))

    def action_play(self, verb: str) -> None:
        """``meld`` / ``discard`` the picked tiles at once; ``layoff`` / ``take`` go to the
        command line to be finished (the formation number, the șir position)."""
        tiles = self.picked_text()
        if verb in ("meld", "discard") and tiles:
            self.post_message(Play(f"{verb} {tiles}", send=True))
        elif verb == "layoff":
            self.post_message(Play(f"layoff  {tiles}".rstrip(), send=False))
        elif verb == "take":
            self.post_message(Play("take ", send=False))


class SirRow(Static):
    """The șir row: a click on a tile takes it (``take``, or ``take N`` to break the șir)."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.spans: list[Span] = []
        self.count = 0
        self._row: tuple[Text, list[Text]] = (Text(), [])

    def on_resize(self) -> None:
        """Laid out again at the new width."""
        if self.count:
            self.set_row(*self._row)

    def set_row(self, prefix: Text, tokens: Sequence[Text]) -> None:
        """Show ``prefix`` and the șir's tokens (``1:B4``...)."""
        self._row = (prefix, list(tokens))
        width = self.size.width - 2 if self.size.width else 78
        text, self.spans = lay_out(prefix, tokens, width)
        self.count = len(tokens)
        self.update(text)

    def on_click(self, event: events.Click) -> None:
        """Take the clicked tile."""
        hit = token_at(self.spans, event.x - 1, event.y)
        if hit is not None:
            command = "take" if hit == self.count - 1 else f"take {hit + 1}"
            self.post_message(Play(command, send=True))
