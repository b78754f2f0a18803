"""``remi check meld|opening|file``: is it a valid formation, a valid opening; check files."""

from __future__ import annotations

import json
from typing import Annotated, Any

import typer
from rich.markup import escape

from remi.cli.app import EXIT_INVALID, check_app, guarded, parse_set_options
from remi.cli.check_report import report_lines
from remi.cli.completion import RulesOption, SetOption, complete_presets, complete_tiles
from remi.cli.lang import LangOption, letters_console, localized_messages, typed_tiles
from remi.cli.output import JsonOption, NoColorOption, emit, make_console
from remi.cli.vocabulary import error_object, exception_error, formation_object, rules_object
from remi.core.checkfiles import expectation_misses, load_check_file, run_check
from remi.core.dispute_support import meld_report, opening_report
from remi.core.messages import Messages
from remi.core.presets import load_rules
from remi.core.reports import MatchReport, MeldReport, OpeningReport
from remi.core.rulespec import RuleSet

__all__ = ["check_file", "check_meld", "check_opening", "report_json"]


def _rules(name: str, set_: list[str] | None) -> RuleSet:
    """The preset (any family: a plugin family's checks go to its variant's hooks)."""
    return load_rules(name, parse_set_options(set_))


def _reason(report: MeldReport | OpeningReport, m: Messages) -> dict[str, Any] | None:
    """Why a formation or an opening is not valid, as an error object (None when valid)."""
    if report.valid:
        return None
    if isinstance(report, OpeningReport) and report.refusal is not None:
        return exception_error(report.refusal, m)
    return error_object(report.error or "", rule=report.rule)


def report_json(
    report: MeldReport | OpeningReport | MatchReport, rules: RuleSet, m: Messages
) -> dict[str, Any]:
    """The JSON answer of ``remi check meld|opening|file`` (remi/schemas/check.schema.json):
    ``check`` (``"meld"``, ``"opening"`` or ``"match"``), the ``rules``, the verdict, and the
    ``reason`` (an error object with the rule id) when it is not valid."""
    out = _answer(report, m)
    return {"check": out.pop("check"), "rules": rules_object(rules), **out}


def _answer(report: MeldReport | OpeningReport | MatchReport, m: Messages) -> dict[str, Any]:
    if isinstance(report, MeldReport):
        formation = formation_object(report.formation, report.kind) if report.formation else None
        return {
            "check": "meld",
            "valid": report.valid,
            "formation": formation,
            "jokers": list(report.jokers),
            "opening_points": report.opening_points,
            "final_points": report.final_points,
            "readings": list(report.readings),
            "reason": _reason(report, m),
        }
    if isinstance(report, OpeningReport):
        kinds = report.kinds + (None,) * (len(report.formations) - len(report.kinds))
        return {
            "check": "opening",
            "valid": report.valid,
            "points": report.points,
            "formations": [formation_object(t, k) for t, k in zip(report.formations, kinds)],
            "reason": _reason(report, m),
        }
    names = list(report.totals)
    return {
        "check": "match",
        "winner": None
        if report.winner is None
        else {"seat": names.index(report.winner) + 1, "name": report.winner},
        "totals": [
            {"seat": seat, "name": name, "points": points, "lines": None}
            for seat, (name, points) in enumerate(report.totals.items(), start=1)
        ],
        "target_points": report.target_points,
        "reason": error_object(report.reason, rule="match.target_points")
        if report.reason
        else None,
    }


def _report(
    report: MeldReport | OpeningReport | MatchReport,
    rules: RuleSet,
    json_out: bool,
    extra: dict[str, Any] | None = None,
    *,
    exit_on_invalid: bool = True,
    m: Messages,
) -> None:
    """Print a report (plus ``extra`` JSON keys) and exit 1 when it says invalid (or no match
    winner), unless ``exit_on_invalid`` is false."""
    if json_out:
        emit(report_json(report, rules, m) | (extra or {}))
    else:
        out = letters_console(highlight=False)
        for line in report_lines(report, m):
            out.print(line, markup=False, soft_wrap=True)
    if not _ok(report) and exit_on_invalid:
        raise typer.Exit(EXIT_INVALID)


