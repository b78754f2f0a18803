"""The action base every family shares, and the parsing of an action line's head.

An action is plain data with a text form that parses back: ``p1 draw``, ``p2 take 4``. Seats are
0-based in code and written ``p1``..``pN`` (1-based) in notation. Each family defines its action
classes and its ``parse_action`` on top of ``parse_head`` / ``simple_action`` /
``parse_formations_argument`` here, so every family refuses bad input with the same messages.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Final

import attrs

from remi.core.errors import (
    InvalidFormationError,
    NotationError,
    Reason,
    notation_error,
    reason_of,
)
from remi.core.formations import Formation, FormationRules, read_formation
from remi.core.messages import N_
from remi.core.notation import format_tiles, parse_formations_text

__all__ = [
    "Action",
    "ActionHead",
    "fail",
    "parse_formations_argument",
    "parse_head",
    "positive_number",
    "simple_action",
    "unknown_verb",
]


@attrs.frozen
class Action:
    """Base of every action: the seat (0-based) of the player who acts.

    ``VERB`` is the action's word in the text form.
    """

    VERB: ClassVar[str] = ""
    player: int

    @property
    def seat_text(self) -> str:
        """The player as written in notation (``p1`` for seat 0)."""
        return f"p{self.player + 1}"

    def args_text(self) -> str:
        """The text after the verb (empty for actions without arguments)."""
        return ""

    def __str__(self) -> str:
        args = self.args_text()
        return f"{self.seat_text} {self.VERB}" + (f" {args}" if args else "")

    def __repr__(self) -> str:
        """``<Discard p1 discard R3>``: the class and the action's notation (``str``)."""
        return f"<{type(self).__name__} {self}>"


_HEAD_RE: Final = re.compile(r"^\s*[pP]([0-9]+)\s+(\S+)\s*(.*?)\s*$", re.S)
#: Seat numbers and positions have at most this many digits (``int`` refuses very long digit
#: strings with a ValueError: found by fuzzing).
_MAX_DIGITS: Final = 9


def fail(
    message_id: str, text: str, token: str = "", position: int = 0, **params: object
) -> NotationError:
    """The ``NotationError`` ``message_id`` (a catalogue id, ``params`` filled in) for a bad
    action line ``text``, quoting the bad ``token``."""
    values: dict[str, Any] = dict(params)
    return notation_error(message_id, text=text, token=token, position=position, **values)


def positive_number(token: str, text: str, what: Reason | str) -> int:
    """``token`` as a positive whole number (a seat, a formation number, a șir position).

    Raises:
        NotationError: when ``token`` is not a whole number from 1 (naming ``what`` it should
            be), or has more than nine digits (no such position or formation: at most
            999,999,999; the number is shown cut to its first 12 digits).
    """
    digits = token.lstrip("0")  # int() refuses very long digit strings: never given one
    if not (token.isascii() and token.isdigit()) or not digits:
        raise fail(N_("notation.positive"), text, token, what=what)
    if len(digits) > _MAX_DIGITS:
        shown = token if len(token) <= 12 else f"{token[:12]}..."
        most = 10**_MAX_DIGITS - 1
        raise fail(N_("notation.number_large"), text, token, what=what, number=shown, most=most)
    return int(digits)


@attrs.frozen(kw_only=True)
class ActionHead:
    """The head of an action line: who acts, the verb (lower case), and the rest of the line.

    Attributes:
        player: the seat, 0-based (``p1`` is 0).
        verb: the action word, lower case.
        rest: the arguments after the verb, stripped (may be empty).
    """

    player: int
    verb: str
    rest: str


def parse_head(text: str, example: str) -> ActionHead:
    """Split ``"p1 meld [R7 R8 R9]"`` into its seat, verb and arguments.

    Args:
        text: one action line; the seat prefix ``pN`` is required.
        example: a second example line of the family for the error message (``'p2 discard Y12'``).

    Raises:
        NotationError: no ``pN verb`` head, or a seat number below 1 or too long.
    """
    match = _HEAD_RE.match(text)
    if match is None:
        raise fail(
            N_("notation.not_action"),
            text,
            text.strip().split(" ")[0] if text.strip() else "",
            line=text.strip(),
            example=example,
        )
    seat_text, verb, rest = match.group(1), match.group(2).lower(), match.group(3)
    if len(seat_text) > _MAX_DIGITS:
        raise fail(
            N_("notation.seat_long"),
            text,
            f"p{seat_text}",
            seat=seat_text[:12],
            most=10**_MAX_DIGITS - 1,
        )
    if int(seat_text) < 1:
        raise fail(N_("notation.seat_zero"), text, f"p{seat_text}", seat=seat_text)
    return ActionHead(player=int(seat_text) - 1, verb=verb, rest=rest)


def simple_action(head: ActionHead, text: str, simple: Mapping[str, type[Action]]) -> Action | None:
    """The argument-less action named by ``head.verb`` (``draw``, ``pass``...), or ``None``.

    Raises:
        NotationError: when such a verb is given an argument.
    """
    cls = simple.get(head.verb)
    if cls is None:
        return None
    if head.rest:
        raise fail(
            N_("notation.no_argument"), text, head.rest.split()[0], verb=head.verb, rest=head.rest
        )
    return cls(head.player)


def parse_formations_argument(rest: str, text: str, rules: FormationRules) -> tuple[Formation, ...]:
    """The formations written in ``rest`` (``"[R7 R8 R9] [K1 Y1 B1]"``), read under ``rules``.

    Raises:
        NotationError: a bad tile, or a group that is not a valid run or set (the message
            carries the formation's rule id), quoting the bad group.
    """
    formations = []
    for group in parse_formations_text(rest):
        try:
            formations.append(read_formation(group, rules))
        except InvalidFormationError as exc:  # well formed, but the rules refuse the formation
            err = fail(N_("error.because"), text, f"[{format_tiles(group)}]", why=reason_of(exc))
            err.rule_id = exc.rule_id
            raise err from None
    return tuple(formations)


def unknown_verb(verb: str, text: str, verbs: Sequence[str]) -> NotationError:
    """The error for a verb the family does not know, listing the family's verbs."""
    return notation_error(
        "notation.unknown_verb", text=text, token=verb, verb=verb, verbs=", ".join(verbs)
    )
