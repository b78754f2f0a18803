"""The ``solver`` bot: plays the planner's best move, per rule family, from views only.

Issue 6. ``SolverBot.choose(view)`` picks a strategy by the view's rule family
(``view.rules.family``) from ``STRATEGIES``; a family plugs in its strategy with
``register_strategy(family, factory)``. Two are built in:

- ``remi`` (``RemiSolverStrategy``), on ``remi.variants.remi_pe_tabla.views.PlayerView``, REFERENCE.md Project
  decisions 4-13:

  1. announce when due (PD 11) and the atu when it may;
  2. opened: break the șir (PD 6: take an earlier tile and every later one) when the turn that
     makes is worth ``break_margin_points`` (15) more than drawing, by ``turn_value`` (the
     layout's final value minus the tiles left on the rack); else take the last șir tile when
     it makes a new formation (opened: ``take_gain`` > 0) or an opening (not opened:
     ``best_opening(..., must_include=tile)``), else draw;
  3. not opened: lay the best opening (``best_opening``), unless the *waiting* rule holds it
     back: the opening is worth less than ``opening.min_points + hold_margin_points``, the stock
     still holds at least ``hold_stock_min`` tiles and no player has opened yet (nobody can
     close soon, so a few more draws may grow it). ``hold_margin_points`` is 0 by default: the
     ladder (docs/simulate.md) measured waiting as no better than opening at once;
  4. opened: swap a table joly (PD 8) when the freed joly makes a new formation with rack
     tiles; lay ``best_layout`` (highest final value, a tile left over, PD 13), then every
     lay-off (lipire) the legal actions list, highest value first;
  5. discard with ``choose_discard``: the least useful tile, high values first as the stock
     runs down, and *denial*: tiles the next player is likely to use (estimated from the
     unseen copies, his public rack size and whether he has opened) are kept.

- ``rummikub`` (``RummikubSolverStrategy``) on the Rummikub-style plugin's views: plays the
  exact best move of ``remi.variants.rummikub.solvers.best_move.best_move`` (most tiles placed, then the fewest
  changed table sets), after checking its joker moves with the plugin's public
  ``check_jokers`` (table + own rack only); otherwise the listed ``play`` placing the most tiles
  (then points, then the fewest changed table sets); draws (or passes) when nothing fits.

A stuck turn (``view.legal == [Undo]``) is undone, and the rest of that turn is played
simply (draw, discard) so that a plan the engine refuses is not tried twice.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any, Final, Protocol

import attrs

from remi.bots.greedy import opening_action
from remi.core.actions import Action
from remi.core.errors import RemiError
from remi.core.formations import loose_tile_points
from remi.core.tiles import JOLY
from remi.variants.remi_pe_tabla.actions import (
    Announce,
    AnnounceAtu,
    Discard,
    Draw,
    LayOff,
    Meld,
    Swap,
    Take,
    Undo,
)
from remi.variants.remi_pe_tabla.solvers import best_opening, formations_with
from remi.variants.remi_pe_tabla.solvers.planner import (
    DEFAULT_WEIGHTS,
    DiscardWeights,
    best_layout,
    choose_discard,
    take_gain,
    turn_value,
)
from remi.variants.remi_pe_tabla.state import Phase
from remi.variants.remi_pe_tabla.views import PlayerView

__all__ = [
    "STRATEGIES",
    "RemiSolverStrategy",
    "RummikubSolverStrategy",
    "SolverBot",
    "SolverSettings",
    "Strategy",
    "register_strategy",
]


@attrs.frozen(kw_only=True)
class SolverSettings:
    """The tunable choices of the ``remi`` strategy.

    Attributes:
        hold_margin_points: hold back an opening worth less than ``opening.min_points`` plus this
            (points, opening values §A.5) while the waiting rule applies; 0 never waits.
        hold_stock_min: the waiting rule applies only while the stock holds at least this many
            tiles.
        deny: keep tiles the next player is likely to use (denial).
        break_margin_points: break the șir (PD 6) when the turn it makes is worth this many
            points more than drawing (``remi.variants.remi_pe_tabla.solvers.planner.turn_value``); None never breaks.
        weights: the discard weights (``remi.variants.remi_pe_tabla.solvers.planner.DiscardWeights``).
    """

    hold_margin_points: int = 0
    hold_stock_min: int = 30
    deny: bool = True
    break_margin_points: int | None = 15
    weights: DiscardWeights = DEFAULT_WEIGHTS


class Strategy(Protocol):
    """One family's way to play: the next action for a view of that family."""

    def choose(self, view: Any) -> Any:
        """The next action of ``view.seat`` (called only on his turn)."""
        ...


