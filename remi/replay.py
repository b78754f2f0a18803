"""Replaying a game record: its rules, its parsed actions and its starting state, then its
actions through the variant of its rules, to the first one the rules refuse (its position, text
and rule id) or to the end of the hand with its scores.

A record is read by ``remi.records`` (docs/records.md); ``replay`` is what ``remi replay`` and
``remi play --load`` run on it.
"""

from __future__ import annotations

from typing import Any

import attrs

from remi.errors import IllegalActionError, NotationError, RemiError
from remi.notation import parse_tiles
from remi.records import GameRecord, RecordError
from remi.rules import RuleSet, load_rules
from remi.scoring import PlayerScore

__all__ = [
    "ReplayError",
    "ReplayResult",
    "checked_rules",
    "record_actions",
    "record_rules",
    "replay",
    "start_state",
]


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
            raise RecordError(str(exc), path=path, field=exc.field, index=exc.index) from None
        raise
    except RemiError as exc:
        raise RecordError(f"rules: {exc}", path=path, field="preset") from None


def record_rules(record: GameRecord) -> RuleSet:
    """The rule set of ``record``: its preset with its overrides applied.

    Raises:
        RulesError / UnknownVariantError: an unknown preset or rule id, a bad value.
        RecordError: the preset's family differs from the record's ``family``.
    """
    rules = load_rules(record.preset, dict(record.overrides), source="record overrides")
    if rules.family != record.family:
        raise RecordError(
            f"preset '{record.preset}' is of family '{rules.family}', the record says '{record.family}'",
            field="family",
        )
    return rules


def record_actions(
    record: GameRecord, rules: RuleSet | None = None, *, path: str = ""
) -> list[Any]:
    """The record's action lines parsed with its variant's ``parse_action``.

    Raises:
        RecordError: for a line that does not parse, with its 1-based ``index``.
    """
    from remi.variants import variant_for_rules

    rules = rules if rules is not None else record_rules(record)
    variant = variant_for_rules(rules)
    out = []
    for i, line in enumerate(record.actions, start=1):
        try:
            out.append(variant.parse_action(line, rules))
        except NotationError as exc:
            raise RecordError(
                f"action {i} '{line}': {exc}", path=path, field=f"actions[{i}]", index=i
            ) from None
    return out


def start_state(record: GameRecord, rules: RuleSet | None = None) -> Any:
    """The state at the start of the record's hand (before any action).

    Raises:
        RulesError: a deal that does not fit the rules (rack sizes, too many copies of a tile).
    """
    from remi.variants import variant_for_rules

    rules = rules if rules is not None else record_rules(record)
    variant = variant_for_rules(rules)
    n = len(record.players)
    if record.deal is None:
        return variant.new_game(rules, n, seed=record.seed)
    return variant.new_game(
        rules,
        n,
        seed=record.seed if record.seed is not None else 0,
        racks=[parse_tiles(r) for r in record.deal.racks],
        stock=parse_tiles(record.deal.stock),
    )


@attrs.frozen(kw_only=True)
class ReplayError:
    """The first action of a record that the rules refuse.

    Attributes:
        position: its 1-based index in ``actions``.
        action: the action line as written in the record.
        rule_id: the rule that refuses it (``opening.min_points``...).
        message: the engine's full explanation.
    """

    position: int
    action: str
    rule_id: str
    message: str


@attrs.frozen(kw_only=True)
class ReplayResult:
    """What re-playing a record gave.

    Attributes:
        record: the record replayed.
        state: the state after the last legal action (the final state when all were legal).
        actions: the actions applied, in order.
        error: the first illegal action, or None when every action was legal.
        scores: the explained hand scores (``remi.scoring.PlayerScore``, seat order) when the
            hand has ended, else ``()``.
    """

    record: GameRecord
    state: Any = attrs.field(repr=False)
    actions: tuple[Any, ...]
    error: ReplayError | None
    scores: tuple[PlayerScore, ...]

    @property
    def ok(self) -> bool:
        """Every action of the record was legal."""
        return self.error is None

    @property
    def over(self) -> bool:
        """The hand has ended (then ``scores`` are set)."""
        return bool(self.scores)


def replay(record: GameRecord) -> ReplayResult:
    """Re-play ``record`` through its variant (``remi.variants.variant_for_rules``).

    Stops at the first illegal action and reports it (position, text, rule id); the state
    returned is the one just before it.

    Raises:
        RecordError: bad rules, deal or action text (as ``load_record`` would report them).
    """
    from remi.variants import variant_for_rules

    rules = checked_rules(record)
    variant = variant_for_rules(rules)
    actions = record_actions(record, rules)
    try:
        state = start_state(record, rules)
    except RemiError as exc:
        raise RecordError(f"the deal cannot start a hand: {exc}", field="deal") from None
    applied: list[Any] = []
    error = None
    for i, (line, action) in enumerate(zip(record.actions, actions), start=1):
        try:
            state = variant.apply(state, action)
        except IllegalActionError as exc:
            error = ReplayError(position=i, action=line, rule_id=exc.rule_id, message=str(exc))
            break
        applied.append(action)
    scores = variant.score(state, record.names) if variant.is_over(state) else ()
    return ReplayResult(
        record=record, state=state, actions=tuple(applied), error=error, scores=scores
    )
