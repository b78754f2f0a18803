"""Linear-programming bounds for the Rummikub best move (internal).

The integer program of den Hertog & Hulshof (2006) has one variable per possible set; its linear
relaxation is a very tight bound on the best move (on the 60-position benchmark corpus its value
rounded down equals the optimum number of tiles placed in 59 positions), where the number
sweep's own bound ("every later rack tile placed") is loose whenever rack tiles cannot all be
placed. Its uses (``remi.solvers.rummikub._solve``, docs/solvers.md):

* ``Relaxation.search``: branch and bound over the set columns (our code; HiGHS solves each
  node's linear program), rack columns branched on first, on a model reduced by reduced-cost
  fixing at its root (``_reduced``). An integral solution is a valid arrangement
  (``Solution``), valued as ``remi.solvers.rummikub.placed_points`` values a move.
* ``Relaxation.most_kept``: the tie-break as one branch and bound, with one more column per
  original table set and the move's value as a row.
* ``Relaxation.bound()``: the whole move; the program starts searching there.
* ``Relaxation.suffix_caps()``: for each number ``v``, the same relaxation restricted to the
  numbers ``v``..13 (runs that started lower enter through their first one or two tiles, jokers
  optional): a bound on what the rack tiles of those numbers can add, which the sweep uses at
  every step (``remi.solvers._rk_dp.optional_suffix``).
* ``Relaxation.bound(frozen)`` / ``refuted_core``: the move with some original table sets kept
  as they are; below the optimum means those sets cannot all stay (the tie-break), with a pool of
  dual solutions that refutes without a solve (weak duality).

A move's validity never depends on HiGHS: integral solutions are checked integral, turned into
sets that ``read_formation`` validates, and ``best_move`` verifies every move it returns. Its
optimality relies on HiGHS's reported optimum bounding the relaxation within the rounding margin
(``_round_down``). HiGHS is reached through its core class (the public ``highspy.Highs`` prints a
banner on stdout, which would corrupt ``remi solve move --json``), with a model built once per
position and re-solved warm. Without ``highspy`` 1.13 or later (or with more than two jokers) no
relaxation is used and the searches run on their own.

Columns: runs of one colour of 3 to 5 tiles (every longer run is two or more of these end to
end), each with every placement of up to two jokers (one column per set of tiles: the jokers
at the top of the run); groups of 3 to ``set.max_tiles`` colours, jokers in place of colours; at
least one natural tile each (``formation.min_natural_tiles`` above 1 is relaxed, still a bound);
one column per rack tile type played (up to its count) and one for rack jokers. Rows: per tile
type, the copies the sets use = the table's copies + the rack copies played; the same for
jokers. Objective: tiles played, or their numbers (a rack joker counted 13, the most it can
stand for; when every joker in play is on the rack, each set column counts the numbers its
jokers stand for instead, which is exact).
"""

from __future__ import annotations

import contextlib
import itertools
from collections import Counter
from collections.abc import Iterator, Sequence
from functools import lru_cache
from typing import Any

import attrs

__all__ = ["Relaxation", "Solution", "relaxation"]

#: The methods of HiGHS's core class this module calls (highspy 1.13 and later have them all).
_NEEDED = (
    "setOptionValue",
    "addRows",
    "addCols",
    "changeObjectiveSense",
    "changeRowsBounds",
    "changeColsBounds",
    "changeColBounds",
    "run",
    "getModelStatus",
    "getInfo",
    "getSolution",
    "getBasis",
    "setBasis",
)

try:  # pragma: no branch - highspy is a dependency; without it the searches run unbounded
    import numpy as np
    from highspy._core import (
        HighsBasis,
        HighsBasisStatus,
        HighsModelStatus,
        HighsStatus,
        ObjSense,
        _Highs,
    )

    _HAVE_HIGHS = all(hasattr(_Highs, name) for name in _NEEDED)
except ImportError:  # pragma: no cover
    _HAVE_HIGHS = False

INF = 1e30  # HiGHS treats any bound at or above 1e20 as infinite
#: Dual solutions ``Relaxation.bound`` keeps to refute without solving.
DUAL_POOL = 64

#: (natural tile codes, jokers, lowest number, is a run) of one column.
_Column = tuple[tuple[int, ...], int, int, bool]


