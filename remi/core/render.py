"""Shared rich renderables of the play screens: tiles, racks, set slots, players grid, scores.

Every family's screen (``remi.variants.*.screens``) is built from these pieces; this module only
builds renderables and never prints (the CLI prints them). Tiles are coloured by their colour:
R red, Y yellow, B blue, K black (shown white on a dark background), J (joly, the joker)
magenta.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from remi.core.messages import Messages
from remi.core.notation import SlotToken
from remi.core.scoring import PlayerScore
from remi.core.tiles import Colour, Tile

__all__ = [
    "final_racks_lines",
    "header_text",
    "players_grid",
    "rack_line",
    "rack_text",
    "recent_lines",
    "scores_table",
    "slot_text",
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


def slot_text(slot: SlotToken) -> Text:
    """One tile of a set as written (``R5``, ``J``, ``J[R4]``), styled by its colour."""
    return tile_text(slot.tile, str(slot))


def rack_text(rack: Sequence[Tile]) -> Text:
    """The rack sorted (colour R, Y, B, K, then number; jolys last) and coloured."""
    out = Text()
    for i, tile in enumerate(sorted(rack)):
        if i:
            out.append(" ")
        out.append_text(tile_text(tile))
    return out


def rack_line(rack: Sequence[Tile], m: Messages) -> Text:
    """The bottom line of a screen: ``Your rack (N): `` and the sorted, coloured tiles."""
    line = Text(m("rack") + f" ({len(rack)}): ", style="bold")
    line.append_text(rack_text(rack))
    return line


def final_racks_lines(racks: Sequence[Sequence[Tile]], names: Sequence[str]) -> list[Text]:
    """Every player's rack at the end of the hand (``Ana: R7 K9``; an empty rack ``—``)."""
    out = []
    for seat, rack in enumerate(racks):
        line = Text(f"{names[seat]}: ")
        line.append_text(rack_text(rack) if rack else Text("—"))
        out.append(line)
    return out


def header_text(title: str, hand: int, m: Messages) -> Text:
    """A screen's bold title line, with ``Hand N`` from the second hand of a match on."""
    header = Text(title, style="bold")
    if hand > 1:
        header.append("  " + m("hand", hand=hand))
    return header


def recent_lines(last_actions: Sequence[str], m: Messages) -> list[Text]:
    """The "since your last turn" block (nothing when nobody else acted)."""
    if not last_actions:
        return []
    return [Text(m("last_actions"), style="bold underline")] + [
        Text("  " + line) for line in last_actions
    ]


def players_grid(m: Messages) -> Table:
    """The empty players grid: turn arrow, player, tile count, status (a family fills it)."""
    grid = Table(show_header=True, header_style="bold", box=None, pad_edge=False)
    grid.add_column("")
    grid.add_column(m("col.player"))
    grid.add_column(m("col.tiles"), justify="right")
    grid.add_column(m("col.status"))
    return grid


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
            grid.add_row(Text(ps.name), line.rule_id, Text(line.localized(m)), f"{line.points:+d}")
        grid.add_row(
            Text(ps.name), "", m("col.total"), f"{ps.score:+d}", style="bold", end_section=True
        )
    return grid
