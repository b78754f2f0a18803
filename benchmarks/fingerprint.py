"""Fingerprint of the legal-action lists along seeded random games (a regression guard).

For each family, plays ``--games`` seeded games in which every action is drawn uniformly from
``legal_actions`` (through ``apply``), and hashes the text of every listed action, in order, of
every state visited. Two versions of the engine that print the same digest list exactly the same
actions in the same order along those games.

    python benchmarks/fingerprint.py [--games 1000] [--family remi,rummikub] [--players 4]
"""

from __future__ import annotations

import argparse
import hashlib
import random
import time


def _remi(games: int, players: int) -> tuple[str, int]:
    from remi.core.presets import load_rules
    from remi.variants.remi_pe_tabla.engine import apply
    from remi.variants.remi_pe_tabla.movegen import legal_actions
    from remi.variants.remi_pe_tabla.state import Phase, new_game

    rules = load_rules("remi-pe-tabla")
    digest = hashlib.sha256()
    steps = 0
    for seed in range(games):
        rng = random.Random(seed)
        state = new_game(rules, players, seed=seed)
        while state.phase is not Phase.ENDED:
            actions = legal_actions(state)
            digest.update("|".join(map(str, actions)).encode())
            digest.update(b"\n")
            state = apply(state, rng.choice(actions))
            steps += 1
    return digest.hexdigest(), steps


def _rummikub(games: int, players: int) -> tuple[str, int]:
    from remi.core.presets import load_rules
    from remi.variants.rummikub.engine import apply, legal_actions
    from remi.variants.rummikub.state import new_game

    rules = load_rules("rummikub")
    digest = hashlib.sha256()
    steps = 0
    for seed in range(games):
        rng = random.Random(seed)
        state = new_game(rules, players, seed=seed)
        while not state.is_over:
            actions = legal_actions(state)
            digest.update("|".join(map(str, actions)).encode())
            digest.update(b"\n")
            state = apply(state, rng.choice(actions))
            steps += 1
    return digest.hexdigest(), steps


def main() -> None:
    """Print one digest per family."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--family", default="remi,rummikub")
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args()
    for family in args.family.split(","):
        start = time.process_time()
        digest, steps = {"remi": _remi, "rummikub": _rummikub}[family](args.games, args.players)
        print(
            f"{family}: {args.games} games, {steps} actions, sha256 {digest} "
            f"({time.process_time() - start:.1f} s CPU)"
        )


if __name__ == "__main__":
    main()
