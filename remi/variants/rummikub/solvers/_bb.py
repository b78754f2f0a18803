"""Branch and bound over the linear relaxation of the Rummikub best move (internal).

``Relaxation`` is the ``LinearRelaxation`` of ``remi.variants.rummikub.solvers._lp`` with its searches (our
code; HiGHS solves each node's linear program, warm):

* ``search``: branch and bound over the set columns, rack columns branched on first, on a model
  reduced by reduced-cost fixing at its root (``_reduced``). An integral solution is a valid
  arrangement (``Solution``), valued as ``remi.variants.rummikub.solvers._table.placed_points`` values a move.
* ``most_kept``: the tie-break (fewest changed sets) as one branch and bound, with one more
  column per original table set and the move's value as a row.
* ``best_kept``: the whole move (objective, then the tie-break) as one branch and bound.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
from highspy._core import HighsBasisStatus

from remi.variants.rummikub.solvers._columns import (
    INF,
    Solution,
    _alive,
    _column_statuses,
    _floats,
    _integral,
    _round_down,
    _spares,
    _start_from,
)
from remi.variants.rummikub.solvers._lp import LinearRelaxation

__all__ = ["Relaxation"]


class _Stop(Exception):
    """Ends a branch and bound (``Relaxation._depth_first``) undecided: the node limit, a
    failed solve, or a solution it cannot use."""


class Relaxation(LinearRelaxation):
    """The linear relaxation of one position with its branch and bound (module docstring).

    Args:
        problem: the position (``SetProblem``; its ``min_natural`` and ``meld_threshold`` are
            not modelled: the caller checks when an integral solution is a move).

    Raises:
        ValueError: more than two jokers in play (the columns place at most two).
    """

    def _reduced(
        self,
        h: Any,
        root: tuple[float, Any, Any],
        need: int,
        rows: Sequence[float] | None = None,
        base: Any = None,
        in_place: bool = False,
    ) -> tuple[Any, Any, tuple[float, Any, Any]]:
        """After an optimal solve of ``h`` (a model of ``_model`` over the set columns ``base``,
        all when ``None``: the plain model with ``rows``, or, ``in_place``, any model of
        ``_model``) whose ``root`` is (its optimum ``got``, column values, reduced costs;
        ``_root``): the same model without the set columns that no solution worth at least
        ``need`` uses, with ``h``'s basis (optimal for it too); the indices of the set columns
        it keeps (``_read``'s ``subset``); and its root (``got``, column values, reduced
        costs), so that it need not be solved again.

        When the root is integral it settles the pass, and ``h`` itself is returned (with its
        set columns and ``root``). Reduced-cost fixing: a set column at zero with reduced cost
        ``d`` (at most 0) caps every solution that uses it at ``got + d`` (weak duality); below
        ``need``, none of those solutions is asked for. On the benchmark corpus this drops most
        columns of the objective's passes (the whole move's floors, multiples of its weight,
        keep nearly all), and each solve of the smaller model costs about half as much. With
        ``in_place`` the columns are deleted from ``h`` itself, which keeps its basis and costs
        next to nothing (``h`` is then the smaller model), instead of building a new model
        (0.5-1 ms)."""
        n_sets = self.n_sets if base is None else len(base)
        got, x, reduced = root
        if _integral(x):  # an integral root settles the pass at once: no smaller model needed
            return h, (np.arange(n_sets) if base is None else base), root
        alive = _alive(root, n_sets, need)
        subset = alive if base is None else base[alive]
        keep = np.concatenate([alive, np.arange(n_sets, len(x))])
        if in_place:
            dead = np.ones(n_sets, dtype=bool)
            dead[alive] = False
            if dead.any():
                h.deleteCols(int(dead.sum()), np.flatnonzero(dead).astype(np.int32))
            return h, subset, (got, x[keep], reduced[keep])
        small = self._model(False, subset=subset, rows=rows)
        basis = h.getBasis()
        if basis.valid:
            columns = _column_statuses(basis.col_status, alive, n_sets)
            _start_from(small, columns, basis.row_status)
        return small, subset, (got, x[keep], reduced[keep])

    def _pass_model(
        self,
        h: Any,
        start: Any,
        made: list[Any],
        root: tuple[float, Any, Any],
        need: int,
        *,
        keeps: Sequence[Sequence[int]],
        value: int | None = None,
        base: Any = None,
        weight: float | None = None,
    ) -> tuple[Any, Any, Any, tuple[float, Any, Any]]:
        """The model of one pass of ``most_kept`` / ``best_kept`` asking for ``need``: the
        whole model ``h`` (``_model`` with ``keeps``, ``value``, ``base``, ``weight``; built
        again from the root's basis ``start`` when ``h`` is ``None``, and added to ``made``),
        reduced in place (``_reduced``, from the whole model's ``root``).

        Returns:
            (the whole model for the next pass, or ``None`` when this pass took columns out of
            it; the pass's model; its set columns; its root).
        """
        if h is None:  # the last pass reduced the model in place: the whole one again
            h = self._model(False, keeps, value, base, weight=weight)
            made.append(h)
            h.setBasis(start)
        small, subset, reduced_root = self._reduced(h, root, need, base=base, in_place=True)
        n_base = self.n_sets if base is None else len(base)
        return (None if len(subset) < n_base else h), small, subset, reduced_root

    def search(
        self,
        frozen: Sequence[Sequence[int]],
        need: int,
        node_limit: int,
        *,
        best: bool = False,
        kept_joker_numbers: Sequence[int] = (),
    ) -> tuple[str, Solution | None, int]:
        """Depth-first branch and bound over the set columns: an integral solution worth at
        least ``need`` (tiles or points) with the sets ``frozen`` kept, or a proof that there is
        none; with ``best``, the most valuable such solution. The relaxation is solved once
        whole; an integral root settles the pass at once, otherwise the branch and bound runs
        without the columns that cannot reach ``need`` (``_reduced``); see ``_depth_first``
        for the nodes and the branching. With
        ``best``, each solution found raises what is asked for to one more than its value
        (``Solution.value``, with ``kept_joker_numbers`` the numbers the jokers of the frozen
        sets stand for). Every integral solution of the columns is a valid arrangement (module
        docstring), so the search is exact; an integral solution the relaxation valued above
        its true value (rack jokers count 13 there) ends it as undecided.

        Returns:
            (``"found"``, the solution, nodes), (``"none"``, ``None``, nodes) when no integral
            solution reaches ``need``, or (``"unknown"``, the best solution found so far or
            ``None``, nodes) when ``node_limit`` nodes were not enough or the LP solver failed.
            Nodes count the whole relaxation's solve.
        """
        rows = self._frozen_rows(frozen)
        whole = self._apply_rows(rows)
        top = self._fresh if self._fresh is not None else self._run(whole)
        self._fresh = top
        self._solved = False  # ``witness`` reads ``bound``'s solutions only
        if top is None:
            return "unknown", None, 1
        if top < 0 or _round_down(top) < need:
            return "none", None, 1
        root = self._root(whole, top)
        if not frozen:
            self._table_root = root
        h, subset, root = self._reduced(whole, root, need, rows=rows)

        def integral(got: float, x: Any) -> tuple[Solution | None, int, bool]:
            found = self._read(x, subset)
            if found is None:  # integral sets but not rows within tolerance: give up
                return None, -1, False
            worth = found.value(self.points, kept_joker_numbers)
            # a relaxation above the true value overvalued its rack jokers (13 each): other
            # solutions here may be worth more than this one and less than it says
            return found, worth, _round_down(got) <= worth

        status, found, nodes = self._depth_first(
            h, len(subset), need, node_limit - 1, best, integral, root=root
        )
        return status, found, nodes + 1

    def _depth_first(
        self,
        h: Any,
        n_sets: int,
        need: int,
        node_limit: int,
        best: bool,
        integral: Any,
        first: tuple[int, int] | None = None,
        root: tuple[float, Any, Any] | None = None,
    ) -> tuple[str, Any, int]:
        """The branch and bound of ``search`` and ``most_kept`` on the model ``h`` (sets in its
        first ``n_sets`` columns, then the rack columns, then the columns ``first``, a range,
        if any), depth first. Each node solves the relaxation with its branch's column bounds
        (warm; the root's solution is ``root`` when given); a node whose bound is below what
        is still asked for is closed; otherwise a column ``x`` is branched on, ``x >= ceil``
        first, then ``x <= floor``: a fractional column of ``first`` (the most fractional),
        else the fractional rack column (copies of a tile type played, or rack jokers) worth
        most (fraction times value), else the most fractional set column. When the root
        branches, reduced-cost fixing (``fix``) first closes more columns.
        ``integral(objective, values)`` reads an integral node as (the solution or ``None`` to
        give up, its true worth, whether the node is closed by it). With ``best`` each solution
        raises what is asked for to one more than its worth. Returns (status, the best solution
        found, nodes) as ``search``; the column bounds are restored in every case."""
        n_rack = len(self.rack_types) + 1
        worth_of = np.array(self._worth)
        # a rack joker is branched on as the most valuable tile, even where its credit is 0
        worth_of[-1] = 13.0 if self.points else 1.0
        n_keeps = 0 if first is None else first[1] - first[0]
        n_all = n_sets + n_rack + n_keeps + self.n_credit
        # the column bounds as arrays: a node changes one entry, reduced-cost fixing reads
        # them whole
        lower = np.zeros(n_all)
        upper = np.full(n_all, INF)  # the set and credit columns (never branched on) unbounded
        upper[n_sets : n_sets + n_rack] = [float(self.opt[t]) for t in self.rack_types] + [
            float(self.jr)
        ]
        upper[n_sets + n_rack : n_sets + n_rack + n_keeps] = 1.0
        original = (lower.copy(), upper.copy())
        fixed: list[int] = []
        nodes = 0
        asked = need
        incumbent: Any = None

        def choose(x: Any) -> int:
            """The column to branch on, ``-1`` when the solution is integral."""
            part = x - np.floor(x)
            spread = np.minimum(part, 1.0 - part)
            if first is not None:
                extra = spread[first[0] : first[1]]
                if len(extra) and extra.max() > 1e-6:
                    return first[0] + int(extra.argmax())
            weighted = spread[n_sets : n_sets + n_rack] * worth_of
            if weighted.max() > 1e-6:
                return n_sets + int(weighted.argmax())
            if n_sets:
                pick = int(spread[:n_sets].argmax())
                if spread[pick] > 1e-6:
                    return pick
            return -1

        def fix(got: float, x: Any, reduced: Any) -> None:
            """Reduced-cost fixing at the root: a column at its lower bound whose reduced cost
            ``d`` says that one unit more leaves at most ``got + d`` (weak duality), below what
            is asked for, stays at that bound in the whole tree; likewise at its upper bound."""
            at_lower = (np.abs(x - lower) < 1e-9) & (got + reduced + 1e-3 < asked)
            at_upper = (np.abs(x - upper) < 1e-9) & (got - reduced + 1e-3 < asked)
            # fixed at the lower bound where both hold (a column fixed already)
            fixed.extend(np.flatnonzero(at_lower | at_upper).tolist())
            upper[at_lower] = lower[at_lower]
            up_only = at_upper & ~at_lower
            lower[up_only] = upper[up_only]
            if fixed:
                where = np.array(fixed, dtype=np.int32)
                h.changeColsBounds(len(fixed), where, lower[where], upper[where])

        def node() -> bool:
            """Search below the current bounds; True to stop (a solution, not ``best``)."""
            nonlocal nodes, asked, incumbent
            nodes += 1
            if nodes > node_limit:
                raise _Stop
            if nodes == 1 and root is not None:
                got, x, reduced = root
            else:
                solved = self._run(h)
                if solved is None:
                    raise _Stop
                got = solved
                x = reduced = None
            if got < 0 or _round_down(got) < asked:
                return False
            if x is None:
                solution = h.getSolution()
                x = _floats(solution.col_value)
                reduced = _floats(solution.col_dual) if nodes == 1 else None
            pick = choose(x)
            if nodes == 1 and pick >= 0:  # fixing only matters below the root
                fix(got, x, reduced)
            if pick < 0:
                found, worth, closed = integral(got, x)
                if found is None or worth < asked:
                    raise _Stop
                incumbent = found
                asked = worth + 1
                if best and not closed:
                    raise _Stop
                return not best
            value = x[pick]
            lo, up = float(lower[pick]), float(upper[pick])
            for new_lo, new_up in ((float(int(value) + 1), up), (lo, float(int(value)))):
                if new_lo == lo and _round_down(got) < asked:
                    # the first branch found a solution this node's bound cannot beat: the
                    # second branch is closed without solving it
                    break
                lower[pick], upper[pick] = new_lo, new_up
                h.changeColBounds(pick, new_lo, new_up)
                try:
                    stop = node()
                finally:
                    lower[pick], upper[pick] = lo, up
                    h.changeColBounds(pick, lo, up)
                if stop:
                    return True
            return False

        try:
            node()
        except _Stop:
            return "unknown", incumbent, nodes
        finally:
            if fixed:
                where = np.array(fixed, dtype=np.int32)
                h.changeColsBounds(len(fixed), where, original[0][where], original[1][where])
        return ("found", incumbent, nodes) if incumbent is not None else ("none", None, nodes)

    def most_kept(
        self,
        originals: Sequence[Sequence[int]],
        joker_numbers: Sequence[Sequence[int]],
        value: int,
        need: int,
        node_limit: int,
    ) -> tuple[str, tuple[Solution, list[int]] | None, int]:
        """The tie-break as one branch and bound: an arrangement worth at least ``value``
        (tiles or points) that keeps the most of the original table sets unchanged, at least
        ``need`` of them. ``originals``: each original set's tile codes (52 = a joker);
        ``joker_numbers``: the numbers its jokers stand for.

        The model (``_model``) adds one column per original set, using its tiles as it does,
        and one row, the objective of the plain model at least ``value``; it maximises how
        many of those columns are used. Any arrangement that re-creates an original set with
        set columns re-creates it with that set's own column too (the same tiles), so the
        optimum is the most sets any arrangement worth ``value`` keeps. The search asks for the
        relaxation's bound first, then one set fewer each time nothing is found (a pass that
        asks for more closes more nodes at once), each pass on the model reduced for what it
        asks (``_reduced``) unless the root is already integral; branching is on the original
        sets' columns first (``_depth_first``). An integral solution below ``value`` in truth
        (rack jokers counted 13) ends it as undecided.

        Returns:
            (``"found"``, (the arrangement of the other tiles, the indices of the original
            sets kept), nodes) for the best, (``"none"``, ``None``, nodes) when no arrangement
            worth ``value`` keeps ``need`` sets, or (``"unknown"``, the best found or ``None``,
            nodes) when ``node_limit`` nodes were not enough or the LP solver failed.
        """
        with _spares() as made:  # the models built here become spares
            # only the set columns a solution worth ``value`` may use (``_alive``, from the whole
            # move's optimum), started from the whole move's basis
            if self._table_root is None and self.bound() is not None and self._fresh is not None:
                self._table_root = self._root(self._whole, self._fresh)
            base = None
            if self._table_root is not None:
                base = _alive(self._table_root, self.n_sets, value)
            h = self._model(False, originals, value, base)
            made.append(h)
            basis = self._whole.getBasis() if self._whole is not None else None
            if basis is not None and basis.valid:
                columns = _column_statuses(basis.col_status, base, self.n_sets)
                at = len(columns) - self.n_credit  # the original sets' columns go before z
                columns[at:at] = [HighsBasisStatus.kLower] * len(originals)
                rows = [*basis.row_status, HighsBasisStatus.kBasic]
                basic = HighsBasisStatus.kBasic
                if sum(1 for c in columns if c == basic) + sum(
                    1 for r in rows if r == basic
                ) == len(rows):  # a basis of the reduced model too
                    _start_from(h, columns, rows)
            top = self._run(h)
            if top is None:
                return "unknown", None, 1
            floor = _round_down(top)
            if floor < need:
                return "none", None, 1
            used = 1
            n_rack = len(self.rack_types) + 1
            whole_root = self._root(h, top)
            start = h.getBasis()  # the root's basis (a copy), for the passes after the first
            while True:
                h, small, subset, root = self._pass_model(
                    h, start, made, whole_root, floor, keeps=originals, value=value, base=base
                )
                first = len(subset) + n_rack

                def integral(
                    got: float, x: Any, subset: Any = subset, first: int = first
                ) -> tuple[tuple[Solution, list[int]] | None, int, bool]:
                    read = self._read_kept(x, subset, first, joker_numbers)
                    if read is None or read[2] < value:  # rack jokers overvalued
                        return None, -1, False
                    found, kept, _ = read
                    return (found, kept), len(kept), True

                # every count above ``floor`` is refuted (or above the bound): the first solution
                # found is the best, the pass stops there
                status, found, nodes = self._depth_first(
                    small,
                    len(subset),
                    floor,
                    node_limit - used,
                    False,
                    integral,
                    (first, first + len(originals)),
                    root,
                )
                used += nodes
                if status != "none" or floor <= need:
                    return status, found, used
                floor -= 1

    def _integral_root(
        self,
        root: tuple[float, Any, Any],
        first: int,
        joker_numbers: Sequence[Sequence[int]],
        scale: int,
        floor: int,
    ) -> tuple[str, tuple[Solution, list[int]] | None]:
        """``best_kept``'s first pass when its ``root`` (``_root``) is integral: what
        ``_depth_first`` makes of a root it does not branch on (the original sets' columns
        from ``first`` on; worth ``scale`` times the value plus the sets kept, asked for at
        least ``scale * floor``), as (status, the arrangement and the sets kept, or ``None``).

        ``"found"`` when the solution is worth what the relaxation says; ``"unknown"`` when it
        is worth less (rack jokers overvalued: the arrangement kept as the best found) or
        cannot be read (``None``)."""
        got, x, _ = root
        found, worth, exact = self._scored_read(got, x, None, first, joker_numbers, scale)
        if found is None or worth < scale * floor:
            return "unknown", None
        return ("found" if exact else "unknown"), found

    def _scored_read(
        self,
        got: float,
        x: Any,
        subset: Any,
        first: int,
        joker_numbers: Sequence[Sequence[int]],
        scale: int,
    ) -> tuple[tuple[Solution, list[int]] | None, int, bool]:
        """An integral solution ``x`` of relaxation value ``got`` read (``_read_kept``) as
        (the arrangement and the sets kept, its worth ``scale`` times the value plus the sets
        kept, whether the relaxation valued it right); ``(None, -1, False)`` when it cannot be
        read."""
        read = self._read_kept(x, subset, first, joker_numbers)
        if read is None:
            return None, -1, False
        found, kept, value = read
        worth = scale * value + len(kept)
        return (found, kept), worth, _round_down(got) <= worth

    def best_kept(
        self,
        originals: Sequence[Sequence[int]],
        joker_numbers: Sequence[Sequence[int]],
        node_limit: int,
    ) -> tuple[str, tuple[Solution, list[int]] | None, int]:
        """The whole move as one branch and bound: the most valuable arrangement (tiles or
        points), and among those the one that keeps the most original table sets unchanged.
        ``originals``: each original set's tile codes (52 = a joker); ``joker_numbers``: the
        numbers its jokers stand for.

        The model is ``most_kept``'s without the value row, maximising ``W`` times the value
        plus the number of original sets kept, ``W`` = one more than the number of original
        sets: a solution worth one more always scores more, whatever it keeps, so the
        optimum is the objective's optimum with the tie-break's optimum among its solutions
        (lexicographic). The relaxation's bound ``U`` caps the value at ``floor(U / W)``; the
        passes ask for that value, then for less (floors ``V, V-1, V-3, ...`` as the
        objective's), each keeping the best solution it finds (an integral root settles a
        pass; otherwise the model reduced for what the pass asks, ``_reduced``). An integral
        solution the relaxation valued above its true worth (rack jokers counted 13) ends it
        as undecided.

        Returns:
            (``"found"``, (the arrangement of the other tiles, the indices of the original sets
            kept), nodes) for the best; (``"none"``, ``None``, nodes) when no arrangement
            places anything (worth 1 or more); (``"unknown"``, the best found or ``None``,
            nodes) when ``node_limit`` nodes were not enough or the LP solver failed. In every
            case ``value_cap`` is then the most any arrangement is worth as the passes proved
            it (the relaxation's bound, or one less than the last floor refuted; ``None`` when
            the relaxation was not solved): an ``"unknown"`` best found worth that much has the
            optimal value, and only the tie-break is left (``remi.variants.rummikub.solvers._solve``).
        """
        self.value_cap = None
        with _spares() as made:  # the models built here become spares
            count = len(originals)
            scale = count + 1
            h = self._model(False, originals, weight=float(scale))
            made.append(h)
            top = self._run(h)
            if top is None:
                return "unknown", None, 1
            if top < 0:
                return "none", None, 1
            n_rack = len(self.rack_types) + 1
            solution = h.getSolution()
            x = _floats(solution.col_value)
            used, step = 1, 1
            floor = _round_down(top) // scale
            self.value_cap = floor  # every arrangement scores at most ``top``
            if floor >= 1 and _integral(x):
                # an integral root settles the move: read it as the first pass would (its
                # model unreduced, one node), without setting either up (nor reading the
                # reduced costs, which only the passes use)
                status, found = self._integral_root(
                    (top, x, None), self.n_sets + n_rack, joker_numbers, scale, floor
                )
                return status, found, used + 1
            whole_root = (top, x, _floats(solution.col_dual))  # ``_root``
            start = h.getBasis()  # the root's basis (a copy), for the passes after the first
            while floor >= 1:
                h, small, subset, root = self._pass_model(
                    h, start, made, whole_root, scale * floor, keeps=originals, weight=float(scale)
                )
                first = len(subset) + n_rack

                def integral(
                    got: float, x: Any, subset: Any = subset, first: int = first
                ) -> tuple[tuple[Solution, list[int]] | None, int, bool]:
                    return self._scored_read(got, x, subset, first, joker_numbers, scale)

                status, found, nodes = self._depth_first(
                    small,
                    len(subset),
                    scale * floor,
                    node_limit - used,
                    True,
                    integral,
                    (first, first + count),
                    root,
                )
                used += nodes
                if status == "none":  # no arrangement worth ``floor`` or more
                    self.value_cap = floor - 1
                if status != "none" or floor == 1:
                    return status, found, used
                floor = max(floor - step, 1)
                step *= 2
            return "none", None, used
