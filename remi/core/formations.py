"""Formations: runs (suită) and sets (terță), joly identities, and their point values.

docs/rules.md §1.4 (Remi: 1-2-3 and 12-13-1, never 13-1-2; sets of 3-4 distinct colours; a
formation holds at least one natural tile; a formation that reads both as a run and as a set must
state its joly identities, or it is refused as ambiguous, listing the readings), §1.5 (opening
values), §1.12 (final values) and §2.3 (Rummikub: the 1 is low only).

A joly's identity is fixed by its position in a run (``[R3 J R5]``: the joly is R4) or stated
(``J[R4]``). In a 3-tile set the joly stands for "either missing colour" and its identity stays
open (``None``) until the set grows to four tiles; in a 4-tile set it is the one missing colour.
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Sequence
from typing import Final, NamedTuple

import attrs

from remi.core.errors import AmbiguousFormationError, Reason, formation_error
from remi.core.messages import N_, NP_
from remi.core.notation import SlotToken, format_tiles, parse_formation_tokens
from remi.core.tiles import ALL_TILE_TYPES, COLOURS, JOLY, Colour, Tile

__all__ = [
    "ACE_HIGH_RANK",
    "FINAL_POINTS",
    "OPENING_POINTS",
    "REMI_FORMATIONS",
    "Formation",
    "FormationRules",
    "Kind",
    "PointTable",
    "formation_points",
    "formation_readings",
    "loose_tile_points",
    "parse_formation",
    "plain_reading",
    "read_formation",
    "read_run",
]

ACE_HIGH_RANK: Final[int] = 14
#: The plain slot (no stated identity) of each tile type, by ``code``: shared, slots are immutable.
_PLAIN_SLOTS: Final[tuple[SlotToken, ...]] = tuple(SlotToken(t) for t in ALL_TILE_TYPES)


class Kind(enum.Enum):
    """The two kinds of formation: a run (suită) and a set (terță, Rummikub "group")."""

    RUN = "run"
    SET = "set"


class FormationRules(NamedTuple):
    """The rule parameters that decide whether tiles form a valid formation.

    An immutable named tuple (its hash runs at C speed: the formation tables are cached by it).

    Attributes:
        ace_high: ``run.ace_high``; the 1 may follow 13 (12-13-1). True in Remi (docs/rules.md
            §1.4), False in Rummikub (§2.3).
        ace_both_ends: ``run.ace_both_ends``; a run may use a 1 at both ends (1-2-...-13-1).
            False by default (docs/rules.md §3.10).
        set_max_tiles: ``set.max_tiles``; sets hold 3 up to this many tiles of distinct colours (4).
        min_natural_tiles: ``formation.min_natural_tiles``; at least this many non-joly tiles
            (1, docs/rules.md §1.4).
        min_tiles: ``formation.min_tiles``; the shortest formation (3 tiles).
        joker_term: the family's word for the wild tile in its messages: ``"joly"`` (Remi) or
            ``"joker"`` (Rummikub); it picks the message ids, not the rules.
    """

    ace_high: bool = True
    ace_both_ends: bool = False
    set_max_tiles: int = 4
    min_natural_tiles: int = 1
    min_tiles: int = 3
    joker_term: str = "joly"


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
        face: count every numbered tile at its face number (Rummikub, docs/rules.md §2.5); the
            fields below other than the joly ones are then unused.
        low: a 2-9 (5 in Remi).
        high: a 10-13 (10).
        ace_low_run: a 1 at the start of a run, 1-2-3 (opening 5).
        ace_high_run: a 1 at the end of a run, 12-13-1 (opening 10).
        ace_set: a 1 in a set (25).
        ace_loose: a 1 not in a formation, e.g. on a rack (25).
        joly_in_formation: a joly in a formation: ``None`` = the value of the tile it stands for
            (opening, docs/rules.md §1.5), or a fixed value (final, 50).
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


#: docs/rules.md §1.5: the table used only to check the 45-point opening (etalare).
OPENING_POINTS: Final = PointTable(ace_low_run=5, ace_high_run=10, joly_in_formation=None)
#: docs/rules.md §1.12: end-of-hand values 2-9 = 5, 10-13 = 10, 1 = 25, joly = 50.
FINAL_POINTS: Final = PointTable()


def formation_points(formation: Formation, table: PointTable) -> int:
    """Total points of ``formation`` under ``table`` (docs/rules.md §1.5 for openings, §1.12 at
    the end).

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


