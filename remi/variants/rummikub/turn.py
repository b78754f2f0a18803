"""A person's Rummikub-style turn: table editing, ``done``, penalties and the turn timer.

The player rearranges the table with the editor's commands (``put R5 3``, ``move 2:1 4``,
``split 2 3``, ``new R7 R8 R9``, ``table [..] [..]``, ``undo``; ``editing.TableEditor``) and
ends the turn with ``done``; nothing is checked before ``done``, as in the physical game. At
``done`` the editor returns the ``play`` (or ``draw`` / ``pass`` when nothing changed) or a
refusal whose rule id is shown and whose ``penalty invalid`` action is applied
(``penalty.invalid_turn``). ``draw`` and ``pass`` end the turn at once (the edits are dropped).

The turn timer is ``editing.TurnTimer(rules.timer_seconds)`` (``timer.seconds``; 0 or a program
that turns the timer off: none), reading ``TurnIO.clock``. The time is checked before and after
each line (``TurnIO.read`` may also end the line early when the time runs out while the player
types); when it is up the editor's ``timeout`` action is applied (``penalty.timeout``).

The terminal, the record and the bots are reached through ``remi.core.play.TurnIO``.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from typing import Any, Final

from remi.core.advice import reason_text
from remi.core.commands import canonical_command, in_romanian, split_commands
from remi.core.errors import IllegalActionError, NotationError, RemiError
from remi.core.formations import Formation, FormationRules
from remi.core.messages import N_, Messages
from remi.core.play import HandOutcome, TimeUp, TurnIO
from remi.variants.rummikub.actions import Draw, Pass, Play
from remi.variants.rummikub.editing import Refusal, TableEditor, TurnTimer
from remi.variants.rummikub.screens import screen, working_table
from remi.variants.rummikub.state import RummikubState
from remi.variants.rummikub.views import view

__all__ = ["end_text", "hand_outcome", "human_turn", "play_commands"]

#: The Romanian commands of a turn: word -> English action verb (docs/glossary.md); the first
#: person (``pun``), then the imperative (``pune``). The first word of a verb is the one
#: ``help`` and ``hint`` show (``remi.core.commands.in_romanian``).
ROMANIAN_WORDS: Final[dict[str, str]] = {
    "pun": "put",
    "mut": "move",
    "despart": "split",
    "nou": "new",
    "masa": "table",
    "gata": "done",
    "trag": "draw",
    "trage": "draw",
    "pas": "pass",
    "verific": "check",
    "pune": "put",
    "mută": "move",
    "desparte": "split",
    "verifică": "check",
}

#: The message ids of the help and hint lines of a draw and a pass.
_HELP: Final[dict[str, str]] = {"draw": N_("rk.help.draw"), "pass": N_("rk.help.pass")}
_HINT: Final[dict[str, str]] = {"draw": N_("rk.hint.draw"), "pass": N_("rk.hint.pass")}

_HELP_LIMIT: Final = 40


# --- words ----------------------------------------------------------------------------------------


def hand_outcome(state: RummikubState) -> HandOutcome | None:
    """How the game ended: the seat that went out, or the blocked empty pool (the stock
    exhausted); None while it goes on."""
    if not state.is_over:
        return None
    return HandOutcome(
        closed_by=state.winner, closing_tile=None, stock_exhausted=state.winner is None
    )


def end_text(state: RummikubState, names: Sequence[str], m: Messages) -> str | None:
    """How the game ended in words: who went out, or the blocked pool; None while it goes on."""
    if not state.is_over:
        return None
    if state.winner is not None:
        return m("rk.went_out", name=names[state.winner])
    return m("rk.blocked")


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


# --- the turn -------------------------------------------------------------------------------------


def _seconds_left(timer: TurnTimer) -> float | None:
    return None if timer.seconds == 0 else float(timer.remaining())


def _prompt(m: Messages, name: str, timer: TurnTimer) -> str:
    if timer.seconds == 0:
        return m("prompt", name=name)
    return m("rk.prompt_timer", name=name, seconds=math.ceil(timer.remaining()))


def _show(io: TurnIO, seat: int, editor: TableEditor, timer: TurnTimer) -> None:
    seen = view(io.state, seat)
    io.complete(sorted({str(t) for t in seen.rack}))
    io.show(
        screen(
            seen,
            io.names,
            io.m,
            last_actions=io.recent(seat),
            sets=editor.sets,
            rack=[s.tile for s in editor.rack],
            seconds_left=_seconds_left(timer),
            show_start_draw=io.action_count < len(io.names),
            hand=io.hand,
        )
    )


def _help(io: TurnIO, seat: int) -> None:
    """``draw`` / ``pass`` when legal, then the plays from the rack alone as editor commands
    (the first 40), then the commands."""
    seen = view(io.state, seat)
    m = io.m
    plays = [a for a in seen.legal if isinstance(a, Play)]
    frules = seen.rules.formation_rules
    for action in seen.legal:
        if isinstance(action, Draw | Pass):
            io.say("  " + m(_HELP[action.VERB]))
    if plays:
        io.say(m("rk.help.plays", count=len(plays)), style="bold")
        for play in plays[:_HELP_LIMIT]:
            io.say("  " + _commands_text(play_commands(seen.table, play.table, frules), m))
        if len(plays) > _HELP_LIMIT:
            io.say("  " + m("help.more", count=len(plays) - _HELP_LIMIT))
    else:
        io.say(m("rk.help.none"))
    io.say(m("rk.help.commands"))


def _commands_text(commands: Sequence[str], m: Messages) -> str:
    """Editor commands joined by `` ; ``, with the Romanian command words in Romanian
    (``pun R10 2``, ``nou R7 R8 R9``)."""
    if m.lang == "ro":
        commands = [in_romanian(c, ROMANIAN_WORDS) for c in commands]
    return " ; ".join(commands)


def _hint(io: TurnIO, seat: int) -> None:
    """The hint bot's choice (the family's club bot when it has one, ``remi.bots.advice``):
    its play as editor commands, or draw / pass; then its reason when it gives one."""
    seen = view(io.state, seat)
    kind, advice = io.advise(seen)
    action = advice.action
    if isinstance(action, Play):
        commands = play_commands(seen.table, action.table, seen.rules.formation_rules)
        text = _commands_text(commands, io.m)
        io.say(io.m("rk.hint.play", bot=kind, commands=text))
    elif isinstance(action, Draw | Pass):
        io.say(io.m(_HINT[action.VERB], bot=kind))
    if advice.reason is not None:
        io.say(io.m("hint.why", why=reason_text(io.m, advice.reason, advice.values)))


def _check(io: TurnIO, editor: TableEditor) -> None:
    """``check``: what ``done`` would say of the working table now, without ending the turn."""
    outcome = editor.done()
    if isinstance(outcome, Refusal):
        io.say(
            io.m("board.check.bad", error=outcome.localized(io.m, names=io.names)), style="yellow"
        )
    elif isinstance(outcome, Play):
        io.say(io.m("board.check.ok"), style="green")
    else:
        io.say(io.m("board.check.unchanged"))


def _end_turn(io: TurnIO, seat: int, action: Any, rule: str | None = None) -> bool:
    """Apply the action that ends the turn; report a penalty's outcome (``rule``)."""
    before = len(io.state.racks[seat])
    io.apply(action)
    if rule is not None:
        drawn = len(io.state.racks[seat]) - before
        if drawn > 0:
            text = io.m.plural("rk.penalty_drawn", drawn, name=io.names[seat], rule=rule)
        else:
            text = io.m("rk.penalty_restored", rule=rule)
        io.say(text, style="yellow")
    io.acted(seat)
    return True


