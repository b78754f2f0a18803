"""Depth-first search over the states of the Rummikub number sweep (internal).

The same states and moves as the dynamic program of ``remi.solvers._rk_dp`` (read its module
docstring first): the numbers 1..13, each in four colour steps and one group step, 65 steps in
all, then the closing check. The program there builds every state of a step before the next; a
position with many tiles has thousands per step. Here the steps are walked depth first, best
move first, with a memo of upper bounds:

* ``_bound(k, state)`` is an upper bound on the value still to come from ``state`` before step
  ``k``: every later optional tile and rack joker placed, every original set not yet passed
  re-created. A node whose bound is below what is needed is not entered.
* A search for "at least ``need`` more" from a node either finds such a completion (and stops:
  the caller asked for no more) or returns a smaller upper bound, the best bound of its
  children (fail-soft), which is remembered for the node and used by every later search.
* The driver asks the root for its own upper bound. When that fails it asks again for the
  smaller bound the failure proved, and so on: the first completion found has a value equal to
  the last upper bound, so it is optimal (iterative bound tightening, as in IDA*).

The value is ``primary * BIG + preserved`` as in the program, so the same search serves the
objective (no original-set tags) and the minimal-disruption tie-break (tags, ``floor`` fixing the
primary value). Where there is enough room to place everything, the first descent usually places
everything and the optimum is proved by its own bound; the program's work is only needed where
tiles are short.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from remi.solvers._rk_dp import (
    _NO_TAGS,
    _OPTIONS_CACHE,
    BIG,
    LEN_MASK,
    NAT_SHIFT,
    NEG,
    OPTIONS_CACHE_LIMIT,
    TAG_SHIFT,
    TO_TOP,
    Arrangement,
    Budget,
    _colour_options,
    _group_best,
    _joker_tags,
    _Option,
    _Tags,
    optional_suffix,
    originals_of,
    replay_steps,
)

__all__ = ["solve_dfs"]

STEPS = 65  # 13 numbers x (4 colour steps + 1 group step)


def solve_dfs(
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
    known_primary: bool = False,
    later_caps: Sequence[int] | None = None,
) -> Arrangement | None:
    """Best arrangement of all of ``mand`` plus any of ``opt``: the same problem, arguments and
    answer value as ``remi.solvers._rk_dp.solve_dp`` (see there), found by depth-first search.

    The search runs downwards from the upper bound (module docstring). With ``known_primary``
    the caller promises that ``floor`` is the best objective value (the tie-break), so the
    search starts from ``floor`` plus every original set re-created. ``later_caps``: proven
    bounds on the optional gains of numbers ``v``..13 (``optional_suffix``).

    Returns:
        an arrangement of the best value (objective first, then originals re-created), or
        ``None`` when none reaches ``floor`` / ``min_preserved`` (or none exists).

    Raises:
        SolverBudgetExceeded: ``budget`` ran out (charged one unit per move tried).
    """
    need_nat = min_nat if min_nat > 1 else 0
    originals = originals_of(original_runs, original_groups)
    tags = _Tags(originals)
    jokers_total = jt + jr
    if jokers_total > 4:
        raise ValueError("at most 4 jokers")
    cap = threshold
    avail = [mand[i] + opt[i] for i in range(52)] + [0] * 4
    suffix = optional_suffix(opt, points, later_caps)
    jgain_max = 13 if points else 1
    # rem_units[k]: optional gains (in BIG units) from step k on; runs_later[k]: original runs
    # not started before step k; groups_from[k]: original groups of step k's number or above
    rem_units = [0] * (STEPS + 1)
    runs_later = [0] * (STEPS + 1)
    groups_from = [0] * (STEPS + 1)
    for k in range(STEPS):
        v, sub = divmod(k, 5)
        v += 1
        rem_units[k] = suffix[(v - 1) * 4 + sub] if sub < 4 else (suffix[v * 4] if v < 13 else 0)
        runs_later[k] = sum(
            1 for c, s, _, _ in original_runs if s > v or (s == v and sub < 4 and c >= sub)
        )
        groups_from[k] = sum(1 for n, _, _ in original_groups if n >= v)
    per_call: dict[tuple[object, ...], list[_Option]] = {}
    memo: dict[tuple[object, ...], int] = {}
    choice: dict[tuple[object, ...], tuple[tuple[object, ...], object]] = {}
    group_cache: dict[tuple[object, ...], list[tuple[int, tuple[object, ...], object, int]]] = {}
    joker_cache: dict[tuple[int, int, int], list[tuple[int, int, int]]] = {}

    def jokers_used(js: int) -> int:
        return js if not points else js // 3 + js % 3

    def rack_jokers_left(js: int) -> int:
        return jr - (js % 3 if points else max(0, js - jt))

    def joker_moves(js: int, k: int, v: int) -> list[tuple[int, int, int]]:
        key = (js, k, v)
        hit = joker_cache.get(key)
        if hit is None:
            hit = joker_cache[key] = _joker_tags(js, k, v, jt, jr, points, joker_meld_value)
        return hit

    deficit_cache: dict[tuple[int, int, tuple[int, ...]], int] = {}

    def deficit(c: int, w: int, cs: tuple[int, ...]) -> int:
        """Jokers colour ``c``'s open runs through ``w`` need at least: a run of length 1 or 2
        must take a tile at each number up to ``w + 2`` or ``w + 1``, one started by a joker at
        each number up to 13, each run its own copy; copies short of that are jokers."""
        key = (c, w, cs)
        hit = deficit_cache.get(key)
        if hit is not None:
            return hit
        reach = []
        for r in cs:
            length = r & LEN_MASK
            last = w + 3 - length if length < 3 else w
            if r & TO_TOP:
                last = 13
            if last > w:
                reach.append(last)
        total = 0
        if reach:
            top = max(reach)
            if top > 13:
                total = 99
            else:
                for u in range(w + 1, top + 1):
                    wanted = sum(1 for last in reach if last >= u)
                    short = wanted - avail[c * 13 + u - 1]
                    if short > 0:
                        total += short
        deficit_cache[key] = total
        return total

    tag_mode = tags.active or originals is not None

    def lacking(k: int, st: tuple[object, ...]) -> int:
        """Jokers the open runs of ``st`` (before step ``k``) need at least (``deficit``)."""
        v, sub = divmod(k, 5)
        v += 1
        total = 0
        for c in range(4):
            cs: tuple[int, ...] = st[c]  # type: ignore[assignment]
            if cs:
                total += deficit(c, v if c < sub else v - 1, cs)
        return total

    def tagged(cs: tuple[int, ...]) -> int:
        """Runs of ``cs`` re-creating an original run so far."""
        count = 0
        for r in cs:
            if r >> TAG_SHIFT:
                count += 1
        return count

    def bound(k: int, st: tuple[object, ...]) -> int:
        """Upper bound on the value still to come from ``st`` before step ``k`` (NEG: none)."""
        js: int = st[4]  # type: ignore[assignment]
        if lacking(k, st) > jokers_total - jokers_used(js):
            return NEG
        value = (rem_units[k] + rack_jokers_left(js) * jgain_max) * BIG
        if tag_mode:
            # originals still possible: runs not started yet, runs re-created so far (tagged),
            # groups not passed yet (a run that left its original's path is lost for good)
            value += runs_later[k] + groups_from[k]
            for c in range(4):
                value += tagged(st[c])  # type: ignore[arg-type]
        return value

    def close(st: tuple[object, ...]) -> int:
        bonus = 0
        for c in range(4):
            counts: dict[tuple[int, int, int], int] = {}
            for r in st[c]:  # type: ignore[attr-defined]
                if (r & LEN_MASK) < 3 or ((r >> NAT_SHIFT) & 3) < need_nat:
                    return NEG
                rkey = tags.ending(c, r >> TAG_SHIFT, 13) if tags.active else None
                if rkey is not None:
                    counts[rkey] = counts.get(rkey, 0) + 1
            for rkey, n in counts.items():
                bonus += min(n, tags.runs[c][rkey])
        js: int = st[4]  # type: ignore[assignment]
        if (js // 3 != jt) if points else (js < jt):
            return NEG
        if cap and st[6] < cap:  # type: ignore[operator]
            return NEG
        return bonus

    def colour_moves(
        k: int, st: tuple[object, ...]
    ) -> list[tuple[int, tuple[object, ...], object, int]]:
        v, c = divmod(k, 5)
        v += 1
        code = c * 13 + v - 1
        m = mand[code]
        o = opt[code]
        cs: tuple[int, ...] = st[c]  # type: ignore[assignment]
        js: int = st[4]  # type: ignore[assignment]
        jreal = jokers_total - jokers_used(js)
        jav = min(jreal, 2)
        next1 = avail[code + 1] if v < 13 else 0
        next2 = avail[code + 2] if v < 12 else 0
        above = tuple(avail[code + 1 : c * 13 + 13])
        if tags.active and tags.colour_has[c]:
            okey: tuple[object, ...] = (c, v, cs, m, o, jav, next1, next2, jreal)
            opts = per_call.get(okey)
            if opts is None:
                opts = per_call[okey] = _colour_options(
                    cs, m, o, jav, c, v, need_nat, tags, next1, next2, above, jreal
                )
        else:
            okey = (cs, m, o, jav, need_nat, next1, next2, v == 13, above, jreal)
            opts = _OPTIONS_CACHE.get(okey)
            if opts is None:
                opts = _colour_options(
                    cs, m, o, jav, c, v, need_nat, _NO_TAGS, next1, next2, above, jreal
                )
                if len(_OPTIONS_CACHE) > OPTIONS_CACHE_LIMIT:
                    _OPTIONS_CACHE.clear()
                _OPTIONS_CACHE[okey] = opts
        gain_nat = v if points else 1
        exact_groups = originals is not None and bool(originals.groups[v])
        gunit = 3**c
        gs: int = st[5]  # type: ignore[assignment]
        mpts: int = st[6]  # type: ignore[assignment]
        head = st[:c]
        tail = st[c + 1 : 4]
        out: list[tuple[int, tuple[object, ...], object, int]] = []
        for ncs, g, kopt, kj, bonus, plan in opts:
            if g:
                ngs = gs + (g * gunit if exact_groups else (1 if g == 1 else 5))
            else:
                ngs = gs
            base = kopt * gain_nat * BIG + bonus
            if not kj and not cap:
                out.append((base, head + (ncs,) + tail + (js, ngs, 0), plan, 0))
                continue
            nm0 = mpts + (m + kopt) * v if cap else 0
            for njs, jgain, jm in joker_moves(js, kj, v):
                nm = min(cap, nm0 + jm) if cap else 0
                out.append((base + jgain * BIG, head + (ncs,) + tail + (njs, ngs, nm), plan, kj))
        return out

    def group_moves(
        k: int, st: tuple[object, ...]
    ) -> list[tuple[int, tuple[object, ...], object, int]]:
        v = k // 5 + 1
        gs: int = st[5]  # type: ignore[assignment]
        js: int = st[4]  # type: ignore[assignment]
        mpts: int = st[6]  # type: ignore[assignment]
        gkey = (v, gs, js, mpts)
        hit = group_cache.get(gkey)
        if hit is None:
            orig_groups = originals.groups[v] if originals is not None else ()
            exact_groups = bool(orig_groups)
            gvec: tuple[int, ...]
            if exact_groups:
                gvec = (gs % 3, gs // 3 % 3, gs // 9 % 3, gs // 27 % 3)
            else:
                n1, n2 = gs % 5, gs // 5
                gvec = (2,) * n2 + (1,) * n1 + (0,) * (4 - n1 - n2)
            jav = min(jokers_total - jokers_used(js), 2)
            hit = []
            for jg in range(jav + 1):
                matched, _ = _group_best(
                    gvec, jg, set_max, min_nat, orig_groups, points and v == 13
                )
                if matched < 0:
                    continue
                for njs, jgain, jm in joker_moves(js, jg, v):
                    nm = min(cap, mpts + jm) if cap else 0
                    hit.append((jgain * BIG + matched, (njs, 0, nm), jg, jg))
            group_cache[gkey] = hit
        head = st[:4]
        return [(gain, head + rest, plan, jk) for gain, rest, plan, jk in hit]

    group_ok_cache: dict[tuple[object, ...], bool] = {}

    def groups_possible(v: int, c: int, gs: int, jokers_left: int) -> bool:
        """Whether the copies of number ``v`` sent to groups by colours ``0..c`` (``gs``) can
        still be completed into groups by the later colours' copies and the jokers left."""
        key = (v, c, gs, jokers_left)
        hit = group_ok_cache.get(key)
        if hit is not None:
            return hit
        if originals is not None and originals.groups[v]:
            have = [gs % 3, gs // 3 % 3, gs // 9 % 3, gs // 27 % 3][: c + 1]
        else:
            n1, n2 = gs % 5, gs // 5
            have = [2] * n2 + [1] * n1
        later = [range(min(2, avail[cc * 13 + v - 1]) + 1) for cc in range(c + 1, 4)]
        ok = False
        for extra in itertools.product(*later):
            counts = sorted(have + list(extra), reverse=True)
            gvec = tuple(counts + [0] * (4 - len(counts)))
            for jg in range(min(jokers_left, 2) + 1):
                if _group_best(gvec, jg, set_max, min_nat, (), True)[0] >= 0:
                    ok = True
                    break
            if ok:
                break
        group_ok_cache[key] = ok
        return ok

    def search(k: int, st: tuple[object, ...], need: int, ub: int) -> int:
        """At least ``need`` more from ``st`` before step ``k`` (returned, path in ``choice``),
        or an upper bound below ``need``; ``ub`` is ``bound(k, st)``."""
        if k == STEPS:
            return close(st)
        key = (k, st)
        known = memo.get(key)
        if known is not None and known < ub:
            ub = known
        if ub < need:
            return ub
        # the children's bounds, from the parts that do not change (only colour c's runs and
        # the jokers do)
        c = k % 5
        if c < 4:
            moves = colour_moves(k, st)
            v = k // 5 + 1
            cs: tuple[int, ...] = st[c]  # type: ignore[assignment]
            others = lacking(k, st) - (deficit(c, v - 1, cs) if cs else 0)
        else:
            moves = group_moves(k, st)
            others = lacking(k, st)
        if budget is not None:
            budget.charge(len(moves) + 1)
        extra = 0
        if tag_mode:
            extra = runs_later[k + 1] + groups_from[k + 1]
            for cc in range(4):
                if cc != c:
                    extra += tagged(st[cc])  # type: ignore[arg-type]
        rem_next = rem_units[k + 1]
        scored = []
        for gain, child, plan, jk in moves:
            js: int = child[4]  # type: ignore[assignment]
            lack = others
            if c < 4:
                ncs: tuple[int, ...] = child[c]  # type: ignore[assignment]
                if ncs:
                    lack += deficit(c, v, ncs)
            if lack > jokers_total - jokers_used(js) or (
                c < 4
                and child[5]
                and not groups_possible(v, c, child[5], jokers_total - jokers_used(js))  # type: ignore[arg-type]
            ):
                child_ub = NEG
            else:
                child_ub = (rem_next + rack_jokers_left(js) * jgain_max) * BIG + extra
                if tag_mode and c < 4:
                    child_ub += tagged(child[c])  # type: ignore[arg-type]
            scored.append((gain + child_ub, -jk, gain, child, plan, child_ub))
        scored.sort(key=_by_score, reverse=True)
        best = NEG
        for score, _, gain, child, plan, child_ub in scored:
            if score < need:
                if score > best:
                    best = score
                break
            got = search(k + 1, child, need - gain, child_ub)
            if got >= need - gain:
                choice[key] = (child, plan)
                return gain + got
            if gain + got > best:
                best = gain + got
        memo[key] = best
        return best

    root: tuple[object, ...] = ((), (), (), (), 0, 0, 0)

    def arrangement(value: int) -> Arrangement:
        steps: list[object] = []
        st = root
        for k in range(STEPS):
            st, plan = choice[(k, st)]
            steps.append(plan)
        return replay_steps(
            steps, st, value, points, jt, tags, need_nat, originals, set_max, min_nat
        )

    floor_big = floor * BIG + min_preserved
    root_ub = bound(0, root)
    need = root_ub
    if known_primary:
        need = min(need, floor * BIG + len(original_runs) + len(original_groups))
    while need >= floor_big and need > NEG // 2:
        got = search(0, root, need, root_ub)
        if got >= need:
            return arrangement(got)
        need = got
    return None


def _by_score(move: tuple[int, int, int, tuple[object, ...], object, int]) -> tuple[int, int]:
    return move[0], move[1]
