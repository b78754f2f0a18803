"""Advice: a bot's chosen action with the reason for it, for ``hint``.

A family's strategy that can say why it plays what it plays implements ``Adviser``
(``advise(view) -> Advice``): the action it would choose from ``view`` and a catalogue message
id (``reason``, marked ``N_`` where it is written) with the ``values`` that fill it, so the
sentence is shown in the player's language. A strategy without reasons is still used for
``hint``; the hint then names the action only. The core defines the shapes; the families fill
them (``remi.bots.advice`` picks the strategy).

A value is told in the reader's language when the sentence is made (``reason_text``): a count
with its noun is a plural message (``Reason(NP_("count.points"), 20)``: "20 de puncte" but
"5 puncte" in Romanian, "1 point" in English), and tile notation (``Tiles("[Y7 Y8 Y9]")``) is
shown in the reader's colour letters ("[G7 G8 G9]" in Romanian,
``remi.core.colour_letters``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol, runtime_checkable

import attrs

from remi.core.colour_letters import shown
from remi.core.errors import Reason, Told
from remi.core.messages import NP_, Messages

__all__ = ["Advice", "Adviser", "Tiles", "deals", "points", "reason_text"]


class Tiles(str):
    """Tile notation in the canonical letters (``"[Y7 Y8 Y9]"``, ``"K13"``), a value of a
    reason: ``reason_text`` shows it in the reader's colour letters ("[G7 G8 G9]" in Romanian).
    It is a ``str``, equal to its canonical text."""

    __slots__ = ()


def points(count: int) -> Reason:
    """``count`` points as a value of a reason, told in the reader's language
    (``count.points``: "1 point", "5 puncte", "20 de puncte"; a negative count takes the form
    of its size)."""
    return Reason(NP_("count.points"), count)


def deals(samples: int) -> Reason:
    """The rollouts over ``samples`` deals of the hidden tiles (a bot's search), as a value
    of a reason told in the reader's language (``hint.deals``: "over 1 deal of the hidden
    tiles", "în 20 de împărțiri ale pieselor ascunse")."""
    return Reason(NP_("hint.deals"), samples)


def reason_text(m: Messages, reason: str, values: Mapping[str, object]) -> str:
    """The sentence of the message ``reason`` in the language of ``m``, each value told in it:
    a ``Reason`` (a count with its noun, a plural message) in that language, ``Tiles`` in the
    reader's colour letters, any other value as it is.

    Raises:
        KeyError: for an unknown message id (a programming error).
    """
    told: dict[str, object] = {}
    for key, value in values.items():
        if isinstance(value, Reason | Told):
            told[key] = value.render(m)
        elif isinstance(value, Tiles):
            told[key] = shown(str(value), m.lang)
        else:
            told[key] = value
    return m(reason, **told)


@attrs.frozen(kw_only=True)
class Advice:
    """What a bot would do, and why.

    Attributes:
        action: the action it chooses (one of ``view.legal``).
        reason: the message id of the sentence that says why, or None.
        values: the values of the message's fields: plain strings and numbers, a count with
            its noun as a ``Reason`` (a plural message), tile notation as ``Tiles``; the
            sentence is ``reason_text(m, reason, values)``.
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
