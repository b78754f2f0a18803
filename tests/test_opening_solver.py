"""Tests of the exact solvers (remi.variants.remi_pe_tabla.solvers): best opening, best arrangement, full partition.

The worked examples of docs/rules.md §4.1 (RE-1 .. RE-8) are checked as racks with a known best
opening; hypothesis compares every solver with an independent brute force over subsets of
``remi.core.candidates.candidate_formations`` on small racks.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from remi.core.candidates import candidate_formations
from remi.core.errors import IllegalActionError, NotationError
from remi.core.formations import FINAL_POINTS, Formation, Kind, PointTable, formation_points
from remi.core.notation import parse_tiles
from remi.core.presets import load_rules
from remi.core.tiles import FULL_SET, JOLY, Tile
from remi.variants.remi_pe_tabla.opening import check_opening
from remi.variants.remi_pe_tabla.rules import RemiRules
from remi.variants.remi_pe_tabla.solvers import (
    OpeningPlan,
    best_opening,
    formations_with,
    max_points_arrangement,
    partition_all,
)

DEFAULT = load_rules()


@st.composite
def racks(draw: st.DrawFn, min_size: int = 6, max_size: int = 12, max_jolys: int = 2) -> list[Tile]:
    """A rack drawn without replacement from the 106-tile set. Half of the racks come from a few
    numbers and colours only, so that they hold many runs and sets; ``max_jolys`` caps jolys."""
    pool = list(FULL_SET)
    if draw(st.booleans()):
        numbers = draw(st.sets(st.integers(1, 13), min_size=3, max_size=6))
        colours = draw(st.integers(2, 4))
        pool = [
            t
            for t in FULL_SET
            if t.is_joly
            or (t.number in numbers and t.colour is not None and t.colour.index < colours)
        ]
    pool = [t for t in pool if not t.is_joly] + [JOLY] * max_jolys
    size = draw(st.integers(min_size, min(max_size, len(pool))))
    picks = draw(st.lists(st.integers(0, len(pool) - 1), min_size=size, max_size=size, unique=True))
    return [pool[i] for i in picks]


def _rules(preset: str = "remi-pe-tabla", **overrides: object) -> RemiRules:
    rules = load_rules(preset, {k.replace("__", "."): v for k, v in overrides.items()})
    assert isinstance(rules, RemiRules)
    return rules


def _tiles(text: str) -> list[Tile]:
    return list(parse_tiles(text))


def _texts(plan: OpeningPlan | None) -> list[str] | None:
    return None if plan is None else [str(f) for f in plan.formations]


def assert_valid_plan(
    plan: OpeningPlan, rack: Sequence[Tile], rules: RemiRules, must: Tile | None = None
) -> None:
    """The plan is a real opening from the rack: disjoint, drawn from it, check_opening passes."""
    pool = Counter(rack) + (Counter([must]) if must is not None else Counter())
    used: Counter[Tile] = Counter()
    for formation in plan.formations:
        used.update(formation.tiles)
    assert not used - pool, f"plan uses tiles not on the rack: {used - pool}"
    assert check_opening(plan.formations, rules) == plan.points
    assert plan.tiles_used == sum(used.values())
    if must is not None:
        assert any(must in f.tiles for f in plan.formations)


# ---------------------------------------------------------------------------------------------
# Independent brute force: every subset of candidate formations that fits in the rack


def _disjoint_subsets(tiles: Sequence[Tile], rules: RemiRules) -> list[tuple[Formation, ...]]:
    """Every multiset of candidate formations whose tiles fit in ``tiles`` (each tile once)."""
    cands = candidate_formations(tiles, rules.formation_rules)
    pool = Counter(tiles)
    out: list[tuple[Formation, ...]] = []

    def walk(i: int, left: Counter[Tile], chosen: tuple[Formation, ...]) -> None:
        if i == len(cands):
            out.append(chosen)
            return
        walk(i + 1, left, chosen)
        need = Counter(cands[i].tiles)
        taken = chosen
        while all(left[t] >= n for t, n in need.items()):  # a formation may be laid twice
            left = left - need
            taken = taken + (cands[i],)
            walk(i + 1, left, taken)

    walk(0, pool, ())
    return out


def oracle_opening(rack: Sequence[Tile], rules: RemiRules, must: Tile | None = None) -> int | None:
    tiles = list(rack) + ([must] if must is not None else [])
    best: int | None = None
    for chosen in _disjoint_subsets(tiles, rules):
        if must is not None and not any(must in f.tiles for f in chosen):
            continue
        try:
            points = check_opening(chosen, rules)
        except IllegalActionError:
            continue
        best = points if best is None else max(best, points)
    return best


def oracle_arrangement(tiles: Sequence[Tile], rules: RemiRules, table: PointTable) -> int:
    return max(
        sum(formation_points(f, table) for f in chosen)
        for chosen in _disjoint_subsets(tiles, rules)
    )


def oracle_partition(tiles: Sequence[Tile], rules: RemiRules) -> bool:
    return any(
        sum(len(f) for f in chosen) == len(tiles) for chosen in _disjoint_subsets(tiles, rules)
    )


# ---------------------------------------------------------------------------------------------
# docs/rules.md §4.1 worked examples as racks


def test_opening_min_points_re1_exactly_45() -> None:
    plan = best_opening(_tiles("R5 R6 R7 R10 Y10 B10 K2"), DEFAULT)
    assert _texts(plan) == ["[R5 R6 R7]", "[R10 Y10 B10]"]
    assert plan is not None and plan.points == 45 and plan.tiles_used == 6


def test_run_ace_high_re2_high_one_counts_10() -> None:
    plan = best_opening(_tiles("K12 K13 K1 B7 B8 B9 Y4"), DEFAULT)
    assert _texts(plan) == ["[B7 B8 B9]", "[K12 K13 K1]"]
    assert plan is not None and plan.points == 45


def test_opening_value_ace_low_run_re3() -> None:
    plan = best_opening(_tiles("R1 R2 R3 Y9 B9 K9 R10 R11 R12 Y5"), DEFAULT)
    assert _texts(plan) == ["[R1 R2 R3]", "[R10 R11 R12]", "[Y9 B9 K9]"]
    assert plan is not None and plan.points == 60


def test_opening_needs_run_re4_sets_only() -> None:
    rack = _tiles("R10 Y10 B10 R13 Y13 K13")
    assert best_opening(rack, DEFAULT) is None
    relaxed = _rules(opening__needs_run=False)
    plan = best_opening(rack, relaxed)
    assert plan is not None and plan.points == 60


def test_opening_ones_set_exception_re5() -> None:
    rack = _tiles("R1 Y1 B1 R7 Y7 K7")
    plan = best_opening(rack, DEFAULT)
    assert _texts(plan) == ["[R1 Y1 B1]"]  # the 7s must wait for a later turn
    assert plan is not None and plan.points == 75
    assert best_opening(rack, _rules("rummy-45")) is None


def test_opening_min_points_re7_forty_is_short() -> None:
    rack = _tiles("R2 R3 R4 R5 R9 Y9 B9 K9")
    assert best_opening(rack, DEFAULT) is None
    assert best_opening(rack, _rules("remi-50")) is None
    plan = best_opening(rack, _rules(opening__min_points=40))
    assert _texts(plan) == ["[R2 R3 R4 R5]", "[R9 Y9 B9 K9]"]


def test_run_no_wrap_re8_never_13_1_2() -> None:
    plan = best_opening(_tiles("B13 B1 B2 B3 B12"), _rules(opening__min_points=0))
    assert _texts(plan) == ["[B12 B13 B1]"]  # 30 beats [B1 B2 B3] = 15; never [B13 B1 B2]
    assert best_opening(_tiles("B13 B1 B2"), _rules(opening__min_points=0)) is None


def test_joly_counts_as_its_tile_in_the_opening() -> None:
    plan = best_opening(_tiles("R5 R6 J Y10 B10 K10"), DEFAULT)
    assert plan is not None and plan.points == 45
    assert [f.kind for f in plan.formations] == [Kind.RUN, Kind.SET]
    assert plan.formations[0].joly_count == 1


def test_two_jolys_make_a_set_of_ones_worth_75() -> None:
    plan = best_opening(_tiles("R1 J J R5 R6 R7"), DEFAULT)
    assert plan is not None and plan.points == 90
    assert _texts(plan) == ["[R5 R6 R7]", "[R1 J[Y1] J[B1]]"]  # plain [R1 J J] would be ambiguous


def test_run_ace_high_with_joly() -> None:
    plan = best_opening(_tiles("K12 J K1 Y2 Y3 Y4"), _rules(opening__min_points=30))
    assert plan is not None and plan.points == 45
    assert "[K12 J K1]" in _texts(plan)  # type: ignore[operator]


def test_sir_take_last_for_opening_must_include() -> None:
    rack = _tiles("R5 R6 R7 R10 Y10 B10")
    assert best_opening(rack, DEFAULT, must_include=Tile.parse("K2")) is None
    plan = best_opening(rack, DEFAULT, must_include=Tile.parse("K10"))
    assert _texts(plan) == ["[R5 R6 R7]", "[R10 Y10 B10 K10]"]
    assert plan is not None and plan.points == 55
    # a taken joly must be laid too
    plan = best_opening(_tiles("R5 R6 R7 R10 Y10 B10 K10"), DEFAULT, must_include=JOLY)
    assert plan is not None and any(f.joly_count for f in plan.formations)
    assert_valid_plan(plan, _tiles("R5 R6 R7 R10 Y10 B10 K10"), DEFAULT, JOLY)


def test_tie_break_fewer_jolys_then_fewer_tiles() -> None:
    # [R5 R6 R7 R8] and [R5 R6 R7] + joly elsewhere: the joly stays back at equal points
    plan = best_opening(_tiles("R5 R6 R7 R8 R10 Y10 B10 J"), DEFAULT)
    assert plan is not None and plan.points == 60  # 20 + 40 (joly as K10)
    plan = best_opening(_tiles("R10 R11 R12 Y1 B1 J"), _rules(opening__min_points=30))
    assert plan is not None
    assert sum(f.joly_count for f in plan.formations) == 1  # [Y1 B1 J] = 75 needs it


def test_rack_order_does_not_matter() -> None:
    rack = _tiles("J R5 Y10 R6 B10 K10 R7 Y3 J K3")
    plans = {best_opening(list(p), DEFAULT) for p in (rack, rack[::-1], sorted(rack, key=str))}
    assert len(plans) == 1


def test_rack_with_too_many_copies_is_refused() -> None:
    with pytest.raises(NotationError, match="R5"):
        best_opening(_tiles("R5 R5 R6 R7"), DEFAULT, must_include=Tile.parse("R5"))
    with pytest.raises(NotationError, match="'J' at position 3"):
        max_points_arrangement(_tiles("J J J"), DEFAULT, FINAL_POINTS)


def test_large_rack_is_solved() -> None:
    rack = list(FULL_SET[:40:2]) + [JOLY, JOLY]  # R1..R13, Y1..Y7 and two jolys: 22 tiles
    plan = best_opening(rack, DEFAULT)
    assert plan is not None
    assert_valid_plan(plan, rack, DEFAULT)
    assert partition_all(rack, DEFAULT) is not None


# ---------------------------------------------------------------------------------------------
# Hypothesis: against the brute force

RULE_SETS = [
    DEFAULT,
    _rules("rummy-45"),
    _rules(opening__min_points=20),
    _rules(opening__min_points=10, run__ace_both_ends=True),
    _rules(opening__min_points=15, formation__min_natural_tiles=2),
    _rules(opening__min_points=15, opening__needs_run=False),
    _rules(opening__min_points=25, set__max_tiles=3, run__ace_high=False),
]
SETTINGS = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _check(rack: list[Tile], rules: RemiRules, must: Tile | None) -> None:
    plan = best_opening(rack, rules, must_include=must)
    expected = oracle_opening(rack, rules, must)
    assert (plan.points if plan else None) == expected
    if plan is not None:
        assert_valid_plan(plan, rack, rules, must)


@SETTINGS
@given(racks(min_size=6, max_size=12, max_jolys=0), st.sampled_from(RULE_SETS))
def test_opening_min_points_best_equals_brute_force_no_joly(
    rack: list[Tile], rules: RemiRules
) -> None:
    _check(rack, rules, None)


@SETTINGS
@given(racks(min_size=6, max_size=10), st.sampled_from(RULE_SETS))
def test_opening_min_points_best_equals_brute_force_with_jolys(
    rack: list[Tile], rules: RemiRules
) -> None:
    _check(rack, rules, None)


@SETTINGS
@given(racks(min_size=6, max_size=10), st.sampled_from(RULE_SETS), st.data())
def test_sir_take_last_for_opening_best_equals_brute_force(
    rack: list[Tile], rules: RemiRules, data: st.DataObject
) -> None:
    left = list((Counter(FULL_SET) - Counter(rack)).elements())
    near = [
        t
        for t in left
        if t.is_joly or any(t.colour is r.colour or t.number == r.number for r in rack)
    ]
    must = data.draw(st.sampled_from(near or left))
    _check(rack, rules, must)


@SETTINGS
@given(
    racks(min_size=3, max_size=9), st.sampled_from(RULE_SETS), st.sampled_from(["opening", "final"])
)
def test_max_points_arrangement_equals_brute_force(
    rack: list[Tile], rules: RemiRules, which: str
) -> None:
    table = rules.opening_points if which == "opening" else rules.final_points
    got = max_points_arrangement(rack, rules, table)
    pool = Counter(rack)
    used: Counter[Tile] = Counter()
    for formation in got:
        used.update(formation.tiles)
        assert formation in candidate_formations(rack, rules.formation_rules)
    assert not used - pool
    assert sum(formation_points(f, table) for f in got) == oracle_arrangement(rack, rules, table)


@SETTINGS
@given(racks(min_size=3, max_size=9), st.sampled_from(RULE_SETS))
def test_partition_all_equals_brute_force(rack: list[Tile], rules: RemiRules) -> None:
    got = partition_all(rack, rules)
    assert (got is not None) == oracle_partition(rack, rules)
    if got is not None:
        used: Counter[Tile] = Counter()
        for formation in got:
            used.update(formation.tiles)
            assert formation in candidate_formations(rack, rules.formation_rules)
        assert used == Counter(rack)


@SETTINGS
@given(racks(min_size=3, max_size=10), st.sampled_from(RULE_SETS), st.data())
def test_formations_with_is_every_candidate_holding_the_tile(
    rack: list[Tile], rules: RemiRules, data: st.DataObject
) -> None:
    tile = data.draw(st.sampled_from(rack))
    expected = [f for f in candidate_formations(rack, rules.formation_rules) if tile in f.tiles]
    assert formations_with(tile, rack, rules) == expected


def test_partition_all_pe_tabla_close_examples() -> None:
    got = partition_all(_tiles("R1 R2 R3 Y7 B7 K7 J"), DEFAULT)
    assert got is not None and sum(len(f) for f in got) == 7
    assert partition_all(_tiles("R1 R2 R3 Y7 B7 K8"), DEFAULT) is None
    assert partition_all([], DEFAULT) == ()


def test_max_points_arrangement_final_values_prefer_laying_the_joly() -> None:
    # final values: a joly in a formation is worth 50 whatever it stands for (docs/rules.md §1.12)
    got = max_points_arrangement(_tiles("R5 Y5 B5 K5 J"), DEFAULT, FINAL_POINTS)
    assert sum(formation_points(f, FINAL_POINTS) for f in got) == 65
    got = max_points_arrangement(_tiles("R5 Y5 B5 K5 J"), DEFAULT, DEFAULT.opening_points)
    assert [str(f) for f in got] == ["[R5 Y5 B5 K5]"]


def test_formations_with_unknown_tile_is_empty() -> None:
    assert formations_with(Tile.parse("K9"), _tiles("R5 R6 R7"), DEFAULT) == []
    found = formations_with(JOLY, _tiles("R5 R6 J"), DEFAULT)
    assert found and all(f.joly_count for f in found)
