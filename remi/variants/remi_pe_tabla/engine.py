"""The Remi pe tablă state machine: ``legal_actions``, ``check``, ``apply`` (and undo).

One transition function (STYLE.md 2): ``apply(state, action)`` checks the action and returns a
new state; it never mutates its input, and a refused action raises ``IllegalActionError``
(carrying the rule id and the action) and changes nothing. ``check`` runs the same code and
discards the result, so ``check`` and ``apply`` can never disagree.

Rules implemented (REFERENCE.md "Project decisions", PD below, and §A): the first discard
(PD 2), the first round (PD 3), the opening (PD 4), taking the last șir tile (PD 5), breaking the
șir (PD 6), the 3-tile and 1-2-tile restrictions (PD 7), jolys, the one-time swap and the 3-tile
set lock (PD 8, 9), pe tablă (PD 10), the announcement (PD 11), closing and the exhausted stock
(PD 12). Obligations of a turn (the taken șir tile used, the freed joly laid, the opening worth
``opening.min_points``, the rack within ``turn.max_rack_tiles``) are checked when the player
discards, and the discard is refused with the unmet obligation.
"""

from __future__ import annotations

import bisect
import functools
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any

from remi.core.actions import Action
from remi.core.candidates import (
    TileMasks,
    candidate_formations,
    formable_as_added,
    leftover_lower_bound,
    unformable_count,
)
from remi.core.errors import IllegalActionError
from remi.core.formations import (
    ACE_HIGH_RANK,
    REMI_FORMATIONS,
    Formation,
    FormationRules,
    Kind,
    PointTable,
    formation_readings,
)
from remi.core.notation import SlotToken
from remi.core.tiles import ALL_TILE_TYPES, COLOURS, JOLY, Tile, tile_of
from remi.variants.remi_pe_tabla.actions import (
    Announce,
    AnnounceAtu,
    Declare,
    Discard,
    Draw,
    LayOff,
    Meld,
    Swap,
    Take,
    Undo,
)
from remi.variants.remi_pe_tabla.opening import check_opening, opening_points
from remi.variants.remi_pe_tabla.rules import RemiRules
from remi.variants.remi_pe_tabla.state import (
    GameState,
    HandResult,
    Phase,
    PlayerState,
    TableFormation,
    TurnState,
)

__all__ = ["apply", "check", "is_legal", "legal_actions", "undo"]


# ---------------------------------------------------------------------------------------------
# Small helpers

# Enum members read through module globals: ``Phase.PLAY`` goes through ``EnumType.__getattr__``'s
# slow attribute path (several times a global lookup) and these are read on every action.
_FIRST_DISCARD, _TAKE, _PLAY, _ENDED = Phase.FIRST_DISCARD, Phase.TAKE, Phase.PLAY, Phase.ENDED
_RUN, _SET = Kind.RUN, Kind.SET


def _illegal(reason: str, rule_id: str, action: Action) -> IllegalActionError:
    return IllegalActionError(reason, rule_id=rule_id, action=action)


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
    """PD 3 / ``turn.meld_from``: laying and taking from the șir are open."""
    if state.rules.turn_meld_from == "own_first_turn":
        return ps.turns_played >= 1
    return state.first_round_over


def _valid_under(formation: Formation, rules: FormationRules) -> bool:
    if rules == REMI_FORMATIONS:
        return True
    return formation in formation_readings(formation.slots(explicit=True), rules)


# ---------------------------------------------------------------------------------------------
# The transition function


def apply(state: GameState, action: Action) -> GameState:
    """Check ``action`` in ``state`` and return the state after it; ``state`` is unchanged.

    Args:
        state: the current state (never mutated).
        action: any ``remi.core.actions.Action``; ``action.player`` must be the seat to play.

    Returns:
        the new state.

    Raises:
        IllegalActionError: the action breaks a rule; ``rule_id`` names it (``turn.order``,
            ``turn.phase``, ``opening.min_points``, ``sir.first_discard_dead``, ...).
    """
    if state.phase is _ENDED:
        raise _illegal("the hand is over", "hand.ended", action)
    if action.player != state.current:
        raise _illegal(f"it is p{state.current + 1}'s turn", "turn.order", action)
    handler = _HANDLERS.get(type(action))
    if handler is None:
        raise _illegal(f"unknown action type {type(action).__name__}", "turn.phase", action)
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


def _phase_error(state: GameState, action: Action) -> IllegalActionError:
    if state.phase is _FIRST_DISCARD:
        why = "the first player's first turn is a discard only (it starts the șir)"
        rule = "sir.first_discard_dead"
    elif state.phase is _TAKE:
        why = "draw from the stock or take from the șir first"
        rule = "turn.phase"
    else:
        why = "the tile for this turn has already been taken"
        rule = "turn.phase"
    return _illegal(why, rule, action)


def _player(state: GameState) -> PlayerState:
    return state.players[state.current]


def _with_player(state: GameState, ps: PlayerState) -> tuple[PlayerState, ...]:
    players = list(state.players)
    players[state.current] = ps
    return tuple(players)


# --- draw / take -----------------------------------------------------------------------------