class RemiSolverStrategy:
    """The ``remi`` family strategy (see the module docstring); state: the undone turn only."""

    def __init__(self, settings: SolverSettings | None = None) -> None:
        self.settings = settings or SolverSettings()
        self._undone_turn: tuple[int, int] | None = None

    def choose(self, view: PlayerView) -> Action:
        """The next action of ``view.seat``.

        Raises:
            RemiError: the view has no legal action (not this player's turn).
        """
        legal = view.legal
        if not legal:
            raise RemiError(f"p{view.seat + 1} has no legal action: it is not his turn")
        seat = view.seat
        turn_key = (view.turns_ended, seat)
        if all(isinstance(a, Undo) for a in legal):
            self._undone_turn = turn_key
            return legal[0]
        for action in legal:
            if isinstance(action, (Announce, AnnounceAtu)):
                return action
        simple = self._undone_turn == turn_key
        if view.phase is Phase.FIRST_DISCARD:
            return self._discard(view)
        if view.phase is Phase.TAKE:
            if not simple:
                breaking = self._break(view)
                if breaking is not None:
                    return breaking
            if not simple and Take(seat) in legal and self._take_pays(view):
                return Take(seat)
            return Draw(seat)
        if not simple:
            play = self._lay(view)
            if play is not None:
                if isinstance(play, Undo):
                    self._undone_turn = turn_key
                return play
        return self._discard(view)

    def _holds_opening(self, view: PlayerView, points: int) -> bool:
        s = self.settings
        return (
            s.hold_margin_points > 0
            and points < view.rules.opening_min_points + s.hold_margin_points
            and view.stock_count >= s.hold_stock_min
            and not any(p.opened for p in view.players)
        )

    def _break(self, view: PlayerView) -> Action | None:
        """Break the șir (PD 6) at the position whose tiles make the best turn, when that beats
        drawing by ``break_margin_points`` (turn values of ``turn_value``)."""
        margin = self.settings.break_margin_points
        if margin is None or not view.players[view.seat].opened:
            return None
        options = [a for a in view.legal if isinstance(a, Take) and a.position is not None]
        if not options:
            return None
        base = turn_value(view.rack, view.rules)
        assert base is not None
        best: tuple[float, Action] | None = None
        for a in options:
            assert a.position is not None
            value = turn_value(view.rack, view.rules, taken=view.sir[a.position - 1 :])
            if value is not None and value >= base + margin and (best is None or value > best[0]):
                best = (value, a)
        return best[1] if best is not None else None

    def _take_pays(self, view: PlayerView) -> bool:
        me = view.players[view.seat]
        tile = view.sir[-1]
        if me.pe_tabla:
            return False
        if me.opened:
            return take_gain(view.rack, tile, view.rules) > 0
        plan = best_opening(view.rack, view.rules, must_include=tile)
        return (
            plan is not None
            and plan.tiles_used < len(view.rack) + 1
            and not self._holds_opening(view, plan.points)
        )

    def _lay(self, view: PlayerView) -> Action | None:
        legal = view.legal
        seat = view.seat
        rules = view.rules
        rack = view.rack
        turn = view.turn
        assert turn is not None
        me = view.players[seat]
        if me.pe_tabla:
            return None
        can_meld = any(isinstance(a, Meld) for a in legal)
        taken = turn.taken_tile
        if not me.opened:
            return opening_action(view, lambda points: self._holds_opening(view, points))
        if taken is not None or turn.freed_jolys:
            layout = best_layout(rack, rules, taken=taken if taken is not None else JOLY)
            if layout:
                return Meld(seat, layout)
            if taken is None:
                for a in legal:
                    if isinstance(a, LayOff) and any(t.tile.is_joly for t in a.tiles):
                        return a
            return Undo(seat) if turn.can_undo else None
        swap = self._swap(view)
        if swap is not None:
            return swap
        if can_meld:
            layout = best_layout(rack, rules)
            if layout:
                return Meld(seat, layout)
        layoffs = [a for a in legal if isinstance(a, LayOff)]
        if layoffs:
            final = rules.final_points
            return max(
                layoffs,
                key=lambda a: sum(
                    loose_tile_points(t.tile, final) for t in a.tiles if t.tile is not None
                ),
            )
        return None

    @staticmethod
    def _swap(view: PlayerView) -> Action | None:
        """A joly swap (PD 8) whose freed joly goes into a new formation with rack tiles: the
        joly then scores 50 for us instead of standing on the table."""
        rack = view.rack
        for a in view.legal:
            if isinstance(a, Swap) and len(rack) >= 3:
                after = list(rack)
                after.remove(a.tile)
                after.append(JOLY)
                if any(len(f) < len(after) for f in formations_with(JOLY, after, view.rules)):
                    return a
        return None

    def _discard(self, view: PlayerView) -> Action:
        choices = [a.tile for a in view.legal if isinstance(a, Discard)]
        if not choices:
            if view.turn is not None and view.turn.can_undo:
                self._undone_turn = (view.turns_ended, view.seat)
                return Undo(view.seat)
            return view.legal[0]
        nxt = view.players[(view.seat + 1) % len(view.players)]
        weight = 0.0
        if self.settings.deny:
            weight = 1.0 if (nxt.opened or nxt.pe_tabla) else 0.35
        tile = choose_discard(
            view.rack,
            choices,
            table=view.table,
            sir=view.sir,
            rules=view.rules,
            stock_count=view.stock_count,
            opponent_tiles=nxt.tile_count,
            opponent_weight=weight,
            weights=self.settings.weights,
        )
        return Discard(view.seat, tile)


