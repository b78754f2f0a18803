"""Fit the race model of the Rummikub ``club`` bot (``remi.variants.rummikub.race``) from
self-play hands of four ``solver`` bots.

Each hand of ``rummikub`` (4 players, seeds ``--seed`` on) is played to its end; at every
turn's start the public race state is recorded: each player's tile count, whether he has made
his initial meld, his place in the turn order counted from the player to move (0 = to move),
and his rack points, then which player went out and every rack's points at the end.

Two things are fitted:

- the probability that each player is the one to go out first: a conditional logit (softmax
  over the players of a hand) with utility ``tiles[min(n, CAP)] + closed * (not opened) +
  order[offset]`` (``tiles[CAP] = 0``, ``order[0] = 0``), by maximum likelihood
  (``scipy.optimize.minimize``, BFGS) with a small ridge on the parameters;
- the share of a loser's rack points still on his rack at the end (``shrink``): the sum of the
  losers' final rack points over the sum of their rack points at the recorded turns.

Prints the table as the Python literal of ``race.py`` (or ``--json``). Usage::

    python benchmarks/rummikub_race.py [--hands 400] [--seed 1000] [--jobs 2] [--data hands.json]
"""

from __future__ import annotations

import argparse
import json
import math
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from remi.bots import make_bot, play_hand
from remi.core.presets import load_rules
from remi.core.variant import get_variant
from remi.variants.rummikub.melds import rack_points
from remi.variants.rummikub.race import CAP
from remi.variants.rummikub.state import RummikubState

Row = tuple[list[int], list[bool], int, list[int]]


def play(seed: int) -> tuple[list[Row], int | None, list[int]]:
    """One hand of four solver bots: the race state at every turn's start (tile counts,
    opened flags, seat to move, rack points), the seat that went out and the final rack
    points."""
    rules = load_rules("rummikub")
    rows: list[Row] = []

    def keep(before: RummikubState, action: object, after: RummikubState) -> None:
        rows.append(
            (
                [len(r) for r in before.racks],
                list(before.opened),
                before.current,
                [rack_points(r, rules) for r in before.racks],
            )
        )

    bots = [make_bot("solver", seed * 10 + s) for s in range(4)]
    end, _ = play_hand(get_variant("rummikub").new_game(rules, 4, seed=seed), bots, on_action=keep)
    return rows, end.winner, [rack_points(r, rules) for r in end.racks]


def fit(hands: list[tuple[list[Row], int | None, list[int]]]) -> dict[str, Any]:
    """The conditional logit's tables and the rack shrink (module docstring)."""
    import numpy as np
    from scipy.optimize import minimize

    feats: list[np.ndarray] = []
    wins: list[int] = []
    kept = fin = 0.0
    for rows, winner, final in hands:
        if winner is None:
            continue
        for counts, opened, current, points in rows:
            x = np.zeros((4, CAP + 3))
            for s in range(4):
                n = min(counts[s], CAP)
                if n < CAP:
                    x[s, n - 1] = 1.0
                x[s, CAP - 1] = 0.0 if opened[s] else 1.0
                off = (s - current) % 4
                if off:
                    x[s, CAP + off - 1] = 1.0
                if s != winner:
                    kept += points[s]
                    fin += final[s]
            feats.append(x)
            wins.append(winner)
    xs = np.stack(feats)
    idx = np.array(wins)
    ridge = 1e-3

    def nll(theta: np.ndarray) -> tuple[float, np.ndarray]:
        u = xs @ theta
        u -= u.max(axis=1, keepdims=True)
        p = np.exp(u)
        p /= p.sum(axis=1, keepdims=True)
        rows = np.arange(len(idx))
        value = -np.log(p[rows, idx]).sum() + ridge * theta @ theta
        onehot = np.zeros_like(p)
        onehot[rows, idx] = 1.0
        grad = -np.einsum("nk,nkd->d", onehot - p, xs) + 2 * ridge * theta
        return float(value), grad

    res = minimize(nll, np.zeros(xs.shape[2]), jac=True, method="BFGS")
    theta = res.x
    tiles = [round(float(v), 3) for v in theta[: CAP - 1]] + [0.0]
    return {
        "tiles": tiles,
        "closed": round(float(theta[CAP - 1]), 3),
        "order": [0.0] + [round(float(v), 3) for v in theta[CAP:]],
        "shrink": round(fin / kept, 3) if kept else 1.0,
        "observations": len(idx),
        "hands": len(hands),
        "log_likelihood": round(-res.fun, 1),
        "null_log_likelihood": round(len(idx) * -math.log(4), 1),
    }


def main() -> None:
    """Play the hands, fit, print."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--hands", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--json", action="store_true")
    parser.add_argument(
        "--data", help="a JSON file of played hands: read if it exists, else written"
    )
    args = parser.parse_args()
    if args.data and Path(args.data).exists():
        hands = json.loads(Path(args.data).read_text())
    else:
        seeds = range(args.seed, args.seed + args.hands)
        with ProcessPoolExecutor(args.jobs) as pool:
            hands = list(pool.map(play, seeds, chunksize=4))
        if args.data:
            Path(args.data).write_text(json.dumps(hands))
    print(json.dumps(fit(hands), indent=None if not args.json else 2))


if __name__ == "__main__":
    main()
