"""Reading a Rummikub position into the solver's terms and back (internal).

Tile counts of the table and rack (``_counts``), the position checked under the rules
(``_check_position``), the original sets as the number sweep names them (``_originals``) and as
the relaxation's columns do (``_codes_of``), arrangements turned back into formations
(``_formations_of``) or completed with the original sets kept (``_with_kept``), an integral
solution of the relaxation read by look-ups in a table of its columns (``_column_sets``,
``_solution_arrangement``), the identity of
a set for "unchanged" (``_key``), and the points a move places (``placed_points``, module
docstring of ``remi.variants.rummikub.solvers.best_move``).
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Sequence

import attrs

from remi.core.errors import InvalidFormationError, notation_error
from remi.core.formations import (
    Formation,
    FormationRules,
    Kind,
    formation_readings,
    plain_reading,
    read_formation,
    read_run,
)
from remi.core.messages import NP_
from remi.core.notation import SlotToken
from remi.core.tiles import ALL_TILE_TYPES, COPIES, JOLY, JOLY_COUNT, Tile
from remi.variants.rummikub.solvers._columns import Solution, _Column, _set_columns
from remi.variants.rummikub.solvers._move import MoveRules
from remi.variants.rummikub.solvers._problem import Arrangement, DPGroup, DPRun

__all__ = ["placed_points"]


def _counts(tiles: Sequence[Tile]) -> tuple[list[int], int]:
    """(52 counts of the numbered tiles, index ``colour * 13 + number - 1``; the jokers)."""
    counts = [0] * 53
    for t in tiles:
        counts[t - 1] += 1  # a tile is the int code + 1; the jokers' count last
    jokers = counts.pop()
    return counts, jokers


def _table_tiles(table: Sequence[Formation]) -> list[Tile]:
    """Every tile of ``table``'s sets, set by set."""
    return [t for f in table for t in f.tiles]


def _split(tiles: Sequence[Tile], other: Sequence[Tile]) -> tuple[list[Tile], list[Tile]]:
    """``tiles`` split into the multiset intersection with ``other`` and the multiset
    difference ``tiles - other``, each in the order of ``tiles``: for the few tiles of one set,
    faster than ``Counter`` arithmetic."""
    rest = list(other)
    common: list[Tile] = []
    left: list[Tile] = []
    for t in tiles:
        if t in rest:
            rest.remove(t)
            common.append(t)
        else:
            left.append(t)
    return common, left


def _check_position(
    table: Sequence[Formation], rack: Sequence[Tile], rules: MoveRules
) -> list[Formation]:
    """Re-read the table under the rules and check the tile counts; return the table sets."""
    frules = rules.formation_rules
    shortest = max(2, frules.min_tiles, frules.min_natural_tiles)
    checked: list[Formation] = []
    for index, f in enumerate(table, 1):
        if len(f.tiles) >= shortest and JOLY not in f.tiles:
            # natural tiles: the one reading ``formation_readings`` would give when they are
            # written as a run or a set (``plain_reading``), without building their slots
            plain = plain_reading(list(f.tiles), frules)
            if plain is not None and plain.kind is f.kind:
                checked.append(plain)
                continue
        elif f.kind is Kind.RUN and None not in f.identities:
            # a run with jokers, each with its identity: the run reading
            # ``formation_readings`` gives (``read_run`` of its explicit slots), without the
            # memos and the group reading
            run = _joker_run_reading(f, frules)
            if run is not None:
                checked.append(run)
                continue
        again = [r for r in formation_readings(f.slots(explicit=True), frules) if r.kind is f.kind]
        if not again:
            read_formation(f.slots(explicit=True), frules)  # raises with the rule id
            raise InvalidFormationError(  # pragma: no cover - read_formation raised above
                f"set {index} {f.text()} is not valid under these rules", rule_id="formation.kind"
            )
        checked.append(again[0])
    held = [0] * 54  # by tile (an int: its code + 1)
    for f in checked:
        for tile in f.tiles:
            held[tile] += 1
    for tile in rack:
        held[tile] += 1
    if max(held[:53]) > COPIES or held[53] > JOLY_COUNT:
        seen = Counter(_table_tiles(checked))
        seen.update(rack)
        over = [tile for tile, n in seen.items() if n > (JOLY_COUNT if tile == JOLY else COPIES)]
        tile = min(over)  # the first in rack order
        n = seen[tile]
        limit = JOLY_COUNT if tile == JOLY else COPIES
        raise notation_error(
            NP_("error.notation.overuse"),
            text="",
            token=str(tile),
            count=n,
            used=n,
            allowed=limit,
        )
    return checked


