"""Move generation for Remi pe tablă: ``legal_actions`` and the searches it needs.

This module sits above the rules (``remi.variants.remi_pe_tabla.engine``): it reads the rules' own helpers so that
both agree, and every action it lists passes ``remi.variants.remi_pe_tabla.engine.check``; the engine never imports it.
The searches: complete openings from a rack (``_opening_options``, in
``remi.variants.remi_pe_tabla.movegen_opening``), the closing
melds of a pe-tablă player (``_closing_options``), the șir tiles worth taking
(``_take_options``), the tiles and jolys that attach to table formations (``_layoff_options``)
and the jolys a rack tile can be swapped for (``_swap_options``). Action values are shared
(actions are frozen), so the lists cost little to build. See docs/rules.md.
"""

from __future__ import annotations

import functools

from remi.core.actions import Action
from remi.core.candidates import (
    leftover_lower_bound,
)
from remi.core.formations import Formation, FormationRules, PointTable
from remi.core.notation import SlotToken
from remi.core.tiles import COLOURS, JOLY, Tile, tile_of
from remi.variants.remi_pe_tabla.actions import (
    Announce,
    AnnounceAtu,
    Claim,
    Declare,
    LayOff,
    Swap,
    Take,
    Undo,
)
from remi.variants.remi_pe_tabla.claims import claim_actions
from remi.variants.remi_pe_tabla.engine import is_legal
from remi.variants.remi_pe_tabla.engine_common import (
    _ENDED,
    _FIRST_DISCARD,
    _RUN,
    _TAKE,
    _add,
    _may_lay,
    _opening_complete,
    _remove,
)
from remi.variants.remi_pe_tabla.engine_end import _unmet_obligation
from remi.variants.remi_pe_tabla.engine_lay import _layoff_placements, _rank_tile, _run_end_ranks
from remi.variants.remi_pe_tabla.house import break_meld_possible, house_meld_ok, joly_limits_ok
from remi.variants.remi_pe_tabla.house_moves import atu_take_actions, exchange_actions
from remi.variants.remi_pe_tabla.listed import remember
from remi.variants.remi_pe_tabla.movegen_formable import (
    formable_from,
    loose_after_adding,
)
from remi.variants.remi_pe_tabla.movegen_melds import rack_melds
from remi.variants.remi_pe_tabla.movegen_opening import (
    OPENING_OPTIONS_LIMIT,
    _opening_options,
    _rack_candidates,
)
from remi.variants.remi_pe_tabla.shared_actions import (
    discard_actions,
    draw_action,
    layoff_action,
    meld_action,
    meld_action_multi,
    take_action,
)
from remi.variants.remi_pe_tabla.state import GameState, Phase, PlayerState

__all__ = ["OPENING_OPTIONS_LIMIT", "legal_actions"]


def legal_actions(state: GameState) -> list[Action]:
    """The actions of the player to move that pass ``check`` (each of them does).

    The list is deterministic for a state. Openings and multi-formation melds appear as one
    ``Meld`` per candidate formation (a player opens by laying several in one turn; the
    opening is checked when he discards). ``Take`` is offered when the taken tile can be used
    (or pe tablă declared). When a turn is stuck (an obligation can no longer be met by the
    other actions), the list is ``[Undo]``. An ended hand has no legal actions. The list is
    remembered for ``state`` (``remi.variants.remi_pe_tabla.listed``): ``apply`` given one of
    its objects for this state skips the checks already made here.
    """
    out = _listing(state)
    remember(state, out)
    return out


def _listing(state: GameState) -> list[Action]:
    """The body of ``legal_actions``."""
    phase = state.phase
    if phase is _ENDED:
        return []
    seat = state.current
    ps = state.players[seat]
    rules = state.rules
    frules = rules.formation_rules
    out: list[Action] = []
    if phase is Phase.EXCHANGE:
        return exchange_actions(state)  # deal.doubles_exchange
    if phase is _FIRST_DISCARD:
        out.extend(discard_actions(seat, ps.rack))
        if _atu_possible(state, ps):
            out.append(AnnounceAtu(seat))
        return out
    if phase is _TAKE:
        out.append(draw_action(seat))
        out.extend(_take_options(state, ps, frules))
        if state.atu_aside:
            out.extend(atu_take_actions(state, legal_actions))  # atu.tile = closing
        if _atu_possible(state, ps):
            out.append(AnnounceAtu(seat))
        if (
            not ps.announced
            and len(ps.rack) <= rules.announce_max_tiles
            and rules.announce_required
        ):
            out.append(Announce(seat))
        out.extend(claim_actions(state))  # announce.penalty = claim
        return out
    # PLAY
    turn = state.turn
    rack_after = len(ps.rack) - 1
    if _unmet_obligation(state, rack_after) is None:
        out.extend(discard_actions(seat, ps.rack))
    may_lay = _may_lay(state, ps)
    attach_only = (turn.rack_at_start <= 2 and rules.turn_one_two_tiles_attach_only) or (
        turn.rack_at_start == 3 and rules.turn_three_tiles_attach_only
    )
    if may_lay and not attach_only:
        pending = turn.taken_tile if (turn.taken_tile is not None and not turn.taken_used) else None
        # joly.limits = none and sir.break_meld = any: the house checks refuse nothing
        no_limits = rules.joly_limits == "none"
        house_free = no_limits and rules.sir_break_meld == "any"
        if turn.declared:
            pass  # pe_tabla.declare_turn: nothing is laid in the turn of the declaration
        elif ps.pe_tabla:
            out.extend(
                meld_action_multi(seat, forms)
                for forms in _closing_options(ps.rack, frules)
                if no_limits or all(joly_limits_ok(f, rules.joly_limits) for f in forms)
            )
        elif not ps.opened and not turn.opening:
            need = pending if pending is not None else (JOLY if turn.freed_jolys else None)
            out.extend(
                meld_action_multi(seat, forms)
                for forms in _opening_options(ps.rack, rules, need)
                if house_free or all(house_meld_ok(state, f, pending) for f in forms)
            )
        else:
            shape_needs_run = not ps.opened and not any(
                state.table[i].formation.kind is _RUN for i in turn.laid
            )
            if pending is None and not shape_needs_run and house_free:
                out.extend(rack_melds(seat, ps.rack, frules))  # the usual case, from pieces
            else:
                out.extend(_filtered_melds(state, ps, pending, shape_needs_run, house_free))
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
        and not turn.swapped
        and not ps.opened
        and not ps.pe_tabla
        and rules.sir_take_last_without_meld == "pe_tabla"
    ):
        out.append(Declare(seat))
    if _atu_possible(state, ps):
        out.append(AnnounceAtu(seat))
    out.extend(claim_actions(state))  # announce.penalty = claim
    if rules.joly_limits != "none" or rules.joly_freed_use == "new_formation":
        out = [a for a in out if not isinstance(a, LayOff) or is_legal(state, a)]
    if (
        turn.checkpoint is not None
        and turn.undoable > 0
        and all(isinstance(a, (Announce, AnnounceAtu, Claim)) for a in out)
    ):
        return [Undo(seat)]  # nothing but announcements: the turn is stuck
    return out


