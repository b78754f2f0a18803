"""One ``remi play`` hand being played: the record, its state, the bots, the console, saving.

``Session`` is the ``remi.core.play.TurnIO`` a family's human turn runs in: it prints what the
family shows, reads the terminal (``remi.cli.terminal``), applies and records the actions,
keeps the game saved (``--save``, atomic writes) and carries out the commands every family
shares (an empty line, ``help``, ``hint``, ``save FILE``, ``quit``). A save file belongs to its
game: another game's save is never replaced, nor a file that is not a game record.
"""

from __future__ import annotations

import shlex
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Literal

import attrs
from rich.console import Console, RenderableType
from rich.text import Text

from remi.bots import Bot, check_bots, make_bot
from remi.bots.advice import advise
from remi.cli import terminal
from remi.cli.app import EXIT_INVALID, fail_message
from remi.cli.savelock import SaveLockError, SaveLocks
from remi.core.actions import Action
from remi.core.advice import Advice
from remi.core.colour_letters import LETTERS, legend, typed
from remi.core.deal import derived_seed
from remi.core.errors import RemiError, Told, reason_of
from remi.core.events import Event, public_events
from remi.core.file_reasons import os_reason
from remi.core.files import printable
from remi.core.messages import N_, Messages
from remi.core.play import TimeUp, answers_line
from remi.core.position import format_position
from remi.core.record_files import dump_record, load_record, reason_without_path
from remi.core.record_setup import record_rules, start_state
from remi.core.records import HUMAN, GameRecord, RecordError
from remi.core.replay import replay
from remi.core.variant import AnyVariant, variant_for_rules

__all__ = ["WARNING_STYLES", "Note", "Session", "check_save_target", "path_key", "start_session"]

#: The styles of the lines that warn a player (refusals, penalties, the timer's "time is up"):
#: said after his last line, they are kept for his next turn instead of lost at a hot-seat
#: hand-over (``Session.pass_keyboard``).
WARNING_STYLES = ("red", "bold red", "yellow")

#: A line as it was said: its text and its style (None: plain).
Line = tuple[str, str | None]


@attrs.frozen
class Note:
    """One action of the hand as the session keeps it for the "since your last turn" lists.

    Attributes:
        seat: the acting player (0-based).
        events: the action's events (``Variant.transition``), unfiltered.
        text: the action in words as the other players may see it (``Variant.describe`` of
            ``public_events(events)``: a tile drawn from the stock is not named).
    """

    seat: int
    events: tuple[Event, ...]
    text: str


def _note(
    variant: AnyVariant,
    action: Action,
    events: tuple[Event, ...],
    names: Sequence[str],
    m: Messages,
) -> Note:
    """The ``Note`` of ``action`` and its ``events``."""
    return Note(action.player, events, variant.describe(public_events(events), names, m))


