"""A record's setup: its rules (the rule values it carries, or for a version 1 record its preset
plus overrides), its parsed actions and its starting state; and ``complete_record``, which makes
a record self-contained before it is written (program, every rule value, the dealt racks and
the whole stock).

Used by ``remi.core.record_files`` to check a record when it is read and to write it, and by
``remi.core.replay`` to replay it.
"""

from __future__ import annotations

import functools
from typing import Any

import attrs

from remi.core.errors import NotationError, Reason, RemiError, Told, reason_of
from remi.core.messages import N_
from remi.core.notation import parse_tiles
from remi.core.presets import load_rules
from remi.core.records import GameRecord, RecordError, StackedDeal
from remi.core.rulespec import RuleSet, rule_specs

__all__ = [
    "checked_rules",
    "complete_record",
    "program_name",
    "record_actions",
    "record_rules",
    "rules_note",
    "start_state",
]


@functools.cache
def program_name() -> str:
    """``"remi-rummy VERSION"``: the program that writes records (``GameRecord.program``)."""
    from importlib import metadata  # here: reading the installed distributions is slow

    try:
        return f"remi-rummy {metadata.version('remi-rummy')}"
    except metadata.PackageNotFoundError:  # a source tree that is not installed
        return "remi-rummy unknown"


def checked_rules(record: GameRecord, path: str = "") -> RuleSet:
    """``record_rules`` with every defect a ``RecordError`` naming ``path`` (field ``preset``
    or ``family``).

    Raises:
        RecordError: an unknown preset or rule id, a bad value, another family.
    """
    try:
        return record_rules(record)
    except RecordError as exc:
        if (
            path and not exc.path
        ):  # the family check knows no path: name the file like every other defect
            named = RecordError(str(exc), path=path, field=exc.field, index=exc.index)
            named.message_id, named.params, named.count = exc.message_id, exc.params, exc.count
            raise named from None
        raise
    except RemiError as exc:
        raise RecordError.from_id(
            N_("error.record.rules"), fields={"path": path, "field": "preset"}, why=reason_of(exc)
        ) from None


def record_rules(record: GameRecord) -> RuleSet:
    """The rule set of ``record``: the rule values it carries (version 2: ``rules``, with the
    preset name as a label only), or its preset with its overrides applied (version 1).

    Raises:
        RulesError / UnknownVariantError: an unknown family, preset or rule id, a bad value.
        RecordError: a missing rule id in ``rules``; the preset's family differs from the
            record's ``family``.
    """
    if record.rules is not None:
        return _own_rules(record, record.rules)
    rules = load_rules(record.preset, dict(record.overrides), source="record overrides")
    if rules.family != record.family:
        raise RecordError.from_id(
            N_("error.record.preset_family"),
            fields={"field": "family"},
            preset=record.preset,
            family=rules.family,
            record_family=record.family,
        )
    return rules


def record_actions(
    record: GameRecord, rules: RuleSet | None = None, *, path: str = ""
) -> list[Any]:
    """The record's action lines parsed with its variant's ``parse_action``.

    Raises:
        RecordError: for a line that does not parse, with its 1-based ``index``.
    """
    from remi.core.variant import variant_for_rules

    rules = rules if rules is not None else record_rules(record)
    variant = variant_for_rules(rules)
    out = []
    for i, line in enumerate(record.actions, start=1):
        try:
            out.append(variant.parse_action(line, rules))
        except NotationError as exc:
            raise RecordError.from_id(
                N_("error.record.action"),
                fields={"path": path, "field": f"actions[{i}]", "index": i},
                index=i,
                line=line,
                why=reason_of(exc),
            ) from None
    return out


def start_state(record: GameRecord, rules: RuleSet | None = None) -> Any:
    """The state at the start of the record's hand (before any action).

    Raises:
        RulesError: a deal that does not fit the rules (rack sizes, too many copies of a tile).
    """
    from remi.core.variant import variant_for_rules

    rules = rules if rules is not None else record_rules(record)
    variant = variant_for_rules(rules)
    n = len(record.players)
    if record.deal is None:
        return variant.new_game(rules, n, seed=record.seed)
    state = variant.new_game(
        rules,
        n,
        seed=record.seed if record.seed is not None else 0,
        racks=[parse_tiles(r) for r in record.deal.racks],
        stock=parse_tiles(record.deal.stock),
    )
    if record.seed is not None and (record.deal.starter or record.deal.start_draw):
        # a seeded Rummikub deal: the seed gives the same deal with its start draw, or the
        # record's deal (which rules) with its starter
        seeded = variant.new_game(rules, n, seed=record.seed)
        if _deal_of(seeded) == record.deal:
            return seeded
    starter = record.deal.starter
    if starter:
        if not hasattr(state, "starter") or not 0 <= starter < n:
            raise RecordError.from_id(
                N_("error.record.starter"), fields={"field": "deal.starter"}, seat=starter + 1
            )
        state = attrs.evolve(state, current=starter, starter=starter)
    return state