def _spelled(value: Any) -> str:
    """A claimed or found value as the check file would write it: ``true``, ``45``, ``"A"``,
    and ``null`` for none (JSON spelling, the same for TOML's scalars)."""
    return json.dumps(value, ensure_ascii=False)


def _ok(report: MeldReport | OpeningReport | MatchReport) -> bool:
    """The report's verdict: valid (meld, opening), or a match winner found."""
    return report.winner is not None if isinstance(report, MatchReport) else report.valid


@check_app.command("meld")
@guarded
def check_meld(
    tiles: Annotated[
        str,
        typer.Argument(
            help='One formation, e.g. "R3 J R5" or "[K12 K13 K1]".', autocompletion=complete_tiles
        ),
    ],
    rules: RulesOption = "remi-pe-tabla",
    set_: SetOption = None,
    json_out: JsonOption = False,
    lang: LangOption = None,
    no_color: NoColorOption = False,
) -> None:
    """Is it a valid run (suită) or set (terță)? Exit 0 valid, 1 invalid, 2 bad input."""
    the_rules = _rules(rules, set_)
    m = localized_messages(lang)
    _report(meld_report(typed_tiles(tiles, m.lang), the_rules), the_rules, json_out, m=m)


@check_app.command("opening")
@guarded
def check_opening_cmd(
    formations: Annotated[
        str,
        typer.Argument(
            help='Formations, e.g. "[R5 R6 R7] [R10 Y10 B10]".', autocompletion=complete_tiles
        ),
    ],
    rules: RulesOption = "remi-pe-tabla",
    set_: SetOption = None,
    json_out: JsonOption = False,
    lang: LangOption = None,
    no_color: NoColorOption = False,
) -> None:
    """Would these formations make a valid opening (etalare)? Exit 0 valid, 1 invalid, 2 bad input."""
    the_rules = _rules(rules, set_)
    m = localized_messages(lang)
    report = opening_report(typed_tiles(formations, m.lang), the_rules)
    _report(report, the_rules, json_out, m=m)


@check_app.command("file")
@guarded
def check_file(
    file: Annotated[str, typer.Argument(help="Check file (TOML, kind = meld | opening | match).")],
    rules: Annotated[
        str | None,
        typer.Option(
            "--rules", help="Overrides the file's `rules`.", autocompletion=complete_presets
        ),
    ] = None,
    set_: SetOption = None,
    json_out: JsonOption = False,
    lang: LangOption = None,
    no_color: NoColorOption = False,
) -> None:
    """Answer a check file as `check meld` / `check opening` would; a match file prints the winner
    (exit 1 while the match goes on). The file's expect_* claims are compared (not under
    --rules/--set): exit 1 when one does not hold. Exit 2 for a bad file."""
    case = load_check_file(file, rules=rules, overrides=parse_set_options(set_))
    report = run_check(case)
    # the expect_* claims are for the file's own rules: not compared under --rules / --set
    compared = bool(case.expect) and rules is None and not set_
    misses = expectation_misses(case, report) if compared else []
    extra: dict[str, Any] = {}
    if compared and json_out:
        found = {miss[0]: miss[2] for miss in misses}
        extra = {
            "expect": [
                {
                    "claim": key,
                    "expected": wanted,
                    "got": found.get(f"expect_{key}", wanted),
                    "met": f"expect_{key}" not in found,
                }
                for key, wanted in case.expect.items()
            ],
            "expect_met": not misses,
        }
    m = localized_messages(lang)
    _report(report, case.rules, json_out, extra, exit_on_invalid=False, m=m)
    if not json_out and case.expect:
        out = make_console(highlight=False, soft_wrap=True)
        if not compared:
            out.print(m("check.expect.not_compared"), markup=False)
        for key, wanted in case.expect.items():
            missed = next((m for m in misses if m[0] == f"expect_{key}"), None)
            if missed is None:
                verdict = "[green]" + escape(m("score.expect.met")) + "[/]"
            else:
                differs = m("check.expect.differs", got=_spelled(missed[2]))
                verdict = "[red]" + escape(differs) + "[/]"
            out.print(f"expect_{key} = {escape(_spelled(wanted))}: {verdict}")
    if misses or not _ok(report):
        raise typer.Exit(EXIT_INVALID)


check_opening = check_opening_cmd
