"""Simulation: batches of seeded bot games under several presets, and their statistics.

Issue 6 (``remi simulate``). ``simulate(presets, games=N, seed=S, bots=...)`` plays the same
deals (seeds ``S .. S+N-1``, the same bot seeds) under every preset and returns a
``SimulationReport``: per preset, and as paired differences against the first preset, with 95 %
confidence intervals:

- hand length in turns (turns ended when the hand ended);
- the share of hands closed (închidere; Rummikub-style: a player went out) rather than ended by
  an exhausted stock (or a blocked pool);
- each seat's first opening (etalare / initial meld), as the number of his own turns it took,
  and the share of hands in which he never opened;
- each seat's hand score (mean and standard deviation, PD 13 / §B scoring of the variant);
- the first-seat advantage: seat 1's score minus the mean of the other seats, and how often
  seat 1 has the single highest score.

Games run in one process, over local processes (``jobs``, ``concurrent.futures``) or on a Dask
cluster (``scheduler``, the optional ``remi-rummy[distributed]`` extra); results are sorted by
preset and seed, so every way gives the same report for the same seeds. Games cross process
boundaries as plain tuples of numbers only. ``plot_report`` draws the distributions with
matplotlib (the optional ``remi-rummy[plot]`` extra).

Intervals: Wilson for shares; Student t (Cornish-Fisher quantile) for means; paired
differences are per-deal differences (same seed under both presets).
"""

from __future__ import annotations

import math
import multiprocessing
import multiprocessing.context
import statistics
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path
from typing import Any

import attrs

from remi.core.errors import RemiError

__all__ = [
    "Estimate",
    "GameSummary",
    "PresetStats",
    "SimulationError",
    "SimulationReport",
    "mean_estimate",
    "play_batch",
    "play_game",
    "plot_report",
    "share_estimate",
    "simulate",
    "t_quantile",
]

#: Progress callback: ``progress(games_done, games_total)``.
Progress = Callable[[int, int], None]


class SimulationError(RemiError, ValueError):
    """Bad simulation input (game count, bot list, seats) or a missing optional extra."""


_MAX_GAMES = 10_000_000  # hands per preset; more would overflow the seed ranges (and never finish)

# --- statistics ------------------------------------------------------------------------------


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


# --- one game ------------------------------------------------------------------------------------


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


def _turns(state: Any) -> int:
    """Turns ended so far, in either family (``turns_ended`` in Remi, ``turns`` otherwise)."""
    value = getattr(state, "turns_ended", None)
    return int(value if value is not None else state.turns)


def _opened(state: Any) -> tuple[bool, ...]:
    players = getattr(state, "players", None)
    if players is not None:
        return tuple(bool(p.opened) for p in players)
    return tuple(bool(x) for x in state.opened)


def _closed(state: Any) -> bool:
    result = getattr(state, "result", None)
    if result is not None and hasattr(result, "closed_by"):
        return result.closed_by is not None
    end = getattr(state, "end", None)
    return end is not None and getattr(end, "value", None) == "out"


def bot_seed(deal_seed: int, seat: int) -> int:
    """The seed of the bot at ``seat`` (0-based) for the deal ``deal_seed`` (same under every
    preset, so presets are compared on the same deals and the same bot choices of chance)."""
    return deal_seed * 16 + seat


def play_game(preset: str, seed: int, bots: Sequence[str]) -> GameSummary:
    """Play one seeded hand of ``preset`` with one bot kind per seat and summarise it.

    Raises:
        RulesError / UnknownVariantError: an unknown preset; BotError: an unknown bot kind or a
        bot defect; RemiError: a seat count the preset does not allow.
    """
    from remi.bots import make_bot, play_hand
    from remi.core.presets import load_rules
    from remi.core.variant import variant_for_rules

    rules = load_rules(preset)
    variant = variant_for_rules(rules)
    players = [make_bot(kind, bot_seed(seed, s)) for s, kind in enumerate(bots)]
    state = variant.new_game(rules, len(bots), seed=seed)
    seat_turns: list[set[int]] = [set() for _ in bots]
    first_open: list[int | None] = [None] * len(bots)

    def observe(before: Any, action: Any, after: Any) -> None:
        seat = variant.current_player(before)
        seat_turns[seat].add(_turns(before))
        if first_open[seat] is None:
            if _opened(after)[seat] and not _opened(before)[seat]:
                first_open[seat] = len(seat_turns[seat])

    end, _ = play_hand(state, players, on_action=observe)
    scores = tuple(int(p.score) for p in variant.score(end))
    return GameSummary(
        preset=rules.name,
        seed=seed,
        turns=_turns(end),
        closed=_closed(end),
        first_open=tuple(first_open),
        scores=scores,
    )


