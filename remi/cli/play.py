"""``remi play`` (a hand or a match against bots or friends) and ``remi replay`` (check a record).

The CLI holds no game logic: states come from ``remi.records`` / ``remi.variants``, bots from
``remi.bots``, screens from ``remi.render``, words from ``remi.messages``. Humans type the
engine's action notation without the seat prefix (``draw``, ``meld R7 R8 R9``, ``discard Y12``)
plus ``undo``, ``hint``, ``help``, ``save FILE`` and ``quit``; a refused input shows the error
with its rule id and changes nothing. Exit codes: 0 played / replayed, 1 a record holds an
illegal action (``remi replay``, ``--load``), 2 bad input (bad file, options, preset).
"""

from __future__ import annotations

import json
import re
import secrets
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import attrs
import typer
from rich.console import Console
from rich.markup import escape
from rich.text import Text
from typer.core import TyperCommand

from remi.actions import Action
from remi.bots import BOT_KINDS, Bot, make_bot
from remi.cli.app import EXIT_INVALID, app, fail, guarded, parse_set_options
from remi.errors import IllegalActionError, NotationError, RemiError
from remi.messages import LANGUAGES, Messages, messages
from remi.records import (
    HUMAN,
    GameRecord,
    MatchProgress,
    PlayerEntry,
    ReplayResult,
    dump_record,
    load_record,
    now_iso,
    record_rules,
    replay,
)
from remi.render import rack_text, scores_table, screen, table_table
from remi.scoring import PlayerScore, match_winner
from remi.variants import Variant, variant_for_rules

__all__ = ["play", "replay_command"]

_SEAT_RE = re.compile(r"^\s*p\d+\s", re.IGNORECASE)
_COMMANDS = ("draw", "take", "meld", "layoff", "swap", "announce", "atu", "declare", "discard", "undo", "hint", "help", "save", "quit")
_HELP_LIMIT = 40


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
        named.append(entry if entry.kind == HUMAN else PlayerEntry(f"{entry.kind}-{seat + 1}", entry.kind))
    names = [e.name for e in named]
    for name in names:
        if names.count(name) > 1:
            fail(escape(f"two seats are named '{name}': give each --human a different name"))
    return tuple(named)


def _short(action: Any) -> str:
    """An action's text without the seat prefix (``meld [R7 R8 R9]``)."""
    return str(action).split(" ", 1)[1]


@attrs.define
class _Session:
    """One ``remi play`` run: the record being played, its state, bots and the console."""

    record: GameRecord
    rules: Any
    variant: Variant
    state: Any
    log: list[str]
    bots: dict[int, Bot]
    console: Console
    m: Messages
    save_path: Path | None
    auto: bool
    seen: dict[int, int] = attrs.field(factory=dict)
    last_human: int | None = None
    rack_words: list[str] = attrs.field(factory=list)

    @property
    def names(self) -> tuple[str, ...]:
        return self.record.names

    @property
    def humans(self) -> list[int]:
        return [i for i, p in enumerate(self.record.players) if p.kind == HUMAN]

    def current_record(self) -> GameRecord:
        return attrs.evolve(self.record, actions=tuple(self.log))

    def save(self, path: Path | None = None) -> bool:
        target = path or self.save_path
        if target is None:
            return False
        try:
            dump_record(self.current_record(), target)
        except OSError as exc:
            self.console.print(Text(self.m("saving_failed", path=target, error=exc.strerror or exc), style="red"))
            return False
        return True

    def apply(self, action: Action) -> None:
        self.state = self.variant.apply(self.state, action)
        self.log.append(str(action))

    def view(self, seat: int) -> Any:
        return self.variant.view(self.state, seat)

    def recent(self, seat: int) -> list[str]:
        """Action lines of the other players since ``seat`` last acted (named, no prefix)."""
        start = self.seen.get(seat, 0)
        out = []
        for line in self.log[start:]:
            who = int(line.split(" ", 1)[0][1:]) - 1
            if who != seat:
                out.append(f"{self.names[who]}: {line.split(' ', 1)[1]}")
        return out[-12:]


