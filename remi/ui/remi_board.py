"""The pieces of the Remi pe tablă board, built from a ``Snapshot`` of one player's view.

Rich renderables only (the widgets of ``remi.ui.app`` hold them): the header with the rules in
force, the players (seat, name, tiles, opened / announced / pe tablă, match total), the table's
formations (number, owner, jolys with what they stand for), the șir with positions (the dead
first tile marked), the stock and what the phase allows, and the rack, sorted by colour then
number or by number. Every tile is shown in its colour *and* with its letter, so the board reads
in monochrome and for colour-blind players.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from remi.core.messages import Messages
from remi.core.render import tile_text
from remi.core.tiles import Tile
from remi.ui.bridge import Snapshot
from remi.variants.remi_pe_tabla.events import Drew, LaidOff, Swapped, Undone
from remi.variants.remi_pe_tabla.opening import opening_points
from remi.variants.remi_pe_tabla.screens import phase_text, sir_title, status_marks
from remi.variants.remi_pe_tabla.state import Phase
from remi.variants.remi_pe_tabla.views import PlayerView

__all__ = [
    "attached_tiles",
    "header_line",
    "players_panel",
    "rack_prefix",
    "sir_prefix",
    "sir_tokens",
    "sorted_rack",
    "status_panel",
    "table_panel",
    "drawn_tile",
    "taken_tile",
]


def header_line(snap: Snapshot, m: Messages, title: str | None = None) -> Text:
    """The top line: the preset (``title``: the family's own words for it), the hand, the
    seed and every rule changed by ``--set``."""
    if title is None and isinstance(snap.view, PlayerView):
        title = m("title", rules=snap.rules_name)
    parts = [title or snap.rules_name, m("hand", hand=snap.hand)]
    if snap.seed is not None:
        parts.append(m("board.seed", seed=snap.seed))
    if snap.changed:
        parts.append(m("board.changed", rules=", ".join(snap.changed)))
    return Text("  ·  ".join(parts), style="bold")


def players_panel(snap: Snapshot, m: Messages) -> RenderableType:
    """One row per seat: the turn arrow, ``p1 Ana``, tiles in hand, status and match total."""
    view: PlayerView = snap.view
    grid = Table(box=None, pad_edge=False, show_header=True, header_style="bold", expand=False)
    grid.add_column("")
    grid.add_column(m("col.player"))
    grid.add_column(m("col.tiles"), justify="right")
    grid.add_column(m("col.status"))
    totals = dict(snap.totals) if snap.totals is not None else None
    if totals is not None:
        grid.add_column(m("board.col.total"), justify="right")
    for p in view.players:
        marks = status_marks(p, m)
        arrow = "▶" if p.seat == view.current and view.phase is not Phase.ENDED else ""
        name = f"p{p.seat + 1} {snap.names[p.seat]}"
        row = [arrow, name, str(p.tile_count), ", ".join(marks)]
        if totals is not None:
            row.append(f"{totals.get(snap.names[p.seat], 0):+d}")
        grid.add_row(*row, style="bold" if p.seat == snap.seat else None)
    return grid


#: The superscript digits that mark who attached a tile (lipire): p1 ¹, p2 ², ...
_SEAT_MARKS = "¹²³⁴⁵⁶⁷⁸⁹"


def attached_tiles(history: Sequence[Sequence[object]]) -> dict[int, list[tuple[Tile, int]]]:
    """Who attached which tile to which formation (lipire, and the tile given for a joly),
    from the hand's public events, one tuple per action: formation index (0-based) ->
    [(tile, seat)]. Actions taken back (``Undone``) are left out."""
    done: list[list[tuple[int, Tile, int]]] = []
    for events in history:
        undone = next((e.actions for e in events if isinstance(e, Undone)), 0)
        if undone:
            del done[len(done) - undone :]
            continue
        done.append(
            [
                (e.formation_number - 1, e.tile, e.seat)
                for e in events
                if isinstance(e, LaidOff | Swapped)
            ]
        )
    out: dict[int, list[tuple[Tile, int]]] = {}
    for marks in done:
        for index, tile, seat in marks:
            out.setdefault(index, []).append((tile, seat))
    return out


def _formation(view: PlayerView, index: int, marks: list[tuple[Tile, int]]) -> Text:
    """Formation ``index`` in bracket notation, jolys with what they stand for, each attached
    tile followed by the superscript seat number of who attached it."""
    formation = view.table[index].formation
    left = list(marks)
    out = Text("[")
    for i, (tile, ident) in enumerate(zip(formation.tiles, formation.identities)):
        if i:
            out.append(" ")
        label = f"J[{ident}]" if tile.is_joly and ident is not None else None
        out.append_text(tile_text(tile, label))
        who = next((m for m in left if m[0] == tile), None)
        if who is not None:
            left.remove(who)
            out.append(_SEAT_MARKS[who[1] % len(_SEAT_MARKS)], style="bold")
    out.append("]")
    return out


def table_panel(snap: Snapshot, m: Messages) -> RenderableType:
    """The formations on the table, numbered as ``layoff`` / ``swap`` use them, with owners and
    the attached tiles marked by who attached them; as many columns as the width allows."""
    view: PlayerView = snap.view
    title = Text(m("table"), style="bold underline")
    if not view.table:
        return Group(title, Text(m("table.empty"), style="dim"))
    attached = attached_tiles(snap.history)
    if attached:
        title.append("  ").append(m("board.attached_marks"), style="dim")
    cells = []
    for i, tf in enumerate(view.table):
        cell = Text(f"{i + 1:>2} ", style="bold")
        cell.append(f"{snap.names[tf.owner]} ", style="dim")
        cell.append_text(_formation(view, i, attached.get(i, [])))
        cells.append(cell)
    return Group(title, Columns(cells, padding=(0, 3), column_first=True))


def sir_prefix(snap: Snapshot, m: Messages) -> Text:
    """The title before the șir's tiles (tile 1 called dead only under
    ``sir.first_discard_dead``)."""
    return Text(sir_title(snap.view, m) + ":", style="bold")


def sir_tokens(snap: Snapshot, m: Messages) -> list[Text]:
    """The șir's tiles with their positions (``1:B4``), the dead first tile struck through
    (``sir.first_discard_dead``); ``empty`` when there is none."""
    view: PlayerView = snap.view
    if not view.sir:
        return [Text(m("sir.empty"), style="dim")]
    out = []
    for i, tile in enumerate(view.sir, start=1):
        token = Text(f"{i}:", style="dim")
        text = tile_text(tile)
        if i == 1 and view.rules.sir_first_discard_dead:
            text.stylize("dim strike")
            text.append("✝", style="dim")
        out.append(token + text)
    return out


def status_panel(snap: Snapshot, m: Messages, own: bool = True) -> RenderableType:
    """The stock and atu, whose turn it is and what the phase allows, the taken tile's
    obligation, and (``own``: the board is the player's, not a bot game's) the limits that
    apply to this player now: the opening threshold
    (``opening.min_points``) until he opens (once he has laid formations this turn: their
    points against it), the announcement once he nears 1-3 tiles
    (``announce.max_tiles``)."""
    view: PlayerView = snap.view
    atu = f"   atu {view.atu}" if view.atu is not None else ""
    if view.atu_aside:  # atu.tile: beside the stock, out of the draw
        atu += " " + m("atu.aside")
    phase = phase_text(view, m)
    lines: list[RenderableType] = [
        Text(m.plural("stock", view.stock_count) + atu),
        Text(m("turn_of", name=snap.names[view.current], phase=phase), style="bold cyan"),
    ]
    if view.turn is not None and view.turn.taken_tile is not None:
        lines.append(Text(m("must_use", tile=view.turn.taken_tile), style="yellow"))
    if view.turn is not None and view.turn.freed_jolys:
        lines.append(Text(m("freed_joly"), style="yellow"))
    me = view.players[view.seat]
    rules = view.rules
    if not own:
        return Group(*lines)
    if view.phase is not Phase.ENDED and not me.opened and not me.pe_tabla:
        lines.append(_opening_line(view, m))
    if (
        view.phase is not Phase.ENDED
        and rules.announce_required
        and not me.announced
        and 1 <= len(view.rack) <= rules.announce_max_tiles + 1
    ):
        due = m("board.announce_due", count=rules.announce_max_tiles)
        lines.append(Text(due, style="yellow"))
    return Group(*lines)


def _opening_line(view: PlayerView, m: Messages) -> Text:
    """The opening (etalare) of a player who has not opened: what ``opening.min_points``
    asks, or, once he laid formations this turn, their points against it (the opening counts
    at the turn's end: ``hint`` says the same)."""
    need = view.rules.opening_min_points
    turn = view.turn
    if turn is None or not turn.opening or not turn.laid:
        return Text(m.plural("board.opening_need", need), style="dim")
    points = opening_points([view.table[i].formation for i in turn.laid], view.rules)
    said = m.plural("hint.opening_laid", points, need=need).rstrip(".")
    text = f"{said} [opening.min_points]."
    return Text(text, style="green" if points >= need else "yellow")


def sorted_rack(rack: Sequence[Tile], by_number: bool) -> list[Tile]:
    """The rack by colour then number (R, Y, B, K; jolys last), or by number then colour."""
    if not by_number:
        return sorted(rack)
    return sorted(rack, key=lambda t: (t.is_joly, t.number, t))


def rack_prefix(snap: Snapshot, m: Messages, by_number: bool, own: bool = True) -> Text:
    """``Your rack (N, sorted by ...):``, the title before the rack's tiles (``own`` False: a
    bot game's, ``Rack of greedy-2``)."""
    view: PlayerView = snap.view
    order = m("board.sort.number") if by_number else m("board.sort.colour")
    title = m("rack") if own else m("board.auto.rack", name=snap.names[snap.seat])
    return Text(f"{title} ({len(view.rack)}, {order}):", style="bold")


def drawn_tile(snap: Snapshot) -> Tile | None:
    """The tile the player drew from the stock this turn (marked ``↓`` on his rack), if he
    still holds it."""
    view: PlayerView = snap.view
    for event in snap.mine:
        if isinstance(event, Drew) and event.tile is not None and event.tile in view.rack:
            return event.tile
    return None


def taken_tile(snap: Snapshot) -> Tile | None:
    """The șir tile taken this turn that must still go into a new formation (underlined)."""
    view: PlayerView = snap.view
    return view.turn.taken_tile if view.turn is not None else None
