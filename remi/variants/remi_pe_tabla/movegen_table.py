"""What the table offers the player to move: lay-offs (lipire) and joly swaps, listed per table.

The table changes only when a formation is laid or a tile attached, while the rack changes on
every action; so the move generator keeps, for the table tuple of the state (the very object:
``GameState.evolve`` shares it between states until it changes), every lay-off and swap the
table accepts for a seat, each with the rack tile it needs, in the order the lists are given.
Listing them for a state is then one pass keeping the entries whose tile is on the rack
(docs/rules.md §1.8 lipire, §1.6 the joly swap). Tables are kept by identity (the entry holds
the table, so an identity seen here always refers to the same live object), at most
``_TABLES_LIMIT`` at once (memory stays flat over long simulations).
"""

from __future__ import annotations

import functools

from remi.core.actions import Action
from remi.core.formations import Formation, FormationRules
from remi.core.notation import SlotToken
from remi.core.tiles import COLOURS, JOLY, Tile, tile_of
from remi.variants.remi_pe_tabla.actions import Swap
from remi.variants.remi_pe_tabla.engine_common import _RUN
from remi.variants.remi_pe_tabla.engine_lay import _layoff_placements, _rank_tile, _run_end_ranks
from remi.variants.remi_pe_tabla.rules import RemiRules
from remi.variants.remi_pe_tabla.shared_actions import layoff_action
from remi.variants.remi_pe_tabla.state import GameState, PlayerState, TableFormation

__all__ = ["clear_table_cache", "layoff_options", "layoff_tiles", "swap_options"]

#: Tables whose entries are kept at once (emptied beyond this: memory stays flat).
_TABLES_LIMIT = 64

_Entries = tuple[tuple[Tile, Action], ...]
_SwapEntries = tuple[tuple[Tile, Swap], ...]


class _TableEntries:
    """What one table tuple offers: per (seat, jolys barred from others' formations) the lay-off
    entries, per seat the swap entries, and the natural tiles that attach somewhere."""

    __slots__ = ("layoffs", "naturals", "swaps", "table")

    def __init__(self, table: tuple[TableFormation, ...]) -> None:
        self.table = table  # held: the identity key always names this live object
        self.layoffs: dict[tuple[int, bool, FormationRules], _Entries] = {}
        self.swaps: dict[tuple[int, bool], _SwapEntries] = {}
        self.naturals: dict[FormationRules, frozenset[Tile]] = {}


_TABLES: dict[int, _TableEntries] = {}


def _entries_of(table: tuple[TableFormation, ...]) -> _TableEntries:
    """The kept entries of this very table object (made empty on first sight)."""
    kept = _TABLES.get(id(table))
    if kept is None or kept.table is not table:
        if len(_TABLES) >= _TABLES_LIMIT:
            _TABLES.clear()
        kept = _TABLES[id(table)] = _TableEntries(table)
    return kept


def clear_table_cache() -> None:
    """Forget every kept table (tests compare cold and warm lists)."""
    _TABLES.clear()
    _layoff_targets.cache_clear()


def layoff_options(state: GameState, ps: PlayerState, frules: FormationRules) -> list[Action]:
    """The lay-offs (lipire) of the player to move: per table formation (in table order) each
    natural rack tile that attaches, a 1 fitting both ends of a run once per end with its
    marker, and a joly at each place it fits (not on another player's formation when
    ``joly.layoff_own_only`` or while a freed joly waits to be laid)."""
    seat = state.current
    others_no_joly = bool(state.rules.joly_layoff_own_only or state.turn.freed_jolys)
    kept = _entries_of(state.table)
    key = (seat, others_no_joly, frules)
    entries = kept.layoffs.get(key)
    if entries is None:
        entries = kept.layoffs[key] = _layoff_entries(state.table, seat, others_no_joly, frules)
    rack = set(ps.rack)
    return [action for tile, action in entries if tile in rack]


def layoff_tiles(table: tuple[TableFormation, ...], frules: FormationRules) -> frozenset[Tile]:
    """The natural tiles that attach (each at one place) to some formation of ``table``."""
    kept = _entries_of(table)
    tiles = kept.naturals.get(frules)
    if tiles is None:
        tiles = kept.naturals[frules] = frozenset(
            t for tf in table for t in _layoff_targets(tf.formation, frules)[0]
        )
    return tiles


def swap_options(state: GameState, ps: PlayerState) -> list[Swap]:
    """The joly swaps of the player to move: per table formation holding an unswapped joly, each
    rack tile that can replace it (once per formation), in table order."""
    rules = state.rules
    seat = state.current
    kept = _entries_of(state.table)
    key = (seat, rules.joly_set_of_three_locked)
    entries = kept.swaps.get(key)
    if entries is None:
        entries = kept.swaps[key] = _swap_entries(state.table, seat, rules)
    rack = set(ps.rack)
    return [action for tile, action in entries if tile in rack]


def _layoff_entries(
    table: tuple[TableFormation, ...], seat: int, others_no_joly: bool, frules: FormationRules
) -> _Entries:
    """Every lay-off ``seat`` could make on ``table``, each with the rack tile it needs."""
    out: list[tuple[Tile, Action]] = []
    for number, tf in enumerate(table, start=1):
        tiles, idents = _layoff_targets(tf.formation, frules)
        for tile in tiles:
            out.append((tile, layoff_action(seat, number, tile, tile)))
        # a 1 fitting both ends of a run 2..13 is listed once per end, with its marker
        both = len(idents) == 2 and idents[0] == idents[1]
        first = idents[0] if both else None
        if first is not None:
            for end in ("low", "high"):
                out.append((first, layoff_action(seat, number, first, first, end)))
        if idents and not (tf.owner != seat and others_no_joly):
            for ident, end in zip(idents, ("low", "high") if both else ("", "")):
                out.append((JOLY, layoff_action(seat, number, JOLY, ident, end)))
    return tuple(out)


def _swap_entries(
    table: tuple[TableFormation, ...], seat: int, rules: RemiRules
) -> _SwapEntries:
    """Every swap ``seat`` could make on ``table``, each with the rack tile it needs."""
    out: list[tuple[Tile, Swap]] = []
    for number, tf in enumerate(table, start=1):
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
                    if c not in present and cand not in seen:
                        seen.add(cand)
                        out.append((cand, Swap(seat, number, cand)))
            elif ident not in seen:
                seen.add(ident)
                out.append((ident, Swap(seat, number, ident)))
    return tuple(out)


@functools.lru_cache(maxsize=8192)
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


@functools.lru_cache(maxsize=8192)
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
