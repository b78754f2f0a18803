"""The exception family of remi: every error the library raises on purpose is a ``RemiError``.

Each class is also a subclass of the matching built-in (``ValueError``, ``LookupError``), so
callers that only know the built-ins still catch them. Messages follow one template: what was
tried, why not, and the rule id in brackets, for example::

    illegal action 'p2 meld [R7 R8 R9]': opening totals 30 points, needs 45 [opening.min_points]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from remi.core.messages import N_, Messages

__all__ = [
    "AmbiguousFormationError",
    "IllegalActionError",
    "InvalidFormationError",
    "NotationError",
    "Reason",
    "RemiError",
    "Told",
    "RulesError",
    "Seat",
    "UnknownVariantError",
    "formation_error",
    "names_list",
    "illegal",
    "illegal_n",
    "notation_error",
    "reason_of",
]

_ENGLISH = Messages("en")


class Seat:
    """A player named in a message by his seat, where the layer that raises it does not know
    the players' names (an engine refusal): ``str()`` is the seat id ``p2``; told with the
    names (``Reason.render(m, names)``, ``RemiError.localized(m, names=...)``: the program
    that seats the players, the CLI and the board, knows them) it is the player's name.

    Attributes:
        index: the seat, 0-based (``p2`` is 1).
    """

    __slots__ = ("index",)

    def __init__(self, index: int):
        self.index = index

    def named(self, names: Sequence[str] | None) -> str:
        """The player's name in ``names`` (seat order), else the seat id ``pN``."""
        if names is not None and 0 <= self.index < len(names):
            return names[self.index]
        return str(self)

    def __str__(self) -> str:
        return f"p{self.index + 1}"

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Seat) and other.index == self.index

    def __hash__(self) -> int:
        return hash(("Seat", self.index))

    def __repr__(self) -> str:
        return f"Seat({self.index})"


class Reason:
    """A text told later in any language: a catalogue id with its parameters (a parameter may be
    a ``Reason`` itself, told in the same language). ``str()`` is the English text.

    Attributes:
        message_id: the catalogue id.
        params: the placeholders' values.
        count: the count of a plural message (``None`` for a simple one).
    """

    __slots__ = ("count", "message_id", "params")

    def __init__(self, message_id: str, count: int | None = None, /, **params: object):
        self.message_id = message_id
        self.params: Mapping[str, object] = params
        self.count = count

    def render(self, m: Messages, *, names: Sequence[str] | None = None) -> str:
        """The text in the language of ``m``; a ``Seat`` parameter is the player's name in
        ``names`` (seat order) when they are given, else the seat id."""
        values = {k: _told(v, m, names) for k, v in self.params.items()}
        if self.count is not None:
            return m.plural(self.message_id, self.count, **values)
        return m(self.message_id, **values)

    def __str__(self) -> str:
        return self.render(_ENGLISH)

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)


def _told(value: object, m: Messages, names: Sequence[str] | None) -> object:
    """A parameter of a ``Reason`` as the text says it."""
    if isinstance(value, Reason):
        return value.render(m, names=names)
    if isinstance(value, Told):
        return value.reason.render(m, names=names)
    if isinstance(value, Seat):
        return value.named(names)
    return value


class Told(str):
    """An English text (it is a ``str``: JSON, logs and old callers see the English) that can
    also be told in another language: ``Told(N_("id"), **params).render(m)``.

    Attributes:
        reason: the ``Reason`` it was made from.
    """

    reason: Reason

    def __new__(cls, message_id: str, count: int | None = None, /, **params: object) -> Told:
        """The English text of ``Reason(message_id, count, **params)``."""
        reason = Reason(message_id, count, **params)
        told = super().__new__(cls, str(reason))
        told.reason = reason
        return told

    def render(self, m: Messages) -> str:
        """The text in the language of ``m``."""
        return self.reason.render(m)


def names_list(names: list[str]) -> Reason | str:
    """``["A", "B", "C"]`` as "A, B and C" in any language (``list.and``)."""
    if len(names) < 2:
        return "".join(names)
    return Reason(N_("list.and"), first=", ".join(names[:-1]), last=names[-1])


