"""Laying tiles in a Remi turn: new formations (etalare), attaching (lipire), swapping a joly.

Rules: ``turn.meld_from``, ``turn.phase``, ``formation.kind``, ``formation.min_tiles``,
``turn.one_two_tiles_attach_only``, ``rack.tiles``, ``hand.closing_discard`` (a turn ends with a
discard), ``layoff.requires_opened``, ``layoff.target``, ``layoff.fits``, ``set.max_tiles``,
``opening.layoff_same_turn``, ``pe_tabla.no_layoff``, ``joly.identity``, ``joly.layoff_own_only``,
``joly.swap_enabled``, ``joly.swap_requires_opened``, ``joly.swap_tile``, ``joly.swap_once``,
``joly.set_of_three_locked`` and ``joly.swap_use``. The opening's worth (``opening.min_points``)
is checked when the player discards (``remi.variants.remi_pe_tabla.engine_end``). See docs/rules.md.
"""

from __future__ import annotations

from collections.abc import Sequence

from remi.core.actions import Action
from remi.core.errors import Seat
from remi.core.formations import ACE_HIGH_RANK, Formation, FormationRules
from remi.core.messages import N_
from remi.core.notation import SlotToken
from remi.core.tiles import COLOURS, JOLY, Tile, tile_of
from remi.variants.remi_pe_tabla.actions import LayOff, Meld, Swap
from remi.variants.remi_pe_tabla.engine_common import (
    _PLAY,
    _RUN,
    _SET,
    _add,
    _illegal,
    _illegal_n,
    _may_lay,
    _missing_tiles,
    _opening_complete,
    _phase_error,
    _player,
    _remove,
    _valid_under,
    _with_player,
)
from remi.variants.remi_pe_tabla.house import break_meld_ok, joly_limits_ok
from remi.variants.remi_pe_tabla.state import GameState, PlayerState, TableFormation

__all__: list[str] = []


def _common_lay_checks(state: GameState, action: Action, ps: PlayerState) -> None:
    if state.phase is not _PLAY:
        raise _phase_error(state, action)
    if not _may_lay(state, ps):
        raise _illegal("error.meld.first_round", "turn.meld_from", action)


def _rack_after(
    state: GameState, ps: PlayerState, tiles: Sequence[Tile], action: Action, nothing_left: str
) -> tuple[Tile, ...]:
    """The rack without ``tiles``, which it must hold (``rack.tiles``) and which must leave a
    tile to discard (``hand.closing_discard``, refused with the message ``nothing_left``)."""
    rest = _remove(ps.rack, tiles)
    if rest is None:
        missing = " ".join(str(t) for t in _missing_tiles(ps.rack, tiles))
        raise _illegal(
            "error.rack.tiles", "rack.tiles", action, seat=Seat(state.current), tiles=missing
        )
    if not rest:
        raise _illegal(nothing_left, "hand.closing_discard", action)
    return rest


def _meld(state: GameState, action: Meld) -> GameState:
    ps = _player(state)
    _common_lay_checks(state, action, ps)
    rules = state.rules
    if not action.formations:
        raise _illegal("error.meld.empty", "formation.min_tiles", action)
    if state.turn.declared:
        raise _illegal("error.pe_tabla.declare_turn", "pe_tabla.declare_turn", action)
    at_start = state.turn.rack_at_start
    if at_start <= 2 and rules.turn_one_two_tiles_attach_only:
        raise _illegal_n(
            "error.meld.attach_only", at_start, "turn.one_two_tiles_attach_only", action
        )
    if at_start == 3 and rules.turn_three_tiles_attach_only:
        raise _illegal_n("error.meld.attach_only", 3, "turn.three_tiles_attach_only", action)
    frules = rules.formation_rules
    for f in action.formations:
        if not _valid_under(f, frules):
            raise _illegal(
                "error.formation.kind", "formation.kind", action, formation=f, rules=rules.name
            )
        if not joly_limits_ok(f, rules.joly_limits):
            raise _illegal("error.joly.limits", "joly.limits", action, formation=f)
    rest = _rack_after(state, ps, action.tiles, action, N_("error.meld.nothing_to_discard"))
    return _after_meld(state, action, ps, rest)


