"""The feeding measure: discards the next player lays in the same turn (docs/bots.md).

A discard *feeds* the next player when he takes it from the discard row (șir) in his very next
turn and the table holds more copies of that tile at the end of his turn than at its start (he
laid it: etalare or lipire, docs/rules.md §1.5-§1.8). Of those:

- it was *taken along* in a break (``fed_break``) when he took other șir tiles with it (a
  rupere, docs/rules.md §1.7: the tile he broke for and every later one);
- it fed *through the șir* (``fed_sir``, the feeding measure of docs/bots.md) when it was laid
  with *partner tiles already lying in the șir*: a formation of the table at the end of his
  turn gained the discard and at least one other tile he took from the șir that turn (a new
  formation, or tiles attached together), the tiles a discarder may think of as seen and
  safe. A break for other tiles after which the discard is attached alone, or laid with rack
  tiles only, is taken along but not fed through the șir.

Read from ``Variant.tile_zones`` of the states only (table formations keep their places, new
ones are appended), so any family is measured the same way; a family without a discard row
counts no discards.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import attrs

from remi.core.summary import TileZones
from remi.core.tiles import Tile

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
        fed_sir: of ``fed``, those laid with partner tiles taken from the șir (the feeding
            measure, module docstring).
        fed_break: of ``fed``, those taken along with other șir tiles (a rupere); holds
            ``fed_sir``.
    """

    discards: int = 0
    fed: int = 0
    fed_sir: int = 0
    fed_break: int = 0

    def __add__(self, other: FeedCount) -> FeedCount:
        """The counts of both."""
        return FeedCount(
            discards=self.discards + other.discards,
            fed=self.fed + other.fed,
            fed_sir=self.fed_sir + other.fed_sir,
            fed_break=self.fed_break + other.fed_break,
        )


def _table_count(zones: TileZones) -> Counter[object]:
    return Counter(t for f in zones.table for t in f.tiles)


def _laid_with_partner(nxt: TurnTrace, tile: Tile, along: Sequence[Tile]) -> bool:
    """Whether a table formation gained ``tile`` and one of the șir tiles ``along`` (taken with
    it) during ``nxt``'s turn: compared place by place with the table at its start."""
    partners = set(along)
    before = nxt.start.table
    for i, formation in enumerate(nxt.end.table):
        gained = Counter(formation.tiles)
        if i < len(before):
            gained -= Counter(before[i].tiles)
        if gained[tile]:
            gained[tile] -= 1
            if any(gained[t] for t in partners):
                return True
    return False


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
        fed = fed_sir = fed_break = 0
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
                    fed_break = int(len(taken) > 1)
                    fed_sir = int(_laid_with_partner(nxt, tile, taken[:-1]))
        counts[turn.seat] = counts[turn.seat] + FeedCount(
            discards=1, fed=fed, fed_sir=fed_sir, fed_break=fed_break
        )
    return tuple(counts)
