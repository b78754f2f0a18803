"""Terminal input of ``remi play``: a line with a live turn-timer countdown, and tab completion.

``read_line(prompt, remaining)`` reads one line. With a turn timer (``remaining``: seconds left)
and a terminal on stdin and stdout (POSIX interval timers, the main thread), the prompt's
countdown is redrawn every ``TICK_SECONDS`` and the line ends when the time reaches 0, even
while the player types (the half-typed line is dropped). Otherwise it is a plain ``input``. The
time source of the turn timers is the module attribute ``clock`` (seconds,
``time.monotonic``); tests replace it (and ``input``) so that they never sleep.
"""

from __future__ import annotations

import signal
import sys
import threading
import time
from collections.abc import Callable, Sequence
from types import FrameType

from remi.core.play import TIME_UP, TimeUp

__all__ = ["CLEAR_SCREEN", "TICK_SECONDS", "clock", "install_completion", "read_line"]

#: The time source of the turn timer, in seconds (monotonic). Tests replace it.
clock: Callable[[], float] = time.monotonic

#: Clears the screen and the terminal's scrollback (the hot-seat hand-over of the line mode).
CLEAR_SCREEN = "\x1b[H\x1b[2J\x1b[3J"

#: Seconds between two redraws of the live countdown (and checks of the time).
TICK_SECONDS: float = 1.0


class _TimeUp(Exception):
    """Raised by the countdown's alarm handler inside ``input`` when the turn time is up."""


def _live_countdown_possible() -> bool:
    """A live countdown needs a terminal on stdin and stdout, POSIX interval timers and the
    main thread (signals)."""
    try:
        tty = sys.stdin.isatty() and sys.stdout.isatty()
    except (AttributeError, ValueError):
        return False
    return (
        tty
        and hasattr(signal, "setitimer")
        and threading.current_thread() is threading.main_thread()
    )


def _refused(at: int) -> str:
    """Report an input line that is not UTF-8 text and stand for it with an empty line."""
    print(f"error: the input is not UTF-8 text (character {at + 1}); the line is ignored")
    return ""


def _checked(line: str) -> str:
    """``line`` when it is text; bytes that were not UTF-8 (read with ``surrogateescape``) or
    lone surrogates make it an ignored, reported line (``""``)."""
    bad = next((i for i, c in enumerate(line) if 0xD800 <= ord(c) <= 0xDFFF), None)
    return line if bad is None else _refused(bad)


def read_line(
    prompt: Callable[[], str], remaining: Callable[[], float] | None = None
) -> str | None | TimeUp:
    """One input line after ``prompt()``, ``None`` at the end of input, or ``TIME_UP`` when
    ``remaining()`` (seconds) reached 0 while the player was typing (live countdown only)."""
    if remaining is None or not _live_countdown_possible():
        try:
            return _checked(input(prompt()))
        except EOFError:
            return None
        except UnicodeDecodeError as exc:  # standard input not reconfigured (tests)
            return _refused(exc.start)
    active = [True]

    def tick(signum: int, frame: FrameType | None) -> None:
        if not active[0]:
            return
        if remaining() <= 0:
            active[0] = False
            raise _TimeUp
        # redraw the prompt (same width) at the start of the line, then put the cursor back
        sys.stdout.write("\0337\r" + prompt() + "\0338")
        sys.stdout.flush()

    previous = signal.signal(signal.SIGALRM, tick)
    signal.setitimer(signal.ITIMER_REAL, TICK_SECONDS, TICK_SECONDS)
    try:
        line = _checked(input(prompt()))
        active[0] = False
        return line
    except _TimeUp:
        sys.stdout.write("\n")
        try:
            import termios

            termios.tcflush(sys.stdin.fileno(), termios.TCIFLUSH)  # drop the half-typed line
        except (ImportError, OSError):  # pragma: no cover - not a POSIX terminal
            pass
        return TIME_UP
    except EOFError:
        return None
    finally:
        active[0] = False
        signal.setitimer(signal.ITIMER_REAL, 0, 0)
        signal.signal(signal.SIGALRM, previous)


def install_completion(commands: Sequence[str], words: Sequence[str]) -> None:
    """Tab completion of ``commands`` and ``words`` (the rack's tiles: a list its owner keeps
    up to date, read at each key), when stdin is a terminal and readline exists."""
    if not sys.stdin.isatty():
        return
    try:
        import readline
    except ImportError:  # pragma: no cover - platform without readline
        return

    def complete(text: str, index: int) -> str | None:
        found = [w for w in [*commands, *words] if w.lower().startswith(text.lower())]
        return found[index] if index < len(found) else None

    readline.set_completer(complete)
    readline.set_completer_delims(" []")
    readline.parse_and_bind("tab: complete")