def _bots_for(record: GameRecord) -> dict[int, Bot]:
    base = record.seed if record.seed is not None else 0
    offset = len(record.actions)
    return {
        seat: make_bot(p.kind, base * 16 + seat + offset * 7919)
        for seat, p in enumerate(record.players)
        if p.kind != HUMAN
    }


def _start(record: GameRecord, console: Console, m: Messages, save: Path | None, auto: bool) -> _Session:
    rules = record_rules(record)
    variant = variant_for_rules(rules)
    result = replay(record)
    if result.error is not None:
        err = result.error
        fail(escape(f"action {err.position} '{err.action}' is illegal: {err.message}"), EXIT_INVALID)
    return _Session(
        record=record,
        rules=rules,
        variant=variant,
        state=result.state,
        log=list(record.actions),
        bots=_bots_for(record),
        console=console,
        m=m,
        save_path=save,
        auto=auto,
    )


# --- one hand ----------------------------------------------------------------------------------


def _read(prompt: str) -> str | None:
    try:
        return input(prompt)
    except EOFError:
        return None


def _install_completion(session: _Session) -> None:
    """Tab completion of commands and rack tiles, when stdin is a terminal and readline exists."""
    if not sys.stdin.isatty():
        return
    try:
        import readline
    except ImportError:  # pragma: no cover - platform without readline
        return

    def complete(text: str, index: int) -> str | None:
        words = list(_COMMANDS) + session.rack_words
        found = [w for w in words if w.lower().startswith(text.lower())]
        return found[index] if index < len(found) else None

    readline.set_completer(complete)
    readline.set_completer_delims(" []")
    readline.parse_and_bind("tab: complete")


def _show(session: _Session, seat: int) -> None:
    view = session.view(seat)
    session.rack_words = sorted({str(t) for t in view.rack})
    hand = (session.record.match.hands_played + 1) if session.record.match else 1
    session.console.print(screen(view, session.names, session.m, last_actions=session.recent(seat), hand=hand))


def _help(session: _Session, seat: int) -> None:
    view = session.view(seat)
    m = session.m
    session.console.print(Text(m("help.legal", count=len(view.legal)), style="bold"))
    for action in view.legal[:_HELP_LIMIT]:
        session.console.print("  " + _short(action), markup=False, highlight=False)
    if len(view.legal) > _HELP_LIMIT:
        session.console.print("  " + m("help.more", count=len(view.legal) - _HELP_LIMIT))
    session.console.print(m("help.commands"), markup=False, highlight=False)


def _hint(session: _Session, seat: int) -> None:
    from remi.bots.greedy import GreedyBot
    from remi.solvers import best_opening

    view = session.view(seat)
    m = session.m
    me = view.players[seat]
    if not me.opened and not me.pe_tabla and hasattr(view.rules, "opening_min_points"):
        taken = view.turn.taken_tile if view.turn is not None else None
        rack = list(view.rack)
        if taken is not None:
            rack.remove(taken)
        plan = best_opening(rack, view.rules, must_include=taken)
        if plan is None:
            session.console.print(m("hint.no_opening", points=view.rules.opening_min_points), markup=False)
        else:
            session.console.print(m("hint.opening", text=plan.text, points=plan.points), markup=False)
    if view.legal:
        session.console.print(m("hint.play", action=_short(GreedyBot(0).choose(view))), markup=False)


