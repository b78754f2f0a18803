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
from remi.errors import NotationError, RulesError
from remi.formations import Formation, formation_points
from remi.notation import parse_tiles
from remi.rules import RemiRules, load_rules
from remi.solvers import OpeningPlan, best_opening
from remi.tiles import Tile

__all__ = ["solve_opening"]


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


def _why_none(rack: list[Tile], rules: RemiRules, take: Tile | None) -> str:
    """Explain a missing opening with the rule id: the best shape-valid value, or no shape."""
    relaxed = rules.with_overrides({"opening.min_points": 0})
    assert isinstance(relaxed, RemiRules)
    short = best_opening(rack, relaxed, must_include=take)
    taken = f" using the taken tile {take}" if take is not None else ""
    if short is None:
        if take is not None and best_opening(rack + [take], relaxed) is not None:
            return (
                f"no opening{taken}: the tile fits in no formation of a valid opening "
                "[sir.take_last_for_opening]"
            )
        if not rules.opening_needs_run:
            return f"no opening{taken}: the rack holds no formation [opening.min_points]"
        ones = ", nor a set (terță) of 1s to lay alone" if rules.opening_ones_set_exception else ""
        return f"no opening{taken}: the rack holds no run (suită){ones} [opening.needs_run]"
    return (
        f"no opening{taken}: the best is {short.points} points ({short.text}), needs "
        f"{rules.opening_min_points} [opening.min_points]"
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


@solve_app.command("opening")
@guarded
def solve_opening(
    rack: Annotated[str, typer.Argument(help='The rack, e.g. "R5 R6 R7 R10 Y10 B10 J".')],
    rules: Annotated[str, typer.Option("--rules", help="Preset name or rule file.")] = "remi-pe-tabla",
    set_: Annotated[list[str] | None, typer.Option("--set", help="Override a rule: ID=VALUE.")] = None,
    take: Annotated[
        str | None, typer.Option("--take", help="A tile taken from the șir: added to the rack, must be laid.")
    ] = None,
    json_out: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """The highest-value valid opening (etalare) from RACK, exact (§A.5, Project decisions 4-5).

    Exit 0 when an opening exists, 1 when none does, 2 for bad input. JSON keys: found, points
    (null when none), formations (notation strings), tiles_used, rules, error (why none, with
    the rule id; null when found).
    """
    the_rules = _remi_rules(rules, set_)
    tiles = list(parse_tiles(rack))
    taken = _taken(take)
    plan = best_opening(tiles, the_rules, must_include=taken)
    error = None if plan is not None else _why_none(tiles, the_rules, taken)
    if json_out:
        typer.echo(json.dumps(_as_json(plan, the_rules, error), ensure_ascii=False, indent=2))
    else:
        console = Console(highlight=False, soft_wrap=True)
        if plan is None:
            console.print(error, markup=False)
        else:
            table = Table(title=f"Best opening ({the_rules.name}, needs {the_rules.opening_min_points})")
            table.add_column("formation")
            table.add_column("kind")
            table.add_column("opening points", justify="right")
            for formation in plan.formations:
                points = formation_points(formation, the_rules.opening_points)
                table.add_row(_notation(formation, the_rules), formation.kind.value, str(points))
            table.add_row("total", f"{plan.tiles_used} tiles", str(plan.points), style="bold")
            console.print(table)
    if plan is None:
        raise typer.Exit(EXIT_INVALID)
