"""The linear-relaxation bounds of the Rummikub solver (``remi.variants.rummikub.solvers._lp``, its branch and
bound in ``remi.variants.rummikub.solvers._bb``): the whole-move
bound, the suffix caps and the bound with original sets kept are never below what a valid move
reaches, in both objectives; they see tile shortages the search's own bound does not; and the
solver that uses them (witnesses, refuted collections, the program from the bound) still agrees
with the independent integer program of test_rummikub_solver."""

from __future__ import annotations

import random

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_rummikub_solver import RULES, check_against_oracle, large_position, oracle, table_of

import remi.variants.rummikub.solvers.best_move as rk
from remi.core.formations import Formation
from remi.core.notation import parse_tiles
from remi.core.tiles import Tile
from remi.variants.rummikub.solvers import _objective as _rk_objective
from remi.variants.rummikub.solvers import _solve as _rk_solve
from remi.variants.rummikub.solvers import _table as _rk_table
from remi.variants.rummikub.solvers import _tiebreak as _rk_tiebreak
from remi.variants.rummikub.solvers._bb import Relaxation
from remi.variants.rummikub.solvers._problem import SetProblem
from remi.variants.rummikub.solvers.best_move import best_move, verify_move

SLOW = settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True
)


def _relax(table: list[Formation], rack: list[Tile], *, points: bool) -> Relaxation:
    mand, jt = _rk_table._counts(_rk_table._table_tiles(table))
    opt, jr = _rk_table._counts(rack)
    problem = SetProblem(
        table_counts=mand, rack_counts=opt, table_jokers=jt, rack_jokers=jr, points=points
    )
    return Relaxation(problem)


def _codes(f: Formation) -> list[int]:
    return [52 if t.is_joly else t.code for t in f.tiles]


def test_bound_sees_a_tile_shortage() -> None:
    """B6 B7 would need B5, but B5 is the group's third colour (R5 is held by R3-R5): no rack
    tile fits, and the relaxation says so where "every rack tile placed" says 2."""
    table, rack = table_of("[R3 R4 R5] [Y5 B5 K5]"), parse_tiles("B6 B7")
    assert _relax(table, rack, points=False).bound() == 0
    assert _relax(table, rack, points=True).bound() == 0
    assert _relax(table, rack, points=False).suffix_caps() == [0] * 15
    assert best_move(table, rack, initial=False) is None


def test_bound_is_exact_when_everything_fits() -> None:
    """RK-9's table and rack: all three rack tiles fit (tiles 3, points 5 + 7 + 8 = 20); the
    suffix caps count K7 K8 from number 6 up and Y5 too from number 5 down."""
    table, rack = table_of("[R5 B5 J]"), parse_tiles("Y5 K7 K8")
    assert _relax(table, rack, points=False).bound() == 3
    assert _relax(table, rack, points=True).bound() == 20
    caps = _relax(table, rack, points=True).suffix_caps()
    assert caps is not None
    assert caps[5] == 20 and caps[6] == caps[7] == 15 and caps[8] == 8 and caps[9] == 0


def test_keeping_a_set_can_be_refuted() -> None:
    """Rack R5 R9 on [R2 R3 R4] [R6 R7 R8]: both fit only as R5-R9 (R2-R4 stays) or R2-R5 plus
    nothing for R9. Keeping [R6 R7 R8] allows 1 tile, keeping [R2 R3 R4] still 2; keeping both
    is refuted, and the minimal refuted collection is [R6 R7 R8] alone."""
    table, rack = table_of("[R2 R3 R4] [R6 R7 R8]"), parse_tiles("R5 R9")
    relax = _relax(table, rack, points=False)
    assert relax.bound() == 2
    assert relax.bound([_codes(table[1])]) == 1
    assert relax.bound([_codes(table[0])]) == 2
    assert relax.refuted_core([_codes(f) for f in table], 2) == [1]
    assert relax.refuted_core([_codes(table[0])], 2) is None
    move = best_move(table, rack, initial=False)
    assert move is not None and move.tiles_placed == 2 and move.changed_sets == 1


def test_no_relaxation_beyond_two_jokers() -> None:
    """The columns place at most two jokers: a position with three is refused, not bounded
    wrongly (the 106-tile set has two, ``_check_position`` refuses more)."""
    problem = SetProblem(
        table_counts=[0] * 52, rack_counts=[0] * 52, table_jokers=2, rack_jokers=1, points=False
    )
    with pytest.raises(ValueError, match="at most 2 jokers"):
        Relaxation(problem)


