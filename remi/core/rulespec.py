"""Rule specs and rule sets: the frozen, validated value of every rule id of a family.

A rule id is a dotted snake_case name, ``section.key`` (``opening.min_points``); in a TOML file
it is the key ``min_points`` of the table ``[opening]``. Every rule id is an attrs field of a
family's ``RuleSet`` subclass whose metadata (a ``RuleSpec``) holds the id, its meaning, the
allowed values and the section of docs/rules.md it comes from; that metadata is the single place
rules/README.md and docs/rules.md are checked against. Loading presets is ``remi.core.presets``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, ClassVar, Final, TypeVar

import attrs

from remi.core.errors import Reason, RulesError
from remi.core.messages import N_

_SPEC_KEY: Final = "remi_rule"
_INT_TEXT: Final = re.compile(r"[+-]?[0-9]+")  # an integer rule value in --set / record text


@attrs.frozen
class RuleSpec:
    """What one rule id means and which values it takes.

    Attributes:
        rule_id: dotted id, ``section.key``.
        kind: the Python type of its value: ``bool``, ``int`` or ``str``.
        default: the value when a preset does not set it.
        meaning: one line, in English with the Romanian term where there is one.
        source: the sections of docs/rules.md that state the rule and the reading behind it,
            e.g. ``"docs/rules.md §1.5, §3.4"``.
        choices: for ``str`` rules, the allowed values.
        low, high: for ``int`` rules, the inclusive range.
        field_name: the attribute of the rule-set class that holds it.
    """

    rule_id: str
    kind: type
    default: Any
    meaning: str
    source: str
    choices: tuple[str, ...] = ()
    low: int | None = None
    high: int | None = None
    field_name: str = ""

    def describe_range(self) -> str:
        """The allowed values in words (``"one of closer, everyone, none"``, ``"0-500"``)."""
        return str(self.allowed())

    def allowed(self) -> Reason:
        """The allowed values, to be told in any language (``describe_range`` in English)."""
        if self.kind is bool:
            return Reason(N_("error.rules.range.bool"))
        if self.kind is str:
            return Reason(N_("error.rules.range.choices"), choices=", ".join(self.choices))
        low = "" if self.low is None else str(self.low)
        high = "" if self.high is None else str(self.high)
        return Reason(N_("error.rules.range.int"), low=low, high=high)

    def validate(self, value: Any, source: str) -> Any:
        """Return ``value`` if it suits this rule.

        Raises:
            RulesError: naming ``source``, the rule id and the value, when it does not.
        """
        ok = isinstance(value, self.kind) and not (self.kind is int and isinstance(value, bool))
        if ok and self.kind is str and value not in self.choices:
            ok = False
        if ok and self.kind is int:
            if (self.low is not None and value < self.low) or (
                self.high is not None and value > self.high
            ):
                ok = False
        if not ok:
            raise RulesError.from_id(
                "error.rules.value",
                fields={"source": source, "key": self.rule_id, "value": value},
                source=source,
                rule=self.rule_id,
                value=repr(value),
                allowed=self.allowed(),
            )
        return value

    def parse_text(self, text: str, source: str) -> Any:
        """Convert a ``--set ID=VALUE`` string to this rule's type and validate it.

        Raises:
            RulesError: when the text is not a value of the rule's type or range.
        """
        value: Any = text
        if self.kind is bool:
            low = text.strip().lower()
            if low in ("true", "yes", "on", "1"):
                value = True
            elif low in ("false", "no", "off", "0"):
                value = False
        elif self.kind is int and _INT_TEXT.fullmatch(text.strip()):
            # ASCII digits only: int() would also take '4_5', '٤٥' or '4５' (found by a new user)
            try:
                value = int(text.strip())
            except ValueError:  # over Python's 4300-digit limit
                value = text
        return self.validate(value, source)


def rule(
    rule_id: str,
    default: Any,
    meaning: str,
    source: str,
    *,
    choices: tuple[str, ...] = (),
    low: int | None = None,
    high: int | None = None,
) -> Any:
    """Declare one rule id as an attrs field of a rule-set class (with its ``RuleSpec``)."""
    spec = RuleSpec(
        rule_id=rule_id,
        kind=type(default),
        default=default,
        meaning=meaning,
        source=source,
        choices=choices,
        low=low,
        high=high,
        field_name=rule_id.replace(".", "_"),
    )
    return attrs.field(default=default, metadata={_SPEC_KEY: spec})


@attrs.frozen(kw_only=True, cache_hash=True)
class RuleSet:
    """Base of every family's rule set: the preset's name, family and description.

    Subclasses add one attrs field per rule id (declared with ``rule``). Values are validated
    on construction, so a ``RuleSet`` that exists is always consistent.

    Attributes:
        name: the preset name (``remi-pe-tabla``) or a label for a file.
        family: the rule family, which selects the state machine (``remi``, ``rummikub``).
        description: one line about the preset.
        overrides: the rule ids changed after loading the preset, as ``(id, value)`` pairs, in
            the order given (kept so records and score sheets can say what was changed).
    """

    FAMILY: ClassVar[str] = ""
    #: The rule id of the family's turn timer, in seconds (0 = off), that ``remi play --timer``
    #: sets: ``turn.timer_seconds`` (Remi, docs/rules.md §1.14), ``timer.seconds`` (Rummikub,
    #: §2.8); "" for a family without one.
    TIMER_RULE: ClassVar[str] = ""

    name: str = "custom"
    family: str = ""
    description: str = ""
    overrides: tuple[tuple[str, Any], ...] = ()

    def __attrs_post_init__(self) -> None:
        for spec in rule_specs(type(self)):
            spec.validate(getattr(self, spec.field_name), self.name)

    def __repr__(self) -> str:
        """``<RemiRules remi:remi-pe-tabla+scoring.multiplier=2>``: the class, the family, the
        preset and the rule ids changed after loading it (the position header without its
        digest, docs/notation.md)."""
        changed = "".join(f"+{key}={value}" for key, value in self.overrides)
        return f"<{type(self).__name__} {self.family}:{self.name}{changed}>"

    def get(self, rule_id: str) -> Any:
        """The value of ``rule_id``.

        Raises:
            RulesError: when this family has no such rule id.
        """
        spec = _spec_by_id(type(self)).get(rule_id)
        if spec is None:
            raise RulesError.from_id(
                "error.rules.unknown_id", fields={"key": rule_id}, rule=rule_id, family=self.family
            )
        return getattr(self, spec.field_name)

    def values(self) -> dict[str, Any]:
        """Every rule id and its value, in declaration order."""
        return {s.rule_id: getattr(self, s.field_name) for s in rule_specs(type(self))}

    def with_overrides(self, overrides: Mapping[str, Any], source: str = "--set") -> RuleSet:
        """A copy with some rule ids changed; string values are converted (as from ``--set``).

        Raises:
            RulesError: naming ``source``, the key and the value, for an unknown id or bad value.
        """
        specs = _spec_by_id(type(self))
        changes: dict[str, Any] = {}
        recorded = list(self.overrides)
        for key, raw in overrides.items():
            spec = specs.get(key)
            if spec is None:
                raise RulesError.from_id(
                    "error.rules.unknown_id_in",
                    fields={"source": source, "key": key, "value": raw},
                    source=source,
                    rule=key,
                    family=self.family,
                    suggestion=_suggest(key, specs),
                )
            value = (
                spec.parse_text(raw, source)
                if isinstance(raw, str) and spec.kind is not str
                else spec.validate(raw, source)
            )
            changes[spec.field_name] = value
            recorded.append((key, value))
        return attrs.evolve(self, overrides=tuple(recorded), **changes)


_T = TypeVar("_T", bound=RuleSet)


def rule_specs(cls: type[RuleSet]) -> list[RuleSpec]:
    """The ``RuleSpec`` of every rule id of a rule-set class, in declaration order."""
    return [f.metadata[_SPEC_KEY] for f in attrs.fields(cls) if _SPEC_KEY in f.metadata]


def _spec_by_id(cls: type[RuleSet]) -> dict[str, RuleSpec]:
    return {s.rule_id: s for s in rule_specs(cls)}


def _suggest(key: str, specs: Mapping[str, RuleSpec]) -> Reason | str:
    import difflib

    close = difflib.get_close_matches(key, list(specs), n=1)
    return Reason(N_("error.rules.did_you_mean"), rule=close[0]) if close else ""
