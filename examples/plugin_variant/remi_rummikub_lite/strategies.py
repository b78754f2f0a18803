"""Rummikub-lite's bot strategies, handed out by ``LiteVariant.strategy(kind, seed)``.

A plugin gives the ``greedy`` and ``solver`` bots of ``remi.bots`` their play through the
Variant interface; the bots never import it. ``greedy`` is this family's own (short games
reward emptying the rack of its heavy tiles first); ``solver`` reuses the Rummikub-style
family's exact-solver strategy, which reads the same views and rule ids.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from typing import Any, Final

from remi.core.actions import Action
from remi.core.strategy import Strategy
from remi.core.tiles import Tile
from remi.variants.rummikub.actions import Play
from remi.variants.rummikub.strategies import (
    PlayRank,
    RummikubGreedyStrategy,
    RummikubSolverStrategy,
    placed_tiles,
)
from remi.variants.rummikub.views import RummikubView

__all__ = ["STRATEGIES", "LiteGreedyStrategy", "heaviest_first", "placed_points"]


def placed_points(view: RummikubView, play: Play) -> int:
    """Points of the rack tiles ``play`` adds to the table of ``view``: a tile its number, a
    joker ``scoring.joker_points`` (what it would cost on the rack at the end)."""
    table_tiles = Counter(t for f in view.table for t in f.tiles)
    return heaviest_first(view, play, table_tiles)[0]


def heaviest_first(view: RummikubView, play: Play, table_tiles: Counter[Tile]) -> tuple[int, ...]:
    """Rank of a play: the points it places (jokers at ``scoring.joker_points``), then the
    shortest new table."""
    joker = view.rules.scoring_joker_points
    placed = placed_tiles(play, table_tiles)
    return (sum(joker if t.is_joly else t.number for t in placed.elements()), -len(play.table))


class LiteGreedyStrategy(RummikubGreedyStrategy):
    """Rummikub-lite's ``greedy`` player: the listed ``play`` ranked first by
    ``heaviest_first``; else the first other listed action (draw, or pass once the pool is
    empty). No state, no chance."""

    rank: PlayRank = staticmethod(heaviest_first)


#: Bot kind -> factory of this family's strategy of that kind (``factory(seed)``).
STRATEGIES: Final[Mapping[str, Callable[[int], Strategy[Any, Action]]]] = {
    "greedy": LiteGreedyStrategy,
    "solver": RummikubSolverStrategy,
}