def _joker_run_reading(f: Formation, frules: FormationRules) -> Formation | None:
    """The run reading of the run ``f`` (with jokers, each with its identity) that
    ``formation_readings(f.slots(explicit=True))`` gives: long enough
    (``formation.min_tiles``), enough natural tiles (``formation.min_natural_tiles``), read in
    the order written with each joker as its identity (``read_run`` of the same slots, built
    here: no look-up in the slot and reading memos, no group reading); ``None`` when it has
    none."""
    tiles = f.tiles
    if len(tiles) < frules.min_tiles:
        return None
    if len(tiles) - tiles.count(JOLY) < max(1, frules.min_natural_tiles):
        return None
    slots = [SlotToken(JOLY, i) if t == JOLY else SlotToken(t) for t, i in zip(tiles, f.identities)]
    return read_run(slots, frules)


def _originals(
    table: Sequence[Formation],
) -> tuple[list[tuple[int, int, int, int]], list[tuple[int, int, int]]]:
    """The sets of ``table`` as ``SweepProblem.original_runs`` (colour, first number, last
    number, joker mask) and ``original_groups`` (number, colour mask, jokers) name them."""
    runs: list[tuple[int, int, int, int]] = []
    groups: list[tuple[int, int, int]] = []
    for f in table:
        if f.kind is Kind.RUN:
            colour = f.colour
            assert colour is not None
            mask = 0
            for t, r in zip(f.tiles, f.ranks):
                if t.is_joly:
                    mask |= 1 << r
            runs.append((colour.index, f.ranks[0], f.ranks[-1], mask))
        else:
            cmask = 0
            for t in f.tiles:
                if not t.is_joly and t.colour is not None:
                    cmask |= 1 << t.colour.index
            groups.append((f.number, cmask, f.joly_count))
    return runs, groups


def _formations_of(arr: Arrangement, rules: MoveRules) -> list[Formation]:
    """The sets of ``arr`` as formations under ``rules`` (runs, then groups).

    A run, and a group without jokers, is built as the formation ``read_formation`` gives
    (tiles in order, each natural tile its own identity, a run's joker the tile it stands
    for), after the checks its reading would make (length, numbers 1-13, natural tiles,
    distinct colours): reading is most of this function's time, and its memo is cold for
    the new sets of a position. A group with jokers is read (``read_formation``): its jokers'
    identities are the reading's (``None`` in a 3-tile group, ``joker.group_of_three``).

    Raises:
        InvalidFormationError: a set the rules refuse (an engine bug), with its rule id.
    """
    if arr.formations is not None:
        return list(arr.formations)
    min_nat = max(rules.min_natural_tiles, 1)
    frules: FormationRules | None = None
    out: list[Formation] = []
    for run in arr.runs:
        n = len(run.jokers)
        base = run.colour * 13 + run.start - 1
        if 3 <= n and 1 <= run.start and run.start + n <= 14 and n - sum(run.jokers) >= min_nat:
            idents = ALL_TILE_TYPES[base : base + n]
            tiles = tuple(JOLY if j else t for t, j in zip(idents, run.jokers))
            ranks = tuple(range(run.start, run.start + n))
            out.append(Formation(kind=Kind.RUN, tiles=tiles, identities=idents, ranks=ranks))
            continue
        slots = []
        for i, joker in enumerate(run.jokers):
            tile = ALL_TILE_TYPES[base + i]
            slots.append(SlotToken(JOLY, tile) if joker else SlotToken(tile))
        frules = frules or rules.formation_rules
        out.append(read_formation(slots, frules))  # raises with the rule id
    for g in arr.groups:
        cs = g.colours
        if (
            not g.jokers
            and 1 <= g.number <= 13
            and max(3, min_nat) <= len(cs) <= rules.set_max_tiles
            and all(0 <= a < b <= 3 for a, b in zip(cs, cs[1:]))
        ):
            tiles = tuple(ALL_TILE_TYPES[c * 13 + g.number - 1] for c in cs)
            ranks = (g.number,) * len(cs)
            out.append(Formation(kind=Kind.SET, tiles=tiles, identities=tiles, ranks=ranks))
            continue
        slots = [SlotToken(ALL_TILE_TYPES[c * 13 + g.number - 1]) for c in g.colours]
        missing = [c for c in range(4) if c not in g.colours]
        for k in range(g.jokers):
            slots.append(SlotToken(JOLY, ALL_TILE_TYPES[missing[k] * 13 + g.number - 1]))
        frules = frules or rules.formation_rules
        out.append(read_formation(slots, frules))
    return out


