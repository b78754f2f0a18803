"""The race model of the Rummikub ``club`` bot: who goes out first, from the public race state.

A Rummikub hand is a race (docs/bots.md, "Where the points are"): the player who empties his
rack scores the others' rack points, each other player loses his own (docs/rules.md §2.9). At a
rollout's horizon the ``club`` bot prices the position as the expected final score under this
model (``expected_scores``), not "as if the game ended now".

``win_chances`` is a conditional logit over the players: player ``j``'s weight is
``exp(TILES[min(n_j, CAP) - 1] + CLOSED * (not opened_j) + ORDER[offset_j])``, ``n_j`` his tile
count, ``offset_j`` his place in the turn order counted from the player to move (0: to move),
normalised over the players. The table was fitted by maximum likelihood on 400 hands of four
``solver`` bots (``rummikub``, seeds 1000-1399, every turn's start an observation) by
``benchmarks/rummikub_race.py``; ``SHRINK`` is the share of a loser's rack points still on his
rack when the hand ends, fitted on the same hands (14,970 observations; log-likelihood
-20,484 against -20,753 for even chances). It is data, never fitted at run time.

What the data says: the tile count tells less than one would think. A player at 1 tile went out
first in 40 % of the turns he started with it (54 % when he was to move), at 2 tiles 33 %, at 3
27 %, from 4 tiles on about 25 %: a last tile often has nowhere to go, and solver-like players
go out from 5-10 tiles by rearranging the table.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Final

__all__ = ["CAP", "CLOSED", "ORDER", "SHRINK", "TILES", "expected_scores", "win_chances"]

#: Tile counts from ``CAP`` up share one utility (0).
CAP: Final = 16
#: Utility of a tile count 1..CAP (index n - 1), the last 0.
TILES: Final[tuple[float, ...]] = (
    0.902,
    0.557,
    0.18,
    0.003,
    -0.073,
    -0.113,
    -0.235,
    -0.257,
    -0.349,
    -0.33,
    -0.365,
    -0.346,
    -0.12,
    -0.187,
    -0.203,
    0.0,
)
#: Utility of not having made the initial meld (docs/rules.md §2.5).
CLOSED: Final = -0.189
#: Utility of each place in the turn order from the player to move (0: to move).
ORDER: Final[tuple[float, ...]] = (0.0, -0.04, -0.083, -0.131)
#: Share of a loser's rack points still on his rack when the hand ends.
SHRINK: Final = 0.471


def win_chances(counts: Sequence[int], opened: Sequence[bool], current: int) -> list[float]:
    """Each player's probability of going out first (seat order, summing to 1).

    Args:
        counts: each seat's tile count (0: he has gone out, probability 1).
        opened: each seat has made his initial meld (docs/rules.md §2.5).
        current: the seat to move.
    """
    players = len(counts)
    out = [s for s, n in enumerate(counts) if n == 0]
    if out:
        return [1.0 if s == out[0] else 0.0 for s in range(players)]
    utils = [
        TILES[min(n, CAP) - 1]
        + (0.0 if opened[s] else CLOSED)
        + ORDER[min((s - current) % players, len(ORDER) - 1)]
        for s, n in enumerate(counts)
    ]
    top = max(utils)
    weights = [math.exp(u - top) for u in utils]
    total = sum(weights)
    return [w / total for w in weights]


def expected_scores(
    counts: Sequence[int], opened: Sequence[bool], current: int, points: Sequence[float]
) -> list[float]:
    """Each player's expected final score (seat order, summing to 0): with ``p`` the
    ``win_chances`` and ``r = SHRINK x points`` the racks expected at the end, player ``j``
    scores ``p_j x (sum of the others' r) - (1 - p_j) x r_j`` (docs/rules.md §2.9).

    Args:
        points: each seat's rack points now (a joker ``scoring.joker_points``).
    """
    chances = win_chances(counts, opened, current)
    racks = [SHRINK * p for p in points]
    total = sum(racks)
    return [c * (total - r) - (1.0 - c) * r for c, r in zip(chances, racks, strict=True)]