# --- Reading formations ---------------------------------------------------------------------


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
    jolys, a run is read in the order written, since a joly's position gives its identity. When
    the tiles have no reading in the order written, a joly whose place is forced is put there
    (``R12 R13 J`` with the 1 low only is ``J[R11] R12 R13``, docs/rules.md §1.4, §2.3); two
    or more places are refused as ambiguous, listing the readings.

    Raises:
        InvalidFormationError: not a valid run or set, with the rule id broken
            (``formation.min_tiles``, ``formation.min_natural_tiles``, ``formation.kind``,
            ``formation.run``, ``run.no_wrap``, ``run.ace_high``, ``run.ace_both_ends``,
            ``set.distinct_colours``, ``set.max_tiles``, ``joly.identity``).
        AmbiguousFormationError: two readings (run and set); the message lists both.
    """
    readings = formation_readings(slots, rules) or _placed_runs(slots, rules)
    if len(readings) == 1:
        return readings[0]
    text = f"[{format_tiles(slots)}]"
    if readings:
        shown = [f"[{format_tiles(r.slots(explicit=True))}]" for r in readings]
        raise AmbiguousFormationError.from_id(
            _worded("ambiguous", rules),
            fields={"tiles_text": text, "readings": shown},
            formation=text,
            readings=" | ".join(shown),
        )
    why, rule_id = _failure(slots, rules)
    raise formation_error(
        N_("error.formation.invalid"), rule_id, tiles_text=text, formation=text, reason=why
    )


# the messages that name the wild tile: one id per family word (FormationRules.joker_term)
_WORDED: dict[str, tuple[str, str]] = {
    "ambiguous": (N_("error.formation.ambiguous.joly"), N_("error.formation.ambiguous.joker")),
    "min_natural": (
        NP_("error.formation.min_natural.joly"),
        NP_("error.formation.min_natural.joker"),
    ),
    "stated": (N_("error.formation.stated.joly"), N_("error.formation.stated.joker")),
    "stated_set": (N_("error.formation.stated_set.joly"), N_("error.formation.stated_set.joker")),
    "stated_run": (N_("error.formation.stated_run.joly"), N_("error.formation.stated_run.joker")),
    "run_end": (N_("error.formation.run_end.joly"), N_("error.formation.run_end.joker")),
}


def _worded(name: str, rules: FormationRules) -> str:
    """The id of the message ``name`` in the family's word for the wild tile."""
    joly, joker = _WORDED[name]
    return joker if rules.joker_term == "joker" else joly


def formation_readings(
    slots: Sequence[SlotToken], rules: FormationRules = REMI_FORMATIONS
) -> list[Formation]:
    """Every valid reading of ``slots`` (0, 1, or 2 when both a run and a set fit).

    Never raises for invalid tiles: an empty list means no valid reading. The result is
    memoised per (slots, rules), the same table formations being read again on every move: the
    4,096 most recently used (and as many formations' slots), so a simulation's memory is flat.
    """
    return list(_cached_readings(tuple(slots), rules))


@functools.lru_cache(maxsize=1 << 12)
def _formation_slots(formation: Formation, explicit: bool) -> tuple[SlotToken, ...]:
    return formation._slots(explicit)


@functools.lru_cache(maxsize=1 << 12)
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
        plain = plain_reading(tiles, rules)
        if plain is not None:
            return [plain]
    return _full_readings(slots, rules, jolys)


def _full_readings(
    slots: Sequence[SlotToken], rules: FormationRules, jolys: int
) -> list[Formation]:
    """Every reading of ``slots`` (``jolys`` of them jolys, enough natural tiles): as a run in
    the order written (or, without jolys, sorted), and as a set."""
    out: list[Formation] = []
    run = read_run(slots, rules)
    if run is None and not jolys:
        ordered = _sorted_run_slots(slots)
        if ordered is not None:
            run = read_run(ordered, rules)
    if run is not None:
        out.append(run)
    group = _read_set(slots, rules)
    if group is not None:
        out.append(group)
    return out


def _placed_runs(slots: Sequence[SlotToken], rules: FormationRules) -> list[Formation]:
    """Every run of ``slots`` with its plain jolys moved to places they can take, the other
    tiles (natural, or jolys with a stated identity) in number order: the readings of a
    formation whose jolys are written out of place (none without a plain joly)."""
    free = sum(1 for s in slots if s.tile == JOLY and s.stated is None)
    known = [s for s in slots if s.tile != JOLY or s.stated is not None]
    tiles = [s.tile if s.stated is None else s.stated for s in known]
    if not free or not tiles or len({t.colour for t in tiles}) != 1:
        return []
    n = len(slots)
    top = ACE_HIGH_RANK if rules.ace_high else 13
    out: list[Formation] = []
    for start in range(1, top - n + 2):
        left = list(zip(tiles, known))
        ordered: list[SlotToken] = []
        for rank in range(start, start + n):
            number = 1 if rank == ACE_HIGH_RANK else rank
            pick = next((p for p in left if p[0].number == number), None)
            if pick is None:
                ordered.append(_PLAIN_SLOTS[JOLY.code])
            else:
                left.remove(pick)
                ordered.append(pick[1])
        run = None if left else read_run(ordered, rules)
        if run is not None and run not in out:
            out.append(run)
    return out