def _after_meld(
    state: GameState, action: Meld, ps: PlayerState, rest: tuple[Tile, ...]
) -> GameState:
    """The state after the checked ``action`` (new formations) leaving ``rest`` on the rack."""
    rules = state.rules
    tiles = action.tiles
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
            if not taken_used and turn.took == "break" and rules.sir_break_meld != "any":
                before = turn.checkpoint.players[state.current].rack if turn.checkpoint else ()
                if not break_meld_ok(f, turn.taken_tile, before):
                    raise _illegal(
                        "error.sir.break_meld", "sir.break_meld", action, tile=turn.taken_tile
                    )
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
    if slot.end:  # R1< / J[R1]>: the end of the run it goes to (docs/rules.md §0.1)
        want = "front" if slot.end == "low" else "back"
        placements = [p for p in placements if p[0] == want]
    f = tf.formation
    if not placements:
        if f.kind is _SET and len(f.tiles) >= min(rules.set_max_tiles, 4):
            full = N_("error.layoff.set_full_joly") if f.joly_count else N_("error.layoff.set_full")
            raise _illegal(full, "set.max_tiles", action, tile=slot, formation=f)
        raise _illegal("error.layoff.fits", "layoff.fits", action, tile=slot, formation=f)
    if len(placements) > 1 and not slot.tile.is_joly:
        # only a 1 laid off on a run 2..13 fits both ends: it goes at the low end (1-2-3...)
        placements = placements[:1]
    if len(placements) > 1:
        low, high = (f"J[{p[1]}]{m}" for p, m in zip(placements[:2], "<>"))
        raise _illegal(
            "error.layoff.either_end",
            "joly.identity",
            action,
            tile=slot,
            formation=f,
            low=low,
            high=high,
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
        raise _illegal("error.layoff.pe_tabla", "pe_tabla.no_layoff", action)
    if not ps.opened:
        if turn.opening and not rules.opening_layoff_same_turn:
            raise _illegal("error.layoff.opening_turn", "opening.layoff_same_turn", action)
        if not turn.opening:
            raise _illegal(
                "error.layoff.requires_opened",
                "layoff.requires_opened",
                action,
            )
        if not _opening_complete(state):
            raise _illegal("error.layoff.complete_opening", "opening.min_points", action)
    if not action.tiles:
        raise _illegal("error.layoff.empty", "layoff.fits", action)
    if type(action.target) is not int or not 1 <= action.target <= len(state.table):
        raise _illegal("error.layoff.target", "layoff.target", action, target=action.target)
    tiles = [s.tile for s in action.tiles]
    rest = _rack_after(state, ps, tiles, action, N_("error.layoff.nothing_to_discard"))
    tf = state.table[action.target - 1]
    freed = turn.freed_jolys
    for slot in action.tiles:
        if slot.tile.is_joly and freed > 0 and rules.joly_freed_use == "new_formation":
            raise _illegal("error.joly.freed_new_formation", "joly.freed_use", action)
        if slot.tile.is_joly:
            if tf.owner != state.current and rules.joly_layoff_own_only:
                raise _illegal(
                    "error.joly.layoff_own",
                    "joly.layoff_own_only",
                    action,
                )
            if tf.owner != state.current and freed > 0:
                raise _illegal(
                    "error.joly.swap_use",
                    "joly.swap_use",
                    action,
                )
        is_freed = slot.tile.is_joly and freed > 0
        if is_freed:
            freed -= 1
        tf = _attach(tf, slot, state.current, is_freed, rules.formation_rules, action)
    if not joly_limits_ok(tf.formation, rules.joly_limits):
        raise _illegal("error.joly.limits", "joly.limits", action, formation=tf.formation)
    table = list(state.table)
    table[action.target - 1] = tf
    taken_used = turn.taken_used or (
        rules.sir_take_last_layoff
        and turn.took == "take"
        and ps.opened
        and turn.taken_tile is not None
        and turn.taken_tile in tiles
    )
    return state.evolve(
        players=_with_player(state, ps.evolve(rack=rest)),
        table=tuple(table),
        turn=turn.evolve(freed_jolys=freed, taken_used=taken_used, undoable=turn.undoable + 1),
    )


def _swap(state: GameState, action: Swap) -> GameState:
    ps = _player(state)
    _common_lay_checks(state, action, ps)
    rules = state.rules
    if not rules.joly_swap_enabled:
        raise _illegal("error.joly.swap_disabled", "joly.swap_enabled", action)
    if ps.pe_tabla:
        raise _illegal("error.joly.swap_pe_tabla", "pe_tabla.no_layoff", action)
    if not ps.opened and rules.joly_swap_requires_opened:
        raise _illegal(
            "error.joly.swap_opened",
            "joly.swap_requires_opened",
            action,
        )
    if type(action.target) is not int or not 1 <= action.target <= len(state.table):
        raise _illegal("error.layoff.target", "layoff.target", action, target=action.target)
    if action.tile not in ps.rack:
        raise _illegal(
            "error.rack.tiles", "rack.tiles", action, seat=Seat(state.current), tiles=action.tile
        )
    tf = state.table[action.target - 1]
    f = tf.formation
    position = None
    reason: tuple[str, str, dict[str, object]] = (
        N_("error.joly.swap_none"),
        "joly.swap_tile",
        {"target": action.target},
    )
    for i, (tile, ident) in enumerate(zip(f.tiles, f.identities)):
        if not tile.is_joly:
            continue
        if ident is None:
            if rules.joly_set_of_three_locked:
                reason = (
                    N_("error.joly.set_of_three_locked"),
                    "joly.set_of_three_locked",
                    {"formation": f},
                )
                continue
            present = {i2.colour for i2 in f.identities if i2 is not None}
            if action.tile.number != f.number or action.tile.colour in present:
                reason = (
                    N_("error.joly.swap_tile"),
                    "joly.swap_tile",
                    {"tile": action.tile, "formation": f},
                )
                continue
        elif ident != action.tile:
            reason = (
                N_("error.joly.swap_ident"),
                "joly.swap_tile",
                {"formation": f, "ident": ident, "tile": action.tile},
            )
            continue
        if tf.swapped[i]:
            reason = (N_("error.joly.swap_once"), "joly.swap_once", {"ident": ident})
            continue
        position = i
        break
    if position is None:
        raise _illegal(reason[0], reason[1], action, **reason[2])
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
            freed_jolys=state.turn.freed_jolys + (rules.joly_freed_use != "hand"),
            swapped=True,
            undoable=state.turn.undoable + 1,
        ),
    )