def _human_turn(session: _Session, seat: int) -> bool:
    """Let the human at ``seat`` act until his turn ends; False when he quits."""
    m = session.m
    name = session.names[seat]
    if len(session.humans) > 1 and session.last_human != seat:
        session.console.print(m("pass_keyboard", name=name), markup=False)
        if _read("") is None:
            return _quit(session)
    session.last_human = seat
    _show(session, seat)
    while True:
        line = _read(m("prompt", name=name))
        if line is None:
            return _quit(session)
        text = line.strip()
        if not text:
            session.console.print(m("empty_input"), markup=False)
            continue
        word, _, rest = text.partition(" ")
        word = word.lower()
        if word == "help":
            _help(session, seat)
            continue
        if word == "hint":
            _hint(session, seat)
            continue
        if word == "save":
            target = Path(rest.strip()) if rest.strip() else session.save_path
            if target is None:
                session.console.print(m("bad_input", error="save FILE"), markup=False)
            elif session.save(target):
                session.console.print(m("saved", path=target), markup=False)
            continue
        if word == "quit":
            return _quit(session)
        full = text if _SEAT_RE.match(text) else f"p{seat + 1} {text}"
        try:
            action = session.variant.parse_action(full, session.rules)
        except NotationError as exc:
            session.console.print(Text(m("bad_input", error=str(exc)), style="red"))
            continue
        try:
            session.apply(action)
        except IllegalActionError as exc:
            session.console.print(Text(m("illegal", error=str(exc)), style="red"))
            continue
        session.seen[seat] = len(session.log)
        session.save()
        if session.variant.is_over(session.state) or session.variant.current_player(session.state) != seat:
            return True
        _show(session, seat)


def _quit(session: _Session) -> bool:
    if session.save():
        session.console.print(session.m("quit_saved", path=session.save_path), markup=False)
    else:
        session.console.print(session.m("quit"), markup=False)
    return False


def _play_hand(session: _Session) -> bool:
    """Play the session's hand to its end; False when a human quit."""
    variant = session.variant
    if session.auto:
        m = session.m
        players = ", ".join(f"p{i + 1} {n}" for i, n in enumerate(session.names))
        session.console.print(m("auto.header", rules=session.rules.name, seed=session.record.seed, players=players), markup=False)
    while not variant.is_over(session.state):
        seat = variant.current_player(session.state)
        bot = session.bots.get(seat)
        if bot is None:
            if not _human_turn(session, seat):
                return False
            continue
        action = bot.choose(session.view(seat))
        try:
            session.apply(action)
        except IllegalActionError as exc:  # a bot defect, not the player's input
            raise RemiError(f"bot {session.names[seat]} chose an illegal action: {exc}") from exc
        if session.auto:
            session.console.print(
                f"{len(session.log):>4}. " + session.m("auto.action", name=session.names[seat], action=_short(action)),
                markup=False,
                highlight=False,
            )
        if variant.is_over(session.state) or variant.current_player(session.state) != seat:
            session.save()
    session.save()
    return True


def _hand_summary(session: _Session) -> tuple[PlayerScore, ...]:
    m = session.m
    state = session.state
    console = session.console
    names = session.names
    console.print(Text(m("hand_over"), style="bold"))
    result = getattr(state, "result", None)
    if result is not None and result.closed_by is not None:
        console.print(m("closed_by", name=names[result.closed_by], tile=result.closing_tile), markup=False)
    elif result is not None:
        console.print(m("stock_out"), markup=False)
    view = session.view(0)
    console.print(table_table(view, names, m))
    for seat, rack in enumerate(view.final_racks):
        line = Text(f"{names[seat]}: ")
        line.append_text(rack_text(rack) if rack else Text("—"))
        console.print(line)
    scores = session.variant.score(state, names)
    console.print(scores_table(scores, m))
    return scores


# --- commands -----------------------------------------------------------------------------------


def _new_record(
    rules_name: str,
    overrides: dict[str, str],
    seats: tuple[PlayerEntry, ...],
    seed: int,
    match: bool,
) -> GameRecord:
    from remi.rules import load_rules

    rules = load_rules(rules_name, overrides)
    progress = MatchProgress(hands_played=0, totals=tuple((p.name, 0) for p in seats), base_seed=seed) if match else None
    return GameRecord(
        family=rules.family,
        preset=rules_name,
        overrides=tuple(overrides.items()),
        players=seats,
        seed=seed,
        created=now_iso(),
        match=progress,
    )


