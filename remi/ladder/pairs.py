"""The 2-player bot ladder: every pair of bot kinds over paired 2-player deals, with 95 % intervals.

For a pair (A, B) each deal seed is played twice, A in seat 1 and then B in seat 1
(the seats swapped), so both get the 15-tile first seat once on the same tiles. A game is won by
the higher hand score (``variant.score``; docs/rules.md §1.12, §2.9). Reported per pair: A's win
rate over the games (ties are neither), with its interval over the deals (A's share of each
deal's two games; ``remi.stats.share_of_values``, never empty with few deals), and the mean
score difference A - B per deal (the mean of the two games, t interval over deals). Both
intervals are over deals, so the pairing of a deal's two games is respected.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

import attrs

from remi.stats import Estimate, mean_estimate, share_of_values

__all__ = ["PairResult", "ladder", "paired_deal"]


@attrs.frozen(kw_only=True)
class PairResult:
    """The ladder figures of one pair.

    Attributes:
        a: the first bot kind.
        b: the second bot kind.
        games: games played (2 per deal).
        wins: games A scored more than B.
        ties: games with equal scores.
        win_rate: A's wins / games, 95 % interval over the deals (``share_of_values``).
        score_difference: mean A - B score per deal (points), t 95 % interval.
    """

    a: str
    b: str
    games: int
    wins: int
    ties: int
    win_rate: Estimate
    score_difference: Estimate

    def to_dict(self) -> dict[str, object]:
        """JSON-ready figures."""
        return {
            "a": self.a,
            "b": self.b,
            "games": self.games,
            "wins": self.wins,
            "ties": self.ties,
            "win_rate": self.win_rate.to_dict(),
            "score_difference": self.score_difference.to_dict(),
        }


def paired_deal(a: str, b: str, seed: int, preset: str = "remi-pe-tabla") -> tuple[int, int]:
    """Score differences A - B (points) of the deal ``seed`` played with A in seat 1, then in
    seat 2 (bots seeded from the deal seed and seat, as in ``remi.simulate``)."""
    from remi.bots import make_bot, play_hand
    from remi.core.presets import load_rules
    from remi.core.variant import variant_for_rules
    from remi.simulate import bot_seed

    rules = load_rules(preset)
    variant = variant_for_rules(rules)
    out: list[int] = []
    for a_seat in (0, 1):
        kinds = (a, b) if a_seat == 0 else (b, a)
        bots = [make_bot(k, bot_seed(seed, s)) for s, k in enumerate(kinds)]
        end, _ = play_hand(variant.new_game(rules, 2, seed=seed), bots)
        scores = [p.score for p in variant.score(end)]
        out.append(scores[a_seat] - scores[1 - a_seat])
    return out[0], out[1]


def ladder(
    kinds: Sequence[str], deals: int, *, seed: int = 0, preset: str = "remi-pe-tabla"
) -> list[PairResult]:
    """Every pair of ``kinds`` (in the given order) over ``deals`` paired deals (seeds
    ``seed .. seed+deals-1``).

    Raises:
        NoStrategyError: a bot kind that does not play the preset's rules (``check_bots``,
            naming the rule), before any deal is played.
    """
    from remi.bots import check_bots
    from remi.core.presets import load_rules

    check_bots(kinds, load_rules(preset))
    results: list[PairResult] = []
    for a, b in combinations(kinds, 2):
        per_deal: list[float] = []
        deal_wins: list[float] = []
        games: list[int] = []
        for i in range(deals):
            d1, d2 = paired_deal(a, b, seed + i, preset)
            games += [d1, d2]
            per_deal.append((d1 + d2) / 2)
            deal_wins.append(((d1 > 0) + (d2 > 0)) / 2)
        wins = sum(1 for d in games if d > 0)
        results.append(
            PairResult(
                a=a,
                b=b,
                games=len(games),
                wins=wins,
                ties=sum(1 for d in games if d == 0),
                win_rate=share_of_values(deal_wins),
                score_difference=mean_estimate(per_deal),
            )
        )
    return results
