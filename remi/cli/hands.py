"""Playing a ``remi play`` record: its hand, the next hands of a match, in the line mode or on
the board.

``run`` plays the record's hand through the sessions a factory makes (``remi.cli.session``):
bots choose, people play their turns through the family (``Variant.human_turn``), the game is
saved after each turn; then the hand's end and scores, and in a match the totals and the next
hand (seats rotated, the deal moving on) until the match target. ``board_app`` does the same on
the full-screen board (``remi.ui``). Ctrl-C in the line mode quits as ``quit`` does (exit 130).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import typer
from rich.text import Text

from remi.cli.session import Session
from remi.cli.terminal import install_completion
from remi.core.commands import FRAME_WORDS
from remi.core.deal import fresh_seed
from remi.core.errors import IllegalActionError, RemiError
from remi.core.records import GameRecord, MatchProgress, PlayerEntry, now_iso
from remi.core.render import scores_table
from remi.core.scoring import PlayerScore
from remi.match import Match

__all__ = ["EXIT_INTERRUPTED", "board_app", "new_record", "on_board", "run"]

#: The exit code after Ctrl-C (128 + SIGINT, as the shell gives and ``remi.cli.app.main``).
EXIT_INTERRUPTED = 130

#: The program's own words tab completion offers, besides the family's and the rack's tiles.
_COMMANDS = ("undo", "hint", "help", "save", "quit", *FRAME_WORDS)


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
            session.end_turn(seat)
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


def new_record(
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


def run(
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
        previous, session = session, session_factory(record)
        session.follow(previous)  # the match's saves are remembered across its hands
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
        run(lambda rec: board_session(factory(rec), bridge), record, hold)

    return BoardApp(m, bridge, game)


def on_board(factory: Callable[[GameRecord], Session], record: GameRecord, m: Any) -> None:
    """Play ``record`` on the full-screen board (``remi.ui``), through the same sessions."""
    app = board_app(factory, record, m)
    app.run()
    for line in app.bridge.farewell:
        typer.echo(line)
