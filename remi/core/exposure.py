"""Exposure: how often the situation a rule governs arose in a hand.

A simulation that compares two rule sets can only say something about a rule the bots met: a
joly swap rule (``joly.swap_enabled``) means nothing in hands where no joly could be swapped.
Every rule id of a family therefore declares an exposure counter (``Variant.exposure_counters``:
rule id -> ``ExposureCounter``), a function that counts the situations the rule governs in one
played hand (``HandTrace``): a swap made or possible, a șir break, a player ending a turn with 1-3
tiles, a pe-tablă declaration, a close with a joly, a joker left on a rack... Counters read the
hand's events (``remi.core.events``) and its states, never a bot.

Each family keeps its table in its own ``exposure`` module, one line per rule id.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterator, Mapping
from typing import Any

import attrs

from remi.core.events import Event
from remi.core.rulespec import RuleSet

__all__ = [
    "ExposureCounter",
    "HandTrace",
    "TraceStep",
    "count_exposure",
    "every_hand",
    "no_hand",
]


@attrs.frozen(kw_only=True)
class TraceStep:
    """One action of a played hand.

    Attributes:
        before: the state the action was applied to (the family's own state value).
        action: the action.
        events: the events of the step (``Variant.transition``), in order.
    """

    before: Any
    action: Any
    events: tuple[Event, ...]


@attrs.frozen(kw_only=True)
class HandTrace:
    """A played hand as the exposure counters read it.

    Attributes:
        rules: the rules the hand was played under.
        steps: every action in play order.
        end: the final state.
    """

    rules: RuleSet
    steps: tuple[TraceStep, ...]
    end: Any

    def events(self) -> Iterator[Event]:
        """Every event of the hand, in order."""
        for step in self.steps:
            yield from step.events

    def count(self, kind: type[Event], test: Callable[[Any], bool] | None = None) -> int:
        """How many events of class ``kind`` (passing ``test``, when given) the hand had."""
        return sum(1 for e in self.events() if isinstance(e, kind) and (test is None or test(e)))


#: Situations one hand gave for one rule id (0 or more).
ExposureCounter = Callable[[HandTrace], int]


def count_exposure(
    counters: Mapping[str, ExposureCounter], trace: HandTrace, rule_ids: Collection[str]
) -> dict[str, int]:
    """The situations of ``trace`` for each of ``rule_ids``, with the family's ``counters``.

    Raises:
        KeyError: a rule id without a counter (every rule id must declare one).
    """
    return {rule_id: counters[rule_id](trace) for rule_id in rule_ids}


def every_hand(trace: HandTrace) -> int:
    """1: a rule every hand meets (the deal, the seats, the end-of-hand values)."""
    return 1


def no_hand(trace: HandTrace) -> int:
    """0: a rule of a match or session of several hands, never met by one hand."""
    return 0
