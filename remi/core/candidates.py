"""Formation search over a multiset of tiles: every candidate formation, the formations holding a
tile, and cheap bounds on how many tiles fit no formation (move generation and solvers of both
families).
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterable
from typing import Final

import attrs

from remi.core.formations import ACE_HIGH_RANK, REMI_FORMATIONS, Formation, FormationRules, Kind
from remi.core.tiles import ALL_TILE_TYPES, COLOURS, JOLY, Tile

__all__ = [
    "TileMasks",
    "candidate_formations",
    "formable_as_added",
    "formations_containing",
    "leftover_lower_bound",
    "uncovered_count",
    "unformable_count",
]

# ---------------------------------------------------------------------------------------------
# Enumerating formations from a multiset of tiles


def candidate_formations(
    tiles: Iterable[Tile], rules: FormationRules = REMI_FORMATIONS
) -> list[Formation]:
    """Every distinct valid formation that can be built from a sub-multiset of ``tiles``.

    Jolys are placed in every possible position (at most as many as ``tiles`` holds); each
    returned formation uses each of its tiles no more often than ``tiles`` holds it. The order
    is deterministic: runs by colour, start and length, then sets by number. Formations are
    shared immutable values: the runs of each colour and the sets of each number are computed
    once per (tiles present, joly count, rules) and looked up afterwards, so a call costs a few
    microseconds.

    >>> [str(f) for f in candidate_formations([Tile.parse(t) for t in "R3 R4 R5 Y4".split()])]
    ['[R3 R4 R5]']
    """
    run_masks, set_masks, jolys = _masks_of(tiles)
    out: list[Formation] = []
    for ci in range(4):
        mask = run_masks[ci]
        if mask:
            out.extend(_runs_for(ci, mask, jolys, rules))
    short = rules.min_tiles - jolys  # fewer colours than this make no set (see _sets_for)
    for n in range(13):
        mask = set_masks[n]
        if mask and _COLOUR_COUNT[mask] >= short:
            out.extend(_sets_for(n + 1, mask, jolys, rules))
    return out


def _masks_of(tiles: Iterable[Tile]) -> tuple[list[int], list[int], int]:
    """(run masks, set masks, jolys) of ``tiles``, as in ``TileMasks`` (jolys capped at 2)."""
    run_masks = [0, 0, 0, 0]
    set_masks = [0] * 13
    jolys = 0
    tile_ci = _TILE_COLOUR
    tile_n = _TILE_INDEX
    for t in tiles:
        ci = tile_ci[t]  # a tile is its own index into these tables (see remi.core.tiles.Tile)
        if ci < 0:
            jolys += 1
            continue
        n = tile_n[t]
        run_masks[ci] |= 1 << n
        set_masks[n] |= 1 << ci
    return run_masks, set_masks, min(jolys, 2)


def formations_containing(
    tile: Tile, tiles: Iterable[Tile], rules: FormationRules = REMI_FORMATIONS
) -> list[Formation]:
    """The candidate formations of ``tiles`` (which must include ``tile``) that contain ``tile``.

    Same formations and order as ``[f for f in candidate_formations(tiles) if tile in f.tiles]``,
    computed from the tile's colour and number only.
    """
    if tile.is_joly:
        return [f for f in candidate_formations(tiles, rules) if tile in f.tiles]
    ci = _TILE_COLOUR[tile]
    n = _TILE_INDEX[tile]
    run_mask = 0
    set_mask = 0
    jolys = 0
    for t in tiles:
        tci = _TILE_COLOUR[t]
        if tci < 0:
            jolys += 1
        else:
            if tci == ci:
                run_mask |= 1 << _TILE_INDEX[t]
            if _TILE_INDEX[t] == n:
                set_mask |= 1 << tci
    jolys = min(jolys, 2)
    out = [f for f in _runs_for(ci, run_mask, jolys, rules) if tile in f.tiles] if run_mask else []
    if set_mask:
        out.extend(f for f in _sets_for(n + 1, set_mask, jolys, rules) if tile in f.tiles)
    return out


@attrs.define
class TileMasks:
    """A multiset of tiles as bit masks, for fast "can this tile be in a formation" tests.

    Attributes:
        runs: per colour index, bit ``n - 1`` set when number ``n`` is present.
        sets: per number - 1, bit ``i`` set when colour index ``i`` is present.
        jolys: how many jolys (capped at 2).
    """

    runs: list[int] = attrs.Factory(lambda: [0, 0, 0, 0])
    sets: list[int] = attrs.Factory(lambda: [0] * 13)
    jolys: int = 0

    def add(self, tile: Tile) -> None:
        """Add one tile (mutates this scratch value)."""
        ci = _TILE_COLOUR[tile]
        if ci < 0:
            self.jolys = min(2, self.jolys + 1)
            return
        n = _TILE_INDEX[tile]
        self.runs[ci] |= 1 << n
        self.sets[n] |= 1 << ci

    @classmethod
    def of(cls, tiles: Iterable[Tile]) -> TileMasks:
        """The masks of ``tiles``."""
        runs, sets, jolys = _masks_of(tiles)
        return cls(runs=runs, sets=sets, jolys=jolys)

    def can_form(self, tile: Tile, rules: FormationRules = REMI_FORMATIONS) -> bool:
        """Whether some formation of these tiles (which include ``tile``) contains ``tile``."""
        return _can_form(tile, self.runs, self.sets, self.jolys, rules)

    def uncovered(self, rules: FormationRules = REMI_FORMATIONS) -> int:
        """How many distinct tile types present belong to no candidate formation."""
        run_cover = [
            _run_cover(c, self.runs[c], self.jolys, rules) if self.runs[c] else 0 for c in range(4)
        ]
        missing = 0
        for n in range(13):
            present = self.sets[n]
            if not present:
                continue
            loose = present & ~_set_cover(n + 1, present, self.jolys, rules)
            while loose:
                low = loose & -loose
                c = low.bit_length() - 1
                if not run_cover[c] >> n & 1:
                    missing += 1
                loose ^= low
        return missing


def formable_as_added(
    tiles: Iterable[Tile], added: Iterable[Tile], rules: FormationRules = REMI_FORMATIONS
) -> list[bool]:
    """Add the tiles of ``added`` to ``tiles`` one at a time; for each, whether some candidate
    formation of the tiles so far (which include it) contains it.

    Same answers as ``TileMasks.of(tiles)``, then ``add`` and ``can_form`` for each added tile;
    used for the șir tiles a player could break the șir at (docs/rules.md §1.7: the pool is his
    rack plus the șir from that tile on).
    """
    runs, sets, jolys = _masks_of(tiles)
    run_cover = _run_cover
    set_cover = _set_cover
    out: list[bool] = []
    for t in added:
        ci = _TILE_COLOUR[t]
        if ci < 0:
            jolys = min(2, jolys + 1)
            out.append(_can_form(t, runs, sets, jolys, rules))
            continue
        n = _TILE_INDEX[t]
        runs[ci] |= 1 << n
        sets[n] |= 1 << ci
        out.append(
            bool(
                run_cover(ci, runs[ci], jolys, rules) >> n & 1
                or set_cover(n + 1, sets[n], jolys, rules) >> ci & 1
            )
        )
    return out


def _can_form(
    tile: Tile, runs: list[int], sets: list[int], jolys: int, rules: FormationRules
) -> bool:
    """``TileMasks.can_form`` over bare masks (runs per colour, sets per number)."""
    ci = _TILE_COLOUR[tile]
    if ci < 0:
        return any(
            runs[c] and any(tile in f.tiles for f in _runs_for(c, runs[c], jolys, rules))
            for c in range(4)
        ) or any(
            sets[n] and any(tile in f.tiles for f in _sets_for(n + 1, sets[n], jolys, rules))
            for n in range(13)
        )
    n = _TILE_INDEX[tile]
    if _run_cover(ci, runs[ci], jolys, rules) >> n & 1:
        return True
    return bool(_set_cover(n + 1, sets[n], jolys, rules) >> ci & 1)


def uncovered_count(tiles: Iterable[Tile], rules: FormationRules = REMI_FORMATIONS) -> int:
    """An estimate of how many tiles of ``tiles`` no set of disjoint formations can hold.

    Counts the natural tiles that belong to no candidate formation, and the second copies of
    doubled tiles that cannot go in a second formation (a run or set of second copies and the
    jolys, or one run and one set). Not a lower bound: two runs can share a doubled tile
    (``R3 R4 R5 R5 R6 R7`` is ``[R3 R4 R5] [R5 R6 R7]``, counted 1 here) and two sets can take
    a doubled tile with other colours' first copies (``R5 R5 Y5 B5 K5 J``). For a sound bound
    use ``unformable_count`` or ``leftover_lower_bound``; the engine no longer uses this one.
    """
    runs = [0, 0, 0, 0]
    runs2 = [0, 0, 0, 0]
    sets = [0] * 13
    sets2 = [0] * 13
    jolys = 0
    tile_ci = _TILE_COLOUR
    tile_n = _TILE_INDEX
    for t in tiles:
        ci = tile_ci[t]
        if ci < 0:
            jolys += 1
            continue
        n = tile_n[t]
        bit = 1 << n
        if runs[ci] & bit:
            runs2[ci] |= bit
            sets2[n] |= 1 << ci
        runs[ci] |= bit
        sets[n] |= 1 << ci
    if jolys > 2:
        jolys = 2
    run_cover = [_run_cover(c, runs[c], jolys, rules) if runs[c] else 0 for c in range(4)]
    run_cover2 = [_run_cover(c, runs2[c], jolys, rules) if runs2[c] else 0 for c in range(4)]
    missing = 0
    for n in range(13):
        present = sets[n]
        if not present:
            continue
        set_cover = _set_cover(n + 1, present, jolys, rules)
        loose = present & ~set_cover
        while loose:
            low = loose & -loose
            if not run_cover[low.bit_length() - 1] >> n & 1:
                missing += 1
            loose ^= low
        doubled = sets2[n]
        if doubled:
            set_cover2 = _set_cover(n + 1, doubled, jolys, rules)
            while doubled:
                low = doubled & -doubled
                c = low.bit_length() - 1
                in_run = run_cover[c] >> n & 1
                second = set_cover2 & low or run_cover2[c] >> n & 1 or (in_run and set_cover & low)
                if not second:
                    missing += 1
                doubled ^= low
    return missing


def unformable_count(tiles: Iterable[Tile], rules: FormationRules = REMI_FORMATIONS) -> int:
    """How many tiles of ``tiles`` (every copy counted) belong to no candidate formation.

    Such a natural tile can never leave the rack in a formation, so this is a lower bound on
    the tiles that any set of disjoint formations drawn from ``tiles`` leaves over (jolys never
    counted). Computed with bit operations over 16-bit lanes (one per colour, bit ``n`` for
    number ``n``, bit 14 for a 1 played high) when formations are 3 tiles long with at least one
    natural tile (the Remi presets), and from the cached run and set tables otherwise; both give
    the same count.
    """
    first, second, jolys = _lanes_of(tiles)
    cover = _lane_cover(first, min(jolys, 2), rules)
    return (first & ~cover).bit_count() + (second & ~cover).bit_count()


def leftover_lower_bound(tiles: Iterable[Tile], rules: FormationRules = REMI_FORMATIONS) -> int:
    """A lower bound on how many tiles every set of disjoint formations from ``tiles`` leaves.

    At least ``unformable_count``; and a natural tile that is in no formation without a joly
    can only be laid in a formation holding a joly. There are at most as many such formations
    as jolys, and each holds tiles of one colour (a run, suită) or of one number (a set, terță),
    so all but the tiles of the ``jolys`` largest such groups stay on the rack. Used to refuse a
    pe-tablă close (docs/rules.md §1.10) before the exact search.
    """
    first, second, jolys = _lanes_of(tiles)
    cover = _lane_cover(first, min(jolys, 2), rules)
    bound = (first & ~cover).bit_count() + (second & ~cover).bit_count()
    if not jolys:
        return bound
    plain = _lane_cover(first, 0, rules)
    need1 = first & ~plain
    need2 = second & ~plain
    groups = [(need1 >> (16 * ci) & 0xFFFF).bit_count() for ci in range(4)]
    if rules.ace_both_ends:  # a run 1..13-1 holds both copies of its 1
        groups = [g + (need2 >> (16 * ci + 1) & 1) for ci, g in enumerate(groups)]
    groups.extend((need1 >> n & _LANE_ONES >> 1).bit_count() for n in range(1, 14))
    groups.sort(reverse=True)
    held = sum(groups[:jolys])
    return max(bound, need1.bit_count() + need2.bit_count() - held)


def _lanes_of(tiles: Iterable[Tile]) -> tuple[int, int, int]:
    """(first copies, second copies, jolys): the lane bits of the natural tiles present once or
    more, of those present twice, and the number of jolys."""
    first = 0
    second = 0
    jolys = 0
    lane_bit = _TILE_LANE_BIT
    for t in tiles:
        bit = lane_bit[t]
        if not bit:
            jolys += 1
        elif first & bit:
            second |= bit
        else:
            first |= bit
    return first, second, jolys


def _lane_cover(present: int, jolys: int, rules: FormationRules) -> int:
    """Lane bits (``16 * colour index + number``) of the tiles in ``present`` that some
    candidate formation of ``present`` plus ``jolys`` jolys (0-2) can hold."""
    if not (rules.min_tiles == 3 and rules.min_natural_tiles <= 1 and rules.set_max_tiles >= 3):
        return _lane_cover_general(present, jolys, rules)
    if jolys >= 2:
        return present  # any tile with two jolys makes a 3-tile run
    x = present | ((present & _LANE_ONES) << 13) if rules.ace_high else present
    if jolys == 0:
        starts = x & (x >> 1) & (x >> 2)  # three present numbers in a row
        runs = starts | (starts << 1) | (starts << 2)
    else:
        # a 3-number window with at least two present numbers (the joly fills the third);
        # windows reaching past 1 or the top number are covered by the window next to them
        starts = (x & (x >> 1)) | (x & (x >> 2)) | ((x >> 1) & (x >> 2))
        runs = x & (starts | (starts << 1) | (starts << 2))
    runs = (runs & _LANE_NUMBERS) | ((runs >> 13) & _LANE_ONES)
    l0 = present & 0xFFFF
    l1 = (present >> 16) & 0xFFFF
    l2 = (present >> 32) & 0xFFFF
    l3 = present >> 48
    if jolys == 0:  # numbers present in at least three colours
        numbers = (l0 & l1 & (l2 | l3)) | ((l0 | l1) & l2 & l3)
    else:  # at least two colours, and the joly
        numbers = (l0 & (l1 | l2 | l3)) | (l1 & (l2 | l3)) | (l2 & l3)
    sets = present & (numbers | (numbers << 16) | (numbers << 32) | (numbers << 48))
    return runs | sets


def _lane_cover_general(present: int, jolys: int, rules: FormationRules) -> int:
    """``_lane_cover`` from the cached run and set tables (any formation rules)."""
    cover = 0
    for ci in range(4):
        lane = (present >> (16 * ci + 1)) & 0x1FFF
        if lane:
            cover |= _run_cover(ci, lane, jolys, rules) << (16 * ci + 1)
    for n in range(13):
        colours = 0
        for ci in range(4):
            if present >> (16 * ci + n + 1) & 1:
                colours |= 1 << ci
        if colours:
            covered = _set_cover(n + 1, colours, jolys, rules)
            for ci in range(4):
                if covered >> ci & 1:
                    cover |= 1 << (16 * ci + n + 1)
    return cover


@functools.lru_cache(maxsize=1 << 14)  # bounded: one entry per (colour, numbers) mask
def _run_cover(ci: int, mask: int, jolys: int, rules: FormationRules) -> int:
    """Bits (number - 1) of the natural tiles of colour ``ci`` that some run can use."""
    if jolys == 0:
        # without jolys: every number in a segment of at least min_tiles present numbers
        # (a 1 also ends 12-13-1 when ace_high; a 14-long 1..13-1 segment still covers all)
        top = ACE_HIGH_RANK if rules.ace_high else 13
        have = [False] * (ACE_HIGH_RANK + 2)
        for r in range(1, 14):
            have[r] = bool(mask >> (r - 1) & 1)
        have[ACE_HIGH_RANK] = have[1] and rules.ace_high
        need = max(rules.min_tiles, rules.min_natural_tiles)
        cover = 0
        r = 1
        while r <= top:
            if not have[r]:
                r += 1
                continue
            start = r
            while r < top and have[r + 1]:
                r += 1
            if r - start + 1 >= need:
                for x in range(start, r + 1):
                    cover |= 1 << (0 if x == ACE_HIGH_RANK else x - 1)
            r += 1
        return cover
    if rules.min_tiles == 3 and rules.min_natural_tiles <= 1:
        # with jolys: a present number is covered when some 3-long window around it has at
        # most ``jolys`` gaps (a longer valid run always contains such a window)
        top = ACE_HIGH_RANK if rules.ace_high else 13
        have = [False] * (ACE_HIGH_RANK + 3)
        for r in range(1, 14):
            have[r] = bool(mask >> (r - 1) & 1)
        have[ACE_HIGH_RANK] = have[1] and rules.ace_high
        cover = 0
        for r in range(1, top + 1):
            if not have[r]:
                continue
            for a in (r - 2, r - 1, r):
                b = a + 2
                if a < 1 or b > top:
                    continue
                gaps = (not have[a]) + (not have[a + 1]) + (not have[b])
                if gaps <= jolys:
                    cover |= 1 << (0 if r == ACE_HIGH_RANK else r - 1)
                    break
        return cover
    cover = 0
    for f in _runs_for(ci, mask, jolys, rules):
        for t in f.tiles:
            if _TILE_COLOUR[t] >= 0:
                cover |= 1 << _TILE_INDEX[t]
    return cover


@functools.cache
def _set_cover(number: int, mask: int, jolys: int, rules: FormationRules) -> int:
    """Bits (colour index) of the natural tiles of ``number`` that some set can use."""
    cover = 0
    for f in _sets_for(number, mask, jolys, rules):
        for t in f.tiles:
            if _TILE_COLOUR[t] >= 0:
                cover |= 1 << _TILE_COLOUR[t]
    return cover


# Indexed by the tile itself (a Tile is the integer code + 1): colour index (-1 for the joly)
# and number - 1.
_TILE_COLOUR: Final[tuple[int, ...]] = (-9,) + tuple(c // 13 for c in range(52)) + (-1,)
_TILE_INDEX: Final[tuple[int, ...]] = (-9,) + tuple(c % 13 for c in range(52)) + (-1,)
# Indexed by the tile: its lane bit ``1 << (16 * colour index + number)`` (0 for the joly).
_TILE_LANE_BIT: Final[tuple[int, ...]] = (
    (0,) + tuple(1 << (16 * (c // 13) + c % 13 + 1) for c in range(52)) + (0,)
)
#: How many colours a set mask (bit i = colour index i) holds.
_COLOUR_COUNT: Final[tuple[int, ...]] = tuple(m.bit_count() for m in range(16))
_LANE_ONES: Final[int] = sum(1 << (16 * ci + 1) for ci in range(4))
_LANE_NUMBERS: Final[int] = sum(0x3FFE << (16 * ci) for ci in range(4))


@functools.lru_cache(maxsize=1 << 14)  # bounded: masks with jolys hold many runs
def _runs_for(ci: int, mask: int, jolys: int, rules: FormationRules) -> tuple[Formation, ...]:
    """Every run of colour index ``ci`` from the numbers in ``mask`` (bit n-1 = number n)."""
    out: list[Formation] = []
    top = ACE_HIGH_RANK if rules.ace_high else 13
    need_nat = max(1, rules.min_natural_tiles)
    min_len = rules.min_tiles
    both = rules.ace_both_ends
    have = [False] * (ACE_HIGH_RANK + 2)
    for r in range(1, 14):
        have[r] = bool(mask >> (r - 1) & 1)
    have[ACE_HIGH_RANK] = have[1] and rules.ace_high
    if jolys == 0:
        # Without jolys a run is any window of length >= min_len inside a segment of present
        # numbers; same order as the general loop below (by start, then end). The windows of a
        # segment are kept per segment (a small table), so a new mask costs a few lookups.
        r = 1
        while r <= top:
            if not have[r]:
                r += 1
                continue
            seg_start = r
            while r < top and have[r + 1]:
                r += 1
            if r - seg_start + 1 >= min_len:
                out.extend(_segment_runs(ci, seg_start, r, rules))
            r += 1
        return tuple(out)
    for start in range(1, top - min_len + 2):
        gap_ranks: tuple[int, ...] = ()  # the missing numbers of start..end, ascending
        present: list[int] = []  # the present ones
        for end in range(start, top + 1):
            if not have[end]:
                if len(gap_ranks) == jolys:
                    break
                gap_ranks += (end,)
            else:
                present.append(end)
            length = end - start + 1
            if length < min_len or (start == 1 and end == ACE_HIGH_RANK and not both):
                continue
            for extra in range(jolys - len(gap_ranks) + 1):
                if length - len(gap_ranks) - extra < need_nat:
                    continue
                if not extra:
                    out.append(_run(ci, start, end, gap_ranks))
                    continue
                for chosen in itertools.combinations(present, extra):
                    out.append(_run(ci, start, end, tuple(sorted(gap_ranks + chosen))))
    return tuple(out)


@functools.cache  # bounded by its domain: 4 colours x 105 segments per formation rules
def _segment_runs(ci: int, first: int, last: int, rules: FormationRules) -> tuple[Formation, ...]:
    """The runs of colour index ``ci`` without jolys inside the segment of present ranks
    ``first..last`` (every window of at least ``min_tiles``), by start, then end."""
    min_len = rules.min_tiles
    need_nat = max(1, rules.min_natural_tiles)
    return tuple(
        _run(ci, a, b, ())
        for a in range(first, last - min_len + 2)
        for b in range(a + min_len - 1, last + 1)
        if not (a == 1 and b == ACE_HIGH_RANK and not rules.ace_both_ends) and b - a + 1 >= need_nat
    )


@functools.cache
def _sets_for(number: int, mask: int, jolys: int, rules: FormationRules) -> tuple[Formation, ...]:
    """Every set of ``number`` from the colours in ``mask`` (bit i = colour index i)."""
    out: list[Formation] = []
    need_nat = max(1, rules.min_natural_tiles)
    min_len = rules.min_tiles
    max_set = min(rules.set_max_tiles, len(COLOURS))
    avail = tuple(ci for ci in range(4) if mask >> ci & 1)
    if len(avail) + jolys < min_len:
        return ()
    for size in range(need_nat, len(avail) + 1):
        for chosen_colours in itertools.combinations(avail, size):
            for j in range(0, jolys + 1):
                if min_len <= size + j <= max_set:
                    out.append(_set(number, chosen_colours, j))
    return tuple(out)


@functools.cache
def _run(ci: int, start: int, end: int, joly_ranks: tuple[int, ...]) -> Formation:
    """The run of colour index ``ci`` over ranks ``start..end`` with jolys at ``joly_ranks``."""
    by_rank = _RUN_TILES[ci]
    ranks = tuple(range(start, end + 1))
    identities = tuple(by_rank[r] for r in ranks)
    tiles = (
        tuple(JOLY if r in joly_ranks else by_rank[r] for r in ranks) if joly_ranks else identities
    )
    return Formation(kind=Kind.RUN, tiles=tiles, identities=identities, ranks=ranks)


@functools.cache
def _set(number: int, colour_indices: tuple[int, ...], jolys: int) -> Formation:
    """The set of ``number`` in the given colours (indices, ascending) plus ``jolys`` jolys."""
    naturals = tuple(ALL_TILE_TYPES[ci * 13 + number - 1] for ci in colour_indices)
    missing = [ci for ci in range(4) if ci not in colour_indices]
    idents: tuple[Tile | None, ...]
    if jolys and jolys == len(missing):
        idents = tuple(ALL_TILE_TYPES[ci * 13 + number - 1] for ci in missing)
    else:
        idents = (None,) * jolys
    return Formation(
        kind=Kind.SET,
        tiles=naturals + (JOLY,) * jolys,
        identities=naturals + idents,
        ranks=(number,) * (len(naturals) + jolys),
    )


#: For each colour index, the tile of each run rank 1..14 (index 0 unused; 14 is the high 1).
_RUN_TILES: Final[tuple[tuple[Tile, ...], ...]] = tuple(
    (JOLY,)
    + tuple(ALL_TILE_TYPES[ci * 13 + r - 1] for r in range(1, 14))
    + (ALL_TILE_TYPES[ci * 13],)
    for ci in range(4)
)
