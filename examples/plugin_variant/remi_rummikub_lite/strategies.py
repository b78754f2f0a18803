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
from remi.core.strategy import Strategy, require_legal
from remi.variants.rummikub.actions import Play
from remi.variants.rummikub.strategies import RummikubSolverStrategy
from remi.variants.rummikub.views import RummikubView

__all__ = ["STRATEGIES", "LiteGreedyStrategy", "placed_points"]


def placed_points(view: RummikubView, play: Play) -> int:
    """Points of the rack tiles ``play`` adds to the table: a tile its number, a joker
    ``scoring.joker_points`` (what it would cost on the rack at the end)."""
    before = Counter(t for f in view.table for t in f.tiles)
    placed = Counter(t for f in play.table for t in f.tiles) - before
    joker = view.rules.scoring_joker_points
    return sum(joker if t.is_joly else t.number for t in placed.elements())


class LiteGreedyStrategy:
    """Rummikub-lite's ``greedy`` player: the listed ``play`` placing the most points (jokers at
    ``scoring.joker_points``), then the shortest new table; else the first other listed action
    (draw, or pass once the pool is empty). No state, no chance."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, view: RummikubView) -> Action:
        """The next action of ``view.seat``.

        Raises:
            RemiError: the view has no legal action (not this player's turn).
        """
        require_legal(view.seat, view.legal)
        plays = [a for a in view.legal if isinstance(a, Play)]
        if not plays:
            return view.legal[0]
        return max(plays, key=lambda a: (placed_points(view, a), -len(a.table)))


#: Bot kind -> factory of this family's strategy of that kind (``factory(seed)``).
STRATEGIES: Final[Mapping[str, Callable[[int], Strategy[Any, Action]]]] = {
    "greedy": LiteGreedyStrategy,
    "solver": RummikubSolverStrategy,
}
