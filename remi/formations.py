"""Formations: runs (suită) and sets (terță), joly identities, and their point values.

Rules reference §A.4 (Remi: 1-2-3 and 12-13-1, never 13-1-2; sets of 3-4 distinct colours),
§B.3 (Rummikub: the 1 is low only), Project decision 9 (a formation holds at least one natural
tile; a formation that reads both as a run and as a set must state its joly identities, or it is
refused as ambiguous, listing the readings), §A.5 (opening values) and §A.12 (final values).

A joly's identity is fixed by its position in a run (``[R3 J R5]``: the joly is R4) or stated
(``J[R4]``). In a 3-tile set the joly stands for "either missing colour" and its identity stays
open (``None``) until the set grows to four tiles; in a 4-tile set it is the one missing colour.
"""

from __future__ import annotations

import enum
import functools
import itertools
from collections.abc import Iterable, Sequence
from typing import Final, NamedTuple

import attrs

from remi.errors import AmbiguousFormationError, InvalidFormationError
from remi.notation import SlotToken, format_tiles, parse_formation_tokens
from remi.tiles import ALL_TILE_TYPES, COLOURS, JOLY, Colour, Tile

__all__ = [
    "FINAL_POINTS",
    "OPENING_POINTS",
    "Formation",
    "FormationRules",
    "Kind",
    "PointTable",
    "TileMasks",
    "leftover_lower_bound",
    "uncovered_count",
    "unformable_count",
    "candidate_formations",
    "formations_containing",
    "formation_points",
    "formation_readings",
    "formable_as_added",
    "loose_tile_points",
    "parse_formation",
    "read_formation",
]

ACE_HIGH_RANK: Final[int] = 14
#: The slot of each tile type (by ``code``) written plainly, without a stated identity: slots are
#: immutable values, so the formations' slots share these.
_PLAIN_SLOTS: Final[tuple[SlotToken, ...]] = tuple(SlotToken(t) for t in ALL_TILE_TYPES)


class Kind(enum.Enum):
    """The two kinds of formation: a run (suită) and a set (terță, Rummikub "group")."""

    RUN = "run"
    SET = "set"


class FormationRules(NamedTuple):
    """The rule parameters that decide whether tiles form a valid formation.

    An immutable named tuple (its hash runs at C speed: the formation tables are cached by it).

    Attributes:
        ace_high: ``run.ace_high``; the 1 may follow 13 (12-13-1). True in Remi (§A.4), False in
            Rummikub (§B.3).
        ace_both_ends: ``run.ace_both_ends``; a run may use a 1 at both ends (1-2-...-13-1).
            False by default (§D-10).
        set_max_tiles: ``set.max_tiles``; sets hold 3 up to this many tiles of distinct colours (4).
        min_natural_tiles: ``formation.min_natural_tiles``; at least this many non-joly tiles
            (1, Project decision 9).
        min_tiles: ``formation.min_tiles``; the shortest formation (3 tiles).
    """

    ace_high: bool = True
    ace_both_ends: bool = False
    set_max_tiles: int = 4
    min_natural_tiles: int = 1
    min_tiles: int = 3


REMI_FORMATIONS: Final = FormationRules()


