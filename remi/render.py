"""Rich renderables of a player's screen: rack, table, șir, players, scores (the CLI prints them).

The core never imports this module (STYLE.md 11). Everything shown comes from a
``remi.variants.remi_pe_tabla.views.PlayerView`` (what the player may see) plus the player names, so the hot-seat
screen cannot show another player's rack. Tiles are coloured by their colour: R red, Y yellow,
B blue, K black (shown white on a dark background), J (joly) magenta. The ``rk_*`` renderables
draw the Rummikub-style family from its ``RummikubView`` and, during a turn, the table
editor's working sets.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from remi.core.formations import Formation
from remi.core.notation import SlotToken
from remi.core.scoring import PlayerScore
from remi.core.tiles import Colour, Tile
from remi.messages import Messages
from remi.variants.remi_pe_tabla.state import Phase
from remi.variants.remi_pe_tabla.views import PlayerView

if TYPE_CHECKING:  # the plugin's view type, for annotations only (rendering never imports a plugin)
    from remi.variants.rummikub.views import RummikubView

__all__ = [
    "formation_text",
    "players_table",
    "rack_text",
    "rk_formation_slots",
    "rk_players_table",
    "rk_screen",
    "rk_sets_table",
    "rk_working",
    "scores_table",
    "screen",
    "sir_text",
    "slot_text",
    "table_table",
    "tile_text",
]

_STYLES = {
    Colour.RED: "bold red",
    Colour.YELLOW: "bold yellow",
    Colour.BLUE: "bold blue",
    Colour.BLACK: "bold white on grey23",
}
_JOLY_STYLE = "bold magenta"


def tile_text(tile: Tile, label: str | None = None) -> Text:
    """One tile in notation (or ``label``), styled by its colour."""
    style = _JOLY_STYLE if tile.colour is None else _STYLES[tile.colour]
    return Text(label if label is not None else str(tile), style=style)


def rack_text(rack: Sequence[Tile]) -> Text:
    """The rack sorted (colour R, Y, B, K, then number; jolys last) and coloured."""
    out = Text()
    for i, tile in enumerate(sorted(rack)):
        if i:
            out.append(" ")
        out.append_text(tile_text(tile))
    return out


def formation_text(view: PlayerView, index: int) -> Text:
    """Table formation ``index`` (0-based) in bracket notation, jolys with their identities."""
    formation = view.table[index].formation
    out = Text("[")
    for i, (tile, ident) in enumerate(zip(formation.tiles, formation.identities)):
        if i:
            out.append(" ")
        if tile.is_joly and ident is not None:
            out.append_text(tile_text(tile, f"J[{ident}]"))
        else:
            out.append_text(tile_text(tile))
    out.append("]")
    return out


def sir_text(view: PlayerView, m: Messages) -> Text:
    """The șir with 1-based positions (``1:B4 2:K5 ...``); the dead first tile is dimmed."""
    if not view.sir:
        return Text(m("sir.empty"), style="dim")
    out = Text()
    dead = view.rules.sir_first_discard_dead
    for i, tile in enumerate(view.sir, start=1):
        if i > 1:
            out.append("  ")
        out.append(f"{i}:", style="dim")
        text = tile_text(tile)
        if i == 1 and dead:
            text.stylize("dim strike")
        out.append_text(text)
    return out


def table_table(view: PlayerView, names: Sequence[str], m: Messages) -> RenderableType:
    """The table's formations numbered 1.. (the numbers ``layoff``/``swap`` use) with owners."""
    if not view.table:
        return Text(m("table.empty"), style="dim")
    grid = Table(show_header=True, header_style="bold", box=None, pad_edge=False)
    grid.add_column("#", justify="right")
    grid.add_column(m("col.owner"))
    grid.add_column(m("col.formation"))
    for i, tf in enumerate(view.table):
        grid.add_row(str(i + 1), names[tf.owner], formation_text(view, i))
    return grid


def _players_grid(m: Messages) -> Table:
    """The empty players grid: turn arrow, player, tile count, status."""
    grid = Table(show_header=True, header_style="bold", box=None, pad_edge=False)
    grid.add_column("")
    grid.add_column(m("col.player"))
    grid.add_column(m("col.tiles"), justify="right")
    grid.add_column(m("col.status"))
    return grid


