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
- each seat's hand score (mean and standard deviation, as the family scores a hand: docs/rules.md §1.12, §2.9);
- the first-seat advantage: seat 1's score minus the mean of the other seats, and how often
  seat 1 has the single highest score.

Games run in one process, over local processes (``jobs``, ``concurrent.futures``) or on a Dask
cluster (``scheduler``, the optional ``remi-rummy[distributed]`` extra); results are sorted by
preset and seed, so every way gives the same report for the same seeds. Games cross process
boundaries as plain tuples of numbers only. ``plot_report`` draws the distributions with
matplotlib (the optional ``remi-rummy[plot]`` extra).

The intervals, per-preset figures and paired differences are ``remi.stats`` (its public names
are re-exported here).
"""

from __future__ import annotations

import math
import multiprocessing
import multiprocessing.context
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path
from typing import Any

import attrs

from remi.core.errors import RemiError
from remi.stats import (
    Estimate,
    GameSummary,
    PresetDifference,
    PresetStats,
    mean_estimate,
    preset_difference,
    preset_stats,
    share_estimate,
    t_quantile,
)

__all__ = [
    "Estimate",
    "GameSummary",
    "PresetDifference",
    "PresetStats",
    "SimulationError",
    "SimulationReport",
    "bot_seed",
    "mean_estimate",
    "play_batch",
    "play_game",
    "plot_report",
    "preset_difference",
    "preset_stats",
    "share_estimate",
    "simulate",
    "t_quantile",
]

#: Progress callback: ``progress(games_done, games_total)``.
Progress = Callable[[int, int], None]
#: Rule overrides of every preset of a run: ``(rule id, value)`` pairs, as ``--set`` gives them.
Overrides = tuple[tuple[str, Any], ...]


class SimulationError(RemiError, ValueError):
    """Bad simulation input (game count, bot list, seats) or a missing optional extra."""


_MAX_GAMES = 10_000_000  # hands per preset; more would overflow the seed ranges (and never finish)


# --- one game ------------------------------------------------------------------------------------


def bot_seed(deal_seed: int, seat: int) -> int:
    """The seed of the bot at ``seat`` (0-based) for the deal ``deal_seed`` (same under every
    preset, so presets are compared on the same deals and the same bot choices of chance)."""
    return deal_seed * 16 + seat


def play_game(
    preset: str, seed: int, bots: Sequence[str], overrides: Overrides = ()
) -> GameSummary:
    """Play one seeded hand of ``preset`` (with the rule ``overrides``, ``(rule id, value)``
    pairs as ``--set`` gives them) with one bot kind per seat and summarise it.

    Raises:
        RulesError / UnknownVariantError: an unknown preset; BotError: an unknown bot kind or a
        bot defect; RemiError: a seat count the preset does not allow.
    """
    from remi.bots import make_bot, play_hand
    from remi.core.presets import load_rules
    from remi.core.variant import variant_for_rules

    rules = load_rules(preset, dict(overrides))
    variant = variant_for_rules(rules)
    players = [make_bot(kind, bot_seed(seed, s)) for s, kind in enumerate(bots)]
    state = variant.new_game(rules, len(bots), seed=seed)
    seat_turns: list[set[int]] = [set() for _ in bots]
    first_open: list[int | None] = [None] * len(bots)

    def observe(before: Any, action: Any, after: Any) -> None:
        seat = variant.current_player(before)
        summary = variant.hand_summary(before)
        seat_turns[seat].add(summary.turns)
        if first_open[seat] is None and not summary.opened[seat]:
            if variant.hand_summary(after).opened[seat]:
                first_open[seat] = len(seat_turns[seat])

    end, _ = play_hand(state, players, on_action=observe)
    scores = tuple(int(p.score) for p in variant.score(end))
    final = variant.hand_summary(end)
    return GameSummary(
        preset=rules.name,
        seed=seed,
        turns=final.turns,
        closed=final.closed,
        first_open=tuple(first_open),
        scores=scores,
    )


def play_batch(
    preset: str, seeds: Sequence[int], bots: Sequence[str], overrides: Overrides = ()
) -> list[tuple[Any, ...]]:
    """Play ``seeds`` under ``preset`` with ``overrides``; the summaries as plain tuples (for
    worker processes and Dask workers)."""
    return [play_game(preset, s, bots, overrides).as_tuple() for s in seeds]


# --- a run ----------------------------------------------------------------------------------------


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


def _validate(
    presets: Sequence[str], games: int, bots: Sequence[str], jobs: int, overrides: Overrides = ()
) -> list[str]:
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
        rules = load_rules(p, dict(overrides))
        low, high = int(rules.get("players.min")), int(rules.get("players.max"))
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
    overrides: Mapping[str, Any] | None = None,
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
        overrides: rule id -> value, applied to every preset (``remi simulate --set``).

    Returns:
        The ``SimulationReport``; it is the same for any ``jobs``/``scheduler`` given the seeds.

    Raises:
        SimulationError: bad counts, unknown bot kinds, a seat count a preset refuses, a missing
            ``dask.distributed`` for ``scheduler``. RulesError: an unknown preset.
    """
    changes: Overrides = tuple((overrides or {}).items())
    names = _validate(presets, games, bots, jobs, changes)
    seeds = list(range(seed, seed + games))
    total = games * len(names)
    workers = jobs if scheduler is None else 8
    size = batch_size or max(1, min(50, math.ceil(games / (workers * 4))))
    batches = _batches(names, seeds, size)
    kinds = tuple(bots)
    rows: list[tuple[Any, ...]] = []
    done = 0
    if scheduler is not None:
        rows = _run_dask(scheduler, batches, kinds, progress, total, changes)
    elif jobs == 1:
        for preset, batch in batches:
            rows.extend(play_batch(preset, batch, kinds, changes))
            done += len(batch)
            if progress is not None:
                progress(done, total)
    else:
        with ProcessPoolExecutor(max_workers=jobs, mp_context=_mp_context()) as pool:
            futures = [
                pool.submit(play_batch, preset, batch, kinds, changes) for preset, batch in batches
            ]
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
    overrides: Overrides = (),
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
    try:
        client = Client(address, timeout=10)  # type: ignore[no-untyped-call]
    except (OSError, ValueError, TimeoutError) as exc:
        raise SimulationError(
            f"--scheduler {address}: cannot reach the scheduler ({exc})"
        ) from None
    with client:
        futures = [
            client.submit(play_batch, preset, batch, kinds, overrides, pure=False)
            for preset, batch in batches
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
