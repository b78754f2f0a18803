"""``remi play`` (a hand or a match against bots or friends) and ``remi replay`` (check a record).

The CLI holds no game logic: states come from ``remi.records`` / ``remi.core.variant``, bots from
``remi.bots``, screens from ``remi.render``, words from ``remi.messages``. Humans type the
engine's action notation without the seat prefix (``draw``, ``meld R7 R8 R9``, ``discard Y12``)
plus ``undo``, ``hint``, ``help``, ``save FILE`` and ``quit``; a refused input shows the error
with its rule id and changes nothing. Variants with the optional ``table_editor`` hook (the
Rummikub-style family) are played by editing the table, with a turn timer
(``remi.cli.table_turn``). Exit codes: 0 played / replayed, 1 a record holds an
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

from remi.bots import BOT_KINDS, Bot, make_bot
from remi.cli.app import EXIT_INVALID, app, fail, guarded, parse_set_options
from remi.cli.table_turn import describe, end_line, has_table_editor
from remi.cli.table_turn import human_turn as table_human_turn
from remi.core.actions import Action
from remi.core.errors import IllegalActionError, NotationError, RemiError
from remi.core.scoring import PlayerScore
from remi.core.variant import AnyVariant, variant_for_rules
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
    start_state,
)
from remi.render import (
    rack_text,
    rk_formation_slots,
    rk_sets_table,
    scores_table,
    screen,
    table_table,
)
from remi.variants.remi_pe_tabla.scoring import match_winner

__all__ = ["play", "replay_command"]

_SEAT_RE = re.compile(r"^\s*p\d+\s", re.IGNORECASE)
_COMMANDS = (
    "draw",
    "take",
    "meld",
    "layoff",
    "swap",
    "announce",
    "atu",
    "declare",
    "discard",
    "put",
    "move",
    "split",
    "new",
    "done",
    "pass",
    "undo",
    "hint",
    "help",
    "save",
    "quit",
)
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
        if entry.kind == HUMAN and not entry.name.strip():
            fail(escape(f"--human needs a name, got '{entry.name}'"))
        if entry.kind == HUMAN and not entry.name.isprintable():  # terminal escape codes...
            fail(escape(f"--human names are printable text, got {entry.name!r}"))
        named.append(
            entry if entry.kind == HUMAN else PlayerEntry(f"{entry.kind}-{seat + 1}", entry.kind)
        )
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
    variant: AnyVariant
    state: Any
    log: list[str]
    bots: dict[int, Bot]
    console: Console
    m: Messages
    save_path: Path | None
    auto: bool
    notes: list[str] = attrs.field(factory=list)
    timer_on: bool = True
    seen: dict[int, int] = attrs.field(factory=dict)
    last_human: int | None = None
    rack_words: list[str] = attrs.field(factory=list)
    # save files this session may replace: its --save/--load file and files it wrote itself
    owned: set[Path] = attrs.field(factory=set)

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
        if (target.exists() or target.is_symlink()) and _key(target) not in self.owned:
            other = _saved_game(target)
            if other is not None:  # another game's save: never replaced by this one
                self.console.print(
                    Text(self.m("saving_failed", path=target, error=other), style="red")
                )
                return False
        try:
            dump_record(self.current_record(), target)
        except OSError as exc:
            self.console.print(
                Text(self.m("saving_failed", path=target, error=exc.strerror or exc), style="red")
            )
            return False
        except RemiError as exc:  # an existing file that is not a game record: never overwritten
            self.console.print(
                Text(
                    self.m(
                        "saving_failed", path=target, error=str(exc).removeprefix(f"{target}: ")
                    ),
                    style="red",
                )
            )
            return False
        self.owned.add(_key(target))
        return True

    def apply(self, action: Action) -> None:
        before = self.state
        self.state = self.variant.apply(self.state, action)
        self.log.append(str(action))
        self.notes.append(_note(self.variant, before, action, self.state, self.m))

    def save_command(self, rest: str) -> None:
        """The ``save FILE`` command (``save`` alone: the ``--save`` file)."""
        target = Path(rest.strip()) if rest.strip() else self.save_path
        if target is None:
            self.console.print(self.m("bad_input", error="save FILE"), markup=False)
        elif self.save(target):
            self.console.print(self.m("saved", path=target), markup=False)

    def common_command(
        self,
        text: str,
        seat: int,
        show_help: Callable[[_Session, int], None],
        show_hint: Callable[[_Session, int], None],
    ) -> str | None:
        """Carry out the input every variant shares: an empty line, ``help``, ``hint``,
        ``save FILE``; ``"done"`` when it was one of them, ``"quit"`` for ``quit``, else None
        (a game command)."""
        word, _, rest = text.partition(" ")
        word = word.lower()
        if not text:
            self.console.print(self.m("empty_input"), markup=False)
        elif word == "help":
            show_help(self, seat)
        elif word == "hint":
            show_hint(self, seat)
        elif word == "save":
            self.save_command(rest)
        elif word == "quit":
            return "quit"
        else:
            return None
        return "done"

    def pass_keyboard(self, seat: int) -> bool:
        """Hot-seat: the "pass the keyboard" screen before another human's turn; False at the
        end of input."""
        if len(self.humans) > 1 and self.last_human != seat:
            self.console.print(self.m("pass_keyboard", name=self.names[seat]), markup=False)
            if _read("") is None:
                return False
        self.last_human = seat
        return True

    def quit(self) -> bool:
        """Leave the game (saved when ``--save`` was given); always False."""
        if self.save():
            self.console.print(self.m("quit_saved", path=self.save_path), markup=False)
        else:
            self.console.print(self.m("quit"), markup=False)
        return False

    def view(self, seat: int) -> Any:
        return self.variant.view(self.state, seat)

    def recent(self, seat: int) -> list[str]:
        """Action lines of the other players since ``seat`` last acted (named, no prefix)."""
        start = self.seen.get(seat, 0)
        out = []
        for line, note in zip(self.log[start:], self.notes[start:]):
            who = int(line.split(" ", 1)[0][1:]) - 1
            if who != seat:
                out.append(f"{self.names[who]}: {note}")
        return out[-12:]


def _note(variant: AnyVariant, before: Any, action: Any, after: Any, m: Messages) -> str:
    """An applied action in words (table variants: ``remi.cli.table_turn.describe``; Remi: its
    notation without the seat prefix)."""
    if has_table_editor(variant):
        return describe(variant, before, action, after, m)
    return _short(action)


def _notes_for(
    record: GameRecord, variant: AnyVariant, rules: Any, actions: tuple[Any, ...], m: Messages
) -> list[str]:
    """The words of every recorded action (table variants re-play the record for them)."""
    if not has_table_editor(variant):
        return [_short(a) for a in actions]
    state = start_state(record, rules)
    out = []
    for action in actions:
        after = variant.apply(state, action)
        out.append(describe(variant, state, action, after, m))
        state = after
    return out


def _bots_for(record: GameRecord) -> dict[int, Bot]:
    base = record.seed if record.seed is not None else 0
    offset = len(record.actions)
    return {
        seat: make_bot(p.kind, base * 16 + seat + offset * 7919)
        for seat, p in enumerate(record.players)
        if p.kind != HUMAN
    }


def _start(
    record: GameRecord,
    console: Console,
    m: Messages,
    save: Path | None,
    auto: bool,
    timer_on: bool = True,
) -> _Session:
    rules = record_rules(record)
    variant = variant_for_rules(rules)
    result = replay(record)
    if result.error is not None:
        err = result.error
        fail(
            escape(f"action {err.position} '{err.action}' is illegal: {err.message}"), EXIT_INVALID
        )
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
        notes=_notes_for(record, variant, rules, result.actions, m),
        timer_on=timer_on,
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
    session.console.print(
        screen(view, session.names, session.m, last_actions=session.recent(seat), hand=hand)
    )


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
    from remi.bots import GreedyBot
    from remi.variants.remi_pe_tabla.opening import opening_points
    from remi.variants.remi_pe_tabla.solvers import best_opening

    view = session.view(seat)
    m = session.m
    me = view.players[seat]
    turn = view.turn
    if turn is not None and turn.opening and turn.laid:  # the opening is on the table already
        session.console.print(
            m(
                "hint.opening_laid",
                points=opening_points([view.table[i].formation for i in turn.laid], view.rules),
                need=view.rules.opening_min_points,
            ),
            markup=False,
        )
    elif not me.opened and not me.pe_tabla and hasattr(view.rules, "opening_min_points"):
        taken = view.turn.taken_tile if view.turn is not None else None
        rack = list(view.rack)
        if taken is not None:
            rack.remove(taken)
        plan = best_opening(rack, view.rules, must_include=taken)
        if plan is None:
            session.console.print(
                m("hint.no_opening", points=view.rules.opening_min_points), markup=False
            )
        else:
            session.console.print(
                m("hint.opening", text=plan.text, points=plan.points), markup=False
            )
    if view.legal:
        session.console.print(
            m("hint.play", action=_short(GreedyBot(0).choose(view))), markup=False
        )


def _human_turn(session: _Session, seat: int) -> bool:
    """Let the human at ``seat`` act until his turn ends; False when he quits."""
    m = session.m
    name = session.names[seat]
    if not session.pass_keyboard(seat):
        return session.quit()
    _show(session, seat)
    while True:
        line = _read(m("prompt", name=name))
        if line is None:
            return session.quit()
        text = line.strip()
        common = session.common_command(text, seat, _help, _hint)
        if common == "quit":
            return session.quit()
        if common == "done":
            continue
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
        if (
            session.variant.is_over(session.state)
            or session.variant.current_player(session.state) != seat
        ):
            return True
        _show(session, seat)


def _play_hand(session: _Session) -> bool:
    """Play the session's hand to its end; False when a human quit."""
    variant = session.variant
    if session.auto:
        m = session.m
        players = ", ".join(f"p{i + 1} {n}" for i, n in enumerate(session.names))
        session.console.print(
            m("auto.header", rules=session.rules.name, seed=session.record.seed, players=players),
            markup=False,
        )
        start_draw = getattr(session.view(0), "start_draw", None)
        if start_draw is not None and not session.log:
            name = session.names[start_draw.starter]
            session.console.print(
                m("rk.start_draw", draws=start_draw.text(), name=name), markup=False
            )
    human_turn = table_human_turn if has_table_editor(variant) else _human_turn
    while not variant.is_over(session.state):
        seat = variant.current_player(session.state)
        bot = session.bots.get(seat)
        if bot is None:
            if not human_turn(session, seat):
                return False
            continue
        action = bot.choose(session.view(seat))
        try:
            session.apply(action)
        except IllegalActionError as exc:  # a bot defect, not the player's input
            raise RemiError(f"bot {session.names[seat]} chose an illegal action: {exc}") from exc
        if session.auto:
            session.console.print(
                f"{len(session.log):>4}. "
                + session.m("auto.action", name=session.names[seat], action=session.notes[-1]),
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
    view = session.view(0)
    ending = _end_text(session.variant, state, names, m)
    if ending is not None:
        console.print(ending, markup=False)
    if has_table_editor(session.variant):
        console.print(Text(m("rk.final_table"), style="bold underline"))
        console.print(rk_sets_table([rk_formation_slots(f) for f in view.table], m))
    else:
        console.print(table_table(view, names, m))
    for seat, rack in enumerate(view.final_racks):
        line = Text(f"{names[seat]}: ")
        line.append_text(rack_text(rack) if rack else Text("—"))
        console.print(line)
    scores = session.variant.score(state, names)
    console.print(scores_table(scores, m))
    return scores


def _end_text(variant: AnyVariant, state: Any, names: tuple[str, ...], m: Messages) -> str | None:
    """How the hand ended: Remi's closing (închidere) or stock out, or a table variant's
    going out / blocked pool (from a view)."""
    result = getattr(state, "result", None)
    if result is not None and result.closed_by is not None:
        return m("closed_by", name=names[result.closed_by], tile=result.closing_tile)
    if result is not None:
        return m("stock_out")
    if variant.is_over(state):
        return end_line(variant.view(state, 0), names, m)
    return None


# --- commands -----------------------------------------------------------------------------------


def _key(path: Path) -> Path:
    """A save path as compared for ownership (absolute, symlinks resolved)."""
    return path.resolve()


def _saved_game(path: Path) -> str | None:
    """Why ``path`` may not be replaced by another game's save: it holds a saved game (the
    text says which), or ``None`` when it holds none (e.g. it is not a record at all, which
    ``dump_record`` refuses on its own)."""
    try:
        other = load_record(path)
    except RemiError:
        return None
    return (
        f"the file holds another saved game ({other.preset}, seed {other.seed}, "
        f"{len(other.actions)} actions): resume it with --load, or choose another file"
    )


def _check_save_target(path: Path, loaded: Path | None) -> None:
    """Refuse a ``--save FILE`` that can never be written before the game starts (exit 2): a
    missing directory, an existing file that is not a game record (never overwritten), or
    another game's save (only the ``--load`` file itself may be saved over)."""
    directory = path.parent if str(path.parent) else Path(".")
    if not directory.is_dir():
        fail(escape(f"--save {path}: the directory '{directory}' does not exist"))
    if path.exists() or path.is_symlink():
        try:
            load_record(path)
        except RemiError as exc:
            reason = str(exc).removeprefix(f"{path}: ")
            fail(
                escape(
                    f"--save {path}: not overwritten: the file is not a readable game record ({reason})"
                )
            )
        if loaded is None or _key(loaded) != _key(path):
            fail(escape(f"--save {path}: not overwritten: {_saved_game(path)}"))


def _check_player_count(rules_name: str, overrides: dict[str, str], players: int) -> None:
    """Refuse ``--players N`` outside the rules' ``players.min``..``players.max`` (exit 2)."""
    from remi.core.presets import load_rules

    loaded = load_rules(rules_name, overrides)
    low, high = getattr(loaded, "players_min", 2), getattr(loaded, "players_max", 4)
    if not low <= players <= high:
        fail(
            escape(
                f"--players {players}: the rules allow {low}-{high} players [players.min, players.max]"
            )
        )


def _new_record(
    rules_name: str,
    overrides: dict[str, str],
    seats: tuple[PlayerEntry, ...],
    seed: int,
    match: bool,
) -> GameRecord:
    from remi.core.presets import load_rules

    rules = load_rules(rules_name, overrides)
    progress = (
        MatchProgress(hands_played=0, totals=tuple((p.name, 0) for p in seats), base_seed=seed)
        if match
        else None
    )
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
        match=MatchProgress(
            hands_played=hands,
            totals=tuple((p.name, totals[p.name]) for p in players),
            base_seed=record.match.base_seed,
        ),
    )