def players_table(view: PlayerView, names: Sequence[str], m: Messages) -> RenderableType:
    """Each player's tile count and markers (opened, announced, pe tablă, atu, to play)."""
    grid = _players_grid(m)
    for p in view.players:
        marks = []
        if p.opened:
            marks.append(m("status.opened"))
        if p.announced:
            marks.append(m("status.announced"))
        if p.failed_announcement:
            marks.append(m("status.failed"))
        if p.pe_tabla:
            marks.append(m("status.pe_tabla"))
        if p.atu_announced:
            marks.append(m("status.atu"))
        arrow = "▶" if p.seat == view.current and view.phase is not Phase.ENDED else ""
        grid.add_row(arrow, f"p{p.seat + 1} {names[p.seat]}", str(p.tile_count), ", ".join(marks))
    return grid


def screen(
    view: PlayerView,
    names: Sequence[str],
    m: Messages,
    *,
    last_actions: Sequence[str] = (),
    hand: int = 1,
) -> RenderableType:
    """The whole screen of seat ``view.seat``: players, table, șir, stock, recent actions, the
    phase and, at the bottom, the rack."""
    parts: list[RenderableType] = []
    header = Text(m("title", rules=view.rules.name), style="bold")
    if hand > 1:
        header.append("  " + m("hand", hand=hand))
    parts.append(header)
    parts.append(players_table(view, names, m))
    parts.append(Text(m("table"), style="bold underline"))
    parts.append(table_table(view, names, m))
    parts.append(Text(m("sir"), style="bold underline"))
    parts.append(sir_text(view, m))
    atu = f"   atu {view.atu}" if view.atu is not None else ""
    parts.append(Text(m("stock", count=view.stock_count) + atu))
    if last_actions:
        parts.append(Text(m("last_actions"), style="bold underline"))
        parts.extend(Text("  " + line) for line in last_actions)
    phase = m(f"phase.{view.phase.value}")
    parts.append(Text(m("turn_of", name=names[view.current], phase=phase), style="bold cyan"))
    if view.turn is not None and view.turn.taken_tile is not None:
        parts.append(Text(m("must_use", tile=view.turn.taken_tile), style="yellow"))
    if view.turn is not None and view.turn.freed_jolys:
        parts.append(Text(m("freed_joly"), style="yellow"))
    rack = Text(m("rack") + f" ({len(view.rack)}): ", style="bold")
    rack.append_text(rack_text(view.rack))
    parts.append(rack)
    return Group(*parts)


def scores_table(
    scores: Sequence[PlayerScore], m: Messages, *, title: str | None = None
) -> RenderableType:
    """The explained hand scores: one row per score line (rule id, text, points), a total per
    player (``remi.core.scoring.PlayerScore``)."""
    grid = Table(title=title if title is not None else m("scores"), show_lines=False)
    grid.add_column(m("col.player"))
    grid.add_column(m("col.rule"))
    grid.add_column(m("col.what"))
    grid.add_column(m("col.points"), justify="right")
    for ps in scores:
        for line in ps.lines:
            grid.add_row(ps.name, line.rule_id, line.text, f"{line.points:+d}")
        grid.add_row(ps.name, "", m("col.total"), f"{ps.score:+d}", style="bold", end_section=True)
    return grid


# --- Rummikub-style family ----------------------------------------------------------------------


def slot_text(slot: SlotToken) -> Text:
    """One tile of a set as written (``R5``, ``J``, ``J[R4]``), styled by its colour."""
    return tile_text(slot.tile, str(slot))


def rk_formation_slots(formation: Formation) -> tuple[SlotToken, ...]:
    """A table set as slots, each joker with the tile it stands for when that is fixed (a joker
    of a group whose colour is open is shown plain)."""
    return tuple(
        SlotToken(tile, ident if tile.is_joly else None)
        for tile, ident in zip(formation.tiles, formation.identities)
    )


