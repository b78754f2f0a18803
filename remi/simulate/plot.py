"""Plots of a simulation a club can read (``--plot``; matplotlib, the ``remi-rummy[plot]`` extra).

One figure: a forest plot of the paired differences, one panel per compared arm and one row per
measure (the difference and its 95 % interval, each measure over its own scale as a share of its
detectable effect would hide units: so each row is labelled with its unit and value), then the
distributions of hand length and of the score as ECDFs (no bins to disagree), one line per arm in
the Okabe-Ito colour-blind-safe palette, with labelled axes.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

from remi.core.messages import Messages
from remi.simulate.report import SimulationReport
from remi.simulate.run import SimulationError

__all__ = ["OKABE_ITO", "plot_report"]

#: The Okabe-Ito palette (colour-blind safe), in order of use.
OKABE_ITO = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442", "#000000")
_STYLES = ("-", "--", "-.", ":")


def _ecdf(ax: Any, values: list[float], label: str, index: int) -> None:
    xs = sorted(values)
    n = len(xs)
    ax.step(
        xs,
        [(i + 1) / n for i in range(n)],
        where="post",
        label=label,
        color=OKABE_ITO[index % len(OKABE_ITO)],
        linestyle=_STYLES[index % len(_STYLES)],
        linewidth=1.6,
    )


def plot_report(report: SimulationReport, path: str | Path, m: Messages | None = None) -> Path:
    """Draw ``report`` into an image file (PNG, or any format matplotlib writes by the suffix).

    Returns:
        The path written.

    Raises:
        SimulationError: matplotlib is not installed (the ``remi-rummy[plot]`` extra).
    """
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise SimulationError("--plot needs matplotlib: pip install 'remi-rummy[plot]'") from None
    from remi.simulate.verdict import measure_label, measure_unit

    m = m or Messages("en")
    out = Path(path)
    compared = len(report.effects)
    rows = len(report.effects[0]) if compared else 0
    fig = plt.figure(figsize=(6 + 4.5 * max(compared, 1), 0.45 * rows + 6.5))
    grid = fig.add_gridspec(2, max(compared, 2), height_ratios=[max(rows, 1) * 0.45 + 1, 4])
    for i, effects in enumerate(report.effects):
        ax = fig.add_subplot(grid[0, i])
        arm = report.arms[i + 1]
        never = report.never_exercised(i)
        labels = [f"{measure_label(e.measure, m)} ({measure_unit(e.measure, m)})" for e in effects]
        finite = [
            abs(v)
            for e in effects
            for v in (e.difference.low, e.difference.high)
            if math.isfinite(v)
        ]
        digits = 2 if max(finite, default=0.0) < 1 else 1
        for y, e in enumerate(effects):
            d = e.difference
            if len(never) == len(report.exposure[i]):
                break
            if d.n < 2 or math.isnan(d.mean):
                continue
            colour = OKABE_ITO[0] if e.clear else "#7f7f7f"
            ax.errorbar(
                d.mean,
                y,
                xerr=[[d.mean - d.low], [d.high - d.mean]],
                fmt="o",
                color=colour,
                capsize=3,
            )
            ax.annotate(
                f"{d.mean:+.{digits}f} ({d.low:+.{digits}f} .. {d.high:+.{digits}f})",
                (d.high, y),
                xytext=(4, 0),
                textcoords="offset points",
                va="center",
                fontsize=7,
            )
        ax.axvline(0, color="black", linewidth=0.8)
        ax.set_yticks(range(len(effects)), labels if i == 0 else [""] * len(effects), fontsize=8)
        ax.invert_yaxis()
        ax.set_xlabel(m("sim.plot.difference"))
        title = arm.name + ("\n" + m("sim.plot.never") if never else "")
        ax.set_title(title, fontsize=9)
        ax.margins(x=0.35)
    ax_turns = fig.add_subplot(grid[1, 0])
    ax_scores = fig.add_subplot(grid[1, 1])
    for k, name in enumerate(report.presets):
        games = [g for g in report.summaries if g.preset == name]
        if not games:
            continue
        _ecdf(ax_turns, [g.turns for g in games], name, k)
        _ecdf(ax_scores, [float(s) for g in games for s in g.scores], name, k)
    ax_turns.set_xlabel(m("sim.plot.turns"))
    ax_scores.set_xlabel(m("sim.plot.score"))
    for ax in (ax_turns, ax_scores):
        ax.set_ylabel(m("sim.plot.ecdf"))
        ax.grid(alpha=0.3)
        ax.legend(fontsize=8)
    fig.suptitle(
        m.plural(
            "sim.plot.title",
            report.games,
            bot=",".join(sorted(set(report.bots))),
            first=report.seed,
            last=report.seed + report.games - 1,
        ),
        fontsize=10,
    )
    fig.tight_layout()
    fig.savefig(out, dpi=110)
    plt.close(fig)
    return out
