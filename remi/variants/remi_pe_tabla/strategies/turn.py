"""The turn skeleton the Remi family's strategies share (``RemiTurnStrategy``).

On every view of its own turn, in order: undo a stuck turn (``view.legal == [Undo]``) and play
the rest of that turn simply (draw, discard) so that a plan the engine refuses is not tried
twice; announce when an announcement is legal (``announce.max_tiles``) and the atu when it may
(``atu.enabled``); then, by phase, the first discard, the take phase (break the șir, take its
last tile, else draw) and the play phase (lay, else discard). A strategy fills in the choices:
``_break``, ``_take_pays``, ``_opening_hold``, ``_lay_opened`` and ``_discard_tile``. Not opened
yet, both lay their best opening (etalare, ``opening_action``).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence

from remi.core.strategy import require_legal
from remi.core.tiles import Tile
from remi.variants.remi_pe_tabla.actions import (
    Action,
    Announce,
    AnnounceAtu,
    Claim,
    Discard,
    Draw,
    Meld,
    Take,
    TakeAtu,
    Undo,
)
from remi.variants.remi_pe_tabla.rules import RemiRules
from remi.variants.remi_pe_tabla.solvers import OpeningPlan, best_opening
from remi.variants.remi_pe_tabla.state import Phase
from remi.variants.remi_pe_tabla.views import PlayerView, TurnView

__all__ = ["RemiTurnStrategy", "cached_best_opening", "opening_action", "without_tile"]


def without_tile(rack: Sequence[Tile], tile: Tile) -> tuple[Tile, ...]:
    """``rack`` with one copy of ``tile`` removed (order kept).

    Raises:
        ValueError: ``tile`` is not on the rack.
    """
    out = list(rack)
    out.remove(tile)
    return tuple(out)


@functools.lru_cache(maxsize=512)
def cached_best_opening(
    rack: tuple[Tile, ...], rules: RemiRules, must_include: Tile | None
) -> OpeningPlan | None:
    """``best_opening`` memoised on the sorted rack (its answer does not depend on the order):
    a bot asks the same question when it decides to take the șir tile and again once it holds
    it."""
    return best_opening(rack, rules, must_include=must_include)


def opening_action(view: PlayerView, hold: Callable[[int], bool] | None = None) -> Action | None:
    """For a player who has not opened (etalare, ``opening.min_points``): his best opening as
    one meld, including a taken șir tile (``sir.take_last_for_opening``); ``Undo`` when the
    taken tile cannot be used; otherwise None.

    ``hold(points)`` may hold back an opening made without a taken tile (the solver strategy
    waits for a bigger one). Shared by the greedy and solver strategies.
    """
    turn = view.turn
    assert turn is not None
    seat = view.seat
    rack = view.rack
    taken = turn.taken_tile
    if turn.opening:
        return None
    if any(isinstance(a, Meld) for a in view.legal):
        rest = without_tile(rack, taken) if taken is not None else rack
        plan = cached_best_opening(tuple(sorted(rest)), view.rules, taken)
        if plan is not None and plan.tiles_used < len(rack):
            if taken is None and hold is not None and hold(plan.points):
                return None
            return Meld(seat, plan.formations)
    return Undo(seat) if taken is not None and turn.can_undo else None


def _listed_play(view: PlayerView, play: Action | None) -> Action | None:
    """``play`` kept to what the legal actions allow under the house rules that shape a new
    formation (``joly.limits``, ``sir.break_meld``, ``turn.three_tiles_attach_only``,
    docs/rules.md §1.14): an opening is kept when the legal actions list it, an opened
    player's meld keeps only the formations they list; none left: a listed meld holding
    the taken șir tile, else Undo when the turn can be undone, else None. Under the default
    rules ``play`` is returned unchanged."""
    rules = view.rules
    if (
        rules.joly_limits == "none"
        and rules.sir_break_meld == "any"
        and not rules.turn_three_tiles_attach_only
    ):
        return play
    if not isinstance(play, Meld):
        return play
    legal = view.legal
    if not view.players[view.seat].opened:  # an opening: listed whole, or another listed one
        kept = play.formations if play in legal else ()
    else:
        kept = tuple(f for f in play.formations if Meld(view.seat, (f,)) in legal)
    if kept:
        return Meld(view.seat, kept)
    turn = view.turn
    taken = turn.taken_tile if turn is not None else None
    for action in legal:
        if isinstance(action, Meld) and (taken is None or taken in action.tiles):
            return action
    return Undo(view.seat) if turn is not None and turn.can_undo else None


class RemiTurnStrategy:
    """The shared turn of the Remi strategies; state: the turn it undid (one per bot).

    Deterministic for a given view sequence (``seed`` is kept for the ``Variant.strategy``
    interface; no choice is random).
    """

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self._undone_turn: tuple[int, int] | None = None

    def choose(self, view: PlayerView) -> Action:
        """The next action of ``view.seat`` in its turn.

        Raises:
            RemiError: when the view has no legal action (not this player's turn).
        """
        legal = view.legal
        require_legal(view.seat, legal)
        seat = view.seat
        turn_key = (view.turns_ended, seat)
        if all(isinstance(a, Undo) for a in legal):
            self._undone_turn = turn_key
            return legal[0]
        for action in legal:
            if isinstance(action, (Announce, AnnounceAtu, Claim)):
                return action  # announce.penalty = claim: a claim is free points
        simple = self._undone_turn == turn_key
        if view.phase is Phase.EXCHANGE:
            from remi.variants.remi_pe_tabla.strategies.exchange import exchange_action

            return exchange_action(view)  # deal.doubles_exchange (it imports this module)
        if view.phase is Phase.FIRST_DISCARD:
            return self._discard(view)
        if view.phase is Phase.TAKE:
            if not simple:
                breaking = self._break(view)
                if breaking is not None:
                    return breaking
            if not simple and TakeAtu(seat) in legal:
                return TakeAtu(seat)  # atu.tile = closing: listed only when it closes the hand
            if not simple and Take(seat) in legal and self._take_pays(view):
                return Take(seat)
            return Draw(seat)
        if not simple:
            play = _listed_play(view, self._lay(view))
            if play is not None:
                if isinstance(play, Undo):
                    self._undone_turn = turn_key
                return play
        return self._discard(view)

    def _break(self, view: PlayerView) -> Action | None:
        """A ``take N`` breaking the șir (``sir.break_enabled``) to play now, or None (never,
        unless a strategy says otherwise)."""
        return None

    def _take_pays(self, view: PlayerView) -> bool:
        """Take the last șir tile rather than draw."""
        raise NotImplementedError

    def _lay(self, view: PlayerView) -> Action | None:
        """A meld, lay-off or swap to make now, Undo for a plan that cannot be completed, or
        None to discard: nothing once pe tablă is declared; the opening (``opening_action``,
        held back by ``_opening_hold``) before the player has opened; else ``_lay_opened``."""
        turn = view.turn
        assert turn is not None
        me = view.players[view.seat]
        if me.pe_tabla:
            return None
        if not me.opened:
            return opening_action(view, self._opening_hold(view))
        return self._lay_opened(view, turn)

    def _opening_hold(self, view: PlayerView) -> Callable[[int], bool] | None:
        """``hold(points)`` for ``opening_action``: True holds back an opening of that value
        made without a taken tile; None never holds."""
        return None

    def _lay_opened(self, view: PlayerView, turn: TurnView) -> Action | None:
        """For a player who has opened: what to lay now, Undo for a plan that cannot be
        completed, or None to discard."""
        raise NotImplementedError

    def _discard_tile(self, view: PlayerView, choices: Sequence[Tile]) -> Tile:
        """The tile of ``choices`` (the legal discards) to discard."""
        raise NotImplementedError

    def _discard(self, view: PlayerView) -> Action:
        """Discard ``_discard_tile`` among the legal discards; with none, undo the turn when it
        can be undone (then play it simply), else the first legal action."""
        choices = [a.tile for a in view.legal if isinstance(a, Discard)]
        if not choices:
            if view.turn is not None and view.turn.can_undo:
                self._undone_turn = (view.turns_ended, view.seat)
                return Undo(view.seat)
            return view.legal[0]
        return Discard(view.seat, self._discard_tile(view, choices))
