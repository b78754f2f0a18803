"""The human turn of a table-editing variant in ``remi play``: edit, ``done``, penalties, timer.

A variant whose object has the optional hook ``table_editor(state)`` (the Rummikub-style
family, REFERENCE.md §B.4-§B.8) is played this way: the player rearranges the table with the
editor's commands (``put R5 3``, ``move 2:1 4``, ``split 2 3``, ``new R7 R8 R9``, ``undo``) and
ends the turn with ``done``; nothing is checked before ``done``, as in the physical game. At
``done`` the editor returns the ``play`` (or ``draw`` / ``pass`` when nothing changed) or a
refusal whose rule id is shown and whose ``penalty invalid`` action is applied
(``penalty.invalid_turn``). ``draw`` and ``pass`` end the turn at once (the edits are dropped).

The turn timer is ``TurnTimer(rules.timer_seconds)`` (``timer.seconds``: 60 s ``rummikub``,
120 s ``myrummy``/``myrummy-small``; 0 or ``--no-timer``: none). The prompt shows the seconds
left; when stdin and stdout are a terminal (POSIX) the prompt's countdown is also redrawn every
second and the turn ends when it reaches 0, even while the player types. Otherwise the time is
checked before and after each line. When it is up the editor's ``timeout`` action is applied
(``penalty.timeout``). The time source is the module attribute ``clock`` (seconds,
``time.monotonic``); tests replace it so that they never sleep.

No game logic here: the editor, the timer and the actions belong to the variant.
"""

from __future__ import annotations

import math
import signal
import sys
import threading
import time
from collections import Counter
from collections.abc import Callable, Sequence
from types import FrameType
from typing import TYPE_CHECKING, Any, Final

from rich.text import Text

from remi.bots import make_bot
from remi.core.errors import IllegalActionError, NotationError, RemiError
from remi.core.formations import Formation, FormationRules
from remi.core.tiles import Tile, sort_tiles
from remi.core.variant import AnyVariant
from remi.messages import Messages
from remi.render import rk_screen, rk_working

if TYPE_CHECKING:
    from remi.cli.play import _Session

__all__ = ["clock", "describe", "end_line", "has_table_editor", "human_turn", "play_commands"]

#: The time source of the turn timer, in seconds (monotonic). Tests replace it.
clock: Callable[[], float] = time.monotonic

#: Seconds between two redraws of the live countdown (and checks of the time).
TICK_SECONDS: float = 1.0
_HELP_LIMIT: Final = 40
_TIME_UP: Final = object()


class _TimeUp(Exception):
    """Raised by the countdown's alarm handler inside ``input`` when the turn time is up."""


def has_table_editor(variant: AnyVariant) -> bool:
    """True when ``variant`` offers the optional ``table_editor(state)`` hook."""
    return callable(getattr(variant, "table_editor", None))


def _timer_for(rules: Any, enabled: bool) -> Any:
    """The turn timer of ``rules`` (``timer.seconds``; 0 when ``enabled`` is False), reading the
    module's ``clock`` at each call so that a replaced clock takes effect."""
    from remi.variants.rummikub.editing import TurnTimer

    seconds = int(getattr(rules, "timer_seconds", 0)) if enabled else 0
    return TurnTimer(seconds, clock=lambda: clock())


# --- descriptions ----------------------------------------------------------------------------------


def _tiles(tiles: Counter[Tile]) -> str:
    return " ".join(str(t) for t in sort_tiles(tiles.elements()))


def describe(variant: AnyVariant, before: Any, action: Any, after: Any, m: Messages) -> str:
    """What ``action`` did, in words, for the other players' "since your last turn" list and
    for ``--auto``: the rack tiles played (from the actor's views before and after), a draw,
    a pass, or a penalty / timeout with the number of penalty tiles drawn."""
    seat = action.player
    rack_before = Counter(variant.view(before, seat).rack)
    rack_after = Counter(variant.view(after, seat).rack)
    drawn = sum(rack_after.values()) - sum(rack_before.values())
    verb = getattr(type(action), "VERB", "")
    if verb == "play":
        played = _tiles(rack_before - rack_after)
        return m("rk.did.out", tiles=played) if not rack_after else m("rk.did.play", tiles=played)
    if verb == "draw":
        return m("rk.did.draw")
    if verb == "pass":
        return m("rk.did.pass")
    if verb == "penalty":
        return m("rk.did.penalty", count=drawn)
    if verb == "timeout":
        return m("rk.did.timeout", count=drawn)
    return str(action).split(" ", 1)[1]


