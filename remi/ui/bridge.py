"""The channel between the game (the program's session, on a worker thread) and the board.

The game thread publishes what the board shows (``Snapshot``: the view of the player to act, the
names, the last round in words, the match totals...) and blocks in ``Bridge.read`` /
``Bridge.cover`` / ``Bridge.hold`` / ``Bridge.ask`` until the board sends a line or a confirmation back. The board
(``remi.ui.app.BoardApp``) implements ``BoardSide``; every call into it goes through
``App.call_from_thread``, so the widgets are only touched on the board's own thread.
"""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

import attrs
from rich.console import RenderableType

from remi.core.play import TIME_UP, TimeUp

__all__ = ["TIME_UP", "BoardClosed", "BoardSide", "Bridge", "Snapshot"]


class BoardClosed(Exception):
    """Raised on the game thread when the board closed while a bot game (``--auto``) waited
    for its next move: the game stops there (``remi.ui.app.BoardApp`` ends the thread)."""


@attrs.frozen(kw_only=True)
class Snapshot:
    """What the board shows: one player's view of the position and the public frame around it.

    Attributes:
        seat: the seat whose view this is (the player to act, or the last person who acted).
        view: the family's view of that seat (``Variant.view``); only what he may see.
        names: the players' names, seat order.
        recent: the last round in words, one line per action (``Variant.describe``).
        hand: the number of the hand in a match.
        rules_name: the preset's name.
        changed: the rules changed by ``--set``, as ``id=value``.
        seed: the deal's seed when the player may see it (chosen with ``--seed``, or a bot
            game), else None: a seed nobody chose would reveal every rack and the stock.
        totals: the match totals (name, points) before this hand, or None outside a match.
        words: the words tab completion offers (commands, then the rack's tiles).
        saved_to: the file the game was last saved to, or None.
        saved_before: moves were made since that save and no ``--save`` file keeps them: the
            file holds the game as of the save.
        mine: the events of the seat's own actions of this turn, private details included (the
            tile he drew), never another player's.
        screen: the family's own screen (a Rummikub-style turn's ``TurnScreen``: the table
            being edited and the rack), or a family's screen the board has no layout for.
        commands: the family's Romanian command words, word -> English command
            (``Variant.command_table``): the board reads ``arunc A2`` as ``discard A2``.
        from_position: the game started from ``remi play --position``: it is never saved.
        history: every action of the hand so far as its public events (what every player
            saw: no drawn tile named), one tuple per action; the board derives from them who
            attached which tile (lipire).
    """

    seat: int
    view: Any
    names: tuple[str, ...]
    recent: tuple[str, ...]
    hand: int
    rules_name: str
    changed: tuple[str, ...] = ()
    seed: int | None = None
    totals: tuple[tuple[str, int], ...] | None = None
    words: tuple[str, ...] = ()
    saved_to: str | None = None
    saved_before: bool = False
    mine: tuple[Any, ...] = ()
    screen: RenderableType | None = None
    history: tuple[tuple[Any, ...], ...] = ()
    commands: Mapping[str, str] = attrs.field(factory=dict)
    from_position: bool = False


class BoardSide(Protocol):
    """What the game thread asks of the board (each call is run on the board's thread)."""

    def show_snapshot(self, snapshot: Snapshot) -> None:
        """Draw ``snapshot``."""
        ...

    def log_line(self, text: str, style: str | None) -> None:
        """Add one line to the messages."""
        ...

    def ask_line(
        self, prompt: str | Callable[[], str], remaining: Callable[[], float] | None
    ) -> None:
        """Wait for a command line after ``prompt`` (a function: its text changes with the
        countdown, redrawn at each tick); ``remaining()``: the seconds left on the turn timer (a
        countdown on the board), or None."""
        ...

    def show_cover(self, name: str) -> None:
        """Hide the board behind the hand-over cover until ``name`` confirms."""
        ...

    def drop_line(self) -> None:
        """The turn is over: clear the command line (a half-typed line is never handed on)."""
        ...

    def show_hold(self, item: RenderableType) -> None:
        """Show ``item`` (the end of a hand) until a key is pressed."""
        ...

    def show_question(self, question: str, answers: Sequence[tuple[str, str]]) -> None:
        """Ask ``question`` (one key per answer of ``answers``, Esc back) and answer the key."""
        ...

    def auto_step(self) -> None:
        """A bot game (``--auto``) waits for its next move: answer after the chosen delay, or
        at the step key while paused."""
        ...