def _timeout(io: TurnIO, seat: int, editor: TableEditor) -> bool:
    io.say(io.m("rk.timeout"), style="bold red")
    return _end_turn(io, seat, editor.timeout(), "penalty.timeout")


def _edited(editor: TableEditor) -> bool:
    start = editor.state
    return len(editor.rack) != len(start.racks[editor.seat]) or list(editor.sets) != [
        tuple(f.slots()) for f in start.table
    ]


def _first_command(line: str, queued: list[str]) -> tuple[str, list[str]]:
    """The command to carry out now and the ones queued after it: a line of several editor
    commands separated by ``;`` (as ``help`` and ``hint`` show a play) is carried out one
    command at a time (``remi.core.commands.split_commands``)."""
    first, *rest = split_commands(line)
    return first, rest + queued


def _typed_play(refusal: Refusal, name: str, lang: str) -> str | None:
    """In Romanian play, the refused play as the player would type it, with his name (``Ana:
    masa [R8 Y8 B8]``: the command words of the player's language, not the record's ``p1 play``);
    None in English, where the canonical notation is what he types."""
    action = getattr(refusal.error, "action", None)
    if lang != "ro" or not isinstance(action, Play):
        return None
    return f"{name}: {in_romanian(f'table {action.args_text()}', ROMANIAN_WORDS)}"


