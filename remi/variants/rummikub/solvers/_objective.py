"""The objective pass of the Rummikub best move: the best value, proved (internal).

Two exact engines (docs/solvers.md, "Method"): the branch and bound over the linear relaxation
(``remi.variants.rummikub.solvers._bb``, ``_branch_and_bound``) where it applies, then the number sweep
(``remi.variants.rummikub.solvers._dp``) searched from the relaxation's bound down, pruned by its suffix caps
(``_objective_pass``). ``_Bounds`` holds the position's relaxation and what it has proved.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Final

import attrs

from remi.core.formations import Formation
from remi.variants.rummikub.solvers._bb import Relaxation
from remi.variants.rummikub.solvers._budget import Budget
from remi.variants.rummikub.solvers._columns import Solution
from remi.variants.rummikub.solvers._dp import solve_dp
from remi.variants.rummikub.solvers._problem import (
    Arrangement,
    DPGroup,
    DPRun,
    SetProblem,
    SweepProblem,
)
from remi.variants.rummikub.solvers._table import _codes_of, _joker_numbers, _with_kept


def _filter_playable(mand: Sequence[int], opt: Sequence[int], jokers: int) -> list[int]:
    """``opt`` (52 rack counts) without the rack tiles that fit in no set even with every tile
    of ``mand`` and ``opt`` (52 counts each) and ``jokers`` jokers available."""
    out = list(opt)
    if jokers >= 2:  # a tile and two jokers make a run of three: every rack tile fits
        return out
    avail = [mand[i] + opt[i] for i in range(52)]
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


class _Bounds:
    """The linear relaxation of one position (``remi.variants.rummikub.solvers._bb.Relaxation``), built on
    first use; its whole-move bound and suffix caps, each solved at most once."""

    def __init__(self, problem: SetProblem) -> None:
        self.problem = problem

    @functools.cached_property
    def relax(self) -> Relaxation:
        """The relaxation of the position."""
        return Relaxation(self.problem)

    @functools.cached_property
    def caps(self) -> tuple[int, ...] | None:
        """``LinearRelaxation.suffix_caps`` of the position, computed once (``None`` when HiGHS
        did not report an optimum)."""
        caps = self.relax.suffix_caps()
        return None if caps is None else tuple(caps)

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
        return min_nat <= 1

    def arrangement(
        self, found: Solution, sets: Sequence[Formation], min_nat: int
    ) -> Arrangement | None:
        """An integral solution plus the kept ``sets`` as the solver's ``Arrangement``, worth
        ``Solution.value``; ``None`` when a set holds fewer than ``min_nat`` natural tiles."""
        relax = self.relax
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


def _most(opt: Sequence[int], jr: int, points: bool) -> int:
    """The objective value of placing every rack tile: ``opt`` 52 rack counts, ``jr`` rack
    jokers (a rack joker counted 13 for points)."""
    return sum(((i % 13) + 1 if points else 1) * opt[i] for i in range(52)) + jr * (
        13 if points else 1
    )


#: Nodes (each one solve of the relaxation, about a millisecond) the branch and bound of the
#: objective (``_branch_and_bound``) and of each tie-break check may use before the number
#: sweep (``remi.variants.rummikub.solvers._dp``) takes over.
BRANCH_NODES: Final = 200
#: Nodes for the whole move in one branch and bound (``Relaxation.best_kept``) before the two
#: passes take over (median 4 nodes). A position it cannot settle pays these nodes on top of
#: the two passes, and the positions that need many nodes are those the two passes settle
#: quickly, so a small allowance is fastest at the tail: on the corpus (fastest of 3, two runs
#: side by side) the slowest position took 28-34 ms with 30 nodes, 40-53 ms with 80; on 1,600
#: stress positions 30 nodes settle 97 % and leave 11 solves above 50 ms (80 nodes: 17).
WHOLE_MOVE_NODES: Final = 30
#: Work charged to the budget per node of the branch and bound, in state expansions (a node
#: costs about as much time as this many expansions of the number sweep).
NODE_WORK: Final = 100


def _branching_applies(problem: SetProblem) -> bool:
    """Whether the branch and bound over the relaxation decides the objective: after the
    initial meld (no ``meld_threshold``) and with ``formation.min_natural_tiles`` at most 1, so
    that its integral solutions are moves (``_Bounds.exact``)."""
    return not problem.meld_threshold and problem.min_natural <= 1


def _branch_and_bound(bounds: _Bounds, work: Budget) -> tuple[Arrangement | None, bool]:
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
    problem = bounds.problem
    if not _branching_applies(problem):
        return None, False
    relax = bounds.relax
    min_nat = max(problem.min_natural, 1)
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
    tiles = Relaxation(attrs.evolve(problem, points=False))
    status, found, nodes = tiles.search([], 1, BRANCH_NODES, best=True)
    work.charge(nodes * NODE_WORK)
    if found is None:
        return None, False
    return bounds.arrangement(found, [], min_nat), False


def _objective_pass(bounds: _Bounds, work: Budget) -> Arrangement | None:
    """The best objective value of ``bounds.problem``, by the two engines of docs/solvers.md,
    each exact:

    1. the branch and bound over the linear relaxation (``_branch_and_bound``), where it
       applies (``_branching_applies``);
    2. the number sweep (``remi.variants.rummikub.solvers._dp``) searched from the upper bound (the
       relaxation's) down, pruned by the relaxation's suffix caps: floors ``U, U-1, U-3, U-7,
       ...``; each pass is exact for every answer at or above its floor, so the first answer
       found is the optimum. When engine 1 found a move worth ``L`` without proving it, the
       sweep asks only for more than ``L`` (one pass at floor ``L + 1``: it returns the best
       arrangement at or above its floor), and finding nothing proves that move.

    Returns:
        the best arrangement, or ``None`` when the table tiles cannot be arranged (or the meld
        threshold cannot be reached).

    Raises:
        SolverBudgetExceeded: ``work`` ran out.
    """
    problem = bounds.problem
    incumbent, proved = _branch_and_bound(bounds, work)
    if proved:
        return incumbent
    lowest = incumbent.primary + 1 if incumbent is not None else 0
    caps = bounds.caps
    upper = _most(problem.rack_counts, problem.rack_jokers, problem.points)
    ceiling = bounds.relax.bound()
    if ceiling is not None:
        upper = min(upper, max(ceiling, 0))
    step = 1
    # with a move in hand, one pass from just above it finds the best (the program returns the
    # best arrangement at or above its floor); without, floors from the bound down prune more
    floor = upper if incumbent is None else lowest
    while True:
        floor = max(floor, lowest)
        sweep = SweepProblem(sets=problem, floor=floor, later_caps=caps)
        arr = solve_dp(sweep, work)
        if arr is not None:
            return arr
        if floor <= lowest:
            return incumbent
        floor -= step
        step *= 2