@lru_cache(maxsize=8)
def _set_columns(jokers: int, set_max: int) -> tuple[_Column, ...]:
    """Every run of 3-5 tiles and every group, with up to ``min(jokers, 2)`` jokers placed in
    every way, at least one natural tile each; codes are ``colour * 13 + number - 1``.

    Runs that use the same tiles (the same natural tiles and as many jokers, the jokers at the
    ends shifted: ``[J R4 R5]`` and ``[R4 R5 J]``) are one column, the one starting highest:
    its jokers stand for the highest numbers, which is what a rack joker is credited with under
    the points objective (``Solution.value``), and a free joker goes to the top of its run."""
    runs: dict[tuple[tuple[int, ...], int], _Column] = {}
    most = min(jokers, 2)
    for c in range(4):
        for length in range(3, 6):
            for start in range(1, 15 - length):
                numbers = range(start, start + length)
                for j in range(most + 1):
                    for jp in itertools.combinations(numbers, j):
                        nat = tuple(c * 13 + v - 1 for v in numbers if v not in jp)
                        # ``start`` only grows: a later run with the same tiles starts higher
                        runs[nat, j] = (nat, j, start, True)
    cols = list(runs.values())
    for v in range(1, 14):
        for size in range(3, set_max + 1):
            for j in range(most + 1):
                if not 1 <= size - j <= 4:
                    continue
                for colours in itertools.combinations(range(4), size - j):
                    cols.append((tuple(c * 13 + v - 1 for c in colours), j, v, False))
    return tuple(cols)


@lru_cache(maxsize=8)
def _entering_pieces(jokers: int) -> tuple[_Column, ...]:
    """The first one or two tiles from number ``v`` of a run that started below ``v``, for
    every ``v`` from 2 (at least one natural tile; a joker in either place): with these, what a
    table holds from number ``v`` up is a sum of columns."""
    cols: list[_Column] = []
    most = min(jokers, 1)
    for c in range(4):
        for v in range(2, 14):
            for length in (1, 2):
                if v + length > 14:
                    continue
                numbers = range(v, v + length)
                for j in range(min(most, length - 1) + 1):
                    for jp in itertools.combinations(numbers, j):
                        nat = tuple(c * 13 + w - 1 for w in numbers if w not in jp)
                        cols.append((nat, j, v, True))
    return tuple(cols)


@lru_cache(maxsize=16)
def _incidence(jokers: int, set_max: int, pieces: bool) -> tuple[Any, Any, tuple[Any, Any, Any]]:
    """The columns (``_entering_pieces`` when ``pieces``, else ``_set_columns``, in an array of
    objects: a selection of them is one indexing), the natural
    tile types each uses as a bit mask (bit ``t`` for tile code ``t``; unsigned 64-bit) and
    the incidence matrix in compressed columns: (entries per column, their rows, their
    values; rows 0-51 the tile codes, row 52 the jokers)."""
    cols = _entering_pieces(jokers) if pieces else _set_columns(jokers, set_max)
    masks = np.array([sum(1 << t for t in nat) for nat, _, _, _ in cols], dtype=np.uint64)
    lengths: list[int] = []
    rows: list[int] = []
    values: list[float] = []
    for nat, j, _, _ in cols:
        lengths.append(len(nat) + (1 if j else 0))
        rows.extend([*nat, 52] if j else nat)
        values.extend([1.0] * len(nat) + ([float(j)] if j else []))
    compressed = (np.array(lengths), np.array(rows, dtype=np.int32), np.array(values))
    objects = np.empty(len(cols), dtype=object)
    for k, column in enumerate(cols):
        objects[k] = column
    for array in (objects, masks, *compressed):
        array.setflags(write=False)
    return objects, masks, compressed


def _select(compressed: tuple[Any, Any, Any], keep: Any) -> tuple[Any, Any, Any]:
    """The compressed columns ``keep`` (indices, increasing) of ``_incidence``'s third part."""
    lengths, rows, values = compressed
    mask = np.zeros(len(lengths), dtype=bool)
    mask[keep] = True
    entries = np.repeat(mask, lengths)
    return lengths[keep], rows[entries], values[entries]


def _alive(root: tuple[float, Any, Any], n_sets: int, need: int) -> Any:
    """The indices of the first ``n_sets`` columns some solution worth at least ``need`` may
    use, by reduced-cost fixing (``Relaxation._reduced``) from an optimal ``root`` (optimum,
    column values, reduced costs)."""
    got, x, reduced = root
    return np.flatnonzero((x[:n_sets] > 1e-9) | (got + reduced[:n_sets] + 1e-3 >= need))