def _match_winner(totals: dict[str, int], rules: Any, hands_played: int) -> str | None:
    """The match winner, or None to play on: Remi's ``match.*`` rules (``match_winner``), or
    the Rummikub-style session (§B.9): after ``session.games`` games, or once a total reaches
    ``session.target_points``, the single highest total wins (a tie plays another game)."""
    if not hasattr(rules, "session_end"):
        return match_winner(totals, rules, hands_played=hands_played)
    best = max(totals.values())
    leaders = [name for name, total in totals.items() if total == best]
    if len(leaders) != 1:
        return None
    if rules.session_end == "games" and hands_played < rules.session_games:
        return None
    if rules.session_end == "target" and best < rules.session_target_points:
        return None
    return leaders[0]


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
        session.console.print(
            Text(session.m("match_totals", hand=record.match.hands_played), style="bold")
        )
        for name, points in sorted(totals.items(), key=lambda kv: -kv[1]):
            session.console.print(f"  {name}: {points:+d}", markup=False, highlight=False)
        winner = _match_winner(totals, session.rules, record.match.hands_played)
        if winner is not None:
            session.console.print(
                Text(
                    session.m("match_winner", name=winner, points=totals[winner]),
                    style="bold green",
                )
            )
            if session.save_path is not None:
                session.save()
            return
        if session.save_path is not None:
            dump_record(record, session.save_path)


