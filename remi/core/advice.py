"""Advice: a bot's chosen action with the reason for it, for ``hint``.

A family's strategy that can say why it plays what it plays implements ``Adviser``
(``advise(view) -> Advice``): the action it would choose from ``view`` and a catalogue message
id (``reason``, marked ``N_`` where it is written) with the ``values`` that fill it, so the
sentence is shown in the player's language. A strategy without reasons is still used for
``hint``; the hint then names the action only. The core defines the shapes; the families fill
them (``remi.bots.advice`` picks the strategy).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol, runtime_checkable

import attrs

__all__ = ["Advice", "Adviser"]


@attrs.frozen(kw_only=True)
class Advice:
    """What a bot would do, and why.

    Attributes:
        action: the action it chooses (one of ``view.legal``).
        reason: the message id of the sentence that says why, or None.
        values: the values of the message's fields (plain strings and numbers).
    """

    action: Any
    reason: str | None = None
    values: Mapping[str, object] = attrs.field(factory=dict)


@runtime_checkable
class Adviser(Protocol):
    """A strategy that tells why it chooses its action."""

    def advise(self, view: Any) -> Advice:
        """The action this strategy chooses from ``view`` and its reason.

        Raises:
            RemiError: the view has no legal action (not this player's turn).
        """
        ...