@attrs.frozen(kw_only=True, repr=False, cache_hash=True)
class Formation:
    """A valid run or set, in table order, with the identity of every tile.

    Attributes:
        kind: ``Kind.RUN`` or ``Kind.SET``.
        tiles: the tiles as laid, in table order (runs ascending, an ace-high 1 last; sets in
            colour order R, Y, B, K with jolys last).
        identities: for each tile, the tile it counts as: itself for a natural tile, the tile it
            stands for for a joly, or ``None`` for a joly in a 3-tile set (either missing colour).
        ranks: for each tile, its rank: 1-13, or 14 for a 1 played high (12-13-1); in a set
            every rank is the set's number.

    Build formations with ``read_formation`` / ``parse_formation``; ``str`` gives the canonical
    notation, which parses back to an equal formation.

    >>> parse_formation("[K12 K13 K1]").kind
    <Kind.RUN: 'run'>
    >>> str(parse_formation("r5 j r7"))
    '[R5 J R7]'
    """

    kind: Kind
    tiles: tuple[Tile, ...]
    identities: tuple[Tile | None, ...]
    ranks: tuple[int, ...]

    @property
    def colour(self) -> Colour | None:
        """The colour of a run; ``None`` for a set."""
        if self.kind is Kind.SET:
            return None
        for ident in self.identities:
            if ident is not None:
                return ident.colour
        return None  # pragma: no cover - a run always has a natural tile

    @property
    def number(self) -> int:
        """The number of a set; for a run, the number of its first tile."""
        first = self.ranks[0]
        return 1 if first == ACE_HIGH_RANK else first

    @property
    def joly_count(self) -> int:
        """How many jolys the formation holds (0-2)."""
        return self.tiles.count(JOLY)

    @property
    def naturals(self) -> tuple[Tile, ...]:
        """The non-joly tiles, in table order."""
        return tuple(t for t in self.tiles if not t.is_joly)

    def __len__(self) -> int:
        return len(self.tiles)

    def slots(self, *, explicit: bool = False) -> tuple[SlotToken, ...]:
        """The formation as notation slots; jolys carry their identity when ``explicit``.

        Cached per formation (formations are immutable values), since the engines ask for the
        slots of the same table formations on every move."""
        return _formation_slots(self, explicit)

    def _slots(self, explicit: bool) -> tuple[SlotToken, ...]:
        if not explicit or JOLY not in self.tiles:
            return tuple(_PLAIN_SLOTS[t.code] for t in self.tiles)
        out = []
        missing = iter(self._placeholder_colours())
        for tile, ident in zip(self.tiles, self.identities):
            if tile.is_joly and explicit:
                if ident is None:
                    ident = Tile(next(missing), self.number)
                out.append(SlotToken(JOLY, ident))
            else:
                out.append(SlotToken(tile, None))
        return tuple(out)

    def _placeholder_colours(self) -> list[Colour]:
        present = {t.colour for t in self.tiles if not t.is_joly}
        present |= {i.colour for i, t in zip(self.identities, self.tiles) if t.is_joly and i}
        return [c for c in COLOURS if c not in present]

    def text(self, rules: FormationRules = REMI_FORMATIONS) -> str:
        """Canonical notation: jolys plain (``J``) when that reads back unambiguously as this
        formation under ``rules``, otherwise every joly with its identity (``J[R10]``)."""
        if self.joly_count:
            plain = self.slots(explicit=False)
            readings = formation_readings(plain, rules)
            if not (len(readings) == 1 and readings[0] == self):
                return f"[{format_tiles(self.slots(explicit=True))}]"
        return f"[{format_tiles(self.tiles)}]"

    def __str__(self) -> str:
        return self.text()

    __repr__ = __str__


@attrs.frozen(kw_only=True)
class PointTable:
    """Point values of tiles, in points, for one purpose (opening check, final scoring).

    Attributes:
        face: count every numbered tile at its face number (Rummikub, §B.5); the fields below
            other than the joly ones are then unused.
        low: a 2-9 (5 in Remi).
        high: a 10-13 (10).
        ace_low_run: a 1 at the start of a run, 1-2-3 (opening 5).
        ace_high_run: a 1 at the end of a run, 12-13-1 (opening 10).
        ace_set: a 1 in a set (25).
        ace_loose: a 1 not in a formation, e.g. on a rack (25).
        joly_in_formation: a joly in a formation: ``None`` = the value of the tile it stands for
            (opening, §A.5), or a fixed value (final, 50).
        joly_loose: a joly on a rack (50 in Remi; 30 or 25 in Rummikub).
    """

    face: bool = False
    low: int = 5
    high: int = 10
    ace_low_run: int = 25
    ace_high_run: int = 25
    ace_set: int = 25
    ace_loose: int = 25
    joly_in_formation: int | None = 50
    joly_loose: int = 50

    def rank_points(self, rank: int, kind: Kind) -> int:
        """Points of a tile of ``rank`` (1-14) in a formation of ``kind``."""
        if self.face:
            return 1 if rank == ACE_HIGH_RANK else rank
        if rank == 1:
            return self.ace_low_run if kind is Kind.RUN else self.ace_set
        if rank == ACE_HIGH_RANK:
            return self.ace_high_run
        return self.low if rank <= 9 else self.high


