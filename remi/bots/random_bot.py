"""The ``random`` bot: a uniform choice over the legal actions of its view, in any family."""

from __future__ import annotations

import random

from remi.core.actions import Action
from remi.core.strategy import BotView, require_legal

__all__ = ["RandomBot"]


class RandomBot:
    """Chooses uniformly among ``view.legal`` with its own seeded ``random.Random``.

    A stuck turn (``view.legal == [Undo]``) is undone because ``Undo`` is then the only choice.
    """

    name = "random"

    def __init__(self, seed: int) -> None:
        self._rng = random.Random(seed)

    def choose(self, view: BotView) -> Action:
        """A uniformly random legal action of ``view.seat``.

        Raises:
            RemiError: when the view has no legal action (not this player's turn).
        """
        require_legal(view.seat, view.legal)
        return self._rng.choice(view.legal)