def _draw(state: GameState, action: Draw) -> GameState:
    if state.phase is not _TAKE:
        raise _phase_error(state, action)
    if not state.stock:  # pragma: no cover - the hand ends when the stock runs out
        raise _illegal("the stock is empty", "hand.stock_exhausted", action)
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
        raise _illegal(
            "nobody takes from the șir before the first round is over", "turn.meld_from", action
        )
    sir = state.sir
    if not sir:
        raise _illegal("the șir is empty", "sir.position", action)
    last = len(sir) - 1
    index = last if action.position is None else action.position - 1
    if index > last:
        raise _illegal(
            f"the șir holds {len(sir)} tiles, there is no tile {index + 1}", "sir.position", action
        )
    if index == 0 and rules.sir_first_discard_dead:
        raise _illegal(
            "the first tile of the șir is dead and can never be taken",
            "sir.first_discard_dead",
            action,
        )
    held = len(ps.rack)
    if held <= 2 and rules.turn_one_two_tiles_attach_only:
        raise _illegal(
            f"with {held} tile(s) on the rack you must draw from the stock",
            "turn.one_two_tiles_attach_only",
            action,
        )
    if index == last:
        if not ps.opened and not ps.pe_tabla and not rules.sir_take_last_for_opening:
            raise _illegal(
                "only a player who has opened may take the last șir tile",
                "sir.take_last_for_opening",
                action,
            )
        took = "take"
    else:
        if not rules.sir_break_enabled:
            raise _illegal(
                "breaking the șir is not allowed by these rules", "sir.break_enabled", action
            )
        if held == 3 and rules.sir_three_tiles_last_only:
            raise _illegal(
                "with 3 tiles on the rack only the last șir tile may be taken",
                "sir.three_tiles_last_only",
                action,
            )
        if not ps.opened:
            raise _illegal(
                "only a player who has opened (etalat) may break the șir",
                "sir.break_requires_opened",
                action,
            )
        if held < rules.sir_break_min_rack_tiles:
            raise _illegal(
                f"breaking the șir needs at least {rules.sir_break_min_rack_tiles} tiles on the rack, you hold {held}",
                "sir.break_min_rack_tiles",
                action,
            )
        took = "break"
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


# --- laying formations -----------------------------------------------------------------------


def _common_lay_checks(state: GameState, action: Action, ps: PlayerState) -> None:
    if state.phase is not _PLAY:
        raise _phase_error(state, action)
    if not _may_lay(state, ps):
        raise _illegal(
            "nobody lays formations before the first round is over", "turn.meld_from", action
        )


def _meld(state: GameState, action: Meld) -> GameState:
    ps = _player(state)
    _common_lay_checks(state, action, ps)
    rules = state.rules
    if not action.formations:
        raise _illegal("a meld lays at least one formation", "formation.min_tiles", action)
    if state.turn.rack_at_start <= 2 and rules.turn_one_two_tiles_attach_only:
        raise _illegal(
            f"with {state.turn.rack_at_start} tile(s) at the start of the turn you may only attach, not lay a new formation",
            "turn.one_two_tiles_attach_only",
            action,
        )
    frules = rules.formation_rules
    for f in action.formations:
        if not _valid_under(f, frules):
            raise _illegal(
                f"{f} is not a valid formation under {rules.name}", "formation.kind", action
            )
    tiles = action.tiles
    rest = _remove(ps.rack, tiles)
    if rest is None:
        missing = " ".join(str(t) for t in _missing_tiles(ps.rack, tiles))
        raise _illegal(f"p{state.current + 1} does not hold {missing}", "rack.tiles", action)
    if not rest:
        raise _illegal(
            "laying every tile would leave nothing to discard; a turn ends with a discard",
            "hand.closing_discard",
            action,
        )
    turn = state.turn
    joly_count = sum(1 for t in tiles if t.is_joly)
    freed_used = min(joly_count, turn.freed_jolys)
    table = list(state.table)
    laid = list(turn.laid)
    taken_used = turn.taken_used
    for f in action.formations:
        n = len(f.tiles)
        swapped = []
        for t in f.tiles:
            if t.is_joly and freed_used > 0:
                swapped.append(True)
                freed_used -= 1
            else:
                swapped.append(False)
        table.append(
            TableFormation(
                owner=state.current,
                formation=f,
                placed_by=(state.current,) * n,
                via=("meld",) * n,
                swapped=tuple(swapped),
            )
        )
        laid.append(len(table) - 1)
        if turn.taken_tile is not None and turn.taken_tile in f.tiles:
            taken_used = True
    return state.evolve(
        players=_with_player(state, ps.evolve(rack=rest)),
        table=tuple(table),
        turn=turn.evolve(
            laid=tuple(laid),
            opening=turn.opening or (not ps.opened and not ps.pe_tabla),
            taken_used=taken_used,
            freed_jolys=turn.freed_jolys - min(joly_count, turn.freed_jolys),
            undoable=turn.undoable + 1,
        ),
    )


def _run_end_ranks(f: Formation, rules: FormationRules) -> tuple[int | None, int | None]:
    """The ranks a tile would take attached at the front / back of a run (None if impossible)."""
    start, end = f.ranks[0], f.ranks[-1]
    front = start - 1 if start > 1 else None
    top = ACE_HIGH_RANK if rules.ace_high else 13
    back = end + 1 if end < top else None
    if not rules.ace_both_ends:
        if front == 1 and end == ACE_HIGH_RANK:
            front = None
        if back == ACE_HIGH_RANK and start == 1:
            back = None
    return front, back


def _rank_tile(colour_tile: Tile, rank: int) -> Tile:
    assert colour_tile.colour is not None
    return tile_of(colour_tile.colour, 1 if rank == ACE_HIGH_RANK else rank)


def _layoff_placements(
    f: Formation, slot: SlotToken, rules: FormationRules
) -> list[tuple[str, Tile | None]]:
    """Where ``slot`` can attach to ``f``: a list of (``"front"``/``"back"``/``"set"``, identity)."""
    tile = slot.tile
    if f.kind is _RUN:
        ref = next(i for i in f.identities if i is not None)
        front, back = _run_end_ranks(f, rules)
        out: list[tuple[str, Tile | None]] = []
        for where, rank in (("front", front), ("back", back)):
            if rank is None:
                continue
            ident = _rank_tile(ref, rank)
            if tile.is_joly:
                if slot.stated is None or slot.stated == ident:
                    out.append((where, ident))
            elif tile == ident:
                out.append((where, ident))
        return out
    # a set
    if len(f.tiles) >= min(rules.set_max_tiles, len(COLOURS)):
        return []
    number = f.number
    present = {i.colour for i in f.identities if i is not None}
    if tile.is_joly:
        if slot.stated is not None and (
            slot.stated.number != number or slot.stated.colour in present
        ):
            return []
        return [("set", slot.stated)]
    if tile.number != number or tile.colour in present:
        return []
    return [("set", tile)]