#: §A.5: the table used only to check the 45-point opening (etalare).
OPENING_POINTS: Final = PointTable(ace_low_run=5, ace_high_run=10, joly_in_formation=None)
#: §A.12 / Project decision 13: end-of-hand values 2-9 = 5, 10-13 = 10, 1 = 25, joly = 50.
FINAL_POINTS: Final = PointTable()


def formation_points(formation: Formation, table: PointTable) -> int:
    """Total points of ``formation`` under ``table`` (§A.5 for openings, §A.12 at the end).

    >>> formation_points(parse_formation("[K12 K13 K1]"), OPENING_POINTS)
    30
    >>> formation_points(parse_formation("[Y11 J Y13]"), FINAL_POINTS)
    70
    """
    total = 0
    for tile, rank in zip(formation.tiles, formation.ranks):
        if tile.is_joly and table.joly_in_formation is not None:
            total += table.joly_in_formation
        else:
            total += table.rank_points(rank, formation.kind)
    return total


def loose_tile_points(tile: Tile, table: PointTable) -> int:
    """Points of a tile that is not in a formation (a rack tile at the end of a hand).

    >>> loose_tile_points(Tile.parse("R11"), FINAL_POINTS)
    10
    """
    if tile.is_joly:
        return table.joly_loose
    if table.face:
        return tile.number
    if tile.number == 1:
        return table.ace_loose
    return table.low if tile.number <= 9 else table.high


# ---------------------------------------------------------------------------------------------
# Reading formations


def parse_formation(text: str, rules: FormationRules = REMI_FORMATIONS) -> Formation:
    """Parse and validate one formation from notation (``"[R3 J R5]"``, ``"k12-k13-k1"``).

    Raises:
        NotationError: a bad token.
        InvalidFormationError: not a valid run or set; the error names the rule id.
        AmbiguousFormationError: valid both as a run and as a set; lists both readings.
    """
    return read_formation(parse_formation_tokens(text), rules)


def read_formation(
    slots: Sequence[SlotToken], rules: FormationRules = REMI_FORMATIONS
) -> Formation:
    """Validate parsed slots as one formation and fix every joly's identity.

    Runs without jolys may be written in any order (``R5 R3 R4`` is the run R3 R4 R5); with
    jolys, a run is read in the order written, since a joly's position gives its identity.

    Raises:
        InvalidFormationError: not a valid run or set, with the rule id broken
            (``formation.min_tiles``, ``formation.min_natural_tiles``, ``formation.kind``,
            ``formation.run``, ``run.no_wrap``, ``run.ace_high``, ``run.ace_both_ends``,
            ``set.distinct_colours``, ``set.max_tiles``, ``joly.identity``).
        AmbiguousFormationError: two readings (run and set); the message lists both.
    """
    readings = formation_readings(slots, rules)
    if len(readings) == 1:
        return readings[0]
    text = f"[{format_tiles(slots)}]"
    if readings:
        shown = [f"[{format_tiles(r.slots(explicit=True))}]" for r in readings]
        raise AmbiguousFormationError(
            f"formation {text} is ambiguous: it reads as {' or as '.join(shown)}; state the "
            "joly identities, e.g. J[R10]",
            tiles_text=text,
            readings=shown,
        )
    reason, rule_id = _failure(slots, rules)
    raise InvalidFormationError(
        f"{text} is not a valid formation: {reason}", rule_id=rule_id, tiles_text=text
    )


