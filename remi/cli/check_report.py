"""The text of a ``remi check`` report: one ``label: value`` line per key of the report, in the
command's language (``valid: true`` / ``validă: da``), without typer or rich, so that
``remi.cli.quick_check`` prints the same lines as ``remi.cli.check``."""

from __future__ import annotations

from typing import Any

from remi.core.errors import Told
from remi.core.messages import N_, Messages
from remi.core.reports import MatchReport, MeldReport, OpeningReport

__all__ = ["report_lines"]

_ROMANIAN = {"run": "suită", "set": "terță"}  # the kind shown with its Romanian term
#: The label of each report key (the JSON keys stay as they are).
_LABELS: dict[str, str] = {
    "valid": N_("check.key.valid"),
    "kind": N_("check.key.kind"),
    "formation": N_("check.key.formation"),
    "formations": N_("check.key.formations"),
    "opening_points": N_("check.key.opening_points"),
    "final_points": N_("check.key.final_points"),
    "points": N_("check.key.points"),
    "jokers": N_("check.key.jokers"),
    "reason": N_("check.key.reason"),
    "rule": N_("check.key.rule"),
    "target_points": N_("check.key.target_points"),
    "totals": N_("check.key.totals"),
    "winner": N_("check.key.winner"),
    "error": N_("check.key.error"),
    "readings": N_("check.key.readings"),
}


def report_lines(report: MeldReport | OpeningReport | MatchReport, m: Messages) -> list[str]:
    """The lines of ``report`` as ``remi check`` prints them without ``--json``: ``label:
    value`` for each key of ``report.as_json()`` that says something (no empty list, no
    ``None``), labels and yes/no in the language of ``m``, the kind with its Romanian term
    (suită, terță), the error as the report's own words (``why``) in that language."""
    lines: list[str] = []
    data: dict[str, Any] = report.as_json()
    for key, value in data.items():
        if value is None or value == []:
            continue  # nothing to say (e.g. the points of an invalid formation)
        if isinstance(value, dict):  # match totals: "A 1065, B 990"
            shown = ", ".join(f"{k} {v}" for k, v in value.items())
        elif isinstance(value, bool):
            shown = m("check.true") if value else m("check.false")  # da / nu in Romanian
        else:
            shown = ", ".join(map(str, value)) if isinstance(value, list) else value
        label = m(_LABELS[key]) if key in _LABELS else key
        why = getattr(report, "why", None)
        if key == "error" and why is not None:
            shown = why if isinstance(why, str) else why.render(m)
        if isinstance(value, Told):
            shown = value.render(m)
        if key == "kind" and value in _ROMANIAN:
            shown = f"{value} ({_ROMANIAN[value]})"
            if m.lang == "ro":
                shown = _ROMANIAN[value]
        lines.append(f"{label}: {shown}")
    return lines
