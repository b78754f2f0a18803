"""The exchange of doubles before play and the atu taken for a closing turn (docs/rules.md §1.14).

``deal.doubles_exchange``: in phase ``EXCHANGE`` each seat, p1 first, offers another player one
tile of a double (``Offer``) or passes; the partner answers with a tile of a double of his own
(``Accept``; of the same category under ``same_category``) or refuses (``Pass``); an accepted
offer swaps the two tiles. After the last seat, play starts with p1's first discard.

``atu.tile = closing``: a player holding one or two tiles, or who declared pe tablă, may take
the atu set aside instead of drawing (``TakeAtu``), and must then close in that turn (the
discard that is not his last is refused at ``engine_end``).
"""

from __future__ import annotations

from remi.core.errors import Seat
from remi.core.messages import N_
from remi.variants.remi_pe_tabla.actions import Accept, Offer, Pass, TakeAtu
from remi.variants.remi_pe_tabla.doubles import double_tiles, may_answer
from remi.variants.remi_pe_tabla.engine_common import (
    _PLAY,
    _TAKE,
    _add,
    _illegal,
    _phase_error,
    _player,
    _remove,
    _with_player,
)
from remi.variants.remi_pe_tabla.state import GameState, Phase

__all__: list[str] = []

_RULE = "deal.doubles_exchange"


def _exchange_phase(state: GameState, action: Offer | Accept | Pass) -> None:
    if state.phase is not Phase.EXCHANGE:
        raise _illegal(N_("error.exchange.phase"), _RULE, action)


def _next_offer(state: GameState, offerer: int) -> GameState:
    """The state after ``offerer``'s offer turn: the next seat offers, or play starts."""
    nxt = offerer + 1
    if nxt < state.player_count:
        return state.evolve(offer=None, current=nxt)
    return state.evolve(offer=None, current=0, phase=Phase.FIRST_DISCARD)


def _offer(state: GameState, action: Offer) -> GameState:
    _exchange_phase(state, action)
    if state.offer is not None:
        raise _illegal(N_("error.exchange.answer"), _RULE, action)
    ps = _player(state)
    if action.tile not in double_tiles(ps.rack):
        raise _illegal(N_("error.exchange.not_double"), _RULE, action, tile=action.tile)
    if action.partner == state.current or not 0 <= action.partner < state.player_count:
        raise _illegal(N_("error.exchange.partner"), _RULE, action, seat=Seat(action.partner))
    return state.evolve(offer=(state.current, action.partner, action.tile), current=action.partner)


def _accept(state: GameState, action: Accept) -> GameState:
    _exchange_phase(state, action)
    if state.offer is None:
        raise _illegal(N_("error.exchange.no_offer"), _RULE, action)
    offerer, partner, offered = state.offer
    ps = _player(state)
    if action.tile not in double_tiles(ps.rack):
        raise _illegal(N_("error.exchange.not_double"), _RULE, action, tile=action.tile)
    if not may_answer(offered, action.tile, state.rules.deal_doubles_exchange):
        raise _illegal(N_("error.exchange.category"), _RULE, action, tile=action.tile)
    players = list(state.players)
    give = _remove(ps.rack, (action.tile,))
    get = _remove(players[offerer].rack, (offered,))
    assert give is not None and get is not None  # both hold a double of their tile
    players[partner] = ps.evolve(rack=_add(give, (offered,)))
    players[offerer] = players[offerer].evolve(rack=_add(get, (action.tile,)))
    return _next_offer(state.evolve(players=tuple(players)), offerer)


def _pass(state: GameState, action: Pass) -> GameState:
    _exchange_phase(state, action)
    return _next_offer(state, state.current if state.offer is None else state.offer[0])


def _take_atu(state: GameState, action: TakeAtu) -> GameState:
    if state.phase is not _TAKE:
        raise _phase_error(state, action)
    if not state.atu_aside or state.atu is None or state.rules.atu_tile != "closing":
        raise _illegal(N_("error.atu.not_aside"), "atu.tile", action)
    ps = _player(state)
    if not ps.pe_tabla and len(ps.rack) > 2:
        raise _illegal(N_("error.atu.take_when"), "atu.tile", action)
    return state.evolve(
        players=_with_player(state, ps.evolve(rack=_add(ps.rack, (state.atu,)))),
        atu_aside=False,
        phase=_PLAY,
        turn=state.turn.evolve(took="atu", undoable=state.turn.undoable + 1, checkpoint=state),
    )
