"""Rummikub-style table editing on the board: the working sets and the rack, tiles picked with
the keys or the mouse, then played as a new set, added to a set, or a set split.

Each edit becomes one command of the turn's table editor
(``remi.variants.rummikub.editing.TableEditor``), sent to the game as if typed, so both ways of
acting go through the same checks (an edit the rules forbid in this turn is refused when it is
made): ``new R7 R8 2:3`` (a new set from rack tiles and table tiles ``S:T``), ``put R5 2:1 3``
(into set 3), ``split 2 3``, ``undo``, ``check``, ``done``. Each set is marked valid ✓,
incomplete … or invalid ✗ as the table changes.

Keys (the table has the focus): arrows move (↑/↓ between the sets and the rack), Space picks
or drops the tile, w picks a whole set, n plays the picked tiles as a new set, a adds them to
the set under the cursor, s splits that set before the cursor, u undoes, c checks, Enter ends
the turn (done; on an unchanged table, which draws a tile, the board asks first), Esc, ``:``,
``/`` or Tab go to the command line, and any other letter starts a command there (so does a key
that would do nothing here: ``n`` with nothing picked, so ``new R7 R8 R9`` typed lands there). Mouse: a click on a tile picks
it, on a set's number adds the picked tiles to it, on ``[+]`` makes them a new set.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import ClassVar

from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.widgets import Static

from remi.core.formations import FormationRules, formation_readings
from remi.core.messages import N_, Messages
from remi.core.notation import SlotToken
from remi.core.render import slot_text, tile_text
from remi.core.tiles import Tile
from remi.ui.widgets import Play
from remi.variants.rummikub.screens import set_mark

__all__ = ["RackRow", "TableEdit", "arranged", "flow"]

#: A picked or pointed tile: (set index, tile index), the rack being set index -1.
Spot = tuple[int, int]
#: What a click hits: a tile (a ``Spot``), a set's number (``("set", i)``) or the new-set chip.
Target = tuple[int, int] | tuple[str, int]
#: (row, first column, last column + 1, target) of a piece laid out by ``flow``.
Span = tuple[int, int, int, Target]

RACK = -1


def flow(
    chips: Sequence[Sequence[tuple[Text, Target | None]]], width: int, gap: int = 2
) -> tuple[Text, list[Span]]:
    """Lay out ``chips`` (each a run of pieces kept on one line when it fits) left to right,
    ``gap`` spaces apart, wrapped at ``width`` columns; a chip wider than a line wraps between
    its pieces. Returns the text and where each piece with a target landed."""
    width = max(width, 12)
    lines = [Text()]
    spans: list[Span] = []
    for chip in chips:
        size = sum(len(text) for text, _ in chip)
        line = lines[-1]
        if line.plain and len(line) + gap + size > width:
            lines.append(Text())
        elif line.plain:
            line.append(" " * gap)
        for text, target in chip:
            line = lines[-1]
            if line.plain.strip() and len(line) + len(text) > width:
                lines.append(Text(" "))
                line = lines[-1]
            start = len(line)
            line.append_text(text)
            if target is not None:
                spans.append((len(lines) - 1, start, len(line), target))
    return Text("\n").join(lines), spans


def hit(spans: Sequence[Span], x: int, y: int) -> Target | None:
    """The target at column ``x`` of row ``y``, or None."""
    for row, start, end, target in spans:
        if row == y and start <= x < end:
            return target
    return None


def arranged(slots: Sequence[SlotToken], rules: FormationRules) -> list[SlotToken]:
    """``slots`` in the order a new set is written: by number then colour, each plain joker
    where the set reads valid (in a gap of a run), else last."""
    natural = sorted(
        (s for s in slots if not s.tile.is_joly), key=lambda s: (s.tile.number, s.tile)
    )
    jokers = [s for s in slots if s.tile.is_joly]
    out = list(natural)
    for joker in jokers:
        for at in range(len(out) + 1):
            trial = [*out[:at], joker, *out[at:]]
            if formation_readings(trial, rules):
                out = trial
                break
        else:
            out.append(joker)
    return out


class TableEdit(Static, can_focus=True):
    """The working sets of the turn, numbered as the editor's commands use them, with the
    cursor and the picked tiles; the rack below them (``RackRow``) belongs to the same cursor."""

    #: key, action, message id of its description in the key line
    KEYS: ClassVar[tuple[tuple[str, str, str], ...]] = (
        ("space", "pick", N_("board.key.pick_one")),
        ("n", "new_set", N_("board.rk.key.new")),
        ("a", "add", N_("board.rk.key.add")),
        ("s", "split", N_("board.rk.key.split")),
        ("w", "whole", N_("board.rk.key.whole")),
        ("u", "send('undo')", N_("board.rk.key.undo")),
        ("c", "send('check')", N_("board.rk.key.check")),
        ("enter", "done", N_("board.rk.key.done")),
        ("escape", "app.focus('command')", N_("board.key.back")),
    )
    #: The keys the table's title lists (not the key line, which keeps to the main ones).
    TITLE_KEYS: ClassVar[tuple[str, ...]] = ("s", "w", "u", "c", "escape")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "move(0, -1)", show=False),
        Binding("right", "move(0, 1)", show=False),
        Binding("up", "move(-1, 0)", show=False),
        Binding("down", "move(1, 0)", show=False),
        Binding("colon,slash,tab", "app.focus('command')", show=False),
    ]

    #: The keys of ``KEYS`` that are letters (typed elsewhere, they start a command).
    LETTERS: ClassVar[frozenset[str]] = frozenset({"n", "a", "s", "w", "u", "c"})

    class Changed(Message):
        """The cursor or the picks changed (the rack row redraws)."""

    class AskDone(Message):
        """Enter on an unchanged table: ending the turn draws a tile, so the board asks."""

    def __init__(self, m: Messages, *, id: str | None = None) -> None:
        super().__init__(id=id)
        for key, action, text in self.KEYS:  # the key line shows the main ones; the title the rest
            self._bindings.bind(key, action, m(text), show=key not in self.TITLE_KEYS)
        self.m = m
        self.title = Text()
        self.sets: list[tuple[SlotToken, ...]] = []
        self.rack: list[Tile] = []
        self.rules: FormationRules | None = None
        self.cursor: Spot = (RACK, 0)
        self.picked: set[Spot] = set()
        self.spans: list[Span] = []
        self.rack_row: RackRow | None = None
        self.rack_title = ""
        self.drawn: Tile | None = None
        #: The table and the rack are as at the start of the turn (``done`` draws a tile).
        self.unchanged = False
        #: Called with a typed character that starts a command (the board puts it on the
        #: command line and focuses it).
        self.on_word: Callable[[str], None] | None = None
        #: A command is being typed (the keys go to the command line).
        self.typing = False

    # --- what is shown --------------------------------------------------------------------

    def set_table(
        self,
        title: Text,
        sets: Sequence[Sequence[SlotToken]],
        rack: Sequence[Tile],
        rules: FormationRules | None,
        *,
        rack_title: str = "",
        drawn: Tile | None = None,
        unchanged: bool = False,
    ) -> None:
        """Show ``sets`` (marked when ``rules`` is given: the table is being edited) and
        ``rack`` after ``rack_title`` (``drawn``: the tile just drawn, marked ``↓``;
        ``unchanged``: nothing was played yet this turn); the picks are dropped when either
        changed."""
        new_sets, new_rack = [tuple(s) for s in sets], list(rack)
        if new_sets != self.sets or new_rack != self.rack:
            self.picked.clear()
        self.title, self.sets, self.rack, self.rules = title, new_sets, new_rack, rules
        self.rack_title, self.drawn, self.unchanged = rack_title, drawn, unchanged
        self.cursor = self._clamped(self.cursor)
        self.redraw()

    def _row(self, index: int) -> Sequence[object]:
        return self.rack if index == RACK else self.sets[index]

    def _clamped(self, spot: Spot) -> Spot:
        row, col = spot
        if row != RACK and row >= len(self.sets):
            row = RACK
        size = len(self._row(row))
        return row, max(0, min(col, size - 1))

    def _token(self, text: Text, spot: Spot) -> Text:
        if spot in self.picked:
            text.stylize("reverse")
        if self.has_focus and spot == self.cursor:
            text = Text("›", style="bold") + text
        return text

    def redraw(self) -> None:
        """Draw the sets and the rack row."""
        chips: list[list[tuple[Text, Target | None]]] = []
        for i, slots in enumerate(self.sets):
            chip: list[tuple[Text, Target | None]] = [(Text(f"{i + 1}:", style="bold"), ("set", i))]
            chip.append((Text("["), None))
            for j, slot in enumerate(slots):
                token = self._token(slot_text(slot), (i, j))
                chip.append(((Text(" ") if j else Text()) + token, (i, j)))
            chip.append((Text("]" if slots else " ]"), None))
            if self.rules is not None:
                chip.append((Text(" ") + set_mark(slots, self.rules, self.m), None))
            chips.append(chip)
        if self.rules is not None:
            chips.append([(Text("[+]", style="bold"), ("new", 0))])
        width = self.size.width - 2 if self.size.width else 78
        body, self.spans = flow(chips, width)
        self.update(Text("\n").join([self.title, body]) if self.title.plain else body)
        if self.rack_row is not None:
            self.rack_row.draw(self)

    def rack_tokens(self) -> list[Text]:
        """The rack's tiles with the picks and the cursor, for ``RackRow``; the tile just
        drawn marked ``↓`` (one copy)."""
        out = []
        drawn = self.drawn
        for i, tile in enumerate(self.rack):
            text = tile_text(tile)
            if tile == drawn:
                text, drawn = Text("↓", style="bold") + text, None
            out.append(self._token(text, (RACK, i)))
        return out

    def on_resize(self) -> None:
        """Laid out again at the new width (drawn before the first layout, the sets were
        wrapped at 78 columns, whatever the terminal's width)."""
        self.redraw()

    def on_focus(self) -> None:
        """Show the cursor (the keys are the editor's again)."""
        self.typing = False
        self.call_after_refresh(self.redraw)

    def on_blur(self) -> None:
        """Hide the cursor."""
        self.call_after_refresh(self.redraw)

    def on_key(self, event: events.Key) -> None:
        """A printable key that is not one of the editor's starts a command: it goes to the
        command line, which gets the focus; so do the keys typed quickly after it that reach
        the table before the focus has moved (Enter and Backspace among them)."""
        char = event.character
        if self.typing and event.key in ("enter", "backspace"):
            char = "\n" if event.key == "enter" else "\b"
        elif not event.is_printable or char is None:
            return
        elif not self.typing and (char in " :/" or self._acts(event.key)):
            return
        event.stop()
        event.prevent_default()
        self._word(char)

    def _acts(self, key: str) -> bool:
        """Whether the editor's letter ``key`` does something here (``n`` / ``a`` need picked
        tiles, ``a`` / ``s`` a set under the cursor, ``s`` a tile before the cursor)."""
        row, col = self.cursor
        if key == "n":
            return bool(self.picked)
        if key == "a":
            return bool(self.picked) and row != RACK
        if key == "s":
            return row != RACK and col >= 1
        return key in self.LETTERS

    def _word(self, char: str) -> None:
        """``char`` starts (or goes on with) a command on the command line (``on_word``:
        ``"\\n"`` is Enter, ``"\\b"`` Backspace)."""
        if self.on_word is not None:
            self.typing = True
            self.on_word(char)

    # --- picking --------------------------------------------------------------------------

    def action_move(self, rows: int, cols: int) -> None:
        """Move the cursor along a row, or to the next / previous row (the rack after the
        last set)."""
        row, col = self.cursor
        if rows:
            order = [*range(len(self.sets)), RACK]
            row = order[(order.index(row) + rows) % len(order)]
        elif self._row(row):
            col = (col + cols) % len(self._row(row))
        self.cursor = self._clamped((row, col))
        self.redraw()

    def action_pick(self) -> None:
        """Pick the tile under the cursor, or drop it."""
        row, col = self.cursor
        if col < len(self._row(row)):
            self.picked ^= {self.cursor}
            self.redraw()

    def action_whole(self) -> None:
        """Pick every tile of the set under the cursor (again: drop them)."""
        row = self.cursor[0]
        spots = {(row, j) for j in range(len(self._row(row)))}
        self.picked = self.picked - spots if spots <= self.picked else self.picked | spots
        self.redraw()

    def click(self, target: Target) -> None:
        """A click: pick a tile, add the picks to a set, or make them a new set."""
        if target[0] == "set":
            self.cursor = self._clamped((int(target[1]), 0))
            self.action_add()
        elif target[0] == "new":
            self.action_new_set()
        else:
            self.cursor = (int(target[0]), int(target[1]))
            self.action_pick()

    def on_click(self, event: events.Click) -> None:
        """Pick the clicked tile, or add to the clicked set."""
        target = hit(self.spans, event.x - 1, event.y - (1 if self.title.plain else 0))
        if target is not None:
            self.click(target)

    # --- edits --------------------------------------------------------------------------------

    def _items(self) -> list[str]:
        """The picked tiles as the editor's words: rack tiles in notation, table tiles ``S:T``;
        in the order a new set is written (``arranged``)."""
        slots: list[tuple[SlotToken, str]] = []
        for row, col in sorted(self.picked):
            if row == RACK:
                slots.append((SlotToken(self.rack[col]), str(self.rack[col])))
            else:
                slots.append((SlotToken(self.sets[row][col].tile), f"{row + 1}:{col + 1}"))
        if self.rules is None:
            return [word for _, word in slots]
        order = arranged([s for s, _ in slots], self.rules)
        out: list[str] = []
        left = list(slots)
        for slot in order:
            match = next(p for p in left if p[0] is slot)
            left.remove(match)
            out.append(match[1])
        return out

    def action_send(self, line: str) -> None:
        """Send an editor command as if typed."""
        self.post_message(Play(line, send=True))

    def action_done(self) -> None:
        """End the turn (``done``); on an unchanged table, which draws a tile, ask first."""
        if self.unchanged:
            self.post_message(self.AskDone())
        else:
            self.action_send("done")

    def action_new_set(self) -> None:
        """The picked tiles as a new set (``new``)."""
        if self.picked:
            self.action_send("new " + " ".join(self._items()))

    def action_add(self) -> None:
        """The picked tiles into the set under the cursor (``put``)."""
        row = self.cursor[0]
        if self.picked and row != RACK:
            self.action_send(f"put {' '.join(self._items())} {row + 1}")

    def action_split(self) -> None:
        """Split the set under the cursor before the cursor's tile (``split``)."""
        row, col = self.cursor
        if row != RACK and col >= 1:
            self.action_send(f"split {row + 1} {col + 1}")


class RackRow(Static):
    """The rack of a table-editing turn, drawn by its ``TableEdit`` (same cursor and picks); a
    click picks a tile."""

    def __init__(self, table: TableEdit, m: Messages, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.table = table
        self.m = m
        self.spans: list[Span] = []
        table.rack_row = self

    def on_resize(self) -> None:
        """Laid out again at the new width."""
        self.draw(self.table)

    def draw(self, table: TableEdit) -> None:
        """Show the rack's tiles after its title."""
        title = Text(f"{table.rack_title or self.m('rack')} ({len(table.rack)}):", style="bold")
        chips: list[list[tuple[Text, Target | None]]] = [[(title, None)]]
        chips.extend([[(t, (RACK, i))] for i, t in enumerate(table.rack_tokens())])
        width = self.size.width - 2 if self.size.width else 78
        text, self.spans = flow(chips, width, gap=1)
        self.update(text)

    def on_click(self, event: events.Click) -> None:
        """Pick the clicked tile."""
        target = hit(self.spans, event.x - 1, event.y)
        if target is not None:
            self.table.click(target)
