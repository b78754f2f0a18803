"""The words, tables and report files of ``remi simulate``: the verdict sentences first, then one
table block per compared arm (fits 100 columns), a Markdown or HTML ``--report``, and progress
lines on a pipe."""

from __future__ import annotations

import html
import math
import sys
import time
from collections.abc import Callable
from pathlib import Path

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from remi.core.messages import Messages
from remi.simulate import SimulationReport
from remi.simulate.verdict import arm_verdict, measure_label, measure_unit

__all__ = ["arm_rows", "print_words", "progress_lines", "write_report"]

#: Seconds between two progress lines when stderr is not a terminal.
PROGRESS_EVERY = 5.0


def progress_lines(m: Messages, every: float = PROGRESS_EVERY) -> Callable[[int, int], None]:
    """A progress callback that writes ``simulating: DONE/TOTAL hands`` (in the language of
    ``m``) to stderr at most every ``every`` seconds, and once at the end (for logs of long runs
    on a pipe)."""
    last = [0.0]

    def progress(done: int, total: int) -> None:
        now = time.monotonic()
        if now - last[0] >= every or done >= total:
            last[0] = now
            print(m.plural("sim.progress", total, done=done), file=sys.stderr, flush=True)

    return progress


def _fmt(x: float, m: Messages, sign: bool = True) -> str:
    if math.isnan(x) or math.isinf(x):
        return "—"
    return format(x, "+.1f" if sign else ".1f").replace(".", m("number.decimal_mark"))


def arm_rows(report: SimulationReport, index: int, m: Messages) -> list[list[str]]:
    """The rows of compared arm ``index``'s block: measure (unit), difference (95 % interval),
    Holm p-value, detectable difference."""
    rows = []
    for e in report.effects[index]:
        d = e.difference
        cell = m("sim.interval", mean=_fmt(d.mean, m), low=_fmt(d.low, m), high=_fmt(d.high, m))
        rows.append(
            [
                f"{measure_label(e.measure, m)} ({measure_unit(e.measure, m)})",
                cell if d.n > 1 else "—",
                "—" if math.isnan(e.p_holm) else f"{e.p_holm:.3f}",
                _fmt(e.detectable, m, sign=False),
            ]
        )
    return rows


def _changes(report: SimulationReport, index: int, m: Messages) -> str:
    """The arm's changed rules, each with its exposure (situations per 100 hands)."""
    arm = report.arms[index + 1]
    exposure = report.exposure[index]
    parts = []
    for k, v in arm.changes:  # "(rule in play 340.0 times per 100 hands)": situations it governs
        counted = m("sim.t.exposure", value=_fmt(exposure.get(k, 0.0), m, sign=False))
        parts.append(f"{k}={v} ({counted})")
    return ", ".join(parts) or "—"


def print_words(report: SimulationReport, m: Messages, console: Console) -> None:
    """Print, per compared arm, its sentences and its table block (100 columns)."""
    for i, arm in enumerate(report.arms[1:]):
        console.print(
            escape(m("sim.t.arm", arm=arm.name, changes=_changes(report, i, m))), style="bold"
        )
        for sentence in arm_verdict(report, i, m):
            console.print(escape("  " + sentence))
        never = report.never_exercised(i)
        if never and len(never) == len(report.exposure[i]):
            console.print()
            continue
        table = Table(box=None, pad_edge=False)
        for header in (
            m("sim.measure"),
            m("sim.t.effect"),
            m("sim.t.p_holm"),
            m("sim.t.detectable"),
        ):
            table.add_column(escape(header))
        for row in arm_rows(report, i, m):
            table.add_row(*(escape(c) for c in row))
        console.print(table)
        console.print()


def _markdown(report: SimulationReport, m: Messages, plot: Path | None) -> str:
    lines = [f"# {' / '.join(report.presets)}", ""]
    for i, arm in enumerate(report.arms[1:]):
        lines += [f"## {m('sim.t.arm', arm=arm.name, changes=_changes(report, i, m))}", ""]
        lines += [f"- {s}" for s in arm_verdict(report, i, m)] + [""]
        rows = arm_rows(report, i, m)
        if rows and len(report.never_exercised(i)) < len(report.exposure[i]):
            heads = [m("sim.measure"), m("sim.t.effect"), m("sim.t.p_holm"), m("sim.t.detectable")]
            lines += ["| " + " | ".join(heads) + " |", "|" + "---|" * len(heads)]
            lines += ["| " + " | ".join(r) + " |" for r in rows] + [""]
    if plot is not None:
        lines += [f"![forest plot]({plot.name})", ""]
    return "\n".join(lines)


def _html(report: SimulationReport, m: Messages, plot: Path | None) -> str:
    parts = [
        "<!DOCTYPE html><html><head><meta charset='utf-8'><title>remi simulate</title></head><body>"
    ]
    parts.append(f"<h1>{html.escape(' / '.join(report.presets))}</h1>")
    for i, arm in enumerate(report.arms[1:]):
        parts.append(
            f"<h2>{html.escape(m('sim.t.arm', arm=arm.name, changes=_changes(report, i, m)))}</h2><ul>"
        )
        parts += [f"<li>{html.escape(s)}</li>" for s in arm_verdict(report, i, m)]
        parts.append("</ul>")
        if len(report.never_exercised(i)) < len(report.exposure[i]):
            heads = [m("sim.measure"), m("sim.t.effect"), m("sim.t.p_holm"), m("sim.t.detectable")]
            parts.append(
                "<table><tr>" + "".join(f"<th>{html.escape(h)}</th>" for h in heads) + "</tr>"
            )
            for r in arm_rows(report, i, m):
                parts.append("<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in r) + "</tr>")
            parts.append("</table>")
    if plot is not None:
        parts.append(f"<img src='{html.escape(plot.name)}' alt='forest plot'>")
    parts.append("</body></html>")
    return "\n".join(parts)


def write_report(report: SimulationReport, path: Path, m: Messages, plot: Path | None) -> None:
    """Write the report as Markdown (``.md``) or HTML (``.html``/``.htm``), the plot linked."""
    text = (
        _html(report, m, plot)
        if path.suffix.lower() in (".html", ".htm")
        else _markdown(report, m, plot)
    )
    path.write_text(text + "\n", encoding="utf-8")