class RummikubSolverStrategy:
    """The ``rummikub`` family strategy: the exact best move when the solver module provides
    ``best_move``, else the legal play placing the most tiles; otherwise draw or pass."""

    def choose(self, view: Any) -> Any:
        """The next action of ``view.seat`` (a Rummikub-style view with ``legal``).

        Raises:
            RemiError: the view has no legal action.
        """
        legal = list(view.legal)
        if not legal:
            raise RemiError(f"p{view.seat + 1} has no legal action: it is not his turn")
        move = _rummikub_best_move(view)
        if move is not None:
            return move
        return best_legal_play(view)


def best_legal_play(view: Any) -> Any:
    """Among the listed Rummikub-style ``play`` actions, the one placing the most rack tiles,
    then the most points, then changing the fewest table sets; the first non-play action
    (draw or pass) when there is none. Used by the ``greedy`` bot for that family too."""
    plays = [a for a in view.legal if hasattr(a, "table")]
    if not plays:
        return view.legal[0]
    before = Counter(t for f in view.table for t in f.tiles)
    old_sets = set(view.table)

    def key(action: Any) -> tuple[int, int, int]:
        after = Counter(t for f in action.table for t in f.tiles)
        placed = after - before
        points = sum(25 if t.is_joly else t.number for t in placed.elements())
        changed = sum(1 for f in view.table if f not in set(action.table)) + sum(
            1 for f in action.table if f not in old_sets
        )
        return (sum(placed.values()), points, -changed)

    return max(plays, key=key)


#: Work budget of the exact Rummikub solver per bot turn, in state expansions (deterministic, so
#: seeded games replay identically on any machine); beyond it the bot plays a listed play.
SOLVER_MAX_STATES: Final = 200_000
#: Work budget of the solver's tie-break (fewest changed table sets) per bot turn: which of the
#: equally good moves the bot plays matters little to its game, its speed does.
SOLVER_TIE_BREAK_STATES: Final = 20_000


def _rummikub_best_move(view: Any) -> Any | None:
    """The exact solver's move (``remi.variants.rummikub.solvers.best_move.best_move``, most tiles placed, then the
    fewest changed table sets) as a ``play`` action, or None when the solver is absent, refuses
    the preset's options, runs out of its ``SOLVER_MAX_STATES`` budget, or finds no move."""
    try:
        from remi.variants.rummikub.solvers.best_move import MoveRules, best_move
    except ImportError:
        return None
    from remi.variants.rummikub.actions import Play

    seat = view.seat
    try:
        move = best_move(
            view.table,
            view.rack,
            initial=not view.opened[seat],
            rules=_move_rules(view.rules, MoveRules),
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
        from remi.variants.rummikub.jokers import check_jokers

        try:
            check_jokers(
                view.table, move.table, Counter(move.placed), view.rules, initial_turn=False
            )
        except RemiError:  # the solver's joker model is looser than the engine's: use a listed play
            return None
    return Play(seat, tuple(move.table))


_MOVE_RULES: dict[Any, Any] = {}


def _move_rules(rules: Any, factory: Any) -> Any:
    """``MoveRules.from_rules(rules)``, built once per rule set."""
    found = _MOVE_RULES.get(rules)
    if found is None:
        found = _MOVE_RULES[rules] = factory.from_rules(rules)
    return found


StrategyFactory = Callable[[], Strategy]

#: family name -> factory of that family's strategy.
STRATEGIES: Final[dict[str, StrategyFactory]] = {
    "remi": RemiSolverStrategy,
    "rummikub": RummikubSolverStrategy,
}


def register_strategy(family: str, factory: StrategyFactory) -> None:
    """Make the ``solver`` bot play ``family`` with strategies from ``factory()``."""
    STRATEGIES[family] = factory


class SolverBot:
    """The ``solver`` player: one strategy per rule family, created on the first view of it.

    Deterministic: the same view sequence gives the same actions (``seed`` is kept for the
    ``make_bot`` interface; no choice is random).
    """

    name = "solver"

    def __init__(self, seed: int = 0, settings: SolverSettings | None = None) -> None:
        self.seed = seed
        self.settings = settings
        self._strategies: dict[str, Strategy] = {}

    def choose(self, view: Any) -> Any:
        """The next action of ``view.seat`` in its turn, by the strategy of its rule family.

        Raises:
            RemiError: a family with no registered strategy, or no legal action.
        """
        family = view.rules.family
        strategy = self._strategies.get(family)
        if strategy is None:
            if family == "remi":
                strategy = RemiSolverStrategy(self.settings)
            else:
                try:
                    strategy = STRATEGIES[family]()
                except KeyError:
                    raise RemiError(
                        f"the solver bot has no strategy for the rule family '{family}'"
                    ) from None
            self._strategies[family] = strategy
        return strategy.choose(view)