def formation_readings(
    slots: Sequence[SlotToken], rules: FormationRules = REMI_FORMATIONS
) -> list[Formation]:
    """Every valid reading of ``slots`` (0, 1, or 2 when both a run and a set fit).

    Never raises for invalid tiles: an empty list means no valid reading. The result is
    memoised per (slots, rules): the same table formations are read again on every move.
    """
    return list(_cached_readings(tuple(slots), rules))


@functools.lru_cache(maxsize=1 << 16)
def _formation_slots(formation: Formation, explicit: bool) -> tuple[SlotToken, ...]:
    return formation._slots(explicit)


@functools.lru_cache(maxsize=1 << 17)
def _cached_readings(slots: tuple[SlotToken, ...], rules: FormationRules) -> tuple[Formation, ...]:
    return tuple(_formation_readings(slots, rules))


def _formation_readings(slots: Sequence[SlotToken], rules: FormationRules) -> list[Formation]:
    if len(slots) < rules.min_tiles:
        return []
    tiles = [s.tile for s in slots]
    jolys = tiles.count(JOLY)
    if len(slots) - jolys < max(1, rules.min_natural_tiles):
        return []
    if not jolys and len(tiles) >= 2:
        plain = _plain_reading(tiles, rules)
        if plain is not None:
            return [plain]
    return _full_readings(slots, rules, jolys)


def _full_readings(
    slots: Sequence[SlotToken], rules: FormationRules, jolys: int
) -> list[Formation]:
    """Every reading of ``slots`` (``jolys`` of them jolys, enough natural tiles): as a run in
    the order written (or, without jolys, sorted), and as a set."""
    out: list[Formation] = []
    run = _read_run(slots, rules)
    if run is None and not jolys:
        ordered = _sorted_run_slots(slots)
        if ordered is not None:
            run = _read_run(ordered, rules)
    if run is not None:
        out.append(run)
    group = _read_set(slots, rules)
    if group is not None:
        out.append(group)
    return out


def _plain_reading(tiles: list[Tile], rules: FormationRules) -> Formation | None:
    """The reading of two or more natural tiles in the two common shapes, the only reading
    they have (a run needs one colour, a set distinct colours): a run written in order of
    consecutive numbers within 1-13, or a set of one number in distinct colours within
    ``set.max_tiles``; ``None`` for anything else (``_formation_readings`` reads it in full).
    The same formation as the full reading gives."""
    first = tiles[0]
    n = len(tiles)
    number = first.number
    # tiles are ints (code + 1): a colour's 13 tiles are consecutive
    if (
        all(t == first + i for i, t in enumerate(tiles))
        and (first - 1) // 13 == (first + n - 2) // 13
    ):
        ranks = tuple(range(number, number + n))
        return Formation(kind=Kind.RUN, tiles=tuple(tiles), identities=tuple(tiles), ranks=ranks)
    if n > rules.set_max_tiles or n > len(COLOURS):
        return None
    if any(t.number != number for t in tiles) or len({t.colour for t in tiles}) != n:
        return None
    ordered = tuple(sorted(tiles))
    return Formation(kind=Kind.SET, tiles=ordered, identities=ordered, ranks=(number,) * n)


def _sorted_run_slots(slots: Sequence[SlotToken]) -> list[SlotToken] | None:
    """Natural tiles of one colour sorted into run order (a 1 goes last after a 13)."""
    numbers = sorted(s.tile.number for s in slots)
    if len({s.tile.colour for s in slots}) != 1:
        return None
    high_ace = numbers[0] == 1 and numbers[-1] == 13 and (len(numbers) < 2 or numbers[1] != 2)

    def key(s: SlotToken) -> int:
        return ACE_HIGH_RANK if (high_ace and s.tile.number == 1) else s.tile.number

    return sorted(slots, key=key)


