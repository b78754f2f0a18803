"""The shortcuts of the Rummikub solver's sixth speed round (docs/solvers.md, "Sixth round")
give what the full paths they skip give: a table run with jokers read as a run only
(``_joker_run_reading``), the relaxation's columns read into sets and formations by look-ups
(``_column_sets``, ``_solution_arrangement``), the playable-tile filter with two jokers in play
(``_filter_playable``), and the identity of a set for "unchanged" (``_key``)."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_rk_lp import _relax
from test_rummikub_solver import FR, RULES, _benchmark_corpus, table_of

from remi.core.formations import (
    Formation,
    FormationRules,
    Kind,
    formation_readings,
    parse_formation,
)
from remi.core.notation import SlotToken, parse_tiles
from remi.core.tiles import ALL_TILE_TYPES, JOLY
from remi.variants.rummikub.solvers._columns import _set_columns, _stood
from remi.variants.rummikub.solvers._objective import _Bounds, _filter_playable
from remi.variants.rummikub.solvers._table import (
    _check_position,
    _codes_of,
    _column_sets,
    _formations_of,
    _joker_numbers,
    _joker_run_reading,
    _key,
    _solution_arrangement,
)
from remi.variants.rummikub.solvers.best_move import MoveRules


def _full_run_reading(f: Formation, frules: FormationRules) -> Formation | None:
    """What ``_check_position`` took before: the run among the readings of the explicit
    slots."""
    return next(
        (r for r in formation_readings(f.slots(explicit=True), frules) if r.kind is Kind.RUN),
        None,
    )


def test_joker_run_reading_worked_examples() -> None:
    """``[R5 J R7]``: the joker is R6 (ranks 5-7); ``[J[B11] J[B12] B13]`` reads so; with
    ``formation.min_natural_tiles`` 2 the second has too few natural tiles, and a run whose
    stated joker breaks the sequence has no reading."""
    (run,) = table_of("[R5 J R7]")
    read = _joker_run_reading(run, FR)
    assert read is not None
    assert [str(i) for i in read.identities] == ["R5", "R6", "R7"]
    assert read.ranks == (5, 6, 7)
    top = parse_formation("[J[B11] J[B12] B13]", FR)
    read = _joker_run_reading(top, FR)
    assert read is not None and [str(i) for i in read.identities] == ["B11", "B12", "B13"]
    assert _joker_run_reading(top, MoveRules(min_natural_tiles=2).formation_rules) is None
    broken = Formation(
        kind=Kind.RUN,
        tiles=(ALL_TILE_TYPES[4], JOLY, ALL_TILE_TYPES[6]),  # R5 J R7, the joker stated as R9
        identities=(ALL_TILE_TYPES[4], ALL_TILE_TYPES[8], ALL_TILE_TYPES[6]),
        ranks=(5, 6, 7),
    )
    assert _joker_run_reading(broken, FR) is None
    assert _full_run_reading(broken, FR) is None


@settings(max_examples=300, deadline=None, derandomize=True)
@given(
    colour=st.integers(0, 3),
    start=st.integers(-1, 13),
    length=st.integers(2, 14),
    jokers=st.sets(st.integers(0, 13), min_size=1, max_size=3),
    stated_shift=st.sampled_from([0, 0, 0, 1, -1, 13]),
    min_natural=st.integers(1, 3),
)
def test_joker_run_reading_equals_the_full_reading(
    colour: int, start: int, length: int, jokers: set[int], stated_shift: int, min_natural: int
) -> None:
    """Any run-kind formation with jokers (valid or not: out of range, too short, too few
    natural tiles, a joker stated as another tile): the shortcut gives the run reading that
    ``formation_readings`` of its explicit slots gives, or ``None`` when there is none."""
    frules = MoveRules(min_natural_tiles=min_natural).formation_rules
    places = [p for p in sorted(jokers) if p < length]
    if not places:
        return
    numbers = [start + i for i in range(length)]
    if any(not 1 <= v <= 13 for i, v in enumerate(numbers) if i not in places):
        return  # a natural tile must exist
    tiles, identities = [], []
    for i, v in enumerate(numbers):
        if i in places:
            stated = (v + (stated_shift if i == places[0] else 0) - 1) % 13
            tiles.append(JOLY)
            identities.append(ALL_TILE_TYPES[colour * 13 + stated])
        else:
            tiles.append(ALL_TILE_TYPES[colour * 13 + v - 1])
            identities.append(tiles[-1])
    f = Formation(
        kind=Kind.RUN, tiles=tuple(tiles), identities=tuple(identities), ranks=tuple(numbers)
    )
    assert _joker_run_reading(f, frules) == _full_run_reading(f, frules)


def test_check_position_reads_joker_runs_as_the_full_reading() -> None:
    """A table with runs and groups with jokers: ``_check_position`` gives every set as its
    full reading (the same formations, identities included)."""
    for text in ("[R5 J R7] [J B8 B9 B10] [Y1 Y2 Y3]", "[K7 Y7 J] [R9 Y9 B9 K9] [J B1 B2]"):
        table = table_of(text)
        checked = _check_position(table, parse_tiles("R8 Y4"), RULES)
        expected = [
            next(r for r in formation_readings(f.slots(explicit=True), FR) if r.kind is f.kind)
            for f in table
        ]
        assert checked == expected
    (run,) = _check_position(table_of("[J B8 B9 B10]"), [], RULES)
    assert [str(i) for i in run.identities] == ["B7", "B8", "B9", "B10"]


@pytest.mark.parametrize("jokers", [0, 1, 2])
@pytest.mark.parametrize("set_max", [3, 4])
@pytest.mark.parametrize("min_natural", [1, 2, 3])
def test_column_table_holds_valid_formations_of_each_column(
    jokers: int, set_max: int, min_natural: int
) -> None:
    """Every column of the relaxation is, in ``_column_sets``, a formation valid under the
    rules (a reading of its own explicit slots) holding the column's natural tiles and jokers,
    the jokers standing for ``_stood``'s numbers; ``None`` exactly when it has fewer natural
    tiles than ``formation.min_natural_tiles``."""
    rules = MoveRules(set_max_tiles=set_max, min_natural_tiles=min_natural)
    table = _column_sets(jokers, rules)
    columns = _set_columns(jokers, set_max)
    assert list(table) == list(columns)
    for column in columns:
        nat, j, low, is_run = column
        entry = table[column]
        if len(nat) < min_natural:
            assert entry is None
            continue
        assert entry is not None
        _, f = entry
        assert f in formation_readings(f.slots(explicit=True), rules.formation_rules)
        assert f.kind is (Kind.RUN if is_run else Kind.SET)
        assert Counter(f.tiles) == Counter([ALL_TILE_TYPES[t] for t in nat] + [JOLY] * j)
        assert sorted(r for t, r in zip(f.tiles, f.ranks) if t == JOLY) == sorted(_stood(column))


def test_column_table_worked_examples() -> None:
    """The run column of R1 R2 and a joker is ``[R1 R2 J]`` (the joker at the top, R3); the
    group column of 7 in R and Y with a joker is ``[R7 Y7 J]``."""
    table = _column_sets(2, RULES)
    run = table[((0, 1), 1, 1, True)]
    assert run is not None and run[1].text(FR) == "[R1 R2 J]"
    assert [str(i) for i in run[1].identities] == ["R1", "R2", "R3"]
    group = table[((6, 19), 1, 7, False)]
    assert group is not None and group[1].text(FR) == "[R7 Y7 J]"


@pytest.mark.parametrize("objective", ["tiles", "points"])
def test_solution_arrangement_equals_the_arrangement_it_replaces(objective: str) -> None:
    """On the 60 benchmark positions, each whole-move solution of ``Relaxation.best_kept``
    read by ``_solution_arrangement`` is the arrangement ``_Bounds.arrangement`` builds (sets,
    value, sets kept, rack jokers), with the formations ``_formations_of`` builds from it."""
    compared = 0
    for table, rack in _benchmark_corpus():
        old = _check_position(table, rack, RULES)
        relax = _relax(old, rack, points=objective == "points")
        bounds = _Bounds(relax.problem)  # its ``arrangement`` reads the objective only
        _, found, _ = relax.best_kept(
            [_codes_of(f) for f in old], [_joker_numbers([f]) for f in old], 30
        )
        if found is None:
            continue
        solution, indices = found
        kept = [old[i] for i in indices]
        direct = _solution_arrangement(solution, kept, RULES, relax.points, relax.jt + relax.jr)
        full = bounds.arrangement(solution, kept, 1)
        assert direct is not None and full is not None
        assert direct == full  # runs, groups, value, kept, rack jokers (formations not compared)
        assert full.formations is None
        assert direct.formations is not None
        assert list(direct.formations) == _formations_of(full, RULES)
        compared += 1
    assert compared >= 58  # the whole-move search finds a solution in nearly every position


@settings(max_examples=200, deadline=None, derandomize=True)
@given(
    mand=st.lists(st.integers(0, 2), min_size=52, max_size=52),
    opt=st.lists(st.integers(0, 2), min_size=52, max_size=52),
)
def test_every_rack_tile_fits_with_two_jokers(mand: list[int], opt: list[int]) -> None:
    """With two jokers in play every rack tile makes a run of three with them, so the filter
    keeps the whole rack; the run is valid under the rules."""
    assert _filter_playable(mand, opt, 2) == opt
    for code in itertools.compress(range(52), opt):
        number = code % 13 + 1
        slots = [SlotToken(JOLY), SlotToken(JOLY)]
        slots.insert(0 if number <= 11 else 2, SlotToken(ALL_TILE_TYPES[code]))
        assert formation_readings(slots, FR)


def test_key_tells_unchanged_sets() -> None:
    """A run's key is its tiles in order and ranks, a group's its number, natural tiles and
    jokers: a group written in another order, or with its joker stated otherwise, is the same
    set; a run and a group are never the same; a run with its joker moved is another set."""
    run, group = table_of("[R5 R6 R7] [R7 Y7 J]")
    group_again = parse_formation("[Y7 R7 J[B7]]", FR)
    assert _key(group) == _key(group_again)
    assert _key(run) != _key(group)
    moved_a, moved_b = table_of("[J R6 R7] [R6 R7 J]")
    assert _key(moved_a) != _key(moved_b)
    assert _key(run) == (run.tiles, run.ranks)
