"""The linear relaxation of the Rummikub best move: bounds (internal).

The integer program of den Hertog & Hulshof (2006) has one variable per possible set
(``remi.variants.rummikub.solvers._columns``); its linear relaxation is a very tight bound on the best move (on
the 60-position benchmark corpus its value rounded down equals the optimum number of tiles
placed in 59 positions), where the number sweep's own bound ("every later rack tile placed") is
loose whenever rack tiles cannot all be placed. ``LinearRelaxation`` gives the bounds
(``remi.variants.rummikub.solvers.best_move``'s engines, docs/solvers.md); its branch and bound is
``remi.variants.rummikub.solvers._bb.Relaxation``:

* ``bound()``: the whole move; the searches start there.
* ``suffix_caps()``: for each number ``v``, the same relaxation restricted to the numbers
  ``v``..13 (runs that started lower enter through their first one or two tiles, jokers
  optional): a bound on what the rack tiles of those numbers can add, which the sweep uses at
  every step (``remi.variants.rummikub.solvers._steps.optional_suffix``).
* ``bound(frozen)`` / ``refuted_core``: the move with some original table sets kept as they
  are; below the optimum means those sets cannot all stay (the tie-break), with a pool of dual
  solutions that refutes without a solve (weak duality).

A move's validity never depends on HiGHS: integral solutions are checked integral, turned into
sets that ``read_formation`` validates, and ``best_move`` verifies every move it returns. Its
optimality relies on HiGHS's reported optimum bounding the relaxation within the rounding margin
(``_round_down``). The model is built once per position and re-solved warm.

Rows: per tile type, the copies the sets use = the table's copies + the rack copies played; the
same for jokers. Objective: tiles played, or their numbers (a rack joker counted 13, the most it
can stand for; when every joker in play is on the rack, each set column counts the numbers its
jokers stand for instead, which is exact). ``formation.min_natural_tiles`` above 1 is relaxed to
1 (still a bound). One column per rack tile type played (up to its count) and one for rack
jokers.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import cached_property, lru_cache
from typing import Any

import numpy as np
from highspy._core import HighsModelStatus, HighsStatus, ObjSense

from remi.variants.rummikub.solvers._columns import (
    DUAL_POOL,
    INF,
    Solution,
    _Column,
    _floats,
    _highs,
    _incidence,
    _round_down,
    _select,
    _set_columns,
    _stood,
)
from remi.variants.rummikub.solvers._problem import SetProblem

__all__ = ["LinearRelaxation"]


@lru_cache(maxsize=8)
def _credit_incidence(jokers: int, set_max: int) -> tuple[Any, Any, Any]:
    """``_incidence``'s compressed set columns (``jokers``, ``set_max``) with each column's
    jokers also in the credit row ``52 + v`` of the number ``v`` they stand for
    (``LinearRelaxation.n_credit``)."""
    lengths: list[int] = []
    rows: list[int] = []
    values: list[float] = []
    for column in _set_columns(jokers, set_max):
        nat, j, _, _ = column
        stood = sorted(Counter(_stood(column)).items())
        lengths.append(len(nat) + (1 if j else 0) + len(stood))
        rows.extend([*nat, 52] if j else nat)
        values.extend([1.0] * len(nat) + ([float(j)] if j else []))
        rows.extend(52 + min(v, 13) for v, _ in stood)
        values.extend(float(k) for _, k in stood)
    out = (np.array(lengths), np.array(rows, dtype=np.int32), np.array(values))
    for array in out:
        array.setflags(write=False)
    return out


class LinearRelaxation:
    """The linear relaxation of one position (module docstring), built once, re-solved warm.

    Args:
        problem: the position: its table and rack counts (52 each, index ``colour * 13 +
            number - 1``; table tiles all placed, rack tiles each placed or not), jokers on the
            table (placed) and on the rack (optional), at most 2 in all, the objective
            (numbers placed, a rack joker 13, instead of tiles placed) and ``set.max_tiles``.
            Its ``min_natural`` is relaxed to 1 and its ``meld_threshold`` is not modelled.

    Every method returns ``None`` when HiGHS does not report an optimum (the caller then goes
    on without the bound); none raises for a solver failure.

    Raises:
        ValueError: more than two jokers in play (the columns place at most two).
    """

    def __init__(self, problem: SetProblem) -> None:
        jt, jr = problem.table_jokers, problem.rack_jokers
        if jt + jr > 2:
            raise ValueError(f"the relaxation places at most 2 jokers, got {jt + jr}")
        points, set_max = problem.points, problem.set_max
        self.problem = problem
        self.mand = list(problem.table_counts)
        self.opt = list(problem.rack_counts)
        self.jt, self.jr, self.points, self.set_max = jt, jr, points, set_max
        # the right-hand side with nothing kept: each tile type's table copies, then jokers
        self._table_rows = [float(x) for x in self.mand] + [float(jt)]
        if points and jr and jt:  # the credit rows (``n_credit``): no frozen joker yet
            self._table_rows += [0.0] * 13
        # the tile types with no copy in play: no column using one is kept
        mand, opt = self.mand, self.opt
        missing = np.uint64(sum(1 << t for t in range(52) if not mand[t] + opt[t]))
        self._missing = missing
        all_sets, set_masks, set_compressed = _incidence(jt + jr, set_max, False)
        keep_sets = np.flatnonzero((set_masks & missing) == 0)
        #: every set column (an array of objects) and the indices of those kept: a solution's
        #: few columns are looked up there, rather than every kept one copied (touching each
        #: column object costs more than the copy)
        self._all_sets: Any = all_sets
        self._keep_sets: Any = keep_sets
        #: how many set columns are kept
        self.n_sets = len(keep_sets)
        # points with jokers from the rack only: every joker on the new table is a rack joker,
        # credited with the number it stands for, so each set column is worth its jokers'
        # numbers (exact) instead of 13 per rack joker played (a bound)
        self._credit: Any = None
        if points and jr and not jt:
            self._credit = np.array([float(sum(_stood(c))) for c in self.sets])
        # points with a joker on the table and one on the rack: the rack joker is credited
        # with the higher number a joker stands for on the new table, exactly, by 13 credit
        # columns ``z_v`` (worth ``v``) and 13 rows (``z_v`` at most the jokers standing for
        # ``v``, frozen ones included) and one row (the ``z_v`` at most the rack jokers played)
        self.n_credit = 13 if points and jr and jt else 0
        if self.n_credit:
            self._credit_sets = _select(_credit_incidence(jt + jr, set_max), keep_sets)
        #: the set columns' incidence (``_incidence``'s third part, the columns kept)
        self._set_block = _select(set_compressed, keep_sets)
        self.rack_types = [t for t in range(52) if opt[t]]
        #: the objective's worth of each rack column (``_rack_worth``)
        self._worth = self._rack_worth()
        #: the most each rack column may play: its tile's copies, the rack jokers
        self._rack_upper = [float(opt[t]) for t in self.rack_types] + [float(jr)]
        self._whole: Any = None
        self._suffix: Any = None
        self._rhs: list[float] = []
        # rows [c, pi...]: the relaxation is at most c + pi . rhs for any right-hand side rhs
        self._pool = np.zeros((DUAL_POOL, 1 + len(self._table_rows)))
        self._next = 0  # solves pooled so far; the ring holds the last DUAL_POOL
        self._last_dual: tuple[float, Any] | None = None
        self._solved = False
        #: the whole model's optimum (``-1.0``: infeasible) while its solution is current: set
        #: by its solves, cleared when its right-hand side changes
        self._fresh: float | None = None
        #: the whole model's optimal solution for the whole table (``_root``), once read
        self._table_root: tuple[float, Any, Any] | None = None
        #: the most any arrangement is worth, as the last ``best_kept`` proved it (``None``
        #: before one, or when it could not solve the relaxation)
        self.value_cap: int | None = None

    @cached_property
    def sets(self) -> list[_Column]:
        """The set columns kept (those using no tile type missing from play), in column
        order."""
        return list(self._all_sets[self._keep_sets].tolist())

    @cached_property
    def _pieces(self) -> tuple[list[_Column], tuple[Any, Any, Any]]:
        """The entering pieces (``_entering_pieces``) with no tile type missing from play, and
        their incidence (``_incidence``'s third part): only the suffix caps use them, so they
        are read on first use."""
        all_pieces, piece_masks, piece_compressed = _incidence(
            self.jt + self.jr, self.set_max, True
        )
        keep = np.flatnonzero((piece_masks & self._missing) == 0)
        return all_pieces[keep].tolist(), _select(piece_compressed, keep)

    @property
    def pieces(self) -> list[_Column]:
        """The entering pieces of the suffix caps (``_pieces``)."""
        return self._pieces[0]

    def _rack_worth(self) -> list[float]:
        """The objective's worth of each rack column: a tile's number (points) or 1, and for
        the rack jokers 13 (points: the most one can stand for) or 1; 0 when the set columns
        (``_credit``) or the credit columns (``n_credit``) carry the jokers' worth instead."""
        worth = [float(t % 13 + 1) if self.points else 1.0 for t in self.rack_types]
        credited = self._credit is not None or self.n_credit
        worth.append(0.0 if credited else 13.0 if self.points else 1.0)
        return worth

    def _model(
        self,
        with_pieces: bool,
        keeps: Sequence[Sequence[int]] = (),
        value: int | None = None,
        subset: Any = None,
        rows: Sequence[float] | None = None,
        weight: float | None = None,
    ) -> Any:
        """A HiGHS instance holding the model (pieces present but closed when asked for).

        With ``keeps`` (the tile codes of original table sets, 52 = a joker): one more column
        per set, after the rack columns, using those tiles as that set does (at most once),
        and the objective becomes the number of these columns, plus ``weight`` times the plain
        model's objective (tiles or points placed) when ``weight`` is given; with ``value``,
        one more row: the plain model's objective at least ``value``. With ``subset``
        (increasing indices of ``self.sets``) only those set columns; ``rows``: the table's
        right-hand side when not the whole table's."""
        table = np.array(self._table_rows if rows is None else rows)
        credit = 0 if with_pieces else self.n_credit
        table = table[: 53 + credit]
        sets = self._set_block
        if subset is not None:
            sets = _select(sets, subset)
        blocks = [sets, self._pieces[1]] if with_pieces else [sets]
        n_cols = sum(len(b[0]) for b in blocks)
        n_rack = len(self.rack_types) + 1
        n = n_cols + n_rack + len(keeps) + credit
        base_rows = 53 + (credit + 1 if credit else 0)
        n_rows = base_rows if value is None else base_rows + 1
        vrow = base_rows  # the value row, when asked for
        worth = self._worth
        # the set columns' own worth: what their jokers stand for, when that is the credit
        set_worth = None
        if self._credit is not None and not with_pieces:
            set_worth = self._credit if subset is None else self._credit[subset]
        # the rack columns: copies played leave their row (and count in the value row)
        rack_rows = [*self.rack_types, 52]
        if value is None:
            extra_len = [1] * n_rack
            extra_rows = rack_rows
            extra_values = [-1.0] * n_rack
        else:
            extra_len = [2] * n_rack
            extra_rows = [r for t in rack_rows for r in (t, vrow)]
            extra_values = [v for w in worth for v in (-1.0, w)]
        if credit:  # the rack joker column in the credit-sum row: z_1 + ... + z_13 <= jokers
            extra_len[-1] += 1
            extra_rows.append(66)
            extra_values.append(-1.0)
        for codes in keeps:  # each original set's own column
            rows_of, copies = self._set_uses(codes, credit)
            extra_len.append(len(rows_of))
            extra_rows.extend(rows_of)
            extra_values.extend(copies)
        for v in range(1, credit + 1):  # the credit columns z_v
            extra_len.append(3 if value is not None else 2)
            extra_rows.extend([52 + v, 66] + ([vrow] if value is not None else []))
            extra_values.extend([-1.0, 1.0] + ([float(v)] if value is not None else []))
        credited = np.flatnonzero(set_worth) if set_worth is not None else ()
        if value is not None and len(credited):  # the jokers' worth in the value row too
            assert set_worth is not None
            ends = np.cumsum(sets[0])[credited]
            sets = (
                sets[0] + (set_worth > 0),
                np.insert(sets[1], ends, vrow),
                np.insert(sets[2], ends, set_worth[credited]),
            )
            blocks[0] = sets
        if credit:  # each set column's jokers in the credit rows of the numbers they stand for
            sets = self._credit_sets if subset is None else _select(self._credit_sets, subset)
            blocks[0] = sets
        lengths = np.concatenate([*(b[0] for b in blocks), extra_len]).astype(np.int32)
        indices = np.concatenate([*(b[1] for b in blocks), extra_rows]).astype(np.int32)
        values = np.concatenate([*(b[2] for b in blocks), extra_values])
        starts = np.zeros(n, dtype=np.int32)
        np.cumsum(lengths[:-1], out=starts[1:])
        cost = np.zeros(n)
        if keeps:  # the original sets' columns, after the rack columns (before the credit)
            cost[n_cols + n_rack : n_cols + n_rack + len(keeps)] = 1.0
        if not keeps or weight is not None:
            scale = 1.0 if weight is None else weight
            if set_worth is not None:
                cost[: len(sets[0])] = set_worth * scale
            cost[n_cols : n_cols + n_rack] = worth
            if scale != 1.0:
                cost[n_cols : n_cols + n_rack] *= scale
            if credit:
                cost[n - credit :] = np.arange(1.0, credit + 1) * scale
        upper = np.full(n, INF)  # the set and credit columns unbounded
        upper[len(sets[0]) : n_cols] = 0.0  # the pieces, closed
        upper[n_cols : n_cols + n_rack] = self._rack_upper
        upper[n_cols + n_rack : n - credit] = 1.0  # the original sets' columns
        lower_rows = table
        upper_rows = table.copy()
        if credit:  # credit rows: at least minus the frozen jokers; the sum row: at most 0
            upper_rows[53:] = INF
            lower_rows = np.append(lower_rows, -INF)
            upper_rows = np.append(upper_rows, 0.0)
        if value is not None:
            lower_rows = np.append(lower_rows, float(value))
            upper_rows = np.append(upper_rows, INF)
        h = _highs()
        none = np.zeros(0, dtype=np.int32)
        h.addRows(n_rows, lower_rows, upper_rows, 0, none, none, np.zeros(0))
        h.addCols(n, cost, np.zeros(n), upper, len(indices), starts, indices, values)
        h.changeObjectiveSense(ObjSense.kMaximize)
        return h

    @classmethod
    def _set_uses(cls, codes: Sequence[int], credit: int) -> tuple[list[int], list[float]]:
        """The rows of an original set's own column, increasing, and the copies it uses of
        each: the rows of its tile codes ``codes`` (``_code_rows``) counted."""
        natural = sorted(t for t in codes if t < 52)
        jokers = len(codes) - len(natural)
        if not credit and len(set(natural)) == len(natural):
            # distinct natural tiles (as in any valid set), jokers in row 52: the common case
            return natural + [52] * (jokers > 0), [1.0] * len(natural) + [float(jokers)] * (
                jokers > 0
            )
        counts: dict[int, int] = {}
        for t in codes:
            for r in cls._code_rows(t, credit):
                counts[r] = counts.get(r, 0) + 1
        rows = sorted(counts)
        return rows, [float(counts[r]) for r in rows]

    @staticmethod
    def _code_rows(code: int, credit: int) -> tuple[int, ...]:
        """The rows a tile code of an original set uses: its tile type's (a natural tile), or
        the jokers' row 52 and, with the credit rows (``credit``, ``n_credit``), the credit row
        ``52 + v`` of the number ``v`` it stands for (``_codes_of``: ``52 + v``; a bare 52,
        number unknown, counts as 13, the most it can stand for: a bound still)."""
        if code < 52:
            return (code,)
        if not credit:
            return (52,)
        return (52, 52 + (min(code - 52, 13) or 13))

    def _run(self, h: Any) -> float | None:
        """Solve; the optimum, ``-1.0`` when infeasible, ``None`` on any other outcome."""
        if h.run() != HighsStatus.kOk:
            return None
        status = h.getModelStatus()
        if status == HighsModelStatus.kOptimal:
            return float(h.getObjectiveValue())
        if status == HighsModelStatus.kInfeasible:
            return -1.0
        return None

    def _frozen_rows(self, frozen: Sequence[Sequence[int]]) -> list[float]:
        """The right-hand side with the tiles of ``frozen`` taken off the table.

        Raises:
            ValueError: ``frozen`` holds more copies of a tile than the table."""
        rows = list(self._table_rows)
        for codes in frozen:
            for code in codes:
                for t in self._code_rows(code, self.n_credit):
                    rows[t] -= 1.0
        if min(rows[:53]) < 0:
            raise ValueError("frozen sets hold more tiles than the table")
        return rows

    def _apply_rows(self, rows: list[float]) -> Any:
        """The whole-move model (built on first use) with the right-hand side ``rows``; only
        the rows that differ are changed, so HiGHS keeps more of its warm start."""
        if self._whole is None:
            self._whole = self._model(with_pieces=False)
            self._rhs = self._table_rows
        h = self._whole
        changed = [i for i in range(len(rows)) if rows[i] != self._rhs[i]]
        if changed:
            self._fresh = None
            values = np.array([rows[i] for i in changed])
            upper = np.where(np.array(changed) >= 53, INF, values)  # credit rows: at least
            h.changeRowsBounds(len(changed), np.array(changed, dtype=np.int32), values, upper)
            self._rhs = rows
        return h

    def bound(self, frozen: Sequence[Sequence[int]] = (), below: int | None = None) -> int | None:
        """The best objective value any arrangement can reach, rounded down (tiles or points);
        with ``frozen`` (the tile codes of original table sets, 52 = a joker) those tiles are
        taken off the table first: the bound when those sets stay as they are. ``-1``: no
        arrangement at all (the table tiles cannot be arranged).

        With ``below``, a caller that only asks "is it below ``below``?" may get a bound proved
        without a solve: every optimal solve leaves its dual solution, and by weak duality a
        dual solution bounds the relaxation for any table, at its objective for the new
        right-hand side. When one of the last ``DUAL_POOL`` of them gives less than ``below``,
        that is returned (and no solution is read: ``witness`` needs a solve)."""
        rows = self._frozen_rows(frozen)
        rhs = np.array(rows)
        if below is not None and self._next:
            duals = self._pool[: min(self._next, DUAL_POOL)]
            values = duals[:, 0] + duals[:, 1:] @ rhs
            k = int(values.argmin())
            if _round_down(float(values[k])) < below:
                self._last_dual = (float(values[k]), duals[k, 1:])
                self._solved = False
                return max(_round_down(float(values[k])), -1)
        h = self._apply_rows(rows)
        solved = self._fresh is None  # else ``h`` holds this right-hand side's optimum already
        got = self._run(h) if solved else self._fresh
        self._fresh = got
        self._solved = got is not None
        self._last_dual = None
        if got is not None and got >= 0:
            dual = _floats(h.getSolution().row_dual)[: len(rhs)]
            self._last_dual = (got, dual)
            if solved:  # pooled once per solve
                slot = self._next % DUAL_POOL  # a ring: the oldest is replaced
                self._pool[slot, 0] = got - float(dual @ rhs)
                self._pool[slot, 1:] = dual
                self._next += 1
        return None if got is None else (-1 if got < 0 else _round_down(got))

    def refuted_core(self, frozen: Sequence[Sequence[int]], value: int) -> list[int] | None:
        """When ``bound(frozen) < value``: the indices of a small part of ``frozen`` that the
        relaxation still refutes (``bound`` of those sets alone below ``value``), else ``None``.

        The dual solution of the refutation bounds the relaxation for any other table (weak
        duality, as in ``bound``), so the sets whose return to the table keeps that bound below
        ``value`` are dropped without solving; the result is checked (a solve, or a pooled dual
        solution), and the duals of that check shrink it again, until nothing more drops. Not
        necessarily minimal (dropping each set in turn would be: on the benchmark corpus that
        costs more solves than the smaller cores save). Every returned core is refuted by a
        solve or a dual solution."""
        got = self.bound(frozen, below=value)
        if got is None or got >= value:
            return None
        core = list(range(len(frozen)))
        while self._last_dual is not None:  # the duals of the last refutation of ``core``
            objective, duals = self._last_dual
            shrunk = list(core)
            for i in sorted(core, key=lambda i: (-len(frozen[i]), i)):
                gain = float(
                    sum(duals[t] for c in frozen[i] for t in self._code_rows(c, self.n_credit))
                )
                if _round_down(objective + gain) < value:
                    shrunk.remove(i)
                    objective += gain
            if len(shrunk) == len(core):
                break
            check = self.bound([frozen[i] for i in shrunk], below=value)
            if check is None or check >= value:
                break
            core = shrunk
        return core

    def witness(self) -> Solution | None:
        """After ``bound``: the solution it found when it is integral (a ``Solution``: an
        arrangement of the table, less the frozen sets, and some rack tiles); ``None`` when
        fractional or unavailable."""
        h = self._whole
        if h is None or not self._solved or h.getModelStatus() != HighsModelStatus.kOptimal:
            return None
        return self._read(_floats(h.getSolution().col_value))

    def _read(self, x: Any, subset: Any = None) -> Solution | None:
        """The column values ``x`` of a model of ``_model`` without pieces (of the set columns
        ``subset`` when given) as a ``Solution`` when integral, else ``None``; keep columns
        are not read."""
        n_sets = self.n_sets if subset is None else len(subset)
        n = n_sets + len(self.rack_types) + 1
        counts = np.rint(x)
        if np.abs(x - counts).max(initial=0.0) > 1e-6:
            return None
        used = np.flatnonzero(counts[:n_sets])
        columns = used if subset is None else np.asarray(subset)[used]
        objects = self._all_sets[self._keep_sets[columns]].tolist()
        chosen = tuple(zip(objects, counts[used].astype(int).tolist()))
        placed = [0] * 52
        for t, k in zip(self.rack_types, counts[n_sets : n - 1].astype(int).tolist()):
            placed[t] = k
        return Solution(sets=chosen, placed=tuple(placed), rack_jokers=int(counts[n - 1]))

    def _read_kept(
        self, x: Any, subset: Any, first: int, joker_numbers: Sequence[Sequence[int]]
    ) -> tuple[Solution, list[int], int] | None:
        """The column values ``x`` of a model with one column per original set from ``first``
        on (``most_kept``, ``best_kept``) as (the solution of the other columns, the indices of
        the original sets kept, its true value with their jokers' ``joker_numbers``), or
        ``None`` when not integral."""
        found = self._read(x[:first], subset)
        marks = x[first : len(x) - self.n_credit]
        if found is None or np.abs(marks - np.rint(marks)).max(initial=0.0) > 1e-6:
            return None
        kept = [k for k in range(len(marks)) if marks[k] > 0.5]
        numbers = [v for k in kept for v in joker_numbers[k]]
        return found, kept, found.value(self.points, numbers)

    @staticmethod
    def _root(h: Any, got: float) -> tuple[float, Any, Any]:
        """``h``'s optimum ``got`` with its column values and reduced costs (read once: later
        solves of ``h`` move them)."""
        solution = h.getSolution()
        return got, _floats(solution.col_value), _floats(solution.col_dual)

    def suffix_caps(self) -> list[int] | None:
        """``caps[v]`` (``v`` = 1..13; ``caps[14] = 0``, ``caps[0]`` unused): the most the rack's
        natural tiles of numbers ``v``..13 can add (tiles or points) in any arrangement, for
        ``remi.variants.rummikub.solvers._dp.optional_suffix``. Rack jokers are not counted (the searches add
        them separately), table jokers are optional."""
        if self._suffix is None:
            self._suffix = self._model(with_pieces=True)
        h = self._suffix
        n_sets, n_pieces = self.n_sets, len(self.pieces)
        low = np.array([c[2] for c in self.sets + self.pieces])
        is_piece = np.array([False] * n_sets + [True] * n_pieces)
        n = n_sets + n_pieces + len(self.rack_types) + 1
        rack_numbers = np.array([t % 13 + 1 for t in self.rack_types])
        rack_upper = np.array([float(self.opt[t]) for t in self.rack_types])
        caps = [0] * 15
        for v in range(13, 0, -1):
            set_upper = np.where(
                is_piece, np.where(low == v, INF, 0.0), np.where(low >= v, INF, 0.0)
            )
            upper = np.concatenate([set_upper, np.where(rack_numbers >= v, rack_upper, 0.0), [0.0]])
            h.changeColsBounds(n, np.arange(n, dtype=np.int32), np.zeros(n), upper)
            lower_rows = [-INF] * 53
            upper_rows = [INF] * 53
            for t in range(52):
                if t % 13 + 1 >= v:
                    lower_rows[t] = upper_rows[t] = float(self.mand[t])
            lower_rows[52], upper_rows[52] = 0.0, float(self.jt + self.jr)
            h.changeRowsBounds(
                53, np.arange(53, dtype=np.int32), np.array(lower_rows), np.array(upper_rows)
            )
            got = self._run(h)
            if got is None or got < 0:
                return None
            own = sum((v if self.points else 1) * self.opt[c * 13 + v - 1] for c in range(4))
            caps[v] = min(_round_down(got), caps[v + 1] + own)
        for v in range(2, 14):
            caps[v] = min(caps[v], caps[v - 1])
        return caps