def _rank_options(tile: Tile, rules: FormationRules) -> tuple[int, ...]:
    if tile.number == 1 and rules.ace_high:
        return (1, ACE_HIGH_RANK)
    return (tile.number,)


def _read_run(slots: Sequence[SlotToken], rules: FormationRules) -> Formation | None:
    # what each slot is known to be: the tile, a joly's stated identity, or None
    knowns = [s.stated if s.tile == JOLY else s.tile for s in slots]
    colour: Colour | None = None
    anchor: tuple[int, Tile] | None = None
    for i, known in enumerate(knowns):
        if known is None:
            continue
        if colour is None:
            colour = known.colour
            anchor = (i, known)
        elif known.colour is not colour:
            return None
    if colour is None or anchor is None:
        return None
    n = len(slots)
    top = ACE_HIGH_RANK if rules.ace_high else 13
    index, tile = anchor
    first_code = colour.index * 13 - 1  # + number: the code of that tile of ``colour``
    for rank in _rank_options(tile, rules):
        start = rank - index
        end = start + n - 1
        if start < 1 or end > top:
            continue
        if start == 1 and end == ACE_HIGH_RANK and not rules.ace_both_ends:
            continue
        ranks = tuple(range(start, end + 1))
        numbers = [1 if r == ACE_HIGH_RANK else r for r in ranks]
        if any(k is not None and k.number != v for k, v in zip(knowns, numbers)):
            continue
        return Formation(
            kind=Kind.RUN,
            tiles=tuple(s.tile for s in slots),
            identities=tuple(ALL_TILE_TYPES[first_code + v] for v in numbers),
            ranks=ranks,
        )
    return None


def _read_set(slots: Sequence[SlotToken], rules: FormationRules) -> Formation | None:
    n = len(slots)
    if n > rules.set_max_tiles or n > len(COLOURS):
        return None
    naturals = [s.tile for s in slots if s.tile != JOLY]
    number = naturals[0].number
    if any(t.number != number for t in naturals):
        return None
    colours = [t.colour for t in naturals]
    if len(set(colours)) != len(colours):
        return None
    stated = [s.stated for s in slots if s.tile == JOLY and s.stated is not None]
    stated_colours = [t.colour for t in stated]
    if any(t.number != number for t in stated):
        return None
    if len(set(stated_colours)) != len(stated_colours) or set(stated_colours) & set(colours):
        return None
    joly_count = n - len(naturals)
    missing = [c for c in COLOURS if c not in colours]
    # Identities are fixed only when the jolys fill every missing colour (a 4-tile set).
    fixed = joly_count == len(missing)
    free = iter([c for c in missing if c not in stated_colours])
    nat_sorted = sorted(naturals)  # by code: tiles are ints
    joly_idents: list[Tile | None] = []
    for s in slots:
        if s.tile != JOLY:
            continue
        if not fixed:
            joly_idents.append(None)
        elif s.stated is not None:
            joly_idents.append(s.stated)
        else:
            joly_idents.append(Tile(next(free), number))
    joly_idents.sort(key=lambda t: 99 if t is None else t.code)
    tiles = tuple(nat_sorted) + (JOLY,) * joly_count
    identities: tuple[Tile | None, ...] = tuple(nat_sorted) + tuple(joly_idents)
    return Formation(kind=Kind.SET, tiles=tiles, identities=identities, ranks=(number,) * n)


