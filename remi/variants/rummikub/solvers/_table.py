"""Reading a Rummikub position into the solver's terms and back (internal).

Tile counts of the table and rack (``_counts``), the position checked under the rules
(``_check_position``), the original sets as the number sweep names them (``_originals``) and as
the relaxation's columns do (``_codes_of``), arrangements turned back into formations
(``_formations_of``) or completed with the original sets kept (``_with_kept``), the identity of
a set for "unchanged" (``_key``), and the points a move places (``placed_points``, module
docstring of ``remi.variants.rummikub.solvers.best_move``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from remi.core.errors import InvalidFormationError, notation_error
from remi.core.formations import (
    Formation,
    FormationRules,
    Kind,
    formation_readings,
    plain_reading,
    read_formation,
)
from remi.core.messages import NP_
from remi.core.notation import SlotToken
from remi.core.tiles import ALL_TILE_TYPES, COPIES, JOLY, JOLY_COUNT, Tile
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
        again = [r for r in formation_readings(f.slots(explicit=True), frules) if r.kind is f.kind]
        if not again:
            read_formation(f.slots(explicit=True), frules)  # raises with the rule id
            raise InvalidFormationError(  # pragma: no cover - read_formation raised above
                f"set {index} {f.text()} is not valid under these rules", rule_id="formation.kind"
            )
        checked.append(again[0])
    seen = Counter(_table_tiles(checked))
    seen.update(rack)
    over = [tile for tile, n in seen.items() if n > (JOLY_COUNT if tile == JOLY else COPIES)]
    if over:
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


def _key(f: Formation) -> tuple[object, ...]:
    """Identity of a set for 'unchanged': kind, tiles in order (jokers by position), identities."""
    if f.kind is Kind.RUN:
        return (Kind.RUN, f.tiles, f.ranks)
    naturals = sorted(f.tiles)  # tiles are ints, the jokers (53) last
    jokers = naturals.count(JOLY)
    return (Kind.SET, f.ranks[0], tuple(naturals[: len(naturals) - jokers]), jokers)


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
    return [r for f in sets for t, r in zip(f.tiles, f.ranks) if t.is_joly]


def _codes_of(f: Formation) -> list[int]:
    """A set's tile codes for ``Relaxation.bound`` (``colour * 13 + number - 1``; a joker
    ``52 + v``, ``v`` the number 1-13 it stands for: the points objective credits a rack joker
    with it)."""
    return [52 + r if t.is_joly else t.code for t, r in zip(f.tiles, f.ranks)]


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
    if f.kind is Kind.RUN:
        assert f.colour is not None
        return DPRun(
            colour=f.colour.index, start=f.ranks[0], jokers=tuple(t.is_joly for t in f.tiles)
        )
    colours = tuple(sorted(t.colour.index for t in f.tiles if t.colour is not None))
    return DPGroup(number=f.number, colours=colours, jokers=f.joly_count)


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
