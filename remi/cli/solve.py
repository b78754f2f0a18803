"""``remi solve opening``: the best opening (etalare) that can be laid from a rack.

Exit codes: 0 an opening was found, 1 no valid opening exists (still a correct answer, like
``remi check`` saying "invalid"), 2 bad input (a bad tile token, an unknown preset or rule id).
"""

from __future__ import annotations

import json
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from remi.cli.app import EXIT_INVALID, fail, guarded, parse_set_options, solve_app
from remi.cli.lang import LangOption, localized_messages
from remi.core.errors import NotationError, Reason, RulesError
from remi.core.formations import Formation, formation_points
from remi.core.messages import N_, NP_
from remi.core.notation import parse_tiles
from remi.core.presets import load_rules
from remi.core.tiles import Tile
from remi.variants.remi_pe_tabla.rules import RemiRules
from remi.variants.remi_pe_tabla.solvers import OpeningPlan, best_opening

__all__ = ["solve_opening"]


#: The formation kinds as the table shows them.
_KINDS = {"run": N_("solve.kind.run"), "set": N_("solve.kind.set")}


def _remi_rules(name: str, set_: list[str] | None) -> RemiRules:
    rules = load_rules(name, parse_set_options(set_))
    if not isinstance(rules, RemiRules):
        raise RulesError(
            f"--rules: preset {name!r} is of family {rules.family!r}; remi solve opening needs a Remi preset",
            key="rules",
            value=name,
        )
    return rules


def _taken(text: str | None) -> Tile | None:
    if text is None:
        return None
    try:
        tiles = parse_tiles(text)
    except NotationError as exc:
        fail(f"--take: {exc}")
    if len(tiles) != 1:
        fail(f"--take expects exactly one tile, got {text!r}")
    return tiles[0]


def _why_none(rack: list[Tile], rules: RemiRules, take: Tile | None) -> Reason:
    """Explain a missing opening with the rule id: the best shape-valid value, or no shape."""
    relaxed = rules.with_overrides({"opening.min_points": 0})
    assert isinstance(relaxed, RemiRules)
    short = best_opening(rack, relaxed, must_include=take)
    taken: Reason | str = Reason(N_("solve.none.taken"), tile=take) if take is not None else ""
    if short is None:
        if take is not None and best_opening(rack + [take], relaxed) is not None:
            return Reason(N_("solve.none.take_fits_nowhere"), taken=taken)
        if not rules.opening_needs_run:
            return Reason(N_("solve.none.no_formation"), taken=taken)
        if rules.opening_ones_set_exception:
            return Reason(N_("solve.none.no_run_or_ones"), taken=taken)
        return Reason(N_("solve.none.no_run"), taken=taken)
    return Reason(
        N_("solve.none.short"),
        taken=taken,
        points=Reason(NP_("solve.points"), short.points),
        formations=short.text,
        needs=rules.opening_min_points,
    )


def _notation(formation: Formation, rules: RemiRules) -> str:
    return formation.text(rules.formation_rules)


def _as_json(plan: OpeningPlan | None, rules: RemiRules, error: str | None) -> dict[str, Any]:
    return {
        "found": plan is not None,
        "points": plan.points if plan else None,
        "formations": [_notation(f, rules) for f in plan.formations] if plan else [],
        "tiles_used": plan.tiles_used if plan else 0,
        "rules": rules.name,
        "error": error,
    }


MAX_OPENING_RACK = 40
"""Most rack tiles ``remi solve opening`` takes (a 60-tile rack takes ~0.4 s, 70 tiles ~40 s)."""