def _failure(slots: Sequence[SlotToken], rules: FormationRules) -> tuple[str, str]:
    """Why ``slots`` make no formation: (reason, rule id)."""
    n = len(slots)
    if n < rules.min_tiles:
        return f"a formation needs at least {rules.min_tiles} tiles, got {n}", "formation.min_tiles"
    naturals = [s.tile for s in slots if not s.tile.is_joly]
    if len(naturals) < max(1, rules.min_natural_tiles):
        return (
            f"a formation needs at least {max(1, rules.min_natural_tiles)} natural (non-joly) "
            f"tile(s), got {len(naturals)}",
            "formation.min_natural_tiles",
        )
    if any(s.stated is not None for s in slots):
        plain = [SlotToken(s.tile) for s in slots]
        if formation_readings(plain, rules):
            return (
                "a joly's stated identity does not fit its place in the formation",
                "joly.identity",
            )
    knowns = [s.stated if s.tile.is_joly else s.tile for s in slots]
    known = [t for t in knowns if t is not None]
    same_colour = len({t.colour for t in known}) == 1
    same_number = len({t.number for t in naturals}) == 1
    if same_number and not same_colour:
        colours = [t.colour for t in naturals]
        if len(set(colours)) != len(colours):
            return "a set (terță) needs tiles of distinct colours", "set.distinct_colours"
        if n > rules.set_max_tiles:
            return f"a set (terță) holds at most {rules.set_max_tiles} tiles", "set.max_tiles"
        return "a joly's stated identity does not fit this set", "joly.identity"
    if same_colour and not same_number:
        numbers = [t.number for t in known]
        if numbers.count(1) > 1:
            return (
                "a run (suită) may use only one 1 (1-2-...-13-1 is not allowed)",
                "run.ace_both_ends",
            )
        dupes = sorted({x for x in numbers if numbers.count(x) > 1})
        if dupes:
            return (
                f"a run (suită) holds each number once, {dupes[0]} appears twice",
                "formation.run",
            )
        if 1 in numbers and 13 in numbers and not rules.ace_high:
            return (
                "the 1 counts low only (1-2-3): a run never goes on past 13 "
                "(12-13-1 and 13-1-2 are not runs)",
                "run.ace_high",
            )
        positions = [i for i, t in enumerate(knowns) if t is not None and t.number == 1]
        if positions and 13 in numbers and any(0 < p < n - 1 for p in positions):
            return (
                "the 1 may end a run after 13 (12-13-1) but never sits inside one (13-1-2)",
                "run.no_wrap",
            )
        if positions and 13 in numbers and positions[0] == 0:
            return (
                "the 1 may follow 13 (12-13-1) but never precede 2 after it (13-1-2)",
                "run.no_wrap",
            )
        if any(s.tile.is_joly and s.stated is not None for s in slots):
            return "a joly's stated identity does not fit its place in the run", "joly.identity"
        anchor = next(i for i, t in enumerate(knowns) if t is not None)
        start = numbers[0] - anchor
        if all(t is None or t.number == start + i for i, t in enumerate(knowns)):
            # in order, but a joly at one end would stand for a number that does not exist
            past = "the 1 after 13" if rules.ace_high else "13"
            return (
                f"a joly there would stand for a number below 1 or past {past}: a joly's place "
                "in the run gives its number (put it at the other end)",
                "formation.run",
            )
        return "the numbers are not consecutive in the order given", "formation.run"
    if same_colour and same_number:
        return "a run needs distinct numbers and a set distinct colours", "formation.kind"
    return (
        "the tiles share neither one colour with consecutive numbers (run, suită) nor one "
        "number in distinct colours (set, terță)",
        "formation.kind",
    )


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
        ci = tile_ci[t]  # a tile is its own index into these tables (see remi.tiles.Tile)
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
    used for the șir tiles a player could break the șir at (PD 6: the pool is his rack plus the
    șir from that tile on).
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
    pe-tablă close (PD 10) before the exact search.
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


@functools.cache
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


@functools.cache
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
        # numbers; same order as the general loop below (by start, then end).
        r = 1
        while r <= top:
            if not have[r]:
                r += 1
                continue
            seg_start = r
            while r < top and have[r + 1]:
                r += 1
            for a in range(seg_start, r - min_len + 2):
                for b in range(a + min_len - 1, r + 1):
                    if a == 1 and b == ACE_HIGH_RANK and not both:
                        continue
                    if b - a + 1 >= need_nat:
                        out.append(_run(ci, a, b, ()))
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
