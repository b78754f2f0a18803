"""The exact arrangement search shared by the opening solver and the bot helpers.

A rack is packed into one integer ``S`` (the search state):

* bit ``16*c + n`` (the "A" bits) is set when colour ``c`` (0-3, order R, Y, B, K) number ``n``
  (1-13) has at least one copy left; bit ``64 + 16*c + n`` (the "B" bits) when it has two;
* bits 128-131 count the jolys left;
* bits 136-138 are flags: a run (suită) is still needed, any formation is still needed, the
  must-use tile (a taken șir tile) is still unused.

The search decides the lowest remaining natural tile ``t`` (in code order: colour, then number):
either ``t`` stays on the rack, or it goes into one formation whose other natural tiles all come
later in that order (every earlier tile is already decided). Because of that, the runs holding
``t`` start at ``t`` (earlier places in the run can only be jolys), except a 1 played high
(12-13-1), and the sets holding ``t`` take their other colours from later colours. The value of
a state is memoised, so every sub-multiset of the rack is solved once: the answer is exact (it
is the maximum over every way to split the rack into formations and loose tiles), not greedy.

Formations that use the same tiles and jolys lead to the same state, so only the best of them
(and the best run among them, for the "needs a run" flag) is kept. Scores are one integer:
``points * 65536 - jolys_used * 256 - tiles_used``, so equal points prefer fewer jolys, then
fewer tiles (the tie-break documented in docs/solvers.md).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final

import attrs

from remi.core.errors import notation_error
from remi.core.formations import (
    ACE_HIGH_RANK,
    Formation,
    FormationRules,
    Kind,
    PointTable,
    formation_readings,
)
from remi.core.messages import N_
from remi.core.notation import SlotToken
from remi.core.tiles import COLOURS, COPIES, JOLY, JOLY_COUNT, Tile
from remi.variants.remi_pe_tabla.house import joly_limits_ok

__all__ = ["NEG", "Option", "Search", "engine_for", "pack"]

A_ALL: Final = (1 << 64) - 1
B_SHIFT: Final = 64
J_SHIFT: Final = 128
J_MASK: Final = 0xF << J_SHIFT
J_ONE: Final = 1 << J_SHIFT
FLAG_RUN: Final = 1 << 136
FLAG_FORM: Final = 1 << 137
FLAG_MUST: Final = 1 << 138
FLAG_SET: Final = 1 << 139  # opening.needs_set: a set (terță) is still needed
FLAGS: Final = FLAG_RUN | FLAG_FORM | FLAG_MUST | FLAG_SET
POINTS_WEIGHT: Final = 1 << 16
JOLY_WEIGHT: Final = 1 << 8
#: Score of an infeasible state (far below any real score).
NEG: Final = -(1 << 60)
_COLUMN: Final = (1 << 0) | (1 << 16) | (1 << 32) | (1 << 48)
#: Option lists a ``Search`` keeps at once (emptied beyond this). About 650 bytes an entry; the
#: pe-tablă closing test of random play meets a few thousand new neighbourhoods per 1,000 games,
#: so the table is full within the first ten thousand games and memory stays flat after.
_CACHE_LIMIT: Final = 1 << 14


def bit_of(tile: Tile) -> int:
    """The A bit of a numbered tile (``16 * colour index + number``)."""
    assert tile.colour is not None
    return 1 << (16 * tile.colour.index + tile.number)


def pack(tiles: Sequence[Tile]) -> int:
    """Pack a rack into a search state without flags.

    Raises:
        NotationError: a tile appears more often than the 106-tile set holds it (two copies of
            each numbered tile, two jolys, docs/rules.md §0.1); the error names the tile and its
            position.
    """
    state = 0
    seen: dict[Tile, int] = {}
    for position, tile in enumerate(tiles, start=1):
        count = seen.get(tile, 0) + 1
        seen[tile] = count
        limit = JOLY_COUNT if tile.is_joly else COPIES
        if count > limit:
            raise notation_error(
                N_("error.notation.copy"),
                text="",
                token=str(tile),
                position=position,
                copy=count,
                limit=limit,
            )
        if tile.is_joly:
            state += J_ONE
        else:
            bit = bit_of(tile)
            state |= (bit << B_SHIFT) if state & bit else bit
    return state


_GAP, _NATURAL, _TWIN = 0, 1, 2


def _place(rank: int, other_ace: bool, number: int, a_col: int, twin: int) -> int:
    """What fills ``rank`` of a run holding the tile (colour, ``number``): a joly (``_GAP``), a
    later natural tile still on the rack (``_NATURAL``), or the second copy of the tile itself
    (``_TWIN``, the other end's 1 of 1-2-...-13-1). ``other_ace``: the place is the run's other 1."""
    if other_ace:
        return _TWIN if number == 1 and twin else _GAP
    return _NATURAL if rank > number and (a_col >> rank) & 1 else _GAP


@attrs.frozen
class Option:
    """One way to lay the lowest remaining tile in a formation (a search edge).

    Attributes:
        score: points * 65536 - jolys * 256 - tiles (see the module docstring).
        use: A bits of the natural tiles it uses (one copy each).
        twin: the A bit of a tile used a second time (the two 1s of 1-2-...-13-1), else 0.
        jolys: jolys it uses (0-2).
        is_run: True for a run (suită).
        spec: ("run", colour index, first rank, last rank, joly ranks) or
            ("set", number, colour indexes, jolys), enough to rebuild the ``Formation``.
    """

    score: int
    use: int
    twin: int
    jolys: int
    is_run: bool
    spec: tuple[object, ...]


class Search:
    """Exact maximum-score arrangement search for one set of formation rules and point table.

    One instance per (rules, table); it keeps a cache of the formation options of a
    tile given its neighbourhood, shared by every rack it solves, of at most ``_CACHE_LIMIT``
    (16,384) entries, emptied when full. Not thread-safe (the cache is a plain dict; racing
    threads would only recompute entries).
    """

    def __init__(self, rules: FormationRules, table: PointTable, joly_limits: str = "none"):
        self.rules = rules
        self.table = table
        self.joly_limits = joly_limits  # joly.limits: options breaking it are never offered
        self.top = ACE_HIGH_RANK if rules.ace_high else 13
        self.need_nat = max(1, rules.min_natural_tiles)
        self.max_set = min(rules.set_max_tiles, len(COLOURS))
        self._cache: dict[tuple[int, int, int, int, int], tuple[Option, ...]] = {}
        self._run_points = [0] + [
            table.rank_points(r, Kind.RUN) for r in range(1, ACE_HIGH_RANK + 1)
        ]
        self._set_points = [0] + [table.rank_points(r, Kind.SET) for r in range(1, 14)]

    # -----------------------------------------------------------------------------------------
    # Options of the lowest remaining tile

    def options(self, state: int, idx: int) -> tuple[Option, ...]:
        """Every distinct formation holding the tile at bit ``idx`` and only later tiles."""
        colour, number = divmod(idx, 16)
        a_col = (state >> (16 * colour)) & 0xFFFF
        column = (state >> number) & _COLUMN
        jolys = (state & J_MASK) >> J_SHIFT
        twin = (state >> (B_SHIFT + idx)) & 1 if (number == 1 and self.rules.ace_both_ends) else 0
        key = (idx, a_col, column, jolys, twin)
        found = self._cache.get(key)
        if found is None:
            if len(self._cache) >= _CACHE_LIMIT:
                self._cache.clear()
            found = self._make_options(colour, number, a_col, column, jolys, twin)
            self._cache[key] = found
        return found

    def _make_options(
        self, colour: int, number: int, a_col: int, column: int, jolys: int, twin: int
    ) -> tuple[Option, ...]:
        best: dict[tuple[int, int, int], Option] = {}
        best_run: dict[tuple[int, int, int], Option] = {}

        def offer(option: Option) -> None:
            if (
                option.jolys
                and self.joly_limits != "none"
                and not joly_limits_ok(self.formation_of(option), self.joly_limits)
            ):
                return
            key = (option.use, option.twin, option.jolys)
            old = best.get(key)
            if old is None or option.score > old.score:
                best[key] = option
            if option.is_run:
                old = best_run.get(key)
                if old is None or option.score > old.score:
                    best_run[key] = option

        self._runs(colour, number, a_col, jolys, twin, offer)
        self._sets(colour, number, column, jolys, offer)
        out = list(best.values())
        out.extend(o for k, o in best_run.items() if best[k] is not o)
        return tuple(out)

    def _runs(
        self,
        colour: int,
        number: int,
        a_col: int,
        jolys: int,
        twin: int,
        offer: Callable[[Option], None],
    ) -> None:
        rules = self.rules
        base = 16 * colour
        min_len = rules.min_tiles
        # t at its own rank: earlier places can only be jolys (earlier tiles are decided)
        for start in range(number, max(1, number - jolys) - 1, -1):
            gaps = list(range(start, number))
            present: list[int] = []
            twin_used = False
            for end in range(number, self.top + 1):
                if end > number:
                    if end == ACE_HIGH_RANK and start == 1 and not rules.ace_both_ends:
                        break
                    kind = _place(end, end == ACE_HIGH_RANK, number, a_col, twin)
                    (gaps if kind == _GAP else present).append(end)
                    twin_used = twin_used or kind == _TWIN
                if len(gaps) > jolys:
                    break
                if end - start + 1 >= min_len:
                    self._run_variants(
                        colour, base, number, start, end, present, gaps, twin_used, jolys, offer
                    )
        if number != 1 or not rules.ace_high:
            return
        # a 1 played high, at rank 14 (12-13-1): the run ends there
        lowest = 1 if rules.ace_both_ends else 2
        gaps = []
        present = []
        twin_used = False
        for start in range(13, lowest - 1, -1):
            kind = _place(start, start == 1, number, a_col, twin)
            (gaps if kind == _GAP else present).append(start)
            twin_used = twin_used or kind == _TWIN
            if len(gaps) > jolys:
                break
            if ACE_HIGH_RANK - start + 1 >= min_len:
                self._run_variants(
                    colour,
                    base,
                    ACE_HIGH_RANK,
                    start,
                    ACE_HIGH_RANK,
                    list(present),
                    list(gaps),
                    twin_used,
                    jolys,
                    offer,
                )

    def _run_variants(
        self,
        colour: int,
        base: int,
        anchor: int,
        start: int,
        end: int,
        present: list[int],
        gaps: list[int],
        twin_used: bool,
        jolys: int,
        offer: Callable[[Option], None],
    ) -> None:
        # a joly may also stand for a tile still on the rack (that tile then goes elsewhere)
        spare = jolys - len(gaps)
        choices: list[tuple[int, ...]] = [()]
        if spare >= 1:
            choices += [(r,) for r in present]
        if spare >= 2:
            choices += [(r1, r2) for i, r1 in enumerate(present) for r2 in present[i + 1 :]]
        length = end - start + 1
        points = self._run_points
        fixed = self.table.joly_in_formation
        anchor_number = 1 if anchor == ACE_HIGH_RANK else anchor
        for extra in choices:
            joly_ranks = tuple(sorted(gaps + list(extra)))
            nat = length - len(joly_ranks)
            if nat < self.need_nat:
                continue
            use = 1 << (base + anchor_number)
            twin_bit = 0
            for r in present:
                if r in extra:
                    continue
                if r == ACE_HIGH_RANK or (r == 1 and anchor == ACE_HIGH_RANK):
                    twin_bit = 1 << (base + 1) if twin_used else 0
                else:
                    use |= 1 << (base + r)
            value = 0
            for r in range(start, end + 1):
                if fixed is not None and r in joly_ranks:
                    value += fixed
                else:
                    value += points[r]
            njoly = len(joly_ranks)
            option = Option(
                score=value * POINTS_WEIGHT - njoly * JOLY_WEIGHT - length,
                use=use,
                twin=twin_bit,
                jolys=njoly,
                is_run=True,
                spec=("run", colour, start, end, joly_ranks),
            )
            offer(option)

    def _sets(
        self, colour: int, number: int, column: int, jolys: int, offer: Callable[[Option], None]
    ) -> None:
        later = [c for c in range(colour + 1, 4) if (column >> (16 * c)) & 1]
        fixed = self.table.joly_in_formation
        each = self._set_points[number]
        subsets: list[tuple[int, ...]] = [()]
        for c in later:
            subsets += [s + (c,) for s in subsets]
        for chosen in subsets:
            nat = 1 + len(chosen)
            if nat < self.need_nat:
                continue
            # jolys stand for colours not laid as natural tiles (missing or kept for elsewhere)
            for k in range(min(jolys, 2, 4 - nat) + 1):
                size = nat + k
                if not self.rules.min_tiles <= size <= self.max_set:
                    continue
                value = each * nat + (fixed * k if fixed is not None else each * k)
                use = 1 << (16 * colour + number)
                for c in chosen:
                    use |= 1 << (16 * c + number)
                offer(
                    Option(
                        score=value * POINTS_WEIGHT - k * JOLY_WEIGHT - size,
                        use=use,
                        twin=0,
                        jolys=k,
                        is_run=False,
                        spec=("set", number, (colour,) + chosen, k),
                    )
                )

    # -----------------------------------------------------------------------------------------
    # The memoised search

    def solve(
        self, state: int, *, must_bit: int = 0, must_joly: bool = False, use_all: bool = False
    ) -> tuple[int, list[Option]]:
        """Best score from ``state`` (flags included) and the options of one best arrangement.

        Args:
            state: a packed rack (``pack``) with the flags to satisfy.
            must_bit: the A bit of a natural tile that must be used (with ``FLAG_MUST``).
            must_joly: the must-use tile is a joly.
            use_all: every tile must be used (no tile stays on the rack).

        Returns:
            (score, options); score is ``NEG`` when no arrangement satisfies the flags.
        """
        memo: dict[int, int] = {}
        options = self.options

        def apply(s: int, o: Option) -> int:
            use = o.use
            b = (s >> B_SHIFT) & use
            s ^= (b << B_SHIFT) | (use ^ b)
            if o.twin:
                tb = (s >> B_SHIFT) & o.twin
                s ^= (tb << B_SHIFT) | (o.twin ^ tb)
            if o.jolys:
                s -= o.jolys * J_ONE
            if s & FLAGS:
                if o.is_run:
                    s &= ~FLAG_RUN
                else:
                    s &= ~FLAG_SET
                s &= ~FLAG_FORM
                if s & FLAG_MUST and ((o.use | o.twin) & must_bit or (must_joly and o.jolys)):
                    s &= ~FLAG_MUST
            return s

        def best(s: int) -> int:
            got = memo.get(s)
            if got is not None:
                return got
            a = s & A_ALL
            if s & FLAG_MUST and (
                (must_bit and not s & must_bit) or (must_joly and not s & J_MASK)
            ):
                memo[s] = NEG
                return NEG
            if not a:
                result = NEG if (s & FLAGS or (use_all and s & J_MASK)) else 0
                memo[s] = result
                return result
            low = a & -a
            idx = low.bit_length() - 1
            if use_all:
                result = NEG
            else:
                result = best(s ^ (low << B_SHIFT) if s & (low << B_SHIFT) else s ^ low)
            for o in options(s, idx):
                sub = best(apply(s, o))
                if sub > NEG:
                    v = o.score + sub
                    if v > result:  # noqa: PLR1730 - cheaper than max() in the hot loop
                        result = v
            memo[s] = result
            return result

        top = best(state)
        path: list[Option] = []
        if top <= NEG // 2:
            return NEG, path
        s = state
        while s & A_ALL:
            target = memo[s]
            low = s & A_ALL & -(s & A_ALL)
            idx = low.bit_length() - 1
            for o in options(s, idx):
                nxt = apply(s, o)
                sub = best(nxt)
                if sub > NEG and o.score + sub == target:
                    path.append(o)
                    s = nxt
                    break
            else:
                s = s ^ (low << B_SHIFT) if s & (low << B_SHIFT) else s ^ low
        return top, path

    def lays_all_but(self, state: int, spare: int) -> bool:
        """Whether disjoint formations can hold every tile of ``state`` but at most ``spare``.

        ``state`` is a packed rack without flags (``pack``); a tile left out is a natural tile
        or a joly. Exact, with the same formation options as ``solve``: the result equals
        "``solve`` with a one-point-per-tile table lays at least (tiles - ``spare``) tiles", but
        the search gives up on a branch as soon as more than ``spare`` tiles are left out, so
        a rack that cannot close is refused quickly (the pe-tablă close, docs/rules.md §1.10).
        """
        memo: dict[int, bool] = {}
        options = self.options
        spare_shift = 140

        def ok(s: int, k: int) -> bool:
            key = s | (k << spare_shift)
            got = memo.get(key)
            if got is not None:
                return got
            a = s & A_ALL
            if not a:
                result = (s & J_MASK) >> J_SHIFT <= k
                memo[key] = result
                return result
            low = a & -a
            result = False
            for o in options(s, low.bit_length() - 1):
                use = o.use
                b = (s >> B_SHIFT) & use
                nxt = s ^ ((b << B_SHIFT) | (use ^ b))
                if o.twin:
                    tb = (nxt >> B_SHIFT) & o.twin
                    nxt ^= (tb << B_SHIFT) | (o.twin ^ tb)
                if ok(nxt - o.jolys * J_ONE, k):
                    result = True
                    break
            if not result and k:
                result = ok(s ^ (low << B_SHIFT) if s & (low << B_SHIFT) else s ^ low, k - 1)
            memo[key] = result
            return result

        return ok(state, spare)

    # -----------------------------------------------------------------------------------------

    def formation_of(self, option: Option) -> Formation:
        """Rebuild the ``Formation`` an option lays (tiles in table order, joly identities)."""
        spec = option.spec
        if spec[0] == "run":
            _, colour_index, start, end, joly_ranks = spec
            assert isinstance(colour_index, int) and isinstance(start, int) and isinstance(end, int)
            assert isinstance(joly_ranks, tuple)
            colour = COLOURS[colour_index]
            ranks = tuple(range(start, end + 1))
            identities = tuple(Tile(colour, 1 if r == ACE_HIGH_RANK else r) for r in ranks)
            tiles = tuple(JOLY if r in joly_ranks else ident for r, ident in zip(ranks, identities))
            return Formation(kind=Kind.RUN, tiles=tiles, identities=identities, ranks=ranks)
        _, number, colours, k = spec
        assert isinstance(number, int) and isinstance(colours, tuple) and isinstance(k, int)
        slots = [SlotToken(Tile(COLOURS[c], number)) for c in colours] + [SlotToken(JOLY)] * k
        for reading in formation_readings(slots, self.rules):
            if reading.kind is Kind.SET:
                return reading
        raise AssertionError(f"set {spec} has no set reading")  # pragma: no cover


_ENGINES: dict[tuple[FormationRules, PointTable, str], Search] = {}


def engine_for(rules: FormationRules, table: PointTable, joly_limits: str = "none") -> Search:
    """The shared ``Search`` for these rules, table and ``joly.limits`` (created on first use)."""
    key = (rules, table, joly_limits)
    engine = _ENGINES.get(key)
    if engine is None:
        engine = Search(rules, table, joly_limits)
        _ENGINES[key] = engine
    return engine
