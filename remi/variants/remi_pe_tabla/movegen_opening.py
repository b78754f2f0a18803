"""The complete openings (etalare) the move generator lists for a player who has not opened.

``_opening_options`` is a budgeted depth-first search over the rack's candidate formations as
packed tile counts, falling back to the exact solver of ``remi.variants.remi_pe_tabla.solvers``
(docs/rules.md §1.5). Before any candidate formation is built, a cheap upper bound rules most
racks out: every tile that some formation could hold (``remi.core.candidates`` lane cover), and
every joly, at its highest opening value; below ``opening.min_points`` there is no opening.
"""

from __future__ import annotations

import functools
import operator

from remi.core.candidates import _TILE_LANE_BIT, _lane_cover, _lanes_of
from remi.core.formations import Formation, FormationRules
from remi.core.tiles import ALL_TILE_TYPES, JOLY, Tile
from remi.variants.remi_pe_tabla.engine_common import _RUN, _SET, _remove
from remi.variants.remi_pe_tabla.house import joly_limits_ok
from remi.variants.remi_pe_tabla.movegen_formable import rack_candidates
from remi.variants.remi_pe_tabla.opening_facts import opening_facts
from remi.variants.remi_pe_tabla.opening_search import find_opening
from remi.variants.remi_pe_tabla.rules import RemiRules

__all__ = ["OPENING_OPTIONS_LIMIT"]


# Memo caches keyed by whole racks hit a few per cent in play (a rack changes by one tile per
# action) and those keyed by formations serve one hand's table: all are bounded small, so the
# memory of a long simulation stays flat (benchmarks/memory.py).
@functools.lru_cache(maxsize=2048)
def _rack_candidates(rack: tuple[Tile, ...], rules: FormationRules) -> tuple[Formation, ...]:
    """``candidate_formations`` of a rack, memoised (racks recur after an undo)."""
    return tuple(rack_candidates(rack, rules))


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


@functools.lru_cache(maxsize=2048)
def _opening_options(
    rack: tuple[Tile, ...], rules: RemiRules, must_include: Tile | None
) -> tuple[tuple[Formation, ...], ...]:
    """Complete valid openings from ``rack``: disjoint candidate formations worth
    ``opening.min_points`` with the right shape, leaving at least one tile to discard and
    containing ``must_include`` when given. At most ``OPENING_OPTIONS_LIMIT``, in a
    deterministic order (depth-first over the candidate list)."""
    frules = rules.formation_rules
    if _highest_value(rack, frules) < rules.opening_min_points:
        return ()  # (the bound below is at most this one)
    no_limits = rules.joly_limits == "none"
    cands = [
        f
        for f in _rack_candidates(rack, frules)
        if len(f.tiles) < len(rack) and (no_limits or joly_limits_ok(f, rules.joly_limits))
    ]
    if not cands:
        return ()
    if rules.opening_needs_run and not any(f.kind is _RUN for f in cands):
        if not (rules.opening_ones_set_exception and any(f.number == 1 for f in cands)):
            return ()
    # what the search reads of each candidate, kept per formation (opening_facts)
    points, needs, lengths, is_run, ones_alone, present = zip(*opening_facts(cands, rules))
    # an upper bound: every tile of the rack in some formation at its highest opening value
    covered = functools.reduce(operator.or_, present)
    bound = sum(_MAX_OPENING_VALUE[t] for t in rack if covered >> t & 1)
    if bound < rules.opening_min_points:
        return ()
    # The rack and each formation (``needs``) as tile counts in 3-bit fields (``_tile_fields``):
    # a formation fits when subtracting its counts borrows from no field's guard bit.
    guard = _FIELD_GUARDS
    min_points = rules.opening_min_points
    out: list[tuple[Formation, ...]] = []
    chosen: list[Formation] = []
    budget = _OPENING_SEARCH_BUDGET
    size = len(rack)
    count = len(cands)

    # opening_shape_ok (``is_run``, ``ones_alone``) and the must-include test, followed along
    # the path
    shape_free = not rules.opening_needs_run
    needs_set = rules.opening_needs_set
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
                and (not needs_set or any(f.kind is _SET for f in chosen))
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
    if size > _SOLVER_POOL:
        # a large pool (a break of a long șir): one opening, found in bounded memory
        found = find_opening(rack, rules, must_include)
        return () if found is None else (found,)
    # The search budget ran out before finding one: ask the exact solver (remi.variants.remi_pe_tabla.solvers).
    from remi.variants.remi_pe_tabla.solvers import best_opening

    if must_include is None:
        plan = best_opening(rack, rules)
    else:
        before = _remove(rack, (must_include,))
        plan = None if before is None else best_opening(before, rules, must_include=must_include)
    if plan is None or plan.tiles_used >= size:
        return ()
    return (tuple(plan.formations),)


#: Most tiles for which the exact best-opening solver is asked when the search budget runs out:
#: its table grows without bound on larger pools (the rack plus the broken tiles of a long șir,
#: under ``sir.break_requires_opened = false``), where ``find_opening`` (bounded memory, exact
#: about whether an opening exists) gives one opening instead.
_SOLVER_POOL = 22


#: One guard bit above each tile's 3-bit count field (tile ``t`` at bits ``3t .. 3t+2``).
_FIELD_GUARDS = sum(4 << (3 * code) for code in range(JOLY + 1))


@functools.lru_cache(maxsize=4096)  # keyed by racks: bounded small (memory stays flat)
def _tile_fields(tiles: tuple[Tile, ...]) -> int:
    """``tiles`` as counts in 3-bit fields, ``sum(1 << 3 * t)`` (a tile is its integer code + 1;
    at most two copies of a tile, so a count never reaches the guard bit)."""
    return sum(1 << (3 * t) for t in tiles)


def _highest_value(rack: tuple[Tile, ...], rules: FormationRules) -> int:
    """An upper bound on the opening value of any formations from ``rack``: its jolys and the
    natural tiles some candidate formation can hold, each at its highest opening value (at
    least the bound of ``_opening_options``, which counts only tiles in its candidates)."""
    first, _second, jolys = _lanes_of(rack)
    cover = _lane_cover(first, min(jolys, 2), rules)
    value = _MAX_OPENING_VALUE
    lane = _TILE_LANE_BIT
    return sum(value[t] for t in rack if cover & lane[t] or not lane[t])
