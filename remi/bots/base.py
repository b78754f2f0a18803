"""The ``Bot`` protocol every player program follows, and ``BotError``."""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

from remi.core.actions import Action
from remi.core.errors import RemiError

__all__ = ["Bot", "BotError"]


@runtime_checkable
class Bot(Protocol):
    """A player program: ``choose`` returns the next action for the seat the view belongs to.

    Attributes:
        name: a short name for the bot (its kind, e.g. ``"greedy"``).
    """

    name: str

    def choose(self, view: Any) -> Action:
        """The next action of ``view.seat`` (called only when it is his turn), from the view of
        any family (``Variant.view``)."""
        ...


class BotError(RemiError, ValueError):
    """An unknown bot kind, a family without a strategy of that kind, or a bot that chose an
    action the rules refuse (a bot defect).

    Attributes:
        kind: the bot kind concerned.
    """

    def __init__(self, message: str, *, kind: str = ""):
        super().__init__(message)
        self.kind = kind