def _integral(x: Any) -> bool:
    """Whether the column values ``x`` are all whole numbers, to 1e-9: tighter than the
    branching test of ``Relaxation._depth_first`` (a fraction above 1e-6, or above 1e-6 / 13 on
    a rack column weighted by its worth), so a root this accepts is never branched on."""
    return bool(np.abs(x - np.rint(x)).max(initial=0.0) <= 1e-9)


def _stood(column: _Column) -> list[int]:
    """The numbers the jokers of a column stand for (a run's gaps and ends, a group's number)."""
    nat, j, low, is_run = column
    if not j:
        return []
    if is_run:
        numbers = {t % 13 + 1 for t in nat}
        return [v for v in range(low, low + len(nat) + j) if v not in numbers]
    return [low] * j


def _column_statuses(status: list[Any], keep: Any, n_sets: int) -> list[Any]:
    """A basis's column statuses ``status`` for a model holding only the set columns ``keep``
    (increasing indices among the first ``n_sets`` columns; all of them when ``None``), then
    the columns after them."""
    columns = list(status[:n_sets]) if keep is None else [status[k] for k in keep.tolist()]
    columns.extend(status[n_sets:])
    return columns


def _start_from(h: Any, columns: list[Any], rows: list[Any]) -> None:
    """Give ``h`` the basis of these column and row statuses to start its next solve from."""
    start = HighsBasis()
    start.valid = True
    start.col_status = columns
    start.row_status = rows
    h.setBasis(start)


def _round_down(value: float) -> int:
    """The relaxation's optimum is a fraction with a small denominator; the margin absorbs the
    solver's tolerances (about 1e-7 per row) without ever rounding a true ``k + 1`` down."""
    return int(value + 1e-3)


#: Spare HiGHS instances with an empty model and this module's options (``_highs``): a new
#: instance costs 50-70 microseconds, a cleared one next to nothing.
_SPARE: list[Any] = []
#: The most spare instances kept.
SPARE_MAX = 4


def _highs() -> Any:
    """A HiGHS instance with an empty model and this module's options: a spare one (``_spare``)
    when there is one, else a new one."""
    try:
        return _SPARE.pop()
    except IndexError:
        pass
    h = _Highs()
    for name, setting in (
        ("output_flag", False),
        ("threads", 1),
        ("presolve", "off"),
        ("solver", "simplex"),
    ):
        h.setOptionValue(name, setting)
    return h


def _spare(models: Sequence[Any]) -> None:
    """Keep ``models``, which no one uses any more, as spares for ``_highs`` (their models
    cleared; at most ``SPARE_MAX`` spares)."""
    for h in models:
        if len(_SPARE) < SPARE_MAX:
            h.clearModel()
            _SPARE.append(h)


@contextlib.contextmanager
def _spares() -> Iterator[list[Any]]:
    """A list for the models a search builds, which become spares (``_spare``) when it ends,
    however it ends."""
    made: list[Any] = []
    try:
        yield made
    finally:
        _spare(made)


@attrs.frozen(kw_only=True)
class Solution:
    """An integral solution of the relaxation: ``sets`` (columns with their counts),
    ``placed`` (rack copies played, 52 counts) and ``rack_jokers`` (rack jokers played)."""

    sets: tuple[tuple[_Column, int], ...]
    placed: tuple[int, ...]
    rack_jokers: int

    def joker_numbers(self) -> list[int]:
        """The number each joker of the sets stands for (a run's gap or end, a group's
        number), one entry per joker."""
        out: list[int] = []
        for column, count in self.sets:
            out.extend(_stood(column) * count)
        return out

    def value(self, points: bool, kept_joker_numbers: Sequence[int] = ()) -> int:
        """The move's true objective value: tiles placed (rack jokers included), or points:
        each placed rack tile its number, the rack jokers credited with the highest numbers
        stood for by jokers on the new table (these sets' and ``kept_joker_numbers``, those of
        the sets kept unchanged), as ``remi.solvers.rummikub.placed_points``."""
        if not points:
            return sum(self.placed) + self.rack_jokers
        naturals = sum(count * (t % 13 + 1) for t, count in enumerate(self.placed))
        stood = sorted([*self.joker_numbers(), *kept_joker_numbers], reverse=True)
        return naturals + sum(stood[: self.rack_jokers])