@attrs.define
class Session:
    """One ``remi play`` hand: the record being played, its state, bots and the console."""

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
    notes: list[Note] = attrs.field(factory=list)
    timer_on: bool = True
    seen: dict[int, int] = attrs.field(factory=dict)
    last_human: int | None = None
    rack_words: list[str] = attrs.field(factory=list)
    # save files this session may replace: its --save/--load file and files it wrote itself
    owned: set[Path] = attrs.field(factory=set)
    # the locks on the save files of the whole game (shared by the hands of a match)
    locks: SaveLocks | None = None
    # a game started from a position (``play --position``): no record reaches its state
    from_position: bool = False
    #: The warnings said since the person at the keyboard last sent a line.
    unseen: list[Line] = attrs.field(factory=list)
    #: The warnings a hot-seat hand-over hid, by seat, kept for that seat's next turn.
    kept: dict[int, list[Line]] = attrs.field(factory=dict)
    #: The warnings kept for the person now at the keyboard, not shown to him yet.
    due: list[Line] = attrs.field(factory=list)
    #: The file the game was last saved to (``--save``, or a ``save FILE``), or None.
    saved_to: Path | None = None
    #: The actions of the hand the last save holds (fewer than ``action_count``: moves since).
    saved_at: int = 0
    #: The last save was made in an earlier hand of the match (``follow``): the file holds the
    #: match as it was then, every move of the hands since is missing from it.
    saved_earlier: bool = False

    @property
    def names(self) -> tuple[str, ...]:
        """The players' names, seat order."""
        return self.record.names

    @property
    def humans(self) -> list[int]:
        """The seats played by people."""
        return [i for i, p in enumerate(self.record.players) if p.kind == HUMAN]

    @property
    def hand(self) -> int:
        """The number of the hand in a match (1 for the first or only hand)."""
        return (self.record.match.hands_played + 1) if self.record.match else 1

    @property
    def action_count(self) -> int:
        """The actions played so far in this hand."""
        return len(self.log)

    def current_record(self) -> GameRecord:
        """The record with every action played so far and, per action, its events in words
        (``GameRecord.events``: the whole truth, as the record's deal is; a player's export is
        built from his views instead)."""
        events = tuple(tuple(str(e) for e in note.events) for note in self.notes)
        return attrs.evolve(
            self.record,
            actions=tuple(self.log),
            events=events if len(events) == len(self.log) else None,
        )

    def seed_shown(self) -> bool:
        """The deal's seed may be shown now: only bots play (``--auto``), or the hand is over
        and its seed was chosen on the command line (``--seed``, ``GameRecord.seed_chosen``)
        outside a match. The seed rebuilds the deal (every rack and the stock order, and in a
        match the next deals: base seed + hands played), so while a human plays it stays hidden
        even when chosen: it would show the other players' racks in hot-seat and the bots'
        racks to a human playing alone. A game from ``--position`` has no seed of its own; the
        saved record keeps the seed in every case."""
        if self.from_position:
            return False
        if self.auto:
            return True
        over = self.variant.is_over(self.state)
        return self.record.seed_chosen and self.record.match is None and over

    def view(self, seat: int) -> Any:
        """What ``seat`` may see now."""
        return self.variant.view(self.state, seat)

    # --- TurnIO -----------------------------------------------------------------------------

    def clock(self) -> float:
        """``remi.cli.terminal.clock()`` (read at each call, so that tests can replace it)."""
        return terminal.clock()

    def show(self, item: RenderableType) -> None:
        """Print a renderable; with colour letters of the language's own (Romanian), the legend
        of the letters under it."""
        self.console.print(item)
        if self.m.lang in LETTERS:
            self.console.print(legend(self.m), markup=False, style="dim")

    def say(self, text: str, style: str | None = None) -> None:
        """Print a line of plain text (never read as markup), in ``style`` when given; a
        warning (``WARNING_STYLES``) is also remembered until the person's next line: a
        hot-seat hand-over would hide it (``pass_keyboard``)."""
        self.line(text, style)
        if style in WARNING_STYLES:
            self.unseen.append((text, style))

    def line(self, text: str, style: str | None = None) -> None:
        """Print a line of plain text, in ``style`` when given, without remembering it."""
        if style is None:
            self.console.print(text, markup=False)
        else:
            self.console.print(Text(text, style=style))

    def read(
        self, prompt: Callable[[], str], remaining: Callable[[], float] | None = None
    ) -> str | None | TimeUp:
        """``remi.cli.terminal.read_line``; tiles typed in the language's colour letters (G7 in
        Romanian) are read in the canonical notation (Y7), a file name to save to as typed.
        The warnings kept for the person from his last turn are shown first, just above the
        prompt (``tell_kept``)."""
        self.tell_kept()
        line = terminal.read_line(prompt, remaining)
        self.unseen.clear()  # read before the line was sent
        return self.canonical_line(line)

    def canonical_line(self, line: str | None | TimeUp) -> str | None | TimeUp:
        """A typed ``line`` with its tiles in the canonical notation: tiles typed in the
        language's colour letters (G7 in Romanian) read as Y7; a file name to save to as typed;
        ``None`` (end of input) and ``TIME_UP`` as they are."""
        if not isinstance(line, str) or self.m.lang not in LETTERS:
            return line
        word = line.split(maxsplit=1)[0].lower() if line.strip() else ""
        return line if word in ("save", "salvez") else typed(line, self.m.lang)

    def ask(self, question: str, answers: Sequence[tuple[str, str]]) -> str | None:
        """Print ``question`` and its keys (``a: announce now, then discard ... Enter: back``)
        and read the answer: the key typed (any case), ``""`` for any other line (back), None
        at the end of input."""
        self.tell_kept()
        self.line(question, style="yellow")
        self.line(answers_line(answers, self.m("ask.back")))
        keys = [key.lower() for key, _ in answers]
        line = terminal.read_line(lambda: self.m("ask.prompt", keys=" / ".join(keys)))
        self.unseen.clear()
        if not isinstance(line, str):
            return None
        answer = line.strip().lower()
        return answer if answer in keys else ""

    def apply(self, action: Action) -> None:
        """Apply and record ``action`` with its events and words (``Variant.transition``,
        ``Variant.describe``); raises ``IllegalActionError`` and changes nothing when it is
        refused."""
        self.state, events = self.variant.transition(self.state, action)
        self.log.append(str(action))
        self.notes.append(_note(self.variant, action, events, self.names, self.m))

    def acted(self, seat: int) -> None:
        """``seat`` has seen every action so far; the game is saved."""
        self.seen[seat] = len(self.log)
        self.save()

    def recent(self, seat: int) -> list[str]:
        """What the other players did since ``seat`` last acted, one named line per action (the
        last 12), as he may see it."""
        start = self.seen.get(seat, 0)
        out = [
            f"{self.names[note.seat]}: {note.text}"
            for note in self.notes[start:]
            if note.seat != seat
        ]
        return out[-12:]

    def common(
        self, text: str, show_help: Callable[[], None], show_hint: Callable[[], None]
    ) -> Literal["done", "quit"] | None:
        """Carry out the input every variant shares: an empty line, ``help``, ``hint`` (``hint
        --position``: the position the player to act sees, docs/notation.md), ``save FILE``; ``"done"`` when it was one of them, ``"quit"`` for ``quit``, else None
        (a game command)."""
        word, _, rest = text.partition(" ")
        word = word.lower()
        if not text:
            self.console.print(self.m("empty_input"), markup=False)
        elif word == "help":
            show_help()
        elif word == "hint" and rest.strip().lower() == "--position":
            # the position as the player to act sees it (docs/notation.md): for a bug report
            seat = self.variant.current_player(self.state)
            self.console.print(
                format_position(self.variant, self.state, seat), markup=False, soft_wrap=True
            )
        elif word == "hint":
            show_hint()
        elif word == "save":
            self._save_command(rest)
        elif word == "quit":
            return "quit"
        else:
            return None
        return "done"

    def suggest(self, view: Any) -> Any:
        """The hint bot's choice from ``view`` (``advise``)."""
        return self.advise(view)[1].action

    def advise(self, view: Any) -> tuple[str, Advice]:
        """The hint bot's kind and advice for ``view``: the family's ``club`` bot when it has
        one for these rules, else ``greedy`` (``remi.bots.advice.advise``)."""
        return advise(view)

    def complete(self, words: Sequence[str]) -> None:
        """The rack's tiles for tab completion (the list the completer reads is updated in
        place)."""
        self.rack_words[:] = words

    # --- the frame ----------------------------------------------------------------------------

    def pass_keyboard(self, seat: int) -> bool:
        """Hot-seat: the hand-over (``cover``) before another human's turn; False when it was
        not confirmed (the end of input, the board closed).

        The warnings said to the person who just played after his last line (a refusal with its
        penalty and rule id, the timer's "time is up": ``WARNING_STYLES``) would be hidden by
        the hand-over: they are kept for him (``kept``), and the ones kept for ``seat`` are
        shown to him first, under ``board.kept.title`` (``tell_kept``). The hand-over itself
        names nothing of the turn before it: a refusal may quote tiles that went back to the
        rack."""
        if len(self.humans) > 1 and self.last_human != seat:
            missed = self.due + self.unseen  # ``due``: his turn ended before a prompt showed them
            if self.last_human is not None and missed:
                self.kept.setdefault(self.last_human, []).extend(missed)
            self.unseen = []
            self.due = []
            self.last_human = None
            if not self.cover(seat):
                return False
            self.due = self.kept.pop(seat, [])
        self.last_human = seat
        return True

    def cover(self, seat: int) -> bool:
        """The line mode's hand-over: the "pass the keyboard" line on a cleared screen and
        scrollback (the last rack leaves the terminal), until Enter; False at the end of
        input."""
        self.console.file.write(terminal.CLEAR_SCREEN)
        self.console.print(self.m("pass_keyboard", name=self.names[seat]), markup=False)
        return terminal.read_line(lambda: "") is not None

    def end_turn(self, seat: int) -> None:
        """The turn of the human ``seat`` is over (by an action, a key, the timer). The line
        mode has nothing to drop: ``read_line`` already dropped a half-typed line at the
        timeout; the board clears its command line (``BoardSession.end_turn``)."""

    def tell_kept(self) -> None:
        """Show the warnings kept for the person at the keyboard since his last turn (``due``),
        once, under ``board.kept.title``; the line mode shows them just above his first
        prompt, after his turn's screen, so that they stay in view."""
        if self.due and self.last_human is not None:
            self.line(self.m("board.kept.title", name=self.names[self.last_human]), "bold")
            for text, style in self.due:
                self.line(text, style)
        self.due = []

    def quit(self) -> bool:
        """Leave the game (saved when ``--save`` was given); always False."""
        self.console.print(self.leaving(), markup=False)
        return False

    def leaving(self) -> str:
        """The line said on leaving: saved to the ``--save`` file now; else where a ``save FILE``
        last put it (``quit_saved_before`` when moves were made since: the file holds the game
        as of that save); else not saved."""
        if self.save():
            return self.m("quit_saved", path=self.save_path, load=shlex.quote(str(self.save_path)))
        if self.saved_to is None:
            return self.m("quit")
        if self.saved_before():
            return self.m(
                "quit_saved_before", path=self.saved_to, load=shlex.quote(str(self.saved_to))
            )
        return self.m("quit_saved", path=self.saved_to, load=shlex.quote(str(self.saved_to)))

    def saved_before(self) -> bool:
        """Moves were made since the last save, and no ``--save`` file keeps them: the file
        named by ``saved_to`` holds the game as it was then."""
        return self.save_path is None and (self.saved_earlier or self.saved_at < self.action_count)

    def follow(self, previous: Session) -> None:
        """This session plays the hand of a match after ``previous``'s: the files the match
        saved stay its own (a later ``save FILE`` may replace them), and its last save is
        remembered, so that leaving names that file and says the moves since are not in it
        (``saved_earlier``) until this hand saves."""
        self.owned |= previous.owned
        if self.saved_to is None and previous.saved_to is not None:
            self.saved_to, self.saved_earlier = previous.saved_to, True

    def save(self, path: Path | None = None) -> bool:
        """Write the record to ``path`` (default: the ``--save`` file); False when there is no
        file or it may not or cannot be written. Every problem (another game's file or lock, a
        bad name, a loop, a read-only folder, a full disk, a FIFO...) is printed on the board
        and the game goes on."""
        target = path or self.save_path
        if target is None:
            return False
        error: Told | str | None
        try:
            error = self._save_to(target)
        except (OSError, RuntimeError, ValueError, RemiError, SaveLockError) as exc:
            error = _why_not_saved(exc, self.m).removeprefix(f"{target}: ")
        if isinstance(error, Told):
            error = error.render(self.m)
        if error is not None:  # the name and reason as escapes: a NUL or ESC is never printed raw
            shown = printable(str(target))
            self.say(self.m("saving_failed", path=shown, error=printable(error)), style="red")
            return False
        self.saved_to, self.saved_at, self.saved_earlier = target, self.action_count, False
        return True

    def _save_to(self, target: Path) -> Told | None:
        """Save to ``target``: None when saved, else why it may not be written."""
        if self.from_position:
            return Told(N_("error.save.position"))
        if (target.exists() or target.is_symlink()) and path_key(target) not in self.owned:
            other = _saved_game(target)
            if other is not None:  # another game's save: never replaced by this one
                return other
        if self.locks is not None:
            self.locks.hold(target, self.record)
        dump_record(self.current_record(), target)
        self.owned.add(path_key(target))
        return None

    def _save_command(self, rest: str) -> None:
        """The ``save FILE`` command (``save`` alone: the ``--save`` file)."""
        target = Path(rest.strip()) if rest.strip() else self.save_path
        if target is None:
            self.console.print(
                self.m("bad_input", error=self.m(N_("cli.save_usage"))), markup=False
            )
        elif self.save(target):
            self.console.print(self.m("saved", path=target), markup=False)


