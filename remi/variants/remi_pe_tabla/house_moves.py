"""Legal actions of two house rules (docs/rules.md §1.14), kept apart from the move generator.

``exchange_actions``: the offers, answers and passes of phase ``EXCHANGE``
(``deal.doubles_exchange``). ``atu_take_actions``: taking the atu set aside
(``atu.tile = closing``), listed only when the player can then close in that turn.
"""

from __future__ import annotations

from collections.abc import Callable

from remi.core.actions import Action
from remi.variants.remi_pe_tabla.actions import Accept, Discard, LayOff, Meld, Offer, Pass, TakeAtu
from remi.variants.remi_pe_tabla.doubles import double_tiles, may_answer
from remi.variants.remi_pe_tabla.engine import apply
from remi.variants.remi_pe_tabla.state import GameState, Phase

__all__ = ["atu_take_actions", "exchange_actions"]

_Listing = Callable[[GameState], list[Action]]
_CLOSE_DEPTH = 3  # lays before the closing discard searched (a rack of 2 + the atu: 2 lay-offs)


def exchange_actions(state: GameState) -> list[Action]:
    """The actions of phase ``EXCHANGE``: pass, then each offer of a tile of a double to each
    other seat, or each answer the offer waiting allows (``deal.doubles_exchange``)."""
    seat = state.current
    rack = state.players[seat].rack
    out: list[Action] = [Pass(seat)]
    if state.offer is None:
        out.extend(
            Offer(seat, tile, partner)
            for tile in double_tiles(rack)
            for partner in range(state.player_count)
            if partner != seat
        )
    else:
        offered, rule = state.offer[2], state.rules.deal_doubles_exchange
        out.extend(Accept(seat, t) for t in double_tiles(rack) if may_answer(offered, t, rule))
    return out


def atu_take_actions(state: GameState, listing: _Listing) -> list[Action]:
    """``[TakeAtu]`` when the player to move may take the atu set aside (``atu.tile =
    closing``: one or two tiles held, or pe tablă declared) and can close in this turn with it,
    as ``listing`` (the move generator's ``legal_actions``) finds; else ``[]``."""
    ps = state.players[state.current]
    if not state.atu_aside or state.rules.atu_tile != "closing" or state.atu is None:
        return []
    if not ps.pe_tabla and len(ps.rack) > 2:
        return []
    action = TakeAtu(state.current)
    return [action] if _can_close(apply(state, action), _CLOSE_DEPTH, listing) else []


def _can_close(state: GameState, depth: int, listing: _Listing) -> bool:
    """Whether the player to move can end the hand by closing within ``depth`` lays."""
    seat = state.current
    for action in listing(state):
        if isinstance(action, Discard):
            after = apply(state, action)
            if after.phase is Phase.ENDED and after.result and after.result.closed_by == seat:
                return True
        elif isinstance(action, (Meld, LayOff)) and depth > 0:
            if _can_close(apply(state, action), depth - 1, listing):
                return True
    return False
