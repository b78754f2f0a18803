"""The bot strategies of the Rummikub-style family: ``greedy`` and ``solver``.

Both read a ``RummikubView`` only (own rack, the table, public counts, ``view.legal``) and keep
no state between calls; ``RummikubVariant.strategy(kind, seed)`` hands them out.

- ``greedy`` (``RummikubGreedyStrategy``): the listed ``play`` placing the most rack tiles, then
  the most points, then changing the fewest table sets (``best_legal_play``); else the first
  other listed action (draw, or pass once the pool is empty).
- ``solver`` (``RummikubSolverStrategy``): the exact best move of
  ``remi.solvers.rummikub.best_move`` (most tiles placed, then the fewest changed table sets)
  within a fixed work budget, after checking its joker moves with the family's public
  ``check_jokers`` (table + own rack only; ``joker.*`` rules); otherwise ``best_legal_play``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from typing import Final

from remi.core.actions import Action
from remi.core.errors import RemiError
from remi.core.strategy import Strategy, require_legal
from remi.solvers.rummikub import MoveRules, best_move
from remi.variants.rummikub.actions import Play
from remi.variants.rummikub.jokers import check_jokers
from remi.variants.rummikub.rules import RummikubRules
from remi.variants.rummikub.views import RummikubView

__all__ = [
    "SOLVER_MAX_STATES",
    "SOLVER_TIE_BREAK_STATES",
    "STRATEGIES",
    "RummikubGreedyStrategy",
    "RummikubSolverStrategy",
    "best_legal_play",
]

#: Work budget of the exact Rummikub solver per bot turn, in state expansions (deterministic, so
#: seeded games replay identically on any machine); beyond it the bot plays a listed play.
SOLVER_MAX_STATES: Final = 200_000
#: Work budget of the solver's tie-break (fewest changed table sets) per bot turn: which of the
#: equally good moves the bot plays matters little to its game, its speed does.
SOLVER_TIE_BREAK_STATES: Final = 20_000


def best_legal_play(view: RummikubView) -> Action:
    """Among the listed ``play`` actions, the one placing the most rack tiles, then the most
    points (a joker 25), then changing the fewest table sets; the first other listed action
    (draw or pass) when there is none."""
    plays = [a for a in view.legal if isinstance(a, Play)]
    if not plays:
        return view.legal[0]
    before = Counter(t for f in view.table for t in f.tiles)
    old_sets = set(view.table)

    def key(action: Play) -> tuple[int, int, int]:
        after = Counter(t for f in action.table for t in f.tiles)
        placed = after - before
        points = sum(25 if t.is_joly else t.number for t in placed.elements())
        changed = sum(1 for f in view.table if f not in set(action.table)) + sum(
            1 for f in action.table if f not in old_sets
        )
        return (sum(placed.values()), points, -changed)

    return max(plays, key=key)


class RummikubGreedyStrategy:
    """The ``greedy`` player of the family: ``best_legal_play`` (no state, no chance)."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, view: RummikubView) -> Action:
        """The next action of ``view.seat``.

        Raises:
            RemiError: the view has no legal action (not this player's turn).
        """
        require_legal(view.seat, view.legal)
        return best_legal_play(view)


class RummikubSolverStrategy:
    """The ``solver`` player of the family: the exact best move when the solver finds one within
    its budget, else ``best_legal_play`` (no state, no chance)."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, view: RummikubView) -> Action:
        """The next action of ``view.seat``.

        Raises:
            RemiError: the view has no legal action (not this player's turn).
        """
        require_legal(view.seat, view.legal)
        move = _best_move(view)
        if move is not None:
            return move
        return best_legal_play(view)


def _best_move(view: RummikubView) -> Play | None:
    """The exact solver's move (``best_move``, most tiles placed, then the fewest changed table
    sets) as a ``play`` action, or None when the solver refuses the preset's options, runs out
    of its ``SOLVER_MAX_STATES`` budget, finds no move, or proposes joker moves that
    ``check_jokers`` refuses."""
    seat = view.seat
    try:
        move = best_move(
            view.table,
            view.rack,
            initial=not view.opened[seat],
            rules=_move_rules(view.rules),
            max_states=SOLVER_MAX_STATES,
            tie_break_states=SOLVER_TIE_BREAK_STATES,
        )
    except RemiError:  # options the solver does not model, or its budget ran out
        # (SolverBudgetExceeded): fall back to the listed plays
        return None
    if move is None or not move.tiles_placed or tuple(move.table) == tuple(view.table):
        return None
    if view.opened[seat]:
        # the joker rules are judged from public information (the table) and the own rack
        try:
            check_jokers(
                view.table, move.table, Counter(move.placed), view.rules, initial_turn=False
            )
        except RemiError:  # the solver's joker model is looser than the engine's: use a listed play
            return None
    return Play(seat, tuple(move.table))


_MOVE_RULES: dict[RummikubRules, MoveRules] = {}


def _move_rules(rules: RummikubRules) -> MoveRules:
    """``MoveRules.from_rules(rules)``, built once per rule set."""
    found = _MOVE_RULES.get(rules)
    if found is None:
        found = _MOVE_RULES[rules] = MoveRules.from_rules(rules)
    return found


#: Bot kind -> factory of this family's strategy of that kind (``factory(seed)``).
STRATEGIES: Final[Mapping[str, Callable[[int], Strategy[RummikubView, Action]]]] = {
    "greedy": RummikubGreedyStrategy,
    "solver": RummikubSolverStrategy,
}
