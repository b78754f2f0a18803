"""Strength settings of a bot kind, named where a bot kind is named: ``KIND:NAME=VALUE...``.

A *bot spec* is a bot kind followed by settings, each after a colon: ``club``,
``club:samples=20``, ``club:budget=0.2s:candidates=4`` (no spaces; the comma stays free for
lists of bots such as ``remi ladder --bots club,club:samples=30``). ``parse_bot_spec`` reads
the syntax; the names and values belong to the family that plays the kind: a family's strategy
table (``Variant.strategy``) may hold a ``Tunable`` in place of a plain ``factory(seed)``, which
lists its ``Setting`` s and builds the strategy from the settings read (``Tunable.configure``).

``budget=SECONDS`` (``0.2s``, ``0.2``, ``200ms``) is a time budget per decision that the
family turns into a *sample count* (``Tunable.budget``, from a fixed cost per sample measured
on a reference machine, docs/bots.md): the play stays reproducible by seed on any machine, and
the time actually spent varies with the machine's speed. Every error is a ``SettingError``
naming the bad token (English ``str()``, a catalogue message in any language).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final, Generic, TypeVar

import attrs

from remi.core.errors import Reason, RemiError
from remi.core.messages import N_
from remi.core.strategy import Strategy

__all__ = [
    "BUDGET",
    "MARGIN",
    "SAMPLES",
    "BotSpec",
    "Setting",
    "SettingError",
    "Tunable",
    "number",
    "parse_bot_spec",
    "seconds",
    "setting",
    "whole",
]

#: The option name of a time budget per decision (seconds), offered by every ``Tunable`` that
#: has a ``budget`` conversion.
BUDGET = "budget"

S = TypeVar("S")
V = TypeVar("V")
A = TypeVar("A")


class SettingError(RemiError, ValueError):
    """A bot spec that cannot be read: bad syntax, an unknown setting, a bad value, or settings
    given to a kind that takes none.

    Attributes:
        kind: the bot kind concerned ("" when the spec has none).
        token: the bad part of the spec.
    """

    def __init__(self, message: str, *, kind: str = "", token: str = ""):
        super().__init__(message)
        self.kind = kind
        self.token = token


@attrs.frozen(kw_only=True)
class BotSpec:
    """A bot kind with its settings, as typed.

    Attributes:
        kind: the bot kind (lower case), e.g. ``"club"``.
        options: (name, value) pairs in the order typed, names lower case.
        text: the spec as typed (the bot's name in reports and records).
    """

    kind: str
    options: tuple[tuple[str, str], ...] = ()
    text: str = ""


def parse_bot_spec(text: str) -> BotSpec:
    """``KIND[:NAME=VALUE]...`` read into a ``BotSpec``; surrounding blanks are ignored, kind
    and names are case-insensitive. Only the syntax is checked here (the kind and the names
    are the bot registry's and the family's).

    Raises:
        SettingError: an empty kind, a setting without ``=``, an empty name or value, or a
            name given twice (naming the token).
    """
    spec = text.strip()
    kind, *parts = spec.split(":")
    kind = kind.strip().lower()
    if not kind:
        raise SettingError.from_id(
            N_("bot.error.spec"), fields={"token": spec}, token=spec, spec=spec
        )
    options: list[tuple[str, str]] = []
    for part in parts:
        name, sep, value = part.partition("=")
        name, value = name.strip().lower(), value.strip()
        if not sep or not name or not value:
            raise SettingError.from_id(
                N_("bot.error.spec"), fields={"kind": kind, "token": part}, token=part, spec=spec
            )
        if any(name == n for n, _ in options):
            raise SettingError.from_id(
                N_("bot.error.setting_twice"),
                fields={"kind": kind, "token": part},
                name=name,
                spec=spec,
            )
        options.append((name, value))
    return BotSpec(kind=kind, options=tuple(options), text=spec)


@attrs.frozen(kw_only=True)
class Setting:
    """One setting a ``Tunable`` accepts.

    Attributes:
        name: the name typed in a spec (lower case).
        field: the attribute of the family's settings object it sets.
        parse: value text -> value; raises ``ValueError`` for a bad value.
        expected: what a good value is, told in any language (for the error message).
    """

    name: str
    field: str
    parse: Callable[[str], object]
    expected: Reason


def setting(name: str, field: str, value: tuple[Callable[[str], object], Reason]) -> Setting:
    """The ``Setting`` ``name`` of ``field`` whose value is read as ``value`` says (a
    ``whole``, ``number`` or ``seconds`` pair: parser, description)."""
    parse, expected = value
    return Setting(name=name, field=field, parse=parse, expected=expected)


def whole(low: int, high: int) -> tuple[Callable[[str], int], Reason]:
    """A whole number from ``low`` to ``high``: the parser and its description."""

    def parse(text: str) -> int:
        value = int(text)
        if not low <= value <= high:
            raise ValueError(text)
        return value

    return parse, Reason(N_("bot.expect.whole"), low=low, high=high)


def number(
    low: float, high: float, *, none: bool = False
) -> tuple[Callable[[str], float | None], Reason]:
    """A decimal number from ``low`` to ``high`` (or ``none`` when ``none`` is true): the
    parser and its description."""

    def parse(text: str) -> float | None:
        if none and text.lower() == "none":
            return None
        value = float(text)
        if not low <= value <= high:  # also refuses nan
            raise ValueError(text)
        return value

    key = N_("bot.expect.number_or_none") if none else N_("bot.expect.number")
    return parse, Reason(key, low=f"{low:g}", high=f"{high:g}")


def seconds(low: float, high: float) -> tuple[Callable[[str], float], Reason]:
    """A duration from ``low`` to ``high`` seconds, written ``0.2s``, ``200ms`` or ``0.2``:
    the parser and its description."""

    def parse(text: str) -> float:
        t = text.lower()
        scale = 1.0
        if t.endswith("ms"):
            t, scale = t[:-2], 0.001
        elif t.endswith("s"):
            t = t[:-1]
        value = float(t) * scale
        if not low <= value <= high:
            raise ValueError(text)
        return value

    return parse, Reason(N_("bot.expect.seconds"), low=f"{low:g}", high=f"{high:g}")


#: ``samples=N``: determinizations per decision (a settings field ``samples``), 1 to 1000.
SAMPLES: Final[Setting] = setting("samples", "samples", whole(1, 1000))
#: ``margin=X``: points a searched choice must gain over the default one (a settings field
#: ``margin_points``), 0 to 1000.
MARGIN: Final[Setting] = setting("margin", "margin_points", number(0, 1000))


@attrs.frozen(kw_only=True)
class Tunable(Generic[S, V, A]):
    """A strategy factory whose settings can be named in a bot spec; called with a seed it is
    the plain ``factory(seed)`` of a strategy table (the default settings).

    Attributes:
        build: (seed, settings) -> a new strategy.
        defaults: the settings object used when none is named (a frozen attrs value).
        settings: the settings a spec may name.
        budget: (seconds per decision, settings) -> the settings that spend about that much
            CPU time (a sample count; module docstring); None: no ``budget`` setting.
    """

    build: Callable[[int, S], Strategy[V, A]]
    defaults: S
    settings: tuple[Setting, ...]
    budget: Callable[[float, S], S] | None = None

    def __call__(self, seed: int) -> Strategy[V, A]:
        """A new strategy with the default settings."""
        return self.build(seed, self.defaults)

    def names(self) -> tuple[str, ...]:
        """The setting names a spec may use, ``budget`` last when offered."""
        extra = (BUDGET,) if self.budget is not None else ()
        return tuple(s.name for s in self.settings) + extra

    def configure(self, kind: str, options: Sequence[tuple[str, str]]) -> S:
        """The settings ``options`` (name, value pairs of a ``BotSpec``) make of the defaults;
        a ``budget`` is applied after the other settings (it picks the sample count for them).

        Raises:
            SettingError: an unknown name (naming the known ones) or a bad value (naming the
                token and what a good value is).
        """
        by_name = {s.name: s for s in self.settings}
        changes: dict[str, Any] = {}
        budget: float | None = None
        for name, text in options:
            token = f"{name}={text}"
            parse: Callable[[str], object]
            if name == BUDGET and self.budget is not None:
                parse, expected = seconds(0.001, 600.0)
            elif name in by_name:
                parse, expected = by_name[name].parse, by_name[name].expected
            else:
                raise SettingError.from_id(
                    N_("bot.error.setting_name"),
                    fields={"kind": kind, "token": token},
                    kind=kind,
                    name=name,
                    known=", ".join(self.names()),
                )
            try:
                value = parse(text)
            except ValueError:
                raise SettingError.from_id(
                    N_("bot.error.setting_value"),
                    fields={"kind": kind, "token": token},
                    token=token,
                    expected=expected,
                ) from None
            if isinstance(value, float) and name == BUDGET:
                budget = value
            else:
                changes[by_name[name].field] = value
        settings = attrs.evolve(self.defaults, **changes)  # type: ignore[misc]
        if budget is not None and self.budget is not None:
            settings = self.budget(budget, settings)
        return settings

    def configured(
        self, kind: str, options: Sequence[tuple[str, str]]
    ) -> Callable[[int], Strategy[V, A]]:
        """``factory(seed)`` of the strategy with the settings ``options`` (``configure``).

        Raises:
            SettingError: as ``configure``.
        """
        settings = self.configure(kind, options)

        def factory(seed: int) -> Strategy[V, A]:
            return self.build(seed, settings)

        return factory