def play_batch(preset: str, seeds: Sequence[int], bots: Sequence[str]) -> list[tuple[Any, ...]]:
    """Play ``seeds`` under ``preset``; the summaries as plain tuples (for worker processes and
    Dask workers)."""
    return [play_game(preset, s, bots).as_tuple() for s in seeds]


# --- statistics of a run -------------------------------------------------------------------------


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


@attrs.frozen(kw_only=True)
class SimulationReport:
    """The result of ``simulate``.

    Attributes:
        presets: the preset names, in the order given (the first is the reference).
        games: hands per preset.
        seed: the first deal seed.
        bots: the bot kind per seat.
        stats: per preset, its ``PresetStats`` (same order as ``presets``).
        differences: each later preset against the first (``PresetDifference``).
        summaries: every hand's ``GameSummary``, by preset then seed.
    """

    presets: tuple[str, ...]
    games: int
    seed: int
    bots: tuple[str, ...]
    stats: tuple[PresetStats, ...]
    differences: tuple[PresetDifference, ...]
    summaries: tuple[GameSummary, ...]

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: ``presets``, ``games``, ``seed``, ``bots``, ``players``, ``stats`` (list of
        ``PresetStats.to_dict``), ``differences`` (list of ``PresetDifference.to_dict``)."""
        return {
            "presets": list(self.presets),
            "games": self.games,
            "seed": self.seed,
            "bots": list(self.bots),
            "players": len(self.bots),
            "stats": [s.to_dict() for s in self.stats],
            "differences": [d.to_dict() for d in self.differences],
        }


# --- running ------------------------------------------------------------------------------------


def _batches(
    presets: Sequence[str], seeds: Sequence[int], size: int
) -> list[tuple[str, tuple[int, ...]]]:
    return [(p, tuple(seeds[i : i + size])) for p in presets for i in range(0, len(seeds), size)]


def _validate(presets: Sequence[str], games: int, bots: Sequence[str], jobs: int) -> list[str]:
    """Load every preset and check the seat count and bot kinds; the canonical preset names."""
    from remi.bots import BOT_KINDS
    from remi.core.presets import load_rules

    if games < 1:
        raise SimulationError(f"--games must be at least 1, got {games}")
    if games > _MAX_GAMES:
        raise SimulationError(f"--games must be at most {_MAX_GAMES}, got {games}")
    if jobs < 1:
        raise SimulationError(f"--jobs must be at least 1, got {jobs}")
    if not presets:
        raise SimulationError("give at least one preset (--rules)")
    for kind in bots:
        if kind not in BOT_KINDS:
            raise SimulationError(f"unknown bot kind '{kind}'; known: {', '.join(BOT_KINDS)}")
    names: list[str] = []
    for p in presets:
        rules = load_rules(p)
        low = getattr(rules, "players_min", 2)
        high = getattr(rules, "players_max", 4)
        if not low <= len(bots) <= high:
            raise SimulationError(
                f"preset '{rules.name}' plays {low}-{high} players, not {len(bots)} (--bots '{','.join(bots)}')"
            )
        names.append(p)
    if len(set(names)) != len(names):
        raise SimulationError(f"a preset is given twice: {', '.join(names)}")
    return names


def simulate(
    presets: Sequence[str],
    *,
    games: int,
    seed: int = 0,
    bots: Sequence[str] = ("greedy",) * 4,
    jobs: int = 1,
    scheduler: str | None = None,
    batch_size: int | None = None,
    progress: Progress | None = None,
) -> SimulationReport:
    """Play ``games`` seeded hands (seeds ``seed .. seed+games-1``) under every preset.

    Args:
        presets: preset names or rule files; the first is the reference of the differences.
        games: hands per preset (1 to 10,000,000).
        seed: the first deal seed.
        bots: one bot kind per seat (``remi.bots.BOT_KINDS``).
        jobs: local worker processes (1 = this process).
        scheduler: a Dask scheduler address (``tcp://host:8786``); overrides ``jobs``.
        batch_size: hands per batch sent to a worker (default: about four batches per worker).
        progress: called as ``progress(done, total)`` after each batch.

    Returns:
        The ``SimulationReport``; it is the same for any ``jobs``/``scheduler`` given the seeds.

    Raises:
        SimulationError: bad counts, unknown bot kinds, a seat count a preset refuses, a missing
            ``dask.distributed`` for ``scheduler``. RulesError: an unknown preset.
    """
    names = _validate(presets, games, bots, jobs)
    seeds = list(range(seed, seed + games))
    total = games * len(names)
    workers = jobs if scheduler is None else 8
    size = batch_size or max(1, min(50, math.ceil(games / (workers * 4))))
    batches = _batches(names, seeds, size)
    kinds = tuple(bots)
    rows: list[tuple[Any, ...]] = []
    done = 0
    if scheduler is not None:
        rows = _run_dask(scheduler, batches, kinds, progress, total)
    elif jobs == 1:
        for preset, batch in batches:
            rows.extend(play_batch(preset, batch, kinds))
            done += len(batch)
            if progress is not None:
                progress(done, total)
    else:
        with ProcessPoolExecutor(max_workers=jobs, mp_context=_mp_context()) as pool:
            futures = [pool.submit(play_batch, preset, batch, kinds) for preset, batch in batches]
            for fut in as_completed(futures):
                part = fut.result()
                rows.extend(part)
                done += len(part)
                if progress is not None:
                    progress(done, total)
    return _report(names, games, seed, kinds, rows)


def _mp_context() -> multiprocessing.context.BaseContext:
    """``forkserver`` where it exists (POSIX): workers start from a clean single-threaded server
    rather than forking a parent that may run threads (the CLI's progress bar); else the
    platform default (``spawn`` on Windows and macOS)."""
    if "forkserver" in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("forkserver")
    return multiprocessing.get_context()


def _run_dask(
    address: str,
    batches: list[tuple[str, tuple[int, ...]]],
    kinds: tuple[str, ...],
    progress: Progress | None,
    total: int,
) -> list[tuple[Any, ...]]:
    try:
        from dask.distributed import Client
        from dask.distributed import as_completed as dask_completed
    except ImportError:
        raise SimulationError(
            "--scheduler needs dask.distributed: pip install 'remi-rummy[distributed]'"
        ) from None
    rows: list[tuple[Any, ...]] = []
    done = 0
    with Client(address) as client:  # type: ignore[no-untyped-call]
        futures = [
            client.submit(play_batch, preset, batch, kinds, pure=False) for preset, batch in batches
        ]
        for fut in dask_completed(futures):  # type: ignore[no-untyped-call]
            part = fut.result()
            rows.extend(tuple(r) for r in part)
            done += len(part)
            if progress is not None:
                progress(done, total)
    return rows


def _report(
    names: list[str], games: int, seed: int, kinds: tuple[str, ...], rows: list[tuple[Any, ...]]
) -> SimulationReport:
    summaries = [GameSummary.from_tuple(r) for r in rows]
    order = {}
    from remi.core.presets import load_rules

    canonical = [load_rules(n).name for n in names]
    for i, c in enumerate(canonical):
        order[c] = i
    summaries.sort(key=lambda g: (order[g.preset], g.seed))
    per = {c: [g for g in summaries if g.preset == c] for c in canonical}
    stats = tuple(preset_stats(c, per[c]) for c in canonical)
    diffs = tuple(
        preset_difference(canonical[0], c, per[canonical[0]], per[c]) for c in canonical[1:]
    )
    return SimulationReport(
        presets=tuple(canonical),
        games=games,
        seed=seed,
        bots=kinds,
        stats=stats,
        differences=diffs,
        summaries=tuple(summaries),
    )


# --- plotting -----------------------------------------------------------------------------------


def plot_report(report: SimulationReport, path: str | Path) -> Path:
    """Draw the distributions of ``report`` into an image file (PNG, or any matplotlib format
    by the file's suffix): hand length, first opening turn, and score per seat, one colour per
    preset.

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
    out = Path(path)
    seats = len(report.bots)
    fig, axes = plt.subplots(1, 3, figsize=(15, 4.5))
    ax_turns, ax_open, ax_scores = axes
    for preset in report.presets:
        games = [g for g in report.summaries if g.preset == preset]
        ax_turns.hist([g.turns for g in games], bins=20, alpha=0.5, label=preset)
        opens = [f for g in games for f in g.first_open if f is not None]
        ax_open.hist(opens, bins=range(1, max(opens, default=1) + 2), alpha=0.5, label=preset)
    ax_turns.set_title("hand length (turns)")
    ax_open.set_title("first opening (own turns)")
    data = []
    labels = []
    for preset in report.presets:
        games = [g for g in report.summaries if g.preset == preset]
        for s in range(seats):
            data.append([g.scores[s] for g in games])
            labels.append(f"{preset}\np{s + 1}")
    ax_scores.boxplot(data)
    ax_scores.set_xticks(range(1, len(labels) + 1), labels, fontsize=7, rotation=60)
    ax_scores.set_title("hand score per seat (points)")
    for ax in (ax_turns, ax_open):
        ax.legend()
    fig.suptitle(
        f"{' vs '.join(report.presets)}: {report.games} hands each, bots {','.join(report.bots)}, seed {report.seed}"
    )
    fig.tight_layout()
    fig.savefig(out)
    plt.close(fig)
    return out