def _rebuild_set(
    entries: list[tuple[Tile, Tile | None, int, str, bool]], number: int
) -> tuple[Formation, tuple[int, ...], tuple[str, ...], tuple[bool, ...]]:
    """Order set entries canonically (naturals by colour, then jolys) and fix joly identities."""
    naturals = sorted((e for e in entries if not e[0].is_joly), key=lambda e: e[0].code)
    jolys = [e for e in entries if e[0].is_joly]
    present = {e[0].colour for e in naturals}
    missing = [c for c in COLOURS if c not in present]
    fixed = len(jolys) == len(missing)
    if fixed:
        stated = {e[1].colour for e in jolys if e[1] is not None}
        free = iter([c for c in missing if c not in stated])
        jolys = [
            (e[0], e[1] if e[1] is not None else Tile(next(free), number), e[2], e[3], e[4])
            for e in jolys
        ]
        jolys.sort(key=lambda e: e[1].code if e[1] is not None else 99)
    else:
        jolys = [(e[0], None, e[2], e[3], e[4]) for e in jolys]
    ordered = naturals + jolys
    formation = Formation(
        kind=_SET,
        tiles=tuple(e[0] for e in ordered),
        identities=tuple(e[1] for e in ordered),
        ranks=(number,) * len(ordered),
    )
    return (
        formation,
        tuple(e[2] for e in ordered),
        tuple(e[3] for e in ordered),
        tuple(e[4] for e in ordered),
    )


def _attach(
    tf: TableFormation,
    slot: SlotToken,
    seat: int,
    swapped: bool,
    rules: FormationRules,
    action: Action,
) -> TableFormation:
    placements = _layoff_placements(tf.formation, slot, rules)
    f = tf.formation
    if not placements:
        if f.kind is _SET and len(f.tiles) >= min(rules.set_max_tiles, 4):
            hint = "; to take a joly out of a full set, use swap" if f.joly_count else ""
            raise _illegal(
                f"{slot} does not fit {f}: the set (terță) is full{hint}", "set.max_tiles", action
            )
        raise _illegal(f"{slot} does not extend {f}", "layoff.fits", action)
    if len(placements) > 1 and not slot.tile.is_joly:
        # only a 1 laid off on a run 2..13 fits both ends: it goes at the low end (1-2-3...)
        placements = placements[:1]
    if len(placements) > 1:
        options = " or ".join(f"J[{p[1]}]" for p in placements)
        raise _illegal(
            f"{slot} could go at either end of {f}: state where, {options}", "joly.identity", action
        )
    where, ident = placements[0]
    if where == "set":
        entries = list(zip(f.tiles, f.identities, tf.placed_by, tf.via, tf.swapped))
        entries.append((slot.tile, ident, seat, "layoff", swapped))
        formation, placed_by, via, swapped_t = _rebuild_set(entries, f.number)
        return TableFormation(
            owner=tf.owner, formation=formation, placed_by=placed_by, via=via, swapped=swapped_t
        )
    assert ident is not None
    rank = f.ranks[0] - 1 if where == "front" else f.ranks[-1] + 1
    if where == "front":
        formation = Formation(
            kind=_RUN,
            tiles=(slot.tile,) + f.tiles,
            identities=(ident,) + f.identities,
            ranks=(rank,) + f.ranks,
        )
        return TableFormation(
            owner=tf.owner,
            formation=formation,
            placed_by=(seat,) + tf.placed_by,
            via=("layoff",) + tf.via,
            swapped=(swapped,) + tf.swapped,
        )
    formation = Formation(
        kind=_RUN,
        tiles=f.tiles + (slot.tile,),
        identities=f.identities + (ident,),
        ranks=f.ranks + (rank,),
    )
    return TableFormation(
        owner=tf.owner,
        formation=formation,
        placed_by=tf.placed_by + (seat,),
        via=tf.via + ("layoff",),
        swapped=tf.swapped + (swapped,),
    )


def _layoff(state: GameState, action: LayOff) -> GameState:
    ps = _player(state)
    _common_lay_checks(state, action, ps)
    rules = state.rules
    turn = state.turn
    if ps.pe_tabla:
        raise _illegal(
            "a player who declared pe tablă may not attach tiles", "pe_tabla.no_layoff", action
        )
    if not ps.opened:
        if turn.opening and not rules.opening_layoff_same_turn:
            raise _illegal(
                "no lipire (laying off) in the opening turn", "opening.layoff_same_turn", action
            )
        if not turn.opening:
            raise _illegal(
                "lipire (laying off) needs an opening (etalare) first",
                "layoff.requires_opened",
                action,
            )
        if not _opening_complete(state):
            raise _illegal("complete the opening before laying off", "opening.min_points", action)
    if not action.tiles:
        raise _illegal("a layoff attaches at least one tile", "layoff.fits", action)
    if not 1 <= action.target <= len(state.table):
        raise _illegal(
            f"there is no formation {action.target} on the table", "layoff.target", action
        )
    tiles = [s.tile for s in action.tiles]
    rest = _remove(ps.rack, tiles)
    if rest is None:
        missing = " ".join(str(t) for t in _missing_tiles(ps.rack, tiles))
        raise _illegal(f"p{state.current + 1} does not hold {missing}", "rack.tiles", action)
    if not rest:
        raise _illegal(
            "attaching every tile would leave nothing to discard; a turn ends with a discard",
            "hand.closing_discard",
            action,
        )
    tf = state.table[action.target - 1]
    freed = turn.freed_jolys
    for slot in action.tiles:
        if slot.tile.is_joly:
            if tf.owner != state.current and rules.joly_layoff_own_only:
                raise _illegal(
                    "a joly may be attached only to your own formations",
                    "joly.layoff_own_only",
                    action,
                )
            if tf.owner != state.current and freed > 0:
                raise _illegal(
                    "the joly freed by a swap must be laid in your own formation",
                    "joly.swap_use",
                    action,
                )
        is_freed = slot.tile.is_joly and freed > 0
        if is_freed:
            freed -= 1
        tf = _attach(tf, slot, state.current, is_freed, rules.formation_rules, action)
    table = list(state.table)
    table[action.target - 1] = tf
    return state.evolve(
        players=_with_player(state, ps.evolve(rack=rest)),
        table=tuple(table),
        turn=turn.evolve(freed_jolys=freed, undoable=turn.undoable + 1),
    )


