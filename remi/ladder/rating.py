"""Bradley-Terry ratings of bots from their duplicate results, on the Elo scale.

Each pair's games count as wins of A over B (a tie half to each). The strengths ``theta`` maximise
the Bradley-Terry likelihood ``P(A beats B) = 1 / (1 + exp(theta_B - theta_A))`` (Newton's method, numpy),
with a weak normal prior (sd 2 in log-odds) so that a bot that won every game still has a finite
rating; they are shown as ``1500 + 400 log10(e) theta``, centred on a mean of 1500 (a difference
of 200 means A is expected to win 76 % of the games against B).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

__all__ = ["bradley_terry"]

_ELO = 400.0 / math.log(10.0)
_PRIOR_SD = 2.0


def bradley_terry(bots: Sequence[str], wins: Mapping[tuple[str, str], float]) -> dict[str, float]:
    """Ratings (Elo scale, mean 1500, rounded to 0.1) of ``bots`` from ``wins[(a, b)]``: the
    games A won against B (a tie counts half to each side; both orders may be given).

    Raises:
        KeyError: a pair names a bot not in ``bots``.
    """
    import numpy as np

    index = {b: i for i, b in enumerate(bots)}
    won = np.zeros((len(bots), len(bots)))
    for (a, b), w in wins.items():
        won[index[a], index[b]] += float(w)
    games = won + won.T
    theta = np.zeros(len(bots))
    for _ in range(50):  # Newton's method on the penalised log-likelihood (convex)
        p = 1.0 / (1.0 + np.exp(theta[None, :] - theta[:, None]))  # p[i, j] = P(i beats j)
        grad = (won - games * p).sum(axis=1) - theta / _PRIOR_SD**2
        weight = games * p * p.T
        hessian = np.diag(weight.sum(axis=1) + 1.0 / _PRIOR_SD**2) - weight
        step = np.linalg.solve(hessian, grad)
        theta = theta + step
        if float(np.abs(step).max()) < 1e-10:
            break
    theta = theta - theta.mean()
    return {b: round(1500.0 + _ELO * float(theta[index[b]]), 1) for b in bots}
