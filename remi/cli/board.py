"""The session of a hand played on the board (``remi.ui``) instead of the line mode.

``BoardSession`` is the line mode's ``Session`` (the same ``TurnIO``: the family's human turn,
the rules, the safety nets, saving) with its screen and keyboard replaced by the board's
``Bridge``: what the family shows becomes a ``Snapshot`` of the seat's view, its lines go to the
board's messages, input comes from the board's command line, the hot-seat hand-over is the
board's cover screen. What the frame prints (the end of a hand, the match totals) is kept and
shown on the board until a key is pressed.

A warning said to a person after his last line (a refusal that ends his turn with a penalty,
its rule id in brackets; the turn timer's "time is up") would be hidden at once by the hand-over
cover: it is kept for him and shown first when his next turn starts, where only he reads it (the
cover itself names nothing of his turn: a refusal may quote tiles that went back to his rack).
The keeping is the line mode's (``Session.pass_keyboard``); the board shows the kept lines in
its messages as soon as he confirms his cover.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import attrs
from rich.console import Console, RenderableType
from rich.text import Text

from remi.cli.session import Session
from remi.core.events import public_events
from remi.core.play import TimeUp
from remi.ui.bridge import BoardClosed, Bridge, Snapshot
from remi.ui.remi_board import sorted_rack

__all__ = ["BoardSession", "board_console", "board_session"]

#: How many of the last actions the board shows in words (the last round).
_ROUND = 6

#: The program's words tab completion offers besides the family's.
_FRAME_WORDS = ("undo", "hint", "help", "save", "quit")


class _LogFile(io.TextIOBase):
    """A text file whose lines go to the board's messages."""

    def __init__(self, bridge: Bridge) -> None:
        super().__init__()
        self.bridge = bridge
        self.pending = ""

    def write(self, text: str) -> int:
        """Send each finished line to the board."""
        self.pending += text
        while "\n" in self.pending:
            line, self.pending = self.pending.split("\n", 1)
            if line.strip():
                self.bridge.say(line.rstrip())
        return len(text)


def board_console(bridge: Bridge) -> Console:
    """A console whose lines go to the board's messages, and are recorded (the end of a hand
    is shown from the record)."""
    file: Any = _LogFile(bridge)  # a text stream: rich needs only write() and flush()
    return Console(file=file, width=78, record=True, color_system="truecolor")