@solve_app.command("opening")
@guarded
def solve_opening(
    rack: Annotated[str, typer.Argument(help='The rack, e.g. "R5 R6 R7 R10 Y10 B10 J".')],
    rules: Annotated[
        str, typer.Option("--rules", help="Preset name or rule file.")
    ] = "remi-pe-tabla",
    set_: Annotated[
        list[str] | None, typer.Option("--set", help="Override a rule: ID=VALUE.")
    ] = None,
    take: Annotated[
        str | None,
        typer.Option("--take", help="A tile taken from the șir: added to the rack, must be laid."),
    ] = None,
    json_out: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
    lang: LangOption = None,
) -> None:
    """The highest-value valid opening (etalare) from RACK, exact (docs/rules.md §1.5, §1.7).

    Exit 0 when an opening exists, 1 when none does, 2 for bad input. JSON keys: found, points
    (null when none), formations (notation strings), tiles_used, rules, error (why none, with
    the rule id; null when found).
    """
    m = localized_messages(lang)
    the_rules = _remi_rules(rules, set_)
    tiles = list(parse_tiles(rack))
    if len(tiles) > MAX_OPENING_RACK:
        fail(
            f"the rack holds {len(tiles)} tiles; solve opening takes at most {MAX_OPENING_RACK} "
            "(a dealt rack holds 14-15, a șir break adds a few; beyond, the search time explodes)"
        )
    taken = _taken(take)
    plan = best_opening(tiles, the_rules, must_include=taken)
    why = _why_none(tiles, the_rules, taken) if plan is None else None
    error = None if why is None else str(why)
    if json_out:
        typer.echo(json.dumps(_as_json(plan, the_rules, error), ensure_ascii=False, indent=2))
    else:
        console = Console(highlight=False, soft_wrap=True)
        if plan is None:
            console.print(why.render(m) if why is not None else "", markup=False)
        else:
            table = Table(
                title=m(
                    "solve.best_opening",
                    rules=the_rules.name,
                    needs=the_rules.opening_min_points,
                )
            )
            table.add_column(m("solve.col.formation"))
            table.add_column(m("solve.col.kind"))
            table.add_column(m("solve.col.points"), justify="right")
            for formation in plan.formations:
                points = formation_points(formation, the_rules.opening_points)
                kind = m(_KINDS[formation.kind.value])
                table.add_row(_notation(formation, the_rules), kind, str(points))
            used = m.plural("solve.tiles", plan.tiles_used)
            table.add_row(m("solve.total"), used, str(plan.points), style="bold")
            console.print(table)
    if plan is None:
        raise typer.Exit(EXIT_INVALID)


# ---------------------------------------------------------------------------------------------
# remi solve move (Rummikub)


def _move_rules(name: str, set_: list[str] | None) -> Any:
    """The ``MoveRules`` of a Rummikub-family preset (or rule file) with ``--set`` overrides."""
    from remi.variants.rummikub.solvers.best_move import MoveRules

    rules = load_rules(name, parse_set_options(set_))
    if rules.family != "rummikub":
        raise RulesError(
            f"--rules: preset {name!r} is of family {rules.family!r}; remi solve move needs a "
            "Rummikub-family preset (rummikub, myrummy, myrummy-small)",
            key="rules",
            value=name,
        )
    return MoveRules.from_rules(rules)


def _move_json(move: Any, frules: Any) -> dict[str, Any]:
    return {
        "tiles_placed": move.tiles_placed,
        "points_placed": move.points_placed,
        "placed": [str(t) for t in move.placed],
        "table": [f.text(frules) for f in move.table],
        "edits": list(move.edits),
        "changed_sets": move.changed_sets,
        "meld": [f.text(frules) for f in move.meld],
    }