def play_commands(
    old: Sequence[Formation],
    new: Sequence[Formation],
    frules: FormationRules,
) -> list[str]:
    """The editor commands that turn table ``old`` into ``new`` when the change is simple: new
    sets added at the end (``new R7 R8 R9``), or tiles added to one set (``put R10 2``, a joker
    with its place, ``put J[R4] 2``); otherwise the ``table [..] [..]`` command that lays out
    the whole new table at once."""
    old, new = list(old), list(new)
    if new[: len(old)] == old:
        return ["new " + " ".join(_set_words(f, frules)) for f in new[len(old) :]]
    if len(new) == len(old):
        changed = [i for i in range(len(old)) if old[i] != new[i]]
        if len(changed) == 1:
            i = changed[0]
            added = Counter(new[i].tiles) - Counter(old[i].tiles)
            if not Counter(old[i].tiles) - Counter(new[i].tiles):
                out = []
                for tile, word in zip(new[i].tiles, _slot_words(new[i])):
                    if added[tile] > 0:
                        added[tile] -= 1
                        out.append(f"put {word} {i + 1}")
                return out
    return ["table " + " ".join(f"[{' '.join(_set_words(f, frules))}]" for f in new)]


def _set_words(f: Formation, frules: FormationRules) -> list[str]:
    """A whole set as typed to ``new`` / ``table``: its canonical notation, which reads back
    as this very set (jokers plain unless that would be ambiguous, like ``[K11 J J]``)."""
    return f.text(frules)[1:-1].split()


def _slot_words(f: Formation) -> list[str]:
    """A set's tiles as the editor reads them: a joker of a run with its place (``J[R4]``)."""
    return [
        f"J[{ident}]" if tile.is_joly and ident is not None else str(tile)
        for tile, ident in zip(f.tiles, f.identities)
    ]


def end_line(view: Any, names: Sequence[str], m: Messages) -> str | None:
    """How a table-variant game ended, from a view: who went out, or the blocked pool."""
    end = getattr(view, "end", None)
    if end is None:
        return None
    winner = getattr(view, "winner", None)
    if winner is not None:
        return m("rk.went_out", name=names[winner])
    return m("rk.blocked")


# --- input with a countdown ---------------------------------------------------------------------


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


def _prompt(m: Messages, name: str, timer: Any) -> str:
    if timer.seconds == 0:
        return m("prompt", name=name)
    return m("rk.prompt_timer", name=name, seconds=math.ceil(timer.remaining()))


def _read(m: Messages, name: str, timer: Any) -> object:
    """One input line, ``None`` at end of input, or ``_TIME_UP`` when the time ran out while
    the player was typing (live countdown only)."""
    if timer.seconds == 0 or not _live_countdown_possible():
        try:
            return input(_prompt(m, name, timer))
        except EOFError:
            return None
    active = [True]

    def tick(signum: int, frame: FrameType | None) -> None:
        if not active[0]:
            return
        if timer.remaining() <= 0:
            active[0] = False
            raise _TimeUp
        # redraw the prompt (same width) at the start of the line, then put the cursor back
        sys.stdout.write("\0337\r" + _prompt(m, name, timer) + "\0338")
        sys.stdout.flush()

    previous = signal.signal(signal.SIGALRM, tick)
    signal.setitimer(signal.ITIMER_REAL, TICK_SECONDS, TICK_SECONDS)
    try:
        line = input(_prompt(m, name, timer))
        active[0] = False
        return line
    except _TimeUp:
        sys.stdout.write("\n")
        try:
            import termios

            termios.tcflush(sys.stdin.fileno(), termios.TCIFLUSH)  # drop the half-typed line
        except (ImportError, OSError):  # pragma: no cover - not a POSIX terminal
            pass
        return _TIME_UP
    except EOFError:
        return None
    finally:
        active[0] = False
        signal.setitimer(signal.ITIMER_REAL, 0, 0)
        signal.signal(signal.SIGALRM, previous)


# --- the turn ----------------------------------------------------------------------------------------


def _seconds_left(timer: Any) -> float | None:
    return None if timer.seconds == 0 else float(timer.remaining())


def _show(session: _Session, seat: int, editor: Any, timer: Any) -> None:
    view = session.view(seat)
    session.rack_words = sorted({str(t) for t in view.rack})
    hand = (session.record.match.hands_played + 1) if session.record.match else 1
    session.console.print(
        rk_screen(
            view,
            session.names,
            session.m,
            last_actions=session.recent(seat),
            sets=editor.sets,
            rack=[s.tile for s in editor.rack],
            seconds_left=_seconds_left(timer),
            show_start_draw=len(session.log) < len(session.names),
            hand=hand,
        )
    )