class RemiError(Exception):
    """Root of every error that remi raises on purpose (bad input, illegal play, bad files).

    An engine bug is never reported as a ``RemiError``: anything else escaping the library is a
    defect. The CLI catches this class, and only this class, and turns it into an exit code.

    An error raised with a message id (``message_id``, ``params``, ``count`` for a plural
    message) can be told in any language with ``localized``; ``str()`` is the English text.
    """

    message_id: str = ""
    params: Mapping[str, object] = {}
    count: int | None = None

    def _reason(self, m: Messages, names: Sequence[str] | None = None) -> str:
        return Reason(self.message_id, self.count, **self.params).render(m, names=names)

    @classmethod
    def from_id(
        cls, message_id: str, /, *, fields: Mapping[str, Any] | None = None, **params: object
    ) -> Any:
        """The error ``message_id`` (a catalogue id; its English text is ``str()``), built
        with the class's own keyword ``fields``, ``params`` filled in."""
        return cls._told(message_id, None, fields, params)

    @classmethod
    def from_id_n(
        cls,
        message_id: str,
        count: int,
        /,
        *,
        fields: Mapping[str, Any] | None = None,
        **params: object,
    ) -> Any:
        """``from_id`` for a plural message: the form for ``count`` (also a placeholder)."""
        return cls._told(message_id, count, fields, params)

    @classmethod
    def _told(
        cls,
        message_id: str,
        count: int | None,
        fields: Mapping[str, Any] | None,
        params: Mapping[str, object],
    ) -> Any:
        err = cls(str(Reason(message_id, count, **params)), **(fields or {}))
        err.message_id = message_id
        err.params = dict(params)
        err.count = count
        return err

    def localized(self, m: Messages, *, names: Sequence[str] | None = None) -> str:
        """The error in the language of ``m``: its catalogue text when it was raised with a
        message id, else the English ``str()``; a seat it names (``Seat``) is the player's
        name in ``names`` (seat order) when they are given."""
        if not self.message_id:
            return str(self)
        return self._reason(m, names)


class _ErrorReason(Reason):
    """An error's own text as a ``Reason``: told in any language as ``exc.localized`` tells it,
    the players it names by seat named from ``names`` (seat order) when they are given."""

    __slots__ = ("error", "names")

    def __init__(self, error: RemiError, names: Sequence[str] | None = None):
        super().__init__(error.message_id or "")
        self.error = error
        self.names = names

    def render(self, m: Messages, *, names: Sequence[str] | None = None) -> str:
        """The error's text in the language of ``m`` (``names``: as ``RemiError.localized``)."""
        return self.error.localized(m, names=names if names is not None else self.names)


def reason_of(exc: RemiError, names: Sequence[str] | None = None) -> Reason:
    """The text of ``exc`` as a ``Reason`` parameter of another message (told in the other
    message's language; English ``str()`` when ``exc`` has no message id); ``names`` (seat
    order) name the players it names by seat (``Seat``)."""
    return _ErrorReason(exc, names)


class NotationError(RemiError, ValueError):
    """A text form (tile, formation, action, tile list) could not be parsed.

    Attributes:
        text: the whole input that was being parsed.
        token: the offending token (``""`` when the input ended too early).
        position: 1-based index of the token in the input (tokens are separated by blanks,
            commas or hyphens); 0 when the error concerns the whole input.
        rule_id: the rule that refuses a well-formed line (a formation the rules do not
            allow: ``formation.run``); ``""`` when the line could not be parsed.
    """

    def __init__(
        self,
        message: str,
        *,
        text: str = "",
        token: str = "",
        position: int = 0,
        message_id: str = "",
        params: Mapping[str, object] | None = None,
    ):
        super().__init__(message)
        self.text = text
        self.token = token
        self.position = position
        self.message_id = message_id
        self.params = dict(params or {})
        #: The rule that refuses a well-formed line (``formation.run`` for ``meld R1 R5 R7``):
        #: a refusal, not a line that could not be parsed; ``""`` for a parse error.
        self.rule_id = ""


def notation_error(
    message_id: str,
    *,
    text: str,
    token: str = "",
    position: int = 0,
    count: int | None = None,
    **params: object,
) -> NotationError:
    """The ``NotationError`` ``message_id`` (a catalogue id; its English text is the message)
    for ``text``, quoting ``token`` at ``position``, with ``params`` filled in; ``count``: the
    count of a plural message (``None`` for a simple one)."""
    params = {"token": token, "position": position, **params}
    err = NotationError(
        str(Reason(message_id, count, **params)),
        text=text,
        token=token,
        position=position,
        message_id=message_id,
        params=params,
    )
    err.count = count
    return err


class InvalidFormationError(RemiError, ValueError):
    """Tiles that do not form a valid run (suită) or set (terță) under the rules in force.

    Attributes:
        rule_id: the dotted rule id that the formation breaks (for example ``run.no_wrap``).
        tiles_text: the formation as it was given, in notation.
        reason: the English text without the rule id.
        message_id, params: the catalogue id of the text and its parameters (``localized``).
    """

    def __init__(
        self,
        message: str,
        *,
        rule_id: str,
        tiles_text: str = "",
        message_id: str = "",
        params: Mapping[str, object] | None = None,
    ):
        super().__init__(f"{message} [{rule_id}]")
        self.rule_id = rule_id
        self.tiles_text = tiles_text
        self.reason = message
        self.message_id = message_id
        self.params = dict(params or {})

    def as_reason(self) -> Reason | str:
        """The text without the rule id, to be told in any language (a ``Reason``), or the
        English text of an error raised without a message id."""
        if not self.message_id:
            return self.reason
        return Reason(self.message_id, **self.params)

    def localized(self, m: Messages, *, names: Sequence[str] | None = None) -> str:
        """The error in the language of ``m``, the rule id in brackets (``names``: as
        ``RemiError.localized``)."""
        if not self.message_id:
            return str(self)
        return f"{self._reason(m, names)} [{self.rule_id}]"


