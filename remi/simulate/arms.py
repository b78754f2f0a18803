"""The arms of a simulation: the base rules and each variation compared with it.

An arm is a named rule set. ``--rules`` presets are arms as they are; ``--set ID=VALUE`` makes an
arm that differs from the base (the first ``--rules``) in that one rule; ``--arm NAME:ID=VALUE,...``
an arm with several changes. An arm carries its rule CONTENTS (every rule id and value), never a
path, so a worker process or a Dask worker rebuilds the same rules without the file.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from remi.core.errors import RemiError
from remi.core.messages import N_
from remi.core.rulespec import RuleSet, rule_specs

__all__ = ["Arm", "ArmError", "build_arms", "parse_arm", "parse_set"]


class ArmError(RemiError, ValueError):
    """A ``--set`` or ``--arm`` that cannot be read, or one that changes nothing."""


@attrs.frozen(kw_only=True)
class Arm:
    """One arm of a comparison.

    Attributes:
        name: the arm's name in reports (the preset name, ``ID=VALUE``, or the ``--arm`` name).
        family: the rule family (``remi``, ``rummikub``).
        values: every rule id and its value, in declaration order (the rule contents).
        changes: the rule ids in which the arm differs from the base, with the arm's value
            (empty for the base).
    """

    name: str
    family: str
    values: tuple[tuple[str, Any], ...]
    changes: tuple[tuple[str, Any], ...] = ()

    @classmethod
    def of(cls, name: str, rules: RuleSet, base: RuleSet | None = None) -> Arm:
        """The arm ``name`` playing ``rules``; ``changes`` against ``base`` (same family)."""
        values = tuple(rules.values().items())
        changes: tuple[tuple[str, Any], ...] = ()
        if base is not None and base.family == rules.family:
            old = base.values()
            changes = tuple((k, v) for k, v in values if old.get(k) != v)
        return cls(name=name, family=rules.family, values=values, changes=changes)

    def rules(self) -> RuleSet:
        """The rule set rebuilt from the contents (``rules_family`` of the family).

        Raises:
            UnknownVariantError: the family is not installed here.
        """
        from remi.core.variant import rules_family

        cls = rules_family(self.family)
        fields = {s.rule_id: s.field_name for s in rule_specs(cls)}
        kwargs = {fields[k]: v for k, v in self.values if k in fields}
        return cls(name=self.name, family=self.family, **kwargs)

    def as_tuple(self) -> tuple[Any, ...]:
        """Plain values for another process (no objects of ours)."""
        return (self.name, self.family, self.values, self.changes)

    @classmethod
    def from_tuple(cls, row: Sequence[Any]) -> Arm:
        """The inverse of ``as_tuple``."""
        name, family, values, changes = row
        return cls(
            name=name,
            family=family,
            values=tuple((k, v) for k, v in values),
            changes=tuple((k, v) for k, v in changes),
        )


def parse_set(text: str) -> tuple[str, str]:
    """``ID=VALUE`` -> ``(ID, VALUE)``.

    Raises:
        ArmError: no ``=``, or an empty id or value.
    """
    key, sep, value = text.partition("=")
    if not sep or not key.strip() or not value.strip():
        raise ArmError.from_id(N_("simulate.error.set_format"), item=text)
    return key.strip(), value.strip()


def parse_arm(text: str) -> tuple[str, dict[str, str]]:
    """``NAME:ID=VALUE,ID=VALUE`` -> ``(NAME, {ID: VALUE})``.

    Raises:
        ArmError: no name, no change, or a change that is not ``ID=VALUE``.
    """
    name, sep, rest = text.partition(":")
    if not sep or not name.strip() or not rest.strip():
        raise ArmError.from_id(N_("simulate.error.arm_format"), item=text)
    changes: dict[str, str] = {}
    for part in rest.split(","):
        try:
            key, value = parse_set(part)
        except ArmError:
            raise ArmError.from_id(N_("simulate.error.arm_part"), item=text, part=part) from None
        changes[key] = value
    return name.strip(), changes


def build_arms(
    presets: Sequence[str], sets: Sequence[str] = (), arms: Sequence[str] = ()
) -> list[Arm]:
    """The arms of a run: each preset of ``presets`` (the first is the base), then one arm per
    ``--set`` and per ``--arm`` (both derived from the base).

    Raises:
        ArmError: a malformed ``--set`` / ``--arm``, an arm that changes nothing, a name given
            twice, or no preset. RulesError: an unknown rule id or a bad value (naming it).
    """
    from remi.core.presets import load_rules

    if not presets:
        raise ArmError.from_id(N_("simulate.error.no_preset"))
    loaded = [load_rules(p) for p in presets]
    base = loaded[0]
    out = [Arm.of(base.name, base)] + [Arm.of(r.name, r, base) for r in loaded[1:]]
    wanted = [(f"{k}={v}", {k: v}, "--set") for k, v in map(parse_set, sets)]
    wanted += [(*parse_arm(a), "--arm") for a in arms]
    for name, changes, source in wanted:
        arm = Arm.of(name, base.with_overrides(changes, source), base)
        if not arm.changes:
            raise ArmError.from_id(
                N_("simulate.error.arm_same"), source=source, name=name, base=base.name
            )
        out.append(arm)
    names = [a.name for a in out]
    if len(set(names)) != len(names):
        raise ArmError.from_id(N_("simulate.error.arm_twice"), names=", ".join(names))
    return out
