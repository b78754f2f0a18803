"""The report of a simulation: per arm statistics, paired effects, exposure, failures.

``SimulationReport`` holds every hand's summary and what is derived from them: per arm the
``PresetStats``; per compared arm (every arm after the base) the paired effect of every measure
(``remi.stats.arm_effects``, Holm-adjusted over the arms) and the exposure of each rule in which
it differs from the base (situations per 100 hands, counted under both rule sets).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import attrs

from remi.simulate.arms import Arm
from remi.stats import (
    GameSummary,
    PairedEffect,
    PresetDifference,
    PresetStats,
    arm_effects,
    preset_difference,
    preset_stats,
)

__all__ = ["BotsCheck", "SimulationReport", "build_report", "exposure_per_100"]


@attrs.frozen(kw_only=True)
class BotsCheck:
    """A rerun of a sample of deals with a second bot (``--bots-check``).

    Attributes:
        bot: the second bot kind.
        games: deals rerun per arm.
        flips: ``(arm, measure)`` whose clear effect changes sign with the second bot.
    """

    bot: str
    games: int
    flips: tuple[tuple[str, str], ...]


def exposure_per_100(base: list[GameSummary], arm: list[GameSummary], rule_id: str) -> float:
    """Situations of ``rule_id`` per 100 hands over the hands of both ``base`` and ``arm``."""
    hands = len(base) + len(arm)
    total = sum(dict(g.exposure).get(rule_id, 0) for g in (*base, *arm))
    return 100.0 * total / hands if hands else 0.0


@attrs.frozen(kw_only=True)
class SimulationReport:
    """The result of ``simulate``.

    Attributes:
        presets: the arm names, in order (the first is the base).
        games: hands per arm.
        seed: the first deal seed.
        bots: the bot kind per seat.
        stats: per arm, its ``PresetStats``.
        differences: each later arm against the base (``PresetDifference``).
        summaries: every hand's ``GameSummary``, by arm then seed.
        arms: the ``Arm`` of each name in ``presets``.
        effects: per compared arm, the ``PairedEffect`` of every measure.
        exposure: per compared arm, rule id -> situations per 100 hands.
        failures: hands that failed (written as replayable records), left out of the figures.
        bots_check: the second-bot rerun, when asked for.
        bot_fallback: (arm name, rule id) when no bot was asked for and the default bot (the
            solver) does not play that rule of that arm, so the greedy bot played every arm.
    """

    presets: tuple[str, ...]
    games: int
    seed: int
    bots: tuple[str, ...]
    stats: tuple[PresetStats, ...]
    differences: tuple[PresetDifference, ...]
    summaries: tuple[GameSummary, ...]
    arms: tuple[Arm, ...] = ()
    effects: tuple[tuple[PairedEffect, ...], ...] = ()
    exposure: tuple[dict[str, float], ...] = ()
    failures: int = 0
    bots_check: BotsCheck | None = None
    bot_fallback: tuple[str, str] | None = None

    def never_exercised(self, index: int) -> list[str]:
        """The changed rules of compared arm ``index`` (0 = the first after the base) that no
        hand exercised (exposure 0)."""
        return [k for k, v in self.exposure[index].items() if v == 0]

    def to_dict(self, verdicts: Sequence[Sequence[str]] = ()) -> dict[str, Any]:
        """JSON-ready (docs/simulate.md): ``presets``, ``games``, ``seed``, ``bots``, ``bot``,
        ``players``, ``failures``, ``stats``, ``differences``, ``base`` and ``arms`` (per
        compared arm ``name``, ``changes``, ``exposure``, ``never_exercised``, ``effects``,
        ``verdict``), ``bot_fallback``, ``bots_check``. ``verdicts``: per compared arm its sentences
        (``remi.simulate.verdict.report_json`` fills them in a language); empty lists without."""
        arms = []
        for i, arm in enumerate(self.arms[1:]):
            never = self.never_exercised(i)
            shown = [] if never and len(never) == len(self.exposure[i]) else self.effects[i]
            arms.append(
                {
                    "name": arm.name,
                    "changes": dict(arm.changes),
                    "exposure": {k: round(v, 2) for k, v in self.exposure[i].items()},
                    "never_exercised": never,
                    "effects": [_effect(e) for e in shown],
                    "verdict": list(verdicts[i]) if i < len(verdicts) else [],
                }
            )
        return {
            "presets": list(self.presets),
            "games": self.games,
            "seed": self.seed,
            "bots": list(self.bots),
            "bot": ",".join(sorted(set(self.bots))),
            "players": len(self.bots),
            "failures": self.failures,
            "stats": [s.to_dict() for s in self.stats],
            "differences": [d.to_dict() for d in self.differences],
            "base": self.presets[0],
            "arms": arms,
            "bot_fallback": None
            if self.bot_fallback is None
            else {"arm": self.bot_fallback[0], "rule": self.bot_fallback[1]},
            "bots_check": None
            if self.bots_check is None
            else {
                "bot": self.bots_check.bot,
                "games": self.bots_check.games,
                "flips": [list(f) for f in self.bots_check.flips],
            },
        }


def _num(x: float) -> float | None:
    return None if math.isnan(x) or math.isinf(x) else round(x, 4)


def _effect(e: PairedEffect) -> dict[str, Any]:
    d = e.difference
    return {
        "measure": e.measure,
        "difference": _num(d.mean),
        "ci95": [_num(d.low), _num(d.high)],
        "n": d.n,
        "p": _num(e.p),
        "p_holm": _num(e.p_holm),
        "detectable": _num(e.detectable),
    }


def build_report(
    arms: list[Arm],
    games: int,
    seed: int,
    bots: tuple[str, ...],
    summaries: list[GameSummary],
    failures: int,
) -> SimulationReport:
    """The report of ``summaries`` (any order; sorted here by arm then seed)."""
    order = {a.name: i for i, a in enumerate(arms)}
    summaries = sorted(summaries, key=lambda g: (order[g.preset], g.seed))
    per = {a.name: [g for g in summaries if g.preset == a.name] for a in arms}
    names = [a.name for a in arms]
    base = per[names[0]]
    compared = [per[n] for n in names[1:]]
    effects = arm_effects(base, compared, len(bots)) if compared else []
    exposure = tuple(
        {k: exposure_per_100(base, per[a.name], k) for k, _ in a.changes} for a in arms[1:]
    )
    return SimulationReport(
        presets=tuple(names),
        games=games,
        seed=seed,
        bots=bots,
        stats=tuple(preset_stats(n, per[n]) for n in names),
        differences=tuple(preset_difference(names[0], n, base, per[n]) for n in names[1:]),
        summaries=tuple(summaries),
        arms=tuple(arms),
        effects=tuple(tuple(e) for e in effects),
        exposure=exposure,
        failures=failures,
    )
