"""``BoardApp``: the full-screen board of ``remi play`` (Textual).

The game runs on a worker thread in the program's session and talks to the board through a
``remi.ui.bridge.Bridge``; the board draws each ``Snapshot`` it receives and sends back what
the player types on the command line (the engine's notation, tab completion of the commands and
of the rack's tiles; PageUp / PageDown scroll the messages, whose area grows with the terminal
and with the newest answer, shown whole as far as the table gives way, and a longer one from its
beginning). Keys: F1 help, F2 rack by colour / by number, F3 hint, Ctrl+Q leave (asks,
saying where the game was last saved; the turn timer stands still meanwhile, and so do
the bots of a bot game; Ctrl+C asks too;
a second press while it asks does nothing more), all listed in
the key line (``remi.ui.keybar.KeyBar``, wrapped at the width). A question of the game (the
announce question) is answered by its own keys; Esc goes back where the player was. At each hand-over between two people the board is
replaced by a cover screen until the next player confirms. A Rummikub-style turn is edited on
the table itself (``remi.ui.table_edit``): a letter typed there that is not one of its keys starts
a command on the command line, and Enter on an unchanged table (a draw) asks first. A bot game (``--auto``) is drawn move by move:
``-`` / ``+`` slower / faster, ``p`` pause or go on, ``.`` one move while paused.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from contextlib import suppress
from typing import TypeVar

from rich.console import Group, RenderableType
from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.containers import Horizontal, VerticalScroll
from textual.css.query import NoMatches
from textual.filter import LineFilter
from textual.timer import Timer
from textual.widget import Widget
from textual.widgets import Input, Static

from remi.core.commands import canonical_command, in_romanian
from remi.core.messages import N_, Messages
from remi.ui import remi_board, rummikub_board, screens
from remi.ui.bridge import TIME_UP, BoardClosed, Bridge, Snapshot
from remi.ui.command_line import CommandInput
from remi.ui.keybar import KeyBar
from remi.ui.letters import ColourLetters, legend_line
from remi.ui.message_log import MessageLog
from remi.ui.screens import CoverScreen, DrawScreen, HoldScreen, QuestionScreen, QuitScreen
from remi.ui.table_edit import RackRow, TableEdit
from remi.ui.widgets import PickRack, Play, SirRow
from remi.variants.remi_pe_tabla.views import PlayerView
from remi.variants.rummikub.views import RummikubView

W = TypeVar("W", bound=Widget)

__all__ = ["SPEEDS", "WARN_SECONDS", "BoardApp"]

#: The turn timer's countdown turns red (and the terminal bell rings) in its last seconds.
WARN_SECONDS = 10

#: The seconds between two moves of a bot game (``--auto``), slowest last; ``-`` / ``+`` step.
SPEEDS = (0.0, 0.1, 0.25, 0.5, 1.0, 2.0)

#: The speed a bot game starts at (an index of ``SPEEDS``).
START_SPEED = 3

#: The actions of the bot-game keys (shown in the key line only during a bot game).
_AUTO_ACTIONS = ("speed", "pause", "step")


class BoardApp(App[None]):
    """The board: header, players, table, șir / stock / phase, messages, rack, command line."""

    CSS = """
    #head { height: auto; max-height: 3; background: $primary-darken-2; }
    #header { width: 1fr; color: $text; padding: 0 1; }
    #clock { width: auto; padding: 0 1; }
    #clock.warn { background: $error; color: $text; text-style: bold; }
    #top { height: auto; max-height: 7; }
    #players { width: auto; max-width: 60%; padding: 0 1; }
    #round-box { width: 1fr; height: auto; max-height: 7; scrollbar-size-vertical: 1; }
    #round { padding: 0 1; color: $text-muted; }
    #table-box { height: 1fr; min-height: 3; border-top: solid $primary; }
    #table { padding: 0 1; }
    #sir, #status { height: auto; padding: 0 1; }
    #log { height: 3; overflow-x: hidden; padding: 0 1; border-top: solid $primary; scrollbar-size-vertical: 1; }
    #rack { height: auto; padding: 0 1; background: $boost; }
    #rack:focus { background: $accent 30%; }
    #sets { padding: 0 1; }
    #sets:focus { background: $accent 15%; }
    #rk-rack { height: auto; padding: 0 1; background: $boost; }
    #rk-rack.editing { background: $accent 30%; }
    #auto { height: auto; padding: 0 1; background: $primary-darken-3; }
    #command { height: 1; border: none; padding: 0 1; }
    """

    ENABLE_COMMAND_PALETTE = False

    def __init__(self, m: Messages, bridge: Bridge, game: Callable[[], None]) -> None:
        super().__init__()
        # the keys, described in the player's language in the key line (``KeyBar``)
        keys = (
            ("ctrl+q", "ask_quit", N_("board.key.quit")),
            ("f1", "command('help')", N_("board.key.help")),
            ("f2", "sort", N_("board.key.sort")),
            ("f3", "command('hint')", N_("board.key.hint")),
        )
        self._bindings.key_to_bindings.pop("ctrl+q", None)  # Textual's own, not shown
        for key, action, text in keys:
            self._bindings.bind(key, action, m(text), priority=True)
        # Ctrl+C, the key a terminal user presses to leave, asks as Ctrl+Q does (as the line
        # mode leaves at Ctrl-C); Textual's own only names a quit key the board does not bind,
        # so it said nothing at all
        self._bindings.key_to_bindings.pop("ctrl+c", None)
        self._bindings.bind("ctrl+c", "ask_quit", show=False, priority=True)
        auto_keys = (  # no text is typed in a bot game: these keys are not taken first
            ("minus", "speed(1)", N_("board.auto.key.slower")),
            ("plus", "speed(-1)", N_("board.auto.key.faster")),
            ("p", "pause", N_("board.auto.key.pause")),
            ("full_stop", "step", N_("board.auto.key.step")),
        )
        for key, action, text in auto_keys:
            self._bindings.bind(key, action, m(text))
        self.m = m
        self._letters = ColourLetters(m.lang)
        self.bridge = bridge
        self.game = game
        self.snapshot: Snapshot | None = None
        self.by_number = False
        self.waiting = False
        #: The seconds left on the turn timer while the game waits, or None.
        self.remaining: Callable[[], float] | None = None
        #: The prompt that names the seconds left (redrawn at each tick), or None.
        self._prompt: Callable[[], str] | None = None
        #: How many times the game asked for a line (tests wait for the next one).
        self.asks = 0
        #: A bot game (``--auto``) is shown; its speed (an index of ``SPEEDS``), paused or not,
        #: and whether its game thread waits for the next move.
        self.auto = False
        self.speed = START_SPEED
        #: Set before the board runs, a bot game starts paused (``.`` plays each move).
        self.paused = False
        self.stepping = False
        #: The timer of the bot game's next move, while one is set.
        self._move_timer: Timer | None = None
        #: The last command came from the command line (the focus stays there).
        self.typed = False
        #: Where the keys were when the game asked its question (the rack, the command line):
        #: the next line is read from there again, whatever the question's answer.
        self._resume_focus: Widget | None = None

    def compose(self) -> ComposeResult:
        """The board's widgets, top to bottom."""
        with Horizontal(id="head"):
            yield Static(id="header")
            yield Static(id="clock")
        with Horizontal(id="top"):
            yield Static(id="players")
            with VerticalScroll(id="round-box"):
                yield Static(id="round")
        with VerticalScroll(id="table-box"):
            yield Static(id="table")
            table = TableEdit(self.m, id="sets")
            table.on_word = self._start_word
            yield table
        yield SirRow(id="sir")
        yield Static(id="status")
        yield Static(id="auto")
        yield MessageLog(id="log", gives_way="table-box")
        yield PickRack(self.m, id="rack")
        yield RackRow(table, self.m, id="rk-rack")
        yield CommandInput(self.m, id="command", placeholder=self.m("board.waiting"))
        yield KeyBar(id="keys")

    def part(self, selector: str, kind: type[W]) -> W:
        """A widget of the board (found on the board's screen even while a cover, the end of
        a hand or a question is on top of it)."""
        return self.screen_stack[0].query_one(selector, kind)

    def on_mount(self) -> None:
        """Connect the bridge and start the game thread (the layout comes with a snapshot)."""
        for selector in ("#sets", "#rk-rack"):
            self.part(selector, Widget).display = False
        self.bridge.attach(self, self.call_from_thread)
        self.set_interval(0.25, self._tick)
        self._fit_log()
        self.run_worker(self._play, thread=True, exit_on_error=True)

    def _play(self) -> None:
        try:
            self.game()
        except BoardClosed:  # a bot game stopped by closing the board
            pass
        finally:
            if not self.bridge.closed:
                self.bridge.closed = True
                try:
                    self.call_from_thread(self.exit)
                except RuntimeError:  # pragma: no cover - already closing
                    pass

    async def on_event(self, event: events.Event) -> None:
        """A key or a click: the player goes on, the messages area grown for the newest answer
        gives the table its room back (``MessageLog.fold_at``)."""
        if isinstance(event, events.Key | events.MouseDown) and not event.is_forwarded:
            with suppress(NoMatches, IndexError):  # not while the board is composed or closed
                self.part("#log", MessageLog).fold_at(event)
        await super().on_event(event)

    def on_resize(self, event: events.Resize) -> None:
        """The messages area follows the terminal: sized for the event's rows (``self.size``
        still has the old ones here), fitted again once the board is laid out at the new size."""
        self._fit_log(event.size.height)

    def _fit_log(self, rows: int | None = None) -> None:
        log = self.part("#log", MessageLog)
        log.fit(self.size.height if rows is None else rows)
        self.call_after_refresh(log.grow)  # the other parts laid out at the new size

    def on_unmount(self) -> None:
        """Release a game thread that waits for the board."""
        self.bridge.answer(None)

    # --- drawn by the game thread (BoardSide) -----------------------------------------------

    def show_snapshot(self, snapshot: Snapshot) -> None:
        """Draw ``snapshot``."""
        self.snapshot = snapshot
        self.part("#command", CommandInput).words = snapshot.words
        self._redraw()

    def _redraw(self) -> None:
        snap, m = self.snapshot, self.m
        parts = ("#header", "#players", "#round", "#table", "#sir", "#status")
        rack = self.part("#rack", PickRack)
        if snap is None:
            for part in parts:
                self.part(part, Static).update("")
            rack.clear_rack()
            self.part("#sets", TableEdit).set_table(Text(), [], [], None)  # no rack shown
            return
        rummikub = isinstance(snap.view, RummikubView)
        self._show_family(rummikub)
        if rummikub:
            self._draw_rummikub(snap)
        elif not isinstance(snap.view, PlayerView):  # a family without a board layout
            self.part("#table", Static).update(snap.screen or "")
        else:
            self.part("#header", Static).update(remi_board.header_line(snap, m))
            self.part("#players", Static).update(remi_board.players_panel(snap, m))
            self.part("#table", Static).update(remi_board.table_panel(snap, m))
            sir = remi_board.sir_tokens(snap, m)
            self.part("#sir", SirRow).set_row(remi_board.sir_prefix(snap, m), sir)
            status = remi_board.status_panel(snap, m, own=not self.auto)
            self.part("#status", Static).update(self._with_legend(status))
            tiles = remi_board.sorted_rack(snap.view.rack, self.by_number)
            prefix = remi_board.rack_prefix(snap, m, self.by_number, own=not self.auto)
            marks = remi_board.taken_tile(snap), remi_board.drawn_tile(snap)
            rack.set_rack(prefix, tiles, *marks)
        self._draw_auto()
        recent = [Text(m("board.last_round"), style="bold")]
        lines = (
            rummikub_board.round_lines(snap, m, 6) if rummikub else list(snap.recent[-6:])
        ) or [m("board.last_round.none")]
        recent.extend(Text(line) for line in lines)
        self.part("#round", Static).update(Text("\n").join(recent))
        self.part("#round-box", VerticalScroll).scroll_end(animate=False)
        self.call_after_refresh(self.part("#log", MessageLog).grow)  # the parts took their lines

    def _show_family(self, rummikub: bool) -> None:
        """The widgets of the family's layout: the table being edited and its rack for the
        Rummikub-style presets, the formations, the șir and the pickable rack for Remi."""
        for selector in ("#sets", "#rk-rack"):
            self.part(selector, Widget).display = rummikub
        for selector in ("#table", "#sir", "#rack"):
            self.part(selector, Widget).display = not rummikub

    def _draw_rummikub(self, snap: Snapshot) -> None:
        """The Rummikub-style board: players, the working sets (marked while editing), the
        pool and the limits of the turn, the rack."""
        m = self.m
        sets, rack, editing = rummikub_board.working(snap)
        self.part("#header", Static).update(rummikub_board.header_line(snap, m))
        self.part("#players", Static).update(rummikub_board.players_panel(snap, m))
        rules = snap.view.rules.formation_rules if editing else None
        title = rummikub_board.table_title(m, editing)
        name = m("board.auto.rack", name=snap.names[snap.seat]) if self.auto else ""
        drawn = rummikub_board.drawn_tile(snap, rack)
        table = self.part("#sets", TableEdit)
        unchanged = rummikub_board.unchanged(snap)
        table.set_table(title, sets, rack, rules, rack_title=name, drawn=drawn, unchanged=unchanged)
        self.part("#rk-rack", RackRow).set_class(editing, "editing")
        status = rummikub_board.status_panel(snap, m, sets, editing)
        self.part("#status", Static).update(self._with_legend(status))

    def _with_legend(self, status: RenderableType) -> RenderableType:
        """``status`` with the colour-letter legend under it in a language that has one."""
        line = legend_line(self.m)
        return status if line is None else Group(status, line)

    def get_line_filters(self) -> Sequence[LineFilter]:
        """Textual's filters, then the tile colours in the letters of the board's language
        (``remi.ui.letters.ColourLetters``)."""
        return [*super().get_line_filters(), *([self._letters] if self._letters.enabled else [])]

    def _draw_auto(self) -> None:
        """The speed line of a bot game."""
        line = self.part("#auto", Static)
        line.display = self.auto
        if self.auto:
            state = self.m("board.auto.paused") if self.paused else ""
            speed = self.m("board.auto.speed", seconds=SPEEDS[self.speed])
            line.update(Text(f"{speed}  {state}".rstrip() + "  " + self.m("board.auto.keys")))

    def auto_step(self) -> None:
        """A bot game's next move: after the chosen delay, or at ``.`` while paused."""
        if not self.auto:
            self.auto = True
            self.part("#command", CommandInput).disabled = True  # the keys go to the board
            self.set_focus(None)
            self._redraw()
            self.refresh_bindings()
        self.stepping = True
        self.part("#log", MessageLog).new_batch()
        self._schedule_move()

    def _schedule_move(self) -> None:
        """The next move of a bot game after the chosen delay (not while paused, nor while the
        quit question is open: the bots wait for its answer)."""
        if self.paused or self._asking_quit():
            return
        if SPEEDS[self.speed] > 0:
            self._move_timer = self.set_timer(SPEEDS[self.speed], self._next_move)
        else:
            self.call_later(self._next_move)

    def _next_move(self) -> None:
        self._move_timer = None
        if self.stepping and not self.paused and not self._asking_quit():
            self.stepping = False
            self.bridge.answer("")

    def _asking_quit(self) -> bool:
        """The quit question (``QuitScreen``) is open."""
        return any(isinstance(screen, QuitScreen) for screen in self.screen_stack)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The bot-game keys exist only during a bot game."""
        return self.auto if action in _AUTO_ACTIONS else True

    def action_speed(self, step: int) -> None:
        """Slower (``-``) or faster (``+``)."""
        self.speed = max(0, min(len(SPEEDS) - 1, self.speed + step))
        self._draw_auto()

    def action_pause(self) -> None:
        """Pause the bot game, or go on."""
        self.paused = not self.paused
        self._draw_auto()
        if not self.paused and self.stepping:
            self._next_move()

    def action_step(self) -> None:
        """One move of a paused bot game (none while the quit question is open)."""
        if self.stepping and not self._asking_quit():
            self.stepping = False
            self.bridge.answer("")

    def log_line(self, text: str, style: str | None) -> None:
        """Add one line to the messages (``MessageLog.add``: a long help or refusal is read
        from its start)."""
        self.part("#log", MessageLog).add(text, style)

    def on_command_input_candidates(self, message: CommandInput.Candidates) -> None:
        """Tab found several words: list them in the messages."""
        self.log_line(self.m("board.complete", words=" ".join(message.words)), "dim")

    def action_log_page(self, pages: int) -> None:
        """Scroll the messages a page up (``pages`` < 0) or down."""
        self.part("#log", MessageLog).page(pages)

    def action_focus_board(self) -> None:
        """Esc on the command line: the table being edited, or the rack to pick from."""
        table = self.part("#sets", TableEdit)
        (table if table.display else self.part("#rack", PickRack)).focus()

    def _start_word(self, char: str) -> None:
        """A letter typed on the table that is not one of its keys: it starts a command (and
        the keys typed right after it, ``"\\n"`` Enter, ``"\\b"`` Backspace, go on with it)."""
        command = self.part("#command", CommandInput)
        if char == "\n":
            line, command.value = command.value.strip(), ""
            self.typed = bool(line)
            self.submit(line)
            return
        command.value = command.value[:-1] if char == "\b" else command.value + char
        command.cursor_position = len(command.value)
        self.set_focus(command)

    def ask_line(
        self, prompt: str | Callable[[], str], remaining: Callable[[], float] | None = None
    ) -> None:
        """Wait for a command line after ``prompt`` (the text, or a function giving it: a
        Rummikub-style prompt names the seconds left, redrawn with the countdown at each tick);
        ``remaining``: the turn timer, shown as a countdown in the header."""
        self.waiting = True
        self.remaining = remaining
        self._prompt = prompt if callable(prompt) else None
        command = self.part("#command", CommandInput)
        command.placeholder = prompt() if callable(prompt) else prompt
        self._tick()
        self.asks += 1
        self.part("#log", MessageLog).new_batch()
        table = self.part("#sets", TableEdit)
        resume, self._resume_focus = self._resume_focus, None
        if resume is not None and resume.display:
            resume.focus()  # back where the player was before the game's question
        elif table.display and not command.value and not (self.typed and command.has_focus):
            table.focus()  # a table-editing turn: the table has the keys
        elif not self.part("#rack", PickRack).has_focus:
            command.focus()

    def drop_line(self) -> None:
        """The turn is over: the half-typed line is dropped, never handed on (docs/playing.md)."""
        self.part("#command", CommandInput).value = ""

    def show_cover(self, name: str) -> None:
        """Blank the board, its command line emptied, and cover it until ``name`` confirms."""
        self.drop_line()
        self.snapshot = None
        self._resume_focus = None
        self._redraw()
        log = self.part("#log", MessageLog)
        log.clear()
        log.new_batch()
        self.typed = False

        def confirmed(_: None) -> None:
            self.part("#command", CommandInput).focus()  # the next player types first
            self.bridge.answer("")

        self.push_screen(CoverScreen(name, self.m), confirmed)

    def show_question(self, question: str, answers: Sequence[tuple[str, str]]) -> None:
        """Ask the game's question (``QuestionScreen``) and send the key back (``""``: Esc,
        back: nothing changes). The command line says the game waits for the answer, not for
        the bots. Esc reads the next line where the player was (the rack keeps the
        keys and the picks)."""
        self._resume_focus = self.screen_stack[0].focused
        command = self.part("#command", CommandInput)
        command.placeholder = self.m("board.question.waiting")

        def answered(key: str | None) -> None:
            command.placeholder = self.m("board.waiting")
            if key:  # answered: the game goes on (the next player may be another person)
                self._resume_focus = None
            self.bridge.answer(key or "")

        self.push_screen(QuestionScreen(question, answers, self.m), answered)

    def show_hold(self, item: RenderableType) -> None:
        """Show the end of the hand until Enter."""
        self.push_screen(HoldScreen(item, self.m), lambda _: self.bridge.answer(""))

    # --- the player's input ------------------------------------------------------------------

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Send the typed line to the game (``quit`` asks first)."""
        event.input.value = ""
        self.typed = bool(event.value.strip())
        self.submit(event.value.strip())

    def on_play(self, message: Play) -> None:
        """A pick on the rack or the șir: sent as typed, or put on the command line (in the
        player's command words: ``arunc`` in Romanian play)."""
        line = self._in_players_words(message.command)
        if message.send:
            self.typed = False
            self.submit(line)
            return
        command = self.part("#command", CommandInput)
        command.value = line
        command.cursor_position = len(line.split(" ")[0]) + 1
        command.focus()

    def _in_players_words(self, command: str) -> str:
        """``command`` (English notation) with the Romanian command word in Romanian play."""
        if self.m.lang != "ro":
            return command
        return in_romanian(command, self.snapshot.commands if self.snapshot is not None else {})

    def submit(self, line: str) -> None:
        """Send a command to the game (``quit``, however spelled, asks first)."""
        if not self.waiting:
            self.bell()
            return
        commands = self.snapshot.commands if self.snapshot is not None else {}
        canonical = canonical_command(line, commands)  # arunc A2 is discard A2, ieș is quit
        if canonical.lower() == "quit":
            self.action_ask_quit()
            return
        self._send(line)

    def _tick(self) -> None:
        """The turn timer's countdown, red in its last 10 seconds; at 0 the turn times out. The
        messages area is fitted again to the room the other parts leave (``MessageLog.grow``)."""
        try:
            clock = self.part("#clock", Static)
        except (NoMatches, IndexError):  # the board is closing (its screens already gone)
            return
        self.part("#log", MessageLog).grow()  # a part may have wrapped anew after a resize
        if not self.waiting or self.remaining is None:
            clock.update("")
            clock.remove_class("warn")
            return
        left = self.remaining()
        if left <= 0:
            self.waiting, self.remaining, self._prompt = False, None, None
            clock.update("")
            self._close_draw_question()
            self.bridge.answer(TIME_UP)
            return
        clock.update(self.m("board.clock", seconds=math.ceil(left)))
        if self._prompt is not None:  # the prompt's seconds follow the countdown
            self.part("#command", CommandInput).placeholder = self._prompt()
        if left <= WARN_SECONDS and not clock.has_class("warn"):
            clock.add_class("warn")
            self.bell()
        elif left > WARN_SECONDS:
            clock.remove_class("warn")

    def _send(self, line: str) -> None:
        self.waiting = False
        self.remaining = None
        self._prompt = None
        self.part("#command", CommandInput).placeholder = self.m("board.waiting")
        self.log_line(f"> {line}", "dim")
        self.part("#log", MessageLog).new_batch()  # the answer is shown from its first line
        self.bridge.answer(line)

    def on_table_edit_ask_done(self, _: TableEdit.AskDone) -> None:
        """Enter on an unchanged table: ending the turn draws a tile; ask first (``n`` / Esc
        go back to the table)."""

        def answer(key: str | None) -> None:
            if key == "y":
                self.submit("done")
            elif self.waiting:
                self.part("#sets", TableEdit).focus()

        if self.waiting:
            self.push_screen(DrawScreen(self.m, timed=self.remaining is not None), answer)

    def _close_draw_question(self) -> None:
        """The turn timer ran out while "end the turn and draw?" was open: the turn is over, so
        the question goes (it must not wait there for the next player)."""
        if isinstance(self.screen, DrawScreen):  # under the quit question the time stands
            self.screen.action_answer("")

    def action_command(self, word: str) -> None:
        """Send ``word`` (help, hint) as if typed, in the player's words (``ajutor`` in ro)."""
        if self.waiting:
            self._send(self._in_players_words(word))

    def action_sort(self) -> None:
        """Toggle the rack between colour-then-number and number order."""
        self.by_number = not self.by_number
        self._redraw()

    async def action_quit(self) -> None:
        """Textual's own quit key (Ctrl+Q) asks first too."""
        self.action_ask_quit()

    def action_ask_quit(self) -> None:
        """Ask before leaving, saying where the game was last saved; the turn timer and a bot
        game's bots wait for the answer (``Bridge.pause``). Asked already (Ctrl+Q twice):
        nothing more, so a second press never skips the question nor stacks another."""
        if self._asking_quit():
            return
        saved = self.snapshot.saved_to if self.snapshot is not None else self.bridge.kept_file
        before = self.snapshot is not None and self.snapshot.saved_before
        position = self.snapshot is not None and self.snapshot.from_position
        self.bridge.pause()
        if self._move_timer is not None:  # a bot game's bots wait for the answer too
            self._move_timer.stop()
            self._move_timer = None

        def answer(key: str | None) -> None:
            self.bridge.resume()
            if key != "y":
                if self.stepping:  # the bot game goes on (after the chosen delay)
                    self.call_after_refresh(self._schedule_move)
                return
            if self.waiting:
                self._send("quit")
                return
            if saved is not None:  # a bot game, or while the bots play: said on leaving
                self.bridge.farewell.append(screens.saved_line(self.m, saved, before=before))
            self.exit()

        self.push_screen(QuitScreen(saved, self.m, from_position=position, before=before), answer)
