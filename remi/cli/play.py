"""``remi play``: a hand or a match against bots or friends, at the terminal.

The CLI holds no game logic: states come from ``remi.core.records`` / ``remi.core.variant``, bots from
``remi.bots``, matches from ``remi.match``, and each family plays a person's turn, draws its
screens and has its words (``Variant.human_turn``, ``Variant.messages``...) through the session
of ``remi.cli.session``. Remi pe tablă is played by typing the engine's action notation without
the seat prefix (``draw``, ``meld R7 R8 R9``, ``discard Y12``), the Rummikub-style family by
editing the table with a turn timer; both with ``help``, ``hint``, ``save FILE`` and ``quit``. A
refused input shows the error with its rule id and changes nothing. Exit codes: 0 played, 1 a
``--load`` record holds an illegal action, 2 bad input (bad file, options, preset).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Annotated

import attrs
import typer

from remi.cli.app import app, fail_message, guarded, parse_set_options
from remi.cli.completion import SetOption, complete_bots, complete_presets
from remi.cli.hands import new_record, on_board, run
from remi.cli.lang import LangOption, LetterWriter, language
from remi.cli.messages import messages
from remi.cli.output import NoColorOption, make_console
from remi.cli.savelock import SaveLockError, SaveLocks
from remi.cli.seats import (
    SeatOrderCommand,
    check_player_count,
    check_room_for_you,
    default_table,
    name_seats,
    seat_order,
)
from remi.cli.session import Session, check_save_target, path_key, start_session
from remi.core.errors import NotationError, Told, reason_of
from remi.core.game import State, from_position, variant_of
from remi.core.messages import LANGUAGES, N_, Messages
from remi.core.record_files import load_record
from remi.core.records import HUMAN, GameRecord, PlayerEntry

__all__ = ["play"]


def _use_board(plain: bool, auto: bool) -> bool:
    """The board is used in a terminal (stdin and stdout), for a person's game and for a bot
    game (``--auto``: drawn move by move, with a speed control); ``--plain`` and pipes keep the
    line mode (a bot game then prints its moves with no input)."""
    if plain:
        return False
    try:
        return sys.stdin.isatty() and sys.stdout.isatty()
    except (AttributeError, ValueError):
        return False


def _tell_own_rules(record: GameRecord, m: Messages) -> None:
    """A loaded record whose ``preset`` is not known here but which holds its full rules
    (version 2, ``rules``) loads under them: say so, on standard error, in one line
    (``rules_note.unknown_preset``). A version 1 record with such a preset never gets here:
    ``load_record`` refuses it, naming the preset."""
    from remi.cli.app import err_console
    from remi.core.errors import RemiError
    from remi.core.presets import load_rules
    from remi.core.record_setup import rules_note

    if record.rules is None:
        return
    try:
        load_rules(record.preset, dict(record.overrides), source="record overrides")
    except RemiError:
        note = rules_note(record)
        shown = note.render(m) if isinstance(note, Told) else note
        err_console.print(shown, markup=False, highlight=False)


def _start_position(
    ctx: typer.Context,
    text: str | None,
    load: Path | None,
    save: Path | None,
    seed: int | None,
    set_: list[str] | None,
    match: bool,
    timer: int | None,
) -> State | None:
    """The state of ``--position`` (its full form), or None without it.

    Raises:
        typer.Exit: (exit 2) a bad position or a view form (one line naming the bad token),
            or ``--position`` with an option whose rules, deal or file it replaces (the message
            names the options given).
    """
    if text is None:
        return None
    source = ctx.get_parameter_source("rules")
    given = {
        "--load": load is not None,
        "--save": save is not None,
        "--seed": seed is not None,
        "--rules": source is not None and source.name == "COMMANDLINE",
        "--set": bool(set_),
        "--timer": timer is not None,
        "--match": match,
    }
    if any(given.values()):
        options = ", ".join(name for name, on in given.items() if on)
        fail_message(N_("play.position_alone"), options=options)
    try:
        return from_position(text)
    except NotationError as exc:
        fail_message(N_("play.position_bad"), error=reason_of(exc))


def _timer_setting(rules: str, seconds: int) -> str:
    """``--timer N`` as the ``--set`` item of the family's own timer rule (``RuleSet.TIMER_RULE``:
    ``turn.timer_seconds=N`` for Remi, ``timer.seconds=N`` for Rummikub).

    Raises:
        typer.Exit: (exit 2) a negative number, rules without a turn timer, or seconds out of
            the rule's range (the error names ``--timer``).
    """
    from remi.core.presets import load_rules

    if seconds < 0:
        fail_message(N_("play.timer_negative"), seconds=seconds)
    rule_id = type(load_rules(rules)).TIMER_RULE
    if not rule_id:
        fail_message(N_("play.timer_none"), rules=rules)
    load_rules(rules, {rule_id: seconds}, source="--timer")  # its range, naming --timer
    return f"{rule_id}={seconds}"


@app.command("play", cls=SeatOrderCommand)
@guarded
def play(
    ctx: typer.Context,
    rules: Annotated[
        str,
        typer.Option("--rules", help="Rule preset or rule file.", autocompletion=complete_presets),
    ] = "remi-pe-tabla",
    set_: SetOption = None,
    players: Annotated[
        int | None, typer.Option("--players", help="Number of players, 2-4 (default 4).")
    ] = None,
    human: Annotated[
        list[str] | None,
        typer.Option("--human", help="A seat for a person: --human NAME (repeat)."),
    ] = None,
    bot: Annotated[
        list[str] | None,
        typer.Option(
            "--bot",
            help="A seat for a bot: --bot KIND or KIND:NAME=VALUE, e.g. club:samples=20 (repeat).",
            metavar="[random|greedy|solver|club]",
            autocompletion=complete_bots,
        ),
    ] = None,
    seed: Annotated[
        int | None, typer.Option("--seed", help="Seed of the deal (and of the bots).")
    ] = None,
    match: Annotated[
        bool, typer.Option("--match", help="Play hands until the preset's match target (match.*).")
    ] = False,
    lang: LangOption = None,
    save: Annotated[
        Path | None, typer.Option("--save", help="Keep the game saved in FILE (atomic writes).")
    ] = None,
    load: Annotated[
        Path | None,
        typer.Option(
            "--load", help="Resume the game recorded in FILE (kept saved there unless --save)."
        ),
    ] = None,
    auto: Annotated[
        bool,
        typer.Option("--auto", help="Bots only, no input: play and print the hand and its scores."),
    ] = False,
    plain: Annotated[
        bool,
        typer.Option(
            "--plain",
            help="The line mode instead of the full-screen board (pipes, screen readers).",
        ),
    ] = False,
    timer: Annotated[
        int | None,
        typer.Option(
            "--timer",
            help="Seconds per turn (the family's timer rule: turn.timer_seconds for Remi, timer.seconds for Rummikub).",
        ),
    ] = None,
    no_timer: Annotated[
        bool,
        typer.Option(
            "--no-timer", help="Turn the turn timer off (turn.timer_seconds, timer.seconds)."
        ),
    ] = False,
    position: Annotated[
        str | None,
        typer.Option(
            "--position",
            help="Start from this position (its full form, docs/notation.md); not saved.",
        ),
    ] = None,
    no_color: NoColorOption = False,
) -> None:
    """Play Remi pe tablă at the terminal: one human against three greedy bots by default.

    Seats are taken in the order of --human NAME / --bot KIND; without --human you take seat 1
    and --bot chooses your opponents; missing seats are greedy bots.
    At your turn type an action without the seat prefix (draw, take, take 4, meld R7 R8 R9,
    layoff 2 R10, swap 3 Y12, announce, atu, declare, discard Y12) or undo, hint, help,
    save FILE, quit. Rummikub-style presets (--rules rummikub, myrummy, myrummy-small): edit
    the table with put R5 3, move 2:1 4, split 2 3, new R7 R8 R9, undo, and end the turn with
    done (checked then; an invalid table is restored with the preset's penalty), or draw /
    pass; the turn timer (timer.seconds) counts down, --no-timer turns it off.
    Exit 0 after play, 1 when --load finds an illegal action, 2 for bad input.
    """
    chosen = language(lang)
    m = messages(chosen)
    console = make_console(highlight=False, soft_wrap=True, file=LetterWriter())
    start = _start_position(ctx, position, load, save, seed, set_, match, timer)
    if timer is not None:
        set_ = [*(set_ or []), _timer_setting(rules, timer)]
    if start is not None:
        rules = start.rules.name
        set_ = [f"{key}={value}" for key, value in start.rules.overrides]
        seated = variant_of(start).player_count(start)
        if players is not None and players != seated:
            fail_message(N_("play.position_players"), players=players, seated=seated)
        players = seated
    if load is not None:
        source = ctx.get_parameter_source("rules")
        given_rules = source is not None and source.name == "COMMANDLINE"
        if seed is not None or human or bot or players is not None or set_ or match or given_rules:
            fail_message(N_("play.load_alone"))
        record = load_record(load)
        if auto and any(p.kind == HUMAN for p in record.players):
            fail_message(N_("play.auto_record_humans"))
        chosen = language(lang, record.lang)  # a saved game keeps its language
        m = messages(chosen)
        _tell_own_rules(record, m)
        if record.events is not None:  # stored events that the actions do not give: say so
            from remi.cli.output import tell_events_rebuilt
            from remi.core.replay import replay

            tell_events_rebuilt(replay(record), load, m)
    else:
        raw = ctx.meta.get("remi.raw_args", [])
        from remi.bots import bot_spec

        kinds = [bot_spec(kind) for kind in bot or []]
        entries = seat_order(raw, list(human or []), kinds)
        if auto and any(e.kind == HUMAN for e in entries):
            fail_message(N_("play.auto_humans"))
        table = default_table(rules, parse_set_options(set_))
        if players is not None:
            check_player_count(rules, parse_set_options(set_), players)
        if players is not None and len(entries) > players:
            fail_message(N_("play.too_many_seats"), given=len(entries), players=players)
        you = not auto and not any(e.kind == HUMAN for e in entries)
        if you:  # --bot alone chooses your opponents: you keep seat 1
            check_room_for_you(rules, parse_set_options(set_), len(entries), players)
            entries.insert(0, PlayerEntry(m("default_human"), HUMAN))
        count = (
            players
            if players is not None
            else max(
                len(entries),
                table if you or not entries or auto or len(entries) < 2 else len(entries),
            )
        )
        while len(entries) < count:
            entries.append(PlayerEntry("", "greedy"))
        seats = name_seats(entries)
        record = new_record(rules, parse_set_options(set_), seats, seed, match)
    if chosen in LANGUAGES:
        record = attrs.evolve(record, lang=chosen)

    if save is None:  # a resumed game keeps saving to its file, as with --load F --save F
        save = load
    owned = {path_key(p) for p in (save, load) if p is not None}
    locks = SaveLocks()
    try:
        if save is not None:
            if save.parent.is_dir():
                try:  # the save file is this game's for its whole life (docs/records.md)
                    locks.hold(save, record)
                except SaveLockError as exc:
                    fail_message(N_("play.save_locked"), path=str(save), error=reason_of(exc))
            check_save_target(save, load)

        def factory(rec: GameRecord) -> Session:
            session = start_session(rec, console, m, save, auto, timer_on=not no_timer)
            if start is not None:  # the dealt state gives way to the position's
                session.state, session.from_position = start, True
            session.owned |= owned
            session.locks = locks
            return session

        if _use_board(plain, auto):
            if no_color:  # the board (Textual) reads NO_COLOR itself
                os.environ["NO_COLOR"] = "1"
            on_board(factory, record, m)
        else:
            run(factory, record)
    finally:
        locks.release()
