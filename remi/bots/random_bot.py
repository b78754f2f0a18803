"""The ``random`` bot: a uniform choice over the legal actions of its view (issue 4)."""

from __future__ import annotations

import random

from remi.core.actions import Action
from remi.core.errors import RemiError
from remi.variants.remi_pe_tabla.views import PlayerView

__all__ = ["RandomBot"]


class RandomBot:
    """Chooses uniformly among ``view.legal`` with its own seeded ``random.Random``.

    A stuck turn (``view.legal == [Undo]``) is undone because ``Undo`` is then the only choice.
    """

    name = "random"

    def __init__(self, seed: int) -> None:
        self._rng = random.Random(seed)

    def choose(self, view: PlayerView) -> Action:
        """A uniformly random legal action of ``view.seat``.

        Raises:
            RemiError: when the view has no legal action (not this player's turn).
        """
        if not view.legal:
            raise RemiError(f"p{view.seat + 1} has no legal action: it is not his turn")
        return self._rng.choice(view.legal)
