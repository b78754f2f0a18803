"""Statistics of simulated hands: 95 % intervals, per-preset figures and paired differences.

``remi.simulate`` plays the hands and ``remi.ladder`` pairs bots; both summarise with this module.
Intervals: Wilson for shares (``share_estimate``); Student t for means (``mean_estimate``,
Cornish-Fisher quantile ``t_quantile``); paired differences are per-deal differences (the same
deal seed under both presets, ``preset_difference``).
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from typing import Any

import attrs

__all__ = [
    "Estimate",
    "GameSummary",
    "PresetDifference",
    "PresetStats",
    "mean_estimate",
    "preset_difference",
    "preset_stats",
    "share_estimate",
    "t_quantile",
]

# --- intervals -----------------------------------------------------------------------------------


#: Exact two-sided 95 % t quantiles for 1-10 degrees of freedom.
_T_SMALL = (12.7062, 4.3027, 3.1824, 2.7764, 2.5706, 2.4469, 2.3646, 2.3060, 2.2622, 2.2281)


def t_quantile(df: int, z: float = 1.959963984540054) -> float:
    """The two-sided 95 % Student t quantile for ``df`` degrees of freedom (Cornish-Fisher
    expansion around the normal quantile ``z`` above 10 degrees of freedom, within 0.1 % of the
    exact value; a table below)."""
    if df <= 0:
        return float("inf")
    if df <= len(_T_SMALL):
        return _T_SMALL[df - 1]
    g1 = (z**3 + z) / 4
    g2 = (5 * z**5 + 16 * z**3 + 3 * z) / 96
    g3 = (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / 384
    return z + g1 / df + g2 / df**2 + g3 / df**3


@attrs.frozen(kw_only=True)
class Estimate:
    """A mean (or share) with its 95 % interval.

    Attributes:
        mean: the sample mean (a share is the mean of 0/1 values).
        low: the interval's lower end.
        high: the interval's upper end.
        sd: the sample standard deviation (0 for fewer than two values).
        n: the number of values.
    """

    mean: float
    low: float
    high: float
    sd: float
    n: int

    def to_dict(self) -> dict[str, float | int | None]:
        """``{"mean", "low", "high", "sd", "n"}``, floats rounded to 4 decimals, ``None`` for
        an undefined value (no data: NaN is not JSON)."""

        def num(x: float) -> float | None:
            return None if math.isnan(x) else round(x, 4)

        return {
            "mean": num(self.mean),
            "low": num(self.low),
            "high": num(self.high),
            "sd": num(self.sd),
            "n": self.n,
        }


def mean_estimate(values: Sequence[float]) -> Estimate:
    """Mean with a 95 % Student t interval (``nan`` fields for no values)."""
    n = len(values)
    if n == 0:
        nan = float("nan")
        return Estimate(mean=nan, low=nan, high=nan, sd=nan, n=0)
    mean = statistics.fmean(values)
    if n == 1:
        return Estimate(mean=mean, low=mean, high=mean, sd=0.0, n=1)
    sd = statistics.stdev(values)
    half = t_quantile(n - 1) * sd / math.sqrt(n)
    return Estimate(mean=mean, low=mean - half, high=mean + half, sd=sd, n=n)


def share_estimate(hits: int, n: int, z: float = 1.959963984540054) -> Estimate:
    """A share ``hits / n`` with its 95 % Wilson score interval."""
    if n == 0:
        return Estimate(mean=float("nan"), low=0.0, high=1.0, sd=float("nan"), n=0)
    p = hits / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    sd = math.sqrt(p * (1 - p))
    return Estimate(mean=p, low=max(0.0, centre - half), high=min(1.0, centre + half), sd=sd, n=n)


# --- one hand ------------------------------------------------------------------------------------


@attrs.frozen(kw_only=True)
class GameSummary:
    """What one simulated hand leaves for the statistics.

    Attributes:
        preset: the preset name.
        seed: the deal seed.
        turns: turns ended when the hand ended.
        closed: a player closed (went out); False when the stock ran out (or the pool blocked).
        first_open: per seat, the number of his own turns until his opening (1 = his first
            turn), or None when he never opened.
        scores: per seat, the hand score (points).
    """

    preset: str
    seed: int
    turns: int
    closed: bool
    first_open: tuple[int | None, ...]
    scores: tuple[int, ...]

    def as_tuple(self) -> tuple[Any, ...]:
        """The plain tuple sent between processes (no objects of ours)."""
        return (self.preset, self.seed, self.turns, self.closed, self.first_open, self.scores)

    @classmethod
    def from_tuple(cls, row: Sequence[Any]) -> GameSummary:
        """The inverse of ``as_tuple``."""
        preset, seed, turns, closed, first_open, scores = row
        return cls(
            preset=str(preset),
            seed=int(seed),
            turns=int(turns),
            closed=bool(closed),
            first_open=tuple(None if x is None else int(x) for x in first_open),
            scores=tuple(int(x) for x in scores),
        )


# --- a preset's hands ----------------------------------------------------------------------------


@attrs.frozen(kw_only=True)
class PresetStats:
    """The statistics of one preset's games (see the module docstring).

    Attributes:
        preset: the preset name.
        games: hands played.
        turns: hand length in turns.
        closed_share: share of hands closed (vs stock exhausted / pool blocked).
        first_open_turn: per seat, own turns until the opening, over the hands he opened in.
        never_opened_share: per seat, share of hands without an opening.
        scores: per seat, the hand score (mean, sd).
        first_seat_advantage: seat 1's score minus the mean of the other seats (points).
        first_seat_wins: share of hands in which seat 1 has the single highest score.
    """

    preset: str
    games: int
    turns: Estimate
    closed_share: Estimate
    first_open_turn: tuple[Estimate, ...]
    never_opened_share: tuple[Estimate, ...]
    scores: tuple[Estimate, ...]
    first_seat_advantage: Estimate
    first_seat_wins: Estimate

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict with the same keys (estimates as ``Estimate.to_dict``)."""
        return {
            "preset": self.preset,
            "games": self.games,
            "turns": self.turns.to_dict(),
            "closed_share": self.closed_share.to_dict(),
            "first_open_turn": [e.to_dict() for e in self.first_open_turn],
            "never_opened_share": [e.to_dict() for e in self.never_opened_share],
            "scores": [e.to_dict() for e in self.scores],
            "first_seat_advantage": self.first_seat_advantage.to_dict(),
            "first_seat_wins": self.first_seat_wins.to_dict(),
        }