def _swap(state: GameState, action: Swap) -> GameState:
    ps = _player(state)
    _common_lay_checks(state, action, ps)
    rules = state.rules
    if not rules.joly_swap_enabled:
        raise _illegal("swapping jolys is not allowed by these rules", "joly.swap_enabled", action)
    if ps.pe_tabla:
        raise _illegal(
            "a player who declared pe tablă may not swap jolys", "pe_tabla.no_layoff", action
        )
    if not ps.opened and rules.joly_swap_requires_opened:
        raise _illegal(
            "only a player who opened in an earlier turn may swap a joly",
            "joly.swap_requires_opened",
            action,
        )
    if not 1 <= action.target <= len(state.table):
        raise _illegal(
            f"there is no formation {action.target} on the table", "layoff.target", action
        )
    if action.tile not in ps.rack:
        raise _illegal(f"p{state.current + 1} does not hold {action.tile}", "rack.tiles", action)
    tf = state.table[action.target - 1]
    f = tf.formation
    position = None
    reason = (f"formation {action.target} has no joly", "joly.swap_tile")
    for i, (tile, ident) in enumerate(zip(f.tiles, f.identities)):
        if not tile.is_joly:
            continue
        if ident is None:
            if rules.joly_set_of_three_locked:
                reason = (
                    f"the joly in the 3-tile set {f} is locked until both missing colours are attached",
                    "joly.set_of_three_locked",
                )
                continue
            present = {i2.colour for i2 in f.identities if i2 is not None}
            if action.tile.number != f.number or action.tile.colour in present:
                reason = (f"{action.tile} cannot stand in for the joly of {f}", "joly.swap_tile")
                continue
        elif ident != action.tile:
            reason = (f"the joly in {f} stands for {ident}, not {action.tile}", "joly.swap_tile")
            continue
        if tf.swapped[i]:
            reason = (f"the joly standing for {ident} was already swapped once", "joly.swap_once")
            continue
        position = i
        break
    if position is None:
        raise _illegal(reason[0], reason[1], action)
    if f.kind is _SET:
        entries = list(zip(f.tiles, f.identities, tf.placed_by, tf.via, tf.swapped))
        entries[position] = (action.tile, action.tile, state.current, "swap", False)
        formation, placed_by, via, swapped_t = _rebuild_set(entries, f.number)
    else:
        tiles = list(f.tiles)
        tiles[position] = action.tile
        formation = Formation(kind=_RUN, tiles=tuple(tiles), identities=f.identities, ranks=f.ranks)
        placed_by = tf.placed_by[:position] + (state.current,) + tf.placed_by[position + 1 :]
        via = tf.via[:position] + ("swap",) + tf.via[position + 1 :]
        swapped_t = tf.swapped
    table = list(state.table)
    table[action.target - 1] = TableFormation(
        owner=tf.owner, formation=formation, placed_by=placed_by, via=via, swapped=swapped_t
    )
    rest = _remove(ps.rack, (action.tile,))
    assert rest is not None
    return state.evolve(
        players=_with_player(state, ps.evolve(rack=_add(rest, (JOLY,)))),
        table=tuple(table),
        turn=state.turn.evolve(
            freed_jolys=state.turn.freed_jolys + 1, undoable=state.turn.undoable + 1
        ),
    )


# --- announcements ---------------------------------------------------------------------------


def _announce(state: GameState, action: Announce) -> GameState:
    if state.phase not in (_TAKE, _PLAY):
        raise _phase_error(state, action)
    ps = _player(state)
    rules = state.rules
    if ps.announced:
        raise _illegal("already announced", "announce.max_tiles", action)
    limit = rules.announce_max_tiles + (1 if state.phase is _PLAY else 0)
    if len(ps.rack) > limit:
        raise _illegal(
            f"announce when you are about to end a turn with at most {rules.announce_max_tiles} tiles; you hold {len(ps.rack)}",
            "announce.max_tiles",
            action,
        )
    return state.evolve(
        players=_with_player(state, ps.evolve(announced=True)),
        turn=state.turn.evolve(undoable=state.turn.undoable + 1),
    )