@SLOW
@given(seed=st.integers(0, 2**32 - 1), objective=st.sampled_from(["tiles", "points"]))
def test_bounds_never_below_a_valid_move(seed: int, objective: str) -> None:
    """The bound is at least the integer program's optimum; the suffix caps are at least what
    the solver's (verified) move places from each number up; the bound with a set kept is at
    least the move's value when the move keeps that set."""
    table, rack = large_position(random.Random(seed))
    points = objective == "points"
    expected = oracle(table, rack, initial=False, points=points)
    relax = _relax(table, rack, points=points)
    bound = relax.bound()
    assert bound is not None and bound >= (expected[0] if expected else 0)
    move = best_move(table, rack, initial=False, objective=objective)
    if move is None:
        return
    verify_move(table, rack, move, initial=False, rules=RULES)
    caps = relax.suffix_caps()
    assert caps is not None
    for v in range(1, 14):
        placed = sum(
            (t.number if points else 1) for t in move.placed if not t.is_joly and t.number >= v
        )
        assert placed <= caps[v], (v, caps)
    value = move.points_placed if points else move.tiles_placed
    new = _counter_of(move.table)
    for f in table:
        key = _rk_table._key(f)
        if new.get(key, 0):
            kept_bound = relax.bound([_codes(f)])
            assert kept_bound is not None and kept_bound >= value


def _counter_of(sets: list[Formation]) -> dict[object, int]:
    out: dict[object, int] = {}
    for f in sets:
        out[_rk_table._key(f)] = out.get(_rk_table._key(f), 0) + 1
    return out


#: Engines starved of work, so that the others must decide: the branch and bound of the
#: objective and of the tie-break's checks (the program pruned by the suffix caps, from the
#: relaxation's bound or from just above the branch and bound's unproved move; the tie-break
#: from the collection search or the tagged program with the caps), and the whole move in one
#: branch and bound too (the two passes decide everything).
STARVED = {
    "branching": [
        (_rk_objective, "BRANCH_NODES", 1),
        (_rk_tiebreak, "BRANCH_NODES", 1),
        (_rk_tiebreak, "KEEP_NODES", 1),
    ],
    "branching_and_whole_move": [
        (_rk_objective, "BRANCH_NODES", 1),
        (_rk_tiebreak, "BRANCH_NODES", 1),
        (_rk_tiebreak, "KEEP_NODES", 1),
        (_rk_solve, "WHOLE_MOVE_NODES", 1),
    ],
}


@pytest.mark.parametrize("starved", sorted(STARVED))
@SLOW
@given(seed=st.integers(0, 2**32 - 1), objective=st.sampled_from(["tiles", "points"]))
def test_starved_engines_still_match_the_integer_program(
    starved: str, seed: int, objective: str
) -> None:
    """With some engines given almost no work (``STARVED``), the others reach the same value
    and fewest changed sets as the integer program."""
    with pytest.MonkeyPatch.context() as m:
        for module, name, value in STARVED[starved]:
            m.setattr(module, name, value)
        table, rack = large_position(random.Random(seed))
        check_against_oracle(table, rack, initial=False, objective=objective)


@SLOW
@given(seed=st.integers(0, 2**32 - 1), objective=st.sampled_from(["tiles", "points"]))
def test_pooled_dual_bounds_never_below_the_solve(seed: int, objective: str) -> None:
    """A bound answered from earlier dual solutions (``below``) is never below the bound a
    solve gives for the same kept sets: weak duality, so a refutation without a solve is as
    sound as one with."""
    rnd = random.Random(seed)
    table, rack = large_position(rnd)
    relax = _relax(table, rack, points=objective == "points")
    for _ in range(6):  # fill the pool
        relax.bound([_codes(f) for f in table if rnd.random() < 0.3])
    for _ in range(10):
        frozen = [_codes(f) for f in table if rnd.random() < 0.4]
        solved = relax.bound(frozen)
        assert solved is not None
        pooled = relax.bound(frozen, below=10**6)  # any pooled bound is taken
        assert pooled is not None and pooled >= solved


@SLOW
@given(seed=st.integers(0, 2**32 - 1), objective=st.sampled_from(["tiles", "points"]))
def test_most_kept_is_the_integer_programs_fewest_changes(seed: int, objective: str) -> None:
    """``Relaxation.most_kept`` alone (the tie-break's branch and bound, on its reduced
    models): at the optimal value it keeps as many original sets as the integer program's
    fewest changed sets leave, its arrangement is worth that value, and asking for one set
    more is refuted."""
    table, rack = large_position(random.Random(seed))
    points = objective == "points"
    expected = oracle(table, rack, initial=False, points=points)
    assert expected is not None
    value, changed = expected
    relax = _relax(table, rack, points=points)
    originals = [_codes(f) for f in table]
    numbers = [_rk_table._joker_numbers([f]) for f in table]
    status, found, _ = relax.most_kept(originals, numbers, value, 0, 10_000)
    if status == "unknown":  # an overvalued rack joker (points): the solver falls back
        assert points and any(t.is_joly for t in rack)
        return
    assert status == "found" and found is not None
    solution, kept = found
    assert len(kept) == len(table) - changed
    kept_numbers = [v for k in kept for v in numbers[k]]
    assert solution.value(points, kept_numbers) == value
    status, _, _ = relax.most_kept(originals, numbers, value, len(kept) + 1, 10_000)
    assert status == "none"


