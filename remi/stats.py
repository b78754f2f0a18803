"""Statistics of simulated hands: 95 % intervals, per-preset figures and paired differences.

``remi.simulate`` plays the hands and ``remi.ladder`` pairs bots; both summarise with this module.
Intervals: Wilson for shares (``share_estimate``); Student t for means (``mean_estimate``,
Cornish-Fisher quantile ``t_quantile``); paired differences are per-deal differences (the same
deal seed under both presets, ``preset_difference``).
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable, Sequence
from typing import Any

import attrs

__all__ = [
    "PAIRED_MEASURES",
    "Estimate",
    "PairedEffect",
    "arm_effects",
    "detectable_effect",
    "holm",
    "measure_function",
    "measure_names",
    "paired_differences",
    "paired_p",
    "t_two_sided_p",
    "GameSummary",
    "PresetDifference",
    "PresetStats",
    "mean_estimate",
    "preset_difference",
    "preset_stats",
    "share_estimate",
    "share_of_values",
    "t_quantile",
]

# --- intervals -----------------------------------------------------------------------------------


def _betacf(a: float, b: float, x: float) -> float:
    """The continued fraction of the regularized incomplete beta function (modified Lentz)."""
    tiny = 1e-300
    qab, qap, qam = a + b, a + 1.0, a - 1.0
    c, d = 1.0, 1.0 - qab * x / qap
    d = 1.0 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 400):
        m2 = 2 * m
        for aa in (
            m * (b - m) * x / ((qam + m2) * (a + m2)),
            -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2)),
        ):
            d = 1.0 + aa * d
            d = 1.0 / (d if abs(d) > tiny else tiny)
            c = 1.0 + aa / c
            c = c if abs(c) > tiny else tiny
            h *= d * c
        if abs(d * c - 1.0) < 1e-15:
            break
    return h


def _betainc(a: float, b: float, x: float) -> float:
    """The regularized incomplete beta function ``I_x(a, b)`` for ``0 <= x <= 1``."""
    if x <= 0.0:
        return 0.0
    if x >= 1.0:
        return 1.0
    front = math.exp(
        math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x)
    )
    if x < (a + 1.0) / (a + b + 2.0):
        return front * _betacf(a, b, x) / a
    return 1.0 - front * _betacf(b, a, 1.0 - x) / b


def t_two_sided_p(t: float, df: int) -> float:
    """The two-sided p-value of a Student t statistic ``t`` with ``df`` degrees of freedom
    (``2 * (1 - F(|t|))``, as ``scipy.stats.t.sf(|t|, df) * 2``)."""
    if math.isnan(t) or df <= 0:
        return float("nan")
    if math.isinf(t):
        return 0.0
    return _betainc(df / 2.0, 0.5, df / (df + t * t))


def t_quantile(df: int, z: float = 1.959963984540054, level: float = 0.95) -> float:
    """The two-sided ``level`` Student t quantile for ``df`` degrees of freedom: the ``t`` with
    ``t_two_sided_p(t, df) == 1 - level`` (solved by bisection to 1e-12; ``z`` is kept for the
    callers that passed the normal quantile). ``inf`` for no degree of freedom."""
    if df <= 0:
        return float("inf")
    alpha = 1.0 - level
    low, high = 0.0, 1.0
    while t_two_sided_p(high, df) > alpha:
        high *= 2.0
    for _ in range(200):
        mid = (low + high) / 2.0
        if t_two_sided_p(mid, df) > alpha:
            low = mid
        else:
            high = mid
        if high - low < 1e-13:
            break
    return (low + high) / 2.0


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


def share_estimate(hits: float, n: int, z: float = 1.959963984540054) -> Estimate:
    """A share ``hits / n`` with its 95 % Wilson score interval (``hits`` may be a sum of
    shares in [0, 1], each counted as one trial: the interval is then on the safe side)."""
    if n == 0:
        return Estimate(mean=float("nan"), low=0.0, high=1.0, sd=float("nan"), n=0)
    p = hits / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    sd = math.sqrt(p * (1 - p))
    return Estimate(mean=p, low=max(0.0, centre - half), high=min(1.0, centre + half), sd=sd, n=n)


def share_of_values(values: Sequence[float]) -> Estimate:
    """The mean of shares in [0, 1] (a bot's share of the games won in each deal) with a 95 %
    interval that stays honest with few values: the wider of the Student t interval and the
    Wilson interval with each value as one trial, clipped to [0, 1].

    The t interval alone is empty when the values happen to agree (two deals each won half:
    "50 % [50 %, 50 %]"); the Wilson interval never is, and as a value in [0, 1] with mean p
    varies at most as a 0/1 one does (p (1 - p)), it is on the safe side. One value: the
    Wilson interval alone; no values: ``nan`` mean, interval [0, 1].
    """
    wilson = share_estimate(sum(values), len(values))
    if len(values) < 2:  # no t interval from one value
        return wilson
    t = mean_estimate(values)
    low, high = min(t.low, wilson.low), max(t.high, wilson.high)
    return attrs.evolve(t, low=max(0.0, low), high=min(1.0, high))


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
        exposure: ``(rule id, situations)`` pairs, the exposure counts of the rules a
            simulation varies (``remi.core.exposure``), sorted by rule id.
    """

    preset: str
    seed: int
    turns: int
    closed: bool
    first_open: tuple[int | None, ...]
    scores: tuple[int, ...]
    exposure: tuple[tuple[str, int], ...] = ()

    def as_tuple(self) -> tuple[Any, ...]:
        """The plain tuple sent between processes (no objects of ours)."""
        return (
            self.preset,
            self.seed,
            self.turns,
            self.closed,
            self.first_open,
            self.scores,
            self.exposure,
        )

    @classmethod
    def from_tuple(cls, row: Sequence[Any]) -> GameSummary:
        """The inverse of ``as_tuple`` (a 6-tuple without exposure is read too)."""
        preset, seed, turns, closed, first_open, scores = row[:6]
        exposure = row[6] if len(row) > 6 else ()
        return cls(
            exposure=tuple(sorted((str(k), int(v)) for k, v in exposure)),
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


# --- paired effects of a rule change ------------------------------------------------------------


def _first_open(ga: GameSummary, gb: GameSummary) -> float | None:
    both = [
        fb - fa for fa, fb in zip(ga.first_open, gb.first_open) if fa is not None and fb is not None
    ]
    return statistics.fmean(both) if both else None


def _never(g: GameSummary) -> float:
    return 100.0 * sum(f is None for f in g.first_open) / len(g.first_open)


def _seat_score(seat: int) -> Callable[[GameSummary, GameSummary], float | None]:
    def diff(ga: GameSummary, gb: GameSummary) -> float | None:
        return float(gb.scores[seat] - ga.scores[seat])

    return diff


#: The paired measures: name -> per-deal difference ``b - a`` (None: the deal does not count).
#: Units: ``turns`` turns; ``closed``, ``never_opened``, ``first_seat_top`` per 100 hands
#: (players per 100 for ``never_opened``); ``first_open`` own turns; scores points.
PAIRED_MEASURES: dict[str, Callable[[GameSummary, GameSummary], float | None]] = {
    "turns": lambda ga, gb: float(gb.turns - ga.turns),
    "closed": lambda ga, gb: 100.0 * (int(gb.closed) - int(ga.closed)),
    "first_open": _first_open,
    "never_opened": lambda ga, gb: _never(gb) - _never(ga),
    "mean_score": lambda ga, gb: statistics.fmean(gb.scores) - statistics.fmean(ga.scores),
    "first_seat_advantage": lambda ga, gb: _advantage(gb) - _advantage(ga),
    "first_seat_top": lambda ga, gb: 100.0 * (int(_seat1_wins(gb)) - int(_seat1_wins(ga))),
}


def measure_names(seats: int) -> list[str]:
    """The paired measures in report order: ``PAIRED_MEASURES`` then ``score_p1`` .. ``score_pN``."""
    return [*PAIRED_MEASURES, *(f"score_p{s + 1}" for s in range(seats))]


def measure_function(name: str) -> Callable[[GameSummary, GameSummary], float | None]:
    """The per-deal difference of the measure ``name`` (``measure_names``).

    Raises:
        KeyError: an unknown measure.
    """
    if name.startswith("score_p"):
        return _seat_score(int(name.removeprefix("score_p")) - 1)
    return PAIRED_MEASURES[name]


#: The normal quantile of 80 % power (the detectable effect: ``detectable_effect``).
_Z_POWER = 0.8416212335729143


@attrs.frozen(kw_only=True)
class PairedEffect:
    """One measure's paired difference between an arm and the base, over the same deals.

    Attributes:
        measure: the measure name (``measure_names``).
        difference: the mean per-deal difference ``arm - base`` with its 95 % t interval.
        p: the two-sided paired t-test p-value (1.0 when every difference is 0).
        p_holm: ``p`` Holm-adjusted over every measure of every compared arm (the whole
            family of tests a report reads).
        detectable: the difference this many deals detect with 80 % power at the 5 % level
            (``detectable_effect``).
    """

    measure: str
    difference: Estimate
    p: float
    p_holm: float
    detectable: float

    @property
    def clear(self) -> bool:
        """The difference is clear: its Holm-adjusted p-value is below 0.05."""
        return self.p_holm < 0.05


def detectable_effect(sd: float, n: int) -> float:
    """The paired difference that ``n`` deals with per-deal standard deviation ``sd`` detect
    with 80 % power in a two-sided 5 % test: ``(t(n-1) + z(0.8)) * sd / sqrt(n)`` (``inf`` for
    fewer than two deals)."""
    if n < 2 or math.isnan(sd):
        return float("inf")
    return (t_quantile(n - 1) + _Z_POWER) * sd / math.sqrt(n)


def paired_p(e: Estimate) -> float:
    """The two-sided paired t-test p-value of a difference estimate (1.0 when it is exactly 0
    everywhere, 0.0 for a constant non-zero difference, nan without two values)."""
    if e.n < 2:
        return float("nan")
    if e.sd == 0:
        return 1.0 if e.mean == 0 else 0.0
    return t_two_sided_p(e.mean / (e.sd / math.sqrt(e.n)), e.n - 1)


def holm(pvalues: Sequence[float]) -> list[float]:
    """Holm's step-down adjustment of ``pvalues`` (same order; nan stays nan): the ``i``-th
    smallest of ``m`` is multiplied by ``m - i`` (from 0), made non-decreasing, capped at 1."""
    order = sorted((p, i) for i, p in enumerate(pvalues) if not math.isnan(p))
    m = len(order)
    out = [float("nan")] * len(pvalues)
    running = 0.0
    for rank, (p, i) in enumerate(order):
        running = max(running, min(1.0, (m - rank) * p))
        out[i] = running
    return out


def paired_differences(
    base: Sequence[GameSummary], arm: Sequence[GameSummary], measure: str
) -> list[float]:
    """The per-deal differences ``arm - base`` of ``measure`` over the seeds both played."""
    by_seed = {g.seed: g for g in base}
    fn = measure_function(measure)
    out: list[float] = []
    for gb in arm:
        ga = by_seed.get(gb.seed)
        if ga is not None and (d := fn(ga, gb)) is not None:
            out.append(d)
    return out


def arm_effects(
    base: Sequence[GameSummary], arms: Sequence[Sequence[GameSummary]], seats: int
) -> list[list[PairedEffect]]:
    """Per arm (in order), the ``PairedEffect`` of every measure against ``base``; p-values
    Holm-adjusted over all arms and measures together."""
    names = measure_names(seats)
    raw = [
        [mean_estimate(paired_differences(base, games, name)) for name in names] for games in arms
    ]
    ps = [[paired_p(e) for e in row] for row in raw]
    flat = holm([p for row in ps for p in row])
    adjusted = [[flat[a * len(names) + k] for a in range(len(arms))] for k in range(len(names))]
    return [
        [
            PairedEffect(
                measure=name,
                difference=raw[a][k],
                p=ps[a][k],
                p_holm=adjusted[k][a],
                detectable=detectable_effect(raw[a][k].sd, raw[a][k].n),
            )
            for k, name in enumerate(names)
        ]
        for a in range(len(arms))
    ]