def _advantage(g: GameSummary) -> float:
    return g.scores[0] - statistics.fmean(g.scores[1:])


def _seat1_wins(g: GameSummary) -> bool:
    return all(g.scores[0] > s for s in g.scores[1:])


def preset_stats(preset: str, games: Sequence[GameSummary]) -> PresetStats:
    """The ``PresetStats`` of one preset's summaries (all with the same seat count)."""
    n = len(games)
    seats = len(games[0].scores) if games else 0
    return PresetStats(
        preset=preset,
        games=n,
        turns=mean_estimate([g.turns for g in games]),
        closed_share=share_estimate(sum(g.closed for g in games), n),
        first_open_turn=tuple(
            mean_estimate([f for g in games if (f := g.first_open[s]) is not None])
            for s in range(seats)
        ),
        never_opened_share=tuple(
            share_estimate(sum(g.first_open[s] is None for g in games), n) for s in range(seats)
        ),
        scores=tuple(mean_estimate([g.scores[s] for g in games]) for s in range(seats)),
        first_seat_advantage=mean_estimate([_advantage(g) for g in games]),
        first_seat_wins=share_estimate(sum(_seat1_wins(g) for g in games), n),
    )


@attrs.frozen(kw_only=True)
class PresetDifference:
    """Paired differences ``b - a`` over the deals both presets played (same seeds).

    Attributes:
        a: the reference preset.
        b: the compared preset.
        turns: difference in hand length (turns).
        closed_share: difference in the closed indicator (a share difference).
        first_open_turn: per seat, difference in own turns to the opening, over the deals in
            which he opened under both presets.
        scores: per seat, difference in hand score (points).
        first_seat_advantage: difference in the first-seat advantage (points).
    """

    a: str
    b: str
    turns: Estimate
    closed_share: Estimate
    first_open_turn: tuple[Estimate, ...]
    scores: tuple[Estimate, ...]
    first_seat_advantage: Estimate

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict with the same keys."""
        return {
            "a": self.a,
            "b": self.b,
            "turns": self.turns.to_dict(),
            "closed_share": self.closed_share.to_dict(),
            "first_open_turn": [e.to_dict() for e in self.first_open_turn],
            "scores": [e.to_dict() for e in self.scores],
            "first_seat_advantage": self.first_seat_advantage.to_dict(),
        }


def preset_difference(
    a: str, b: str, games_a: Sequence[GameSummary], games_b: Sequence[GameSummary]
) -> PresetDifference:
    """The ``PresetDifference`` of two presets' summaries, paired by seed."""
    by_seed = {g.seed: g for g in games_a}
    pairs = [(by_seed[g.seed], g) for g in games_b if g.seed in by_seed]
    seats = len(pairs[0][0].scores) if pairs else 0
    return PresetDifference(
        a=a,
        b=b,
        turns=mean_estimate([gb.turns - ga.turns for ga, gb in pairs]),
        closed_share=mean_estimate([int(gb.closed) - int(ga.closed) for ga, gb in pairs]),
        first_open_turn=tuple(
            mean_estimate(
                [
                    fb - fa
                    for ga, gb in pairs
                    if (fa := ga.first_open[s]) is not None and (fb := gb.first_open[s]) is not None
                ]
            )
            for s in range(seats)
        ),
        scores=tuple(
            mean_estimate([gb.scores[s] - ga.scores[s] for ga, gb in pairs]) for s in range(seats)
        ),
        first_seat_advantage=mean_estimate([_advantage(gb) - _advantage(ga) for ga, gb in pairs]),
    )