def human_turn(io: TurnIO, seat: int) -> bool:
    """Let the person at ``seat`` play one turn by editing the table; False when he quits
    (``quit`` or the end of input).

    The turn ends with ``done`` (the play, or the refusal and its penalty), ``draw``, ``pass``
    or the timer's timeout; ``help``, ``hint``, ``save FILE`` and bad input do not end it.
    Several commands may share a line, separated by ``;`` (``new R1 J R3 ; new B11 B12 B13``,
    as ``hint`` shows them); the first refused one drops the rest.
    """
    m = io.m
    name = io.names[seat]
    state = io.state
    editor = TableEditor(state)
    timer = TurnTimer(state.rules.timer_seconds if io.timer_on else 0, clock=io.clock)
    _show(io, seat, editor, timer)
    queued: list[str] = []  # the next commands of a line ``new R1 J R3 ; new B11 B12 B13``
    while True:
        if timer.remaining() <= 0:
            return _timeout(io, seat, editor)
        line = (
            queued.pop(0)
            if queued
            else io.read(
                lambda: _prompt(m, name, timer), None if timer.seconds == 0 else timer.remaining
            )
        )
        if isinstance(line, TimeUp) or timer.expired():
            return _timeout(io, seat, editor)
        if line is None:
            return False
        line, queued = _first_command(line, queued)
        text = canonical_command(line.strip(), ROMANIAN_WORDS)
        word, _, rest = text.partition(" ")
        word = word.lower()
        if word == "save" and _edited(editor):
            io.say(m("rk.edits_lost"))
        common = io.common(text, lambda: _help(io, seat), lambda: _hint(io, seat))
        if common == "quit":
            return False
        if common == "done":
            continue
        if word == "check" and not rest.strip():
            _check(io, editor)
            continue
        if word in ("draw", "pass") and not rest.strip():
            try:
                return _end_turn(io, seat, Draw(seat) if word == "draw" else Pass(seat))
            except IllegalActionError as exc:  # quoted as typed in Romanian play („Ana: pas”)
                quoted = f"{name}: {in_romanian(word, ROMANIAN_WORDS)}" if m.lang == "ro" else None
                io.say(m("illegal", error=exc.localized(m, quoted, names=io.names)), style="red")
                continue
        try:
            outcome = editor.command(text)
        except IllegalActionError as exc:  # an edit the rules forbid in this turn
            io.say(m("illegal", error=exc.localized(m, names=io.names)), style="red")
            queued.clear()  # the commands after a refused one are not carried out
            continue
        except (RemiError, NotationError) as exc:
            io.say(m("bad_input", error=exc.localized(m, names=io.names)), style="red")
            queued.clear()
            continue
        if outcome is None:
            rules = io.state.rules
            io.show(
                working_table(
                    editor.sets,
                    [s.tile for s in editor.rack],
                    m,
                    rules=rules.formation_rules,
                    laid_points=editor.initial_points(),
                    needed_points=rules.initial_meld_min_points,
                )
            )
            continue
        if isinstance(outcome, Refusal):  # restore the table and rack, then the penalty
            error = outcome.localized(m, _typed_play(outcome, name, m.lang), names=io.names)
            io.say(m("rk.refused", error=error), style="red")
            return _end_turn(io, seat, outcome.penalty, "penalty.invalid_turn")
        try:
            return _end_turn(io, seat, outcome)
        except IllegalActionError as exc:  # the editor checked it; kept for a defensive message
            io.say(m("illegal", error=exc.localized(m, names=io.names)), style="red")
