"""Replaying a game record: its rules, its parsed actions and its starting state, then its
actions through the variant of its rules, to the first one the rules refuse (its position, text
and rule id) or to the end of the hand with its scores.

A record is read by ``remi.core.records`` (docs/records.md); ``replay`` is what ``remi replay`` and
``remi play --load`` run on it.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from remi.core.actions import Action
from remi.core.errors import IllegalActionError, RemiError
from remi.core.events import Event
from remi.core.game import State
from remi.core.messages import Messages
from remi.core.record_setup import checked_rules, record_actions, start_state
from remi.core.records import GameRecord, RecordError
from remi.core.scoring import PlayerScore

__all__ = ["ReplayError", "ReplayResult", "replay"]


@attrs.frozen(kw_only=True)
class ReplayError:
    """The first action of a record that the rules refuse.

    Attributes:
        position: its 1-based index in ``actions``.
        action: the action line as written in the record.
        rule_id: the rule that refuses it (``opening.min_points``...).
        message: the engine's full explanation.
        refusal: the engine's refusal itself (its message id tells it in any language).
    """

    position: int
    action: str
    rule_id: str
    message: str
    #: the refusal itself, to be told in any language (not compared)
    refusal: IllegalActionError | None = attrs.field(default=None, eq=False, repr=False)

    def localized(self, m: Messages, names: Sequence[str] | None = None) -> str:
        """``message`` in the language of ``m``; ``names`` (the record's players, seat order)
        name the players the refusal names by seat (``remi.core.errors.Seat``)."""
        return self.message if self.refusal is None else self.refusal.localized(m, names=names)


@attrs.frozen(kw_only=True)
class ReplayResult:
    """What re-playing a record gave.

    Attributes:
        record: the record replayed.
        state: the state after the last legal action (the final state when all were legal).
        actions: the actions applied, in order.
        error: the first illegal action, or None when every action was legal.
        scores: the explained hand scores (``remi.core.scoring.PlayerScore``, seat order) when the
            hand has ended, else ``()``.
        events_differ: the 1-based position of the first replayed action whose events, as the
            record stored them (``GameRecord.events``), are not the events the action gives;
            None when they all match or the record stores none. The actions are the truth
            (docs/records.md): the events are rebuilt from them, and a program that loads the
            record says so (``record.events_rebuilt``).
    """

    record: GameRecord
    state: State = attrs.field(repr=False)
    actions: tuple[Action, ...]
    error: ReplayError | None
    scores: tuple[PlayerScore, ...]
    events_differ: int | None = None

    @property
    def ok(self) -> bool:
        """Every action of the record was legal."""
        return self.error is None

    @property
    def over(self) -> bool:
        """The hand has ended (then ``scores`` are set)."""
        return bool(self.scores)


def replay(record: GameRecord) -> ReplayResult:
    """Re-play ``record`` through its variant (``remi.core.variant.variant_for_rules``).

    Stops at the first illegal action and reports it (position, text, rule id); the state
    returned is the one just before it. The events the record stores are compared with the
    events its actions give (``ReplayResult.events_differ``: the first action where they do
    not match).

    Raises:
        RecordError: bad rules, deal or action text (as ``load_record`` would report them).
    """
    from remi.core.variant import variant_for_rules

    rules = checked_rules(record)
    variant = variant_for_rules(rules)
    actions = record_actions(record, rules)
    try:
        state = start_state(record, rules)
    except RemiError as exc:
        raise RecordError(f"the deal cannot start a hand: {exc}", field="deal") from None
    applied: list[Action] = []
    error = None
    differ: int | None = None
    for i, (line, action) in enumerate(zip(record.actions, actions), start=1):
        try:
            if record.events is None:  # nothing to compare: the fast path
                state, events = variant.apply(state, action), tuple[Event, ...]()
            else:
                state, events = variant.transition(state, action)
        except IllegalActionError as exc:
            error = ReplayError(
                position=i, action=line, rule_id=exc.rule_id, message=str(exc), refusal=exc
            )
            break
        applied.append(action)
        stored = record.events[i - 1] if record.events is not None else None
        if differ is None and stored is not None and tuple(stored) != tuple(map(str, events)):
            differ = i
    scores = variant.score(state, record.names) if variant.is_over(state) else ()
    found = ReplayResult(
        record=record, state=state, actions=tuple(applied), error=error, scores=scores
    )
    return attrs.evolve(found, events_differ=differ)