def _filtered_melds(
    state: GameState, ps: PlayerState, pending: Tile | None, needs_run: bool, house_free: bool
) -> list[Action]:
    """The one-formation melds of the player to move holding the taken șir tile ``pending``
    (when given), runs only when ``needs_run`` (a 1s-set opening takes no other set that
    turn), each accepted by the house checks (joly.limits, sir.break_meld)."""
    out: list[Action] = []
    for f in _rack_candidates(ps.rack, state.rules.formation_rules):
        if len(f.tiles) >= len(ps.rack):
            continue  # a turn ends with a discard
        if pending is not None and pending not in f.tiles:
            continue
        if needs_run and f.kind is not _RUN:
            continue
        if not (house_free or house_meld_ok(state, f, pending)):
            continue
        out.append(meld_action(state.current, f))
    return out


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


@functools.lru_cache(maxsize=2048)
def _closing_options(
    rack: tuple[Tile, ...], frules: FormationRules
) -> tuple[tuple[Formation, ...], ...]:
    """For a pe-tablă player: every way found to lay all tiles but one (one per discard tile)."""
    if leftover_lower_bound(rack, frules) > 1:  # (it is at least ``unformable_count``)
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
    three_attach = held == 3 and rules.turn_three_tiles_attach_only and not ps.pe_tabla
    by_layoff = rules.sir_take_last_layoff and ps.opened
    breaks = (
        rules.sir_break_enabled
        and (ps.opened or not (rules.sir_break_requires_opened or ps.pe_tabla))
        and held >= rules.sir_break_min_rack_tiles
        and not (held == 3 and rules.sir_three_tiles_last_only)
        and not three_attach
    )
    # formable[k]: whether sir[last - k] forms with the rack plus sir[last - k:] (the pool of a
    # take at that tile: the tiles are added from the end), computed once when first needed
    formable: list[bool] | None = None
    if last >= first and not (three_attach and not by_layoff):
        tile = sir[last]
        if ps.pe_tabla:
            # legal at any time, but listed only when it lets him close this turn (at most one
            # tile left over: the cheap count first)
            if loose_after_adding(ps.rack, tile, frules) <= 1 and _closing_options(
                _add(ps.rack, (tile,)), frules
            ):
                out.append(Take(seat))
        elif ps.opened or rules.sir_take_last_for_opening:
            if not ps.opened and rules.sir_take_last_without_meld == "pe_tabla":
                out.append(Take(seat))  # he may always declare pe tablă with it
            else:
                if not three_attach:
                    added = sir[first:][::-1] if breaks else (tile,)
                    formable = formable_from(ps.rack, added, frules)
                if (formable is not None and formable[0]) or (
                    by_layoff
                    and any(tile in _layoff_targets(tf.formation, frules)[0] for tf in state.table)
                ):
                    out.append(Take(seat))
    if breaks and last > first:
        if formable is None or len(formable) < last - first + 1:
            formable = formable_from(ps.rack, sir[first:][::-1], frules)
        for index in range(first, last):
            if not formable[last - index]:
                continue
            if not break_meld_possible(ps.rack, sir[index], rules):
                continue
            if ps.opened:
                out.append(take_action(seat, index + 1))
            elif _opening_options(_add(ps.rack, sir[index:]), rules, sir[index]):
                # sir.break_requires_opened = false: listed when an opening follows from it
                out.append(take_action(seat, index + 1))
    return out


@functools.lru_cache(maxsize=2048)
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
                out.append(layoff_action(seat, number, tile, tile))
        # a 1 fitting both ends of a run 2..13 is listed once per end, with its marker
        both = len(idents) == 2 and idents[0] == idents[1]
        if both and idents[0] in rack:
            for end in ("low", "high"):
                out.append(layoff_action(seat, number, idents[0], idents[0], end))
        if has_joly and idents and not (tf.owner != seat and others_no_joly):
            for ident, end in zip(idents, ("low", "high") if both else ("", "")):
                out.append(layoff_action(seat, number, JOLY, ident, end))
    return out


@functools.lru_cache(maxsize=2048)
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
