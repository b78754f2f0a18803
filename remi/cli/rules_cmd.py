"""``remi rules list|show|diff``: the presets and every rule id with its value and meaning."""

from __future__ import annotations

import json
from typing import Annotated, Any

import typer
from rich.markup import escape
from rich.table import Table

from remi.cli.app import guarded, rules_app
from remi.cli.completion import complete_presets
from remi.cli.lang import LangOption, localized_messages
from remi.cli.output import JsonOption, NoColorOption, emit, make_console
from remi.cli.vocabulary import jsonable, rules_object
from remi.core.messages import N_, Messages
from remi.core.presets import list_presets, load_rules
from remi.core.rulespec import RuleSet, rule_specs

__all__ = ["rules_diff", "rules_list", "rules_show"]


def _fmt(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


@rules_app.command("list")
@guarded
def rules_list(
    json_out: JsonOption = False,
    lang: LangOption = None,
    no_color: NoColorOption = False,
) -> None:
    """List the rule presets found, with their family and description."""
    rows = []
    for name in list_presets():
        r = load_rules(name)
        rows.append({"name": name, "family": r.family, "description": r.description})
    if json_out:
        emit(
            {
                "presets": [
                    {"preset": row["name"], "family": row["family"], "text": row["description"]}
                    for row in rows
                ]
            }
        )
        return
    m = localized_messages(lang)
    table = Table(title=escape(m("rules.presets")))
    for col in (N_("rules.col.preset"), N_("rules.col.family"), N_("rules.col.description")):
        table.add_column(m(col))
    for row in rows:
        table.add_row(row["name"], row["family"], _description(m, row["name"], row["description"]))
    make_console().print(table)


def _specs_of(sets: list[RuleSet]) -> list[Any]:
    seen: dict[str, Any] = {}
    for rs in sets:
        for spec in rule_specs(type(rs)):
            seen.setdefault(spec.rule_id, spec)
    return list(seen.values())


@rules_app.command("show")
@guarded
def rules_show(
    preset: Annotated[
        str,
        typer.Argument(help="Preset name or rule file path.", autocompletion=complete_presets),
    ],
    json_out: JsonOption = False,
    lang: LangOption = None,
    no_color: NoColorOption = False,
) -> None:
    """Show every rule id of a preset with its value and one-line meaning."""
    rules = load_rules(preset)
    m = localized_messages(lang)
    if json_out:
        emit(
            {
                "rules": rules_object(rules),
                "text": rules.description,
                "values": [
                    {
                        "rule": spec.rule_id,
                        "value": jsonable(getattr(rules, spec.field_name)),
                        "meaning": str(spec.meaning),
                        "text": _meaning(m, rules.family, spec),
                    }
                    for spec in rule_specs(type(rules))
                ],
            }
        )
        return
    description = _description(m, rules.name, rules.description)
    table = Table(title=escape(f"{rules.name} ({rules.family}): {description}"))
    table.add_column(m("rules.col.id"), no_wrap=True)  # the ids are what --set needs: never cut
    table.add_column(m("rules.col.value"))
    table.add_column(m("rules.col.meaning"))
    for spec in rule_specs(type(rules)):
        value = _fmt(getattr(rules, spec.field_name))
        table.add_row(spec.rule_id, escape(value), escape(_meaning(m, rules.family, spec)))
    make_console().print(table)


def _description(m: Messages, name: str, text: str) -> str:
    """A preset's description in the language of ``m`` when it is the shipped preset's text
    (the ``rules`` catalogue, ``preset.NAME``); a rule file of one's own keeps its text."""
    key = f"preset.{name}"
    try:
        shipped = Messages("en")(key)
    except KeyError:
        return text
    return m(key) if shipped == text else text


def _meaning(m: Messages, family: str, spec: Any) -> str:
    """The meaning of a rule in the language of ``m`` (the ``rules`` catalogue; a plugin
    family's rules outside it keep their English meaning)."""
    try:
        return m(f"rule.{family}.{spec.rule_id}")
    except KeyError:
        return str(spec.meaning)


def _family_of(sets: list[RuleSet], spec: Any) -> str:
    """The family of the first rule set that has the rule ``spec``."""
    return next(rs.family for rs in sets if hasattr(rs, spec.field_name))


@rules_app.command("diff")
@guarded
def rules_diff(
    presets: Annotated[
        list[str],
        typer.Argument(
            help="Two or more preset names or rule files.", autocompletion=complete_presets
        ),
    ],
    all_rules: Annotated[bool, typer.Option("--all", help="Show equal rules too.")] = False,
    json_out: JsonOption = False,
    lang: LangOption = None,
    no_color: NoColorOption = False,
) -> None:
    """Compare presets rule by rule; differing rule ids are highlighted (`--all` shows every id)."""
    if len(presets) < 2:
        from remi.cli.app import fail_message

        fail_message(N_("cli.error.diff_two"), field="presets")
    m = localized_messages(lang)
    sets = [load_rules(p) for p in presets]
    rows = []
    for spec in _specs_of(sets):
        values = [getattr(rs, spec.field_name, None) for rs in sets]
        differs = len({json.dumps(v) for v in values}) > 1
        rows.append((spec, values, differs))
    if json_out:
        out = {
            "presets": [rules_object(rs) for rs in sets],
            "values": [
                {
                    "rule": s.rule_id,
                    "values": [
                        {"preset": rs.name, "value": jsonable(value)} for rs, value in zip(sets, v)
                    ],
                    "differs": d,
                    "meaning": str(s.meaning),
                    "text": _meaning(m, _family_of(sets, s), s),
                }
                for s, v, d in rows
                if d or all_rules
            ],
        }
        emit(out)
        return
    if not all_rules and not any(differs for _, _, differs in rows):
        names = ", ".join(rs.name for rs in sets)
        make_console(highlight=False, soft_wrap=True).print(
            m("rules.no_differences", names=names), markup=False
        )
        return
    title = m("rules.differences") if not all_rules else m("rules.side_by_side")
    table = Table(title=escape(title))
    table.add_column(m("rules.col.id"), no_wrap=True)
    for rs in sets:
        table.add_column(rs.name)
    table.add_column(m("rules.col.meaning"))
    for spec, values, differs in rows:
        if not differs and not all_rules:
            continue
        style = "bold yellow" if differs else ""
        family = _family_of(sets, spec)
        table.add_row(
            spec.rule_id,
            *["—" if v is None else escape(_fmt(v)) for v in values],
            escape(_meaning(m, family, spec)),
            style=style,
        )
    make_console().print(table)
