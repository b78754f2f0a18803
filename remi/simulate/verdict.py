"""The report in words: for each compared arm, sentences a club organiser can read.

First the bot that played, then the rules the bots never met (no conclusion follows about them),
then one sentence per clear effect (Holm-adjusted p below 0.05: "With opening.min_points=50,
the hand length is 1.5 turns higher (95% interval 1.3 to 1.8)"), then one sentence for the
measures with no detectable difference and the difference the hands run would have detected.
Every text comes from the message catalogue (``sim.v.*``), in English and Romanian.
"""

from __future__ import annotations

import math
from typing import Any

from remi.core.messages import N_, Messages
from remi.simulate.report import SimulationReport
from remi.stats import PairedEffect

__all__ = ["arm_verdict", "measure_label", "measure_unit", "report_json"]

#: Measure -> the message ids of its name and of its unit.
_LABELS: dict[str, tuple[str, str]] = {
    "turns": (N_("sim.m.turns"), N_("sim.u.turns")),
    "closed": (N_("sim.m.closed"), N_("sim.u.per100")),
    "first_open": (N_("sim.m.first_open"), N_("sim.u.own_turns")),
    "never_opened": (N_("sim.m.never_opened"), N_("sim.u.players100")),
    "mean_score": (N_("sim.m.mean_score"), N_("sim.u.points")),
    "first_seat_advantage": (N_("sim.m.first_seat_advantage"), N_("sim.u.points")),
    "first_seat_top": (N_("sim.m.first_seat_top"), N_("sim.u.per100")),
}


def measure_label(measure: str, m: Messages) -> str:
    """The measure's name in the language of ``m`` (``score_p2`` -> "p2's score")."""
    if measure.startswith("score_p"):
        return m("sim.m.score_seat", seat=measure.removeprefix("score_"))
    return m(_LABELS[measure][0])


def measure_unit(measure: str, m: Messages) -> str:
    """The measure's unit in the language of ``m`` (turns, points, per 100 hands...)."""
    if measure.startswith("score_p"):
        return m("sim.u.points")
    return m(_LABELS[measure][1])


def _n(x: float, m: Messages, sign: bool = False) -> str:
    return format(x, "+.1f" if sign else ".1f").replace(".", m("number.decimal_mark"))


#: Measure -> the message ids of its sentence when the arm raises it and when it lowers it.
_SAY: dict[str, tuple[str, str]] = {
    "turns": (N_("sim.say.turns.up"), N_("sim.say.turns.down")),
    "closed": (N_("sim.say.closed.up"), N_("sim.say.closed.down")),
    "first_open": (N_("sim.say.first_open.up"), N_("sim.say.first_open.down")),
    "never_opened": (N_("sim.say.never_opened.up"), N_("sim.say.never_opened.down")),
    "mean_score": (N_("sim.say.mean_score.up"), N_("sim.say.mean_score.down")),
    "first_seat_advantage": (N_("sim.say.advantage.up"), N_("sim.say.advantage.down")),
    "first_seat_top": (N_("sim.say.top.up"), N_("sim.say.top.down")),
    "score": (N_("sim.say.score.up"), N_("sim.say.score.down")),
}


def _effect_sentence(arm: str, e: PairedEffect, m: Messages) -> str:
    d = e.difference
    seat = e.measure.removeprefix("score_") if e.measure.startswith("score_p") else ""
    up, down = _SAY["score" if seat else e.measure]
    return m(
        up if d.mean > 0 else down,
        arm=arm,
        seat=seat,
        value=_n(abs(d.mean), m),
        low=_n(d.low, m, True),
        high=_n(d.high, m, True),
    )


def arm_verdict(report: SimulationReport, index: int, m: Messages) -> list[str]:
    """The sentences about compared arm ``index`` (0 = the first arm after the base)."""
    arm = report.arms[index + 1]
    hands = report.games
    out = [m.plural("sim.v.bot", hands, bot=", ".join(sorted(set(report.bots))))]
    if report.bot_fallback is not None:
        where, rule = report.bot_fallback
        out.append(m("sim.v.bot_fallback", arm=where, rule=rule))
    never = report.never_exercised(index)
    for rule_id in never:
        out.append(m.plural("sim.v.never", hands, rule=rule_id))
    if never and len(never) == len(report.exposure[index]):
        return out
    effects = report.effects[index]
    if effects and all(e.difference.sd == 0 and e.difference.mean == 0 for e in effects):
        out.append(m("sim.v.identical"))
        return out
    clear = [e for e in effects if e.clear]
    out.extend(_effect_sentence(arm.name, e, m) for e in clear)
    quiet = [e for e in effects if not e.clear and e.difference.n > 1]
    if quiet:
        parts = [
            m("sim.v.same", measure=measure_label(e.measure, m))
            if e.difference.sd == 0 and e.difference.mean == 0
            else m(
                "sim.v.detectable",
                measure=measure_label(e.measure, m),
                size=_n(e.detectable, m) if math.isfinite(e.detectable) else "—",
                unit=measure_unit(e.measure, m),
            )
            for e in quiet
        ]
        out.append(m.plural("sim.v.no_difference", hands, measures="; ".join(parts)))
    if effects:
        out.append(m("sim.v.holm", arms=len(report.arms) - 1))
    if report.failures:
        out.append(m.plural("sim.v.failures", report.failures))

    check = report.bots_check
    if check is not None:
        flips = [measure for name, measure in check.flips if name == arm.name]
        if not flips:
            out.append(m.plural("sim.v.bots_same", check.games, bot=check.bot))
        for measure in flips:
            label = measure_label(measure, m)
            out.append(m.plural("sim.v.bots_flip", check.games, measure=label, bot=check.bot))
    return out


def report_json(report: SimulationReport, m: Messages | None = None) -> dict[str, Any]:
    """``report.to_dict`` with every compared arm's ``verdict`` in the language of ``m``
    (English when None)."""
    m = m or Messages("en")
    return report.to_dict([arm_verdict(report, i, m) for i in range(len(report.arms) - 1)])