class Bridge:
    """Carries the game thread's calls to the board and the board's answers back."""

    def __init__(self) -> None:
        self._answers: queue.Queue[str | None | TimeUp] = queue.Queue()
        self._call: Callable[..., Any] | None = None
        self._side: BoardSide | None = None
        self.closed = False
        #: Lines printed to the terminal once the board has closed (where the game is saved).
        self.farewell: list[str] = []
        #: The ``--save`` file (saved at the start and after every turn), which the quit
        #: question names before the board has shown a turn (a hot-seat cover), else None.
        self.kept_file: str | None = None
        #: The clock of the turn timer (the session's, ``BoardSession`` sets it), in seconds.
        self.clock: Callable[[], float] = time.monotonic
        self._lock = threading.Lock()
        self._pauses = 0  # open questions that stop the turn timer (nested: Ctrl+Q twice)
        self._paused_at = 0.0
        self._paused_total = 0.0

    # --- the turn timer's pauses (a question of the board is open) ----------------------------

    def pause(self) -> None:
        """Stop the turn timer's time (the board's quit question opened); nested pauses count
        once."""
        with self._lock:
            if self._pauses == 0:
                self._paused_at = self.clock()
            self._pauses += 1

    def resume(self) -> None:
        """Let the turn timer's time run again (the question closed)."""
        with self._lock:
            if self._pauses == 0:
                return
            self._pauses -= 1
            if self._pauses == 0:
                self._paused_total += self.clock() - self._paused_at

    def paused_seconds(self) -> float:
        """The seconds spent paused so far (the current pause included), to take off the turn
        timer's clock (``BoardSession.clock``)."""
        with self._lock:
            running = self.clock() - self._paused_at if self._pauses else 0.0
            return self._paused_total + running

    def attach(self, side: BoardSide, call: Callable[..., Any]) -> None:
        """Connect the board ``side``; ``call(fn, *args)`` runs ``fn`` on the board's thread."""
        self._side, self._call = side, call

    def _run(self, name: str, *args: Any) -> None:
        if self.closed or self._side is None or self._call is None:
            return
        try:
            self._call(getattr(self._side, name), *args)
        except RuntimeError:  # the board closed meanwhile
            self.closed = True

    # --- the game thread --------------------------------------------------------------------

    def publish(self, snapshot: Snapshot) -> None:
        """Show ``snapshot`` on the board."""
        self._run("show_snapshot", snapshot)

    def say(self, text: str, style: str | None = None) -> None:
        """Add a line to the board's messages."""
        self._run("log_line", text, style)

    def read(
        self, prompt: str | Callable[[], str], remaining: Callable[[], float] | None = None
    ) -> str | None | TimeUp:
        """The next command line after ``prompt`` (or ``prompt()``, called again as the turn
        timer counts down); None when the board closed; ``TIME_UP`` when ``remaining()``
        (seconds on the turn timer) reached 0 first."""
        self._run("ask_line", prompt, remaining)
        return self._answer()

    def cover(self, name: str) -> bool:
        """Show the hand-over cover until ``name`` confirms; False when the board closed."""
        self._run("show_cover", name)
        return isinstance(self._answer(), str)

    def drop_line(self) -> None:
        """The turn is over: the board drops a half-typed command line."""
        self._run("drop_line")

    def hold(self, item: RenderableType) -> bool:
        """Show ``item`` until a key; False when the board closed."""
        self._run("show_hold", item)
        return isinstance(self._answer(), str)

    def ask(self, question: str, answers: Sequence[tuple[str, str]]) -> str | None:
        """The key that answers ``question`` (``""``: Esc, back); None when the board closed."""
        self._run("show_question", question, list(answers))
        answer = self._answer()
        return answer if isinstance(answer, str) else None

    def pace(self) -> bool:
        """Wait before the next move of a bot game, as the board's speed control says; False
        when the board closed."""
        self._run("auto_step")
        return isinstance(self._answer(), str)

    def _answer(self) -> str | None | TimeUp:
        if self.closed:
            return None
        return self._answers.get()

    # --- the board ----------------------------------------------------------------------------

    def answer(self, line: str | None | TimeUp) -> None:
        """Send a line (or a confirmation; None: the board closed; ``TIME_UP``: the turn timer
        ran out) to the waiting game."""
        if line is None:
            self.closed = True
        self._answers.put(line)
