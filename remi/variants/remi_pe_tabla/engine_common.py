"""Helpers shared by the rule checks of the Remi engine (``remi.variants.remi_pe_tabla.engine`` and its ``engine_*`` parts).

Rack arithmetic on sorted tile tuples, the refusal value (``IllegalActionError`` with a rule id),
the phase refusal (``turn.phase``, ``sir.first_discard_dead``), the first-round test
(``turn.meld_from``) and the opening test (``opening.min_points`` and the opening's shape, via
``remi.variants.remi_pe_tabla.opening.check_opening``). Nothing here changes a state; the move generator
(``remi.variants.remi_pe_tabla.movegen``) uses the same helpers, so both read the rules the same way.
"""

from __future__ import annotations

import bisect
from collections import Counter
from collections.abc import Iterable, Sequence

from remi.core.actions import Action
from remi.core.errors import IllegalActionError, illegal, illegal_n
from remi.core.formations import (
    REMI_FORMATIONS,
    Formation,
    FormationRules,
    Kind,
    formation_readings,
)
from remi.core.messages import N_
from remi.core.tiles import Tile
from remi.variants.remi_pe_tabla.opening import check_opening
from remi.variants.remi_pe_tabla.state import GameState, Phase, PlayerState

__all__: list[str] = []


# Enum members read through module globals: ``Phase.PLAY`` goes through ``EnumType.__getattr__``'s
# slow attribute path (several times a global lookup) and these are read on every action.
_FIRST_DISCARD, _TAKE, _PLAY, _ENDED = Phase.FIRST_DISCARD, Phase.TAKE, Phase.PLAY, Phase.ENDED
_RUN, _SET = Kind.RUN, Kind.SET


def _illegal(message_id: str, rule_id: str, action: Action, **params: object) -> IllegalActionError:
    return illegal(message_id, rule_id, action, **params)


def _illegal_n(
    message_id: str, count: int, rule_id: str, action: Action, **params: object
) -> IllegalActionError:
    return illegal_n(message_id, count, rule_id, action, **params)


def _remove(rack: tuple[Tile, ...], tiles: Iterable[Tile]) -> tuple[Tile, ...] | None:
    """``rack`` without ``tiles`` (a multiset difference), or None if a tile is missing."""
    if type(tiles) is tuple and len(tiles) == 1:
        try:
            at = rack.index(tiles[0])
        except ValueError:
            return None
        return rack[:at] + rack[at + 1 :]
    out = list(rack)
    for t in tiles:
        try:
            out.remove(t)
        except ValueError:
            return None
    return tuple(out)


def _add(rack: tuple[Tile, ...], tiles: Iterable[Tile]) -> tuple[Tile, ...]:
    if type(tiles) is tuple and len(tiles) == 1:
        at = bisect.bisect_right(rack, tiles[0])  # racks stay sorted; tiles compare by code
        return rack[:at] + tiles + rack[at:]
    out = list(rack)
    for t in tiles:
        bisect.insort(out, t)  # racks stay sorted; tiles compare by code
    return tuple(out)


def _missing_tiles(rack: tuple[Tile, ...], tiles: Sequence[Tile]) -> list[Tile]:
    have = Counter(rack)
    need = Counter(tiles)
    return [t for t, n in need.items() if have[t] < n]


def _may_lay(state: GameState, ps: PlayerState) -> bool:
    """``turn.meld_from``: laying and taking from the șir are open (the first round is over)."""
    if state.rules.turn_meld_from == "own_first_turn":
        return ps.turns_played >= 1
    return state.first_round_over


def _valid_under(formation: Formation, rules: FormationRules) -> bool:
    if rules == REMI_FORMATIONS:
        return True
    return formation in formation_readings(formation.slots(explicit=True), rules)


def _phase_error(state: GameState, action: Action) -> IllegalActionError:
    if state.phase is Phase.EXCHANGE:
        why = N_("error.exchange.first")
        rule = "deal.doubles_exchange"
    elif state.phase is _FIRST_DISCARD:
        why = N_("error.turn.first_discard")
        rule = "sir.first_discard_dead"
    elif state.phase is _TAKE:
        why = N_("error.turn.take_first")
        rule = "turn.phase"
    else:
        why = N_("error.turn.taken")
        rule = "turn.phase"
    return _illegal(why, rule, action)


def _player(state: GameState) -> PlayerState:
    return state.players[state.current]


def _with_player(state: GameState, ps: PlayerState) -> tuple[PlayerState, ...]:
    players = list(state.players)
    players[state.current] = ps
    return tuple(players)


def _opening_formations(state: GameState) -> list[Formation]:
    return [state.table[i].formation for i in state.turn.laid]


def _opening_complete(state: GameState) -> bool:
    try:
        check_opening(_opening_formations(state), state.rules)
    except IllegalActionError:
        return False
    return True