def test_nothing_placeable_by_the_bound_needs_no_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """The relaxation's bound is 0 (Y9 fits nowhere): no move, and no engine runs."""
    table = table_of("[R1 R2 R3] [K4 Y4 B4]")
    rack = parse_tiles("Y9")
    assert _relax(table, rack, points=False).bound() == 0

    def no_engine(*args: object, **kwargs: object) -> None:
        raise AssertionError("an engine ran")

    monkeypatch.setattr(_rk_solve, "_objective_pass", no_engine)
    assert best_move(table, rack, initial=False) is None
    assert oracle(table, rack, initial=False, points=False) is None


#: A late-game table of 67 tiles (from a solver-bot game) where neither Y7 nor K6 can be placed,
#: though the relaxation places some of them (bound 1 tile, 6 points).
STUCK_TABLE = (
    "[R5 Y5 B5] [J R12 R13] [R10 Y10 B10] [R6 R7 R8 R9] [R7 Y7 B7] [R2 Y2 B2 K2] [K9 K10 K11]"
    " [R13 B13 K13] [R8 Y8 K8] [R4 Y4 K4] [K5 K6 K7] [K11 K12 K13] [R12 B12 K12] [R2 Y2 B2 K2]"
    " [Y11 Y12 Y13] [R1 Y1 B1 K1] [R3 B3 K3] [R1 Y1 K1] [R4 B4 K4] [R10 Y10 B10] [Y9 B9 K9]"
)


@pytest.mark.parametrize("objective", ["tiles", "points"])
def test_branch_and_bound_proves_nothing_placeable(
    monkeypatch: pytest.MonkeyPatch, objective: str
) -> None:
    """The bound is above 0 but the branch and bound refutes every move worth 1 or more: no
    move, proved without the number sweep (which took about 0.1 s here before)."""
    table = table_of(STUCK_TABLE)
    rack = parse_tiles("Y7 K6")
    assert (_relax(table, rack, points=objective == "points").bound() or 0) > 0

    def no_sweep(*args: object, **kwargs: object) -> None:
        raise AssertionError("the number sweep ran")

    monkeypatch.setattr(_rk_objective, "solve_dp", no_sweep)
    monkeypatch.setattr(_rk_solve, "solve_dp", no_sweep)
    assert best_move(table, rack, initial=False, objective=objective) is None
    assert oracle(table, rack, initial=False, points=objective == "points") is None


@pytest.mark.parametrize(
    ("table_text", "rack_text", "expected"),
    [
        (
            "[Y2 Y3 Y4 Y5 Y6] [R12 B12 K12] [R3 B3 K3] [Y8 Y9 Y10] [R8 Y8 B8 K8] [R7 B7 K7]"
            " [R4 B4 K4]",
            "B11 B6 B9 K12 B2 K4 R13 J Y12 K10 R1 K7 R11 Y1 K3 B1 Y1 K11 R4 B4 K13",
            (128, 2),
        ),
        (
            "[R9 Y9 B9 K9] [Y6 B6 K6] [R4 Y4 K4] [Y1 Y2 Y3] [R1 Y1 B1] [R13 Y13 B13] [B2 B3 B4]",
            "K12 J R7 J B11 B5 Y8 B10 B4 R9 B3 R3 K5 Y11 Y11",
            (74, 1),
        ),
    ],
)
def test_rack_jokers_alone_are_valued_exactly_under_points(
    monkeypatch: pytest.MonkeyPatch, table_text: str, rack_text: str, expected: tuple[int, int]
) -> None:
    """Points objective, jokers only on the rack: the relaxation credits each joker with the
    number it stands for, so the branch and bound alone finds the best move and the fewest
    changed sets (the integer program's values, found by a stress run), without the number
    sweep."""
    table = table_of(table_text)
    rack = parse_tiles(rack_text)

    def no_sweep(*args: object, **kwargs: object) -> None:
        raise AssertionError("the number sweep ran")

    monkeypatch.setattr(_rk_objective, "solve_dp", no_sweep)
    monkeypatch.setattr(_rk_solve, "solve_dp", no_sweep)
    move = best_move(table, rack, initial=False, objective="points")
    assert move is not None
    verify_move(table, rack, move, initial=False, rules=RULES)
    assert (move.points_placed, move.changed_sets) == expected


