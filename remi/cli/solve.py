"""``remi solve opening``: the best opening (etalare) that can be laid from a rack.

Exit codes: 0 an opening was found, 1 no valid opening exists (still a correct answer, like
``remi check`` saying "invalid"), 2 bad input (a bad tile token, an unknown preset or rule id).
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Any

import attrs
import typer
from rich.markup import escape
from rich.table import Table

from remi.cli.app import EXIT_INVALID, fail, fail_message, guarded, parse_set_options, solve_app
from remi.cli.completion import SetOption, complete_presets, complete_tiles
from remi.cli.lang import LangOption, letters_console, localized_messages, typed_tiles
from remi.cli.output import JsonOption, NoColorOption, emit
from remi.cli.vocabulary import error_object, formation_object, rules_object
from remi.core.errors import NotationError, Reason, RulesError, Told, reason_of
from remi.core.formations import Formation, formation_points
from remi.core.messages import N_, NP_, Messages
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
        raise RulesError.from_id(
            N_("cli.error.solve_needs_remi"),
            fields={"key": "rules", "value": name},
            name=repr(name),
            family=repr(rules.family),
        )
    return rules


def _taken(text: str | None) -> Tile | None:
    if text is None:
        return None
    try:
        tiles = parse_tiles(text)
    except NotationError as exc:
        from remi.cli.messages import messages
        from remi.cli.output import requested_language

        reason = Reason(N_("cli.error.take_bad"), why=reason_of(exc))
        shown = reason.render(messages(requested_language()))
        fail(
            escape(str(reason)),
            shown=escape(shown),
            text=shown,
            message_id=reason.message_id,
            params={"why": str(exc)},
            field="--take",
            token=exc.token,
        )
    if len(tiles) != 1:
        fail_message(N_("cli.error.take_one"), field="--take", got=repr(text))
    return tiles[0]


@attrs.frozen(kw_only=True)
class NoOpening:
    """Why a rack holds no opening (etalare): the catalogue message, its parameters (``count``
    for the plural one) and the rule id, with the taken tile when ``--take`` gave one."""

    message_id: str
    rule: str
    take: Tile | None = None
    params: dict[str, object] = attrs.field(factory=dict)

    def told(self, m: Messages) -> str:
        """The reason in the language of ``m``: "no opening[ using the taken tile T]: WHY [RULE]"."""
        head = (
            m("cli.solve.no_opening")
            if self.take is None
            else m("cli.solve.no_opening.taken", tile=str(self.take))
        )
        params = dict(self.params)
        count = params.pop("count", None)
        why = (
            m(self.message_id, **params)
            if count is None
            else m.plural(self.message_id, int(str(count)), **params)
        )
        return f"{head}: {why} [{self.rule}]"

    def as_error(self, m: Messages) -> dict[str, Any]:
        """The error object of the reason (English message, text in the language of ``m``)."""
        params = dict(self.params) | ({"tile": str(self.take)} if self.take is not None else {})
        return error_object(
            self.told(Messages("en")),
            text=self.told(m),
            message_id=self.message_id,
            params=params,
            rule=self.rule,
        )


def _why_none(rack: list[Tile], rules: RemiRules, take: Tile | None) -> NoOpening:
    """Explain a missing opening with the rule id: the best shape-valid value, or no shape."""
    relaxed = rules.with_overrides({"opening.min_points": 0})
    assert isinstance(relaxed, RemiRules)
    short = best_opening(rack, relaxed, must_include=take)
    if short is None:
        if take is not None and best_opening(rack + [take], relaxed) is not None:
            return NoOpening(
                message_id=N_("cli.solve.no_opening.tile_fits_nowhere"),
                rule="sir.take_last_for_opening",
                take=take,
            )
        if not rules.opening_needs_run:
            return NoOpening(
                message_id=N_("cli.solve.no_opening.no_formation"),
                rule="opening.min_points",
                take=take,
            )
        key = (
            N_("cli.solve.no_opening.no_run_nor_ones")
            if rules.opening_ones_set_exception
            else N_("cli.solve.no_opening.no_run")
        )
        return NoOpening(message_id=key, rule="opening.needs_run", take=take)
    return NoOpening(
        message_id=NP_("cli.solve.no_opening.too_few"),
        rule="opening.min_points",
        take=take,
        params={"count": short.points, "formations": short.text, "needs": rules.opening_min_points},
    )


def _notation(formation: Formation, rules: RemiRules) -> str:
    return formation.text(rules.formation_rules)


def _as_json(
    plan: OpeningPlan | None, rules: RemiRules, error: NoOpening | None, m: Messages
) -> dict[str, Any]:
    """The JSON of ``remi solve opening`` (remi/schemas/solve-opening.schema.json)."""
    formations = [
        formation_object(
            _notation(f, rules), f.kind.value, formation_points(f, rules.opening_points)
        )
        for f in (plan.formations if plan else ())
    ]
    return {
        "found": plan is not None,
        "rules": rules_object(rules),
        "points": plan.points if plan else None,
        "formations": formations,
        "tiles_used": plan.tiles_used if plan else 0,
        "reason": None if error is None else error.as_error(m),
    }


MAX_OPENING_RACK = 40
"""Most rack tiles ``remi solve opening`` takes (a 60-tile rack takes ~0.4 s, 70 tiles ~40 s)."""


@solve_app.command("opening")
@guarded
def solve_opening(
    rack: Annotated[
        str,
        typer.Argument(
            help='The rack, e.g. "R5 R6 R7 R10 Y10 B10 J".', autocompletion=complete_tiles
        ),
    ],
    rules: Annotated[
        str,
        typer.Option("--rules", help="Preset name or rule file.", autocompletion=complete_presets),
    ] = "remi-pe-tabla",
    set_: SetOption = None,
    take: Annotated[
        str | None,
        typer.Option(
            "--take",
            help="A tile taken from the șir: added to the rack, must be laid.",
            autocompletion=complete_tiles,
        ),
    ] = None,
    json_out: JsonOption = False,
    lang: LangOption = None,
    no_color: NoColorOption = False,
) -> None:
    """The highest-value valid opening (etalare) from RACK, exact (docs/rules.md §1.5, §1.7).

    Exit 0 when an opening exists, 1 when none does, 2 for bad input. JSON keys (docs/cli.md):
    found, rules, points (null when none), formations, tiles_used, reason (why none, with the
    rule id; null when found).
    """
    m = localized_messages(lang)
    the_rules = _remi_rules(rules, set_)
    tiles = list(parse_tiles(typed_tiles(rack, m.lang)))
    if not tiles:  # bad input, not "no opening": there is no rack to look in
        fail_message(N_("cli.error.opening_rack_empty"), field="rack")
    if len(tiles) > MAX_OPENING_RACK:
        fail_message(
            N_("cli.error.rack_too_long"), field="rack", tiles=len(tiles), most=MAX_OPENING_RACK
        )
    taken = _taken(None if take is None else typed_tiles(take, m.lang))
    plan = best_opening(tiles, the_rules, must_include=taken)
    error = None if plan is not None else _why_none(tiles, the_rules, taken)
    if json_out:
        emit(_as_json(plan, the_rules, error, localized_messages(lang)))
    else:
        console = letters_console(highlight=False, soft_wrap=True)
        if plan is None:
            assert error is not None  # no plan: a reason
            console.print(error.told(m), markup=False)
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


def _move_rules(name: str, set_: list[str] | None) -> tuple[Any, Any]:
    """The rules and ``MoveRules`` of a Rummikub-family preset (or rule file) with ``--set``
    overrides."""
    from remi.variants.rummikub.solvers.best_move import MoveRules

    rules = load_rules(name, parse_set_options(set_))
    if rules.family != "rummikub":
        raise RulesError.from_id(
            N_("cli.error.solve_needs_rummikub"),
            fields={"key": "rules", "value": name},
            name=repr(name),
            family=repr(rules.family),
        )
    return rules, MoveRules.from_rules(rules)


class Objective(StrEnum):
    """What ``remi solve move`` maximises: the tiles placed, or their points."""

    tiles = "tiles"
    points = "points"


def _formations(formations: Any, frules: Any) -> list[dict[str, Any]]:
    return [formation_object(f.text(frules), f.kind.value) for f in formations]


def _move_json(
    move: Any, sets: Any, rules: Any, frules: Any, reason: dict[str, Any] | None
) -> dict[str, Any]:
    """The JSON of ``remi solve move`` (remi/schemas/solve-move.schema.json); ``move`` None:
    nothing found, the table as given and the ``reason``."""
    return {
        "found": move is not None,
        "rules": rules_object(rules),
        "tiles_placed": move.tiles_placed if move else 0,
        "points_placed": move.points_placed if move else 0,
        "placed": [str(t) for t in move.placed] if move else [],
        "table": _formations(move.table if move else sets, frules),
        "edits": list(move.edits) if move else [],
        "changed_sets": move.changed_sets if move else 0,
        "meld": _formations(move.meld, frules) if move else [],
        "reason": reason,
    }


def _no_move(initial: bool, m: Messages) -> dict[str, Any]:
    """Why no move exists: no rack tile can be played, or no initial meld reaches the
    threshold (``initial_meld.min_points``), as an error object in the language of ``m``."""
    key = N_("cli.solve.no_initial") if initial else N_("cli.solve.no_move")
    return error_object(
        Messages("en")(key),
        text=m(key),
        message_id=key,
        rule="initial_meld.min_points" if initial else None,
    )


@solve_app.command("move")
@guarded
def solve_move(
    table: Annotated[
        str,
        typer.Option(
            "--table",
            help='The table sets, e.g. "[R5 R6 R7] [Y9 B9 K9]".',
            autocompletion=complete_tiles,
        ),
    ] = "",
    rack: Annotated[
        str,
        typer.Option("--rack", help='The rack, e.g. "R8 Y7 B7 J".', autocompletion=complete_tiles),
    ] = "",
    rules: Annotated[
        str,
        typer.Option(
            "--rules",
            help="Rummikub-family preset or rule file.",
            autocompletion=complete_presets,
        ),
    ] = "rummikub",
    set_: SetOption = None,
    initial: Annotated[
        bool, typer.Option("--initial", help="The player has not made his initial meld yet.")
    ] = False,
    objective: Annotated[
        Objective,
        typer.Option("--objective", help="tiles (most tiles) or points (most points)."),
    ] = Objective.tiles,
    json_out: JsonOption = False,
    budget_seconds: Annotated[
        float,
        typer.Option(
            "--budget-seconds", help="Give up (exit 1) after this many seconds (more than 0)."
        ),
    ] = 10.0,
    position: Annotated[
        str,
        typer.Option(
            "--position",
            help="A Rummikub position (docs/notation.md) instead of --table, --rack, --rules, --initial.",
        ),
    ] = "",
    lang: LangOption = None,
    no_color: NoColorOption = False,
) -> None:
    """The best Rummikub move: most tiles (or points) from --rack onto --table, exact
    (docs/rules.md §2.4–§2.7); or for the player to act in --position.

    Among equally good moves, the one changing the fewest table sets. Exit 0 when a move
    exists, 1 when no rack tile can be played (or no initial meld reaches the threshold) or when
    the solver could not prove the optimum within --budget-seconds, 2 for bad input. JSON keys
    (docs/cli.md): found, rules, tiles_placed, points_placed, placed, table, edits,
    changed_sets, meld, reason (why nothing was found; null when found).
    """
    from remi.core.formations import read_formation
    from remi.core.notation import parse_formations_text
    from remi.variants.rummikub.solvers.best_move import SolverBudgetExceeded, best_move

    m = localized_messages(lang)
    if not budget_seconds > 0:  # nan too
        fail_message(N_("cli.error.budget"), field="--budget-seconds", value=f"{budget_seconds:g}")
    if position:
        from remi.variants.rummikub.position import move_problem
        from remi.variants.rummikub.solvers.best_move import MoveRules

        the_rules, table, rack, initial = move_problem(position)
        move_rules = MoveRules.from_rules(the_rules)
    else:
        the_rules, move_rules = _move_rules(rules, set_)
    frules = move_rules.formation_rules
    table, rack = typed_tiles(table, m.lang), typed_tiles(rack, m.lang)
    sets = (
        [read_formation(slots, frules) for slots in parse_formations_text(table)]
        if table.strip()
        else []
    )
    tiles = list(parse_tiles(rack))
    if not tiles:
        fail_message(N_("cli.error.rack_empty"), field="--rack")
    try:
        move = best_move(
            sets,
            tiles,
            initial=initial,
            objective=Objective(objective).value,
            rules=move_rules,
            budget_seconds=budget_seconds,
        )
    except SolverBudgetExceeded as exc:
        budget: dict[str, object] = {"seconds": f"{budget_seconds:g}", "states": exc.states}
        if json_out:  # a JSON reader gets JSON: found false and the reason
            key = N_("solve.error.budget")
            reason = error_object(
                Messages("en")(key, **budget),
                text=m(key, **budget),
                message_id=key,
                params=budget,
                field="--budget-seconds",
            )
            emit(_move_json(None, sets, the_rules, frules, reason))
            raise typer.Exit(EXIT_INVALID) from None
        fail_message(
            N_("solve.error.budget"),
            EXIT_INVALID,
            field="--budget-seconds",
            seconds=budget["seconds"],
            states=exc.states,
        )
    none = _no_move(initial, localized_messages(lang))
    if json_out:
        emit(_move_json(move, sets, the_rules, frules, None if move is not None else none))
    else:
        console = letters_console(highlight=False, soft_wrap=True)
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
                told = edit.render(m) if isinstance(edit, Told) else edit
                console.print(f"  {told}", markup=False)
            shown = " ".join(f.text(frules) for f in move.table)
            console.print(m("solve.table", table=shown), markup=False)
    if move is None:
        raise typer.Exit(EXIT_INVALID)
