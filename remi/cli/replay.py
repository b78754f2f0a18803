"""``remi replay``: re-play a game record through the engine and report every turn and the scores.

Exit codes: 0 every action is legal, 1 at the first illegal action (its position, text and rule
id are printed), 2 a bad file (malformed JSON, wrong format or version, bad fields or action
text). The file is only read.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.markup import escape

from remi.cli.app import EXIT_INVALID, app, fail, guarded
from remi.cli.lang import LangOption, language, letters_console
from remi.cli.messages import messages
from remi.cli.output import JsonOption, NoColorOption, emit, tell_events_rebuilt
from remi.cli.vocabulary import (
    error_object,
    exception_error,
    player_object,
    record_rules_object,
    scores_list,
)
from remi.core.errors import Told
from remi.core.events import Event, public_events
from remi.core.messages import Messages
from remi.core.record_files import load_record
from remi.core.record_setup import record_rules, rules_note, start_state
from remi.core.render import scores_table
from remi.core.replay import ReplayResult, replay
from remi.core.variant import AnyVariant, variant_for_rules

__all__ = ["replay_command"]


@app.command("replay")
@guarded
def replay_command(
    file: Annotated[Path, typer.Argument(help="A game record (JSON, docs/records.md).")],
    json_out: JsonOption = False,
    lang: LangOption = None,
    no_color: NoColorOption = False,
) -> None:
    """Re-play a game record through the engine: every turn, then the final scores.

    Exit 0 when every action is legal, 1 at the first illegal action (its position, text and
    rule id are printed), 2 for a bad file (malformed JSON, wrong format or version, bad
    fields or action text). The file is only read; stored events that do not match the
    actions are rebuilt from them, and one line on standard error says so.
    """
    record = load_record(file)
    m = messages(language(lang, record.lang))
    result = replay(record)
    tell_events_rebuilt(result, file, m)
    if json_out:
        emit(_replay_json(result, m))
    else:
        _print_replay(result, m)
    if result.error is not None:
        if not json_out:
            err = result.error
            fail(
                escape(
                    m(
                        "replay.illegal",
                        position=err.position,
                        action=err.action,
                        message=err.localized(m, record.names),
                    )
                ),
                EXIT_INVALID,
                rule=err.rule_id,
                path=str(file),
                field=f"actions[{err.position}]",
            )
        raise typer.Exit(EXIT_INVALID)


def _print_replay(result: ReplayResult, m: Messages) -> None:
    console = letters_console(highlight=False, soft_wrap=True)
    note = rules_note(result.record)
    shown = note.render(m) if isinstance(note, Told) else note
    console.print(shown, markup=False, highlight=False)
    names = result.record.names
    turn: list[str] = []
    who: int | None = None
    number = 0

    variant = variant_for_rules(record_rules(result.record))

    def flush() -> None:
        if who is not None and turn:
            console.print(
                f"{number:>4}. {names[who]}: " + " · ".join(turn), markup=False, highlight=False
            )

    for action, text in zip(result.actions, _action_texts(result, variant, m)):
        seat = action.player
        if seat != who:
            flush()
            who, turn, number = seat, [], number + 1
        turn.append(text)
    flush()
    if result.scores:
        ending = variant.end_text(result.state, names, m)
        if ending is not None:
            console.print(ending, markup=False)
        console.print(scores_table(result.scores, m))
    elif result.error is None:
        console.print(m.plural("replay.unfinished", len(result.actions)), markup=False)
    if result.error is None:
        console.print(m.plural("replay.ok", len(result.actions)), markup=False)


def _action_texts(result: ReplayResult, variant: AnyVariant, m: Messages) -> list[str]:
    """Each replayed action as the turn list shows it, as every player may see it (the
    replay is an onlooker's: ``remi.core.events.public_events``, so a tile drawn from the stock
    (grămadă) or offered face down in the exchange of doubles is never named, in any language
    nor after the end of the hand). In English its notation without the seat (``discard
    B4``, ``draw``), unless the notation names a hidden tile (``offer R5 p3``): then, as in
    other languages, ``Variant.describe`` of its public events ("a aruncat A4", "a tras o
    piesă din grămadă")."""
    state = start_state(result.record, record_rules(result.record))
    out = []
    for action in result.actions:
        state, events = variant.transition(state, action)
        shown = public_events(events)
        notation = str(action).split(" ", 1)[1]
        if m.lang == "en" and not _names_hidden(notation, events, shown):
            out.append(notation)
        else:
            out.append(variant.describe(shown, result.record.names, m))
    return out


def _names_hidden(notation: str, events: Sequence[Event], shown: Sequence[Event]) -> bool:
    """Whether an action's ``notation`` names a value that ``shown`` (the public copies of
    ``events``) hides: a tile of a private field (``Event.PRIVATE``) as a word of it."""
    hidden: set[str] = set()
    for event, public in zip(events, shown):
        for name in event.PRIVATE:
            value = getattr(event, name)
            if value is not None and getattr(public, name) is None:
                values = value if isinstance(value, tuple) else (value,)
                hidden.update(str(v) for v in values)
    return any(word in hidden for word in notation.split())


def _replay_json(result: ReplayResult, m: Messages) -> dict[str, Any]:
    """The JSON of ``remi replay`` (remi/schemas/replay.schema.json): the rules, the players,
    how far the record went, the first illegal action (with its reason as an error object),
    how the hand ended and the explained scores."""
    record = result.record
    names = record.names
    end = variant_for_rules(record_rules(record)).hand_outcome(result.state)
    illegal: dict[str, Any] | None = None
    if result.error is not None:
        err = result.error
        reason = (
            exception_error(err.refusal, m)
            if err.refusal is not None
            else error_object(err.message, rule=err.rule_id)
        )
        illegal = {"position": err.position, "action": err.action, "reason": reason}
    closer = end.closed_by if end is not None else None
    return {
        "ok": result.ok,
        "rules": record_rules_object(record),
        "players": [player_object(seat, p.name, p.kind) for seat, p in enumerate(record.players)],
        "actions_applied": len(result.actions),
        "actions_total": len(record.actions),
        "over": result.over,
        "illegal": illegal,
        "ending": None
        if end is None
        else {
            "closed_by": None if closer is None else player_object(closer, names[closer]),
            "closing_tile": None if end.closing_tile is None else str(end.closing_tile),
            "stock_exhausted": end.stock_exhausted,
        },
        "scores": scores_list(result.scores, m),
    }
