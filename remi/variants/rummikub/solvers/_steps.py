"""The steps of the Rummikub number sweep: its state encoding and the moves of one step (internal).

A position is tile *types with counts* (``remi.variants.rummikub.solvers._problem.SetProblem``): copies of
each numbered tile that must end on the table (the table tiles), copies that may be added (the
rack tiles), and jokers on the table (all must stay) and on the rack (optional). The sweep
(``remi.variants.rummikub.solvers._dp``) runs over the numbers 1..13 (van Rijn, Takes & Vis 2015). Between two
numbers the state holds, for each colour, the multiset of *open runs* through the last number,
each run packed in one int:

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
they or a joker extend, which runs end, which start, how many copies go to groups:
``_colour_options``), then the groups of that number are formed from the copies sent to groups
plus jokers (``_group_best``: a table of feasible and best-matching partitions). The value of a
state is ``primary * BIG + preserved``: the objective (tiles or points placed) first, then the
number of original table sets re-created unchanged. ``replay_steps`` turns the plans of the 65
steps into the runs and groups of an ``Arrangement``.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Final

import attrs

from remi.variants.rummikub.solvers._problem import Arrangement, DPGroup, DPRun

__all__ = ["BIG", "optional_suffix", "originals_of", "replay_steps"]

BIG: Final = 64  # more than the number of sets a table can hold (106 // 3 = 35)
NEG: Final = -(1 << 60)
LEN_MASK: Final = 3
NAT_SHIFT: Final = 2
TO_TOP: Final = (
    16  # bit 4: a run started by a joker must reach 13 (canonical form, see _colour_options)
)
TAG_SHIFT: Final = 5


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
    (``LinearRelaxation.suffix_caps`` of ``remi.variants.rummikub.solvers._lp``); a step's bound is then at most its own number's
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
