"""The bot ladder: each pair of bot kinds over paired 2-player deals (the greedy
bot's figure is the greedy-random row).

Each deal seed is played twice with the seats swapped (``remi.ladder``). Prints, per pair, A's
win rate over the games with a 95 % Wilson interval and the mean score difference A - B per
deal with a 95 % t interval.

``--annotate SEED`` instead plays one 4-player Remi hand of the club bot (seat p1) against three
solver bots and prints the club's decisions with the reason it gives (``hint``'s sentence,
``remi.bots.advice``), then the scores: the annotated hand of docs/bots.md.

Usage::

    python benchmarks/ladder.py [--deals 200] [--seed 0] [--bots random,greedy,solver] [--rules remi-pe-tabla] [--json]
    python benchmarks/ladder.py --annotate 4
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from remi.core.errors import RemiError
from remi.ladder import ladder


def main() -> None:
    """Run the ladder and print the figures."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--deals", type=int, default=200, help="deals per pair (2 games each)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--bots", default="random,greedy,solver")
    parser.add_argument("--rules", default="remi-pe-tabla")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--annotate", type=int, default=None, metavar="SEED")
    args = parser.parse_args()
    if args.annotate is not None:
        annotate(args.annotate)
        return
    start, cpu = time.perf_counter(), time.process_time()
    try:
        results = ladder(args.bots.split(","), args.deals, seed=args.seed, preset=args.rules)
    except RemiError as exc:  # a bad preset, or a bot that refuses its rules: one line, exit 2
        print(f"error: {exc}", file=sys.stderr)
        raise SystemExit(2) from None
    seconds, cpu_seconds = time.perf_counter() - start, time.process_time() - cpu
    if args.json:
        print(json.dumps([r.to_dict() for r in results], indent=2))
        return
    print(
        f"{args.rules}, {args.deals} deals per pair (seeds {args.seed}-{args.seed + args.deals - 1}), each played twice with the seats swapped; {seconds:.0f} s ({cpu_seconds:.0f} s CPU)"
    )
    for r in results:
        w, d = r.win_rate, r.score_difference
        print(
            f"{r.a:>7} vs {r.b:<7} win rate {w.mean:6.1%} (95% CI {w.low:.1%}-{w.high:.1%}, ties {r.ties}/{r.games});"
            f" mean score difference {d.mean:+7.1f} points per game (95% CI {d.low:+.1f} to {d.high:+.1f})"
        )


def annotate(seed: int) -> None:
    """Print the hand ``seed`` of the club bot (p1) against three solver bots, each club
    action with its reason, then every seat's score."""
    from remi.bots import make_bot, play_hand
    from remi.bots.advice import advise
    from remi.core.messages import Messages
    from remi.core.presets import load_rules
    from remi.core.variant import variant_for_rules

    m = Messages("en")
    rules = load_rules("remi-pe-tabla")
    variant = variant_for_rules(rules)

    class Annotated:
        name = "club"

        def choose(self, view):  # type: ignore[no-untyped-def]
            kind, advice = advise(view, seed)
            why = m(advice.reason, **advice.values) if advice.reason else ""
            print(f"turn {view.turns_ended:>3} rack {len(view.rack):>2}  {advice.action}  -- {why}")
            return advice.action

    bots = [Annotated(), *(make_bot("solver", seed + s) for s in (1, 2, 3))]
    end, _ = play_hand(variant.new_game(rules, 4, seed=seed), bots)
    for s, p in enumerate(variant.score(end)):
        print(f"p{s + 1} ({'club' if s == 0 else 'solver'}): {p.score:+d}")


if __name__ == "__main__":
    main()
