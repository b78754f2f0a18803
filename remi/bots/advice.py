"""The bot behind ``hint``: the strongest kind the view's family plays under its rules.

``advise(view)`` asks the family (through ``Variant.check_strategy`` and ``Variant.strategy``,
never by its name) for the first kind of ``HINT_KINDS`` it plays under ``view.rules``: the
``club`` bot where the family has one, else ``greedy``. A strategy that is an
``remi.core.advice.Adviser`` also says why; any other gives its action alone. Used by the line
mode and the board (the ``hint`` command) alike.
"""

from __future__ import annotations

from typing import Final

from remi.core.advice import Advice, Adviser
from remi.core.strategy import BotView, NoStrategyError
from remi.core.variant import variant_for_rules

__all__ = ["HINT_KINDS", "advise"]

#: The bot kinds ``hint`` asks for, strongest first.
HINT_KINDS: Final[tuple[str, ...]] = ("club", "greedy")


def advise(view: BotView, seed: int = 0) -> tuple[str, Advice]:
    """The kind of bot used and its advice for ``view`` (the player to act's view).

    Raises:
        NoStrategyError: the family plays none of ``HINT_KINDS`` under these rules.
        RemiError: the view has no legal action.
    """
    variant = variant_for_rules(view.rules)
    error: NoStrategyError | None = None
    for kind in HINT_KINDS:
        try:
            variant.check_strategy(kind, view.rules)
        except NoStrategyError as exc:
            error = error or exc
            continue
        strategy = variant.strategy(kind, seed)
        if isinstance(strategy, Adviser):
            return kind, strategy.advise(view)
        return kind, Advice(action=strategy.choose(view))
    assert error is not None
    raise error