def _announce_atu(state: GameState, action: AnnounceAtu) -> GameState:
    ps = _player(state)
    if state.atu is None or not state.rules.atu_enabled:
        raise _illegal("these rules have no atu", "atu.enabled", action)
    if ps.turns_played > 0:
        raise _illegal("the atu is announced in one's first turn", "atu.first_turn", action)
    if ps.atu_announced:
        raise _illegal("the atu was already announced", "atu.first_turn", action)
    if state.atu not in ps.rack:
        raise _illegal(
            f"p{state.current + 1} does not hold the atu's twin {state.atu}", "atu.twin", action
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
        raise _illegal(
            "these rules have no pe tablă declaration", "sir.take_last_without_meld", action
        )
    if ps.opened:
        raise _illegal(
            "only a player who has not opened may declare pe tablă",
            "pe_tabla.requires_unopened",
            action,
        )
    if ps.pe_tabla:
        raise _illegal("already declared pe tablă", "pe_tabla.declare", action)
    turn = state.turn
    if turn.took != "take" or turn.taken_tile is None or turn.taken_used or turn.laid:
        raise _illegal(
            "pe tablă is declared after taking the last șir tile without laying it",
            "pe_tabla.declare",
            action,
        )
    return state.evolve(
        players=_with_player(state, ps.evolve(pe_tabla=True)),
        turn=turn.evolve(taken_tile=None, undoable=turn.undoable + 1),
    )


# --- ending the turn -------------------------------------------------------------------------


def _opening_formations(state: GameState) -> list[Formation]:
    return [state.table[i].formation for i in state.turn.laid]


def _opening_complete(state: GameState) -> bool:
    try:
        check_opening(_opening_formations(state), state.rules)
    except IllegalActionError:
        return False
    return True


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
        raise _illegal(
            f"the tile taken from the șir ({turn.taken_tile}) must be used in a new formation this turn",
            rule,
            action,
        )
    if rule == "sir.take_last_use":
        extra = (
            ", or declare pe tablă"
            if not ps.opened and rules.sir_take_last_without_meld == "pe_tabla"
            else ""
        )
        raise _illegal(
            f"the tile taken from the șir ({turn.taken_tile}) must be used in a new formation this turn{extra}",
            rule,
            action,
        )
    if rule == "joly.swap_use":
        raise _illegal(
            "the joly freed by the swap must be laid in your own formation this turn", rule, action
        )
    if rule == "pe_tabla.close":
        raise _illegal(
            "a player who declared pe tablă lays all his tiles but one in the closing turn",
            rule,
            action,
        )
    if rule == "opening":
        check_opening(_opening_formations(state), rules, action)
    raise _illegal(
        f"a turn ends with at most {rules.turn_max_rack_tiles} tiles on the rack; you would keep {rack_after}",
        "turn.max_rack_tiles",
        action,
    )


@functools.lru_cache(maxsize=64)
def _fresh_turn(rack_at_start: int) -> TurnState:
    """The bookkeeping of a turn not yet begun (frozen, so one value serves every state)."""
    return TurnState(rack_at_start=rack_at_start)


def _discard(state: GameState, action: Discard) -> GameState:
    if state.phase not in (_PLAY, _FIRST_DISCARD):
        raise _phase_error(state, action)
    ps = _player(state)
    rest = _remove(ps.rack, (action.tile,))
    if rest is None:
        raise _illegal(f"p{state.current + 1} does not hold {action.tile}", "rack.tiles", action)
    rules = state.rules
    if state.phase is _PLAY:
        _end_of_turn_obligations(state, action, len(rest))
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
    if not state.stock:
        return state.evolve(
            players=players,
            sir=sir,
            turns_ended=turns_ended,
            phase=_ENDED,
            turn=_fresh_turn(0),
            result=HandResult(closed_by=None, closing_tile=None, stock_exhausted=True),
        )
    nxt = (state.current + 1) % len(state.players)
    return state.evolve(
        players=players,
        sir=sir,
        turns_ended=turns_ended,
        current=nxt,
        phase=_TAKE,
        turn=_fresh_turn(len(state.players[nxt].rack)),
    )


def _undo(state: GameState, action: Undo) -> GameState:
    turn = state.turn
    if turn.checkpoint is None or turn.undoable == 0:
        raise _illegal("nothing to undo in this turn", "turn.undo", action)
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
    Declare: _declare,
    Discard: _discard,
    Undo: _undo,
}


# ---------------------------------------------------------------------------------------------
# Legal actions


@functools.lru_cache(maxsize=8192)
def _rack_candidates(rack: tuple[Tile, ...], rules: FormationRules) -> tuple[Formation, ...]:
    """``candidate_formations`` of a rack, memoised (racks recur after an undo)."""
    return tuple(candidate_formations(rack, rules))


def _can_form_with(tile: Tile, tiles: Sequence[Tile], rules: FormationRules) -> bool:
    """Whether some formation drawn from ``tiles`` (which include ``tile``) contains ``tile``."""
    return TileMasks.of(tiles).can_form(tile, rules)


# Shared action values: actions are frozen, so one object per (seat, argument) serves every state.
_DISCARDS: dict[int, dict[Tile, Discard]] = {}
_MELDS: dict[tuple[int, Formation], Meld] = {}


def _discard_actions(seat: int, rack: tuple[Tile, ...]) -> Iterator[Discard]:
    """One ``Discard`` per distinct tile of ``rack``, in rack order."""
    table = _DISCARDS.get(seat)
    if table is None:
        table = _DISCARDS[seat] = {t: Discard(seat, t) for t in ALL_TILE_TYPES}
    return map(table.__getitem__, dict.fromkeys(rack))


_DRAWS: dict[int, Draw] = {}


def _draw_action(seat: int) -> Draw:
    """The shared ``Draw`` of ``seat``."""
    action = _DRAWS.get(seat)
    if action is None:
        action = _DRAWS[seat] = Draw(seat)
    return action


def _meld_action(seat: int, formation: Formation) -> Meld:
    key = (seat, formation)
    action = _MELDS.get(key)
    if action is None:
        if len(_MELDS) > 200_000:
            _MELDS.clear()
        action = _MELDS[key] = Meld(seat, (formation,))
    return action