@functools.lru_cache(maxsize=16)
def _column_sets(
    jokers: int, rules: MoveRules
) -> dict[_Column, tuple[DPRun | DPGroup, Formation] | None]:
    """Each column of the relaxation (``_set_columns(jokers, set.max_tiles)``) as the set an
    arrangement holds (``DPRun`` / ``DPGroup``) and its formation (``_formations_of``), or
    ``None`` when it has fewer natural tiles than ``formation.min_natural_tiles`` (the
    relaxation's columns need only one). A table of the rules, built once (8-20 ms, 679-1,225 columns): an
    integral solution of the relaxation is read into sets and formations by look-ups."""
    min_nat = max(rules.min_natural_tiles, 1)
    out: dict[_Column, tuple[DPRun | DPGroup, Formation] | None] = {}
    for column in _set_columns(jokers, rules.set_max_tiles):
        nat, j, low, is_run = column
        if len(nat) < min_nat:
            out[column] = None
            continue
        one: DPRun | DPGroup
        if is_run:
            numbers = {t % 13 + 1 for t in nat}
            flags = tuple(v not in numbers for v in range(low, low + len(nat) + j))
            one = DPRun(colour=nat[0] // 13, start=low, jokers=flags)
            arr = _with_kept([one], [], [], 0, 0)
        else:
            one = DPGroup(number=low, colours=tuple(sorted(t // 13 for t in nat)), jokers=j)
            arr = _with_kept([], [one], [], 0, 0)
        out[column] = (one, _formations_of(arr, rules)[0])
    return out


def _solution_arrangement(
    found: Solution, kept: Sequence[Formation], rules: MoveRules, points: bool, jokers: int
) -> Arrangement | None:
    """An integral solution ``found`` of the relaxation plus the original sets ``kept``
    unchanged as an ``Arrangement`` worth ``Solution.value``, with its formations
    (``Arrangement.formations``: what ``_formations_of`` builds, runs then groups, read from
    the table of columns ``_column_sets``); ``None`` when a set holds fewer natural tiles than
    ``formation.min_natural_tiles``. ``jokers``: the jokers in play (the columns' table)."""
    table = _column_sets(min(jokers, 2), rules)
    runs: list[DPRun] = []
    groups: list[DPGroup] = []
    run_sets: list[Formation] = []
    group_sets: list[Formation] = []
    for column, count in found.sets:
        entry = table.get(column)
        if entry is None:
            return None
        one, formation = entry
        if isinstance(one, DPRun):
            runs.extend([one] * count)
            run_sets.append(formation)
            # each copy its own formation object (``_joker_trades`` finds sets by identity)
            run_sets.extend(attrs.evolve(formation) for _ in range(count - 1))
        else:
            groups.extend([one] * count)
            group_sets.append(formation)
            group_sets.extend(attrs.evolve(formation) for _ in range(count - 1))
    kept_runs: list[DPRun] = []
    kept_groups: list[DPGroup] = []
    for f in kept:
        one = _as_dp_set(f)
        # a set without jokers is the formation ``_formations_of`` would build (read the same
        # way: tiles in order, each its own identity); one with jokers is built again
        again = (
            f if JOLY not in f.tiles else _formations_of(_with_kept([], [], [f], 0, 0), rules)[0]
        )
        if isinstance(one, DPRun):
            kept_runs.append(one)
            run_sets.append(again)
        else:
            kept_groups.append(one)
            group_sets.append(again)
    worth = found.value(points, _joker_numbers(kept))
    return Arrangement(
        runs=(*runs, *kept_runs),
        groups=(*groups, *kept_groups),
        primary=worth,
        preserved=len(kept),
        rack_jokers_used=found.rack_jokers,
        formations=(*run_sets, *group_sets),
    )


def _key(f: Formation) -> tuple[object, ...]:
    """Identity of a set for 'unchanged': a run's tiles in order (jokers by position) and
    ranks; a group's number, natural tiles and jokers (a 3-tuple: never equal to a run's
    2-tuple). Plain tuples of ints: they hash at C speed (an enum member in a key hashes in
    Python)."""
    if f.kind is Kind.RUN:
        return (f.tiles, f.ranks)
    naturals = sorted(f.tiles)  # tiles are ints, the jokers (53) last
    jokers = naturals.count(JOLY)
    return (f.ranks[0], tuple(naturals[: len(naturals) - jokers]), jokers)


def _joker_values(table: Sequence[Formation]) -> list[int]:
    """The number each joker on ``table`` stands for (its rank; a group's number)."""
    values: list[int] = []
    for f in table:
        if JOLY in f.tiles:
            values.extend(r for t, r in zip(f.tiles, f.ranks) if t == JOLY)
    return values


def placed_points(new_table: Sequence[Formation], placed: Sequence[Tile]) -> int:
    """Points placed (module docstring): numbers of placed tiles; the ``k`` placed jokers count the
    ``k`` highest numbers that jokers on ``new_table`` stand for."""
    k = list(placed).count(JOLY)
    naturals = sum(t.number for t in placed if t != JOLY)
    values = sorted(_joker_values(new_table), reverse=True)
    return naturals + sum(values[:k])


def _placed_tiles(arr_sets: list[Formation], old: Sequence[Formation]) -> list[Tile]:
    """The tiles of the new table ``arr_sets`` that the old table ``old`` did not hold."""
    return list((Counter(_table_tiles(arr_sets)) - Counter(_table_tiles(old))).elements())


def _joker_numbers(sets: Sequence[Formation]) -> list[int]:
    """The numbers the jokers of ``sets`` stand for (a run's place, a group's number)."""
    # tiles are ints (code + 1): comparing with ``JOLY`` is cheaper than ``Tile.is_joly``
    return [r for f in sets if JOLY in f.tiles for t, r in zip(f.tiles, f.ranks) if t == JOLY]


def _codes_of(f: Formation) -> list[int]:
    """A set's tile codes for ``Relaxation.bound`` (``colour * 13 + number - 1``; a joker
    ``52 + v``, ``v`` the number 1-13 it stands for: the points objective credits a rack joker
    with it)."""
    if JOLY not in f.tiles:
        return [t - 1 for t in f.tiles]  # a tile is its code + 1
    return [52 + r if t == JOLY else t - 1 for t, r in zip(f.tiles, f.ranks)]


def _unchanged(old: Sequence[Formation], new: Sequence[Formation]) -> list[int]:
    """Indices of the sets of ``old`` that ``new`` holds unchanged (each new set matched once)."""
    left = Counter(_key(f) for f in new)
    out: list[int] = []
    for i, f in enumerate(old):
        k = _key(f)
        if left[k]:
            left[k] -= 1
            out.append(i)
    return out


def _as_dp_set(f: Formation) -> DPRun | DPGroup:
    """A table set in the program's terms (``DPRun`` / ``DPGroup``)."""
    # tiles are ints (code + 1), a code ``colour * 13 + number - 1``: colours by arithmetic
    tiles = f.tiles
    if f.kind is Kind.RUN:
        known = next(i for i in f.identities if i is not None)  # a run has a natural tile
        return DPRun(
            colour=(known - 1) // 13, start=f.ranks[0], jokers=tuple(t == JOLY for t in tiles)
        )
    colours = tuple(sorted((t - 1) // 13 for t in tiles if t != JOLY))
    return DPGroup(number=f.number, colours=colours, jokers=tiles.count(JOLY))


def _with_kept(
    runs: Sequence[DPRun],
    groups: Sequence[DPGroup],
    kept: Sequence[Formation],
    primary: int,
    rack_jokers_used: int,
) -> Arrangement:
    """An arrangement of the rest (``runs``, ``groups``) plus the original sets ``kept``
    unchanged, worth ``primary``."""
    kept_sets = [_as_dp_set(f) for f in kept]
    return Arrangement(
        runs=tuple(runs) + tuple(k for k in kept_sets if isinstance(k, DPRun)),
        groups=tuple(groups) + tuple(k for k in kept_sets if isinstance(k, DPGroup)),
        primary=primary,
        preserved=len(kept),
        rack_jokers_used=rack_jokers_used,
    )


def _meld_points(sets: Sequence[Formation], rules: MoveRules) -> int:
    """The points of an initial meld (``initial_meld.min_points``): each natural tile its
    number, a joker the number it stands for (``initial_meld.joker_value = represented``) or 0."""
    total = 0
    for f in sets:
        for t, r in zip(f.tiles, f.ranks):
            if not t.is_joly:
                total += t.number
            elif rules.initial_joker_value == "represented":
                total += r
    return total