@app.command("play", cls=_SeatOrderCommand)
@guarded
def play(
    ctx: typer.Context,
    rules: Annotated[
        str, typer.Option("--rules", help="Rule preset or rule file.")
    ] = "remi-pe-tabla",
    set_: Annotated[
        list[str] | None, typer.Option("--set", help="Override a rule: ID=VALUE.")
    ] = None,
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
            "--bot", help=f"A seat for a bot: --bot KIND ({', '.join(BOT_KINDS)}; repeat)."
        ),
    ] = None,
    seed: Annotated[
        int | None, typer.Option("--seed", help="Seed of the deal (and of the bots).")
    ] = None,
    match: Annotated[
        bool, typer.Option("--match", help="Play hands until the preset's match target (match.*).")
    ] = False,
    lang: Annotated[str, typer.Option("--lang", help="Language: en or ro.")] = "en",
    save: Annotated[
        Path | None, typer.Option("--save", help="Keep the game saved in FILE (atomic writes).")
    ] = None,
    load: Annotated[
        Path | None, typer.Option("--load", help="Resume the game recorded in FILE.")
    ] = None,
    auto: Annotated[
        bool,
        typer.Option("--auto", help="Bots only, no input: play and print the hand and its scores."),
    ] = False,
    no_timer: Annotated[
        bool,
        typer.Option(
            "--no-timer", help="Turn the turn timer off (timer.seconds, Rummikub-style presets)."
        ),
    ] = False,
) -> None:
    """Play Remi pe tablă at the terminal: one human against three greedy bots by default.

    Seats are taken in the order of --human NAME / --bot KIND; missing seats are greedy bots.
    At your turn type an action without the seat prefix (draw, take, take 4, meld R7 R8 R9,
    layoff 2 R10, swap 3 Y12, announce, atu, declare, discard Y12) or undo, hint, help,
    save FILE, quit. Rummikub-style presets (--rules rummikub, myrummy, myrummy-small): edit
    the table with put R5 3, move 2:1 4, split 2 3, new R7 R8 R9, undo, and end the turn with
    done (checked then; an invalid table is restored with the preset's penalty), or draw /
    pass; the turn timer (timer.seconds) counts down, --no-timer turns it off.
    Exit 0 after play, 1 when --load finds an illegal action, 2 for bad input.
    """
    if lang not in LANGUAGES:
        fail(f"--lang must be one of {', '.join(LANGUAGES)}, got '{lang}'")
    m = messages(lang)
    console = Console(highlight=False, soft_wrap=True)
    if save is not None:
        _check_save_target(save, load)
    if load is not None:
        source = ctx.get_parameter_source("rules")
        given_rules = source is not None and source.name == "COMMANDLINE"
        if seed is not None or human or bot or players is not None or set_ or match or given_rules:
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
        count = (
            players
            if players is not None
            else max(len(entries), 4 if not entries or auto or len(entries) < 2 else len(entries))
        )
        if players is not None:
            _check_player_count(rules, parse_set_options(set_), players)
        if players is not None and len(entries) > players:
            fail(f"{len(entries)} seats given with --human/--bot but --players {players}")
        if not entries and not auto:
            entries.append(PlayerEntry(m("default_human"), HUMAN))
        while len(entries) < count:
            entries.append(PlayerEntry("", "greedy"))
        seats = _name_seats(entries)
        the_seed = seed if seed is not None else secrets.randbelow(1_000_000)
        record = _new_record(rules, parse_set_options(set_), seats, the_seed, match)

    owned = {_key(p) for p in (save, load) if p is not None}

    def factory(rec: GameRecord) -> _Session:
        session = _start(rec, console, m, save, auto, timer_on=not no_timer)
        session.owned |= owned
        return session

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
            fail(
                escape(
                    m(
                        "replay.illegal",
                        position=err.position,
                        action=err.action,
                        message=err.message,
                    )
                ),
                EXIT_INVALID,
            )
        raise typer.Exit(EXIT_INVALID)