def legal_actions(state: GameState) -> list[Action]:
    """The actions of the player to move that pass ``check`` (each of them does).

    The list is deterministic for a state. Openings and multi-formation melds appear as one
    ``Meld`` per candidate formation (a player opens by laying several in one turn; the
    opening is checked when he discards). ``Take`` is offered when the taken tile can be used
    (or pe tablă declared). When a turn is stuck (an obligation can no longer be met by the
    other actions), the list is ``[Undo]``. An ended hand has no legal actions.
    """
    phase = state.phase
    if phase is _ENDED:
        return []
    seat = state.current
    ps = state.players[seat]
    rules = state.rules
    frules = rules.formation_rules
    out: list[Action] = []
    if phase is _FIRST_DISCARD:
        out.extend(_discard_actions(seat, ps.rack))
        if _atu_possible(state, ps):
            out.append(AnnounceAtu(seat))
        return out
    if phase is _TAKE:
        out.append(_draw_action(seat))
        out.extend(_take_options(state, ps, frules))
        if _atu_possible(state, ps):
            out.append(AnnounceAtu(seat))
        if (
            not ps.announced
            and len(ps.rack) <= rules.announce_max_tiles
            and rules.announce_required
        ):
            out.append(Announce(seat))
        return out
    # PLAY
    turn = state.turn
    rack_after = len(ps.rack) - 1
    if _unmet_obligation(state, rack_after) is None:
        out.extend(_discard_actions(seat, ps.rack))
    may_lay = _may_lay(state, ps)
    if may_lay and not (turn.rack_at_start <= 2 and rules.turn_one_two_tiles_attach_only):
        pending = turn.taken_tile if (turn.taken_tile is not None and not turn.taken_used) else None
        if ps.pe_tabla:
            out.extend(
                _meld_action_multi(seat, forms) for forms in _closing_options(ps.rack, frules)
            )
        elif not ps.opened and not turn.opening:
            need = pending if pending is not None else (JOLY if turn.freed_jolys else None)
            out.extend(
                _meld_action_multi(seat, forms) for forms in _opening_options(ps.rack, rules, need)
            )
        else:
            shape_needs_run = not ps.opened and not any(
                state.table[i].formation.kind is _RUN for i in turn.laid
            )
            for f in _rack_candidates(ps.rack, frules):
                if len(f.tiles) >= len(ps.rack):
                    continue  # a turn ends with a discard
                if pending is not None and pending not in f.tiles:
                    continue
                if shape_needs_run and f.kind is not _RUN:
                    continue  # a 1s-set opening takes no other set that turn
                out.append(_meld_action(seat, f))
    may_attach = (
        may_lay
        and not ps.pe_tabla
        and (
            ps.opened
            or (turn.opening and rules.opening_layoff_same_turn and _opening_complete(state))
        )
    )
    if may_attach and len(ps.rack) > 1:
        out.extend(_layoff_options(state, ps, frules))
    if (
        may_lay
        and rules.joly_swap_enabled
        and not ps.pe_tabla
        and (ps.opened or not rules.joly_swap_requires_opened)
    ):
        for swap in _swap_options(state, ps):
            if not ps.opened and not turn.opening:
                # an unopened player swaps only to lay the freed joly in his opening this turn
                after = _remove(ps.rack, (swap.tile,))
                if after is None or not _opening_options(_add(after, (JOLY,)), rules, JOLY):
                    continue
            out.append(swap)
    if not ps.announced and rack_after <= rules.announce_max_tiles and rules.announce_required:
        out.append(Announce(seat))
    if (
        turn.took == "take"
        and turn.taken_tile is not None
        and not turn.taken_used
        and not turn.laid
        and not ps.opened
        and not ps.pe_tabla
        and rules.sir_take_last_without_meld == "pe_tabla"
    ):
        out.append(Declare(seat))
    if _atu_possible(state, ps):
        out.append(AnnounceAtu(seat))
    if (
        turn.checkpoint is not None
        and turn.undoable > 0
        and all(isinstance(a, (Announce, AnnounceAtu)) for a in out)
    ):
        return [Undo(seat)]  # nothing but announcements: the turn is stuck
    return out


def _meld_action_multi(seat: int, formations: tuple[Formation, ...]) -> Meld:
    if len(formations) == 1:
        return _meld_action(seat, formations[0])
    return Meld(seat, formations)


_MAX_OPENING_VALUE: dict[Tile, int] = {}


def _init_max_opening_value() -> None:
    for t in ALL_TILE_TYPES:
        _MAX_OPENING_VALUE[t] = (
            25 if (t.is_joly or t.number == 1) else (10 if t.number >= 10 else 5)
        )


_init_max_opening_value()

#: At most this many complete openings are listed by ``legal_actions`` (the first found).
OPENING_OPTIONS_LIMIT = 24
_OPENING_SEARCH_BUDGET = 400


