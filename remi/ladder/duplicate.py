"""The duplicate tournament of ``remi ladder``: 2-4 players, the same deals with the bots rotated.

For each pair of bot kinds (A, B) and each deal seed, the deal is played once per *seating*: each
kind holds half the seats, in every such arrangement (the alternating A B A B ... first), so that
over a deal both kinds sit in every seat equally often on the same tiles (``seatings``). Bots are seeded from the deal seed and seat as in ``remi.simulate``.

Per game: the points difference is the mean hand score (``Variant.score``; docs/rules.md §1.12,
§2.9) of A's seats minus B's; A wins when its best seat scores more than B's best (a tie counts
half). The statistics are per *deal* (the mean over its seatings), so each interval is over
deals and the pairing of a deal's games is respected: a t interval for the points, for the win
rate the wider of a t and a Wilson interval (``remi.stats.share_of_values``: never
empty with few deals). Ratings: Bradley-Terry on
every game's win (``remi.ladder.rating``). The feeding measure (``remi.ladder.feeding``) is summed
per bot kind over every game it played.
"""

from __future__ import annotations

import time
from collections import defaultdict
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from itertools import combinations

import attrs

from remi.ladder.feeding import FeedCount, TurnTrace, feeding
from remi.ladder.rating import bradley_terry
from remi.stats import Estimate, mean_estimate, share_of_values

__all__ = [
    "DealResult",
    "DuplicatePair",
    "DuplicateReport",
    "duplicate_ladder",
    "play_duplicate_deal",
    "seatings",
]


