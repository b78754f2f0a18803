"""The tie-break of the Rummikub best move: fewest original table sets changed (internal).

At the optimal value, the arrangement that keeps the most original sets unchanged (minimal
disruption, den Hertog & Hulshof 2006; docs/solvers.md "The tie-break"): one branch and bound
over the relaxation with a column per original set (``_TieBreak.most_kept``); where it does not
settle, a search over collections of original sets, largest first, each refuted by the
relaxation or realised (``_TieBreak.fewest_changes``); then a greedy incumbent
(``_TieBreak.keep_more``) for the tagged number sweep to finish (``remi.variants.rummikub.solvers._solve``).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Final

import attrs

from remi.core.formations import Formation
from remi.variants.rummikub.solvers._budget import Budget, SolverBudgetExceeded
from remi.variants.rummikub.solvers._move import MoveRules
from remi.variants.rummikub.solvers._objective import (
    BRANCH_NODES,
    NODE_WORK,
    _Bounds,
    _branching_applies,
)
from remi.variants.rummikub.solvers._problem import Arrangement
from remi.variants.rummikub.solvers._table import (
    _codes_of,
    _formations_of,
    _joker_numbers,
    _unchanged,
)

#: Default work budget of the tie-break (fewest changed table sets), in state expansions: on the
#: benchmark corpus it proves the fewest changed sets in most positions (docs/solvers.md); past
#: it the best arrangement found so far, of the same optimal value, is returned.
TIE_BREAK_STATES: Final = 400_000
#: Nodes for each check of the greedy incumbent of the tie-break (``_TieBreak.keep_more``).
KEEP_NODES: Final = 30

#: Most subsets of the original sets the exact tie-break (``_TieBreak.fewest_changes``)
#: examines when it looks for the largest one not yet refuted, before the program takes over.
SUBSET_SCAN_LIMIT: Final = 20_000


@attrs.frozen(kw_only=True)
class _TieBreak:
    """The tie-break of one position (fewest changed table sets at the optimal value).

    Attributes:
        old: the table sets.
        rules: the solver's rule parameters.
        candidates: the indices of ``old`` it considers: all, or those the relaxation does not
            refute alone.
        bounds: the relaxation of the position (its ``problem``: the tiles and objective).
    """

    old: Sequence[Formation]
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
        ``nodes`` nodes); (True, such an arrangement) found by the relaxation or its branch and
        bound; (True, None) undecided.

        Raises:
            SolverBudgetExceeded: ``work`` (the caller's budget) ran out.
        """
        sets = [self.old[j] for j in keep]
        min_nat = max(self.rules.min_natural_tiles, 1)
        return self.bounds.try_keep(
            sets, primary, min_nat, nodes, work, [self.codes[j] for j in keep]
        )

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
            (arrangement, proved): ``proved`` False when the relaxation is not exact
            (``_Bounds.exact``), before the initial meld, or when the nodes do not settle it; the arrangement is then the best found (never worse than ``arr``).

        Raises:
            SolverBudgetExceeded: ``work`` ran out.
        """
        relax = self.bounds.relax
        if not _branching_applies(self.bounds.problem):
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
            (arrangement, proved): ``proved`` False when a collection could be neither refuted nor realised, or ``SUBSET_SCAN_LIMIT`` was
            reached; the arrangement is then the best found (the caller's program finishes).

        Raises:
            SolverBudgetExceeded: ``work`` ran out.
        """
        relax = self.bounds.relax
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
