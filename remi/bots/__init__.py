"""Bots: players that choose an action from a ``PlayerView`` only, and the loop that runs them.

Issue 4; STYLE.md 6 (hidden information is a view). A bot receives ``remi.variants.remi_pe_tabla.views.view(state,
seat)`` and nothing else: its own rack, the table, the șir (discard row), the stock *count*
and, on its turn, the legal actions (``view.legal``). It never sees the stock order or another
player's rack; ``tests/test_bots.py`` walks every object reachable from a view to prove it.

Kinds (``make_bot(kind, seed)``):

- ``random``: uniform over ``view.legal`` (seeded ``random.Random``).
- ``greedy``: opens (etalare) as soon as it can with its best opening, lays and attaches
  (lipire) what it can, takes the last șir tile when it completes a formation, discards its
  least useful tile, always announces when due (``remi.bots.greedy``). On another family's
  views (Rummikub-style) it plays the listed play placing the most tiles.
- ``solver``: the planner's best move per rule family, waiting for a bigger opening and
  denying useful discards (``remi.bots.solver``; issue 6).

When a turn is stuck (``view.legal == [Undo]``) a bot undoes.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final, Protocol, runtime_checkable

from remi.core.actions import Action
from remi.core.errors import RemiError
from remi.variants.remi_pe_tabla.views import PlayerView

__all__ = ["BOT_KINDS", "Bot", "BotError", "make_bot", "play_hand", "seat_count"]


@runtime_checkable
class Bot(Protocol):
    """A player program: ``choose`` returns the next action for the seat the view belongs to.

    Attributes:
        name: a short name for the bot (its kind, e.g. ``"greedy"``).
    """

    name: str

    def choose(self, view: PlayerView) -> Action:
        """The next action of ``view.seat`` (called only when ``view.my_turn``)."""
        ...


class BotError(RemiError, ValueError):
    """An unknown bot kind, or a bot that chose an action the rules refuse (a bot defect).

    Attributes:
        kind: the bot kind concerned.
    """

    def __init__(self, message: str, *, kind: str = ""):
        super().__init__(message)
        self.kind = kind


def _random(seed: int) -> Bot:
    from remi.bots.random_bot import RandomBot

    return RandomBot(seed)


def _greedy(seed: int) -> Bot:
    from remi.bots.greedy import GreedyBot

    return GreedyBot(seed)


def _solver(seed: int) -> Bot:
    from remi.bots.solver import SolverBot

    return SolverBot(seed)


_FACTORIES: Final[dict[str, Callable[[int], Bot]]] = {
    "random": _random,
    "greedy": _greedy,
    "solver": _solver,
}

#: The bot kinds ``make_bot`` knows, in a stable order.
BOT_KINDS: Final[tuple[str, ...]] = tuple(_FACTORIES)


def make_bot(kind: str, seed: int) -> Bot:
    """A new bot of ``kind`` (``"random"``, ``"greedy"`` or ``"solver"``) whose choices depend only on ``seed``
    and the views it is shown.

    Raises:
        BotError: for an unknown kind, naming the known ones.
    """
    try:
        factory = _FACTORIES[kind]
    except KeyError:
        raise BotError(
            f"unknown bot kind '{kind}'; known: {', '.join(BOT_KINDS)}", kind=kind
        ) from None
    return factory(seed)


def seat_count(state: Any) -> int:
    """The number of seats of any variant's state (``players`` in Remi, ``racks`` in the
    Rummikub-style family)."""
    players = getattr(state, "players", None)
    return len(players) if players is not None else len(state.racks)


def play_hand(
    state: Any,
    bots: Sequence[Bot],
    *,
    on_action: Callable[[Any, Action, Any], None] | None = None,
    max_actions: int = 100_000,
) -> tuple[Any, tuple[Action, ...]]:
    """Play a hand to its end with one bot per seat; each bot is shown only its own view.

    Args:
        state: the starting state (any variant's; hooks from ``remi.core.variant.variant_for_rules``).
        bots: one bot per seat, seat order.
        on_action: called as ``on_action(state_before, action, state_after)`` after each action.
        max_actions: a safety limit (a hand of Remi ends when the stock runs out).

    Returns:
        (final state, the actions applied in order) — the action log of a game record.

    Raises:
        BotError: a bot chose an illegal action (the message names the bot and the rule id), or
            the hand did not end within ``max_actions``.
    """
    from remi.core.errors import IllegalActionError
    from remi.core.variant import variant_for_rules

    variant = variant_for_rules(state.rules)
    seats = seat_count(state)
    if len(bots) != seats:
        raise BotError(f"{len(bots)} bots for {seats} seats")
    log: list[Action] = []
    for _ in range(max_actions):
        if variant.is_over(state):
            return state, tuple(log)
        seat = variant.current_player(state)
        bot = bots[seat]
        action = bot.choose(variant.view(state, seat))
        try:
            after = variant.apply(state, action)
        except IllegalActionError as exc:
            raise BotError(
                f"bot '{bot.name}' at seat p{seat + 1} chose an illegal action: {exc}",
                kind=bot.name,
            ) from exc
        if on_action is not None:
            on_action(state, action, after)
        log.append(action)
        state = after
    raise BotError(f"the hand did not end within {max_actions} actions")
