"""The exact dynamic program behind the Rummikub best-move solver (internal).

A position is tile *types with counts*: ``mand[code]`` copies of each numbered tile that must end
on the table (the table tiles), ``opt[code]`` more that may be added (the rack tiles), and joker
counts ``jt`` (on the table, all must stay) and ``jr`` (on the rack, optional). The program sweeps
the numbers 1..13 (van Rijn, Takes & Vis 2015). Between two numbers the state holds, for each
colour, the multiset of *open runs* through the last number, each run packed in one int:

* bits 0-1: its length so far, capped at 3 (a run of length 1 or 2 must be extended, one of 3+ may
  end);
* bits 2-3: its natural tiles so far, capped at ``need`` (only when ``formation.min_natural_tiles``
  exceeds 1: with at most two jokers every 3-tile formation holds a natural tile otherwise);
* bit 4: set on a run started by a joker, which may not end before 13 (a leading joker can always
  move to the end of a run that ends earlier, worth as many tiles and more points);
* bits 5+: a *tag* naming (start, joker positions) when the run so far is a prefix of an original
  table run of its colour, so that ending it exactly there re-creates that run (minimal
  disruption, den Hertog & Hulshof 2006); 0 otherwise.

plus the joker usage (tile objective: jokers used; points objective: jokers counted as table
jokers / as rack jokers), and in initial-meld mode the meld points so far capped at the
threshold. Each number is processed colour by colour (how many copies are used, which open runs
they or a joker extend, which runs end, which start, how many copies go to groups), then the
groups of that number are formed from the copies sent to groups plus jokers (a table of feasible
and best-matching partitions). The value of a state is ``primary * 64 + preserved``: the
objective (tiles or points placed) first, then the number of original table sets re-created
unchanged. Back-pointers rebuild one optimal arrangement.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Sequence
from typing import Final

import attrs

from remi.core.errors import RemiError

__all__ = ["Arrangement", "Budget", "DPRun", "DPGroup", "SolverBudgetExceeded", "solve_dp"]


class SolverBudgetExceeded(RemiError, RuntimeError):
    """The exact Rummikub move solver ran out of its work budget before proving an optimum.

    Raised instead of returning a move that might not be optimal (no answer is ever guessed).

    Attributes:
        states: state expansions done when the budget ran out.
        seconds: seconds spent (wall clock) when the budget ran out.
        reason: ``"max_states"`` or ``"budget_seconds"``, the budget that ran out.
    """

    def __init__(self, message: str, *, states: int, seconds: float, reason: str):
        super().__init__(message)
        self.states = states
        self.seconds = seconds
        self.reason = reason


class Budget:
    """A work budget shared by every pass of one solve: state expansions and wall-clock seconds.

    ``max_states`` is deterministic (same position, same outcome on any machine);
    ``budget_seconds`` bounds the wall-clock time (the clock is read at the first charge and
    then every 4,096 expansions; the program charges once per number-colour step, so a large
    step may overrun the deadline by that step's time).
    """

    __slots__ = ("max_states", "deadline", "started", "used", "budget_seconds", "_next_clock")

    def __init__(self, max_states: int | None = None, budget_seconds: float | None = None) -> None:
        if max_states is not None and max_states < 0:
            raise ValueError(f"max_states must be >= 0, got {max_states}")
        if budget_seconds is not None and not budget_seconds >= 0:
            raise ValueError(f"budget_seconds must be >= 0, got {budget_seconds}")
        self.max_states = max_states
        self.budget_seconds = budget_seconds
        self.started = time.perf_counter()
        self.deadline = None if budget_seconds is None else self.started + budget_seconds
        self.used = 0
        self._next_clock = 0  # the first charge looks at the clock

    def child(self, max_states: int) -> Budget:
        """A budget of at most ``max_states`` more expansions within this one's limits (its
        expansions are added back with ``absorb``)."""
        limit = max_states
        if self.max_states is not None:
            limit = min(limit, max(0, self.max_states - self.used))
        sub = Budget(limit)
        sub.deadline = self.deadline
        sub.budget_seconds = self.budget_seconds
        sub.started = self.started
        return sub

    def absorb(self, sub: Budget) -> None:
        """Count the expansions of a ``child`` budget here."""
        self.used += sub.used

    def charge(self, n: int) -> None:
        """Count ``n`` expansions; raise ``SolverBudgetExceeded`` once a budget is spent."""
        self.used += n
        if self.max_states is not None and self.used > self.max_states:
            self._fail("max_states", f"more than {self.max_states} state expansions")
        if self.deadline is not None and self.used >= self._next_clock:
            self._next_clock = self.used + 4096
            if time.perf_counter() > self.deadline:
                self._fail("budget_seconds", f"more than {self.budget_seconds:g} s")

    def _fail(self, reason: str, what: str) -> None:
        seconds = time.perf_counter() - self.started
        raise SolverBudgetExceeded(
            f"the exact Rummikub move solver gave up after {what} ({self.used} expansions, "
            f"{seconds:.2f} s) without proving an optimum [solver.budget]",
            states=self.used,
            seconds=seconds,
            reason=reason,
        )


BIG: Final = 64  # more than the number of sets a table can hold (106 // 3 = 35)
NEG: Final = -(1 << 60)
LEN_MASK: Final = 3
NAT_SHIFT: Final = 2
TO_TOP: Final = (
    16  # bit 4: a run started by a joker must reach 13 (canonical form, see _colour_options)
)
TAG_SHIFT: Final = 5


@attrs.frozen
class DPRun:
    """A run in the solved arrangement: colour index 0-3, first number, joker positions."""

    colour: int
    start: int
    jokers: tuple[bool, ...]  # one flag per number start, start+1, ...


@attrs.frozen
class DPGroup:
    """A group in the solved arrangement: its number, colour indices of naturals, joker count."""

    number: int
    colours: tuple[int, ...]
    jokers: int


@attrs.frozen(kw_only=True)
class Arrangement:
    """The optimum found: the sets, the objective value, and how many originals it keeps."""

    runs: tuple[DPRun, ...]
    groups: tuple[DPGroup, ...]
    primary: int
    preserved: int
    rack_jokers_used: int


@attrs.frozen(kw_only=True)
class _Originals:
    """Original table sets, for the minimal-disruption tie-break."""

    # per colour: set of (start, end, joker mask) with multiplicity
    runs: tuple[dict[tuple[int, int, int], int], ...]
    # per number: tuple of (colour mask, jokers) of the original groups
    groups: tuple[tuple[tuple[int, int], ...], ...]


def _mask_between(start: int, stop: int) -> int:
    """Bits start..stop (inclusive) of a number mask."""
    return ((1 << (stop + 1)) - 1) & ~((1 << start) - 1)


class _Tags:
    """Tag bookkeeping for runs that may re-create an original table run."""

    def __init__(self, originals: _Originals | None) -> None:
        self.active = originals is not None and any(originals.runs)
        self.ids: dict[tuple[int, int, int], int] = {}
        self.keys: list[tuple[int, int, int]] = [(0, 0, 0)]
        self.runs = originals.runs if originals is not None else ({}, {}, {}, {})
        self.colour_has = tuple(bool(r) for r in self.runs)

    def _prefix(self, c: int, start: int, mask: int, v: int) -> int:
        """Tag of a colour-``c`` run from ``start`` to ``v`` with jokers ``mask``, or 0."""
        window = _mask_between(start, v)
        for s, e, jm in self.runs[c]:
            if s == start and e >= v and (jm & window) == mask:
                key = (c, start, mask)
                tag = self.ids.get(key)
                if tag is None:
                    tag = len(self.keys)
                    self.ids[key] = tag
                    self.keys.append(key)
                return tag
        return 0

    def start(self, c: int, v: int, joker: bool) -> int:
        if not self.colour_has[c]:
            return 0
        return self._prefix(c, v, (1 << v) if joker else 0, v)

    def extend(self, c: int, tag: int, v: int, joker: bool) -> int:
        if not tag:
            return 0
        _, start, mask = self.keys[tag]
        return self._prefix(c, start, mask | ((1 << v) if joker else 0), v)

    def ending(self, c: int, tag: int, v: int) -> tuple[int, int, int] | None:
        """The original run re-created when a run tagged ``tag`` ends at ``v``, if any."""
        if not tag:
            return None
        _, start, mask = self.keys[tag]
        key = (start, v, mask)
        return key if key in self.runs[c] else None


def _colour_options(
    cs: tuple[int, ...],
    m: int,
    o: int,
    jav: int,
    c: int,
    v: int,
    need: int,
    tags: _Tags,
    next1: int,
    next2: int,
    above: tuple[int, ...] = (),
    jreal: int = 0,
) -> list[tuple[tuple[int, ...], int, int, int, int, tuple[object, ...]]]:
    """Every way colour ``c`` may continue at number ``v``.

    ``above`` holds the copies of this colour's ``v + 1 .. 13`` that exist at all and ``jreal``
    the jokers left: a run started by a joker must reach 13, so options leaving more such runs
    than those copies plus the jokers left can carry to 13 are dropped.
    ``next1`` / ``next2`` are the copies of this colour's ``v + 1`` / ``v + 2`` that exist at all;
    options leaving more unfinished runs than those copies plus the jokers left could finish are
    dropped (a run of length 1 or 2 must be extended at the next number, one of length 1 also at
    the one after).

    Returns ``(new colour state, copies to groups, optional copies used, jokers used in runs,
    originals re-created by runs ending, plan)``; the plan is
    ``(extended-by-natural indices, extended-by-joker indices, new natural runs, new joker runs)``
    with indices into ``cs``.
    """
    must: list[int] = []
    free: list[int] = []
    for i, r in enumerate(cs):
        if (r & LEN_MASK) < 3 or ((r >> NAT_SHIFT) & 3) < need or r & TO_TOP:
            must.append(i)
        else:
            free.append(i)
    best: dict[tuple[tuple[int, ...], int, int, int], tuple[int, tuple[object, ...]]] = {}
    subsets: list[tuple[int, ...]] = []
    seen_subsets: set[tuple[int, ...]] = set()
    for k in range(len(free) + 1):
        for comb in itertools.combinations(free, k):
            sig = tuple(cs[i] for i in comb)
            if sig in seen_subsets:
                continue  # runs with equal packed ints are interchangeable
            seen_subsets.add(sig)
            subsets.append(comb)
    nat_new = (min(1, need) << NAT_SHIFT) | 1
    joker_new = 1 | TO_TOP
    if tags.active:
        nat_new |= tags.start(c, v, False) << TAG_SHIFT
        joker_tag = tags.start(c, v, True)
        if joker_tag:  # an original run starts with a joker here: it may be re-created
            joker_new = 1 | (joker_tag << TAG_SHIFT)
    for comb in subsets:
        ext = must + list(comb)
        ended = [i for i in free if i not in comb]
        bonus = 0
        if tags.active and ended:
            counts: dict[tuple[int, int, int], int] = {}
            for i in ended:
                key = tags.ending(c, cs[i] >> TAG_SHIFT, v - 1)
                if key is not None:
                    counts[key] = counts.get(key, 0) + 1
            for key, n in counts.items():
                bonus += min(n, tags.runs[c][key])
        ne = len(ext)
        if ne > m + o + jav:
            continue
        for je in range(min(jav, ne) + 1):
            nat_ext = ne - je
            if nat_ext > m + o:
                continue
            seen_j: set[tuple[int, ...]] = set()
            for jcomb in itertools.combinations(ext, je):
                sig = tuple(sorted(cs[i] for i in jcomb))
                if sig in seen_j:
                    continue
                seen_j.add(sig)
                ext_runs: list[int] = []
                nat_idx = tuple(i for i in ext if i not in jcomb)
                for i in ext:
                    r = cs[i]
                    joker = i in jcomb
                    length = min((r & LEN_MASK) + 1, 3)
                    nat = (r >> NAT_SHIFT) & 3
                    if not joker and nat < need:
                        nat += 1
                    tag = tags.extend(c, r >> TAG_SHIFT, v, joker) if tags.active else 0
                    ext_runs.append(length | (nat << NAT_SHIFT) | (r & TO_TOP) | (tag << TAG_SHIFT))
                top = TO_TOP if v < 13 else 0
                short_ext = sum(
                    1
                    for r in ext_runs
                    if (r & LEN_MASK) < 3 or ((r >> NAT_SHIFT) & 3) < need or r & top
                )
                top_ext = sum(1 for r in ext_runs if r & TO_TOP)
                for kopt in range(o + 1):
                    rest = m + kopt - nat_ext
                    if rest < 0:
                        continue
                    for g in range(min(rest, 2) + 1):
                        nn = rest - g
                        for jn in range(jav - je + 1):
                            left = jav - je - jn
                            # new runs have length 1: they need this colour at v+1 and v+2
                            if short_ext + nn + jn > next1 + left or nn + jn > next2 + left:
                                continue
                            tops = top_ext + (jn if joker_new & TO_TOP else 0)
                            if tops and v < 13:
                                short = sum(tops - a for a in above if a < tops)
                                if short > jreal - je - jn:
                                    continue
                            ncs = tuple(sorted(ext_runs + [nat_new] * nn + [joker_new] * jn))
                            okey = (ncs, g, kopt, je + jn)
                            prev = best.get(okey)
                            if prev is None or bonus > prev[0]:
                                best[okey] = (bonus, (nat_idx, jcomb, nn, jn, g))
    return [(k[0], k[1], k[2], k[3], b, plan) for k, (b, plan) in best.items()]


_Option = tuple[tuple[int, ...], int, int, int, int, tuple[object, ...]]
#: Options per (colour runs, counts, lookahead) shared across solves; cleared past this size.
OPTIONS_CACHE_LIMIT: Final = 200_000
_OPTIONS_CACHE: dict[tuple[object, ...], list[_Option]] = {}


def _group_partitions(
    gvec: tuple[int, ...], jg: int, set_max: int, min_nat: int
) -> list[tuple[tuple[tuple[int, ...], int], ...]]:
    """Every partition of the copies ``gvec`` (per colour 0-2) plus ``jg`` jokers into groups."""
    colours = [c for c in range(4) for _ in range(gvec[c])]
    out: list[tuple[tuple[tuple[int, ...], int], ...]] = []

    def rec(left: list[int], jokers: int, acc: list[tuple[tuple[int, ...], int]]) -> None:
        if not left:
            if jokers == 0:
                out.append(tuple(acc))
            return
        first = left[0]
        rest = left[1:]
        distinct_rest = sorted(set(rest) - {first})
        for k in range(len(distinct_rest) + 1):
            for others in itertools.combinations(distinct_rest, k):
                members = (first,) + others
                for j in range(jokers + 1):
                    size = len(members) + j
                    if size < 3 or size > set_max or size > 4 or len(members) < min_nat:
                        continue
                    remaining = list(rest)
                    for x in others:
                        remaining.remove(x)
                    rec(remaining, jokers - j, acc + [(members, j)])

    rec(colours, jg, [])
    return out


_GROUP_CACHE: dict[tuple[object, ...], tuple[int, tuple[tuple[tuple[int, ...], int], ...]]] = {}


def _group_best(
    gvec: tuple[int, ...],
    jg: int,
    set_max: int,
    min_nat: int,
    originals: tuple[tuple[int, int], ...],
    allow_single: bool,
) -> tuple[int, tuple[tuple[tuple[int, ...], int], ...]]:
    """(-1 if infeasible, else the most original groups re-created; the partition).

    A group of one natural tile and two jokers is only formed when it re-creates an original
    group or ``allow_single`` (points objective, number 13): otherwise the same three tiles make
    a run (``[x J J]``, ``[J J 13]``, ``[J 12 J]``) worth as many tiles and at least as many
    points, so leaving it out keeps the optimum and saves states.
    """
    key = (gvec, jg, set_max, min_nat, originals, allow_single)
    hit = _GROUP_CACHE.get(key)
    if hit is not None:
        return hit
    if not any(gvec):
        result: tuple[int, tuple[tuple[tuple[int, ...], int], ...]] = (0 if jg == 0 else -1, ())
    else:
        best = -1
        best_part: tuple[tuple[tuple[int, ...], int], ...] = ()
        for part in _group_partitions(gvec, jg, set_max, min_nat):
            left = list(originals)
            matched = 0
            ok = True
            for members, j in part:
                mask = sum(1 << c for c in members)
                if (mask, j) in left:
                    left.remove((mask, j))
                    matched += 1
                elif len(members) == 1 and not allow_single:
                    ok = False
            if ok and matched > best:
                best, best_part = matched, part
        result = (best, best_part)
    _GROUP_CACHE[key] = result
    return result


def originals_of(
    original_runs: Sequence[tuple[int, int, int, int]],
    original_groups: Sequence[tuple[int, int, int]],
) -> _Originals | None:
    """The original table sets by colour (runs) and by number (groups), or None if none."""
    if not original_runs and not original_groups:
        return None
    runs_by_colour: list[dict[tuple[int, int, int], int]] = [{}, {}, {}, {}]
    for c, s, e, jm in original_runs:
        runs_by_colour[c][(s, e, jm)] = runs_by_colour[c].get((s, e, jm), 0) + 1
    groups_by_number: list[list[tuple[int, int]]] = [[] for _ in range(14)]
    for n, cm, j in original_groups:
        groups_by_number[n].append((cm, j))
    return _Originals(
        runs=tuple(runs_by_colour),
        groups=tuple(tuple(sorted(g)) for g in groups_by_number),
    )


def optional_suffix(
    opt: Sequence[int], points: bool, later_caps: Sequence[int] | None = None
) -> list[int]:
    """``suffix[k]``: the most the optional tiles of colour steps ``k``.. can add (the 52 colour
    steps in sweep order, number-major then colour: ``k = (v - 1) * 4 + c``).

    ``later_caps[v]`` (``v`` = 1..14, ``later_caps[14] = 0``), when given, is a proven bound on
    what the optional natural tiles of numbers ``v``..13 can add together
    (``remi.solvers._rk_lp.Relaxation.suffix_caps``); a step's bound is then at most its own number's
    remaining gains plus the cap of the next number."""
    gains = [(((i % 13) + 1) if points else 1) * opt[i] for i in range(52)]
    suffix = [0] * 53
    order = [c * 13 + v - 1 for v in range(1, 14) for c in range(4)]
    for k in range(51, -1, -1):
        suffix[k] = suffix[k + 1] + gains[order[k]]
    if later_caps is not None:
        for k in range(52):
            v, c = divmod(k, 4)
            own = suffix[k] - suffix[(v + 1) * 4]  # colours c.. of number v + 1
            suffix[k] = min(suffix[k], own + later_caps[v + 2], later_caps[v + 1])
    return suffix


def solve_dp(
    mand: Sequence[int],
    opt: Sequence[int],
    jt: int,
    jr: int,
    *,
    points: bool,
    set_max: int = 4,
    min_nat: int = 1,
    threshold: int = 0,
    joker_meld_value: bool = True,
    original_runs: Sequence[tuple[int, int, int, int]] = (),
    original_groups: Sequence[tuple[int, int, int]] = (),
    floor: int = 0,
    budget: Budget | None = None,
    min_preserved: int = 0,
    later_caps: Sequence[int] | None = None,
) -> Arrangement | None:
    """Best arrangement of all of ``mand`` plus any of ``opt`` (counts per tile code 0-51).

    Args:
        mand, opt: copies per tile code (colour index * 13 + number - 1) that must / may be used.
        jt, jr: jokers that must / may be used.
        points: maximise points placed (each optional tile its number, a rack joker the number
            of the tile it stands for) instead of tiles placed.
        set_max: ``set.max_tiles``; min_nat: ``formation.min_natural_tiles``.
        threshold: in initial-meld mode, the placed tiles must be worth at least this many
            points (a joker at its number, or 0 when ``joker_meld_value`` is False).
        original_runs: (colour index, start, end, joker mask) of each original table run;
            original_groups: (number, colour mask, jokers) of each original table group; used to
            break ties towards re-creating them unchanged.
        floor: only arrangements whose objective value is at least ``floor`` are looked for;
            partial states that cannot reach it even by placing every later optional tile are
            dropped (exact for every answer at or above ``floor``).
        budget: work budget; charged one unit per option tried from a state.
        min_preserved: with ``floor``, only arrangements of value ``floor`` re-creating at least
            this many original sets (or of a higher value) are looked for; partial states that
            cannot get there even if every original set not yet passed were re-created are
            dropped.
        later_caps: proven bounds on the optional gains of numbers ``v``..13
            (``optional_suffix``), tightening the bound ``floor`` prunes with.

    Returns:
        the best arrangement (objective first, then originals re-created), or ``None`` when no
        arrangement reaches ``floor`` (or the mandatory tiles cannot be arranged, or the
        threshold cannot be reached).

    Raises:
        SolverBudgetExceeded: ``budget`` ran out.
    """
    need = min_nat if min_nat > 1 else 0
    originals = originals_of(original_runs, original_groups)
    tags = _Tags(originals)
    jokers_total = jt + jr
    if jokers_total > 4:
        raise ValueError("at most 4 jokers")
    per_call: dict[tuple[object, ...], list[_Option]] = {}
    cap = threshold
    avail = [mand[i] + opt[i] for i in range(52)] + [0] * 4
    suffix = optional_suffix(opt, points, later_caps)
    jgain_max = 13 if points else 1
    floor_big = floor * BIG + min_preserved
    # originals that may still be re-created from sub-step (v, c) on (c = 4: the group step):
    # runs not started yet, groups of number v or more; plus, per state, the runs re-creating
    # an original so far (tagged): a run that left its original's path is lost for good
    slack_at = [
        [
            sum(1 for cc, s, _, _ in original_runs if s > v or (s == v and c < 4 and cc >= c))
            + sum(1 for n, _, _ in original_groups if n >= v)
            for c in range(5)
        ]
        for v in range(14)
    ]

    def tagged_runs(st: tuple[object, ...]) -> int:
        count = 0
        for c in range(4):
            cs: tuple[int, ...] = st[c]  # type: ignore[assignment]
            for r in cs:
                if r >> TAG_SHIFT:
                    count += 1
        return count

    # state: (cs0, cs1, cs2, cs3, joker state, group summary, meld points)
    # joker state: tiles objective -> jokers used; points objective -> table_used * 3 + rack_used
    start: tuple[object, ...] = ((), (), (), (), 0, 0, 0)
    layer: dict[tuple[object, ...], int] = {start: 0}
    history: list[dict[tuple[object, ...], tuple[tuple[object, ...], object]]] = []

    def jokers_used(js: int) -> int:
        return js if not points else js // 3 + js % 3

    def rack_jokers_left(js: int) -> int:
        return jr - (js % 3 if points else max(0, js - jt))

    for v in range(1, 14):
        orig_groups = originals.groups[v] if originals is not None else ()
        exact_groups = bool(orig_groups)
        for c in range(4):
            code = c * 13 + v - 1
            m = mand[code]
            o = opt[code]
            next1 = avail[code + 1] if v < 13 else 0
            next2 = avail[code + 2] if v < 12 else 0
            above = tuple(avail[code + 1 : c * 13 + 13])
            back: dict[tuple[object, ...], tuple[tuple[object, ...], object]] = {}
            new: dict[tuple[object, ...], int] = {}
            gain_nat = v if points else 1
            rem_after = suffix[(v - 1) * 4 + c + 1]
            slack = slack_at[v][c]
            tagged = tags.active and tags.colour_has[c]
            local: dict[
                tuple[tuple[int, ...], int], list[_Option]
            ] = {}  # (runs, jokers left) -> options
            jtags: dict[tuple[int, int], list[tuple[int, int, int]]] = {}
            gunit = 3**c
            work = 0
            for st, val in layer.items():
                cs: tuple[int, ...] = st[c]  # type: ignore[assignment]
                js: int = st[4]  # type: ignore[assignment]
                jreal = jokers_total - jokers_used(js)
                if (
                    floor_big
                    and val
                    + (rem_after + o * gain_nat + rack_jokers_left(js) * jgain_max) * BIG
                    + slack
                    + (tagged_runs(st) if tags.active else 0)
                    < floor_big
                ):
                    continue
                opts = local.get((cs, jreal))
                if opts is None:
                    jav = min(jreal, 2)
                    if tagged:
                        key: tuple[object, ...] = (c, v, cs, m, o, jav, next1, next2, jreal)
                        opts = per_call.get(key)
                        if opts is None:
                            opts = _colour_options(
                                cs, m, o, jav, c, v, need, tags, next1, next2, above, jreal
                            )
                            per_call[key] = opts
                    else:
                        key = (cs, m, o, jav, need, next1, next2, v == 13, above, jreal)
                        opts = _OPTIONS_CACHE.get(key)
                        if opts is None:
                            opts = _colour_options(
                                cs, m, o, jav, c, v, need, _NO_TAGS, next1, next2, above, jreal
                            )
                            if len(_OPTIONS_CACHE) > OPTIONS_CACHE_LIMIT:
                                _OPTIONS_CACHE.clear()
                            _OPTIONS_CACHE[key] = opts
                    local[(cs, jreal)] = opts
                work += len(opts) + 1
                gs: int = st[5]  # type: ignore[assignment]
                mpts: int = st[6]  # type: ignore[assignment]
                head = st[:c]
                tail = st[c + 1 : 4]
                for ncs, g, kopt, kj, bonus, plan in opts:
                    if g:
                        ngs = gs + (g * gunit if exact_groups else (1 if g == 1 else 5))
                    else:
                        ngs = gs
                    base_val = val + (kopt * gain_nat) * BIG + bonus
                    if not kj and not cap:
                        nst = head + (ncs,) + tail + (js, ngs, 0)
                        if base_val > new.get(nst, NEG):
                            new[nst] = base_val
                            back[nst] = (st, plan)
                        continue
                    if cap:
                        nm0 = mpts + (m + kopt) * v
                    jt_list = jtags.get((js, kj))
                    if jt_list is None:
                        jt_list = jtags[(js, kj)] = _joker_tags(
                            js, kj, v, jt, jr, points, joker_meld_value
                        )
                    for njs, jgain, jm in jt_list:
                        nm = min(cap, nm0 + jm) if cap else 0
                        nst = head + (ncs,) + tail + (njs, ngs, nm)
                        nv = base_val + jgain * BIG
                        if nv > new.get(nst, NEG):
                            new[nst] = nv
                            back[nst] = (st, plan)
            if budget is not None:
                budget.charge(work)
            history.append(back)
            layer = _prune_dominated(new, c, need) if len(new) > DOMINANCE_FROM else new
        # groups of number v
        back = {}
        new = {}
        rem_after = suffix[v * 4] if v < 13 else 0
        slack_g = slack_at[v][4]
        if budget is not None:
            budget.charge(len(layer))
        for st, val in layer.items():
            gs = st[5]  # type: ignore[assignment]
            js = st[4]  # type: ignore[assignment]
            jav = min(jokers_total - jokers_used(js), 2)
            gvec: tuple[int, ...]
            if exact_groups:
                gvec = (gs % 3, gs // 3 % 3, gs // 9 % 3, gs // 27 % 3)
            else:
                n1, n2 = gs % 5, gs // 5
                gvec = (2,) * n2 + (1,) * n1 + (0,) * (4 - n1 - n2)
            for jg in range(jav + 1):
                matched, _ = _group_best(
                    gvec, jg, set_max, min_nat, orig_groups, points and v == 13
                )
                if matched < 0:
                    continue
                for njs, jgain, jm in _joker_tags(js, jg, v, jt, jr, points, joker_meld_value):
                    if (
                        floor_big
                        and val
                        + (rem_after + rack_jokers_left(njs) * jgain_max + jgain) * BIG
                        + slack_g
                        + (tagged_runs(st) if tags.active else 0)
                        < floor_big
                    ):
                        continue
                    nm = min(cap, st[6] + jm) if cap else 0  # type: ignore[operator]
                    nst = st[:4] + (njs, 0, nm)
                    nv = val + jgain * BIG + matched
                    if nv > new.get(nst, NEG):
                        new[nst] = nv
                        back[nst] = (st, jg)
        history.append(back)
        layer = new
    # close: every open run must be complete; jokers on the table all used; threshold reached
    best_val = NEG
    best_state: tuple[object, ...] | None = None
    for st, val in layer.items():
        ok = True
        bonus = 0
        for c in range(4):
            counts: dict[tuple[int, int, int], int] = {}
            for r in st[c]:  # type: ignore[attr-defined]
                if (r & LEN_MASK) < 3 or ((r >> NAT_SHIFT) & 3) < need:
                    ok = False
                    break
                rkey = tags.ending(c, r >> TAG_SHIFT, 13) if tags.active else None
                if rkey is not None:
                    counts[rkey] = counts.get(rkey, 0) + 1
            if not ok:
                break
            for rkey, n in counts.items():
                bonus += min(n, tags.runs[c][rkey])
        if not ok:
            continue
        js = st[4]  # type: ignore[assignment]
        if (js // 3 != jt) if points else (js < jt):
            continue
        if cap and st[6] < cap:  # type: ignore[operator]
            continue
        total = val + bonus
        if total < floor_big:
            continue
        if total > best_val:
            best_val, best_state = total, st
    if best_state is None:
        return None
    return replay_steps(
        _steps_back(history, best_state),
        best_state,
        best_val,
        points,
        jt,
        tags,
        need,
        originals,
        set_max,
        min_nat,
    )


def _profile(cs: tuple[int, ...]) -> dict[int, list[int]]:
    """Runs of one colour by kind (the packed int without its length): counts of length 1, 2, 3+."""
    out: dict[int, list[int]] = {}
    for r in cs:
        kind = r & ~LEN_MASK
        counts = out.get(kind)
        if counts is None:
            counts = out[kind] = [0, 0, 0]
        counts[(r & LEN_MASK) - 1] += 1
    return out


_DOMINATES: dict[tuple[tuple[int, ...], tuple[int, ...], int], bool] = {}


def _dominates(a: tuple[int, ...], b: tuple[int, ...], need: int) -> bool:
    """Whether open runs ``a`` of one colour can do everything open runs ``b`` can.

    Each run of ``b`` is matched to a run of ``a`` of the same kind (flags, tag) at least as
    long (lengths are capped at 3, and a longer run may do whatever a shorter one may), and each
    run of ``a`` left over may end now (3+ tiles, enough naturals, no flag forcing it on).
    """
    key = (a, b, need)
    hit = _DOMINATES.get(key)
    if hit is not None:
        return hit
    pa, pb = _profile(a), _profile(b)
    ok = True
    for kind, (n1, n2, n3) in pa.items():
        m1, m2, m3 = pb.get(kind, (0, 0, 0))
        # a's runs of length 1 must take b's runs of length 1; a's of length 2 b's of 1 or 2
        if n1 > m1 or n2 > (m1 - n1) + m2:
            ok = False
            break
        extra = (n1 + n2 + n3) - (m1 + m2 + m3)
        if extra < 0:
            ok = False
            break
        if extra and (kind & TO_TOP or ((kind >> NAT_SHIFT) & 3) < need):
            ok = False
            break
    if ok:
        ok = all(kind in pa for kind in pb)
    if len(_DOMINATES) > 500_000:
        _DOMINATES.clear()
    _DOMINATES[key] = ok
    return ok


def _prune_dominated(
    layer: dict[tuple[object, ...], int], c: int, need: int
) -> dict[tuple[object, ...], int]:
    """Drop states whose colour-``c`` runs are dominated (``_dominates``) by another state's that
    agrees on everything else and has at least the same value: the dominated one can only reach
    what the other reaches (exact for both the objective and the tie-break)."""
    buckets: dict[tuple[object, ...], list[tuple[tuple[int, ...], int, tuple[object, ...]]]] = {}
    for st, val in layer.items():
        rest = st[:c] + st[c + 1 :]
        buckets.setdefault(rest, []).append((st[c], val, st))  # type: ignore[arg-type]
    if len(buckets) == len(layer):
        return layer
    out: dict[tuple[object, ...], int] = {}
    for items in buckets.values():
        if len(items) == 1:
            cs, val, st = items[0]
            out[st] = val
            continue
        items.sort(key=lambda it: -it[1])
        kept: list[tuple[tuple[int, ...], int, tuple[object, ...]]] = []
        for cs, val, st in items:
            if any(_dominates(kcs, cs, need) for kcs, _, _ in kept):
                continue
            kept.append((cs, val, st))
            out[st] = val
    return out


def _joker_tags(
    js: int, k: int, v: int, jt: int, jr: int, points: bool, meld_value: bool
) -> list[tuple[int, int, int]]:
    """(new joker state, objective gain, meld-point gain) for using ``k`` jokers at number ``v``.

    Tiles objective: the state counts jokers used; the first ``jt`` are the table's, the rest
    count one tile each. Points objective: each joker is counted either as a table joker or as a
    rack joker worth ``v``; every table joker must be counted once by the end.
    """
    if k == 0:
        return [(js, 0, 0)]
    mv = v * k if meld_value else 0
    if not points:
        if js + k > jt + jr:
            return []
        return [(js + k, max(0, js + k - jt) - max(0, js - jt), mv)]
    out: list[tuple[int, int, int]] = []
    at, ar = divmod(js, 3)
    for kr in range(k + 1):
        kt = k - kr
        if at + kt <= jt and ar + kr <= jr:
            out.append(((at + kt) * 3 + ar + kr, kr * v, mv))
    return out


_NO_TAGS: Final = _Tags(None)

#: Layers of more states than this are pruned by dominance (smaller ones cost more to check
#: than they save).
DOMINANCE_FROM: Final = 4096


def _steps_back(
    history: list[dict[tuple[object, ...], tuple[tuple[object, ...], object]]],
    final: tuple[object, ...],
) -> list[object]:
    """The plan of every step, from the back-pointers of each layer, walking back from ``final``."""
    steps: list[object] = []
    st = final
    for back in reversed(history):
        prev, info = back[st]
        steps.append(info)
        st = prev
    steps.reverse()
    return steps


def replay_steps(
    steps: Sequence[object],
    final: tuple[object, ...],
    value: int,
    points: bool,
    jt: int,
    tags: _Tags,
    need: int,
    originals: _Originals | None,
    set_max: int,
    min_nat: int,
) -> Arrangement:
    """Replay the plans of the 65 steps (per number: four colour plans, then the group jokers)
    into runs and groups; ``final`` is the state after the last step, ``value`` its value
    (``primary * BIG + preserved``)."""
    # open runs per colour: list of (packed int, start, joker flags)
    open_runs: list[list[tuple[int, int, list[bool]]]] = [[], [], [], []]
    runs: list[DPRun] = []
    groups: list[DPGroup] = []
    index = 0
    for v in range(1, 14):
        gvec = [0, 0, 0, 0]
        for c in range(4):
            plan: tuple[tuple[int, ...], tuple[int, ...], int, int, int] = steps[index]  # type: ignore[assignment]
            index += 1
            nat_idx, jcomb, nn, jn, g = plan
            gvec[c] = g
            cur = sorted(open_runs[c], key=lambda r: r[0])
            nxt: list[tuple[int, int, list[bool]]] = []
            extended = set(nat_idx) | set(jcomb)
            for i, (packed, start, flags) in enumerate(cur):
                if i not in extended:
                    runs.append(DPRun(colour=c, start=start, jokers=tuple(flags)))
                    continue
                joker = i in jcomb
                nxt.append((_repack(packed, c, v, joker, tags, need), start, flags + [joker]))
            for _ in range(nn):
                nxt.append((_fresh(c, v, False, tags, need), v, [False]))
            for _ in range(jn):
                nxt.append((_fresh(c, v, True, tags, need), v, [True]))
            open_runs[c] = nxt
        jg = steps[index]
        index += 1
        orig_groups = originals.groups[v] if originals is not None else ()
        _, part = _group_best(tuple(gvec), jg, set_max, min_nat, orig_groups, points and v == 13)  # type: ignore[arg-type]
        for members, j in part:
            groups.append(DPGroup(number=v, colours=tuple(members), jokers=j))
    for c in range(4):
        for _, start, flags in open_runs[c]:
            runs.append(DPRun(colour=c, start=start, jokers=tuple(flags)))
    primary, preserved = divmod(value, BIG)
    js: int = final[4]  # type: ignore[assignment]
    rack_jokers = js % 3 if points else js - jt
    runs.sort(key=lambda r: (r.colour, r.start, len(r.jokers), r.jokers))
    return Arrangement(
        runs=tuple(runs),
        groups=tuple(groups),
        primary=primary,
        preserved=preserved,
        rack_jokers_used=rack_jokers,
    )


def _repack(packed: int, c: int, v: int, joker: bool, tags: _Tags, need: int) -> int:
    """The packed int of a run after extending it at ``v`` (same rule as the option builder)."""
    length = min((packed & LEN_MASK) + 1, 3)
    nat = (packed >> NAT_SHIFT) & 3
    if not joker and nat < need:
        nat += 1
    tag = tags.extend(c, packed >> TAG_SHIFT, v, joker) if tags.active else 0
    return length | (nat << NAT_SHIFT) | (packed & TO_TOP) | (tag << TAG_SHIFT)


def _fresh(c: int, v: int, joker: bool, tags: _Tags, need: int) -> int:
    """The packed int of a run started at ``v`` (same rule as the option builder)."""
    tag = tags.start(c, v, joker) if tags.active else 0
    if joker:
        return 1 | (tag << TAG_SHIFT) if tag else 1 | TO_TOP
    return 1 | (min(1, need) << NAT_SHIFT) | (tag << TAG_SHIFT)