def _next_hand(record: GameRecord, scores: tuple[PlayerScore, ...]) -> GameRecord:
    """The next hand of a match: totals updated, seats rotated (the deal moves on, §A.13)."""
    assert record.match is not None
    totals = dict(record.match.totals)
    for ps in scores:
        totals[ps.name] += ps.score
    players = record.players[1:] + record.players[:1]
    hands = record.match.hands_played + 1
    return GameRecord(
        family=record.family,
        preset=record.preset,
        overrides=record.overrides,
        players=players,
        seed=record.match.base_seed + hands,
        created=now_iso(),
        match=MatchProgress(hands_played=hands, totals=tuple((p.name, totals[p.name]) for p in players), base_seed=record.match.base_seed),
    )


def _run(session_factory: Callable[[GameRecord], _Session], record: GameRecord) -> None:
    while True:
        session = session_factory(record)
        _install_completion(session)
        if not _play_hand(session):
            return
        scores = _hand_summary(session)
        if record.match is None:
            return
        record = _next_hand(session.current_record(), scores)
        assert record.match is not None
        totals = dict(record.match.totals)
        session.console.print(Text(session.m("match_totals", hand=record.match.hands_played), style="bold"))
        for name, points in sorted(totals.items(), key=lambda kv: -kv[1]):
            session.console.print(f"  {name}: {points:+d}", markup=False, highlight=False)
        winner = match_winner(totals, session.rules, hands_played=record.match.hands_played)
        if winner is not None:
            session.console.print(Text(session.m("match_winner", name=winner, points=totals[winner]), style="bold green"))
            if session.save_path is not None:
                session.save()
            return
        if session.save_path is not None:
            dump_record(record, session.save_path)


@app.command("play", cls=_SeatOrderCommand)
@guarded
def play(
    ctx: typer.Context,
    rules: Annotated[str, typer.Option("--rules", help="Rule preset or rule file.")] = "remi-pe-tabla",
    set_: Annotated[list[str] | None, typer.Option("--set", help="Override a rule: ID=VALUE.")] = None,
    players: Annotated[int | None, typer.Option("--players", help="Number of players, 2-4 (default 4).")] = None,
    human: Annotated[list[str] | None, typer.Option("--human", help="A seat for a person: --human NAME (repeat).")] = None,
    bot: Annotated[list[str] | None, typer.Option("--bot", help=f"A seat for a bot: --bot KIND ({', '.join(BOT_KINDS)}; repeat).")] = None,
    seed: Annotated[int | None, typer.Option("--seed", help="Seed of the deal (and of the bots).")] = None,
    match: Annotated[bool, typer.Option("--match", help="Play hands until the preset's match target (match.*).")] = False,
    lang: Annotated[str, typer.Option("--lang", help="Language: en or ro.")] = "en",
    save: Annotated[Path | None, typer.Option("--save", help="Keep the game saved in FILE (atomic writes).")] = None,
    load: Annotated[Path | None, typer.Option("--load", help="Resume the game recorded in FILE.")] = None,
    auto: Annotated[bool, typer.Option("--auto", help="Bots only, no input: play and print the hand and its scores.")] = False,
) -> None:
    """Play Remi pe tablă at the terminal: one human against three greedy bots by default.

    Seats are taken in the order of --human NAME / --bot KIND; missing seats are greedy bots.
    At your turn type an action without the seat prefix (draw, take, take 4, meld R7 R8 R9,
    layoff 2 R10, swap 3 Y12, announce, atu, declare, discard Y12) or undo, hint, help,
    save FILE, quit. Exit 0 after play, 1 when --load finds an illegal action, 2 for bad input.
    """
    if lang not in LANGUAGES:
        fail(f"--lang must be one of {', '.join(LANGUAGES)}, got '{lang}'")
    m = messages(lang)
    console = Console(highlight=False, soft_wrap=True)
    if load is not None:
        if seed is not None or human or bot or players is not None or set_ or match:
            fail("--load resumes a recorded game: its seats, seed and rules come from the file")
        record = load_record(load)
        if auto and any(p.kind == HUMAN for p in record.players):
            fail("--auto needs every seat to be a bot; the record has human seats")
    else:
        raw = ctx.meta.get("remi.raw_args", [])
        for kind in bot or []:
            if kind not in BOT_KINDS:
                fail(escape(f"--bot: unknown bot kind '{kind}'; known: {', '.join(BOT_KINDS)}"))
        entries = _seat_order(raw, list(human or []), list(bot or []))
        if auto and any(e.kind == HUMAN for e in entries):
            fail("--auto plays bots only: drop --human")
        count = players if players is not None else max(len(entries), 4 if not entries or auto or len(entries) < 2 else len(entries))
        if players is not None and len(entries) > players:
            fail(f"{len(entries)} seats given with --human/--bot but --players {players}")
        if not entries and not auto:
            entries.append(PlayerEntry(m("default_human"), HUMAN))
        while len(entries) < count:
            entries.append(PlayerEntry("", "greedy"))
        seats = _name_seats(entries)
        the_seed = seed if seed is not None else secrets.randbelow(1_000_000)
        record = _new_record(rules, parse_set_options(set_), seats, the_seed, match)

    def factory(rec: GameRecord) -> _Session:
        return _start(rec, console, m, save, auto)

    _run(factory, record)