@solve_app.command("move")
@guarded
def solve_move(
    table: Annotated[
        str, typer.Option("--table", help='The table sets, e.g. "[R5 R6 R7] [Y9 B9 K9]".')
    ] = "",
    rack: Annotated[str, typer.Option("--rack", help='The rack, e.g. "R8 Y7 B7 J".')] = "",
    rules: Annotated[
        str, typer.Option("--rules", help="Rummikub-family preset or rule file.")
    ] = "rummikub",
    set_: Annotated[
        list[str] | None, typer.Option("--set", help="Override a rule: ID=VALUE.")
    ] = None,
    initial: Annotated[
        bool, typer.Option("--initial", help="The player has not made his initial meld yet.")
    ] = False,
    objective: Annotated[
        str, typer.Option("--objective", help="tiles (most tiles) or points (most points).")
    ] = "tiles",
    json_out: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
    budget_seconds: Annotated[
        float,
        typer.Option(
            "--budget-seconds", help="Give up (exit 1) after this many seconds (more than 0)."
        ),
    ] = 10.0,
    lang: LangOption = None,
) -> None:
    """The best Rummikub move: most tiles (or points) from --rack onto --table, exact
    (docs/rules.md §2.4–§2.7).

    Among equally good moves, the one changing the fewest table sets. Exit 0 when a move
    exists, 1 when no rack tile can be played (or no initial meld reaches the threshold) or when
    the solver could not prove the optimum within --budget-seconds, 2 for bad input. JSON keys:
    found, tiles_placed, points_placed, placed, table, edits, changed_sets, meld; error when
    found is false.
    """
    from remi.core.formations import read_formation
    from remi.core.notation import parse_formations_text
    from remi.variants.rummikub.solvers.best_move import SolverBudgetExceeded, best_move

    m = localized_messages(lang)
    if objective not in ("tiles", "points"):
        fail(f"--objective must be tiles or points, got {objective!r}")
    if not budget_seconds > 0:  # nan too
        fail(f"--budget-seconds must be more than 0, got {budget_seconds:g}")
    move_rules = _move_rules(rules, set_)
    frules = move_rules.formation_rules
    sets = (
        [read_formation(slots, frules) for slots in parse_formations_text(table)]
        if table.strip()
        else []
    )
    tiles = list(parse_tiles(rack))
    if not tiles:
        fail('--rack is empty: give the rack tiles, e.g. --rack "R8 Y7 J"')
    try:
        move = best_move(
            sets,
            tiles,
            initial=initial,
            objective=objective,
            rules=move_rules,
            budget_seconds=budget_seconds,
        )
    except SolverBudgetExceeded as exc:
        why = (
            f"no proven best move within --budget-seconds {budget_seconds:g} ({exc.states} states "
            f"explored); raise --budget-seconds to search longer"
        )
        if json_out:  # a JSON reader gets JSON: found false and the reason
            typer.echo(json.dumps({"found": False, "error": why}, ensure_ascii=False, indent=2))
            raise typer.Exit(EXIT_INVALID) from None
        fail(why, EXIT_INVALID)
    if json_out:
        payload: dict[str, Any] = (
            _move_json(move, frules)
            if move is not None
            else {
                "tiles_placed": 0,
                "points_placed": 0,
                "placed": [],
                "table": [f.text(frules) for f in sets],
                "edits": [],
                "changed_sets": 0,
                "meld": [],
                "error": (
                    "no initial meld reaches the threshold"
                    if initial
                    else "no rack tile can be played"
                ),
            }
        )
        payload["found"] = move is not None
        typer.echo(json.dumps(payload, ensure_ascii=False, indent=2))
    else:
        console = Console(highlight=False, soft_wrap=True)
        if move is None:
            what = m("solve.no_initial") if initial else m("solve.no_play")
            console.print(what, markup=False)
        else:
            console.print(
                m(
                    "solve.move",
                    tiles=m.plural("solve.tiles", move.tiles_placed),
                    points=m.plural("solve.points", move.points_placed),
                    placed=" ".join(map(str, move.placed)),
                    sets=m.plural("solve.changed_sets", move.changed_sets),
                ),
                markup=False,
            )
            for edit in move.edits:
                console.print(f"  {edit}", markup=False)
            shown = " ".join(f.text(frules) for f in move.table)
            console.print(m("solve.table", table=shown), markup=False)
    if move is None:
        raise typer.Exit(EXIT_INVALID)
