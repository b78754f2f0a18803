"""The columns of the Rummikub integer program, and the HiGHS instances that solve it (internal).

The integer program of den Hertog & Hulshof (2006) (``remi.variants.rummikub.solvers._lp``) has one column
per possible set. Here: the columns (runs of one colour of 3 to 5 tiles, every longer run being
two or more of these end to end, each with every placement of up to two jokers; groups of 3 to
``set.max_tiles`` colours, jokers in place of colours; at least one natural tile each), the
pieces that let a run enter a number range from below (the suffix caps), their incidence
matrices, the integral ``Solution`` read back from the columns, and a pool of spare HiGHS
instances. HiGHS is reached through its core class: the public ``highspy.Highs`` prints a
banner on stdout, which would corrupt ``remi solve move --json``. ``highspy`` 1.13 or later is
a dependency of the package.
"""

from __future__ import annotations

import contextlib
import itertools
from collections.abc import Iterator, Sequence
from functools import lru_cache
from typing import Any

import attrs
import numpy as np
from highspy._core import HighsBasis, _Highs

__all__ = ["Solution"]

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


def _floats(values: Sequence[float]) -> Any:
    """A list of floats read from HiGHS (a solution's ``col_value``, ``col_dual``, ``row_dual``)
    as a float64 array: ``np.fromiter`` with the type given takes half the time of
    ``np.asarray``, which inspects every element first (about 40 microseconds saved per vector
    of 800 columns, a few vectors per node)."""
    return np.fromiter(values, dtype=np.float64, count=len(values))


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
        the sets kept unchanged), as ``remi.variants.rummikub.solvers.best_move.placed_points``."""
        if not points:
            return sum(self.placed) + self.rack_jokers
        naturals = sum(count * (t % 13 + 1) for t, count in enumerate(self.placed))
        if not self.rack_jokers:  # no rack joker placed: nothing to credit
            return naturals
        stood = sorted([*self.joker_numbers(), *kept_joker_numbers], reverse=True)
        return naturals + sum(stood[: self.rack_jokers])