@attrs.define
class BoardSession(Session):
    """A ``Session`` that shows and reads through the board's ``Bridge``."""

    bridge: Bridge = attrs.field(factory=Bridge)
    screen: Any = None

    def __attrs_post_init__(self) -> None:
        self.bridge.clock = lambda: Session.clock(self)

    def clock(self) -> float:
        """The session's clock without the time the board's quit question was open
        (``Bridge.pause``): the turn timer stands still while the player is asked."""
        return Session.clock(self) - self.bridge.paused_seconds()

    def snapshot(self, seat: int) -> Snapshot:
        """What the board shows to ``seat`` now: his view and the public frame around it."""
        view = self.view(seat)
        rack = sorted_rack(getattr(view, "rack", ()), by_number=True)
        tiles = tuple(dict.fromkeys(str(t) for t in rack))
        match = self.record.match
        mine: list[Any] = []
        for note in reversed(self.notes):  # his own actions since the others' last one
            if note.seat != seat:
                break
            mine[:0] = note.events
        return Snapshot(
            seat=seat,
            view=view,
            names=self.names,
            recent=tuple(f"{self.names[n.seat]}: {n.text}" for n in self.notes[-_ROUND:]),
            hand=self.hand,
            rules_name=self.rules.name,
            changed=tuple(f"{k}={v}" for k, v in self.record.overrides),
            seed=self.record.seed if self.seed_shown() else None,
            totals=match.totals if match is not None else None,
            words=(*self.variant.command_words(), *_FRAME_WORDS, *tiles),
            # with --save the game is saved after every turn and again on leaving: that file
            saved_to=str(kept) if (kept := self.save_path or self.saved_to) is not None else None,
            saved_before=self.saved_before(),
            mine=tuple(mine),
            screen=self.screen,
            history=tuple(public_events(n.events) for n in self.notes),
            commands=self.variant.command_table(),
            from_position=self.from_position,
        )

    def _publish(self) -> None:
        seat = self.last_human
        if seat is not None:
            self.bridge.publish(self.snapshot(seat))

    def show(self, item: RenderableType) -> None:
        """The family's screen: the board draws the seat's view itself (or, for a family it
        has no layout for, this screen)."""
        self.console.export_text(clear=True)  # the record keeps only what follows the turn
        self.screen = item
        self._publish()

    def line(self, text: str, style: str | None = None) -> None:
        """A line in the board's messages (``Session.say`` also remembers a warning until the
        player's next line: a hand-over cover would hide it)."""
        self.bridge.say(text, style)

    def read(self, prompt: Any, remaining: Any = None) -> str | None | TimeUp:
        """The next line of the board's command line, its tiles in the canonical notation
        (``Session.canonical_line``); None when the board closed; ``TIME_UP`` when the turn
        timer (``remaining()``, shown as a countdown) ran out. With a timer the board calls
        ``prompt()`` again at each tick of the countdown (its seconds follow the header's)."""
        self.tell_kept()
        line = self.bridge.read(prompt if remaining is not None else prompt(), remaining)
        self.unseen.clear()  # read on the board before the line was sent
        return self.canonical_line(line)

    def ask(self, question: str, answers: Sequence[tuple[str, str]]) -> str | None:
        """The board's question screen (Esc: back, ``""``); None when the board closed."""
        self.tell_kept()
        answer = self.bridge.ask(question, answers)
        self.unseen.clear()  # the person answered: he saw the board
        return answer

    def acted(self, seat: int) -> None:
        """Saved, and the board shows the position after the action (the rack after a
        discard); the turn's own screen (a table being edited) is over."""
        super().acted(seat)
        self.screen = None
        self._publish()

    def apply(self, action: Any) -> None:
        """``Session.apply``; in a bot game (``--auto``) each move waits for the board's speed
        control first, and the board then shows the position after it, from the seat that
        moved (his rack, the tile he drew marked)."""
        if self.auto:
            self.console.export_text(clear=True)  # the end of the hand is held without the moves
            if not self.bridge.pace():
                raise BoardClosed
        super().apply(action)
        if self.auto:
            self.bridge.publish(self.snapshot(action.player))

    def pass_keyboard(self, seat: int) -> bool:
        """``Session.pass_keyboard`` on the board: the warnings kept for ``seat`` are shown in
        the messages as soon as he confirms his cover (the board draws his view apart)."""
        if not super().pass_keyboard(seat):
            return False
        self.tell_kept()
        return True

    def cover(self, seat: int) -> bool:
        """Hot-seat: the board's cover screen until ``seat`` confirms; False when the board
        closed."""
        return self.bridge.cover(self.names[seat])

    def quit(self) -> bool:
        """Leave the game; where it is saved (``Session.leaving``) is printed once the board
        has closed."""
        self.bridge.farewell.append(self.leaving())
        return False

    def save(self, path: Path | None = None) -> bool:
        """``Session.save``; after a ``save FILE`` the board shows the new file at once (the
        quit question names it)."""
        done = super().save(path)
        if done and path is not None:
            self._publish()
        return done

    def end_turn(self, seat: int) -> None:
        """The turn of ``seat`` is over: a half-typed line on the board's command line is
        dropped (docs/playing.md), never handed to the next player."""
        self.bridge.drop_line()

    def hold(self) -> bool:
        """Show what the frame printed since the last turn (the end of the hand, the match
        totals) until a key; False when the board closed."""
        recorded = self.console.export_text(clear=True, styles=True)
        return self.bridge.hold(Text.from_ansi(recorded))


def board_session(session: Session, bridge: Bridge) -> BoardSession:
    """``session`` played on the board of ``bridge`` (its console then writes to the board)."""
    fields = attrs.asdict(session, recurse=False)
    fields["console"] = board_console(bridge)
    bridge.kept_file = str(session.save_path) if session.save_path is not None else None
    return BoardSession(**fields, bridge=bridge)
