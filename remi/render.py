"""Rich renderables of a player's screen: rack, table, șir, players, scores (the CLI prints them).

The core never imports this module (STYLE.md 11). Everything shown comes from a
``remi.views.PlayerView`` (what the player may see) plus the player names, so the hot-seat
screen cannot show another player's rack. Tiles are coloured by their colour: R red, Y yellow,
B blue, K black (shown white on a dark background), J (joly) magenta.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from remi.messages import Messages
from remi.scoring import PlayerScore
from remi.state import Phase
from remi.tiles import Colour, Tile
from remi.views import PlayerView

__all__ = ["formation_text", "players_table", "rack_text", "scores_table", "screen", "sir_text", "table_table", "tile_text"]

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


def players_table(view: PlayerView, names: Sequence[str], m: Messages) -> RenderableType:
    """Each player's tile count and markers (opened, announced, pe tablă, atu, to play)."""
    grid = Table(show_header=True, header_style="bold", box=None, pad_edge=False)
    grid.add_column("")
    grid.add_column(m("col.player"))
    grid.add_column(m("col.tiles"), justify="right")
    grid.add_column(m("col.status"))
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


def screen(view: PlayerView, names: Sequence[str], m: Messages, *, last_actions: Sequence[str] = (), hand: int = 1) -> RenderableType:
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


def scores_table(scores: Sequence[PlayerScore], m: Messages, *, title: str | None = None) -> RenderableType:
    """The explained hand scores: one row per score line (rule id, text, points), a total per
    player (``remi.scoring.PlayerScore``)."""
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