def _help(session: _Session, seat: int) -> None:
    view = session.view(seat)
    m = session.m
    console = session.console
    plays = [a for a in view.legal if getattr(type(a), "VERB", "") == "play"]
    frules = session.rules.formation_rules
    for action in view.legal:
        verb = getattr(type(action), "VERB", "")
        if verb in ("draw", "pass"):
            console.print("  " + m(f"rk.help.{verb}"), markup=False, highlight=False)
    if plays:
        console.print(Text(m("rk.help.plays", count=len(plays)), style="bold"))
        for action in plays[:_HELP_LIMIT]:
            console.print(
                "  " + " ; ".join(play_commands(view.table, action.table, frules)),
                markup=False,
                highlight=False,
            )
        if len(plays) > _HELP_LIMIT:
            console.print("  " + m("help.more", count=len(plays) - _HELP_LIMIT), markup=False)
    else:
        console.print(m("rk.help.none"), markup=False)
    console.print(m("rk.help.commands"), markup=False, highlight=False)


def _hint(session: _Session, seat: int) -> None:
    view = session.view(seat)
    m = session.m
    action: Any = make_bot("greedy", 0).choose(view)
    verb = getattr(type(action), "VERB", "")
    if verb == "play":
        text = " ; ".join(play_commands(view.table, action.table, session.rules.formation_rules))
        session.console.print(m("rk.hint.play", commands=text), markup=False, highlight=False)
    elif verb in ("draw", "pass"):
        session.console.print(m(f"rk.hint.{verb}"), markup=False)


def _end_turn(session: _Session, seat: int, action: Any, rule: str | None = None) -> bool:
    """Apply the action that ends the turn; report a penalty's outcome (``rule``)."""
    before = len(session.view(seat).rack)
    session.apply(action)
    if rule is not None:
        drawn = len(session.view(seat).rack) - before
        key = "rk.penalty_drawn" if drawn > 0 else "rk.penalty_restored"
        session.console.print(
            Text(session.m(key, name=session.names[seat], count=drawn, rule=rule), style="yellow")
        )
    session.seen[seat] = len(session.log)
    session.save()
    return True


def _timeout(session: _Session, seat: int, editor: Any) -> bool:
    session.console.print(Text(session.m("rk.timeout"), style="bold red"))
    return _end_turn(session, seat, editor.timeout(), "penalty.timeout")


def _edited(editor: Any) -> bool:
    start = editor.state
    return len(editor.rack) != len(start.racks[editor.seat]) or list(editor.sets) != [
        tuple(f.slots()) for f in start.table
    ]


def human_turn(session: _Session, seat: int) -> bool:
    """Let the human at ``seat`` play one turn by editing the table; False when he quits.

    The turn ends with ``done`` (the play, or the refusal and its penalty), ``draw``, ``pass``
    or the timer's timeout; ``help``, ``hint``, ``save FILE`` and bad input do not end it.
    """
    m = session.m
    name = session.names[seat]
    if not session.pass_keyboard(seat):
        return session.quit()
    editor = session.variant.table_editor(session.state)  # type: ignore[attr-defined]
    timer = _timer_for(session.rules, session.timer_on)
    _show(session, seat, editor, timer)
    while True:
        if timer.remaining() <= 0:
            return _timeout(session, seat, editor)
        line = _read(m, name, timer)
        if line is _TIME_UP or timer.expired():
            return _timeout(session, seat, editor)
        if line is None:
            return session.quit()
        assert isinstance(line, str)
        text = line.strip()
        word, _, rest = text.partition(" ")
        word = word.lower()
        if word == "save" and _edited(editor):
            session.console.print(m("rk.edits_lost"), markup=False)
        common = session.common_command(text, seat, _help, _hint)
        if common == "quit":
            return session.quit()
        if common == "done":
            continue
        if word in ("draw", "pass") and not rest.strip():
            action = session.variant.parse_action(f"p{seat + 1} {word}", session.rules)
            try:
                return _end_turn(session, seat, action)
            except IllegalActionError as exc:
                session.console.print(Text(m("illegal", error=str(exc)), style="red"))
                continue
        try:
            outcome = editor.command(text)
        except (RemiError, NotationError) as exc:
            session.console.print(Text(m("bad_input", error=str(exc)), style="red"))
            continue
        if outcome is None:
            session.console.print(rk_working(editor.sets, [s.tile for s in editor.rack], m))
            continue
        penalty = getattr(outcome, "penalty", None)
        if penalty is not None:
            error = (
                outcome.message
                if f"[{outcome.rule_id}]" in outcome.message
                else f"{outcome.message} [{outcome.rule_id}]"
            )
            session.console.print(Text(m("rk.refused", error=error), style="red"))
            return _end_turn(session, seat, penalty, "penalty.invalid_turn")
        try:
            return _end_turn(session, seat, outcome)
        except IllegalActionError as exc:  # the editor checked it; kept for a defensive message
            session.console.print(Text(m("illegal", error=str(exc)), style="red"))