def formation_error(
    message_id: str, rule_id: str, *, tiles_text: str = "", **params: object
) -> InvalidFormationError:
    """The ``InvalidFormationError`` ``message_id`` (a catalogue id, its English text the
    message; a parameter may be a ``Reason``) breaking ``rule_id``."""
    return InvalidFormationError(
        str(Reason(message_id, **params)),
        rule_id=rule_id,
        tiles_text=tiles_text,
        message_id=message_id,
        params=params,
    )


class AmbiguousFormationError(InvalidFormationError):
    """A formation with jolys that reads both as a run and as a set (docs/rules.md §1.4, §3.9).

    Attributes:
        readings: every valid reading, each in notation with the joly identities stated, so the
            player can pick one, for example ``['[R9 J[R10] J[R11]]', '[R9 J[Y9] J[B9]]']``.
    """

    def __init__(
        self,
        message: str,
        *,
        tiles_text: str,
        readings: list[str],
        message_id: str = "",
        params: Mapping[str, object] | None = None,
    ):
        super().__init__(
            message,
            rule_id="joly.identity",
            tiles_text=tiles_text,
            message_id=message_id,
            params=params,
        )
        self.readings = readings


class IllegalActionError(RemiError, ValueError):
    """A well-formed action that the rules do not allow in the current state.

    The state the action was tried on is never changed: ``check`` raises, ``apply`` checks and
    returns a new state, so a refused action changes nothing.

    Attributes:
        rule_id: the dotted rule id that forbids it (``opening.min_points``, ``turn.order``...).
        action: the refused action (an ``remi.core.actions.Action``) or ``None``.
        reason: the explanation without the action and rule id around it.
    """

    def __init__(
        self,
        reason: str,
        *,
        rule_id: str,
        action: Any = None,
        message_id: str = "",
        params: Mapping[str, object] | None = None,
        count: int | None = None,
    ):
        where = f"illegal action '{action}': " if action is not None else "illegal action: "
        super().__init__(f"{where}{reason} [{rule_id}]")
        self.rule_id = rule_id
        self.action = action
        self.reason = reason
        self.message_id = message_id
        self.params = dict(params or {})
        self.count = count

    def localized(
        self, m: Messages, typed: str | None = None, *, names: Sequence[str] | None = None
    ) -> str:
        """The refusal in the language of ``m``: "illegal action 'ACTION': REASON [RULE]", the
        reason from the catalogue when the error has a message id. ``typed`` quotes the action
        as the player typed it (``Ana: arunc R12`` in Romanian play) in place of its canonical
        notation (``p1 discard R12``); ``names`` (seat order) names the players the reason
        names by seat (``Seat``: "Ana does not hold K13" for "p1 does not hold K13")."""
        reason = self._reason(m, names) if self.message_id else self.reason
        if self.action is None:
            return m("error.illegal_action.bare", reason=reason, rule=self.rule_id)
        action = self.action if typed is None else typed
        return m("error.illegal_action", action=action, reason=reason, rule=self.rule_id)


def illegal(
    message_id: str, rule_id: str, action: Any = None, **params: object
) -> IllegalActionError:
    """The refusal ``message_id`` (a catalogue id; the English text becomes ``reason``) of
    ``action`` under ``rule_id``, with ``params`` filled in."""
    return IllegalActionError(
        _ENGLISH(message_id, **params),
        rule_id=rule_id,
        action=action,
        message_id=message_id,
        params=params,
    )


def illegal_n(
    message_id: str, count: int, rule_id: str, action: Any = None, **params: object
) -> IllegalActionError:
    """``illegal`` for a plural message: the form for ``count`` (also a placeholder)."""
    return IllegalActionError(
        _ENGLISH.plural(message_id, count, **params),
        rule_id=rule_id,
        action=action,
        message_id=message_id,
        params=params,
        count=count,
    )


class RulesError(RemiError, ValueError):
    """A rule file, a preset name or an overridden option is unknown or has a bad value.

    Attributes:
        source: the file (or ``--set``/``[options]``) the value came from.
        key: the rule id concerned (``""`` when the whole file is bad).
        value: the offending value, as read.
    """

    def __init__(self, message: str, *, source: str = "", key: str = "", value: Any = None):
        super().__init__(message)
        self.source = source
        self.key = key
        self.value = value


class UnknownVariantError(RemiError, LookupError):
    """No registered variant or preset answers to the given name or alias.

    Attributes:
        name: the name that was asked for.
        known: the names that would have worked.
    """

    def __init__(self, name: str, known: list[str]):
        names: object = ", ".join(sorted(known)) or Reason(N_("error.unknown_variant.none"))
        super().__init__(str(Reason(N_("error.unknown_variant"), name=name, known=names)))
        self.name = name
        self.known = known
        self.message_id = "error.unknown_variant"
        self.params = {"name": name, "known": names}