@functools.lru_cache(maxsize=8192)
def _opening_options(
    rack: tuple[Tile, ...], rules: RemiRules, must_include: Tile | None
) -> tuple[tuple[Formation, ...], ...]:
    """Complete valid openings from ``rack``: disjoint candidate formations worth
    ``opening.min_points`` with the right shape, leaving at least one tile to discard and
    containing ``must_include`` when given. At most ``OPENING_OPTIONS_LIMIT``, in a
    deterministic order (depth-first over the candidate list)."""
    frules = rules.formation_rules
    cands = [f for f in _rack_candidates(rack, frules) if len(f.tiles) < len(rack)]
    if not cands:
        return ()
    if rules.opening_needs_run and not any(f.kind is _RUN for f in cands):
        if not (rules.opening_ones_set_exception and any(f.number == 1 for f in cands)):
            return ()
    # an upper bound: every tile of the rack in some formation at its highest opening value
    covered = {t for f in cands for t in f.tiles}
    bound = sum(_MAX_OPENING_VALUE[t] for t in rack if t in covered)
    if bound < rules.opening_min_points:
        return ()
    points = [_formation_opening_points(f, rules) for f in cands]
    # The rack and each formation as tile counts in 3-bit fields (``_tile_fields``): a
    # formation fits when subtracting its counts borrows from no field's guard bit.
    guard = _FIELD_GUARDS
    needs = [_tile_fields(f.tiles) for f in cands]
    lengths = [len(f.tiles) for f in cands]
    min_points = rules.opening_min_points
    out: list[tuple[Formation, ...]] = []
    chosen: list[Formation] = []
    budget = _OPENING_SEARCH_BUDGET
    size = len(rack)
    count = len(cands)

    # opening_shape_ok and the must-include test, followed along the path
    is_run = [f.kind is _RUN for f in cands]
    ones_alone = [
        rules.opening_ones_set_exception and f.kind is _SET and f.number == 1 for f in cands
    ]
    shape_free = not rules.opening_needs_run
    holds_must = [must_include is None or must_include in f.tiles for f in cands]

    # Depth first over the candidates in list order, each step (fitting or not) charged to the
    # budget. A node is handed the candidates from its start that still fit (the fitting ones
    # only shrink going deeper), and charges the ones that do not fit in bulk.
    def visit(
        start: int, fitting: list[int], total: int, used: int, have: int, run: bool, must: bool
    ) -> None:
        nonlocal budget
        at = start
        for position, j in enumerate(fitting):
            if len(out) >= OPENING_OPTIONS_LIMIT:
                return
            if j > at:  # candidates at..j-1 do not fit: one budget step each
                budget -= j - at
                if budget <= 0:
                    budget = 0
                    return
            elif budget <= 0:
                return
            budget -= 1
            at = j + 1
            length = used + lengths[j]
            chosen.append(cands[j])
            reached = total + points[j]
            with_run = run or is_run[j]
            with_must = must or holds_must[j]
            if (
                reached >= min_points
                and with_must
                and (shape_free or with_run or (len(chosen) == 1 and ones_alone[j]))
            ):
                out.append(tuple(chosen))
            have_after = (have | guard) - needs[j]  # guard bits all set: it fits
            room = size - length
            deeper = [
                i
                for i in fitting[position:]
                if lengths[i] < room and (have_after - needs[i]) & guard == guard
            ]
            if deeper:
                visit(j, deeper, reached, length, have_after ^ guard, with_run, with_must)
            elif len(out) < OPENING_OPTIONS_LIMIT:  # what visiting a node with nothing to add
                budget = max(0, budget - (count - j))  # does: charge the steps j..count-1
            chosen.pop()
        if count > at and len(out) < OPENING_OPTIONS_LIMIT:
            budget = max(0, budget - (count - at))

    have = _tile_fields(rack)
    visit(
        0,
        [
            j
            for j in range(count)
            if lengths[j] < size and ((have | guard) - needs[j]) & guard == guard
        ],
        0,
        0,
        have,
        False,
        False,
    )
    if out or budget > 0:
        return tuple(out)  # found some, or the search was exhaustive: there is none
    # The search budget ran out before finding one: ask the exact solver (remi.solvers).
    from remi.variants.remi_pe_tabla.solvers import best_opening

    if must_include is None:
        plan = best_opening(rack, rules)
    else:
        before = _remove(rack, (must_include,))
        plan = None if before is None else best_opening(before, rules, must_include=must_include)
    if plan is None or plan.tiles_used >= size:
        return ()
    return (tuple(plan.formations),)


#: One guard bit above each tile's 3-bit count field (tile ``t`` at bits ``3t .. 3t+2``).
_FIELD_GUARDS = sum(4 << (3 * code) for code in range(JOLY + 1))


@functools.lru_cache(maxsize=65536)
def _tile_fields(tiles: tuple[Tile, ...]) -> int:
    """``tiles`` as counts in 3-bit fields, ``sum(1 << 3 * t)`` (a tile is its integer code + 1;
    at most two copies of a tile, so a count never reaches the guard bit)."""
    return sum(1 << (3 * t) for t in tiles)


@functools.lru_cache(maxsize=65536)
def _formation_opening_points(formation: Formation, rules: RemiRules) -> int:
    return opening_points((formation,), rules)


_ONE_POINT_PER_TILE = PointTable(
    low=1,
    high=1,
    ace_low_run=1,
    ace_high_run=1,
    ace_set=1,
    ace_loose=1,
    joly_in_formation=1,
    joly_loose=1,
)


@functools.lru_cache(maxsize=4096)
def _closing_options(
    rack: tuple[Tile, ...], frules: FormationRules
) -> tuple[tuple[Formation, ...], ...]:
    """For a pe-tablă player: every way found to lay all tiles but one (one per discard tile)."""
    if unformable_count(rack, frules) > 1 or leftover_lower_bound(rack, frules) > 1:
        return ()
    from remi.variants.remi_pe_tabla.solvers import max_points_arrangement, partition_all
    from remi.variants.remi_pe_tabla.solvers._search import engine_for, pack

    # An exact yes/no first (it stops as soon as two tiles are left out), then the most tiles
    # that disjoint formations can hold.
    if not engine_for(frules, _ONE_POINT_PER_TILE).lays_all_but(pack(rack), 1):
        return ()
    most = max_points_arrangement(rack, frules, _ONE_POINT_PER_TILE)
    laid = sum(len(f.tiles) for f in most)
    if laid < len(rack) - 1:
        return ()
    if laid == len(rack) - 1:
        # nothing to lay (one tile left, e.g. after the closing meld): he closes by discarding
        return (tuple(most),) if most else ()
    out: list[tuple[Formation, ...]] = []
    for keep in dict.fromkeys(rack):
        rest = _remove(rack, (keep,))
        assert rest is not None
        forms = partition_all(rest, frules)
        if forms:
            out.append(tuple(forms))
            if len(out) >= 3:
                break  # a few ways to close are enough to list
    return tuple(out)


