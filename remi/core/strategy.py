"""The ``Strategy`` protocol: how a rule family plays a bot kind, and the views it reads.

A bot kind (``greedy``, ``solver``) is a shell in ``remi.bots``; the play itself belongs to the
family, which hands out one ``Strategy`` per bot through ``Variant.strategy(kind, seed)``
(``remi.core.variant``). A strategy sees a player's view only (its own rack, the table, the
public counts and, on its turn, ``view.legal``) and keeps whatever it needs between the calls of
one bot (for example the turn it undid), so a bot asks its family once and keeps the strategy.

The core defines the protocol and the error of a missing kind; it implements no strategy.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Protocol, TypeVar

from remi.core.actions import Action
from remi.core.errors import RemiError
from remi.core.rulespec import RuleSet

__all__ = [
    "BotView",
    "NoStrategyError",
    "Strategy",
    "make_strategy",
    "require_legal",
]

ViewT_contra = TypeVar("ViewT_contra", contravariant=True)
ActionT_co = TypeVar("ActionT_co", covariant=True)
ViewT = TypeVar("ViewT")
ActionT = TypeVar("ActionT")


class Strategy(Protocol[ViewT_contra, ActionT_co]):
    """One family's way of playing one bot kind, from a player's view only.

    Deterministic for a given seed and view sequence. State kept between calls (the undone
    turn...) lives in the strategy object, one object per bot.
    """

    def choose(self, view: ViewT_contra) -> ActionT_co:
        """The next action of ``view.seat``; called only on his turn (``view.legal`` not empty).

        Raises:
            RemiError: the view has no legal action (not this player's turn).
        """
        ...


class BotView(Protocol):
    """What every family's view offers a bot shell: the seat, the rules and the legal actions."""

    @property
    def seat(self) -> int:
        """The seat (0-based) the view belongs to."""
        ...

    @property
    def rules(self) -> RuleSet:
        """The rules in force (``rules.family`` names the family)."""
        ...

    @property
    def legal(self) -> Sequence[Action]:
        """The legal actions on this player's turn, else empty."""
        ...


class NoStrategyError(RemiError, ValueError):
    """A rule family has no strategy for the asked bot kind.

    Attributes:
        family: the family name (``rules.family``).
        kind: the bot kind asked for.
        known: the kinds the family does provide.
    """

    def __init__(self, family: str, kind: str, known: Sequence[str]):
        super().__init__(
            f"the rule family '{family}' has no '{kind}' bot strategy; "
            f"it provides: {', '.join(known) or 'none'}"
        )
        self.family = family
        self.kind = kind
        self.known = tuple(known)


def require_legal(seat: int, legal: Sequence[Action]) -> None:
    """Check that seat ``seat`` (0-based) has a legal action to choose from.

    Raises:
        RemiError: ``legal`` is empty (it is not his turn, or the hand is over).
    """
    if not legal:
        raise RemiError(f"p{seat + 1} has no legal action: it is not his turn")


def make_strategy(
    family: str,
    kind: str,
    seed: int,
    factories: Mapping[str, Callable[[int], Strategy[ViewT, ActionT]]],
) -> Strategy[ViewT, ActionT]:
    """A new strategy of bot kind ``kind`` from a family's ``factories`` (kind -> ``factory(seed)``).

    The helper behind each family's ``Variant.strategy``: a kind the family lacks is an error,
    never another kind in its place.

    Raises:
        NoStrategyError: ``family`` has no factory for ``kind`` (the message lists those it has).
    """
    try:
        factory = factories[kind]
    except KeyError:
        raise NoStrategyError(family, kind, tuple(factories)) from None
    return factory(seed)