def test_points_fallback_keeps_the_group_size_limit() -> None:
    """``set.max_tiles = 3``, points: when the branch and bound finds no points solution, its
    fallback (the most tiles) must use the same columns: it once built 4-tile groups, and
    ``[R6 Y6 B6 K6]`` crashed the tie-break (found by a stress run). The integer program's
    answer: 41 points, 2 sets changed."""
    rules = rk.MoveRules(set_max_tiles=3)
    table = table_of("[J B8 B9 B10] [Y6 B6 K6] [R7 Y7 B7] [K11 K12 K13]", rules)
    rack = parse_tiles("Y5 R6 R11 B5 J Y9 Y10")
    move = best_move(table, rack, initial=False, objective="points", rules=rules)
    assert move is not None
    verify_move(table, rack, move, initial=False, rules=rules)
    assert (move.points_placed, move.changed_sets) == (41, 2)
    assert oracle(table, rack, initial=False, points=True, rules=rules) == (41, 2)


@pytest.mark.parametrize(
    ("table_text", "rack_text", "expected"),
    [
        ("[B13 K13 J]", "Y12 Y13 J K11 K12 R9 R10 R11", 66),
        (
            "[B12 K12 J] [B7 B8 B9] [R10 Y10 B10] [R2 Y2 B2] [R9 Y9 K9] [Y4 Y5 Y6] [Y8 Y9 Y10]",
            "Y11 B1 B3 R11 K10 J R7",
            33,
        ),
    ],
)
def test_initial_meld_points_credit_the_melds_own_jokers(
    table_text: str, rack_text: str, expected: int
) -> None:
    """An initial meld without table play leaves the table's jokers where they are, so the
    rack joker counts what it stands for in the meld, not a higher number a table joker stands
    for (it was 68 and 34 here: found by a stress run); ``verify_move`` agrees, and so does the
    integer program's meld value."""
    table = table_of(table_text)
    rack = parse_tiles(rack_text)
    move = best_move(table, rack, initial=True, objective="points")
    assert move is not None
    verify_move(table, rack, move, initial=True, rules=RULES)
    assert move.points_placed == expected
    expected_meld = oracle(table, rack, initial=True, points=True)
    assert expected_meld is not None and expected_meld[0] == expected


def test_branch_and_bound_credits_the_rack_joker_at_its_true_value() -> None:
    """Points objective, rack joker: the relaxation values the joker at 13 wherever it goes, so
    its first integral solution (the joker in [R2 Y2 K2], worth 2) must not end the search. The
    best move puts it in [R8 Y8 K8] (worth 8; R10 fits nowhere), as the integer program says
    (hypothesis found this: test_solver_matches_integer_program_with_jokers, seed 58)."""
    table = table_of("[R2 Y2 K2] [R8 Y8 K8] [K4 K5 K6]")
    rack = parse_tiles("R10 J")
    move = best_move(table, rack, initial=False, objective="points")
    assert move is not None
    assert move.points_placed == 8 and move.changed_sets == 1
    assert [str(f) for f in move.table] == ["[R2 Y2 K2]", "[R8 Y8 K8 J]", "[K4 K5 K6]"]
    assert oracle(table, rack, initial=False, points=True) == (8, 1)


def test_a_move_the_verifier_refuses_never_reaches_the_caller(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Every move ``best_move`` returns has passed the checks its construction does not
    guarantee (``_placed_checked``): a move losing a table set (as a wrong solution of the
    relaxation could) is an AssertionError naming the missing tile, not an answer."""
    table, rack = table_of("[R2 R3 R4] [Y9 B9 K9]"), parse_tiles("R5")
    real = rk._formations_of
    monkeypatch.setattr(rk, "_formations_of", lambda arr, rules: real(arr, rules)[1:])
    with pytest.raises(AssertionError, match="new table holds 0 of"):
        best_move(table, rack, initial=False)


def test_move_edits_told_on_first_reading_equal_given_ones_and_the_move_pickles() -> None:
    """A solver move tells its edits when first read (``Move.edits``); it equals, hashes and
    pickles as a move given the same edits, and the edits are those of the move in words."""
    import pickle

    table = table_of("[R1 R2 R3] [R4 R5 R6] [Y8 B8 K8]")
    move = best_move(table, list(parse_tiles("R7")), initial=False)
    assert move is not None
    again = pickle.loads(pickle.dumps(move))
    edits = ("add R7 from the rack to set 2", "set 2 is now [R4 R5 R6 R7]")
    given = attrs.evolve(move, edits=edits, telling=None)  # the edits given, not told
    assert again == move == given and hash(again) == hash(given)
    assert move.edits == again.edits == edits
    assert "edits=('add R7 from the rack to set 2'" in repr(move)
