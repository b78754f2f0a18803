"""The whole Rummikub move as an arrangement: the objective, then the tie-break (internal).

``_solve`` takes a ``MoveProblem`` (the table's tiles mandatory, the rack's optional) and
returns the optimal ``Arrangement``, fewest original sets changed within the tie-break's budget
(docs/solvers.md, "Method").
"""

from __future__ import annotations

import attrs

from remi.variants.rummikub.solvers._budget import Budget, SolverBudgetExceeded
from remi.variants.rummikub.solvers._dp import solve_dp
from remi.variants.rummikub.solvers._objective import (
    BRANCH_NODES,
    NODE_WORK,
    WHOLE_MOVE_NODES,
    _Bounds,
    _branching_applies,
    _filter_playable,
    _most,
    _objective_pass,
)
from remi.variants.rummikub.solvers._problem import Arrangement, MoveProblem, SweepProblem
from remi.variants.rummikub.solvers._table import (
    _codes_of,
    _counts,
    _joker_numbers,
    _originals,
    _solution_arrangement,
    _table_tiles,
    _with_kept,
)
from remi.variants.rummikub.solvers._tiebreak import _TieBreak


def _solve(problem: MoveProblem, budget: Budget | None = None) -> Arrangement | None:
    """The optimal arrangement of ``problem``: one branch and bound for the whole move where it
    applies, else in two passes; ``problem.old``: the table sets, for the tie-break
    (docs/solvers.md, "The tie-break"). Rack tiles that fit nowhere are left out first
    (``_filter_playable``).

    0. When ``old`` holds exactly the table tiles: where the branch and bound applies
       (``_branching_applies``) and ``tie_break_states`` is at least ``BRANCH_NODES *
       NODE_WORK`` (the default and the solver bot's 20,000 are), the objective and the
       tie-break in one branch and bound (``Relaxation.best_kept``, ``WHOLE_MOVE_NODES``
       nodes), which settles most positions (the passes below are its fallback); when the
       relaxation's bound is 0 (no rack tile can be placed): ``old`` as it is, worth 0. When
       its nodes run out on an arrangement worth as much as its passes proved reachable
       (``Relaxation.value_cap``), the objective is proved: pass 1 is skipped and that
       arrangement, with the original sets it keeps, starts the tie-break.
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

    Returns:
        the arrangement (worth 0 when no rack tile can be placed), or ``None`` when the table
        tiles cannot be arranged (or the meld threshold cannot be reached).

    Raises:
        SolverBudgetExceeded: ``budget`` ran out in pass 1 (no optimum proved).
    """
    given = problem.sets
    old, rules, tie_break_states = problem.old, problem.rules, problem.tie_break_states
    opt = _filter_playable(
        given.table_counts, given.rack_counts, given.table_jokers + given.rack_jokers
    )
    # every rack tile fits somewhere (always with two jokers in play): the problem as given
    sets = given if tuple(opt) == given.rack_counts else attrs.evolve(given, rack_counts=opt)
    work = budget if budget is not None else Budget()
    bounds = _Bounds(sets)
    table_counts, table_jokers = _counts(_table_tiles(old))
    whole_table = (
        not sets.meld_threshold
        and tuple(table_counts) == sets.table_counts
        and table_jokers == sets.table_jokers
    )
    proven: Arrangement | None = None  # an arrangement of the optimal value, once proved
    if (
        whole_table
        and old
        and tie_break_states >= BRANCH_NODES * NODE_WORK
        and _branching_applies(sets)
    ):
        # 0. the objective and the tie-break together (``Relaxation.best_kept``)
        status, found, nodes = bounds.relax.best_kept(
            [_codes_of(f) for f in old], [_joker_numbers([f]) for f in old], WHOLE_MOVE_NODES
        )
        work.charge(nodes * NODE_WORK)
        if status == "none":  # nothing worth 1 or more: the table as it is
            return _with_kept([], [], old, 0, 0)
        if found is not None:
            solution, indices = found
            relax = bounds.relax
            arr = _solution_arrangement(
                solution, [old[i] for i in indices], rules, relax.points, relax.jt + relax.jr
            )
            if arr is not None and status == "found":
                return arr
            cap = bounds.relax.value_cap
            if arr is not None and cap is not None and arr.primary >= cap > 0:
                # the objective proved: only the tie-break is left, from this arrangement
                proven = arr
    if proven is None and whole_table and bounds.relax.bound() == 0:
        # the relaxation proves that no rack tile can be placed: the table as it is
        return _with_kept([], [], old, 0, 0)
    arr = proven if proven is not None else _objective_pass(bounds, work)
    if arr is None or arr.primary == 0 or not old or tie_break_states <= 0:
        return arr
    sub = work.child(tie_break_states)
    try:
        tie = _TieBreak(old=old, rules=rules, candidates=range(len(old)), bounds=bounds)
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
            most = _most(sets.rack_counts, sets.rack_jokers, sets.points)
            sweep = SweepProblem(
                sets=sets,
                original_runs=tuple(runs),
                original_groups=tuple(groups),
                floor=arr.primary,
                min_preserved=kept + 1,
                later_caps=bounds.caps if arr.primary < most else None,
            )
            tied = solve_dp(sweep, sub)
            if tied is not None and tied.primary == arr.primary:
                arr = tied
    except SolverBudgetExceeded:
        pass
    work.absorb(sub)
    return arr
