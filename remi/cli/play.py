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
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import attrs
import typer
from rich.text import Text
from typer.core import TyperCommand

from remi.cli.app import app, fail_message, guarded, parse_set_options
from remi.cli.completion import SetOption, complete_bots, complete_presets
from remi.cli.lang import LangOption, LetterWriter, language
from remi.cli.messages import messages
from remi.cli.output import NoColorOption, make_console
from remi.cli.savelock import SaveLockError, SaveLocks
from remi.cli.session import Session, check_save_target, path_key, start_session
from remi.cli.terminal import install_completion
from remi.core.commands import FRAME_WORDS
from remi.core.deal import fresh_seed
from remi.core.errors import IllegalActionError, NotationError, RemiError, RulesError, reason_of
from remi.core.game import State, from_position, variant_of
from remi.core.messages import LANGUAGES, N_
from remi.core.record_files import load_record
from remi.core.records import HUMAN, GameRecord, MatchProgress, PlayerEntry, now_iso
from remi.core.render import scores_table
from remi.core.rulespec import RuleSet
from remi.core.scoring import PlayerScore
from remi.match import Match

__all__ = ["board_app", "play"]

#: The exit code after Ctrl-C (128 + SIGINT, as the shell gives and ``remi.cli.app.main``).
EXIT_INTERRUPTED = 130

#: The program's own words tab completion offers, besides the family's and the rack's tiles.
_COMMANDS = ("undo", "hint", "help", "save", "quit", *FRAME_WORDS)


class _SeatOrderCommand(TyperCommand):
    """Keeps the raw arguments so that ``--human`` / ``--bot`` seats keep their command-line order."""

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        ctx.meta["remi.raw_args"] = list(args)
        return super().parse_args(ctx, args)


def _seat_order(raw: list[str], humans: list[str], bots: list[str]) -> list[PlayerEntry]:
    """Seats in the order ``--human`` / ``--bot`` appear on the command line."""
    out: list[PlayerEntry] = []
    hi = bi = 0
    for token in raw:
        if token == "--":
            break
        if token == "--human" or token.startswith("--human="):
            if hi < len(humans):
                out.append(PlayerEntry(humans[hi], HUMAN))
                hi += 1
        elif (token == "--bot" or token.startswith("--bot=")) and bi < len(bots):
            out.append(PlayerEntry("", bots[bi]))
            bi += 1
    out.extend(PlayerEntry(h, HUMAN) for h in humans[hi:])
    out.extend(PlayerEntry("", b) for b in bots[bi:])
    return out


def _name_seats(entries: list[PlayerEntry]) -> tuple[PlayerEntry, ...]:
    named = []
    for seat, entry in enumerate(entries):
        if entry.kind == HUMAN and not entry.name.strip():
            fail_message(N_("play.human_needs_name"), name=entry.name)
        if entry.kind == HUMAN and not entry.name.isprintable():  # terminal escape codes...
            fail_message(N_("play.human_printable"), name=repr(entry.name))
        named.append(
            entry
            if entry.kind == HUMAN
            else PlayerEntry(f"{entry.kind.partition(':')[0]}-{seat + 1}", entry.kind)
        )
    names = [e.name for e in named]
    for name in names:
        if names.count(name) > 1:
            fail_message(N_("play.same_name"), name=name)
    return tuple(named)


def _play_hand(session: Session) -> bool:
    """Play the session's hand to its end; False when a human quit."""
    variant = session.variant
    if session.auto:
        m = session.m
        players = ", ".join(f"p{i + 1} {n}" for i, n in enumerate(session.names))
        header = (
            m("auto.header", rules=session.rules.name, seed=session.record.seed, players=players)
            if session.seed_shown()
            else m("auto.header_no_seed", rules=session.rules.name, players=players)
        )
        session.console.print(header, markup=False)
        start = variant.start_text(session.state, session.names, m)
        if start is not None and not session.log:
            session.console.print(start, markup=False)
    while not variant.is_over(session.state):
        seat = variant.current_player(session.state)
        bot = session.bots.get(seat)
        if bot is None:
            if not session.pass_keyboard(seat) or not variant.human_turn(session, seat):
                return session.quit()
            continue
        action = bot.choose(session.view(seat))
        try:
            session.apply(action)
        except IllegalActionError as exc:  # a bot defect, not the player's input
            raise RemiError(f"bot {session.names[seat]} chose an illegal action: {exc}") from exc
        if session.auto:
            session.console.print(
                f"{len(session.log):>4}. "
                + session.m("auto.action", name=session.names[seat], action=session.notes[-1].text),
                markup=False,
                highlight=False,
            )
        if variant.is_over(session.state) or variant.current_player(session.state) != seat:
            session.save()
    session.save()
    return True


def _hand_summary(session: Session) -> tuple[PlayerScore, ...]:
    """Print how the hand ended, the final table and racks, and the explained scores."""
    m = session.m
    console = session.console
    console.print(Text(m("hand_over"), style="bold"))
    ending = session.variant.end_text(session.state, session.names, m)
    if ending is not None:
        console.print(ending, markup=False)
    console.print(session.variant.final_screen(session.state, session.names, m))
    scores = session.variant.score(session.state, session.names)
    console.print(scores_table(scores, m))
    return scores


