"""The Remi pe tablă screen: players, table, șir, stock, recent actions, phase and rack.

Everything shown comes from a ``PlayerView`` (what the player may see) plus the player names,
so the hot-seat screen cannot show another player's rack. Only renderables are built here (the
CLI prints them); the shared pieces come from ``remi.core.render``.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from remi.core.messages import N_, Messages
from remi.core.render import header_text, players_grid, rack_line, recent_lines, tile_text
from remi.variants.remi_pe_tabla.state import Phase
from remi.variants.remi_pe_tabla.views import PlayerView, PublicPlayer

__all__ = [
    "formation_text",
    "phase_text",
    "players_table",
    "screen",
    "sir_text",
    "sir_title",
    "status_marks",
    "table_table",
]

#: The message id of each phase's line.
_PHASES: dict[str, str] = {
    "exchange": N_("phase.exchange"),
    "first_discard": N_("phase.first_discard"),
    "take": N_("phase.take"),
    "play": N_("phase.play"),
    "ended": N_("phase.ended"),
}


def sir_title(view: PlayerView, m: Messages) -> str:
    """The șir's title (șir: the discard row); it says that tile 1 is dead only when the rules
    make it so (``sir.first_discard_dead``, docs/rules.md §1.3)."""
    return m("sir") if view.rules.sir_first_discard_dead else m("sir.first_live")


def phase_text(view: PlayerView, m: Messages) -> str:
    """What the phase allows, in words (docs/rules.md §1.3): the first discard is called dead
    only when it is (``sir.first_discard_dead``); in the first round (every player's first
    turn) the turn is a draw and a discard, with no taking from the șir and no laying
    (``turn.meld_from``: under ``first_round`` nobody lays yet, under ``own_first_turn`` the
    player in his first turn does not)."""
    first_round = view.turns_ended < len(view.players)
    if view.phase is Phase.FIRST_DISCARD and not view.rules.sir_first_discard_dead:
        return m("phase.first_discard.live")
    if first_round and view.phase is Phase.TAKE:
        return m("phase.take.first_round")
    if first_round and view.phase is Phase.PLAY:
        return m("phase.play.first_round")
    return m(_PHASES[view.phase.value])


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
    """The șir (discard row) with 1-based positions (``1:B4 2:K5 ...``); the dead first tile is
    dimmed (``sir.first_discard_dead``)."""
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
        grid.add_row(str(i + 1), Text(names[tf.owner]), formation_text(view, i))
    return grid


def status_marks(player: PublicPlayer, m: Messages) -> list[str]:
    """A player's markers in words: opened (etalat), announced, missed announcement, claimed
    (``announce.penalty``), pe tablă, atu announced; empty for none."""
    flags = (
        (player.opened, N_("status.opened")),
        (player.announced, N_("status.announced")),
        (player.failed_announcement, N_("status.failed")),
        (player.announcement_claimed, N_("status.claimed")),
        (player.pe_tabla, N_("status.pe_tabla")),
        (player.atu_announced, N_("status.atu")),
    )
    return [m(key) for shown, key in flags if shown]


def players_table(view: PlayerView, names: Sequence[str], m: Messages) -> RenderableType:
    """Each player's tile count and markers (opened, announced, pe tablă, atu, to play)."""
    grid = players_grid(m)
    for p in view.players:
        marks = status_marks(p, m)
        arrow = "▶" if p.seat == view.current and view.phase is not Phase.ENDED else ""
        grid.add_row(
            arrow, Text(f"p{p.seat + 1} {names[p.seat]}"), str(p.tile_count), ", ".join(marks)
        )
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
    parts: list[RenderableType] = [
        header_text(m("title", rules=view.rules.name), hand, m),
        players_table(view, names, m),
        Text(m("table"), style="bold underline"),
        table_table(view, names, m),
        Text(sir_title(view, m), style="bold underline"),
        sir_text(view, m),
    ]
    atu = f"   atu {view.atu}" if view.atu is not None else ""
    if view.atu_aside:  # atu.tile: beside the stock, out of the draw
        atu += " " + m("atu.aside")
    parts.append(Text(m.plural("stock", view.stock_count) + atu))
    parts.extend(recent_lines(last_actions, m))
    phase = phase_text(view, m)
    parts.append(Text(m("turn_of", name=names[view.current], phase=phase), style="bold cyan"))
    if view.turn is not None and view.turn.taken_tile is not None:
        parts.append(Text(m("must_use", tile=view.turn.taken_tile), style="yellow"))
    if view.turn is not None and view.turn.freed_jolys:
        parts.append(Text(m("freed_joly"), style="yellow"))
    parts.append(rack_line(view.rack, m))
    return Group(*parts)
