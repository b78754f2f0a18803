"""``remi score --from-record GAME.json [--hand N]``: the explained score of a recorded hand,
straight from a game record, so nobody types the table again (docs/records.md).

The record is replayed under its own rules (``remi.core.replay``); the hand must have ended.
In a match record, ``--hand N`` picks a hand: the record's own hand (its ``hands_played + 1``)
is replayed and explained; an earlier finished hand gives the points the record kept
(``match.hands``). Exit codes as ``remi score``: 0 scored, 1 an illegal action in the record,
2 bad input (a bad file, a hand that has not ended or is not in the record).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rich.markup import escape

from remi.cli.app import EXIT_INVALID, fail, fail_message
from remi.cli.lang import letters_console
from remi.cli.output import emit
from remi.cli.score_tables import player_table, totals_table
from remi.cli.vocabulary import player_object, record_rules_object, scores_list
from remi.core.errors import Told
from remi.core.files import printable
from remi.core.messages import N_, Messages
from remi.core.record_files import load_record
from remi.core.record_setup import rules_note
from remi.core.records import GameRecord
from remi.core.replay import replay
from remi.core.scoring import PlayerScore

__all__ = ["score_record"]


def score_record(path: Path, hand: int | None, json_out: bool, m: Messages) -> None:
    """Print the explained scores of hand ``hand`` (1-based; default the record's own) of the
    record at ``path``, as ``remi score`` prints a dispute file's (the JSON texts in the
    language of ``m``).

    Raises:
        typer.Exit: 1 when the record holds an illegal action; 2 when the hand has not ended
            or is not in the record (``RecordError`` for a bad file, exit 2 through ``guarded``).
    """
    record = load_record(path)
    own = (record.match.hands_played + 1) if record.match is not None else 1
    number = own if hand is None else hand
    if number != own:
        hands = record.match.hands if record.match else None
        _earlier_hand(path, record, hands, number, own, json_out, m)
        return
    result = replay(record)
    from remi.cli.output import tell_events_rebuilt

    tell_events_rebuilt(result, path, m)
    if result.error is not None:
        err = result.error
        from remi.cli.messages import messages
        from remi.cli.output import requested_language

        m = messages(requested_language())
        told = m(
            "replay.illegal",
            position=err.position,
            action=err.action,
            message=err.localized(m, record.names),
        )
        fail(
            escape(f"{path}: action {err.position} '{err.action}' is illegal: {err.message}"),
            EXIT_INVALID,
            shown=escape(f"{path}: {told}"),
            text=f"{path}: {told}",
            rule=err.rule_id,
            path=str(path),
            field=f"actions[{err.position}]",
        )
    if not result.over:
        fail_message(
            N_("score_record.not_ended"),
            path=printable(str(path)),
            hand=number,
            done=len(result.actions),
        )
    if json_out:
        emit(
            {
                "rules": _rules_json(record),
                "hand": number,
                "scores": scores_list(result.scores, m),
            }
        )
        return
    _print(result.scores, rules_note(record), m)


def _rules_json(record: GameRecord) -> dict[str, Any]:
    """The rules object of ``record`` (``text``: which rules it replays under, in English)."""
    return record_rules_object(record)


def _earlier_hand(
    path: Path,
    record: GameRecord,
    hands: tuple[tuple[tuple[str, int], ...], ...] | None,
    number: int,
    own: int,
    json_out: bool,
    m: Messages,
) -> None:
    if hands is None or not 1 <= number < own or number > len(hands):
        told = N_("score_record.hands") if hands is not None else N_("score_record.hand_only")
        fail_message(told, field="--hand", path=printable(str(path)), hand=number, own=own)
    points = dict(hands[number - 1])
    if json_out:
        scores = [
            {**player_object(seat, name), "points": value, "lines": None}
            for seat, (name, value) in enumerate(points.items())
        ]
        emit({"rules": _rules_json(record), "hand": number, "scores": scores})
        return
    console = letters_console(highlight=False)
    console.print(m("score.record.earlier_hand", hand=number), markup=False)
    console.print(totals_table(list(points.items()), m, m("score.record.hand", hand=number)))


def _print(scores: tuple[PlayerScore, ...], note: str | Told, m: Messages) -> None:
    """The rules note, each player's explained table and the totals, in the language of ``m``
    (the tiles in its colour letters)."""
    console = letters_console(highlight=False)
    console.print(printable(note.render(m) if isinstance(note, Told) else note), markup=False)
    for ps in scores:
        console.print(player_table(ps, m))
    console.print(totals_table([(ps.name, ps.score) for ps in scores], m))
