"""The exact Rummikub best move: the most tiles or points a player can place, table rearranged.

The rules (rule ids of rules/rummikub.toml, described in rules/README.md): runs (suită) with the
1 low only (``run.ace_high`` false), groups (terță) of 3 to ``set.max_tiles`` distinct colours;
the initial meld (etalare): new sets from the rack only worth ``initial_meld.min_points``, a
joker at the value of the tile it stands for (``initial_meld.joker_value``), no table
manipulation that turn unless ``initial_meld.manipulate_same_turn``; after the initial meld every
table tile stays on the table (``turn.table_tiles_kept``) and any rearrangement is allowed; a
joker (joly) on the table may be re-used in a new set (``joker.freed_use``), and in a 3-tile
group it stands for either missing colour (``joker.group_of_three``). Tiles are types with
counts (two copies of each numbered tile, two jokers).

Method (docs/solvers.md, "Rummikub best move"): table tiles mandatory, rack tiles optional;
the objective first, then the number of original table sets kept unchanged (the minimal
disruption of den Hertog & Hulshof, 2006; within the ``tie_break_states`` budget). Two exact
engines: the linear relaxation of den Hertog & Hulshof's integer program solved by HiGHS
(``remi.variants.rummikub.solvers._lp``), with our own branch and bound (``remi.variants.rummikub.solvers._bb``), suffix caps
and refutations of kept sets; and a sweep over the numbers 1..13 as a dynamic program
(``remi.variants.rummikub.solvers._dp``, its steps in ``remi.variants.rummikub.solvers._steps``). The tie-break
(``remi.variants.rummikub.solvers._tiebreak``) searches the collections of original sets largest first, each
refuted by the relaxation or realised.

This module is the entry point: ``best_move``, ``verify_move`` and the values they use
(``MoveRules``, ``Move``, ``SolverBudgetExceeded``, ``TIE_BREAK_STATES``, ``placed_points``).
The parts: the problem values (``remi.variants.rummikub.solvers._problem``), the work budget
(``remi.variants.rummikub.solvers._budget``), reading the table (``remi.variants.rummikub.solvers._table``), the objective
pass (``remi.variants.rummikub.solvers._objective``), the whole move (``remi.variants.rummikub.solvers._solve``), the initial
meld (``remi.variants.rummikub.solvers._initial``), the move in words (``remi.variants.rummikub.solvers._edits``) and the
settling of jokers (``remi.variants.rummikub.solvers._jokers``).

Points: a placed numbered tile counts its number; a placed joker counts the number of the tile it
stands for. When the table already held jokers, the jokers are interchangeable, so the ``k``
jokers placed from the rack are credited with the ``k`` highest numbers stood for by jokers on
the new table (a joker in a group counts the group's number). The points objective maximises
exactly this value, and ``verify_move`` recomputes it the same way. An initial meld without
table play touches no table set, so its jokers are the rack's: there the credit is the numbers
the meld's own jokers stand for (the meld's points, jokers as the tiles they stand for).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from remi.core.errors import IllegalActionError, InvalidFormationError, RemiError
from remi.core.formations import Formation, formation_readings, read_formation
from remi.core.tiles import ALL_TILE_TYPES, Tile, sort_tiles
from remi.variants.rummikub.solvers._budget import Budget, SolverBudgetExceeded
from remi.variants.rummikub.solvers._edits import _make_move
from remi.variants.rummikub.solvers._initial import _initial_move
from remi.variants.rummikub.solvers._jokers import _settle_jokers
from remi.variants.rummikub.solvers._move import DEFAULT_RULES, OBJECTIVES, Move, MoveRules
from remi.variants.rummikub.solvers._problem import MoveProblem, SetProblem
from remi.variants.rummikub.solvers._solve import _solve
from remi.variants.rummikub.solvers._table import (
    _check_position,
    _counts,
    _formations_of,
    _key,
    _meld_points,
    _table_tiles,
    placed_points,
)
from remi.variants.rummikub.solvers._tiebreak import TIE_BREAK_STATES

__all__ = [
    "DEFAULT_RULES",
    "TIE_BREAK_STATES",
    "Move",
    "MoveRules",
    "SolverBudgetExceeded",
    "best_move",
    "placed_points",
    "verify_move",
]


def best_move(
    table: Sequence[Formation],
    rack: Sequence[Tile],
    *,
    initial: bool,
    objective: str = "tiles",
    rules: MoveRules = DEFAULT_RULES,
    max_states: int | None = None,
    budget_seconds: float | None = None,
    tie_break_states: int = TIE_BREAK_STATES,
) -> Move | None:
    """The best move from ``rack`` onto ``table``, exact, jokers included (module docstring: the
    rules it follows, by rule id).

    Args:
        table: the sets on the table (each valid under ``rules``; re-read to check).
        rack: the player's tiles.
        initial: the player has not made his initial meld yet: the move must be an initial meld
            (new sets from the rack alone worth ``initial_meld.min_points``, the table left as
            it is), followed by table play only when ``initial_meld.manipulate_same_turn``.
        objective: ``"tiles"`` (most tiles placed) or ``"points"`` (most points placed).
        rules: the solver's rule parameters (``MoveRules.from_rules(rule_set)``).
        max_states: work budget in state expansions (deterministic: the same position gives
            the same outcome on any machine); None for no limit.
        budget_seconds: wall-clock budget in seconds; None for no limit.
        tie_break_states: work budget of the tie-break in state expansions (within the two
            above): the fewest changed table sets is proved within it, else the move changing
            the fewest sets found so far is returned, still of the best objective value; 0
            skips the tie-break (any optimal move).

    Returns:
        the best ``Move`` (objective first, then fewest original sets changed within
        ``tie_break_states``, then a fixed order), or ``None`` when no rack tile can be played
        (or no initial meld is possible).

    Raises:
        ValueError: an unknown objective.
        InvalidFormationError: a table set that is not valid under ``rules`` (its rule id).
        NotationError: more copies of a tile than the 106-tile set holds.
        SolverBudgetExceeded: a budget ran out before the optimum was proved (rule id
            ``solver.budget``); no possibly non-optimal move is ever returned.
    """
    if objective not in OBJECTIVES:
        raise ValueError(f"objective must be 'tiles' or 'points', got {objective!r}")
    points = objective == "points"
    old = _check_position(table, rack, rules)
    budget = (
        Budget(max_states, budget_seconds)
        if max_states is not None or budget_seconds is not None
        else None
    )
    if initial:
        return _checked(
            old,
            rack,
            _initial_move(
                old,
                list(rack),
                points=points,
                rules=rules,
                budget=budget,
                tie_break_states=tie_break_states,
            ),
            initial=True,
            rules=rules,
        )
    table_counts, table_jokers = _counts(_table_tiles(old))
    rack_counts, rack_jokers = _counts(rack)
    sets = SetProblem.of(
        table_counts,
        rack_counts,
        table_jokers=table_jokers,
        rack_jokers=rack_jokers,
        points=points,
        rules=rules,
    )
    problem = MoveProblem(sets=sets, rules=rules, old=tuple(old), tie_break_states=tie_break_states)
    arr = _solve(problem, budget)
    if arr is None:
        raise InvalidFormationError(  # pragma: no cover - the given table is itself an arrangement
            "the table cannot be arranged", rule_id="formation.kind"
        )
    if arr.primary == 0:
        return None
    new_sets = _formations_of(arr, rules)
    ordering = None
    if tie_break_states > 0:  # the fewest changes asked for: and then the fewest tiles moved
        new_sets, ordering = _settle_jokers(old, new_sets, rules)
    placed = _placed_checked(table_counts, table_jokers, rack_counts, rack_jokers, new_sets)
    return _make_move(old, new_sets, placed, rules, ordering=ordering)


def _placed_checked(
    table_counts: list[int],
    table_jokers: int,
    rack_counts: list[int],
    rack_jokers: int,
    new_sets: list[Formation],
) -> list[Tile]:
    """The tiles the new table ``new_sets`` adds to the old one (``table_counts``,
    ``table_jokers``: ``_counts``), in rack order, after the checks of ``verify_move`` that the
    solver's construction does not guarantee: every old table tile is still on the table, the
    added tiles come from the rack (``rack_counts``, ``rack_jokers``), at least one is added.

    The rest of ``verify_move`` holds by construction, so it is not run again on a move of
    ``best_move`` (a trusted path; ``verify_move`` stays for moves from elsewhere): every set
    is read under the rules (``_formations_of``: ``read_formation``, or a table set
    ``_check_position`` re-read; ``_settle_jokers``: ``formation_readings``), and the move's
    figures are computed from its table and placed tiles by ``_make_move`` the way
    ``verify_move`` recomputes them.

    Raises:
        AssertionError: a table tile missing, a tile not on the rack, or nothing placed (a
            solver bug: the arrangement came from HiGHS's solutions).
    """
    new_counts, new_jokers = _counts(_table_tiles(new_sets))
    new_counts.append(new_jokers)
    old = table_counts + [table_jokers]
    held = rack_counts + [rack_jokers]
    placed: list[Tile] = []
    for code, (now, before) in enumerate(zip(new_counts, old)):
        if now != before:
            if not before < now <= before + held[code]:
                raise AssertionError(
                    f"the move solver's new table holds {now} of {ALL_TILE_TYPES[code]}, the "
                    f"old table {before} and the rack {held[code]}; please report the table "
                    "and the rack"
                )
            placed.extend([ALL_TILE_TYPES[code]] * (now - before))
    if not placed:
        raise AssertionError(  # pragma: no cover - a move worth 0 is None (above)
            "the move solver's move places no tile; please report the table and the rack"
        )
    return placed


def _checked(
    old: Sequence[Formation],
    rack: Sequence[Tile],
    move: Move | None,
    *,
    initial: bool,
    rules: MoveRules,
) -> Move | None:
    """``move``, after ``verify_move`` accepted it (about 0.4 ms): parts of it may come from
    HiGHS's solutions, and a move the verifier refuses must never reach a caller.

    Raises:
        AssertionError: the verifier refused it (a solver bug, with the verifier's reason).
    """
    if move is not None:
        try:
            verify_move(old, rack, move, initial=initial, rules=rules)
        except RemiError as exc:
            raise AssertionError(
                f"the move solver produced a move its verifier refuses: {exc}; please report "
                "the table and the rack"
            ) from exc
    return move


# ---------------------------------------------------------------------------------------------
# Verifying


def verify_move(
    table: Sequence[Formation],
    rack: Sequence[Tile],
    move: Move,
    *,
    initial: bool,
    rules: MoveRules = DEFAULT_RULES,
) -> None:
    """Check ``move`` independently of the solver (the rules of the module docstring).

    Checks that every set of the new table is valid under ``rules``, that the new table holds
    exactly the old table's tiles plus ``move.placed``, that ``move.placed`` comes from the rack,
    that at least one tile is played, that the counts, points and changed sets are right, and
    for an initial meld that the meld is made of placed tiles only, worth the threshold, and
    (unless ``initial_meld.manipulate_same_turn``) that the old sets are untouched.

    Raises:
        InvalidFormationError: a set of the new table is not valid (its rule id).
        IllegalActionError: with rule id ``turn.table_tiles_kept`` (a table tile is missing),
            ``turn.rack_tiles_only`` (a tile not on the rack was added), ``turn.play_or_draw``
            (nothing played), ``initial_meld.min_points``, ``initial_meld.manipulate_same_turn``,
            or ``move.tiles_placed`` / ``move.points_placed`` / ``move.changed_sets`` /
            ``move.meld`` when the move's own figures are wrong.
    """
    frules = rules.formation_rules
    for index, f in enumerate(move.table, 1):
        readings = formation_readings(f.slots(explicit=True), frules)
        if f not in readings:
            read_formation(f.slots(explicit=True), frules)  # raises with the rule id
            raise InvalidFormationError(
                f"set {index} {f.text()} is not read that way under these rules",
                rule_id="joly.identity",
                tiles_text=f.text(),
            )
    old_tiles = Counter(_table_tiles(table))
    new_tiles = Counter(_table_tiles(move.table))
    placed = Counter(move.placed)
    missing = old_tiles - new_tiles
    if missing:
        raise IllegalActionError(
            f"table tiles {' '.join(map(str, sort_tiles(missing.elements())))} are no longer on the table",
            rule_id="turn.table_tiles_kept",
        )
    if new_tiles != old_tiles + placed:  # no table tile is missing (above)
        raise IllegalActionError(
            "the new table is not the old table plus the placed tiles",
            rule_id="turn.rack_tiles_only",
        )
    not_held = placed - Counter(rack)
    if not_held:
        raise IllegalActionError(
            f"{' '.join(map(str, sort_tiles(not_held.elements())))} not on the rack",
            rule_id="turn.rack_tiles_only",
        )
    if not move.placed:
        raise IllegalActionError("no rack tile is played", rule_id="turn.play_or_draw")
    if move.tiles_placed != len(move.placed):
        raise IllegalActionError(
            f"tiles_placed = {move.tiles_placed}, but {len(move.placed)} tiles are placed",
            rule_id="move.tiles_placed",
        )
    meld_only = initial and not rules.manipulate_on_initial_turn
    expected_points = placed_points(move.meld if meld_only else move.table, move.placed)
    if move.points_placed != expected_points:
        raise IllegalActionError(
            f"points_placed = {move.points_placed}, expected {expected_points}",
            rule_id="move.points_placed",
        )
    left = [_key(f) for f in move.table]
    unchanged = 0
    for f in table:
        if _key(f) in left:
            left.remove(_key(f))
            unchanged += 1
    if move.changed_sets != len(table) - unchanged:
        raise IllegalActionError(
            f"changed_sets = {move.changed_sets}, expected {len(table) - unchanged}",
            rule_id="move.changed_sets",
        )
    if initial:
        meld_tiles = Counter(_table_tiles(move.meld))
        if not move.meld or meld_tiles - placed:
            raise IllegalActionError(
                "the initial meld must be new sets of placed tiles", rule_id="move.meld"
            )
        for f in move.meld:
            if f not in formation_readings(f.slots(explicit=True), frules):
                raise IllegalActionError(f"meld set {f.text()} is not valid", rule_id="move.meld")
        value = _meld_points(move.meld, rules)
        if value < rules.initial_min_points:
            raise IllegalActionError(
                f"initial meld totals {value} points, needs {rules.initial_min_points}",
                rule_id="initial_meld.min_points",
            )
        if not rules.manipulate_on_initial_turn:
            if unchanged != len(table) or meld_tiles != placed:
                raise IllegalActionError(
                    "no table set may change in the initial-meld turn",
                    rule_id="initial_meld.manipulate_same_turn",
                )
