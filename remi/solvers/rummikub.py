"""The exact Rummikub best move: the most tiles or points a player can place, table rearranged.

Rules reference §B.3 (runs with the 1 low only, groups of 3-4 distinct colours), §B.5 (initial
meld: new sets from the rack only worth ``initial_meld.min_points``, a joker at the value of the
tile it stands for, no table manipulation that turn unless
``initial_meld.manipulate_same_turn``), §B.6 (after the initial meld every table tile stays on
the table, any rearrangement is allowed), §B.7 (a joker on the table may be re-used in a new set;
in a 3-tile group it stands for either missing colour). Tiles are types with counts (two copies
of each numbered tile, two jokers).

Method (docs/solvers.md, "Rummikub best move"): table tiles mandatory, rack tiles optional;
the objective first, then the number of original table sets kept unchanged (the minimal
disruption of den Hertog & Hulshof, 2006; within the ``tie_break_states`` budget). Three exact
engines: a sweep over the numbers 1..13 walked depth first (``remi.solvers._rk_dfs``); the
linear relaxation of den Hertog & Hulshof's integer program solved by HiGHS, with our own branch
and bound, suffix caps and refutations of kept sets (``remi.solvers._rk_lp``); and the same
sweep layer by layer as a dynamic program (``remi.solvers._rk_dp``). The tie-break searches the
collections of original sets largest first, each refuted by the relaxation or realised.

Points: a placed numbered tile counts its number; a placed joker counts the number of the tile it
stands for. When the table already held jokers, the jokers are interchangeable, so the ``k``
jokers placed from the rack are credited with the ``k`` highest numbers stood for by jokers on
the new table (a joker in a group counts the group's number). The points objective maximises
exactly this value, and ``verify_move`` recomputes it the same way. An initial meld without
table play touches no table set, so its jokers are the rack's: there the credit is the numbers
the meld's own jokers stand for (the meld's points, jokers as the tiles they stand for).
"""

from __future__ import annotations

import functools
import itertools
import json
from collections import Counter
from collections.abc import Iterator, Sequence
from typing import Any, Final

import attrs

from remi.core.candidates import candidate_formations
from remi.core.errors import (
    IllegalActionError,
    InvalidFormationError,
    NotationError,
    RemiError,
    RulesError,
)
from remi.core.formations import Formation, FormationRules, Kind, formation_readings, read_formation
from remi.core.notation import SlotToken
from remi.core.tiles import ALL_TILE_TYPES, COPIES, JOLY, JOLY_COUNT, Tile, sort_tiles
from remi.solvers._rk_dfs import solve_dfs
from remi.solvers._rk_dp import (
    Arrangement,
    Budget,
    DPGroup,
    DPRun,
    SolverBudgetExceeded,
    solve_dp,
)
from remi.solvers._rk_lp import Relaxation, Solution, relaxation

__all__ = ["Move", "MoveRules", "SolverBudgetExceeded", "best_move", "verify_move"]

OBJECTIVES: Final = ("tiles", "points")


@attrs.frozen(kw_only=True)
class MoveRules:
    """What the Rummikub move solver needs from a rule set (§B, §C.2 defaults).

    Attributes:
        initial_min_points: ``initial_meld.min_points``; the initial meld's points (30).
        initial_joker_value: ``initial_meld.joker_value``; ``"represented"`` (a joker in the
            initial meld counts as the tile it stands for) or ``"zero"``.
        manipulate_on_initial_turn: ``initial_meld.manipulate_same_turn``; table play in the
            initial-meld turn, after the meld (False).
        ace_high: ``run.ace_high``; must be False (the 1 is low only, §B.3).
        set_max_tiles: ``set.max_tiles``; groups hold 3 up to this many tiles (4).
        min_natural_tiles: ``formation.min_natural_tiles``; natural tiles every set holds (1).

    Raises:
        RulesError: ``run.ace_high`` true (12-13-1 runs are not modelled by the solver), or a
            value out of range.
    """

    initial_min_points: int = 30
    initial_joker_value: str = "represented"
    manipulate_on_initial_turn: bool = False
    ace_high: bool = False
    set_max_tiles: int = 4
    min_natural_tiles: int = 1

    def __attrs_post_init__(self) -> None:
        if self.ace_high:
            raise RulesError(
                "the Rummikub move solver plays the 1 low only; run.ace_high = true is not "
                "supported [run.ace_high]",
                key="run.ace_high",
                value=True,
            )
        if self.set_max_tiles not in (3, 4):
            raise RulesError(
                f"set.max_tiles = {self.set_max_tiles}: expected 3 or 4",
                key="set.max_tiles",
                value=self.set_max_tiles,
            )
        if not 1 <= self.min_natural_tiles <= 3:
            raise RulesError(
                f"formation.min_natural_tiles = {self.min_natural_tiles}: expected 1-3",
                key="formation.min_natural_tiles",
                value=self.min_natural_tiles,
            )
        if self.initial_joker_value not in ("represented", "zero"):
            raise RulesError(
                f"initial_meld.joker_value = {self.initial_joker_value!r}: expected represented or zero",
                key="initial_meld.joker_value",
                value=self.initial_joker_value,
            )

    @classmethod
    def from_rules(cls, rules: Any) -> MoveRules:
        """Read the fields from a rule set by rule id (``rules.get("initial_meld.min_points")``).

        Rule ids the rule set does not have keep the §B default. The joker options that the
        solver does not model (``joker.locks_meld`` true, ``joker.group_of_three`` =
        ``both_missing``, ``joker.freed_use`` = ``new_set_with_rack``) are refused.

        Raises:
            RulesError: for a rule value the solver cannot honour, naming the rule id.
        """

        def read(rule_id: str, default: Any) -> Any:
            try:
                return rules.get(rule_id)
            except RulesError:
                return default

        for rule_id, fine in (
            ("joker.locks_meld", False),
            ("joker.group_of_three", "either_missing"),
            ("joker.freed_use", "same_turn_any_set"),
        ):
            value = read(rule_id, fine)
            if value != fine:
                raise RulesError(
                    f"the Rummikub move solver treats table jokers as freely re-usable; "
                    f"{rule_id} = {json.dumps(value)} is not supported [{rule_id}]",
                    key=rule_id,
                    value=value,
                )
        return cls(
            initial_min_points=read("initial_meld.min_points", 30),
            initial_joker_value=read("initial_meld.joker_value", "represented"),
            manipulate_on_initial_turn=read("initial_meld.manipulate_same_turn", False),
            ace_high=read("run.ace_high", False),
            set_max_tiles=read("set.max_tiles", 4),
            min_natural_tiles=read("formation.min_natural_tiles", 1),
        )

    @property
    def formation_rules(self) -> FormationRules:
        """The ``FormationRules`` of Rummikub sets under these rules."""
        return FormationRules(
            ace_high=False,
            ace_both_ends=False,
            set_max_tiles=self.set_max_tiles,
            min_natural_tiles=self.min_natural_tiles,
        )


DEFAULT_RULES: Final = MoveRules()