@app.command("replay")
@guarded
def replay_command(
    file: Annotated[Path, typer.Argument(help="A game record (JSON, docs/records.md).")],
    json_out: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
    lang: Annotated[str, typer.Option("--lang", help="Language: en or ro.")] = "en",
) -> None:
    """Re-play a game record through the engine: every turn, then the final scores.

    Exit 0 when every action is legal, 1 at the first illegal action (its position, text and
    rule id are printed), 2 for a bad file (malformed JSON, wrong format or version, bad
    fields or action text). The file is only read.
    """
    if lang not in LANGUAGES:
        fail(f"--lang must be one of {', '.join(LANGUAGES)}, got '{lang}'")
    m = messages(lang)
    record = load_record(file)
    result = replay(record)
    if json_out:
        typer.echo(json.dumps(_replay_json(result), ensure_ascii=False, indent=2))
    else:
        _print_replay(result, m)
    if result.error is not None:
        if not json_out:
            err = result.error
            fail(escape(m("replay.illegal", position=err.position, action=err.action, message=err.message)), EXIT_INVALID)
        raise typer.Exit(EXIT_INVALID)


def _print_replay(result: ReplayResult, m: Messages) -> None:
    console = Console(highlight=False, soft_wrap=True)
    names = result.record.names
    turn: list[str] = []
    who: int | None = None
    number = 0

    def flush() -> None:
        if who is not None and turn:
            console.print(f"{number:>4}. {names[who]}: " + " · ".join(turn), markup=False, highlight=False)

    for action in result.actions:
        seat = action.player
        if seat != who:
            flush()
            who, turn, number = seat, [], number + 1
        turn.append(_short(action))
    flush()
    if result.scores:
        state = result.state
        if state.result is not None and state.result.closed_by is not None:
            console.print(m("closed_by", name=names[state.result.closed_by], tile=state.result.closing_tile), markup=False)
        elif state.result is not None:
            console.print(m("stock_out"), markup=False)
        console.print(scores_table(result.scores, m))
    elif result.error is None:
        console.print(m("replay.unfinished", count=len(result.actions)), markup=False)
    if result.error is None:
        console.print(m("replay.ok", count=len(result.actions)), markup=False)


def _replay_json(result: ReplayResult) -> dict[str, Any]:
    state = result.state
    hand = getattr(state, "result", None)
    names = result.record.names
    return {
        "ok": result.ok,
        "actions_applied": len(result.actions),
        "actions_total": len(result.record.actions),
        "over": result.over,
        "error": None
        if result.error is None
        else {
            "position": result.error.position,
            "action": result.error.action,
            "rule_id": result.error.rule_id,
            "message": result.error.message,
        },
        "closed_by": names[hand.closed_by] if hand is not None and hand.closed_by is not None else None,
        "closing_tile": str(hand.closing_tile) if hand is not None and hand.closing_tile is not None else None,
        "stock_exhausted": bool(hand.stock_exhausted) if hand is not None else False,
        "scores": [
            {
                "name": ps.name,
                "score": ps.score,
                "lines": [{"rule_id": ln.rule_id, "text": ln.text, "points": ln.points} for ln in ps.lines],
            }
            for ps in result.scores
        ],
    }
