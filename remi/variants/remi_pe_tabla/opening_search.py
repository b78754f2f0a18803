"""An opening (etalare) from a large pool of tiles, found in bounded memory.

Under ``sir.break_requires_opened = false`` a player who has not opened may break the șir
(rupere, docs/rules.md §1.7) when the tiles he then holds, his rack plus every broken tile, make
a complete opening holding the tile he broke at (§1.5: worth ``opening.min_points``, with a run
or one set of 1s alone, leaving a tile to discard). On a long șir that pool holds 30 tiles and
more, where the exact best-opening solver (``remi.variants.remi_pe_tabla.solvers``) keeps a
table over sub-racks that grows without bound. Move generation only needs one opening, not the
best: ``find_opening`` looks for one by a depth-first search that branches on the lowest tile
left (it stays on the rack, or it goes into one of the candidate formations holding it), prunes
a branch that cannot reach the points still missing (each tile counted at the most it is worth
in any candidate formation), and remembers the branches that failed in a table of at most
``MEMO_LIMIT`` entries (emptied beyond it). Its memory is bounded by that table and the depth of
the search (the pool size); it is exact: it finds an opening whenever one exists.
"""

from __future__ import annotations

from collections.abc import Sequence

from remi.core.candidates import candidate_formations
from remi.core.formations import Formation, Kind
from remi.core.tiles import ALL_TILE_TYPES, JOLY, Tile
from remi.variants.remi_pe_tabla.house import joly_limits_ok
from remi.variants.remi_pe_tabla.opening import opening_points
from remi.variants.remi_pe_tabla.rules import RemiRules

__all__ = ["MEMO_LIMIT", "find_opening"]

#: Failed branches remembered at once (a branch is a sub-pool with the conditions still open).
MEMO_LIMIT = 1 << 16

_RUN_OPEN = 1  # opening.needs_run: no run laid yet
_SET_OPEN = 2  # opening.needs_set: no set laid yet
_MUST_OPEN = 4  # the tile broken at is not laid yet


def _slot_values(f: Formation, rules: RemiRules) -> list[int]:
    """The opening value of each tile of ``f`` (docs/rules.md §1.5), in table order."""
    table = rules.opening_points
    return [
        table.joly_in_formation
        if (tile.is_joly and table.joly_in_formation is not None)
        else table.rank_points(rank, f.kind)
        for tile, rank in zip(f.tiles, f.ranks)
    ]


def find_opening(
    pool: Sequence[Tile], rules: RemiRules, must_include: Tile | None
) -> tuple[Formation, ...] | None:
    """One complete valid opening from ``pool`` that contains ``must_include`` (when given) and
    leaves at least one tile to discard, or ``None`` when there is none.

    Args:
        pool: the tiles the player holds (any order, any size).
        rules: the Remi rules in force (``opening.min_points``, ``opening.needs_run``,
            ``opening.ones_set_exception``, ``opening.needs_set``, ``joly.limits``).
        must_include: a tile of ``pool`` that one of the formations must hold (the tile broken
            from the șir), or ``None``.

    Returns:
        the formations (in the order found), or ``None``. Exact; memory bounded by
        ``MEMO_LIMIT`` remembered branches.
    """
    size = len(pool)
    frules = rules.formation_rules
    limits = rules.joly_limits
    cands = [
        f
        for f in candidate_formations(pool, frules)
        if len(f.tiles) < size and (limits == "none" or joly_limits_ok(f, limits))
    ]
    min_points = rules.opening_min_points
    # one set of 1s alone (opening.ones_set_exception) is an opening without a run
    if rules.opening_needs_run and rules.opening_ones_set_exception:
        for f in cands:
            if (
                f.kind is Kind.SET
                and f.number == 1
                and (must_include is None or must_include in f.tiles)
                and not rules.opening_needs_set
                and opening_points((f,), rules) >= min_points
            ):
                return (f,)
    # the most each tile is worth in any candidate formation: an upper bound on what it adds
    best: dict[Tile, int] = {}
    slot_values: dict[Formation, list[int]] = {}
    for f in cands:
        values = _slot_values(f, rules)
        slot_values[f] = values
        for tile, value in zip(f.tiles, values):
            if value > best.get(tile, -1):
                best[tile] = value
    # candidates by their lowest tile (jolys sort last: a tile is its code + 1, the joly highest)
    by_low: dict[Tile, list[tuple[Formation, int, int, int, bool]]] = {}
    for f in cands:
        fields = 0
        for tile in f.tiles:
            fields += 1 << (3 * tile)
        by_low.setdefault(min(f.tiles), []).append(
            (f, fields, sum(slot_values[f]), sum(best[t] for t in f.tiles), f.kind is Kind.RUN)
        )
    guard = sum(4 << (3 * code) for code in range(JOLY + 1))
    have = sum(1 << (3 * t) for t in pool)
    start_value = sum(best.get(t, 0) for t in pool)
    flags = (
        (_RUN_OPEN if rules.opening_needs_run else 0)
        | (_SET_OPEN if rules.opening_needs_set else 0)
        | (_MUST_OPEN if must_include is not None else 0)
    )
    must_shift = 3 * must_include if must_include is not None else 0
    failed: dict[tuple[int, int], int] = {}
    chosen: list[Formation] = []

    def search(fields: int, flags: int, missing: int, value: int, kept: bool) -> bool:
        """Whether formations from ``fields`` (tile counts) worth ``missing`` more points and
        closing ``flags`` exist, leaving a tile (``kept``: one already stays on the rack);
        ``value`` bounds what the tiles can add."""
        if missing <= 0 and not flags:
            return kept or bool(fields)  # a tile is left to discard
        if not fields or value < missing:
            return False
        if flags & _MUST_OPEN and not (fields >> must_shift) & 7:
            return False
        key = (fields, flags | (8 if kept else 0))
        known = failed.get(key)
        if known is not None and missing >= known:
            return False
        low = (fields & -fields).bit_length() - 1
        tile = ALL_TILE_TYPES[low // 3 - 1]  # the field of tile t starts at bit 3t
        one = 1 << (3 * tile)
        # the lowest tile goes into a formation holding it...
        for f, needs, points, bound, is_run in by_low.get(tile, ()):
            if ((fields | guard) - needs) & guard != guard:
                continue  # a tile of it is no longer in the pool
            after = flags
            if is_run:
                after &= ~_RUN_OPEN
            else:
                after &= ~_SET_OPEN
            if after & _MUST_OPEN and must_include in f.tiles:
                after &= ~_MUST_OPEN
            chosen.append(f)
            if search(fields - needs, after, missing - points, value - bound, kept):
                return True
            chosen.pop()
        # ...or stays on the rack
        if search(fields - one, flags, missing, value - best.get(tile, 0), True):
            return True
        if len(failed) >= MEMO_LIMIT:
            failed.clear()
        if known is None or missing < known:
            failed[key] = missing
        return False

    if must_include is None:
        return tuple(chosen) if search(have, flags, min_points, start_value, False) else None
    # the formation holding the tile broken at is chosen first: the rest is searched without it
    for f in cands:
        if must_include not in f.tiles:
            continue
        needs = sum(1 << (3 * t) for t in f.tiles)
        after = flags & ~_MUST_OPEN & ~(_RUN_OPEN if f.kind is Kind.RUN else _SET_OPEN)
        chosen.append(f)
        value = start_value - sum(best[t] for t in f.tiles)
        if search(have - needs, after, min_points - sum(slot_values[f]), value, False):
            return tuple(chosen)
        chosen.pop()
    return None
