"""OpenSpiel's gin rummy played at random from Python: the peer of ``engine_throughput.py
--vs-openspiel`` (run by the interpreter that has ``open_spiel``; needs no remi).

Prints one JSON line: CPU seconds and player actions of ``--hands`` hands (after one warm-up
hand), or ``{"missing": reason}`` when ``pyspiel`` cannot be imported.

    python benchmarks/openspiel_gin.py [--hands 300] [--seed 0]
"""

from __future__ import annotations

import argparse
import json
import random
import time


def openspiel_pass(hands: int, seed: int) -> dict[str, float]:
    """CPU seconds and player actions of ``hands`` random-legal gin rummy hands of OpenSpiel
    (after one warm-up hand), or ``{"missing": ...}`` when ``pyspiel`` cannot be imported."""
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError as exc:
        return {"missing": f"{type(exc).__name__}: {exc}"}  # type: ignore[dict-item]
    game = pyspiel.load_game("gin_rummy")

    def hand(rng: random.Random) -> int:
        state = game.new_initial_state()
        steps = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, weights = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(outcomes, weights)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                steps += 1
        return steps

    hand(random.Random(10**6))
    cpu = time.process_time()
    steps = sum(hand(random.Random(seed + i)) for i in range(hands))
    return {"cpu": time.process_time() - cpu, "steps": steps}


def main() -> None:
    """Print the pass as one JSON line."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=300)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    print(json.dumps(openspiel_pass(args.hands, args.seed)))


if __name__ == "__main__":
    main()