@attrs.frozen(kw_only=True)
class Move:
    """A best move: the rack tiles played and the whole new table.

    Attributes:
        placed: the rack tiles played, sorted (``sort_tiles``: colour R, Y, B, K, then number;
            jokers last), not in the order the rack was given.
        table: the new table, every set: original sets first in their original order (unchanged
            or changed), then the new sets.
        tiles_placed: ``len(placed)``.
        points_placed: face values of the placed tiles; placed jokers count as the tiles they
            stand for (module docstring: the highest numbers stood for by jokers on the table,
            or by the meld's jokers for an initial meld without table play).
        edits: the move in words, e.g. ``"take Y7 from set 3"``, ``"add R5 to set 2"``,
            ``"new set [R7 R8 R9]"``; sets are numbered from 1 in the order of the old table.
        changed_sets: how many original table sets are not on the new table unchanged.
        meld: for an initial-meld move, the new sets laid from the rack alone worth at least
            ``initial_meld.min_points``; empty otherwise.
    """

    placed: tuple[Tile, ...]
    table: tuple[Formation, ...]
    tiles_placed: int
    points_placed: int
    edits: tuple[str, ...]
    changed_sets: int
    meld: tuple[Formation, ...] = ()


# ---------------------------------------------------------------------------------------------
# Packing positions


def _counts(tiles: Sequence[Tile]) -> tuple[list[int], int]:
    counts = [0] * 53
    for t in tiles:
        counts[t - 1] += 1  # a tile is the int code + 1; the jokers' count last
    jokers = counts.pop()
    return counts, jokers


def _table_tiles(table: Sequence[Formation]) -> list[Tile]:
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
    checked: list[Formation] = []
    for index, f in enumerate(table, 1):
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
        raise NotationError(
            f"the table and rack hold {n} copies of {tile}; the 106-tile set has {limit}",
            token=str(tile),
        )
    return checked


def _originals(
    table: Sequence[Formation],
) -> tuple[list[tuple[int, int, int, int]], list[tuple[int, int, int]]]:
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
    frules = rules.formation_rules
    out: list[Formation] = []
    for run in arr.runs:
        slots = []
        for i, joker in enumerate(run.jokers):
            tile = ALL_TILE_TYPES[run.colour * 13 + run.start + i - 1]
            slots.append(SlotToken(JOLY, tile) if joker else SlotToken(tile))
        out.append(read_formation(slots, frules))
    for g in arr.groups:
        slots = [SlotToken(ALL_TILE_TYPES[c * 13 + g.number - 1]) for c in g.colours]
        missing = [c for c in range(4) if c not in g.colours]
        for k in range(g.jokers):
            slots.append(SlotToken(JOLY, ALL_TILE_TYPES[missing[k] * 13 + g.number - 1]))
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


# ---------------------------------------------------------------------------------------------
# Building the move


#: What ``_order_table`` returns: the new sets ordered, the old index each continues, the number
#: of old sets left unchanged.
_Ordering = tuple[list[Formation], list[int | None], int]


def _order_table(old: Sequence[Formation], new: list[Formation]) -> _Ordering:
    """Match new sets to old ones: unchanged first, then by most shared tiles.

    Returns the new table ordered (matched sets in old order, then unmatched), for each entry the
    old index it continues (or None), and the number of old sets left unchanged.
    """
    match: dict[int, int] = {}
    unchanged = 0
    with_key: dict[tuple[object, ...], list[int]] = {}  # new sets by key, in order
    for j, f in enumerate(new):
        with_key.setdefault(_key(f), []).append(j)
    for i, f in enumerate(old):  # each old set matches the first free new set equal to it
        same = with_key.get(_key(f))
        if same:
            match[i] = same.pop(0)
            unchanged += 1
    matched = set(match.values())
    remaining = [j for j in range(len(new)) if j not in matched]
    # which unmatched new sets hold each tile, with how many copies: the shared counts come
    # from there
    holders: dict[Tile, list[tuple[int, int]]] = {}
    for j in remaining:
        for tile, copies in Counter(new[j].tiles).items():
            holders.setdefault(tile, []).append((j, copies))
    for i, f in enumerate(old):
        if i in match:
            continue
        shared_with: dict[int, int] = {}
        for tile, copies in Counter(f.tiles).items():
            for j, held in holders.get(tile, ()):
                shared_with[j] = shared_with.get(j, 0) + min(copies, held)
        best_j, best_shared = None, 0
        for j in remaining:  # the first of the most shared, in the order of ``remaining``
            shared = shared_with.get(j, 0)
            if shared > best_shared:
                best_j, best_shared = j, shared
        if best_j is not None:
            match[i] = best_j
            remaining.remove(best_j)
    ordered: list[Formation] = []
    sources: list[int | None] = []
    for i in range(len(old)):
        if i in match:
            ordered.append(new[match[i]])
            sources.append(i)
    for j in remaining:
        ordered.append(new[j])
        sources.append(None)
    return ordered, sources, unchanged


def _edits(
    old: Sequence[Formation],
    ordered: list[Formation],
    sources: list[int | None],
    placed: Sequence[Tile],
    rules: MoveRules,
) -> tuple[str, ...]:
    frules = rules.formation_rules
    edits: list[str] = []
    taken: Counter[Tile] = Counter()
    # each old set's tiles the new set continuing it keeps, and those it gives up
    kept_by_source: dict[int, tuple[list[Tile], list[Tile]]] = {}
    unchanged: set[int] = set()
    for f, src in zip(ordered, sources):
        if src is None:
            continue
        if _key(f) == _key(old[src]):
            unchanged.add(src)  # kept whole: nothing taken, nothing added
            continue
        kept_by_source[src] = _split(old[src].tiles, f.tiles)
    for i, f in enumerate(old):
        if i in unchanged:
            continue
        kept, gone = kept_by_source.get(i, ([], list(f.tiles)))
        taken.update(gone)
        if not kept:
            edits.append(f"break up set {i + 1} {f.text(frules)}")
            continue
        for t in sort_tiles(gone):
            edits.append(f"take {t} from set {i + 1}")
    rack_left = Counter(placed)
    for f, src in zip(ordered, sources):
        if src is not None:
            if src in unchanged:
                continue
            for t in sort_tiles(_split(f.tiles, kept_by_source[src][0])[1]):
                if taken[t]:
                    taken[t] -= 1
                    edits.append(f"add {t} to set {src + 1}")
                else:
                    rack_left[t] -= 1
                    edits.append(f"add {t} from the rack to set {src + 1}")
            edits.append(f"set {src + 1} is now {f.text(frules)}")
        else:
            from_rack = []
            for t in f.tiles:
                if taken[t]:
                    taken[t] -= 1
                else:
                    from_rack.append(t)
            note = (
                f" ({len(from_rack)} from the rack)"
                if from_rack and len(from_rack) < len(f.tiles)
                else ""
            )
            edits.append(f"new set {f.text(frules)}{note}")
    return tuple(edits)


def _make_move(
    old: Sequence[Formation],
    new_sets: list[Formation],
    placed: list[Tile],
    rules: MoveRules,
    meld: Sequence[Formation] = (),
    meld_only: bool = False,
    ordering: _Ordering | None = None,
) -> Move:
    """The ``Move`` from the old table to ``new_sets`` placing ``placed``; ``meld`` for an
    initial-meld move, ``meld_only`` when the table is untouched (the placed jokers are then
    credited with what the meld's jokers stand for: module docstring); ``ordering``: what
    ``_order_table(old, new_sets)`` returns, when the caller has it already."""
    ordered, sources, unchanged = ordering or _order_table(old, new_sets)
    placed_sorted = sort_tiles(placed)
    return Move(
        placed=placed_sorted,
        table=tuple(ordered),
        tiles_placed=len(placed_sorted),
        points_placed=placed_points(meld if meld_only else ordered, placed_sorted),
        edits=_edits(old, ordered, sources, placed_sorted, rules),
        changed_sets=len(old) - unchanged,
        meld=tuple(meld),
    )


