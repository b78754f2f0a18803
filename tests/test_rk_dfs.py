"""The depth-first search of the Rummikub move solver (``remi.solvers._rk_dfs``) against the
number-by-number program (``remi.solvers._rk_dp``) on the same positions, in every mode the
solver uses: both objectives, with jokers on the table and the rack, initial-meld thresholds,
and the tie-break (original sets to re-create, objective fixed). Both are
exact, so their values must be equal; every arrangement the search returns must be a valid
arrangement of the position (checked by rebuilding it into sets). The integer-program oracle
checks the whole solver in tests/test_rummikub_solver.py."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_rummikub_solver import random_position

from remi.core.tiles import Tile
from remi.solvers import rummikub as rk
from remi.solvers._rk_dfs import solve_dfs
from remi.solvers._rk_dp import Arrangement, Budget, SolverBudgetExceeded, solve_dp

RULES = rk.MoveRules()
FR = RULES.formation_rules


def counts(table: list, rack: list[Tile]) -> tuple[list[int], list[int], int, int]:
    old = rk._check_position(table, rack, RULES)
    mand, jt = rk._counts(rk._table_tiles(old))
    opt, jr = rk._counts(rack)
    return mand, rk._filter_playable(mand, opt, jt + jr), jt, jr


def uses(arr: Arrangement, mand: list[int], opt: list[int], jt: int, jr: int) -> None:
    """The arrangement's sets are valid and use every mandatory tile and only available ones."""
    sets = rk._formations_of(arr, RULES)  # read_formation refuses an invalid set
    used = Counter(t for f in sets for t in f.tiles)
    for code in range(52):
        n = sum(k for t, k in used.items() if not t.is_joly and t.code == code)
        assert mand[code] <= n <= mand[code] + opt[code], Tile.from_code(code)
    jokers = sum(k for t, k in used.items() if t.is_joly)
    assert jt <= jokers <= jt + jr


SETTINGS = settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True
)


@SETTINGS
@given(seed=st.integers(0, 2**32 - 1), points=st.booleans())
def test_search_equals_program(seed: int, points: bool) -> None:
    table, rack = random_position(random.Random(seed), 30, 12, jokers=True)
    mand, opt, jt, jr = counts(table, rack)
    want = solve_dp(mand, opt, jt, jr, points=points)
    got = solve_dfs(mand, opt, jt, jr, points=points)
    assert (want is None) == (got is None)
    if want is not None and got is not None:
        assert got.primary == want.primary
        uses(got, mand, opt, jt, jr)


@SETTINGS
@given(seed=st.integers(0, 2**32 - 1), points=st.booleans(), threshold=st.sampled_from([30, 50]))
def test_search_equals_program_with_a_threshold(seed: int, points: bool, threshold: int) -> None:
    """Initial-meld mode: rack tiles only, the placed tiles worth at least ``threshold``."""
    _, rack = random_position(random.Random(seed), 0, 14, jokers=True)
    mand, opt, jt, jr = counts([], rack)
    want = solve_dp(mand, opt, jt, jr, points=points, threshold=threshold)
    got = solve_dfs(mand, opt, jt, jr, points=points, threshold=threshold)
    assert (want is None) == (got is None)
    if want is not None and got is not None:
        assert got.primary == want.primary
        uses(got, mand, opt, jt, jr)


@SETTINGS
@given(seed=st.integers(0, 2**32 - 1), points=st.booleans(), known=st.booleans())
def test_tie_break_search_equals_program(seed: int, points: bool, known: bool) -> None:
    """With the original sets: the objective fixed at the optimum, the most originals
    re-created is the program's (with or without the promise that the floor is the optimum)."""
    table, rack = random_position(random.Random(seed), 24, 6, jokers=True)
    mand, opt, jt, jr = counts(table, rack)
    runs, groups = rk._originals(table)
    best = solve_dp(mand, opt, jt, jr, points=points)
    assert best is not None  # the table itself is an arrangement
    problem: dict[str, Any] = dict(
        points=points, floor=best.primary, original_runs=runs, original_groups=groups
    )
    want = solve_dp(mand, opt, jt, jr, **problem)
    assert want is not None
    got = solve_dfs(mand, opt, jt, jr, known_primary=known, **problem)
    assert got is not None
    assert (got.primary, got.preserved) == (want.primary, want.preserved)
    assert rk._order_table(table, rk._formations_of(got, RULES))[2] >= got.preserved
    uses(got, mand, opt, jt, jr)


def test_search_budget_raises() -> None:
    table, rack = random_position(random.Random(7), 30, 12, jokers=True)
    mand, opt, jt, jr = counts(table, rack)
    with pytest.raises(SolverBudgetExceeded) as caught:
        solve_dfs(mand, opt, jt, jr, points=False, budget=Budget(max_states=5))
    assert caught.value.reason == "max_states"