class Relaxation:
    """The linear relaxation of one position (module docstring), built once, re-solved warm.

    Args:
        mand, opt: 52 counts each (index ``colour * 13 + number - 1``): table tiles (all placed)
            and rack tiles (each placed or not).
        jt, jr: jokers on the table (placed) and on the rack (optional); at most 2 in all.
        points: objective: numbers placed (a rack joker 13) instead of tiles placed.
        set_max: ``set.max_tiles``.

    Every method returns ``None`` when HiGHS does not report an optimum (the caller then goes
    on without the bound); none raises for a solver failure.
    """

    def __init__(
        self,
        mand: Sequence[int],
        opt: Sequence[int],
        jt: int,
        jr: int,
        *,
        points: bool,
        set_max: int = 4,
    ) -> None:
        self.mand = list(mand[:52])
        self.opt = list(opt[:52])
        self.jt, self.jr, self.points, self.set_max = jt, jr, points, set_max
        # the right-hand side with nothing kept: each tile type's table copies, then jokers
        self._table_rows = [float(x) for x in self.mand] + [float(jt)]
        # the tile types with no copy in play: no column using one is kept
        missing = np.uint64(sum(1 << t for t in range(52) if self.mand[t] + self.opt[t] == 0))
        all_sets, set_masks, set_compressed = _incidence(jt + jr, set_max, False)
        all_pieces, piece_masks, piece_compressed = _incidence(jt + jr, set_max, True)
        keep_sets = np.flatnonzero((set_masks & missing) == 0)
        keep_pieces = np.flatnonzero((piece_masks & missing) == 0)
        self.sets: list[_Column] = all_sets[keep_sets].tolist()
        # points with jokers from the rack only: every joker on the new table is a rack joker,
        # credited with the number it stands for, so each set column is worth its jokers'
        # numbers (exact) instead of 13 per rack joker played (a bound)
        self._credit: Any = None
        if points and jr and not jt:
            self._credit = np.array([float(sum(_stood(c))) for c in self.sets])
        self.pieces: list[_Column] = all_pieces[keep_pieces].tolist()
        self._compressed = (
            _select(set_compressed, keep_sets),
            _select(piece_compressed, keep_pieces),
        )
        self.rack_types = [t for t in range(52) if self.opt[t]]
        self._whole: Any = None
        self._suffix: Any = None
        self._rhs: list[float] = []
        # rows [c, pi...]: the relaxation is at most c + pi . rhs for any right-hand side rhs
        self._pool = np.zeros((DUAL_POOL, 54))
        self._next = 0  # solves pooled so far; the ring holds the last DUAL_POOL
        self._last_dual: tuple[float, Any] | None = None
        self._solved = False
        #: the whole model's optimum (``-1.0``: infeasible) while its solution is current: set
        #: by its solves, cleared when its right-hand side changes
        self._fresh: float | None = None
        #: the whole model's optimal solution for the whole table (``_root``), once read
        self._table_root: tuple[float, Any, Any] | None = None

    def _rack_worth(self) -> list[float]:
        """The objective's worth of each rack column: a tile's number (points) or 1, and for
        the rack jokers 13 (points: the most one can stand for) or 1; 0 when the set columns
        carry the jokers' worth instead (``_credit``)."""
        worth = [float(t % 13 + 1) if self.points else 1.0 for t in self.rack_types]
        worth.append(0.0 if self._credit is not None else 13.0 if self.points else 1.0)
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
        sets, pieces = self._compressed
        if subset is not None:
            sets = _select(sets, subset)
        blocks = [sets, pieces] if with_pieces else [sets]
        n_cols = sum(len(b[0]) for b in blocks)
        n_rack = len(self.rack_types) + 1
        n = n_cols + n_rack + len(keeps)
        n_rows = 53 if value is None else 54
        worth = self._rack_worth()
        # the set columns' own worth: what their jokers stand for, when that is the credit
        set_worth = np.zeros(len(sets[0]))
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
            extra_rows = [r for t in rack_rows for r in (t, 53)]
            extra_values = [v for w in worth for v in (-1.0, w)]
        for codes in keeps:  # each original set's own column
            uses = sorted(Counter(codes).items())
            extra_len.append(len(uses))
            extra_rows.extend(t for t, _ in uses)
            extra_values.extend(float(k) for _, k in uses)
        credited = np.flatnonzero(set_worth)
        if value is not None and len(credited):  # the jokers' worth in the value row too
            ends = np.cumsum(sets[0])[credited]
            sets = (
                sets[0] + (set_worth > 0),
                np.insert(sets[1], ends, 53),
                np.insert(sets[2], ends, set_worth[credited]),
            )
            blocks[0] = sets
        lengths = np.concatenate([*(b[0] for b in blocks), extra_len]).astype(np.int32)
        indices = np.concatenate([*(b[1] for b in blocks), extra_rows]).astype(np.int32)
        values = np.concatenate([*(b[2] for b in blocks), extra_values])
        starts = np.zeros(n, dtype=np.int32)
        np.cumsum(lengths[:-1], out=starts[1:])
        cost = np.zeros(n)
        if keeps:
            cost[n - len(keeps) :] = 1.0
        if not keeps or weight is not None:
            scale = 1.0 if weight is None else weight
            cost[: len(sets[0])] = set_worth * scale
            cost[n_cols : n_cols + n_rack] = np.array(worth) * scale
        upper = np.concatenate(
            [
                np.full(len(sets[0]), INF),
                np.zeros(n_cols - len(sets[0])),
                [float(self.opt[t]) for t in self.rack_types],
                [float(self.jr)],
                np.ones(len(keeps)),
            ]
        )
        lower_rows = table
        upper_rows = table.copy()
        if value is not None:
            lower_rows = np.append(lower_rows, float(value))
            upper_rows = np.append(upper_rows, INF)
        h = _highs()
        none = np.zeros(0, dtype=np.int32)
        h.addRows(n_rows, lower_rows, upper_rows, 0, none, none, np.zeros(0))
        h.addCols(n, cost, np.zeros(n), upper, len(indices), starts, indices, values)
        h.changeObjectiveSense(ObjSense.kMaximize)
        return h

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
            for t in codes:
                rows[t] -= 1.0
        if min(rows) < 0:
            raise ValueError("frozen sets hold more tiles than the table")
        return rows

    def _apply_rows(self, rows: list[float]) -> Any:
        """The whole-move model (built on first use) with the right-hand side ``rows``; only
        the rows that differ are changed, so HiGHS keeps more of its warm start."""
        if self._whole is None:
            self._whole = self._model(with_pieces=False)
            self._rhs = self._table_rows
        h = self._whole
        changed = [i for i in range(53) if rows[i] != self._rhs[i]]
        if changed:
            self._fresh = None
            values = np.array([rows[i] for i in changed])
            h.changeRowsBounds(len(changed), np.array(changed, dtype=np.int32), values, values)
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
            dual = np.asarray(h.getSolution().row_dual, dtype=float)
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
                gain = float(sum(duals[t] for t in frozen[i]))
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
        return self._read(np.asarray(h.getSolution().col_value))

    def _read(self, x: Any, subset: Any = None) -> Solution | None:
        """The column values ``x`` of a model of ``_model`` without pieces (of the set columns
        ``subset`` when given) as a ``Solution`` when integral, else ``None``; keep columns
        are not read."""
        n_sets = len(self.sets) if subset is None else len(subset)
        n = n_sets + len(self.rack_types) + 1
        counts = np.rint(x)
        if np.abs(x - counts).max(initial=0.0) > 1e-6:
            return None
        used = np.flatnonzero(counts[:n_sets])
        columns = used if subset is None else np.asarray(subset)[used]
        chosen = tuple(
            (self.sets[k], int(counts[u])) for k, u in zip(columns.tolist(), used.tolist())
        )
        placed = [0] * 52
        for i, t in enumerate(self.rack_types):
            placed[t] = int(counts[n_sets + i])
        return Solution(sets=chosen, placed=tuple(placed), rack_jokers=int(counts[n - 1]))

    def _read_kept(
        self, x: Any, subset: Any, first: int, joker_numbers: Sequence[Sequence[int]]
    ) -> tuple[Solution, list[int], int] | None:
        """The column values ``x`` of a model with one column per original set from ``first``
        on (``most_kept``, ``best_kept``) as (the solution of the other columns, the indices of
        the original sets kept, its true value with their jokers' ``joker_numbers``), or
        ``None`` when not integral."""
        found = self._read(x[:first], subset)
        marks = x[first:]
        if found is None or np.abs(marks - np.rint(marks)).max(initial=0.0) > 1e-6:
            return None
        kept = [k for k in range(len(marks)) if marks[k] > 0.5]
        numbers = [v for k in kept for v in joker_numbers[k]]
        return found, kept, found.value(self.points, numbers)

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
        n_sets = len(self.sets) if base is None else len(base)
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
        n_base = len(self.sets) if base is None else len(base)
        return (None if len(subset) < n_base else h), small, subset, reduced_root

    @staticmethod
    def _root(h: Any, got: float) -> tuple[float, Any, Any]:
        """``h``'s optimum ``got`` with its column values and reduced costs (read once: later
        solves of ``h`` move them)."""
        solution = h.getSolution()
        return got, np.asarray(solution.col_value), np.asarray(solution.col_dual)

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
        worth_of = np.array(self._rack_worth())
        # a rack joker is branched on as the most valuable tile, even where its credit is 0
        worth_of[-1] = 13.0 if self.points else 1.0
        n_all = n_sets + n_rack + (0 if first is None else first[1] - first[0])
        lower = [0.0] * n_all
        upper = (
            [INF] * n_sets
            + [float(self.opt[t]) for t in self.rack_types]
            + [float(self.jr)]
            + [1.0] * (n_all - n_sets - n_rack)
        )
        original = (list(lower), list(upper))
        fixed: list[int] = []
        nodes = 0
        asked = need
        incumbent: Any = None

        class _Stop(Exception):
            pass

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
            at_lower = (np.abs(x - np.array(lower)) < 1e-9) & (got + reduced + 1e-3 < asked)
            at_upper = (np.abs(x - np.array(upper)) < 1e-9) & (got - reduced + 1e-3 < asked)
            for j in np.flatnonzero(at_lower | at_upper):
                fixed.append(int(j))
                if at_lower[j]:
                    upper[j] = lower[j]
                else:
                    lower[j] = upper[j]
            if fixed:
                h.changeColsBounds(
                    len(fixed),
                    np.array(fixed, dtype=np.int32),
                    np.array([lower[j] for j in fixed]),
                    np.array([upper[j] for j in fixed]),
                )

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
                x = np.asarray(solution.col_value)
                reduced = np.asarray(solution.col_dual) if nodes == 1 else None
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
            lo, up = lower[pick], upper[pick]
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
                h.changeColsBounds(
                    len(fixed),
                    np.array(fixed, dtype=np.int32),
                    np.array([original[0][j] for j in fixed]),
                    np.array([original[1][j] for j in fixed]),
                )
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
                base = _alive(self._table_root, len(self.sets), value)
            h = self._model(False, originals, value, base)
            made.append(h)
            basis = self._whole.getBasis() if self._whole is not None else None
            if basis is not None and basis.valid:
                columns = _column_statuses(basis.col_status, base, len(self.sets))
                columns.extend([HighsBasisStatus.kLower] * len(originals))
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
            nodes) when ``node_limit`` nodes were not enough or the LP solver failed.
        """
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
            whole_root = self._root(h, top)
            start = h.getBasis()  # the root's basis (a copy), for the passes after the first
            used, step = 1, 1
            floor = _round_down(top) // scale
            while floor >= 1:
                h, small, subset, root = self._pass_model(
                    h, start, made, whole_root, scale * floor, keeps=originals, weight=float(scale)
                )
                first = len(subset) + n_rack

                def integral(
                    got: float, x: Any, subset: Any = subset, first: int = first
                ) -> tuple[tuple[Solution, list[int]] | None, int, bool]:
                    read = self._read_kept(x, subset, first, joker_numbers)
                    if read is None:
                        return None, -1, False
                    found, kept, value = read
                    worth = scale * value + len(kept)
                    return (found, kept), worth, _round_down(got) <= worth

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
                if status != "none" or floor == 1:
                    return status, found, used
                floor = max(floor - step, 1)
                step *= 2
            return "none", None, used

    def suffix_caps(self) -> list[int] | None:
        """``caps[v]`` (``v`` = 1..13; ``caps[14] = 0``, ``caps[0]`` unused): the most the rack's
        natural tiles of numbers ``v``..13 can add (tiles or points) in any arrangement, for
        ``remi.solvers._rk_dp.optional_suffix``. Rack jokers are not counted (the searches add
        them separately), table jokers are optional."""
        if self._suffix is None:
            self._suffix = self._model(with_pieces=True)
        h = self._suffix
        n_sets, n_pieces = len(self.sets), len(self.pieces)
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


def relaxation(
    mand: Sequence[int],
    opt: Sequence[int],
    jt: int,
    jr: int,
    *,
    points: bool,
    set_max: int = 4,
) -> Relaxation | None:
    """A ``Relaxation`` of the position, or ``None`` when no bound can be given (``highspy``
    missing or older than 1.13, without methods this module calls; or more than two jokers:
    the columns place at most two)."""
    if not _HAVE_HIGHS or jt + jr > 2:
        return None
    return Relaxation(mand, opt, jt, jr, points=points, set_max=set_max)