def _disruption(
    old: Sequence[Formation], new: list[Formation], ordering: _Ordering | None = None
) -> tuple[int, int]:
    """(original sets changed, original tiles moved): the tiles of each original set missing
    from the new set that continues it (``_order_table``, or ``ordering`` when given: what it
    returns for ``old`` and ``new``), all of them when none does."""
    ordered, sources, unchanged = ordering or _order_table(old, new)
    moved = 0
    continued = set()
    for f, src in zip(ordered, sources):
        if src is not None:
            continued.add(src)
            if f.tiles != old[src].tiles:
                moved += len(_split(old[src].tiles, f.tiles)[1])
    moved += sum(len(f.tiles) for i, f in enumerate(old) if i not in continued)
    return len(old) - unchanged, moved


def _with_tile(f: Formation, index: int, slot: SlotToken, rules: MoveRules) -> Formation | None:
    """``f`` with its tile at ``index`` replaced by ``slot``, read again as the same kind, or
    ``None`` when that is no valid formation."""
    slots = list(f.slots(explicit=True))
    slots[index] = slot
    for reading in formation_readings(slots, rules.formation_rules):
        if reading.kind is f.kind:
            return reading
    return None


def _joker_trades(
    old: Sequence[Formation], sets: list[Formation], rules: MoveRules, ordering: _Ordering
) -> Iterator[list[Formation]]:
    """The tables ``sets`` becomes when a joker in a set that continues an original set
    (``ordering``: ``_order_table(old, sets)``) trades places with a natural tile that set lost
    and another set holds, both sets staying valid (the joker stands for that tile, or for its
    number in a 3-tile group)."""
    ordered, sources, _ = ordering
    where = {id(f): k for k, f in enumerate(sets)}
    for fa, src in zip(ordered, sources):
        if src is None or not fa.joly_count:
            continue
        lost = Counter(old[src].tiles) - Counter(fa.tiles)
        a = where[id(fa)]
        for pos, (tile, identity) in enumerate(zip(fa.tiles, fa.identities)):
            if not tile.is_joly:
                continue
            for natural in lost:
                if natural.is_joly or natural.number != fa.ranks[pos]:
                    continue
                if identity is not None and natural != identity:
                    continue
                for b, fb in enumerate(sets):
                    if b == a or natural not in fb.tiles:
                        continue
                    new_a = _with_tile(fa, pos, SlotToken(natural), rules)
                    new_b = _with_tile(fb, fb.tiles.index(natural), SlotToken(JOLY, natural), rules)
                    if new_a is not None and new_b is not None:
                        trial = list(sets)
                        trial[a], trial[b] = new_a, new_b
                        yield trial


def _settle_jokers(
    old: Sequence[Formation], sets: list[Formation], rules: MoveRules
) -> tuple[list[Formation], _Ordering]:
    """Among equal moves, the one that moves fewer original tiles: while a joker trade
    (``_joker_trades``) makes fewer original sets change or, as many changing, fewer original
    tiles leave their set (``_disruption``), it is made. The tiles on the table, the tiles
    placed and every joker's number stay the same, so the move's value does too.
    ``[R5 R6 J R8]`` and ``[R7 Y7 B7]`` become ``[R5 R6 R7 R8]`` and ``[Y7 B7 J]`` when
    ``[R5 R6 R7]`` was on the table. Returns the sets and their ``_order_table(old, sets)``."""
    best = list(sets)
    ordering = _order_table(old, best)
    score = _disruption(old, best, ordering)
    while score[1]:
        trials = ((t, _order_table(old, t)) for t in _joker_trades(old, best, rules, ordering))
        scored = ((t, o, _disruption(old, t, o)) for t, o in trials)
        better = next(((t, o, sc) for t, o, sc in scored if sc < score), None)
        if better is None:
            break
        best, ordering, score = better
    return best, ordering


def _placed_tiles(arr_sets: list[Formation], old: Sequence[Formation]) -> list[Tile]:
    return list((Counter(_table_tiles(arr_sets)) - Counter(_table_tiles(old))).elements())


def _filter_playable(mand: list[int], opt: list[int], jokers: int) -> list[int]:
    """Rack tiles that fit in no set even with every tile and joker available are dropped."""
    avail = [mand[i] + opt[i] for i in range(52)]
    out = list(opt)
    for code in range(52):
        if not opt[code]:
            continue
        c, v = divmod(code, 13)
        v += 1
        ok = False
        for start in range(max(1, v - 2), min(v, 11) + 1):
            gaps = sum(1 for w in range(start, start + 3) if not avail[c * 13 + w - 1])
            if gaps <= jokers:
                ok = True
                break
        if not ok:
            colours = sum(1 for cc in range(4) if avail[cc * 13 + v - 1])
            ok = colours + jokers >= 3
        if not ok:
            out[code] = 0
    return out


#: Default work budget of the tie-break (fewest changed table sets), in state expansions: on the
#: benchmark corpus it proves the fewest changed sets in most positions (docs/solvers.md); past
#: it the best arrangement found so far, of the same optimal value, is returned.
TIE_BREAK_STATES: Final = 400_000
#: The depth-first search of the objective pass may use this many expansions before the
#: number-by-number program takes over (the search is faster where tiles are plentiful, the
#: program where they are short: docs/solvers.md).
DFS_MAX_STATES: Final = 40_000
#: Expansions of the first depth-first search, before the linear relaxation is solved (where
#: every rack tile can be placed, many positions are proved within this; 100 beat 500 and 2,000
#: on the benchmark corpus).
DFS_FIRST_STATES: Final = 100


def _own_limit(exc: SolverBudgetExceeded, work: Budget, sub: Budget) -> bool:
    """Count ``sub``'s work in ``work``; whether ``exc`` is ``sub``'s own state limit running
    out (``work`` still has room), not the caller's limits."""
    work.absorb(sub)
    return exc.reason == "max_states" and (work.max_states is None or work.used < work.max_states)


