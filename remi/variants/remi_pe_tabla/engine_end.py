"""Announcements and the end of a Remi turn: the discard, the turn's obligations, the closing.

Announcements: ``announce.max_tiles`` (at most three tiles left), the atu (``atu.enabled``,
``atu.first_turn``, ``atu.twin``) and pe tablă (``sir.take_last_without_meld``,
``pe_tabla.requires_unopened``, ``pe_tabla.declare``). The discard ends the turn once its
obligations are met (``sir.take_last_use``, ``sir.break_use``, ``joly.swap_use``,
``pe_tabla.close``, ``opening.min_points`` and the opening's shape, ``turn.max_rack_tiles``); the
last discard closes the hand (închidere), and a discard that leaves the stock empty ends it
without a closing. See docs/rules.md.
"""

from __future__ import annotations

import functools

from remi.core.actions import Action
from remi.core.errors import Seat
from remi.core.tiles import Tile
from remi.variants.remi_pe_tabla.actions import Announce, AnnounceAtu, Declare, Discard
from remi.variants.remi_pe_tabla.engine_common import (
    _ENDED,
    _FIRST_DISCARD,
    _PLAY,
    _TAKE,
    _illegal,
    _illegal_n,
    _opening_complete,
    _opening_formations,
    _phase_error,
    _player,
    _remove,
    _with_player,
)
from remi.variants.remi_pe_tabla.opening import check_opening
from remi.variants.remi_pe_tabla.state import (
    GameState,
    HandResult,
    PlayerState,
    TurnState,
    reshuffle,
)

__all__: list[str] = []


def _announce(state: GameState, action: Announce) -> GameState:
    if state.phase not in (_TAKE, _PLAY):
        raise _phase_error(state, action)
    ps = _player(state)
    rules = state.rules
    if ps.announced:
        raise _illegal("error.announce.again", "announce.max_tiles", action)
    limit = rules.announce_max_tiles + (1 if state.phase is _PLAY else 0)
    if len(ps.rack) > limit:
        raise _illegal_n(
            "error.announce.max_tiles",
            rules.announce_max_tiles,
            "announce.max_tiles",
            action,
            held=len(ps.rack),
        )
    return state.evolve(
        players=_with_player(state, ps.evolve(announced=True)),
        turn=state.turn.evolve(undoable=state.turn.undoable + 1),
    )


def _announce_atu(state: GameState, action: AnnounceAtu) -> GameState:
    ps = _player(state)
    if state.atu is None or not state.rules.atu_enabled:
        raise _illegal("error.atu.disabled", "atu.enabled", action)
    if ps.turns_played > 0:
        raise _illegal("error.atu.first_turn", "atu.first_turn", action)
    if ps.atu_announced:
        raise _illegal("error.atu.again", "atu.first_turn", action)
    if state.atu not in ps.rack:
        raise _illegal(
            "error.atu.twin", "atu.twin", action, seat=Seat(state.current), tile=state.atu
        )
    return state.evolve(
        players=_with_player(state, ps.evolve(atu_announced=True)),
        turn=state.turn.evolve(undoable=state.turn.undoable + 1),
    )


def _declare(state: GameState, action: Declare) -> GameState:
    if state.phase is not _PLAY:
        raise _phase_error(state, action)
    ps = _player(state)
    rules = state.rules
    if rules.sir_take_last_without_meld != "pe_tabla":
        raise _illegal("error.pe_tabla.disabled", "sir.take_last_without_meld", action)
    if ps.opened:
        raise _illegal(
            "error.pe_tabla.opened",
            "pe_tabla.requires_unopened",
            action,
        )
    if ps.pe_tabla:
        raise _illegal("error.pe_tabla.again", "pe_tabla.declare", action)
    turn = state.turn
    if turn.took != "take" or turn.taken_tile is None or turn.taken_used or turn.laid:
        raise _illegal(
            "error.pe_tabla.when",
            "pe_tabla.declare",
            action,
        )
    if turn.swapped or turn.freed_jolys:
        # a player who has not opened swaps only in his opening turn (docs/rules.md §1.8)
        raise _illegal("error.pe_tabla.after_swap", "pe_tabla.declare_turn", action)
    return state.evolve(
        players=_with_player(state, ps.evolve(pe_tabla=True)),
        turn=turn.evolve(taken_tile=None, declared=True, undoable=turn.undoable + 1),
    )


# --- ending the turn -------------------------------------------------------------------------


def _unmet_obligation(state: GameState, rack_after: int) -> str | None:
    """The rule id of the first unmet obligation of the turn (checked when the player discards,
    keeping ``rack_after`` tiles), or None when the turn may end. ``"opening"`` stands for an
    opening that ``check_opening`` refuses (it names the rule)."""
    ps = state.players[state.current]
    turn = state.turn
    if turn.taken_tile is not None and not turn.taken_used:
        return "sir.break_use" if turn.took == "break" else "sir.take_last_use"
    if turn.freed_jolys:
        return "joly.swap_use"
    if turn.took == "atu" and rack_after != 0:
        return "atu.tile"  # atu.tile = closing: the atu is taken only to close
    if turn.swapped and not ps.opened and not turn.opening:
        return "joly.freed_use"  # joly.freed_use = hand: the swap still belongs to an opening
    if ps.pe_tabla:
        if turn.laid and rack_after != 0:
            return "pe_tabla.close"
    elif turn.opening and not ps.opened and not _opening_complete(state):
        return "opening"
    if rack_after > state.rules.turn_max_rack_tiles:
        return "turn.max_rack_tiles"
    return None