def _print_replay(result: ReplayResult, m: Messages) -> None:
    console = Console(highlight=False, soft_wrap=True)
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
        turn.append(_short(action))
    flush()
    if result.scores:
        variant = variant_for_rules(record_rules(result.record))
        ending = _end_text(variant, result.state, names, m)
        if ending is not None:
            console.print(ending, markup=False)
        console.print(scores_table(result.scores, m))
    elif result.error is None:
        console.print(m("replay.unfinished", count=len(result.actions)), markup=False)
    if result.error is None:
        console.print(m("replay.ok", count=len(result.actions)), markup=False)


def _replay_json(result: ReplayResult) -> dict[str, Any]:
    state = result.state
    hand = getattr(state, "result", None)
    names = result.record.names
    closed_by = names[hand.closed_by] if hand is not None and hand.closed_by is not None else None
    exhausted = bool(hand.stock_exhausted) if hand is not None else False
    variant = variant_for_rules(record_rules(result.record))
    if hand is None and has_table_editor(variant) and variant.is_over(state):
        # a table variant: going out is the closing; a blocked empty pool is the exhausted stock
        final = variant.view(state, 0)
        winner = getattr(final, "winner", None)
        closed_by = names[winner] if winner is not None else None
        exhausted = winner is None
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
            "rule": result.error.rule_id,
            "message": result.error.message,
        },
        "closed_by": closed_by,
        "closing_tile": str(hand.closing_tile)
        if hand is not None and hand.closing_tile is not None
        else None,
        "stock_exhausted": exhausted,
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
