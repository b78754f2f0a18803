"""Random-legal play throughput of the Rummikub-style state machine, against another install.

Plays seeded 4-player games of the ``rummikub`` preset in which every action is drawn uniformly
from ``legal_actions``, through ``apply`` (which always checks), and prints games and actions
per CPU-second (``time.process_time``: the figure that does not depend on other load).

With ``--vs PYTHON`` the same games are also played by that interpreter (another install of
remi, e.g. a virtual environment of the code before a change), each side ``--repeat`` times in
alternation in fresh processes, and the ratio of the best passes is printed: both figures come
from the same run. The target of the second round of speed work is a ratio of at least 4.

    python benchmarks/rummikub_throughput.py [--games 200] [--players 4] [--repeat 3]
                                             [--vs /path/to/other/venv/bin/python]
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import time


def play(seed: int, players: int, rules: object) -> int:
    """Play one seeded random-legal game; the number of actions."""
    from remi.variants.rummikub.engine import apply, legal_actions
    from remi.variants.rummikub.state import new_game

    rng = random.Random(seed)
    state = new_game(rules, players, seed=seed)
    steps = 0
    while not state.is_over:
        state = apply(state, rng.choice(legal_actions(state)))
        steps += 1
    return steps


def one_pass(games: int, players: int, seed: int) -> dict[str, float]:
    """CPU seconds and actions of ``games`` games in this process (after one warm-up game)."""
    try:
        from remi.core.presets import load_rules
    except ImportError:  # the layout before the core was split out (a --vs interpreter)
        from remi.rules import load_rules  # type: ignore[no-redef]

    rules = load_rules("rummikub")
    play(10**6, players, rules)
    cpu = time.process_time()
    steps = sum(play(seed + i, players, rules) for i in range(games))
    return {"cpu": time.process_time() - cpu, "steps": steps}


def _fresh(python: str, args: argparse.Namespace) -> dict[str, float]:
    out = subprocess.run(
        [
            python,
            __file__,
            "--worker",
            "--games",
            str(args.games),
            "--players",
            str(args.players),
            "--seed",
            str(args.seed),
        ],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    return json.loads(out.strip().splitlines()[-1])


def main() -> None:
    """Print the throughput, and the ratio to ``--vs`` when given."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--vs", default=None, help="another interpreter with remi installed")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        print(json.dumps(one_pass(args.games, args.players, args.seed)))
        return
    sides = {"this": sys.executable} | ({"vs": args.vs} if args.vs else {})
    best: dict[str, dict[str, float]] = {}
    for _ in range(args.repeat):
        for name, python in sides.items():  # alternate, so that load changes hit both sides
            result = _fresh(python, args)
            if name not in best or result["cpu"] < best[name]["cpu"]:
                best[name] = result
    for name, python in sides.items():
        r = best[name]
        print(
            f"{name} ({python}): {args.games} random-legal {args.players}-player rummikub games, "
            f"{r['steps'] / args.games:.0f} actions/game, best of {args.repeat}: "
            f"{args.games / r['cpu']:.1f} games per CPU-second, "
            f"{r['steps'] / r['cpu']:,.0f} actions per CPU-second"
        )
    if args.vs:
        print(f"ratio this / vs: {best['vs']['cpu'] / best['this']['cpu']:.2f}x (target >= 4)")


if __name__ == "__main__":
    main()
