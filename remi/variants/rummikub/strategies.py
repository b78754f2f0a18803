"""The bot strategies of the Rummikub-style family: ``greedy``, ``solver`` and ``club``.

Both read a ``RummikubView`` only (own rack, the table, public counts, ``view.legal``) and keep
no state between calls; ``RummikubVariant.strategy(kind, seed)`` hands them out.

- ``greedy`` (``RummikubGreedyStrategy``): the listed ``play`` placing the most rack tiles, then
  the most points, then changing the fewest table sets (``best_legal_play``); else the first
  other listed action (draw, or pass once the pool is empty).
- ``solver`` (``RummikubSolverStrategy``): the exact best move of
  ``remi.variants.rummikub.solvers.best_move.best_move`` (most tiles placed, then the fewest changed table sets)
  within a fixed work budget, after checking its joker moves with the family's public
  ``check_jokers`` (table + own rack only; ``joker.*`` rules); otherwise the greedy choice. It
  refuses (``SolverRulesError``, naming the rule id) a rule set with a value the solver does
  not model, rather than play another rule.
- ``club`` (``remi.variants.rummikub.club.RummikubClubStrategy``): the solver's candidate turns
  judged by determinized rollouts over the hidden racks and pool; it refuses the same rule values.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import ClassVar, Final

from remi.core.actions import Action
from remi.core.errors import RemiError, RulesError
from remi.core.formations import Formation
from remi.core.messages import N_, Messages
from remi.core.strategy import NoStrategyError, Strategy, require_legal
from remi.core.tiles import Tile
from remi.variants.rummikub.actions import Play
from remi.variants.rummikub.jokers import check_jokers
from remi.variants.rummikub.rules import FAMILY, RummikubRules
from remi.variants.rummikub.solvers.best_move import MoveRules, best_move
from remi.variants.rummikub.views import RummikubView

__all__ = [
    "SOLVER_MAX_STATES",
    "SOLVER_TIE_BREAK_STATES",
    "STRATEGIES",
    "PlayRank",
    "RummikubGreedyStrategy",
    "RummikubSolverStrategy",
    "SolverRulesError",
    "check_solver_rules",
    "best_legal_play",
    "best_play",
    "most_tiles",
    "solved_play",
    "placed_tiles",
]

#: Work budget of the exact Rummikub solver per bot turn, in state expansions (deterministic, so
#: seeded games replay identically on any machine); beyond it the bot plays a listed play.
SOLVER_MAX_STATES: Final = 200_000
#: Work budget of the solver's tie-break (fewest changed table sets) per bot turn: which of the
#: equally good moves the bot plays matters little to its game, its speed does.
SOLVER_TIE_BREAK_STATES: Final = 20_000


#: How a greedy strategy ranks one listed play: ``rank(view, play, table_tiles)`` (the tiles on
#: the table before the play) -> a tuple compared as usual, highest best.
PlayRank = Callable[[RummikubView, Play, Counter[Tile]], tuple[int, ...]]


def placed_tiles(play: Play, table_tiles: Counter[Tile]) -> Counter[Tile]:
    """The rack tiles ``play`` adds to a table holding ``table_tiles``."""
    return Counter(t for f in play.table for t in f.tiles) - table_tiles


def most_tiles(view: RummikubView, play: Play, table_tiles: Counter[Tile]) -> tuple[int, ...]:
    """The default rank: rack tiles placed, then their points (a joker 25), then the fewest
    table sets changed (sets of the old table gone plus sets of the new one added)."""
    placed = placed_tiles(play, table_tiles)
    points = sum(25 if t.is_joly else t.number for t in placed.elements())
    new_sets = set(play.table)
    old_sets = set(view.table)
    changed = sum(1 for f in view.table if f not in new_sets) + sum(
        1 for f in play.table if f not in old_sets
    )
    return (sum(placed.values()), points, -changed)


def best_play(view: RummikubView, rank: PlayRank = most_tiles) -> Action:
    """The listed ``play`` of highest ``rank`` (the first of equals, in listed order); the first
    other listed action (draw, or pass once the pool is empty) when there is none."""
    plays = [a for a in view.legal if isinstance(a, Play)]
    if not plays:
        return view.legal[0]
    table_tiles = Counter(t for f in view.table for t in f.tiles)
    return max(plays, key=lambda a: rank(view, a, table_tiles))


def best_legal_play(view: RummikubView) -> Action:
    """Among the listed ``play`` actions, the one placing the most rack tiles, then the most
    points, then changing the fewest table sets (``most_tiles``); the first other listed action
    (draw or pass) when there is none."""
    return best_play(view, most_tiles)


class RummikubGreedyStrategy:
    """The ``greedy`` player of the family: the listed play of highest ``rank`` (``most_tiles``;
    a subclass, such as a plugin's, may rank otherwise). No state, no chance."""

    rank: PlayRank = staticmethod(most_tiles)

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, view: RummikubView) -> Action:
        """The next action of ``view.seat``: ``_exact``'s move when there is one, else the
        listed play of highest ``rank`` (``best_play``).

        Raises:
            RemiError: the view has no legal action (not this player's turn).
        """
        require_legal(view.seat, view.legal)
        move = self._exact(view)
        if move is not None:
            return move
        return best_play(view, self.rank)

    def _exact(self, view: RummikubView) -> Play | None:
        """A move found by search rather than among the listed plays; None (greedy: never)."""
        return None