# --- a match ------------------------------------------------------------------------------------


def _new_record(
    rules_name: str,
    overrides: dict[str, str],
    seats: tuple[PlayerEntry, ...],
    seed: int | None,
    match: bool,
) -> GameRecord:
    """A new game's record: ``seed`` is the one chosen with ``--seed``, or None for a fresh
    128-bit seed (``remi.core.deal.fresh_seed``)."""
    from remi.core.presets import load_rules

    rules = load_rules(rules_name, overrides)
    the_seed = fresh_seed() if seed is None else seed
    progress = (
        MatchProgress(
            hands_played=0, totals=tuple((p.name, 0) for p in seats), base_seed=the_seed, hands=()
        )
        if match
        else None
    )
    return GameRecord(
        family=rules.family,
        preset=rules_name,
        overrides=tuple(overrides.items()),
        players=seats,
        seed=the_seed,
        seed_chosen=seed is not None,
        created=now_iso(),
        match=progress,
    )


def _match_of(record: GameRecord, rules: Any) -> Match:
    """The ``remi.match.Match`` a match record stands at (before its current hand)."""
    assert record.match is not None
    return Match(
        rules=rules,
        names=record.names,
        totals=record.match.totals,
        hands_played=record.match.hands_played,
        base_seed=record.match.base_seed,
    )


def _next_hand(record: GameRecord, match: Match) -> GameRecord:
    """The record of the next hand of ``match``: seats rotated as the match rotates them (the
    deal moves on), totals and seed from the match, and every finished hand's points (when the
    record kept them: a version 1 match record did not)."""
    players = record.players[1:] + record.players[:1]
    assert record.match is not None
    hands = record.match.hands
    if hands is not None and match.hands:
        hands = (*hands, tuple((ps.name, ps.score) for ps in match.hands[-1]))
    return GameRecord(
        family=record.family,
        preset=record.preset,
        overrides=record.overrides,
        players=players,
        seed=match.seed,
        seed_chosen=record.seed_chosen,
        created=now_iso(),
        match=MatchProgress(
            hands_played=match.hands_played,
            totals=match.totals,
            base_seed=match.base_seed,
            hands=hands,
        ),
    )


def _run(
    session_factory: Callable[[GameRecord], Session],
    record: GameRecord,
    pause: Callable[[Session], bool] | None = None,
) -> None:
    """Play ``record`` (and the next hands of a match); ``pause(session)`` after each hand's
    scores (the board keeps them on screen until a key; False: the board closed).

    Raises:
        typer.Exit: (exit 130) Ctrl-C in the line mode, after the line ``quit`` gives (the
            game saved, and where, when it has a save file).
    """
    playing: list[Session] = []
    try:
        _hands(session_factory, record, pause, playing)
    except KeyboardInterrupt:
        if pause is not None or not playing:  # the board has its own keys
            raise
        playing[-1].console.print()  # the prompt's line is left unfinished
        playing[-1].quit()
        raise typer.Exit(EXIT_INTERRUPTED) from None


def _hands(
    session_factory: Callable[[GameRecord], Session],
    record: GameRecord,
    pause: Callable[[Session], bool] | None,
    playing: list[Session],
) -> None:
    """``_run``'s hands; ``playing`` gets each hand's session as it starts."""
    session = session_factory(record)
    playing.append(session)
    if session.save_path is not None:  # saved from the start: quitting at once keeps it too
        session.save()
    while True:
        install_completion((*session.variant.command_words(), *_COMMANDS), session.rack_words)
        if not _play_hand(session):
            return
        scores = _hand_summary(session)
        if record.match is None:
            if pause is not None:
                pause(session)
            return
        match = _match_of(session.current_record(), session.rules).after_hand(scores)
        record = _next_hand(session.current_record(), match)
        session.console.print(
            Text(session.m("match_totals", hand=match.hands_played), style="bold")
        )
        for name, points in sorted(match.totals, key=lambda kv: -kv[1]):
            session.console.print(f"  {name}: {points:+d}", markup=False, highlight=False)
        winner = match.winner
        if winner is not None:
            session.console.print(
                Text(
                    session.m.plural("match_winner", match.total(winner), name=winner),
                    style="bold green",
                )
            )
            if session.save_path is not None:
                session.save()
            if pause is not None:
                pause(session)
            return
        # the hand's scores stay on the board until a key; then the next hand, saved before it
        # starts: the finished hands are in its record, and a failed save is reported on the
        # board while the match goes on
        if pause is not None and not pause(session):
            return
        session = session_factory(record)
        playing.append(session)
        if session.save_path is not None:
            session.save()


