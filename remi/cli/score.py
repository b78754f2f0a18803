"""``remi score FILE``: score the end of a hand from a dispute file, line by line with rule ids."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from remi.cli.app import EXIT_INVALID, app, fail_message, guarded, parse_set_options
from remi.cli.completion import SetOption, complete_presets
from remi.cli.lang import LangOption, letters_console, localized_messages
from remi.cli.output import JsonOption, NoColorOption, emit
from remi.cli.score_record import score_record
from remi.cli.score_tables import player_table, totals_table
from remi.cli.vocabulary import rules_object, scores_list
from remi.core.dispute_support import load_dispute, score_dispute
from remi.core.messages import N_

__all__ = ["score"]


@app.command("score")
@guarded
def score(
    file: Annotated[
        str | None, typer.Argument(help="Dispute file (TOML), see docs/disputes.md.")
    ] = None,
    from_record: Annotated[
        Path | None,
        typer.Option(
            "--from-record", help="Score the recorded hand of a game record (docs/records.md)."
        ),
    ] = None,
    hand: Annotated[
        int | None,
        typer.Option("--hand", help="With --from-record: the hand of a match (1 = the first)."),
    ] = None,
    rules: Annotated[
        str | None,
        typer.Option(
            "--rules",
            help="Preset or rule file; overrides the file's `rules`.",
            autocompletion=complete_presets,
        ),
    ] = None,
    set_: SetOption = None,
    json_out: JsonOption = False,
    lang: LangOption = None,
    no_color: NoColorOption = False,
) -> None:
    """Score every player at the end of a hand (docs/rules.md §1.9, §1.11, §1.12; for the
    Rummikub-style presets §2.9, §2.10). When the file has an `[expect]` table (and no
    `--rules`/`--set` changes its rules), each expected score is compared; exit 1 when one
    differs, 2 for a bad file. With --from-record GAME.json the scores come straight from a
    game record (the end of its hand, replayed under the record's own rules); --hand N picks a
    hand of a match (an earlier hand: its recorded points)."""
    if from_record is not None:
        if file is not None or rules is not None or set_:
            fail_message(N_("cli.error.from_record_alone"), field="--from-record")
        score_record(from_record, hand, json_out, localized_messages(lang))
        return
    if hand is not None:
        fail_message(N_("cli.error.hand_needs_record"), field="--hand")
    if file is None:
        fail_message(N_("cli.error.score_needs_file"), field="file")
    dispute = load_dispute(file, rules=rules, overrides=parse_set_options(set_))
    scores = score_dispute(dispute)
    got = {ps.name: ps.score for ps in scores}
    # the [expect] table is for the file's own rules: not compared under --rules / --set
    expect = dispute.expect if rules is None and not set_ else {}
    differ = {name: points for name, points in expect.items() if got[name] != points}
    m = localized_messages(lang)
    if json_out:
        out: dict[str, Any] = {
            "rules": rules_object(dispute.rules),
            "hand": None,
            "scores": scores_list(scores, m),
        }
        if expect:
            seats = {ps.name: seat for seat, ps in enumerate(scores, start=1)}
            out["expect"] = [
                {
                    "seat": seats[name],
                    "name": name,
                    "expected": points,
                    "got": got[name],
                    "met": name not in differ,
                }
                for name, points in expect.items()
            ]
            out["expect_met"] = not differ
        emit(out)
        if differ:
            raise typer.Exit(EXIT_INVALID)
        return
    console = letters_console(highlight=False)
    changed = ", ".join(f"{k}={v}" for k, v in dispute.rules.overrides)
    if changed:
        console.print(
            m("score.rules_with", rules=dispute.rules.name, changed=changed), markup=False
        )
    else:
        console.print(m("score.rules", rules=dispute.rules.name), markup=False)
    if dispute.description:
        console.print(dispute.description, markup=False)
    for ps in scores:
        console.print(player_table(ps, m))
    console.print(totals_table([(ps.name, ps.score) for ps in scores], m))
    if dispute.expect and not expect:
        console.print(m("score.expect.not_compared"), markup=False)
    for name, points in expect.items():
        verdict = m("score.expect.met") if name not in differ else m("score.expect.differs")
        line = m.plural("score.expect.line", points, name=name, got=got[name], verdict=verdict)
        console.print(line, style="green" if name not in differ else "red", markup=False)
    if differ:
        raise typer.Exit(EXIT_INVALID)
