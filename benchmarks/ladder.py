"""Greedy against random: paired 2-player hands (issue 4 acceptance, the greedy-bot figure).

Each deal (seed) is played twice with the seats swapped, so both bots get the 15-tile first
seat once. A pair counts as one "hand" per game: the greedy bot wins a game when its hand score
is higher than the random bot's (PD 13 scoring via ``remi.results.score_state``). Prints the win
rate over all games with a 95 % Wilson interval and the mean score difference (greedy - random)
with a 95 % normal interval.

Usage::

    python benchmarks/ladder.py [--hands 200] [--seed 0] [--a greedy] [--b random]
"""

from __future__ import annotations

import argparse
import math
import statistics
import time

from remi.bots import make_bot, play_hand
from remi.results import score_state
from remi.rules import load_rules
from remi.state import new_game


def paired_games(hands: int, seed: int = 0, a: str = "greedy", b: str = "random") -> list[int]:
    """Score differences (``a`` - ``b``, points) of ``hands`` games: ``hands // 2`` deals, each
    played with ``a`` in seat 1 and then in seat 2 (bots seeded from the deal seed)."""
    rules = load_rules()
    diffs: list[int] = []
    for i in range(hands // 2):
        deal_seed = seed + i
        for a_seat in (0, 1):
            kinds = [a, b] if a_seat == 0 else [b, a]
            bots = [make_bot(k, deal_seed * 7 + s) for s, k in enumerate(kinds)]
            end, _ = play_hand(new_game(rules, 2, seed=deal_seed), bots)
            scores = [p.score for p in score_state(end)]
            diffs.append(scores[a_seat] - scores[1 - a_seat])
    return diffs


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """95 % Wilson score interval of a proportion ``wins / n``."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (centre - half, centre + half)


def main() -> None:
    """Run the ladder and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200, help="games in all (pairs x 2)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--a", default="greedy")
    parser.add_argument("--b", default="random")
    args = parser.parse_args()
    start = time.perf_counter()
    diffs = paired_games(args.hands, args.seed, args.a, args.b)
    seconds = time.perf_counter() - start
    n = len(diffs)
    wins = sum(1 for d in diffs if d > 0)
    ties = sum(1 for d in diffs if d == 0)
    low, high = wilson(wins, n)
    mean = statistics.fmean(diffs)
    half = 1.96 * statistics.stdev(diffs) / math.sqrt(n) if n > 1 else float("nan")
    print(f"{args.a} vs {args.b}: {n} games ({n // 2} deals, seats swapped), {seconds:.1f} s")
    print(f"{args.a} wins {wins}/{n} = {wins / n:.1%} (95% CI {low:.1%}-{high:.1%}), ties {ties}")
    print(f"mean score difference {mean:+.1f} points (95% CI {mean - half:+.1f} to {mean + half:+.1f})")


if __name__ == "__main__":
    main()
