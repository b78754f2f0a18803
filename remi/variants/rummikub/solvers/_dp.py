"""The exact dynamic program behind the Rummikub best-move solver (internal).

The number sweep of van Rijn, Takes & Vis (2015), layer by layer: every state of a step (the
open runs of each colour, the jokers used, the copies sent to groups, the meld points; encoding
and moves in ``remi.variants.rummikub.solvers._steps``) is built before the next step, keeping the best value
per state and a back-pointer; layers of many states are pruned by dominance
(``_prune_dominated``). Back-pointers rebuild one optimal arrangement (``replay_steps``).
The problem is a ``remi.variants.rummikub.solvers._problem.SweepProblem``: the tiles and rules
(``SetProblem``) plus what the tie-break asks (original sets to re-create, a floor).
"""

from __future__ import annotations

from typing import Final

from remi.variants.rummikub.solvers._budget import Budget
from remi.variants.rummikub.solvers._problem import Arrangement, SweepProblem
from remi.variants.rummikub.solvers._steps import (
    _NO_TAGS,
    _OPTIONS_CACHE,
    BIG,
    LEN_MASK,
    NAT_SHIFT,
    NEG,
    OPTIONS_CACHE_LIMIT,
    TAG_SHIFT,
    TO_TOP,
    _colour_options,
    _group_best,
    _joker_tags,
    _Option,
    _Tags,
    optional_suffix,
    originals_of,
    replay_steps,
)

__all__ = ["solve_dp"]

#: Layers of more states than this are pruned by dominance (smaller ones cost more to check
#: than they save).
DOMINANCE_FROM: Final = 4096


def solve_dp(problem: SweepProblem, budget: Budget | None = None) -> Arrangement | None:
    """The best arrangement of all of ``problem.sets.table_counts`` plus any of its
    ``rack_counts``, by the number sweep layer by layer.

    Args:
        problem: the tiles, rules and objective, the original sets to re-create (ties are
            broken towards re-creating the most), the floor, ``min_preserved`` and caps
            (``SweepProblem``).
        budget: work budget; charged one unit per option tried from a state.

    Returns:
        the best arrangement (objective first, then originals re-created; ``preserved`` counts
        them), or ``None`` when none reaches ``floor`` (or the table tiles cannot be arranged,
        or the meld threshold cannot be reached).

    Raises:
        SolverBudgetExceeded: ``budget`` ran out.
        ValueError: more than 4 jokers.
    """
    sets = problem.sets
    mand, opt = sets.table_counts, sets.rack_counts
    jt, jr, points = sets.table_jokers, sets.rack_jokers, sets.points
    set_max, min_nat = sets.set_max, sets.min_natural
    threshold, joker_meld_value = sets.meld_threshold, sets.joker_meld_value
    original_runs, original_groups = problem.original_runs, problem.original_groups
    floor, min_preserved, later_caps = problem.floor, problem.min_preserved, problem.later_caps
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