def seatings(a: str, b: str, players: int) -> list[tuple[str, ...]]:
    """Every seating of one deal: each kind holds half the seats (an odd table: one more or one
    fewer), in every such arrangement, so that over a deal both kinds sit in every seat equally
    often on the same tiles. The alternating ones come first (A B A B ..., every rotation
    starting with A, then with B), then the others in seat order.

    2 players: ``[(a, b), (b, a)]``; 3 players: 6 seatings; 4 players: 6,
    ``[(a, b, a, b), (b, a, b, a), (a, a, b, b), (a, b, b, a), (b, a, a, b), (b, b, a, a)]``.
    Raises ``ValueError`` below 2 players.
    """
    if players < 2:
        raise ValueError(f"a duplicate deal needs 2 or more seats, not {players}")
    out: list[tuple[str, ...]] = []
    for first, second in ((a, b), (b, a)):
        pattern = tuple(first if s % 2 == 0 else second for s in range(players))
        for r in range(players):
            seating = pattern[r:] + pattern[:r]
            if seating not in out:
                out.append(seating)
    for count in sorted({players // 2, (players + 1) // 2}):
        for seats in combinations(range(players), count):
            seating = tuple(a if s in seats else b for s in range(players))
            if seating not in out:
                out.append(seating)
    return out


@attrs.frozen(kw_only=True)
class DealResult:
    """One deal of one pair, every seating played.

    Attributes:
        points: per game, mean score of A's seats minus B's (points).
        wins: per game, 1 when A's best seat outscored B's, 0.5 a tie, else 0.
        feeds: bot kind -> its feeding counts over the deal's games.
        cpu_seconds: CPU time of the deal's games.
    """

    points: tuple[float, ...]
    wins: tuple[float, ...]
    feeds: Mapping[str, FeedCount]
    cpu_seconds: float


def _play(
    kinds: Sequence[str], seed: int, rules_source: tuple[str, tuple[tuple[str, str], ...]]
) -> tuple[list[int], tuple[FeedCount, ...]]:
    """Scores per seat and feeding counts of one game."""
    from remi.bots import make_bot, play_hand
    from remi.core.presets import load_rules
    from remi.core.variant import variant_for_rules
    from remi.simulate import bot_seed

    rules = load_rules(rules_source[0], dict(rules_source[1]))
    variant = variant_for_rules(rules)
    state = variant.new_game(rules, len(kinds), seed=seed)
    bots = [make_bot(k, bot_seed(seed, s)) for s, k in enumerate(kinds)]
    turns: list[TurnTrace] = []
    start = (variant.current_player(state), variant.tile_zones(state))

    def on_action(before: object, action: object, after: object) -> None:
        nonlocal start
        seat = variant.current_player(after)
        if variant.is_over(after) or seat != start[0]:
            zones = variant.tile_zones(after)
            turns.append(TurnTrace(seat=start[0], start=start[1], end=zones))
            start = (seat, zones)

    end, _ = play_hand(state, bots, on_action=on_action)
    return [p.score for p in variant.score(end)], feeding(turns, len(kinds))


def play_duplicate_deal(
    a: str, b: str, seed: int, *, players: int, preset: str, overrides: Mapping[str, str]
) -> DealResult:
    """The deal ``seed`` of the pair (A, B) at ``players`` seats, every seating (``seatings``).

    Raises:
        BotError: a bot chose an illegal action.
        RemiError: a bad preset or override.
    """
    cpu = time.process_time()
    source = (preset, tuple(sorted(overrides.items())))
    points: list[float] = []
    wins: list[float] = []
    feeds: dict[str, FeedCount] = {a: FeedCount(), b: FeedCount()}
    for kinds in seatings(a, b, players):
        scores, counts = _play(kinds, seed, source)
        mine = [s for s, k in zip(scores, kinds, strict=True) if k == a]
        theirs = [s for s, k in zip(scores, kinds, strict=True) if k == b]
        points.append(sum(mine) / len(mine) - sum(theirs) / len(theirs))
        best_a, best_b = max(mine), max(theirs)
        wins.append(1.0 if best_a > best_b else 0.5 if best_a == best_b else 0.0)
        for kind, count in zip(kinds, counts, strict=True):
            feeds[kind] = feeds[kind] + count
    return DealResult(
        points=tuple(points),
        wins=tuple(wins),
        feeds=feeds,
        cpu_seconds=time.process_time() - cpu,
    )


@attrs.frozen(kw_only=True)
class DuplicatePair:
    """The duplicate figures of one pair.

    Attributes:
        a: the first bot kind.
        b: the second bot kind.
        deals: deals played.
        hands: games (hands) played: deals x seatings.
        points_per_hand: mean A - B points per hand, t 95 % interval over the deals.
        win_rate: A's share of the games won, 95 % interval over the deals
            (``remi.stats.share_of_values``).
        wins: A's games won (ties half), for the ratings.
    """

    a: str
    b: str
    deals: int
    hands: int
    points_per_hand: Estimate
    win_rate: Estimate
    wins: float

    def to_dict(self) -> dict[str, object]:
        """``{a, b, points_per_hand, ci95: [low, high], win_rate, win_ci95, hands, deals}``
        (``ci95`` is ``[null, null]`` from a single deal)."""
        p, w = self.points_per_hand, self.win_rate
        return {
            "a": self.a,
            "b": self.b,
            "points_per_hand": round(p.mean, 2),
            # one deal gives no t interval (its sd is unknown): null, never [x, x]
            "ci95": [round(p.low, 2), round(p.high, 2)] if self.deals > 1 else [None, None],
            "win_rate": round(w.mean, 4),
            "win_ci95": [round(w.low, 4), round(w.high, 4)],
            "hands": self.hands,
            "deals": self.deals,
        }


@attrs.frozen(kw_only=True)
class DuplicateReport:
    """A whole duplicate tournament.

    Attributes:
        pairs: the figures of every pair, in the order of ``kinds``.
        ratings: bot kind -> Bradley-Terry rating (Elo scale, mean 1500).
        feeding: bot kind -> feeding counts over all its games.
        players: seats per game.
        cpu_per_hand: mean CPU seconds per hand (all seats).
    """

    pairs: tuple[DuplicatePair, ...]
    ratings: Mapping[str, float]
    feeding: Mapping[str, FeedCount]
    players: int
    cpu_per_hand: float

    def to_dict(self) -> dict[str, object]:
        """JSON-ready: ``pairs``, ``ratings``, ``feeding`` (per bot: discards, fed, fed_sir,
        fed_break and their rates per discard, None without discards), ``players``, ``cpu_per_hand``."""

        def rate(n: int, d: int) -> float | None:
            return round(n / d, 4) if d else None

        return {
            "players": self.players,
            "pairs": [p.to_dict() for p in self.pairs],
            "ratings": dict(self.ratings),
            "feeding": {
                k: {
                    "discards": f.discards,
                    "fed": f.fed,
                    "fed_sir": f.fed_sir,
                    "fed_rate": rate(f.fed, f.discards),
                    "fed_sir_rate": rate(f.fed_sir, f.discards),
                    "fed_break": f.fed_break,
                    "fed_break_rate": rate(f.fed_break, f.discards),
                }
                for k, f in self.feeding.items()
            },
            "cpu_per_hand": round(self.cpu_per_hand, 3),
        }


#: One deal of one pair: bot kinds A and B, the deal seed, seats, preset, rule overrides.
_Task = tuple[str, str, int, int, str, tuple[tuple[str, str], ...]]


def _task(args: _Task) -> DealResult:
    a, b, seed, players, preset, overrides = args
    return play_duplicate_deal(
        a, b, seed, players=players, preset=preset, overrides=dict(overrides)
    )


def duplicate_ladder(
    kinds: Sequence[str],
    deals: int,
    *,
    players: int = 2,
    seed: int = 0,
    preset: str = "remi-pe-tabla",
    overrides: Mapping[str, str] | None = None,
    jobs: int = 1,
    scheduler: str | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> DuplicateReport:
    """Every pair of ``kinds`` over ``deals`` duplicate deals (seeds ``seed .. seed+deals-1``)
    at ``players`` seats, on ``jobs`` local processes or the Dask cluster at ``scheduler``
    (``tcp://host:8786``, as ``remi simulate``; overrides ``jobs``); ``progress(done, total)``
    after each deal. The report is the same however the deals are run.

    Raises:
        ValueError: fewer than two different bots (``remi.bots.distinct_bots``: one kind with
            other settings is another bot, ``club`` and ``club:samples=4``).
        SettingError: a bot spec of bad syntax.
        BotError: an unknown kind; NoStrategyError: a kind that refuses the rules (before play).
        RemiError: a bad preset or ``--set`` override.
        SimulationError: ``dask.distributed`` missing, the scheduler unreachable, a worker of
            another program version.
    """
    from remi.bots import check_bots, distinct_bots
    from remi.core.presets import load_rules

    kinds = distinct_bots(kinds)
    if len(kinds) < 2:
        raise ValueError(f"a ladder needs at least two different bots, got {kinds}")
    over = tuple(sorted((overrides or {}).items()))
    check_bots(kinds, load_rules(preset, dict(over)))
    pairs = list(combinations(kinds, 2))
    tasks = [(a, b, seed + i, players, preset, over) for a, b in pairs for i in range(deals)]
    results: list[DealResult] = []
    for done, result in enumerate(_run(tasks, jobs, scheduler), start=1):
        results.append(result)
        if progress is not None:
            progress(done, len(tasks))
    out: list[DuplicatePair] = []
    wins: dict[tuple[str, str], float] = {}
    feeds: dict[str, FeedCount] = defaultdict(FeedCount)
    for p, (a, b) in enumerate(pairs):
        mine = results[p * deals : (p + 1) * deals]
        games = sum(len(r.points) for r in mine)
        won = sum(sum(r.wins) for r in mine)
        wins[(a, b)], wins[(b, a)] = won, games - won
        for r in mine:
            for kind, count in r.feeds.items():
                feeds[kind] = feeds[kind] + count
        out.append(
            DuplicatePair(
                a=a,
                b=b,
                deals=len(mine),
                hands=games,
                points_per_hand=mean_estimate([sum(r.points) / len(r.points) for r in mine]),
                win_rate=share_of_values([sum(r.wins) / len(r.wins) for r in mine]),
                wins=won,
            )
        )
    hands = sum(len(r.points) for r in results)
    return DuplicateReport(
        pairs=tuple(out),
        ratings=bradley_terry(kinds, wins),
        feeding={k: feeds[k] for k in kinds},
        players=players,
        cpu_per_hand=sum(r.cpu_seconds for r in results) / hands if hands else 0.0,
    )


def _run(tasks: list[_Task], jobs: int, scheduler: str | None = None) -> Iterator[DealResult]:
    """The deals' results in task order, in this process, on ``jobs`` worker processes or on
    the Dask cluster at ``scheduler``."""
    if scheduler is not None:
        yield from _run_dask(tasks, scheduler)
        return
    if jobs <= 1:
        yield from map(_task, tasks)
        return
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        yield from pool.map(_task, tasks)


def _run_dask(tasks: list[_Task], address: str) -> Iterator[DealResult]:
    """The deals' results in task order, each deal a task on the Dask cluster at ``address``
    whose workers run this program version (``remi.simulate.run.check_worker_versions``).

    Raises:
        SimulationError: ``dask.distributed`` missing, the scheduler unreachable, a worker of
            another version.
    """
    from remi.simulate.run import dask_client

    with dask_client(address) as client:
        futures = [client.submit(_task, task, pure=False) for task in tasks]
        for fut in futures:
            yield fut.result()
