"""What the table offers a rack, kept per table: lay-offs (lipire) and joly swaps.

The move generator (``remi.variants.remi_pe_tabla.movegen``) lists, on every turn of an opened
player, the tiles of his rack that attach to a table formation and the jolys he can swap. The
table changes only when a formation is laid, attached to or swapped on, while the rack changes
every turn; so the targets of a whole table are kept once per table (the very tuple of the state:
states that share a table share the object) as flat lists in listing order, and a turn only
filters them by the rack. The lists are those of the per-formation reading (``_layoff_targets``,
``_swap_candidates``) in the same order, so the listing is unchanged (docs/rules.md §1.8 lipire,
§1.6 the joly swap). At most ``_TABLES_LIMIT`` tables are kept (memory stays flat).
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
from remi.variants.remi_pe_tabla.shared_actions import layoff_action
from remi.variants.remi_pe_tabla.state import GameState, PlayerState, TableFormation

__all__ = ["forget_tables", "layoff_options", "swap_options"]

#: Table formations whose targets are kept at once; the store is emptied beyond this.
_KEPT_LIMIT = 4096

# One lay-off target of a table formation: (the rack tile it needs, the seat of the formation's
# owner for a joly (-1 for a natural tile: anyone may attach it), tile, stated tile, end).
_Target = tuple[Tile, int, Tile, Tile, str]
# id(table formation) -> (the table formation itself, the formation rules, joly.set_of_three_locked,
# its lay-off targets, the tiles its jolys can be swapped for)
_Kept = tuple[TableFormation, FormationRules, bool, tuple[_Target, ...], tuple[Tile, ...]]
_KEPT: dict[int, _Kept] = {}
# id(table) -> (the table itself, the formation rules, joly.set_of_three_locked, its lay-off
# targets as (formation number, target), its swaps as (formation number, tile)): a table is
# shared by the states that follow until something is laid, so most turns find it here
_Flat = tuple[
    tuple[TableFormation, ...],
    FormationRules,
    bool,
    tuple[tuple[int, _Target], ...],
    tuple[tuple[int, Tile], ...],
]
_TABLES: dict[int, _Flat] = {}
#: Tables kept at once in ``_TABLES``.
_TABLES_LIMIT = 64


def forget_tables() -> None:
    """Empty the per-table stores (tests compare cold and warm listings)."""
    _KEPT.clear()
    _TABLES.clear()


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


def _targets(tf: TableFormation, frules: FormationRules) -> tuple[_Target, ...]:
    """Every lay-off target of ``tf``, in listing order (natural tiles first, then a 1 fitting
    both ends of a run at each end, then the jolys)."""
    out: list[_Target] = []
    tiles, idents = _layoff_targets(tf.formation, frules)
    for tile in tiles:
        out.append((tile, -1, tile, tile, ""))
    # a 1 fitting both ends of a run 2..13 is listed once per end, with its marker
    both = len(idents) == 2 and idents[0] == idents[1]
    if both:
        one = idents[0]
        assert one is not None
        for end in ("low", "high"):
            out.append((one, -1, one, one, end))
    for ident, end in zip(idents, ("low", "high") if both else ("", "")):
        out.append((JOLY, tf.owner, JOLY, ident, end))  # type: ignore[arg-type]
    return tuple(out)


def _swap_candidates(tf: TableFormation, locked: bool) -> tuple[Tile, ...]:
    """The natural tiles a joly of ``tf`` that was never swapped can be swapped for, each once,
    in listing order (none under ``joly.set_of_three_locked`` for a set's unstated joly)."""
    f = tf.formation
    if JOLY not in f.tiles:
        return ()
    seen: dict[Tile, None] = {}
    for tile, ident, swapped in zip(f.tiles, f.identities, tf.swapped):
        if not tile.is_joly or swapped:
            continue
        if ident is None:
            if locked:
                continue  # joly.set_of_three_locked
            present = {i.colour for i in f.identities if i is not None}
            for c in COLOURS:
                if c not in present:
                    seen.setdefault(tile_of(c, f.number))
        else:
            seen.setdefault(ident)
    return tuple(seen)


def _kept(tf: TableFormation, frules: FormationRules, locked: bool) -> _Kept:
    """The kept entry of ``tf`` (computed on first use)."""
    entry = _KEPT.get(id(tf))
    if entry is None or entry[0] is not tf or entry[1] is not frules or entry[2] is not locked:
        if len(_KEPT) >= _KEPT_LIMIT:
            _KEPT.clear()
        entry = _KEPT[id(tf)] = (
            tf,
            frules,
            locked,
            _targets(tf, frules),
            _swap_candidates(tf, locked),
        )
    return entry


def _flat(state: GameState, frules: FormationRules) -> _Flat:
    """The lay-off targets and swap tiles of the whole table of ``state``, in listing order."""
    table = state.table
    locked = state.rules.joly_set_of_three_locked
    entry = _TABLES.get(id(table))
    if entry is None or entry[0] is not table or entry[1] is not frules or entry[2] is not locked:
        if len(_TABLES) >= _TABLES_LIMIT:
            _TABLES.clear()
        targets: list[tuple[int, _Target]] = []
        swaps: list[tuple[int, Tile]] = []
        for number, tf in enumerate(table, start=1):
            kept = _kept(tf, frules, locked)
            targets.extend((number, target) for target in kept[3])
            swaps.extend((number, tile) for tile in kept[4])
        entry = _TABLES[id(table)] = (table, frules, locked, tuple(targets), tuple(swaps))
    return entry


def layoff_options(state: GameState, ps: PlayerState, frules: FormationRules) -> list[Action]:
    """The lay-offs (lipire) of the player to move: each rack tile onto each table formation it
    attaches to, a joly at each place it fits (on another player's formation only when
    ``joly.layoff_own_only`` is off and no joly was freed this turn)."""
    seat = state.current
    rack = set(ps.rack)
    others_no_joly = state.rules.joly_layoff_own_only or state.turn.freed_jolys
    return [
        layoff_action(seat, number, tile, stated, end)
        for number, (need, owner, tile, stated, end) in _flat(state, frules)[3]
        if need in rack and (owner < 0 or owner == seat or not others_no_joly)
    ]


def swap_options(state: GameState, ps: PlayerState) -> list[Swap]:
    """The joly swaps of the player to move: a rack tile for a table joly it stands for (or a
    colour a set's joly can stand for), each tile once per formation."""
    swaps = _flat(state, state.rules.formation_rules)[4]
    if not swaps:
        return []
    seat = state.current
    rack = set(ps.rack)
    return [Swap(seat, number, tile) for number, tile in swaps if tile in rack]