def _notes_for(
    record: GameRecord, variant: AnyVariant, rules: Any, actions: Sequence[Action], m: Messages
) -> list[Note]:
    """The note of every recorded action (``Variant.transition``, re-playing the record)."""
    state = start_state(record, rules)
    out = []
    for action in actions:
        state, events = variant.transition(state, action)
        out.append(_note(variant, action, events, record.names, m))
    return out


def _bots_for(record: GameRecord) -> dict[int, Bot]:
    """The bots of ``record``, seeded one-way from its seed (``derived_seed``)."""
    base = record.seed if record.seed is not None else 0
    offset = len(record.actions)
    return {
        seat: make_bot(p.kind, derived_seed(base, "bot", seat, offset))
        for seat, p in enumerate(record.players)
        if p.kind != HUMAN
    }


def start_session(
    record: GameRecord,
    console: Console,
    m: Messages,
    save: Path | None,
    auto: bool,
    timer_on: bool = True,
) -> Session:
    """The session of ``record``, re-played to its last action.

    Raises:
        typer.Exit: (exit 1) when the record holds an illegal action.
        NoStrategyError: a bot of the record does not play its rules (``remi.bots.check_bots``,
            naming the rule), before any action is played.
    """
    rules = record_rules(record)
    variant = variant_for_rules(rules)
    check_bots([p.kind for p in record.players if p.kind != HUMAN], rules)
    result = replay(record)
    if result.error is not None:
        err = result.error
        fail_message(
            N_("replay.illegal"),
            EXIT_INVALID,
            rule=err.rule_id,
            field=f"actions[{err.position}]",
            position=err.position,
            action=err.action,
            message=err.message if err.refusal is None else reason_of(err.refusal, record.names),
        )
    return Session(
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


def path_key(path: Path) -> Path:
    """A save path as compared for ownership (absolute, symlinks resolved; a symlink loop or a
    bad name is kept as given, made absolute, and refused when it is written)."""
    try:
        return path.resolve()
    except (OSError, RuntimeError, ValueError):
        return path.absolute()


def _why_not_saved(exc: Exception, m: Messages) -> str:
    """Why a save failed, in the language of ``m``: a remi error's text, the operating
    system's reason (``remi.core.file_reasons.os_reason``), else the exception's own words."""
    if isinstance(exc, RemiError):
        return exc.localized(m)
    if isinstance(exc, OSError | ValueError):
        return os_reason(exc).render(m)
    if isinstance(exc, RuntimeError):  # a symlink loop
        return m(N_("error.file.loop"))
    return str(exc)


def _saved_game(path: Path) -> Told | None:
    """Why ``path`` may not be replaced by another game's save: it holds a saved game (the
    text says which), or ``None`` when it holds none (e.g. it is not a record at all, which
    ``dump_record`` refuses on its own)."""
    try:
        other = load_record(path)
    except RemiError:
        return None
    return Told(
        N_("error.save.other_game"),
        preset=other.preset,
        names=", ".join(other.names),
        created=other.created or "?",
        actions=len(other.actions),
    )


def check_save_target(path: Path, loaded: Path | None) -> None:
    """Refuse a ``--save FILE`` that can never be written before the game starts (exit 2): a
    missing directory, an existing file that is not a game record (never overwritten), or
    another game's save (only the ``--load`` file itself may be saved over)."""
    directory = path.parent if str(path.parent) else Path(".")
    if not directory.is_dir():
        fail_message(
            N_("error.save.no_directory"), field="--save", path=str(path), folder=str(directory)
        )
    if path.exists() or path.is_symlink():
        try:
            load_record(path)
        except RemiError as exc:
            fail_message(
                N_("error.save.not_record"),
                field="--save",
                path=str(path),
                why=reason_without_path(exc) if isinstance(exc, RecordError) else reason_of(exc),
            )
        if loaded is None or path_key(loaded) != path_key(path):
            fail_message(
                N_("error.save.taken"), field="--save", path=str(path), why=_saved_game(path)
            )
