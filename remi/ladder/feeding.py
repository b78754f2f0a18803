"""The feeding measure: discards the next player lays in the same turn (docs/bots.md).

A discard *feeds* the next player when he takes it from the discard row (șir) in his very next
turn and the table holds more copies of that tile at the end of his turn than at its start (he
laid it: etalare or lipire, docs/rules.md §1.5-§1.8). It feeds *through the șir* when he took
other șir tiles with it (a rupere, docs/rules.md §1.7): tiles already lying in the șir, which a
discarder may think of as seen and safe. Read from ``Variant.tile_zones`` of the states only,
so any family is measured the same way; a family without a discard row counts no discards.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import attrs

from remi.core.summary import TileZones

__all__ = ["FeedCount", "TurnTrace", "feeding"]


@attrs.frozen(kw_only=True)
class TurnTrace:
    """One player's turn as the feeding measure reads it.

    Attributes:
        seat: the seat (0-based) who played the turn.
        start: the tile zones when the turn began.
        end: the tile zones when the next player's turn began (or the hand ended).
    """

    seat: int
    start: TileZones
    end: TileZones


@attrs.frozen(kw_only=True)
class FeedCount:
    """One seat's discards and how many of them fed the next player.

    Attributes:
        discards: turns ended by a discard onto the șir.
        fed: discards the next player took and laid in his next turn.
        fed_sir: of ``fed``, those taken with other șir tiles (a rupere).
    """

    discards: int = 0
    fed: int = 0
    fed_sir: int = 0

    def __add__(self, other: FeedCount) -> FeedCount:
        """The counts of both."""
        return FeedCount(
            discards=self.discards + other.discards,
            fed=self.fed + other.fed,
            fed_sir=self.fed_sir + other.fed_sir,
        )


def _table_count(zones: TileZones) -> Counter[object]:
    return Counter(t for f in zones.table for t in f.tiles)


def _discarded(turn: TurnTrace) -> bool:
    """The turn put a tile at the end of the șir (its row is not just a prefix of the old one)."""
    end = turn.end.discards
    return end != turn.start.discards[: len(end)]


def feeding(turns: Sequence[TurnTrace], seats: int) -> tuple[FeedCount, ...]:
    """Per seat (seat order), the feeding counts of one hand's ``turns`` (in play order)."""
    counts = [FeedCount() for _ in range(seats)]
    for i, turn in enumerate(turns):
        if not _discarded(turn):
            continue
        fed = fed_sir = 0
        if i + 1 < len(turns) and turns[i + 1].seat == (turn.seat + 1) % seats:
            nxt = turns[i + 1]
            row = nxt.start.discards
            after = nxt.end.discards
            kept = 0
            while kept < min(len(row), len(after)) and row[kept] == after[kept]:
                kept += 1
            kept = min(kept, len(after) - 1) if _discarded(nxt) else kept
            taken = row[kept:]
            tile = row[-1] if row else None
            if tile is not None and taken and taken[-1] == tile:
                if _table_count(nxt.end)[tile] > _table_count(nxt.start)[tile]:
                    fed = 1
                    fed_sir = int(len(taken) > 1)
        counts[turn.seat] = counts[turn.seat] + FeedCount(discards=1, fed=fed, fed_sir=fed_sir)
    return tuple(counts)
