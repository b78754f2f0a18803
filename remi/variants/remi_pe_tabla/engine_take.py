"""The first step of a Remi turn: drawing from the stock, or taking from the șir (rupere).

Rules: ``turn.meld_from`` (nobody takes before the first round is over), ``sir.position``,
``sir.first_discard_dead`` (the first discard is dead), ``turn.one_two_tiles_attach_only``,
``sir.take_last_for_opening`` (taking the last tile), and for breaking the șir (taking a tile
and every later one) ``sir.break_enabled``, ``sir.three_tiles_last_only``,
``sir.break_requires_opened``, ``sir.break_min_rack_tiles``. The taken tile must be used in a
new formation this turn: that obligation is checked at the discard (``remi.variants.remi_pe_tabla.engine_end``).
See docs/rules.md.
"""

from __future__ import annotations

from remi.variants.remi_pe_tabla.actions import Draw, Take
from remi.variants.remi_pe_tabla.engine_common import (
    _PLAY,
    _TAKE,
    _add,
    _illegal,
    _illegal_n,
    _may_lay,
    _phase_error,
    _player,
    _with_player,
)
from remi.variants.remi_pe_tabla.state import GameState, PlayerState

__all__: list[str] = []


def _draw(state: GameState, action: Draw) -> GameState:
    if state.phase is not _TAKE:
        raise _phase_error(state, action)
    if not state.stock:  # pragma: no cover - the hand ends when the stock runs out
        raise _illegal("error.stock.empty", "hand.stock_exhausted", action)
    ps = _player(state)
    tile = state.stock[0]
    new_ps = ps.evolve(rack=_add(ps.rack, (tile,)))
    after = state.evolve(
        players=_with_player(state, new_ps),
        stock=state.stock[1:],
        phase=_PLAY,
        turn=state.turn.evolve(took="draw", undoable=0, checkpoint=None),
    )
    # Undo returns here: a tile drawn from the stock stays drawn (it has been seen).
    return after.evolve(turn=after.turn.evolve(checkpoint=after))


def _take(state: GameState, action: Take) -> GameState:
    if state.phase is not _TAKE:
        raise _phase_error(state, action)
    rules = state.rules
    ps = _player(state)
    if not _may_lay(state, ps):
        raise _illegal("error.sir.first_round", "turn.meld_from", action)
    sir = state.sir
    if not sir:
        raise _illegal("error.sir.empty", "sir.position", action)
    last = len(sir) - 1
    position = action.position
    if position is not None and (type(position) is not int or position < 1):
        raise _illegal_n(
            "error.sir.position", len(sir), "sir.position", action, position=repr(position)
        )
    index = last if position is None else position - 1
    if index > last:
        raise _illegal_n("error.sir.position", len(sir), "sir.position", action, position=index + 1)
    if index == 0 and rules.sir_first_discard_dead:
        raise _illegal(
            "error.sir.first_dead",
            "sir.first_discard_dead",
            action,
        )
    held = len(ps.rack)
    if held <= 2 and rules.turn_one_two_tiles_attach_only:
        raise _illegal_n(
            "error.sir.few_tiles_draw",
            held,
            "turn.one_two_tiles_attach_only",
            action,
        )
    if held == 3 and rules.turn_three_tiles_attach_only and not ps.pe_tabla:
        if not (rules.sir_take_last_layoff and ps.opened and index == last):
            raise _illegal_n("error.sir.few_tiles_draw", 3, "turn.three_tiles_attach_only", action)
    if index == last:
        if not ps.opened and not ps.pe_tabla and not rules.sir_take_last_for_opening:
            raise _illegal(
                "error.sir.take_last_opened",
                "sir.take_last_for_opening",
                action,
            )
        took = "take"
    else:
        if not rules.sir_break_enabled:
            raise _illegal("error.sir.break_disabled", "sir.break_enabled", action)
        if held == 3 and rules.sir_three_tiles_last_only:
            raise _illegal(
                "error.sir.three_tiles",
                "sir.three_tiles_last_only",
                action,
            )
        if ps.pe_tabla or (not ps.opened and rules.sir_break_requires_opened):
            raise _illegal(
                "error.sir.break_opened",
                "sir.break_requires_opened",
                action,
            )
        if held < rules.sir_break_min_rack_tiles:
            raise _illegal_n(
                "error.sir.break_min_rack_tiles",
                rules.sir_break_min_rack_tiles,
                "sir.break_min_rack_tiles",
                action,
                held=held,
            )
        took = "break"
    return _after_take(state, ps, index, took)


def _take_listed(state: GameState, action: Take) -> GameState:
    """``_take`` for an action ``legal_actions`` listed for this very state (its checks made)."""
    last = len(state.sir) - 1
    index = last if action.position is None else action.position - 1
    return _after_take(state, _player(state), index, "take" if index == last else "break")


def _after_take(state: GameState, ps: PlayerState, index: int, took: str) -> GameState:
    """The state after the checked take of ``state.sir[index:]`` (``took``: take or break)."""
    sir = state.sir
    taken = sir[index]
    pending = None if (ps.pe_tabla and took == "take") else taken
    new_ps = ps.evolve(rack=_add(ps.rack, sir[index:]))
    return state.evolve(
        players=_with_player(state, new_ps),
        sir=sir[:index],
        phase=_PLAY,
        turn=state.turn.evolve(
            took=took,
            taken_tile=pending,
            taken_used=False,
            undoable=state.turn.undoable + 1,
            checkpoint=state.turn.checkpoint if state.turn.checkpoint is not None else state,
        ),
    )
