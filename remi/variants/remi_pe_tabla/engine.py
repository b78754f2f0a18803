"""The Remi pe tablă state machine: ``check``, ``apply``, ``transition`` (and undo).

One transition function: ``apply(state, action)`` checks the action and returns a new state; it
never mutates its input, and a refused action raises ``IllegalActionError`` (carrying the rule id
and the action) and changes nothing. ``check`` runs the same code and discards the result, so
``check`` and ``apply`` can never disagree. ``transition`` is ``apply`` that also tells what
happened, as events (``remi.variants.remi_pe_tabla.events``).

The rules are enforced by one handler per action type, grouped by concept:

- ``remi.variants.remi_pe_tabla.engine_take``: drawing from the stock and taking from the șir (rupere): the first
  discard (``sir.first_discard_dead``), the first round (``turn.meld_from``), taking the last șir
  tile, breaking the șir, the 3-tile and 1-2-tile restrictions;
- ``remi.variants.remi_pe_tabla.engine_lay``: new formations (etalare), attaching (lipire), jolys, the one-time swap
  and the 3-tile set lock;
- ``remi.variants.remi_pe_tabla.claims``: a claimed missed announcement (``announce.penalty``);
- ``remi.variants.remi_pe_tabla.engine_end``: pe tablă, the announcements, and the discard with the obligations of the
  turn (the taken șir tile used, the freed joly laid, the opening worth ``opening.min_points``,
  the rack within ``turn.max_rack_tiles``), which refuses the discard naming the unmet
  obligation; closing (închidere) and the exhausted stock end the hand;
- here: ``undo`` (``turn.undo``).

Which actions are legal is found by the move generator, ``remi.variants.remi_pe_tabla.movegen.legal_actions``, which
sits above this module (this module never imports it). See docs/rules.md.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from remi.core.actions import Action
from remi.core.errors import IllegalActionError, Seat
from remi.core.events import Event
from remi.core.tiles import Tile
from remi.variants.remi_pe_tabla.actions import (
    Accept,
    Announce,
    AnnounceAtu,
    Claim,
    Declare,
    Discard,
    Draw,
    LayOff,
    Meld,
    Offer,
    Pass,
    Swap,
    Take,
    TakeAtu,
    Undo,
)
from remi.variants.remi_pe_tabla.claims import apply_claim
from remi.variants.remi_pe_tabla.engine_common import _ENDED, _illegal, _remove
from remi.variants.remi_pe_tabla.engine_end import (
    _after_discard,
    _announce,
    _announce_atu,
    _declare,
    _discard,
)
from remi.variants.remi_pe_tabla.engine_exchange import _accept, _offer, _pass, _take_atu
from remi.variants.remi_pe_tabla.engine_lay import _after_meld, _layoff, _meld, _swap
from remi.variants.remi_pe_tabla.engine_take import _draw, _take, _take_listed
from remi.variants.remi_pe_tabla.events import events_of
from remi.variants.remi_pe_tabla.listed import listed
from remi.variants.remi_pe_tabla.state import GameState, PlayerState

__all__ = ["apply", "check", "is_legal", "transition", "undo"]


def apply(state: GameState, action: Action) -> GameState:
    """Check ``action`` in ``state`` and return the state after it; ``state`` is unchanged.

    An action object that ``legal_actions`` listed for this very state object (identity, not
    equality: ``remi.variants.remi_pe_tabla.listed``) skips the checks the move generator made;
    any other action, equal or not, is checked in full.

    Args:
        state: the current state (never mutated).
        action: any ``remi.core.actions.Action``; ``action.player`` must be the seat to play.

    Returns:
        the new state.

    Raises:
        IllegalActionError: the action breaks a rule; ``rule_id`` names it (``turn.order``,
            ``turn.phase``, ``opening.min_points``, ``sir.first_discard_dead``, ...).
    """
    if listed(state, action):  # an object legal_actions listed for this very state
        return _LISTED_HANDLERS[type(action)](state, action)
    if not isinstance(action, Action):  # None, a string, another family's value...
        raise IllegalActionError(
            f"not a Remi action: {type(action).__name__}", rule_id="turn.phase", action=None
        )
    if state.phase is _ENDED:
        raise _illegal("error.hand.ended", "hand.ended", action)
    if action.player != state.current:
        raise _illegal("error.turn.order", "turn.order", action, seat=Seat(state.current))
    handler = _HANDLERS.get(type(action))
    if handler is None:
        raise _illegal(
            "error.turn.unknown_action", "turn.phase", action, kind=type(action).__name__
        )
    return handler(state, action)


def check(state: GameState, action: Action) -> None:
    """Raise ``IllegalActionError`` if ``action`` is not legal in ``state``; return None if it is.

    Runs exactly the code of ``apply`` and discards the result.
    """
    apply(state, action)


def is_legal(state: GameState, action: Action) -> bool:
    """True when ``check(state, action)`` would pass."""
    try:
        apply(state, action)
    except IllegalActionError:
        return False
    return True


def undo(state: GameState) -> GameState:
    """Undo the current turn's actions (``apply(state, Undo(current))``).

    Raises:
        IllegalActionError: ``turn.undo`` when there is nothing to undo.
    """
    return apply(state, Undo(state.current))


def transition(state: GameState, action: Action) -> tuple[GameState, tuple[Event, ...]]:
    """``apply(state, action)`` and the events of that step, in the order they happened.

    The state is exactly the one ``apply`` returns; the events (``remi.variants.remi_pe_tabla.events``) are read
    off the action and the states before and after it, so ``apply`` does no extra work. Show a
    player only ``remi.core.events.events_for_player(events, seat)``: a drawn tile is his own.

    Raises:
        IllegalActionError: as ``apply`` (nothing changes).
    """
    after = apply(state, action)
    return after, events_of(state, action, after)


def _undo(state: GameState, action: Undo) -> GameState:
    turn = state.turn
    if turn.checkpoint is None or turn.undoable == 0:
        raise _illegal("error.turn.undo", "turn.undo", action)
    cp = turn.checkpoint
    return cp.evolve(turn=cp.turn.evolve(undoable=0, checkpoint=cp.turn.checkpoint or cp))


_Handler = Callable[[GameState, Any], GameState]
_HANDLERS: dict[type[Action], _Handler] = {
    Draw: _draw,
    Take: _take,
    Meld: _meld,
    LayOff: _layoff,
    Swap: _swap,
    Announce: _announce,
    AnnounceAtu: _announce_atu,
    Claim: apply_claim,
    Declare: _declare,
    Discard: _discard,
    Undo: _undo,
    Offer: _offer,
    Accept: _accept,
    Pass: _pass,
    TakeAtu: _take_atu,
}


def _listed_lay(
    tiles_of: Callable[[Any], tuple[Tile, ...]],
    after: Callable[[GameState, Any, PlayerState, tuple[Tile, ...]], GameState],
) -> _Handler:
    """The handler of a listed action that takes ``tiles_of(action)`` off the rack (they are
    there: it was listed for this state) and builds the state with ``after``, as the checked
    handler does once its checks pass."""

    def handler(state: GameState, action: Any) -> GameState:
        ps = state.players[state.current]
        rest = _remove(ps.rack, tiles_of(action))
        assert rest is not None
        return after(state, action, ps, rest)

    return handler


#: The handlers of actions ``legal_actions`` listed for the very state they are applied to
#: (``remi.variants.remi_pe_tabla.listed``): the checks the move generator made are skipped, the
#: new state is built by the same code as after the full checks.
_LISTED_HANDLERS: dict[type[Action], _Handler] = {
    **_HANDLERS,
    Take: _take_listed,
    Meld: _listed_lay(lambda action: action.tiles, _after_meld),
    Discard: _listed_lay(lambda action: (action.tile,), _after_discard),
}