def _own_rules(record: GameRecord, values: tuple[tuple[str, Any], ...]) -> RuleSet:
    """The rule set made of the record's own rule values (every rule id of the family)."""
    from remi.core.variant import rules_family

    cls = rules_family(record.family)
    given = dict(values)
    specs = rule_specs(cls)
    missing = [s.rule_id for s in specs if s.rule_id not in given]
    if missing:
        raise RecordError.from_id(
            N_("error.record.rules_lacks"), fields={"field": f"rules.{missing[0]}"}, rule=missing[0]
        )
    base = cls(name=record.preset, family=record.family)
    rules = base.with_overrides(given, source="record rules")
    try:  # the very rule set of the preset when the values are its own (same description)
        preset = load_rules(record.preset, dict(record.overrides), source="record overrides")
    except RemiError:
        preset = None
    if preset is not None and type(preset) is cls and preset.values() == rules.values():
        return preset
    return attrs.evolve(rules, overrides=tuple(record.overrides))


def rules_note(record: GameRecord) -> str:
    """Which rules ``record`` replays under, in one line: its own rule values and whether they
    are those of the preset of the same name (with the record's overrides), or, for a version 1
    record, the preset as installed here. Differences name each rule id with both values.
    """
    if record.rules is None:
        return Told(N_("rules_note.v1"), preset=record.preset)
    try:
        preset = load_rules(record.preset, dict(record.overrides), source="record overrides")
    except RemiError:
        return Told(N_("rules_note.unknown_preset"), preset=record.preset)
    own = dict(record_rules(record).values())
    theirs = preset.values()
    diffs = [
        str(Reason(N_("rules_note.diff"), rule=k, own=repr(own[k]), preset=repr(theirs[k])))
        for k in own
        if own[k] != theirs.get(k)
    ]
    if preset.family != record.family:
        return Told(N_("rules_note.other_family"), preset=record.preset)
    if not diffs:
        return Told(N_("rules_note.same"), preset=record.preset)
    return Told(N_("rules_note.differ"), preset=record.preset, diffs="; ".join(diffs))


def _deal_of(state: Any) -> StackedDeal | None:
    """The dealt racks, the whole stock or pool and the starter of a start ``state``, read from
    the state's public fields (Remi: ``players[i].rack`` and ``stock``; Rummikub: ``racks``,
    ``pool``, ``starter`` and ``start_draw``); None for a family whose state has neither."""
    if hasattr(state, "racks") and hasattr(state, "pool"):
        racks, stock = list(state.racks), state.pool
    elif hasattr(state, "players") and hasattr(state, "stock"):
        racks, stock = [p.rack for p in state.players], state.stock
    else:
        return None
    draw = getattr(state, "start_draw", None)
    rounds = (
        tuple(tuple(f"p{seat + 1} {tile}" for seat, tile in r) for r in draw.rounds)
        if draw is not None
        else ()
    )
    starter = getattr(state, "starter", None)
    return StackedDeal(
        racks=tuple(" ".join(str(t) for t in rack) for rack in racks),
        stock=" ".join(str(t) for t in stock),
        starter=starter if starter else None,
        start_draw=rounds,
    )


def complete_record(record: GameRecord) -> GameRecord:
    """``record`` made self-contained, as every record is written (version 2): the program that
    writes it, every rule value in force, and the deal (racks, the whole stock, the starter and
    the start draw), so the deal follows from the record alone, not from a seed and Python's
    ``random``. Fields already there are kept.

    Raises:
        RemiError: rules or a deal that do not load (as ``record_rules`` / ``start_state``).
    """
    rules = record_rules(record)
    changes: dict[str, Any] = {}
    if not record.program:
        changes["program"] = program_name()
    if record.rules is None:
        changes["rules"] = tuple(rules.values().items())
    deal = _deal_of(start_state(record, rules))
    if deal is not None and deal != record.deal:
        changes["deal"] = deal
    return attrs.evolve(record, **changes) if changes else record