def board_app(factory: Callable[[GameRecord], Session], record: GameRecord, m: Any) -> Any:
    """The board (``remi.ui.app.BoardApp``, not yet running) that plays ``record`` through the
    sessions ``factory`` makes, as the line mode does; its ``bridge.farewell`` holds the lines
    to print once it has closed."""
    from remi.cli.board import BoardSession, board_session
    from remi.ui.app import BoardApp
    from remi.ui.bridge import Bridge

    bridge = Bridge()

    def hold(session: Session) -> bool:
        return session.hold() if isinstance(session, BoardSession) else True

    def game() -> None:
        _run(lambda rec: board_session(factory(rec), bridge), record, hold)

    return BoardApp(m, bridge, game)


def _on_board(factory: Callable[[GameRecord], Session], record: GameRecord, m: Any) -> None:
    """Play ``record`` on the full-screen board (``remi.ui``), through the same sessions."""
    app = board_app(factory, record, m)
    app.run()
    for line in app.bridge.farewell:
        typer.echo(line)


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


def _rule(rules: RuleSet, rule_id: str, default: int) -> int:
    """The value of ``rule_id``, or ``default`` for a family without that rule id."""
    try:
        return int(rules.get(rule_id))
    except RulesError:
        return default


def _check_player_count(rules_name: str, overrides: dict[str, str], players: int) -> None:
    """Refuse ``--players N`` outside the rules' ``players.min``..``players.max`` (exit 2)."""
    from remi.core.presets import load_rules

    loaded = load_rules(rules_name, overrides)
    low, high = _rule(loaded, "players.min", 2), _rule(loaded, "players.max", 4)
    if not low <= players <= high:
        fail_message(
            N_("cli.error.players_count"), field="--players", players=players, low=low, high=high
        )


def _check_room_for_you(
    rules_name: str, overrides: dict[str, str], bots: int, players: int | None
) -> None:
    """Refuse ``--bot`` seats (without ``--human``) that leave no seat for the player: every
    seat of ``--players`` or of the rules' ``players.max`` taken by a bot (exit 2; ``--auto``
    plays bots only)."""
    from remi.core.presets import load_rules

    seats = (
        players
        if players is not None
        else _rule(load_rules(rules_name, overrides), "players.max", 4)
    )
    if bots >= seats:
        fail_message(N_("play.no_seat_for_you"), bots=bots, seats=seats)


def _default_table(rules_name: str, overrides: dict[str, str]) -> int:
    """The seats of a game without ``--players``: four, or fewer when the rules allow fewer
    (``players.max``)."""
    from remi.core.presets import load_rules

    return min(4, _rule(load_rules(rules_name, overrides), "players.max", 4))


def _start_position(
    ctx: typer.Context,
    text: str | None,
    load: Path | None,
    save: Path | None,
    seed: int | None,
    set_: list[str] | None,
    match: bool,
) -> State | None:
    """The state of ``--position`` (its full form), or None without it.

    Raises:
        typer.Exit: (exit 2) a bad position or a view form (one line naming the bad token),
            or ``--position`` with an option whose rules, deal or file it replaces.
    """
    if text is None:
        return None
    source = ctx.get_parameter_source("rules")
    if (
        load
        or save
        or seed is not None
        or set_
        or match
        or (source and source.name == "COMMANDLINE")
    ):
        fail_message(N_("play.position_alone"))
    try:
        return from_position(text)
    except NotationError as exc:
        fail_message(N_("play.position_bad"), error=reason_of(exc))


@app.command("play", cls=_SeatOrderCommand)
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
            help="Seconds per turn (timer.seconds, Rummikub-style presets; same as --set timer.seconds=N).",
        ),
    ] = None,
    no_timer: Annotated[
        bool,
        typer.Option(
            "--no-timer", help="Turn the turn timer off (timer.seconds, Rummikub-style presets)."
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
    if timer is not None:
        if timer < 0:
            fail_message(N_("play.timer_negative"), seconds=timer)
        set_ = [*(set_ or []), f"timer.seconds={timer}"]
    chosen = language(lang)
    m = messages(chosen)
    console = make_console(highlight=False, soft_wrap=True, file=LetterWriter())
    start = _start_position(ctx, position, load, save, seed, set_, match)
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
    else:
        raw = ctx.meta.get("remi.raw_args", [])
        from remi.bots import bot_spec

        kinds = [bot_spec(kind) for kind in bot or []]
        entries = _seat_order(raw, list(human or []), kinds)
        if auto and any(e.kind == HUMAN for e in entries):
            fail_message(N_("play.auto_humans"))
        table = _default_table(rules, parse_set_options(set_))
        if players is not None:
            _check_player_count(rules, parse_set_options(set_), players)
        if players is not None and len(entries) > players:
            fail_message(N_("play.too_many_seats"), given=len(entries), players=players)
        you = not auto and not any(e.kind == HUMAN for e in entries)
        if you:  # --bot alone chooses your opponents: you keep seat 1
            _check_room_for_you(rules, parse_set_options(set_), len(entries), players)
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
        seats = _name_seats(entries)
        record = _new_record(rules, parse_set_options(set_), seats, seed, match)
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
            _on_board(factory, record, m)
        else:
            _run(factory, record)
    finally:
        locks.release()
