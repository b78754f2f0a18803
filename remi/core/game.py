"""One game API for every family: the ``Variant`` hooks as functions of a state.

Each function finds the state's family from its rules (``variant_for_rules(state.rules)``) and
calls its hook, so one program plays Remi pe tablă and the Rummikub family alike::

    >>> from remi.core.presets import load_rules
    >>> state = new_game(load_rules("rummikub"), 2, seed=1)
    >>> current_player(state), is_over(state)
    (1, False)
    >>> state = apply(state, legal_actions(state)[0])
    >>> position(state, 0).split(" / ")[0].endswith("view p1")
    True

Seats are 0-based in code (``p1`` is seat 0, docs/notation.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, TypeVar

from remi.core.actions import Action
from remi.core.events import Event
from remi.core.position import PUBLIC, format_position, read_position
from remi.core.rulespec import RuleSet
from remi.core.scoring import PlayerScore
from remi.core.variant import AnyVariant, variant_for_rules

__all__ = [
    "State",
    "apply",
    "check",
    "current_player",
    "from_position",
    "is_over",
    "legal_actions",
    "new_game",
    "parse_action",
    "position",
    "public_position",
    "score",
    "transition",
    "variant_of",
    "view",
]


class State(Protocol):
    """A game state of any family: a frozen value that holds its rule set."""

    @property
    def rules(self) -> RuleSet:
        """The rule set in force (its ``family`` selects the variant)."""
        ...


StateT = TypeVar("StateT", bound=State)


def variant_of(state: State) -> AnyVariant:
    """The variant that plays ``state`` (``variant_for_rules(state.rules)``).

    Raises:
        UnknownVariantError: its family is not registered.
    """
    return variant_for_rules(state.rules)


def new_game(rules: RuleSet, player_count: int = 4, *, seed: int | None = 0) -> State:
    """A new seeded hand of ``rules``' family for ``player_count`` seats.

    Raises:
        RulesError: a player count the rules do not allow.
    """
    state: State = variant_for_rules(rules).new_game(rules, player_count, seed=seed)
    return state


def legal_actions(state: State) -> list[Action]:
    """The legal actions of the player to act; empty once the hand is over."""
    actions: list[Action] = variant_of(state).legal_actions(state)
    return actions


def check(state: State, action: Action) -> None:
    """Raise ``IllegalActionError`` (with its rule id) if ``action`` is not legal in ``state``."""
    variant_of(state).check(state, action)


def apply(state: StateT, action: Action) -> StateT:
    """The state after ``action``; ``state`` is never changed.

    Raises:
        IllegalActionError: the action is refused (naming the rule id); nothing changes.
    """
    after: StateT = variant_of(state).apply(state, action)
    return after


def transition(state: StateT, action: Action) -> tuple[StateT, tuple[Event, ...]]:
    """``apply`` and the events of that step (``remi.core.events``), in order.

    Raises:
        IllegalActionError: as ``apply``.
    """
    after: tuple[StateT, tuple[Event, ...]] = variant_of(state).transition(state, action)
    return after


def view(state: State, seat: int) -> object:
    """What ``seat`` (0-based) may see: its own rack, the table, public counts; on its turn the
    legal actions (``view.legal``). The family's view type (``PlayerView``, ``RummikubView``)."""
    seen: object = variant_of(state).view(state, seat)
    return seen


def current_player(state: State) -> int:
    """The seat (0-based) to act."""
    seat: int = variant_of(state).current_player(state)
    return seat


def is_over(state: State) -> bool:
    """True once the hand has ended."""
    over: bool = variant_of(state).is_over(state)
    return over


def score(state: State, names: Sequence[str] | None = None) -> tuple[PlayerScore, ...]:
    """The explained scores of a finished hand, seat order (docs/scoring.md)."""
    scores: tuple[PlayerScore, ...] = variant_of(state).score(state, names)
    return scores


def parse_action(text: str, rules: RuleSet) -> Action:
    """An action of ``rules``' family from its text (``p1 draw``; seats ``p1``..``p4``).

    Raises:
        NotationError: naming the bad token.
    """
    action: Action = variant_for_rules(rules).parse_action(text, rules)
    return action


def position(state: State, seat: int | None = None) -> str:
    """The position notation of ``state`` (docs/notation.md): the full form, or the view form
    of ``seat`` (0-based), which holds no tile that seat cannot see."""
    return format_position(variant_of(state), state, seat)


def public_position(state: State) -> str:
    """What every seat sees of ``state``, in the position notation (docs/notation.md): the
    public form, whose header ends ``public``: every rack and the stock as counts, nobody's
    turn bookkeeping. ``repr(state)`` shows it; ``from_position`` refuses it.

    >>> from remi.core.presets import load_rules
    >>> public_position(new_game(load_rules("rummikub"), 2, seed=1)).split(" / ")[3:]
    ['p1 #14', 'p2 #14', 'pool #78']
    """
    return format_position(variant_of(state), state, PUBLIC)


def from_position(text: str, rules: RuleSet | None = None) -> State:
    """The state of a full-form position (``position(state)``); ``rules`` for a rule file that
    does not load by its preset name.

    Raises:
        NotationError: a bad position, a view form, a rules digest that differs.
    """
    state: State = read_position(text, rules)[1]
    return state