class _Bounds:
    """The linear relaxation of one position (``remi.solvers._rk_lp``), built on first use; its
    whole-move bound and suffix caps, each solved at most once. ``None`` throughout when no
    relaxation is available."""

    def __init__(self, mand: list[int], opt: list[int], jt: int, jr: int, common: dict[str, Any]):
        self._args = (mand, opt, jt, jr, bool(common["points"]), int(common["set_max"]))

    @functools.cached_property
    def relax(self) -> Relaxation | None:
        """The relaxation, or ``None`` (no ``highspy``, or more than two jokers)."""
        mand, opt, jt, jr, points, set_max = self._args
        return relaxation(mand, opt, jt, jr, points=points, set_max=set_max)

    @functools.cached_property
    def caps(self) -> list[int] | None:
        """``Relaxation.suffix_caps`` of the position, computed once."""
        return self.relax.suffix_caps() if self.relax is not None else None

    def keeps(self, sets: Sequence[Formation], value: int) -> bool:
        """False when the relaxation proves that no arrangement worth ``value`` keeps all of
        ``sets`` (original table sets) unchanged; True when it cannot tell."""
        return self.try_keep(sets, value, 0)[0]

    def try_keep(
        self,
        sets: Sequence[Formation],
        value: int,
        min_nat: int,
        nodes: int = 0,
        work: Budget | None = None,
        codes: Sequence[Sequence[int]] | None = None,
    ) -> tuple[bool, Arrangement | None]:
        """(False, None) when no arrangement worth ``value`` keeps all of ``sets`` (original
        table sets) unchanged, as the relaxation proves (or, with ``nodes``, the branch and
        bound ``Relaxation.search`` within that many nodes, each charged ``NODE_WORK`` to
        ``work``); (True, an arrangement keeping them, worth ``value``) when one is found (an
        integral relaxation, or the search); (True, None) when it cannot tell. ``min_nat`` 0
        asks only for the proof. ``codes``: the sets' tile codes when the caller has them.

        Raises:
            SolverBudgetExceeded: ``work`` ran out."""
        relax = self.relax
        if relax is None:
            return True, None
        frozen = codes if codes is not None else [_codes_of(f) for f in sets]
        got = relax.bound(frozen, below=value)
        if got is not None and got < value:
            return False, None
        if got is None or not min_nat or not self.exact(min_nat):
            return True, None
        kept_numbers = _joker_numbers(sets)
        found = relax.witness()
        if found is not None and found.value(relax.points, kept_numbers) < value:
            found = None
        if found is None and nodes:
            status, found, used = relax.search(
                frozen, value, nodes, kept_joker_numbers=kept_numbers
            )
            if work is not None:
                work.charge(used * NODE_WORK)
            if status == "none":
                return False, None
        if found is None:
            return True, None
        return True, self.arrangement(found, sets, min_nat)

    def exact(self, min_nat: int) -> bool:
        """Whether an integral solution of the relaxation is a valid arrangement: not with
        ``formation.min_natural_tiles`` above 1 (relaxed to 1 in the columns)."""
        return self.relax is not None and min_nat <= 1

    def arrangement(
        self, found: Solution, sets: Sequence[Formation], min_nat: int
    ) -> Arrangement | None:
        """An integral solution plus the kept ``sets`` as the solver's ``Arrangement``, worth
        ``Solution.value``; ``None`` when a set holds fewer than ``min_nat`` natural tiles."""
        relax = self.relax
        assert relax is not None
        runs: list[DPRun] = []
        groups: list[DPGroup] = []
        for (nat, j, low, is_run), count in found.sets:
            if len(nat) < min_nat:
                return None
            if is_run:
                numbers = {t % 13 + 1 for t in nat}
                flags = tuple(v not in numbers for v in range(low, low + len(nat) + j))
                runs.extend([DPRun(colour=nat[0] // 13, start=low, jokers=flags)] * count)
            else:
                colours = tuple(sorted(t // 13 for t in nat))
                groups.extend([DPGroup(number=low, colours=colours, jokers=j)] * count)
        worth = found.value(relax.points, _joker_numbers(sets))
        return _with_kept(runs, groups, sets, worth, found.rack_jokers)


def _joker_numbers(sets: Sequence[Formation]) -> list[int]:
    """The numbers the jokers of ``sets`` stand for (a run's place, a group's number)."""
    return [r for f in sets for t, r in zip(f.tiles, f.ranks) if t.is_joly]


def _codes_of(f: Formation) -> list[int]:
    """A set's tile codes for ``Relaxation.bound`` (``colour * 13 + number - 1``, 52 = a
    joker)."""
    return [52 if t.is_joly else t.code for t in f.tiles]


def _most(opt: list[int], jr: int, points: bool) -> int:
    """The objective value of placing every rack tile (a rack joker counted 13 for points)."""
    return sum(((i % 13) + 1 if points else 1) * opt[i] for i in range(52)) + jr * (
        13 if points else 1
    )


#: Nodes (each one solve of the relaxation, about a millisecond) the branch and bound of the
#: objective (``_branch_and_bound``) and of each tie-break check may use before the searches
#: of ``remi.solvers._rk_dfs`` / ``_rk_dp`` take over.
BRANCH_NODES: Final = 200
#: Nodes for each check of the greedy incumbent of the tie-break (``_TieBreak.keep_more``).
KEEP_NODES: Final = 30
#: Nodes for the whole move in one branch and bound (``Relaxation.best_kept``) before the two
#: passes take over (median 4 nodes). A position it cannot settle pays these nodes on top of
#: the two passes, and the positions that need many nodes are those the two passes settle
#: quickly, so a small allowance is fastest at the tail: on the corpus (fastest of 3, two runs
#: side by side) the slowest position took 28-34 ms with 30 nodes, 40-53 ms with 80; on 1,600
#: stress positions 30 nodes settle 97 % and leave 11 solves above 50 ms (80 nodes: 17).
WHOLE_MOVE_NODES: Final = 30
#: Work charged to the budget per node of the branch and bound, in state expansions (a node
#: costs about as much time as this many expansions of the depth-first search).
NODE_WORK: Final = 100


def _branching_applies(bounds: _Bounds, common: dict[str, Any]) -> bool:
    """Whether the branch and bound over the relaxation decides the objective: a relaxation
    whose integral solutions are moves (``_Bounds.exact``), after the initial meld."""
    return not common["threshold"] and bounds.exact(max(int(common["min_nat"]), 1))


def _branch_and_bound(
    bounds: _Bounds, work: Budget, common: dict[str, Any]
) -> tuple[Arrangement | None, bool]:
    """The objective by branch and bound over the relaxation (``Relaxation.search`` with
    ``best``: the most valuable integral solution, every better value proved out of reach).

    Returns:
        (the arrangement, True) when proved optimal; (the best arrangement found, or ``None``,
        False) when the relaxation's integral solutions are not moves of their true value
        (``_Bounds.exact``), before the initial meld, when ``BRANCH_NODES`` nodes do not
        settle it. When no rack tile can be placed: (an arrangement of the table, True).

    Raises:
        SolverBudgetExceeded: ``work`` ran out.
    """
    relax = bounds.relax
    min_nat = max(int(common["min_nat"]), 1)
    if relax is None or not _branching_applies(bounds, common):
        return None, False
    # from the relaxation's bound down: each pass asks for at least its floor (every node below
    # it closed at once) and is exact at or above it, so the first one that finds is optimal.
    # While nothing above the floor is left (the bound itself, then one below a refuted floor),
    # the first solution found is the optimum: the pass stops there
    upper = relax.bound()
    status, found, left = "unknown", None, BRANCH_NODES
    nothing = False  # no solution worth 1 or more
    if upper is not None and upper > 0:
        step = 1
        floor = upper
        while left > 0:
            status, found, nodes = relax.search([], floor, left, best=step > 2)
            work.charge(nodes * NODE_WORK)
            left -= nodes
            if status != "none" or floor == 1:
                nothing = status == "none" and floor == 1
                break
            floor = max(floor - step, 1)
            step *= 2
    if nothing and left > 0:
        # nothing worth 1 or more: no rack tile can be placed; any arrangement of the table
        # (an integral solution asking for nothing) is then the optimum
        status, found, nodes = relax.search([], 0, left, best=False)
        work.charge(nodes * NODE_WORK)
        if found is not None:
            return bounds.arrangement(found, [], min_nat), status == "found"
        return None, False
    if found is not None:
        return bounds.arrangement(found, [], min_nat), status == "found"
    if not relax.points:
        return None, False
    # no points solution in the node limit: the most tiles (few nodes as a rule) is still a
    # move, and its points are something the searches then only have to beat
    tiles = Relaxation(
        relax.mand, relax.opt, relax.jt, relax.jr, points=False, set_max=relax.set_max
    )
    status, found, nodes = tiles.search([], 1, BRANCH_NODES, best=True)
    work.charge(nodes * NODE_WORK)
    if found is None:
        return None, False
    return bounds.arrangement(found, [], min_nat), False


def _objective_pass(
    mand: list[int],
    opt: list[int],
    jt: int,
    jr: int,
    work: Budget,
    common: dict[str, Any],
    bounds: _Bounds,
) -> Arrangement | None:
    """The best objective value, by the three engines of docs/solvers.md, each exact:

    1. the depth-first search (``remi.solvers._rk_dfs``) for ``DFS_FIRST_STATES`` expansions,
       only where the branch and bound does not apply (``_branching_applies``: before the
       initial meld, with ``formation.min_natural_tiles`` above 1, or without a relaxation);
    2. the branch and bound over the linear relaxation (``_branch_and_bound``);
    3. the depth-first search again, pruned by the relaxation's suffix caps, for
       ``DFS_MAX_STATES`` expansions; then the program searched from the upper bound (the
       relaxation's, when available) down, pruned by the caps: floors ``U, U-1, U-3, U-7,
       ...``; each pass is exact for every answer at or above its floor, so the first answer
       found is the optimum. When engine 2 found a move worth ``L`` without proving it, both
       ask only for more than ``L`` (the program in one pass at floor ``L + 1``: it returns the
       best arrangement at or above its floor), and finding nothing proves that move.

    Raises:
        SolverBudgetExceeded: ``work`` ran out.
    """
    if not _branching_applies(bounds, common):
        sub = work.child(DFS_FIRST_STATES)
        try:
            arr = solve_dfs(mand, opt, jt, jr, budget=sub, **common)
        except SolverBudgetExceeded as exc:
            if not _own_limit(exc, work, sub):
                raise
        else:
            work.absorb(sub)
            return arr
    incumbent, proved = _branch_and_bound(bounds, work, common)
    if proved:
        return incumbent
    lowest = incumbent.primary + 1 if incumbent is not None else 0
    caps = bounds.caps
    sub = work.child(DFS_MAX_STATES)
    try:
        arr = solve_dfs(mand, opt, jt, jr, budget=sub, later_caps=caps, floor=lowest, **common)
    except SolverBudgetExceeded as exc:
        if not _own_limit(exc, work, sub):
            raise
    else:
        work.absorb(sub)
        return arr if arr is not None else incumbent
    upper = _most(opt, jr, bool(common["points"]))
    relax = bounds.relax
    ceiling = relax.bound() if relax is not None else None
    if ceiling is not None:
        upper = min(upper, max(ceiling, 0))
    step = 1
    # with a move in hand, one pass from just above it finds the best (the program returns the
    # best arrangement at or above its floor); without, floors from the bound down prune more
    floor = upper if incumbent is None else lowest
    while True:
        floor = max(floor, lowest)
        arr = solve_dp(mand, opt, jt, jr, floor=floor, budget=work, later_caps=caps, **common)
        if arr is not None:
            return arr
        if floor <= lowest:
            return incumbent
        floor -= step
        step *= 2


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


#: Work for each "can this original set stay as it is?" search of the tie-break's incumbent.
KEEP_CHECK_STATES: Final = 3_000


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


#: Most subsets of the original sets the exact tie-break (``_TieBreak.fewest_changes``)
#: examines when it looks for the largest one not yet refuted, before the program takes over.
SUBSET_SCAN_LIMIT: Final = 20_000


@attrs.frozen
class _TieBreak:
    """The tie-break of one position (fewest changed table sets at the optimal value): the
    table sets ``old``, the counts and jokers of the search (``mand``, ``opt``, ``jt``,
    ``jr``), its keyword arguments ``common``, the ``rules``, the ``candidates`` (the indices
    of ``old`` it considers: all, or those the relaxation does not refute alone) and the
    relaxation's ``bounds``."""

    old: Sequence[Formation]
    mand: list[int]
    opt: list[int]
    jt: int
    jr: int
    common: dict[str, Any]
    rules: MoveRules
    candidates: Sequence[int]
    bounds: _Bounds
    codes: list[list[int]] = attrs.field(init=False)

    @codes.default
    def _codes_of_old(self) -> list[list[int]]:
        """The tile codes of each original set (52 = a joker), for ``Relaxation.bound``."""
        return [_codes_of(f) for f in self.old]

    def kept(self, arr: Arrangement) -> list[int]:
        """Indices of the original sets ``arr`` keeps unchanged."""
        return _unchanged(self.old, _formations_of(arr, self.rules))

    def arrange_keeping(
        self, keep: Sequence[int], primary: int, work: Budget, nodes: int
    ) -> tuple[bool, Arrangement | None]:
        """Whether an arrangement worth ``primary`` can keep the original sets ``keep``
        unchanged: (False, None) refuted (by the relaxation, or its branch and bound within
        ``nodes`` nodes); (True, such an arrangement) found by the relaxation or else by the
        depth-first search of the rest (the other table tiles plus the rack) within
        ``KEEP_CHECK_STATES`` expansions; (True, None) undecided.

        Raises:
            SolverBudgetExceeded: ``work`` (the caller's budget) ran out.
        """
        sets = [self.old[j] for j in keep]
        min_nat = max(self.rules.min_natural_tiles, 1)
        possible, found = self.bounds.try_keep(
            sets, primary, min_nat, nodes, work, [self.codes[j] for j in keep]
        )
        if not possible or found is not None:
            return possible, found
        sub_mand = list(self.mand)
        sub_jt = self.jt
        for f in sets:
            for t in f.tiles:
                if t.is_joly:
                    sub_jt -= 1
                else:
                    sub_mand[t.code] -= 1
        sub = work.child(KEEP_CHECK_STATES)
        try:
            rest = solve_dfs(
                sub_mand,
                self.opt,
                sub_jt,
                self.jr,
                floor=primary,
                known_primary=True,
                budget=sub,
                **dict(self.common, threshold=0),
            )
        except SolverBudgetExceeded as exc:
            if not _own_limit(exc, work, sub):
                raise
            return True, None
        work.absorb(sub)
        if rest is None or rest.primary < primary:
            return True, None
        return True, _with_kept(rest.runs, rest.groups, sets, primary, rest.rack_jokers_used)

    def keep_more(self, arr: Arrangement, work: Budget) -> Arrangement:
        """An optimal arrangement keeping as many original sets as a greedy pass finds: from the
        sets ``arr`` keeps, each other candidate (largest first) is kept too when
        ``arrange_keeping`` (``KEEP_NODES`` nodes) finds an arrangement of the same value
        keeping them all. The incumbent of the tie-break: not proved best, never worse than
        ``arr``. When ``work`` runs out, the sets kept so far are kept."""
        keep = self.kept(arr)
        old = self.old
        order = sorted(
            (i for i in self.candidates if i not in keep), key=lambda i: (-len(old[i]), i)
        )
        for i in order:
            trial = keep + [i]
            try:
                _, found = self.arrange_keeping(trial, arr.primary, work, KEEP_NODES)
            except SolverBudgetExceeded:
                break  # the caller's budget is spent: keep what was found
            if found is not None:
                keep = trial
                arr = found
        return arr

    def most_kept(self, arr: Arrangement, work: Budget) -> tuple[Arrangement, bool]:
        """The tie-break by one branch and bound (``Relaxation.most_kept``, ``BRANCH_NODES``
        nodes, each charged ``NODE_WORK`` to ``work``): an arrangement of ``arr``'s value that
        keeps the most original sets, or the proof that ``arr`` already does.

        Returns:
            (arrangement, proved): ``proved`` False when the relaxation is unavailable or not
            exact (``_Bounds.exact``), before the initial meld, or when the nodes do not settle
            it; the arrangement is then the best found (never worse than ``arr``).

        Raises:
            SolverBudgetExceeded: ``work`` ran out.
        """
        relax = self.bounds.relax
        if relax is None or not _branching_applies(self.bounds, self.common):
            return arr, False
        min_nat = max(self.rules.min_natural_tiles, 1)
        kept = len(self.kept(arr))
        if kept == len(self.old):
            return arr, True
        status, found, nodes = relax.most_kept(
            self.codes, [_joker_numbers([f]) for f in self.old], arr.primary, kept + 1, BRANCH_NODES
        )
        work.charge(nodes * NODE_WORK)
        if found is not None:
            solution, indices = found
            better = self.bounds.arrangement(solution, [self.old[i] for i in indices], min_nat)
            if better is not None and better.primary >= arr.primary:
                arr = better
        return arr, status != "unknown"

    def fewest_changes(self, arr: Arrangement, work: Budget) -> tuple[Arrangement, bool]:
        """Prove the incumbent ``arr`` keeps the most original sets, or improve it (refutation
        by no-goods). Keeping sets unchanged is monotone: if a collection of sets cannot all
        stay, no larger collection holding it can. Collections of candidates larger than the
        incumbent's are taken largest first, in one fixed order, skipping those that hold a
        refuted collection; one that is refuted is shrunk to a smaller refuted collection
        (``Relaxation.refuted_core``) and remembered; the first one ``arrange_keeping``
        (``BRANCH_NODES`` nodes) realises keeps the most sets (every larger one was refuted).
        When none is left, the incumbent is proved best.

        Returns:
            (arrangement, proved): ``proved`` False when the relaxation is unavailable, a
            collection could be neither refuted nor realised, or ``SUBSET_SCAN_LIMIT`` was
            reached; the arrangement is then the best found (the caller's program finishes).

        Raises:
            SolverBudgetExceeded: ``work`` ran out.
        """
        relax = self.bounds.relax
        if relax is None:
            return arr, False
        kept = len(self.kept(arr))
        refuted: list[int] = []  # bit masks over indices of ``old``
        bits = [1 << i for i in sorted(self.candidates)]
        # Collections in one fixed order, largest first; one that holds a refuted collection
        # stays refuted, so the scan never goes back, and the first one realised is the largest.
        scanned = charged = 0
        for size in range(len(bits), kept, -1):
            for combo in itertools.combinations(bits, size):
                scanned += 1
                if scanned > SUBSET_SCAN_LIMIT:
                    return arr, False
                mask = sum(combo)
                if any(mask & r == r for r in refuted):
                    continue
                work.charge(scanned - charged)  # one expansion per collection looked at
                charged = scanned
                target = [b.bit_length() - 1 for b in combo]
                possible, found = self.arrange_keeping(target, arr.primary, work, BRANCH_NODES)
                if not possible:
                    frozen = [self.codes[i] for i in target]
                    core_at = relax.refuted_core(frozen, arr.primary)
                    core = [target[k] for k in core_at] if core_at is not None else target
                    refuted.append(sum(1 << i for i in core))
                    continue
                if found is None:
                    return arr, False
                return found, True  # every larger collection is refuted
        return arr, True


def _solve(
    mand: list[int],
    opt: list[int],
    jt: int,
    jr: int,
    *,
    points: bool,
    rules: MoveRules,
    old: Sequence[Formation] = (),
    threshold: int = 0,
    budget: Budget | None = None,
    tie_break_states: int = TIE_BREAK_STATES,
) -> Arrangement | None:
    """Exact optimum: one branch and bound for the whole move where it applies, else in two
    passes; ``old``: the table sets, for the tie-break (docs/solvers.md, "The tie-break").

    0. When ``old`` holds exactly the table tiles: where the branch and bound applies
       (``_branching_applies``) and ``tie_break_states`` is at least ``BRANCH_NODES *
       NODE_WORK`` (the default and the solver bot's 20,000 are), the objective and the
       tie-break in one branch and bound (``Relaxation.best_kept``, ``WHOLE_MOVE_NODES``
       nodes), which settles most positions (the passes below are its fallback); when the
       relaxation's bound is 0 (no rack tile can be placed): ``old`` as it is, worth 0.
    1. The objective (``_objective_pass``), without the original-set tags.
    2. The tie-break, within ``tie_break_states`` expansions: the branch and bound over the
       sets kept (``_TieBreak.most_kept``); where it does not settle, the search over
       collections of original sets (``_TieBreak.fewest_changes``), which finds the largest
       one an optimal arrangement keeps. When neither settles: the original sets the linear
       relaxation refutes alone are left out (no optimal arrangement keeps them, so counting
       them changes nothing), a greedy pass improves the incumbent (``_TieBreak.keep_more``), and the
       program with the original-set tags looks for an optimal arrangement re-creating at least
       one set more (it drops every partial arrangement that cannot: a run that left its
       original's path is lost for good), which finds the one re-creating the most, or nothing
       when the incumbent is already such. Past the budget (or the caller's) the incumbent, of
       the same optimal value, is returned.

    Raises:
        SolverBudgetExceeded: ``budget`` ran out in pass 1 (no optimum proved).
    """
    opt = _filter_playable(mand, opt, jt + jr)
    work = budget if budget is not None else Budget()
    common: dict[str, Any] = dict(
        points=points,
        set_max=rules.set_max_tiles,
        min_nat=rules.min_natural_tiles,
        threshold=threshold,
        joker_meld_value=rules.initial_joker_value == "represented",
    )
    bounds = _Bounds(mand, opt, jt, jr, common)
    whole_table = not threshold and _counts(_table_tiles(old)) == (mand, jt)
    if (
        whole_table
        and old
        and tie_break_states >= BRANCH_NODES * NODE_WORK
        and bounds.relax is not None
        and _branching_applies(bounds, common)
    ):
        # 0. the objective and the tie-break together (``Relaxation.best_kept``)
        status, found, nodes = bounds.relax.best_kept(
            [_codes_of(f) for f in old], [_joker_numbers([f]) for f in old], WHOLE_MOVE_NODES
        )
        work.charge(nodes * NODE_WORK)
        if status == "none":  # nothing worth 1 or more: the table as it is
            return _with_kept([], [], old, 0, 0)
        if status == "found" and found is not None:
            solution, indices = found
            min_nat = max(rules.min_natural_tiles, 1)
            arr = bounds.arrangement(solution, [old[i] for i in indices], min_nat)
            if arr is not None:
                return arr
    if whole_table and bounds.relax is not None and bounds.relax.bound() == 0:
        # the relaxation proves that no rack tile can be placed: the table as it is
        return _with_kept([], [], old, 0, 0)
    arr = _objective_pass(mand, opt, jt, jr, work, common, bounds)
    if arr is None or arr.primary == 0 or not old or tie_break_states <= 0:
        return arr
    sub = work.child(tie_break_states)
    try:
        tie = _TieBreak(old, mand, opt, jt, jr, common, rules, range(len(old)), bounds)
        arr, proved = tie.most_kept(arr, sub)
        if not proved:
            arr, proved = tie.fewest_changes(arr, sub)
        if proved:
            work.absorb(sub)
            return arr
        # the collection search could not settle it: leave out the sets refuted alone, improve
        # the incumbent greedily, and let the tagged program finish
        kept_now = tie.kept(arr)
        candidates = [
            i for i in range(len(old)) if i in kept_now or bounds.keeps([old[i]], arr.primary)
        ]
        tie = attrs.evolve(tie, candidates=candidates)
        arr = tie.keep_more(arr, sub)
        kept = len(tie.kept(arr))
        if kept < len(candidates):
            runs, groups = _originals([old[i] for i in candidates])
            tied = solve_dp(
                mand,
                opt,
                jt,
                jr,
                floor=arr.primary,
                min_preserved=kept + 1,
                budget=sub,
                original_runs=runs,
                original_groups=groups,
                later_caps=bounds.caps if arr.primary < _most(opt, jr, points) else None,
                **common,
            )
            if tied is not None and tied.primary == arr.primary:
                arr = tied
    except SolverBudgetExceeded:
        pass
    work.absorb(sub)
    return arr


def best_move(
    table: Sequence[Formation],
    rack: Sequence[Tile],
    *,
    initial: bool,
    objective: str = "tiles",
    rules: MoveRules = DEFAULT_RULES,
    max_states: int | None = None,
    budget_seconds: float | None = None,
    tie_break_states: int = TIE_BREAK_STATES,
) -> Move | None:
    """The best move from ``rack`` onto ``table`` (§B.4-§B.7), exact, jokers included.

    Args:
        table: the sets on the table (each valid under ``rules``; re-read to check).
        rack: the player's tiles.
        initial: the player has not made his initial meld yet: the move must be an initial meld
            (new sets from the rack alone worth ``initial_meld.min_points``, the table left as
            it is), followed by table play only when ``initial_meld.manipulate_same_turn``.
        objective: ``"tiles"`` (most tiles placed) or ``"points"`` (most points placed).
        rules: the solver's rule parameters (``MoveRules.from_rules(rule_set)``).
        max_states: work budget in state expansions (deterministic: the same position gives
            the same outcome on any machine); None for no limit.
        budget_seconds: wall-clock budget in seconds; None for no limit.
        tie_break_states: work budget of the tie-break in state expansions (within the two
            above): the fewest changed table sets is proved within it, else the move changing
            the fewest sets found so far is returned, still of the best objective value; 0
            skips the tie-break (any optimal move).

    Returns:
        the best ``Move`` (objective first, then fewest original sets changed within
        ``tie_break_states``, then a fixed order), or ``None`` when no rack tile can be played
        (or no initial meld is possible).

    Raises:
        ValueError: an unknown objective.
        InvalidFormationError: a table set that is not valid under ``rules`` (its rule id).
        NotationError: more copies of a tile than the 106-tile set holds.
        SolverBudgetExceeded: a budget ran out before the optimum was proved (rule id
            ``solver.budget``); no possibly non-optimal move is ever returned.
    """
    if objective not in OBJECTIVES:
        raise ValueError(f"objective must be 'tiles' or 'points', got {objective!r}")
    points = objective == "points"
    old = _check_position(table, rack, rules)
    budget = (
        Budget(max_states, budget_seconds)
        if max_states is not None or budget_seconds is not None
        else None
    )
    rack_counts, jr = _counts(rack)
    if initial:
        return _checked(
            old,
            rack,
            _initial_move(
                old,
                list(rack),
                rack_counts,
                jr,
                points=points,
                rules=rules,
                budget=budget,
                tie_break_states=tie_break_states,
            ),
            initial=True,
            rules=rules,
        )
    mand, jt = _counts(_table_tiles(old))
    arr = _solve(
        mand,
        rack_counts,
        jt,
        jr,
        points=points,
        rules=rules,
        old=old,
        budget=budget,
        tie_break_states=tie_break_states,
    )
    if arr is None:
        raise InvalidFormationError(  # pragma: no cover - the given table is itself an arrangement
            "the table cannot be arranged", rule_id="formation.kind"
        )
    if arr.primary == 0:
        return None
    new_sets = _formations_of(arr, rules)
    ordering = None
    if tie_break_states > 0:  # the fewest changes asked for: and then the fewest tiles moved
        new_sets, ordering = _settle_jokers(old, new_sets, rules)
    move = _make_move(old, new_sets, _placed_tiles(new_sets, old), rules, ordering=ordering)
    return _checked(old, rack, move, initial=False, rules=rules)


def _checked(
    old: Sequence[Formation],
    rack: Sequence[Tile],
    move: Move | None,
    *,
    initial: bool,
    rules: MoveRules,
) -> Move | None:
    """``move``, after ``verify_move`` accepted it (about 0.4 ms): parts of it may come from
    HiGHS's solutions, and a move the verifier refuses must never reach a caller.

    Raises:
        AssertionError: the verifier refused it (a solver bug, with the verifier's reason).
    """
    if move is not None:
        try:
            verify_move(old, rack, move, initial=initial, rules=rules)
        except RemiError as exc:
            raise AssertionError(
                f"the move solver produced a move its verifier refuses: {exc}; please report "
                "the table and the rack"
            ) from exc
    return move


def _meld_points(sets: Sequence[Formation], rules: MoveRules) -> int:
    total = 0
    for f in sets:
        for t, r in zip(f.tiles, f.ranks):
            if not t.is_joly:
                total += t.number
            elif rules.initial_joker_value == "represented":
                total += r
    return total


def _initial_move(
    old: list[Formation],
    rack: list[Tile],
    rack_counts: list[int],
    jr: int,
    *,
    points: bool,
    rules: MoveRules,
    budget: Budget | None = None,
    tie_break_states: int = TIE_BREAK_STATES,
) -> Move | None:
    zero = [0] * 52
    need = rules.initial_min_points
    measure_is_objective = points and rules.initial_joker_value == "represented"
    arr = _solve(
        zero,
        rack_counts,
        0,
        jr,
        points=points,
        rules=rules,
        threshold=0 if measure_is_objective else need,
        budget=budget,
    )
    if arr is None or arr.primary == 0:
        return None
    meld = _formations_of(arr, rules)
    if _meld_points(meld, rules) < need:
        return None
    if not rules.manipulate_on_initial_turn:
        placed = list(Counter(_table_tiles(meld)).elements())
        return _make_move(old, list(old) + meld, placed, rules, meld, meld_only=True)
    return _initial_with_table_play(
        old, rack, points=points, rules=rules, budget=budget, tie_break_states=tie_break_states
    )


def _initial_with_table_play(
    old: list[Formation],
    rack: list[Tile],
    *,
    points: bool,
    rules: MoveRules,
    budget: Budget | None = None,
    tie_break_states: int = TIE_BREAK_STATES,
) -> Move | None:
    """Initial meld then table play in the same turn: every minimal meld of the rack worth the
    threshold is tried (unless a bound shows it cannot match the best move found), the rest of
    the rack then played onto the table with the meld (§B.5 initial meld, §B.6 manipulation).
    Under points the meld's jokers are solved as rack jokers (placed tiles, valued where they
    go), or as table jokers when that optimum would leave one off the table (docs/solvers.md)."""
    frules = rules.formation_rules
    need = rules.initial_min_points
    cands = sorted(candidate_formations(rack, frules), key=lambda f: (-len(f), str(f)))
    melds: dict[tuple[int, ...], list[Formation]] = {}

    def grow(chosen: list[Formation], left: Counter[Tile], start: int, value: int) -> None:
        if budget is not None:
            budget.charge(1)
        if value >= need:
            key = tuple(sorted(t.code for f in chosen for t in f.tiles))
            melds.setdefault(key, list(chosen))
            return
        for i in range(start, len(cands)):
            f = cands[i]
            use = Counter(f.tiles)
            if use - left:
                continue
            grow(chosen + [f], left - use, i, value + _meld_points([f], rules))

    grow([], Counter(rack), 0, 0)
    # Each meld bounds its move by its own tiles (or numbers, a joker 13) plus what the rest of
    # the rack can add: first every rest tile, then the linear relaxation. Melds are tried from
    # the highest first bound down; one whose bound is below the best move found cannot match
    # it, and the first bound below it ends the search. Equal moves: the smaller meld key wins.
    entries = []
    for key, meld in melds.items():
        meld_tiles = [t for f in meld for t in f.tiles]
        rest = list((Counter(rack) - Counter(meld_tiles)).elements())
        mand, jt = _counts(_table_tiles(old) + meld_tiles)
        rest_counts, jr = _counts(rest)
        rest_counts = _filter_playable(mand, rest_counts, jt + jr)
        own = sum((13 if t.is_joly else t.number) if points else 1 for t in meld_tiles)
        first = own + _most(rest_counts, jr, points)
        entries.append((first, key, own, meld, meld_tiles, mand, rest_counts, jt, jr))
    entries.sort(key=lambda e: (-e[0], e[1]))
    solving: dict[str, Any] = dict(
        points=points, rules=rules, old=old, budget=budget, tie_break_states=tie_break_states
    )
    best: tuple[tuple[int, int], tuple[int, ...], Move] | None = None
    for first, key, own, meld, meld_tiles, mand, rest_counts, jt, jr in entries:
        if best is not None:
            if first < best[0][0]:
                break
            relax = relaxation(
                mand, rest_counts, jt, jr, points=points, set_max=rules.set_max_tiles
            )
            bound = relax.bound() if relax is not None else None
            if bound is not None and own + bound < best[0][0]:
                continue
        meld_jokers = meld_tiles.count(JOLY) if points else 0
        # Under points the meld's jokers are placed tiles, credited with what they stand for
        # on the new table (``placed_points``): they are solved as rack jokers, so that where
        # they go counts. A solution leaving one off the table is no move (it is on the table
        # already): then they are solved as table jokers, placed but not valued (docs/solvers.md)
        for as_rack in (meld_jokers, 0) if meld_jokers else (0,):
            arr = _solve(mand, rest_counts, jt - as_rack, jr + as_rack, **solving)
            if arr is None:
                continue  # pragma: no cover - the table plus the meld is an arrangement
            new_sets = _formations_of(arr, rules)
            placed = _placed_tiles(new_sets, old)
            if not Counter(meld_tiles) - Counter(placed):
                break
        else:
            continue  # pragma: no cover - as table jokers the meld is always placed
        move = _make_move(old, new_sets, placed, rules, meld)
        score = (move.points_placed if points else move.tiles_placed, -move.changed_sets)
        if best is None or score > best[0] or (score == best[0] and key < best[1]):
            best = (score, key, move)
    return None if best is None else best[2]


# ---------------------------------------------------------------------------------------------
# Verifying


def verify_move(
    table: Sequence[Formation],
    rack: Sequence[Tile],
    move: Move,
    *,
    initial: bool,
    rules: MoveRules = DEFAULT_RULES,
) -> None:
    """Check ``move`` independently of the solver (§B.3-§B.7).

    Checks that every set of the new table is valid under ``rules``, that the new table holds
    exactly the old table's tiles plus ``move.placed``, that ``move.placed`` comes from the rack,
    that at least one tile is played, that the counts, points and changed sets are right, and
    for an initial meld that the meld is made of placed tiles only, worth the threshold, and
    (unless ``initial_meld.manipulate_same_turn``) that the old sets are untouched.

    Raises:
        InvalidFormationError: a set of the new table is not valid (its rule id).
        IllegalActionError: with rule id ``turn.table_tiles_kept`` (a table tile is missing),
            ``turn.rack_tiles_only`` (a tile not on the rack was added), ``turn.play_or_draw``
            (nothing played), ``initial_meld.min_points``, ``initial_meld.manipulate_same_turn``,
            or ``move.tiles_placed`` / ``move.points_placed`` / ``move.changed_sets`` /
            ``move.meld`` when the move's own figures are wrong.
    """
    frules = rules.formation_rules
    for index, f in enumerate(move.table, 1):
        readings = formation_readings(f.slots(explicit=True), frules)
        if f not in readings:
            read_formation(f.slots(explicit=True), frules)  # raises with the rule id
            raise InvalidFormationError(
                f"set {index} {f.text()} is not read that way under these rules",
                rule_id="joly.identity",
                tiles_text=f.text(),
            )
    old_tiles = Counter(_table_tiles(table))
    new_tiles = Counter(_table_tiles(move.table))
    placed = Counter(move.placed)
    missing = old_tiles - new_tiles
    if missing:
        raise IllegalActionError(
            f"table tiles {' '.join(map(str, sort_tiles(missing.elements())))} are no longer on the table",
            rule_id="turn.table_tiles_kept",
        )
    if new_tiles != old_tiles + placed:  # no table tile is missing (above)
        raise IllegalActionError(
            "the new table is not the old table plus the placed tiles",
            rule_id="turn.rack_tiles_only",
        )
    not_held = placed - Counter(rack)
    if not_held:
        raise IllegalActionError(
            f"{' '.join(map(str, sort_tiles(not_held.elements())))} not on the rack",
            rule_id="turn.rack_tiles_only",
        )
    if not move.placed:
        raise IllegalActionError("no rack tile is played", rule_id="turn.play_or_draw")
    if move.tiles_placed != len(move.placed):
        raise IllegalActionError(
            f"tiles_placed = {move.tiles_placed}, but {len(move.placed)} tiles are placed",
            rule_id="move.tiles_placed",
        )
    meld_only = initial and not rules.manipulate_on_initial_turn
    expected_points = placed_points(move.meld if meld_only else move.table, move.placed)
    if move.points_placed != expected_points:
        raise IllegalActionError(
            f"points_placed = {move.points_placed}, expected {expected_points}",
            rule_id="move.points_placed",
        )
    left = [_key(f) for f in move.table]
    unchanged = 0
    for f in table:
        if _key(f) in left:
            left.remove(_key(f))
            unchanged += 1
    if move.changed_sets != len(table) - unchanged:
        raise IllegalActionError(
            f"changed_sets = {move.changed_sets}, expected {len(table) - unchanged}",
            rule_id="move.changed_sets",
        )
    if initial:
        meld_tiles = Counter(_table_tiles(move.meld))
        if not move.meld or meld_tiles - placed:
            raise IllegalActionError(
                "the initial meld must be new sets of placed tiles", rule_id="move.meld"
            )
        for f in move.meld:
            if f not in formation_readings(f.slots(explicit=True), frules):
                raise IllegalActionError(f"meld set {f.text()} is not valid", rule_id="move.meld")
        value = _meld_points(move.meld, rules)
        if value < rules.initial_min_points:
            raise IllegalActionError(
                f"initial meld totals {value} points, needs {rules.initial_min_points}",
                rule_id="initial_meld.min_points",
            )
        if not rules.manipulate_on_initial_turn:
            if unchanged != len(table) or meld_tiles != placed:
                raise IllegalActionError(
                    "no table set may change in the initial-meld turn",
                    rule_id="initial_meld.manipulate_same_turn",
                )
