"""The pieces of the Rummikub-style board, built from a ``Snapshot`` of one player's view.

Rich renderables only: the header with the rules in force, the players (seat, name, tiles,
initial meld made or not, match total), the title of the table being edited, and the status
lines (the pool, whose turn, the initial meld's threshold until it is made and the points laid
against it this turn, and how many working sets are still incomplete or invalid). The working sets and the rack themselves are drawn by
``remi.ui.table_edit`` from the turn's ``TurnScreen`` (``remi.variants.rummikub.screens``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from remi.core.events import Drew
from remi.core.formations import Formation, FormationRules
from remi.core.messages import Messages
from remi.core.notation import SlotToken
from remi.core.tiles import Tile
from remi.ui import remi_board
from remi.ui.bridge import Snapshot
from remi.variants.rummikub.events import Played
from remi.variants.rummikub.melds import judge_formation
from remi.variants.rummikub.screens import (
    TurnScreen,
    formation_slots,
    initial_meld_text,
    initial_progress,
)
from remi.variants.rummikub.views import RummikubView

__all__ = [
    "drawn_tile",
    "round_lines",
    "header_line",
    "players_panel",
    "status_panel",
    "table_title",
    "unchanged",
    "working",
]


def header_line(snap: Snapshot, m: Messages) -> Text:
    """The top line (``remi_board.header_line``) under the Rummikub-style title."""
    return remi_board.header_line(snap, m, m("rk.title", rules=snap.rules_name))


def players_panel(snap: Snapshot, m: Messages) -> RenderableType:
    """One row per seat: the turn arrow, ``p1 Ana``, tiles in hand, initial meld made or not,
    and the match total."""
    view: RummikubView = snap.view
    grid = Table(box=None, pad_edge=False, show_header=True, header_style="bold", expand=False)
    for title, justify in (("", "left"), (m("col.player"), "left"), (m("col.tiles"), "right")):
        grid.add_column(title, justify=justify)  # type: ignore[arg-type]
    grid.add_column(m("col.status"))
    totals = dict(snap.totals) if snap.totals is not None else None
    if totals is not None:
        grid.add_column(m("board.col.total"), justify="right")
    for seat, count in enumerate(view.tile_counts):
        status = m("rk.status.melded") if view.opened[seat] else m("rk.status.not_melded")
        arrow = "▶" if seat == view.current and view.end is None else ""
        row = [arrow, f"p{seat + 1} {snap.names[seat]}", str(count), status]
        if totals is not None:
            row.append(f"{totals.get(snap.names[seat], 0):+d}")
        grid.add_row(*row, style="bold" if seat == snap.seat else None)
    return grid


def working(snap: Snapshot) -> tuple[list[tuple[SlotToken, ...]], list[Tile], bool]:
    """The sets and rack to draw, and whether the table is being edited: the turn's screen
    (the editor's working sets and remaining rack) while the player edits, else the view's
    table and rack."""
    view: RummikubView = snap.view
    screen = snap.screen
    if isinstance(screen, TurnScreen) and view.current == snap.seat and view.end is None:
        return [tuple(s) for s in screen.sets], list(screen.rack), True
    return [formation_slots(f) for f in view.table], sorted(view.rack), False


def unchanged(snap: Snapshot) -> bool:
    """Whether the turn being edited left the table and the rack as they were at its start:
    ``done`` then plays nothing and draws a tile (the board asks first)."""
    view: RummikubView = snap.view
    sets, rack, editing = working(snap)
    # the tiles of each set: a joker's stated tile (fixed on the table, open while editing)
    # and the editor's marks are no change
    table = Counter(tuple(f.tiles) for f in view.table)
    working_sets = Counter(tuple(slot.tile for slot in s) for s in sets)
    return editing and working_sets == table and sorted(rack) == sorted(view.rack)


def round_lines(snap: Snapshot, m: Messages, count: int) -> list[str]:
    """The last ``count`` actions in words (``Snapshot.recent``), a play told with the sets it
    made or changed (``Played``: the sets of the new table that were not on the old one),
    so that "played Y3 Y4 Y5 K9 K11 J" says which sets. During the first round the start
    draw and who starts come first (``rk.start_draw``, as the line mode prints it: the highest
    tile starts, ``start.player``, docs/rules.md)."""
    recent = list(snap.recent[-count:])
    events = list(snap.history[-len(recent) :]) if recent else []
    if len(events) != len(recent):
        return recent
    out = []
    draw = snap.view.start_draw
    if draw is not None and len(snap.history) < len(snap.names):  # the first round, as in
        starter = snap.names[draw.starter]  # the line mode: the start draw and who starts
        out.append(m("rk.start_draw", draws=draw.text(), name=starter))
    for line, action in zip(recent, events):
        played = next((e for e in action if isinstance(e, Played)), None)
        if played is None:
            out.append(line)
            continue
        made = Counter(played.table_after) - Counter(played.table_before)
        rules = snap.view.rules.formation_rules
        sets = " ".join(f.text(rules) for f in played.table_after if made[f] > 0)
        text = m(
            "board.rk.played",
            name=snap.names[played.seat],
            tiles=" ".join(map(str, played.tiles)),
            sets=sets,
        )
        out.append(text + (" " + m("board.rk.initial") if played.initial else ""))
    return out


def drawn_tile(snap: Snapshot, rack: Sequence[Tile]) -> Tile | None:
    """The tile the seat drew from the pool in his last turn (marked ``↓`` on his rack), if he
    still holds it."""
    for event in snap.mine:
        if isinstance(event, Drew) and event.tile is not None and event.tile in rack:
            return event.tile
    return None


def table_title(m: Messages, editing: bool) -> Text:
    """The table's title; while editing, what the set marks mean and the keys."""
    if not editing:
        return Text(m("rk.table"), style="bold underline")
    title = Text(m("board.rk.table"), style="bold underline")
    return title.append("  ").append(m("board.rk.marks"), style="dim")


def status_panel(
    snap: Snapshot, m: Messages, sets: Sequence[Sequence[SlotToken]], editing: bool
) -> RenderableType:
    """The pool, whose turn, the initial meld's threshold (``initial_meld.min_points``) until it
    is made and, once he has edited the table in that turn, the points of his rack tiles laid
    against it (``initial_progress``), and, while editing, how many sets are not valid yet
    (``check`` says why)."""
    view: RummikubView = snap.view
    lines: list[RenderableType] = [
        Text(m.plural("rk.pool", view.pool_count)),
        Text(m("rk.turn_of", name=snap.names[view.current]), style="bold cyan"),
    ]
    if view.end is None and not view.opened[view.seat] and view.current == view.seat:
        need = initial_meld_text(view.rules, m)
        lines.append(Text(need, style="yellow"))
        screen = snap.screen
        if editing and isinstance(screen, TurnScreen) and screen.laid_points is not None:
            lines.append(initial_progress(screen.laid_points, screen.needed_points, m))
    if editing:
        rules: FormationRules = view.rules.formation_rules
        bad = sum(1 for s in sets if s and not isinstance(judge_formation(s, rules), Formation))
        if bad:
            lines.append(Text(m.plural("board.rk.bad_sets", bad), style="bold red"))
    return Group(*lines)