def _end_of_turn_obligations(state: GameState, action: Action, rack_after: int) -> None:
    """Raise the first unmet obligation of the turn (checked when the player discards)."""
    rule = _unmet_obligation(state, rack_after)
    if rule is None:
        return
    ps = _player(state)
    turn = state.turn
    rules = state.rules
    if rule == "sir.break_use":
        raise _illegal("error.sir.use_taken", rule, action, tile=turn.taken_tile)
    if rule == "sir.take_last_use":
        if not ps.opened and rules.sir_take_last_without_meld == "pe_tabla":
            raise _illegal("error.sir.use_taken_or_declare", rule, action, tile=turn.taken_tile)
        raise _illegal("error.sir.use_taken", rule, action, tile=turn.taken_tile)
    if rule == "joly.swap_use":
        raise _illegal("error.joly.swap_use_turn", rule, action)
    if rule == "atu.tile":
        raise _illegal("error.atu.close", rule, action)
    if rule == "joly.freed_use":
        raise _illegal("error.joly.swap_opening_turn", rule, action)
    if rule == "pe_tabla.close":
        raise _illegal(
            "error.pe_tabla.close",
            rule,
            action,
        )
    if rule == "opening":
        check_opening(_opening_formations(state), rules, action)
    raise _illegal_n(
        "error.turn.max_rack_tiles",
        rules.turn_max_rack_tiles,
        "turn.max_rack_tiles",
        action,
        keep=rack_after,
    )


@functools.lru_cache(maxsize=64)
@functools.lru_cache(maxsize=64)  # one value per rack size: frozen, so it serves every state
def _fresh_turn(rack_at_start: int) -> TurnState:
    """The bookkeeping of a turn not yet begun (frozen, so one value serves every state)."""
    return TurnState(rack_at_start=rack_at_start)


def _discard(state: GameState, action: Discard) -> GameState:
    if state.phase not in (_PLAY, _FIRST_DISCARD):
        raise _phase_error(state, action)
    ps = _player(state)
    rest = _remove(ps.rack, (action.tile,))
    if rest is None:
        raise _illegal(
            "error.rack.tiles", "rack.tiles", action, seat=Seat(state.current), tiles=action.tile
        )
    if state.phase is _PLAY:
        _end_of_turn_obligations(state, action, len(rest))
    return _after_discard(state, action, ps, rest)


def _after_discard(
    state: GameState, action: Discard, ps: PlayerState, rest: tuple[Tile, ...]
) -> GameState:
    """The state after a checked discard of ``action.tile`` leaving ``rest`` on the rack."""
    rules = state.rules
    opened = ps.opened or (state.turn.opening and not ps.pe_tabla)
    announced = ps.announced
    failed = ps.failed_announcement
    if 1 <= len(rest) <= rules.announce_max_tiles and not announced:
        if rules.announce_required:
            failed = True
        else:
            announced = True
    new_ps = ps.evolve(
        rack=rest,
        opened=opened,
        announced=announced,
        failed_announcement=failed,
        turns_played=ps.turns_played + 1,
    )
    players = _with_player(state, new_ps)
    sir = state.sir + (action.tile,)
    turns_ended = state.turns_ended + 1
    if not rest:
        return state.evolve(
            players=players,
            sir=sir,
            turns_ended=turns_ended,
            phase=_ENDED,
            turn=_fresh_turn(0),
            result=HandResult(
                closed_by=state.current, closing_tile=action.tile, stock_exhausted=False
            ),
        )
    stock = state.stock
    reshuffled = state.reshuffled
    if not stock and rules.stock_exhausted == "reshuffle" and not reshuffled:
        # stock.exhausted = reshuffle: the șir but its first tile becomes the new stock, once
        stock = reshuffle(sir[1:], state.shuffle_seed, turns_ended)
        sir = sir[:1]
        reshuffled = True
    if not stock:
        return state.evolve(
            players=players,
            sir=sir,
            turns_ended=turns_ended,
            phase=_ENDED,
            turn=_fresh_turn(0),
            result=HandResult(closed_by=None, closing_tile=None, stock_exhausted=True),
        )
    nxt = (state.current + 1) % len(state.players)
    if reshuffled is not state.reshuffled:
        state = state.evolve(stock=stock, reshuffled=True)
    return state.evolve(
        players=players,
        sir=sir,
        turns_ended=turns_ended,
        current=nxt,
        phase=_TAKE,
        turn=_fresh_turn(len(state.players[nxt].rack)),
    )