def rk_sets_table(sets: Sequence[Sequence[SlotToken]], m: Messages) -> RenderableType:
    """The table's sets numbered 1.. (the numbers ``put``, ``move`` and ``split`` use); an empty
    working set is shown as ``[ ]`` and keeps its number until ``done``."""
    if not sets:
        return Text(m("rk.table.empty"), style="dim")
    grid = Table(show_header=False, box=None, pad_edge=False, padding=(0, 1, 0, 0))
    grid.add_column("#", justify="right")
    grid.add_column(m("col.formation"))
    for number, slots in enumerate(sets, start=1):
        line = Text("[")
        for i, slot in enumerate(slots):
            if i:
                line.append(" ")
            line.append_text(slot_text(slot))
        line.append("]" if slots else " ]")
        grid.add_row(f"{number}:", line)
    return grid


def rk_players_table(view: RummikubView, names: Sequence[str], m: Messages) -> RenderableType:
    """Each player's tile count and initial-meld status; an arrow marks whose turn it is."""
    grid = _players_grid(m)
    for seat, count in enumerate(view.tile_counts):
        status = m("rk.status.melded") if view.opened[seat] else m("rk.status.not_melded")
        arrow = "▶" if seat == view.current and view.end is None else ""
        grid.add_row(arrow, f"p{seat + 1} {names[seat]}", str(count), status)
    return grid


def _countdown(seconds_left: float | None, m: Messages) -> Text | None:
    if seconds_left is None:
        return None
    style = "bold red" if seconds_left <= 10 else "bold"
    return Text(m("rk.timer", seconds=int(seconds_left + 0.999)), style=style)


def rk_screen(
    view: RummikubView,
    names: Sequence[str],
    m: Messages,
    *,
    last_actions: Sequence[str] = (),
    sets: Sequence[Sequence[SlotToken]] | None = None,
    rack: Sequence[Tile] | None = None,
    seconds_left: float | None = None,
    show_start_draw: bool = False,
    hand: int = 1,
) -> RenderableType:
    """The whole Rummikub-style screen of seat ``view.seat``: the start draw (first round), the
    players with tile counts and initial-meld status, the numbered table (``sets``: the
    editor's working arrangement during a turn, else the view's table), the pool count, what
    the others did, whose turn, the countdown (``seconds_left``, seconds; None = no timer) and,
    at the bottom, the rack (``rack``: the editor's remaining tiles during a turn) sorted and
    coloured."""
    parts: list[RenderableType] = []
    header = Text(m("rk.title", rules=view.rules.name), style="bold")
    if hand > 1:
        header.append("  " + m("hand", hand=hand))
    parts.append(header)
    if show_start_draw and view.start_draw is not None:
        starter = view.start_draw.starter
        parts.append(Text(m("rk.start_draw", draws=view.start_draw.text(), name=names[starter])))
    parts.append(rk_players_table(view, names, m))
    parts.append(Text(m("rk.table"), style="bold underline"))
    shown = sets if sets is not None else [rk_formation_slots(f) for f in view.table]
    parts.append(rk_sets_table(shown, m))
    parts.append(Text(m("rk.pool", count=view.pool_count)))
    if last_actions:
        parts.append(Text(m("last_actions"), style="bold underline"))
        parts.extend(Text("  " + line) for line in last_actions)
    parts.append(Text(m("rk.turn_of", name=names[view.current]), style="bold cyan"))
    if not view.opened[view.seat] and view.current == view.seat:
        parts.append(
            Text(m("rk.initial_meld", points=view.rules.initial_meld_min_points), style="yellow")
        )
    clock = _countdown(seconds_left, m)
    if clock is not None:
        parts.append(clock)
    tiles = list(rack) if rack is not None else list(view.rack)
    line = Text(m("rack") + f" ({len(tiles)}): ", style="bold")
    line.append_text(rack_text(tiles))
    parts.append(line)
    return Group(*parts)


def rk_working(
    sets: Sequence[Sequence[SlotToken]],
    rack: Sequence[Tile],
    m: Messages,
    *,
    seconds_left: float | None = None,
) -> RenderableType:
    """The table editor's working arrangement and remaining rack, shown after each command
    (nothing is validated before ``done``)."""
    parts: list[RenderableType] = [
        Text(m("rk.working"), style="bold underline"),
        rk_sets_table(sets, m),
    ]
    line = Text(m("rack") + f" ({len(rack)}): ", style="bold")
    line.append_text(rack_text(rack))
    parts.append(line)
    clock = _countdown(seconds_left, m)
    if clock is not None:
        parts.append(clock)
    return Group(*parts)
