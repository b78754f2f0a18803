"""The initial meld (etalare) of the Rummikub best move (internal).

New sets from the rack alone worth ``initial_meld.min_points`` (a joker at the value of the tile
it stands for, or 0: ``initial_meld.joker_value``), the table untouched; with
``initial_meld.manipulate_same_turn``, table play after the meld in the same turn.
"""

from __future__ import annotations

from collections import Counter

import attrs

from remi.core.candidates import candidate_formations
from remi.core.formations import Formation
from remi.core.tiles import JOLY, Tile
from remi.variants.rummikub.solvers._bb import Relaxation
from remi.variants.rummikub.solvers._budget import Budget
from remi.variants.rummikub.solvers._edits import _make_move
from remi.variants.rummikub.solvers._move import Move, MoveRules
from remi.variants.rummikub.solvers._objective import _filter_playable, _most
from remi.variants.rummikub.solvers._problem import MoveProblem, SetProblem
from remi.variants.rummikub.solvers._solve import _solve
from remi.variants.rummikub.solvers._table import (
    _counts,
    _formations_of,
    _meld_points,
    _placed_tiles,
    _table_tiles,
)
from remi.variants.rummikub.solvers._tiebreak import TIE_BREAK_STATES


def _initial_move(
    old: list[Formation],
    rack: list[Tile],
    *,
    points: bool,
    rules: MoveRules,
    budget: Budget | None = None,
    tie_break_states: int = TIE_BREAK_STATES,
) -> Move | None:
    """The best initial meld from ``rack`` onto the table ``old`` (checked sets), then table
    play in the same turn when ``initial_meld.manipulate_same_turn``; ``None`` when no meld
    reaches ``initial_meld.min_points``.

    Raises:
        SolverBudgetExceeded: ``budget`` ran out.
    """
    need = rules.initial_min_points
    measure_is_objective = points and rules.initial_joker_value == "represented"
    rack_counts, jr = _counts(rack)
    sets = SetProblem.of(
        [0] * 52,
        rack_counts,
        table_jokers=0,
        rack_jokers=jr,
        points=points,
        rules=rules,
        meld_threshold=0 if measure_is_objective else need,
    )
    arr = _solve(MoveProblem(sets=sets, rules=rules, tie_break_states=TIE_BREAK_STATES), budget)
    if arr is None or arr.primary == 0:
        return None
    meld = _formations_of(arr, rules)
    if _meld_points(meld, rules) < need:
        return None
    if not rules.manipulate_on_initial_turn:
        placed = list(Counter(_table_tiles(meld)).elements())
        return _make_move(old, list(old) + meld, placed, rules, meld, meld_only=True)
    return _initial_with_table_play(
        old, rack, points=points, rules=rules, budget=budget, tie_break_states=tie_break_states
    )


def _initial_with_table_play(
    old: list[Formation],
    rack: list[Tile],
    *,
    points: bool,
    rules: MoveRules,
    budget: Budget | None = None,
    tie_break_states: int = TIE_BREAK_STATES,
) -> Move | None:
    """Initial meld then table play in the same turn: every minimal meld of the rack worth the
    threshold is tried (unless a bound shows it cannot match the best move found), the rest of
    the rack then played onto the table with the meld (``initial_meld.min_points``, ``initial_meld.manipulate_same_turn``).
    Under points the meld's jokers are solved as rack jokers (placed tiles, valued where they
    go), or as table jokers when that optimum would leave one off the table (docs/solvers.md)."""
    frules = rules.formation_rules
    need = rules.initial_min_points
    cands = sorted(candidate_formations(rack, frules), key=lambda f: (-len(f), str(f)))
    melds: dict[tuple[int, ...], list[Formation]] = {}

    def grow(chosen: list[Formation], left: Counter[Tile], start: int, value: int) -> None:
        if budget is not None:
            budget.charge(1)
        if value >= need:
            key = tuple(sorted(t.code for f in chosen for t in f.tiles))
            melds.setdefault(key, list(chosen))
            return
        for i in range(start, len(cands)):
            f = cands[i]
            use = Counter(f.tiles)
            if use - left:
                continue
            grow(chosen + [f], left - use, i, value + _meld_points([f], rules))

    grow([], Counter(rack), 0, 0)
    # Each meld bounds its move by its own tiles (or numbers, a joker 13) plus what the rest of
    # the rack can add: first every rest tile, then the linear relaxation. Melds are tried from
    # the highest first bound down; one whose bound is below the best move found cannot match
    # it, and the first bound below it ends the search. Equal moves: the smaller meld key wins.
    entries = []
    for key, meld in melds.items():
        meld_tiles = [t for f in meld for t in f.tiles]
        rest = list((Counter(rack) - Counter(meld_tiles)).elements())
        mand, jt = _counts(_table_tiles(old) + meld_tiles)
        rest_counts, jr = _counts(rest)
        rest_counts = _filter_playable(mand, rest_counts, jt + jr)
        own = sum((13 if t.is_joly else t.number) if points else 1 for t in meld_tiles)
        first = own + _most(rest_counts, jr, points)
        sets = SetProblem.of(
            mand, rest_counts, table_jokers=jt, rack_jokers=jr, points=points, rules=rules
        )
        entries.append((first, key, own, meld, meld_tiles, sets))
    entries.sort(key=lambda e: (-e[0], e[1]))
    best: tuple[tuple[int, int], tuple[int, ...], Move] | None = None
    for first, key, own, meld, meld_tiles, sets in entries:
        if best is not None:
            if first < best[0][0]:
                break
            bound = Relaxation(sets).bound()
            if bound is not None and own + bound < best[0][0]:
                continue
        meld_jokers = meld_tiles.count(JOLY) if points else 0
        # Under points the meld's jokers are placed tiles, credited with what they stand for
        # on the new table (``placed_points``): they are solved as rack jokers, so that where
        # they go counts. A solution leaving one off the table is no move (it is on the table
        # already): then they are solved as table jokers, placed but not valued (docs/solvers.md)
        for as_rack in (meld_jokers, 0) if meld_jokers else (0,):
            problem = MoveProblem(
                sets=attrs.evolve(
                    sets,
                    table_jokers=sets.table_jokers - as_rack,
                    rack_jokers=sets.rack_jokers + as_rack,
                ),
                rules=rules,
                old=tuple(old),
                tie_break_states=tie_break_states,
            )
            arr = _solve(problem, budget)
            if arr is None:
                continue  # pragma: no cover - the table plus the meld is an arrangement
            new_sets = _formations_of(arr, rules)
            placed = _placed_tiles(new_sets, old)
            if not Counter(meld_tiles) - Counter(placed):
                break
        else:
            continue  # pragma: no cover - as table jokers the meld is always placed
        move = _make_move(old, new_sets, placed, rules, meld)
        score = (move.points_placed if points else move.tiles_placed, -move.changed_sets)
        if best is None or score > best[0] or (score == best[0] and key < best[1]):
            best = (score, key, move)
    return None if best is None else best[2]
