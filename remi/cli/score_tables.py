"""The text tables of ``remi score``: one explained table per player and the totals, in the
language of the invocation (a dispute file and ``--from-record`` print the same tables)."""

from __future__ import annotations

from collections.abc import Sequence

from rich.markup import escape
from rich.table import Table

from remi.core.messages import Messages
from remi.core.scoring import PlayerScore

__all__ = ["player_table", "totals_table"]


def player_table(ps: PlayerScore, m: Messages) -> Table:
    """The explained score of one player: a row per score line (rule id, what it counts,
    points), then the total (``remi.core.scoring.PlayerScore``)."""
    title = m.plural("score.player", ps.score, name=ps.name)
    table = Table(title=escape(title), title_justify="left")
    table.add_column(m("col.rule"), style="cyan", no_wrap=True)
    table.add_column(m("col.counts"))
    table.add_column(m("col.points"), justify="right")
    for line in ps.lines:
        table.add_row(line.rule_id, escape(line.localized(m)), str(line.points))
    table.add_row("", f"[bold]{escape(m('col.total'))}[/]", f"[bold]{ps.score}[/]")
    return table


def totals_table(totals: Sequence[tuple[str, int]], m: Messages, title: str | None = None) -> Table:
    """Each player's points (name, points), titled ``title`` or "Totals"."""
    table = Table(title=escape(title or m("score.totals")), title_justify="left")
    table.add_column(m("col.player"))
    table.add_column(m("col.points"), justify="right")
    for name, points in totals:
        table.add_row(escape(name), str(points))
    return table
