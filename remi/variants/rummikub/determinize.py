"""Determinizations of a Rummikub-style view: full game states consistent with what it shows.

``determinize(view, rng)`` builds a ``RummikubState`` from a ``RummikubView`` only: the viewer's
own rack, the table, every seat's rack size and opened flag, the pool count, the passes and the
start draw come from the view; the tiles it cannot see (the 106-tile set, docs/rules.md §2.1,
less its rack and the table) are shuffled with ``rng`` and dealt to the other racks (their
public sizes) and the pool (``view.pool_count``, in that shuffled order). A draw is face down
(§2.4), so what each player drew is public by count only, and what he played lies on the table:
every such deal is consistent with the public record. The ``club`` strategy plays its candidate
turns out on such states; nothing hidden of the true state is read.
"""

from __future__ import annotations

import random
from collections import Counter

import attrs

from remi.core.tiles import FULL_SET, Tile, sort_tiles
from remi.variants.rummikub.state import RummikubState
from remi.variants.rummikub.views import RummikubView

__all__ = ["determinize", "unseen_tiles"]


def unseen_tiles(view: RummikubView) -> list[Tile]:
    """The tiles ``view.seat`` cannot see (the other racks and the pool), in a fixed order
    (sorted by code): the 106-tile set less his rack and the table's sets."""
    counts = Counter(FULL_SET)
    counts.subtract(view.rack)
    for f in view.table:
        counts.subtract(f.tiles)
    return sorted(counts.elements(), key=lambda t: t.code)


def determinize(view: RummikubView, rng: random.Random) -> RummikubState | None:
    """A state consistent with ``view``, its hidden tiles shuffled by ``rng`` (module docstring),
    with the view's seat to play; None when the view's counts do not add up to the tile set
    (never for a view of a real state)."""
    hidden = unseen_tiles(view)
    sizes = [0 if s == view.seat else n for s, n in enumerate(view.tile_counts)]
    if sum(sizes) + view.pool_count != len(hidden):
        return None
    rng.shuffle(hidden)
    racks: list[tuple[Tile, ...]] = []
    at = 0
    for seat, size in enumerate(sizes):
        if seat == view.seat:
            racks.append(tuple(view.rack))
        else:
            racks.append(sort_tiles(hidden[at : at + size]))
            at += size
    state = RummikubState(
        rules=view.rules, racks=tuple(racks), pool=tuple(hidden[at:]), opened=view.opened
    )
    # the public course of the game: table, seat to play, start draw, passes
    starter = view.start_draw.starter if view.start_draw is not None else view.current
    state = attrs.evolve(state, table=view.table, current=view.current, passes=view.passes)
    return attrs.evolve(state, starter=starter, start_draw=view.start_draw)