class RummikubSolverStrategy(RummikubGreedyStrategy):
    """The ``solver`` player of the family: the exact best move when the solver finds one within
    its budget (``_best_move``), else the greedy choice (``best_legal_play``). No state, no
    chance."""

    def choose(self, view: RummikubView) -> Action:
        """As the greedy player's ``choose``, after checking that the move solver models every
        rule of ``view.rules``.

        Raises:
            SolverRulesError: a rule value the move solver does not model (``run.ace_high``
                true, ``joker.locks_meld`` true, ``joker.group_of_three = both_missing``,
                ``joker.freed_use = new_set_with_rack``, ``table.keep_three`` true): the bot
                refuses the preset rather than play another rule.
            RemiError: the view has no legal action (not this player's turn).
        """
        check_solver_rules(view.rules)
        return super().choose(view)

    def _exact(self, view: RummikubView) -> Play | None:
        """``_best_move``: the exact solver's move, checked, or None."""
        return _best_move(view)


def check_solver_rules(rules: RummikubRules) -> None:
    """Check that the ``solver`` bot's move solver models every value of ``rules``
    (``RummikubVariant.check_strategy`` asks before a game starts; ``choose`` asks again).

    Raises:
        SolverRulesError: a rule value the move solver does not model (``run.ace_high``
            true, ``joker.locks_meld`` true, ``joker.group_of_three = both_missing``,
            ``joker.freed_use = new_set_with_rack``, ``table.keep_three`` true).
    """
    try:
        _move_rules(rules)
    except RulesError as exc:
        raise SolverRulesError(rules.name, exc.key, exc.value) from None


class SolverRulesError(NoStrategyError):
    """The ``solver`` bot cannot play a rule set: its move solver does not model one of its
    rule values (docs/rules.md §2.3, §2.6, §2.7), so it refuses the preset instead of playing
    another rule.

    Attributes:
        preset: the rule set's name; rule: the rule id; value: its value.
        KIND, MESSAGE: the bot kind refusing and the message id (a subclass for another bot
            built on the move solver sets its own).
    """

    KIND: ClassVar[str] = "solver"
    MESSAGE: ClassVar[str] = N_("error.bot.solver_rule")

    def __init__(self, preset: str, rule: str, value: object) -> None:
        super().__init__(FAMILY, self.KIND, ("greedy",))
        self.preset, self.rule, self.value = preset, rule, value
        self.message_id = self.MESSAGE
        self.params = {"preset": preset, "rule": rule, "value": json.dumps(value)}
        self.args = (Messages("en")(self.message_id, **self.params),)

    def __reduce__(self) -> tuple[type[SolverRulesError], tuple[str, str, object]]:
        """Pickled by its fields (``simulate --jobs`` sends it back from a worker process)."""
        return (type(self), (self.preset, self.rule, self.value))


def _best_move(view: RummikubView) -> Play | None:
    """The exact solver's move (``solved_play`` of the whole rack: most tiles placed, then the
    fewest changed table sets), or None."""
    return solved_play(
        view.seat, view.table, view.rack, opened=view.opened[view.seat], rules=view.rules
    )


def solved_play(
    seat: int,
    table: Sequence[Formation],
    rack: Sequence[Tile],
    *,
    opened: bool,
    rules: RummikubRules,
    objective: str = "tiles",
    max_states: int = SOLVER_MAX_STATES,
    tie_break_states: int = SOLVER_TIE_BREAK_STATES,
) -> Play | None:
    """The move solver's best ``play`` of tiles from ``rack`` (any part of seat ``seat``'s
    rack) onto ``table``, by ``objective`` (``"tiles"`` or ``"points"``), its joker moves
    checked by ``check_jokers`` (``joker.*`` rules); None when there is none, the budget runs
    out or the joker check refuses it."""
    old = tuple(table)
    try:
        move = best_move(
            old,
            rack,
            initial=not opened,
            objective=objective,
            rules=_move_rules(rules),
            max_states=max_states,
            tie_break_states=tie_break_states,
        )
        if move is None or not move.tiles_placed or tuple(move.table) == old:
            return None
        if opened:
            check_jokers(old, move.table, Counter(move.placed), rules, initial_turn=False)
    except RemiError:  # the budget ran out, or the engine's joker rules refuse the move
        return None
    return Play(seat, tuple(move.table))


_MOVE_RULES: dict[RummikubRules, MoveRules] = {}


def _move_rules(rules: RummikubRules) -> MoveRules:
    """``MoveRules.from_rules(rules)``, built once per rule set."""
    found = _MOVE_RULES.get(rules)
    if found is None:
        found = _MOVE_RULES[rules] = MoveRules.from_rules(rules)
    return found


#: Bot kind -> factory of this family's strategy of that kind (``factory(seed)``); the
#: ``club`` kind, built on this module, is added by ``RummikubVariant.strategy_table``.
STRATEGIES: Final[Mapping[str, Callable[[int], Strategy[RummikubView, Action]]]] = {
    "greedy": RummikubGreedyStrategy,
    "solver": RummikubSolverStrategy,
}