def _atu_possible(state: GameState, ps: PlayerState) -> bool:
    return (
        state.atu is not None
        and state.rules.atu_enabled
        and ps.turns_played == 0
        and not ps.atu_announced
        and state.atu in ps.rack
    )


def _take_options(state: GameState, ps: PlayerState, frules: FormationRules) -> list[Action]:
    rules = state.rules
    sir = state.sir
    if not sir or not _may_lay(state, ps):
        return []
    held = len(ps.rack)
    if held <= 2 and rules.turn_one_two_tiles_attach_only:
        return []
    out: list[Action] = []
    seat = state.current
    last = len(sir) - 1
    first = 1 if rules.sir_first_discard_dead else 0
    if last >= first:
        tile = sir[last]
        if ps.pe_tabla:
            # legal at any time, but listed only when it lets him close this turn
            if _closing_options(_add(ps.rack, (tile,)), frules):
                out.append(Take(seat))
        elif ps.opened or rules.sir_take_last_for_opening:
            can_declare = not ps.opened and rules.sir_take_last_without_meld == "pe_tabla"
            if can_declare or _can_form_with(tile, ps.rack + (tile,), frules):
                out.append(Take(seat))
    if (
        rules.sir_break_enabled
        and ps.opened
        and held >= rules.sir_break_min_rack_tiles
        and not (held == 3 and rules.sir_three_tiles_last_only)
    ):
        # the pool for a break at index is the rack plus sir[index:]: add the tiles from the end
        formable = formable_as_added(ps.rack + sir[last:], sir[first:last][::-1], frules)
        for index in range(first, last):
            if formable[last - 1 - index]:
                out.append(_take_action(seat, index + 1))
    return out


_TAKES: dict[tuple[int, int], Take] = {}


def _take_action(seat: int, position: int) -> Take:
    """The shared ``Take`` of the șir tile at ``position`` (1-based)."""
    key = (seat, position)
    action = _TAKES.get(key)
    if action is None:
        action = _TAKES[key] = Take(seat, position)
    return action


@functools.lru_cache(maxsize=65536)
def _attachable_to(f: Formation, rules: FormationRules) -> tuple[Tile, ...]:
    """The natural tiles that can be attached to ``f`` (each at exactly one place)."""
    if f.kind is _RUN:
        ref = next(i for i in f.identities if i is not None)
        front, back = _run_end_ranks(f, rules)
        out = tuple(_rank_tile(ref, r) for r in (front, back) if r is not None)
        if len(out) == 2 and out[0] == out[1]:
            return ()  # a 1 that fits both ends must say where: not offered
        return out
    if len(f.tiles) >= min(rules.set_max_tiles, len(COLOURS)):
        return ()
    present = {i.colour for i in f.identities if i is not None}
    return tuple(tile_of(c, f.number) for c in COLOURS if c not in present)


def _layoff_options(state: GameState, ps: PlayerState, frules: FormationRules) -> list[Action]:
    out: list[Action] = []
    seat = state.current
    rack = set(ps.rack)
    has_joly = JOLY in rack
    others_no_joly = state.rules.joly_layoff_own_only or state.turn.freed_jolys
    for number, tf in enumerate(state.table, start=1):
        tiles, idents = _layoff_targets(tf.formation, frules)
        for tile in tiles:
            if tile in rack:
                out.append(_layoff_action(seat, number, tile, tile))
        if has_joly and idents and not (tf.owner != seat and others_no_joly):
            for ident in idents:
                out.append(_layoff_action(seat, number, JOLY, ident))
    return out


@functools.lru_cache(maxsize=65536)
def _layoff_targets(
    f: Formation, rules: FormationRules
) -> tuple[tuple[Tile, ...], tuple[Tile | None, ...]]:
    """(the natural tiles that attach to ``f``, each at one place; the identities a joly laid
    off on ``f`` is stated with, one per place it fits, none for a set)."""
    jolys = tuple(
        ident if f.kind is _RUN else None
        for _where, ident in _layoff_placements(f, SlotToken(JOLY), rules)
    )
    return _attachable_to(f, rules), jolys


# Shared layoff values (actions are frozen), by (seat, formation number, tile, stated identity).
_LAYOFFS: dict[tuple[int, int, Tile, Tile | None], LayOff] = {}


def _layoff_action(seat: int, number: int, tile: Tile, stated: Tile | None) -> LayOff:
    key = (seat, number, tile, stated)
    action = _LAYOFFS.get(key)
    if action is None:
        if len(_LAYOFFS) > 200_000:
            _LAYOFFS.clear()
        slot = SlotToken(tile) if tile is not JOLY else SlotToken(JOLY, stated)
        action = _LAYOFFS[key] = LayOff(seat, number, (slot,))
    return action


def _swap_options(state: GameState, ps: PlayerState) -> list[Swap]:
    out: list[Swap] = []
    seat = state.current
    rack = set(ps.rack)
    rules = state.rules
    for number, tf in enumerate(state.table, start=1):
        f = tf.formation
        if JOLY not in f.tiles:
            continue
        seen: set[Tile] = set()
        for tile, ident, swapped in zip(f.tiles, f.identities, tf.swapped):
            if not tile.is_joly or swapped:
                continue
            if ident is None:
                if rules.joly_set_of_three_locked:
                    continue
                present = {i.colour for i in f.identities if i is not None}
                for c in COLOURS:
                    cand = tile_of(c, f.number)
                    if c not in present and cand in rack and cand not in seen:
                        seen.add(cand)
                        out.append(Swap(seat, number, cand))
            elif ident in rack and ident not in seen:
                seen.add(ident)
                out.append(Swap(seat, number, ident))
    return out