def plain_reading(tiles: Sequence[Tile], rules: FormationRules) -> Formation | None:
    """The one reading of two or more natural tiles (no joly) in the two common shapes, read
    straight (docs/rules.md §1.4, §2.3): a run of one colour in order of consecutive numbers
    within 1-13, or a set of one number in distinct colours within ``set.max_tiles``; None for
    other shapes (out of order, 12-13-1 of ``run.ace_high``), which ``formation_readings`` reads
    in full. The caller checks ``formation.min_tiles``; no tiles raise IndexError."""
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


def read_run(slots: Sequence[SlotToken], rules: FormationRules) -> Formation | None:
    """``slots`` in order read as a run (suită; ``run.*`` rules, docs/rules.md §1.4, §2.3), or None."""
    knowns = [s.stated if s.tile == JOLY else s.tile for s in slots]  # tile, joly's identity, None
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


def _failure(slots: Sequence[SlotToken], rules: FormationRules) -> tuple[Reason, str]:
    """Why ``slots`` make no formation: (reason, rule id)."""
    n = len(slots)
    if n < rules.min_tiles:
        return Reason(
            NP_("error.formation.min_tiles"), rules.min_tiles, got=n
        ), "formation.min_tiles"
    naturals = [s.tile for s in slots if not s.tile.is_joly]
    if len(naturals) < max(1, rules.min_natural_tiles):
        return (
            Reason(
                _worded("min_natural", rules), max(1, rules.min_natural_tiles), got=len(naturals)
            ),
            "formation.min_natural_tiles",
        )
    if any(s.stated is not None for s in slots):
        plain = [SlotToken(s.tile) for s in slots]
        if formation_readings(plain, rules):
            return Reason(_worded("stated", rules)), "joly.identity"
    knowns = [s.stated if s.tile.is_joly else s.tile for s in slots]
    known = [t for t in knowns if t is not None]
    same_colour = len({t.colour for t in known}) == 1
    same_number = len({t.number for t in naturals}) == 1
    if same_number and not same_colour:
        colours = [t.colour for t in naturals]
        if len(set(colours)) != len(colours):
            return Reason(N_("error.formation.set_colours")), "set.distinct_colours"
        if n > rules.set_max_tiles:
            return Reason(NP_("error.formation.set_max"), rules.set_max_tiles), "set.max_tiles"
        return Reason(_worded("stated_set", rules)), "joly.identity"
    if same_colour and not same_number:
        return _run_failure(slots, knowns, rules)
    if same_colour and same_number:
        return Reason(N_("error.formation.same_tiles")), "formation.kind"
    return Reason(N_("error.formation.no_kind")), "formation.kind"


def _run_failure(
    slots: Sequence[SlotToken], knowns: Sequence[Tile | None], rules: FormationRules
) -> tuple[Reason, str]:
    """Why one colour with different numbers makes no run (suită): (reason, rule id)."""
    n = len(slots)
    numbers = [t.number for t in knowns if t is not None]
    if numbers.count(1) > 1:
        return Reason(N_("error.formation.ace_both_ends")), "run.ace_both_ends"
    dupes = sorted({x for x in numbers if numbers.count(x) > 1})
    if dupes:
        return Reason(N_("error.formation.run_twice"), number=dupes[0]), "formation.run"
    if 1 in numbers and 13 in numbers and not rules.ace_high:
        return Reason(N_("error.formation.ace_low")), "run.ace_high"
    positions = [i for i, t in enumerate(knowns) if t is not None and t.number == 1]
    if positions and 13 in numbers and any(0 < p < n - 1 for p in positions):
        return Reason(N_("error.formation.ace_inside")), "run.no_wrap"
    if positions and 13 in numbers and positions[0] == 0:
        return Reason(N_("error.formation.ace_first")), "run.no_wrap"
    if any(s.tile.is_joly and s.stated is not None for s in slots):
        return Reason(_worded("stated_run", rules)), "joly.identity"
    anchor = next(i for i, t in enumerate(knowns) if t is not None)
    start = numbers[0] - anchor
    if all(t is None or t.number == start + i for i, t in enumerate(knowns)):
        # in order, but a joly at one end would stand for a number that does not exist
        past = N_("error.formation.past_ace") if rules.ace_high else N_("error.formation.past_13")
        return Reason(_worded("run_end", rules), past=Reason(past)), "formation.run"
    return Reason(N_("error.formation.not_consecutive")), "formation.run"
