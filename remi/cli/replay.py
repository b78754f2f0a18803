"""``remi replay``: re-play a game record through the engine and report every turn and the scores.

Exit codes: 0 every action is legal, 1 at the first illegal action (its position, text and rule
id are printed), 2 a bad file (malformed JSON, wrong format or version, bad fields or action
text). The file is only read.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape

from remi.cli.app import EXIT_INVALID, app, fail, guarded
from remi.cli.lang import LangOption, language
from remi.cli.messages import messages
from remi.core.errors import Told
from remi.core.messages import Messages
from remi.core.record_files import load_record
from remi.core.record_setup import record_rules, rules_note
from remi.core.render import scores_table
from remi.core.replay import ReplayResult, replay
from remi.core.variant import variant_for_rules

__all__ = ["replay_command"]


@app.command("replay")
@guarded
def replay_command(
    file: Annotated[Path, typer.Argument(help="A game record (JSON, docs/records.md).")],
    json_out: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
    lang: LangOption = None,
) -> None:
    """Re-play a game record through the engine: every turn, then the final scores.

    Exit 0 when every action is legal, 1 at the first illegal action (its position, text and
    rule id are printed), 2 for a bad file (malformed JSON, wrong format or version, bad
    fields or action text). The file is only read.
    """
    record = load_record(file)
    m = messages(language(lang, record.lang))
    result = replay(record)
    if json_out:
        typer.echo(json.dumps(_replay_json(result), ensure_ascii=False, indent=2))
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
                        message=err.localized(m),
                    )
                ),
                EXIT_INVALID,
            )
        raise typer.Exit(EXIT_INVALID)


def _print_replay(result: ReplayResult, m: Messages) -> None:
    console = Console(highlight=False, soft_wrap=True)
    note = rules_note(result.record)
    shown = note.render(m) if isinstance(note, Told) else note
    console.print(shown, markup=False, highlight=False)
    names = result.record.names
    turn: list[str] = []
    who: int | None = None
    number = 0

    def flush() -> None:
        if who is not None and turn:
            console.print(
                f"{number:>4}. {names[who]}: " + " · ".join(turn), markup=False, highlight=False
            )

    for action in result.actions:
        seat = action.player
        if seat != who:
            flush()
            who, turn, number = seat, [], number + 1
        turn.append(str(action).split(" ", 1)[1])
    flush()
    if result.scores:
        variant = variant_for_rules(record_rules(result.record))
        ending = variant.end_text(result.state, names, m)
        if ending is not None:
            console.print(ending, markup=False)
        console.print(scores_table(result.scores, m))
    elif result.error is None:
        console.print(m.plural("replay.unfinished", len(result.actions)), markup=False)
    if result.error is None:
        console.print(m.plural("replay.ok", len(result.actions)), markup=False)


def _replay_json(result: ReplayResult) -> dict[str, Any]:
    names = result.record.names
    end = variant_for_rules(record_rules(result.record)).hand_outcome(result.state)
    return {
        "ok": result.ok,
        "rules": rules_note(result.record),
        "actions_applied": len(result.actions),
        "actions_total": len(result.record.actions),
        "over": result.over,
        "error": None
        if result.error is None
        else {
            "position": result.error.position,
            "action": result.error.action,
            "rule": result.error.rule_id,
            "message": result.error.message,
        },
        "closed_by": names[end.closed_by]
        if end is not None and end.closed_by is not None
        else None,
        "closing_tile": str(end.closing_tile)
        if end is not None and end.closing_tile is not None
        else None,
        "stock_exhausted": end.stock_exhausted if end is not None else False,
        "scores": [
            {
                "name": ps.name,
                "score": ps.score,
                "lines": [
                    {"rule": ln.rule_id, "text": ln.text, "points": ln.points} for ln in ps.lines
                ],
            }
            for ps in result.scores
        ],
    }
