"""A person's turn of Remi pe tablă: typed actions, ``help``, ``hint``, and how a hand ended.

The player types the engine's action notation without the seat prefix (``draw``, ``take 4``,
``meld R7 R8 R9``, ``layoff 2 R10``, ``discard Y12``...) plus the commands every family shares
(``help``, ``hint``, ``save FILE``, ``quit``). A refused input shows the error with its rule id
and changes nothing; a discard that would cost the missed announcement asks first
(``announce_first``); the turn ends when the hand is over or another player is to act (after the
discard). The terminal, the record and the bots are reached through ``remi.core.play.TurnIO``.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from typing import Any, Final

from remi.core.advice import reason_text
from remi.core.commands import canonical_command, in_romanian, split_commands, verbs_in_words
from remi.core.errors import IllegalActionError, NotationError
from remi.core.messages import N_, Messages
from remi.core.play import HandOutcome, TimeUp, TurnIO
from remi.variants.remi_pe_tabla.actions import (
    Action,
    Discard,
    Draw,
    LayOff,
    Swap,
    Undo,
    parse_action,
)
from remi.variants.remi_pe_tabla.announce_first import announce_first
from remi.variants.remi_pe_tabla.opening import opening_points
from remi.variants.remi_pe_tabla.screens import screen
from remi.variants.remi_pe_tabla.solvers import best_opening
from remi.variants.remi_pe_tabla.state import GameState, Phase
from remi.variants.remi_pe_tabla.views import view

__all__ = [
    "command_text",
    "end_text",
    "hand_outcome",
    "human_turn",
    "strands_taken_tile",
    "time_up_text",
    "timeout_actions",
]

#: The Romanian commands of a turn: word -> English action verb (docs/glossary.md); the first
#: person (``arunc``), then the imperative (``aruncă``). The first word of a verb is the one
#: ``help`` and ``hint`` show (``remi.core.commands.in_romanian``).
ROMANIAN_WORDS: Final[dict[str, str]] = {
    "trag": "draw",
    "iau": "take",
    "etalez": "meld",
    "lipesc": "layoff",
    "schimb": "swap",
    "anunț": "announce",
    "atu": "atu",
    "declar": "declare",
    "reclam": "claim",
    "arunc": "discard",
    "ofer": "offer",
    "accept": "accept",
    "pas": "pass",
    "trage": "draw",
    "ia": "take",
    "etalează": "meld",
    "lipește": "layoff",
    "schimbă": "swap",
    "anunță": "announce",
    "declară": "declare",
    "reclamă": "claim",
    "aruncă": "discard",
    "oferă": "offer",
    "acceptă": "accept",
}

_SEAT_RE: Final = re.compile(r"^\s*p\d+\s", re.IGNORECASE)
_HELP_LIMIT: Final = 40


def command_text(action: Action, lang: str = "en") -> str:
    """An action as the player types it, for ``help`` and ``hint``: its notation without the
    seat prefix (``meld [R7 R8 R9]``), with the Romanian command word in Romanian (``lang``
    ``ro``: ``etalez [R7 R8 R9]``; the screen shows the tiles in Romanian letters)."""
    text = str(action).split(" ", 1)[1]
    return in_romanian(text, ROMANIAN_WORDS) if lang == "ro" else text


def hand_outcome(state: GameState) -> HandOutcome | None:
    """How the hand ended (``state.result``: closing or stock out), or None while it goes on."""
    result = state.result
    if result is None:
        return None
    return HandOutcome(
        closed_by=result.closed_by,
        closing_tile=result.closing_tile,
        stock_exhausted=bool(result.stock_exhausted),
    )


def end_text(state: GameState, names: Sequence[str], m: Messages) -> str | None:
    """How the hand ended in words: who closed (închidere) and with which tile, or the stock
    ran out; None while the hand goes on."""
    result = state.result
    if result is None:
        return None
    if result.closed_by is not None:
        return m("closed_by", name=names[result.closed_by], tile=result.closing_tile)
    return m("stock_out")


def strands_taken_tile(state: GameState, seat: int, action: Action) -> IllegalActionError | None:
    """The refusal of an action that makes the turn impossible to finish: laying off
    (lipire) or swapping the tile just taken from the șir, its last copy on the rack, when it
    must go into a new formation this turn (``sir.take_last_use``, ``sir.break_use``; not a
    lay-off of the last tile under ``sir.take_last_layoff``); the engine would accept it and
    only refuse the discard. None for any other action."""
    turn = view(state, seat).turn
    taken = turn.taken_tile if turn is not None else None
    if taken is None or not isinstance(action, LayOff | Swap):
        return None
    if (
        isinstance(action, LayOff)
        and turn is not None
        and turn.took == "take"
        and state.rules.sir_take_last_layoff
        and state.players[seat].opened
    ):
        return None  # sir.take_last_layoff: lipire uses the taken tile
    used = [slot.tile for slot in action.tiles] if isinstance(action, LayOff) else [action.tile]
    if taken not in used or list(state.players[seat].rack).count(taken) > used.count(taken):
        return None
    rule = "sir.break_use" if turn is not None and turn.took == "break" else "sir.take_last_use"
    return IllegalActionError(
        f"the tile taken from the șir ({taken}) must go into a new formation this turn, "
        "not onto a formation on the table",
        rule_id=rule,
        action=action,
    )


def _show(io: TurnIO, seat: int) -> None:
    seen = view(io.state, seat)
    io.complete(sorted({str(t) for t in seen.rack}))
    io.show(screen(seen, io.names, io.m, last_actions=io.recent(seat), hand=io.hand))


def _help(io: TurnIO, seat: int) -> None:
    """The legal actions now (the first 40) and the commands."""
    legal = view(io.state, seat).legal
    m = io.m
    io.say(m("help.legal", count=len(legal)), style="bold")
    for action in legal[:_HELP_LIMIT]:
        io.say("  " + command_text(action, m.lang))
    if len(legal) > _HELP_LIMIT:
        io.say("  " + m("help.more", count=len(legal) - _HELP_LIMIT))
    io.say(m("help.commands"))


def _hint(io: TurnIO, seat: int) -> None:
    """The opening (etalare) laid this turn and its points, or the best opening of the rack
    (``opening.min_points``), then the hint bot's play (the club bot, ``remi.bots.advice``)
    and, when it gives one, its reason in a sentence."""
    seen = view(io.state, seat)
    m = io.m
    rules = seen.rules
    turn = seen.turn
    if turn is not None and turn.opening and turn.laid:  # the opening is on the table already
        points = opening_points([seen.table[i].formation for i in turn.laid], rules)
        io.say(m.plural("hint.opening_laid", points, need=rules.opening_min_points))
    elif not seen.players[seat].opened and not seen.players[seat].pe_tabla:
        taken = turn.taken_tile if turn is not None else None
        rack = list(seen.rack)
        if taken is not None:
            rack.remove(taken)
        plan = best_opening(rack, rules, must_include=taken)
        if plan is None:
            io.say(m.plural("hint.no_opening", rules.opening_min_points))
        else:
            io.say(m.plural("hint.opening", plan.points, text=plan.text))
    if seen.legal:
        kind, advice = io.advise(seen)
        io.say(m("hint.play", bot=kind, action=command_text(advice.action, m.lang)))
        if advice.reason is not None:
            io.say(m("hint.why", why=reason_text(m, advice.reason, advice.values)))


def timeout_actions(state: GameState) -> list[Action]:
    """What ends the turn of the player to act when his time is up (``turn.timer_seconds``,
    docs/rules.md §1.14): his turn's actions are taken back (``Undo``; a tile drawn from the
    stock stays drawn), he draws if he has not, and he discards his highest numbered tile (a
    joly only when he holds nothing else). Every action passes ``apply`` in turn."""
    from remi.variants.remi_pe_tabla.engine import apply

    seat = state.current
    out: list[Action] = []
    turn = state.turn
    if turn.checkpoint is not None and turn.undoable > 0:
        out.append(Undo(seat))
        state = apply(state, out[-1])
    if state.phase is Phase.TAKE:
        out.append(Draw(seat))
        state = apply(state, out[-1])
    rack = state.players[seat].rack
    numbered = [t for t in rack if not t.is_joly]
    out.append(
        Discard(seat, max(numbered, key=lambda t: (t.number, t.code)) if numbered else rack[0])
    )
    return out


#: The timeout's message by what ``timeout_actions`` did: (taken back, drew) -> message id.
_TIME_UP: Final[dict[tuple[bool, bool], str]] = {
    (True, True): N_("remi.time_up"),
    (True, False): N_("remi.time_up.undo"),
    (False, True): N_("remi.time_up.draw"),
    (False, False): N_("remi.time_up.discard"),
}


def time_up_text(actions: Sequence[Action], name: str, m: Messages) -> str:
    """What a timeout did, in words (docs/rules.md §1.14, ``turn.timer_seconds``): the turn taken
    back only when it had actions to take back (a tile drawn from the stock staying drawn), a
    draw only when one was made (none in the first turn's discard nor after drawing), and the
    tile discarded. ``actions``: ``timeout_actions``' list, ending with the ``Discard``.

    >>> from remi.core.messages import Messages
    >>> from remi.core.tiles import Tile
    >>> time_up_text([Discard(0, Tile.parse("K13"))], "Ana", Messages("en"))
    'Time is up: Ana discards K13 [turn.timer_seconds].'
    """
    last = actions[-1]
    assert isinstance(last, Discard)
    undone = any(isinstance(a, Undo) for a in actions)
    drew = any(isinstance(a, Draw) for a in actions)
    return m(_TIME_UP[undone, drew], name=name, tile=last.tile)


def _prompt(m: Messages, name: str, seconds_left: float | None) -> str:
    """The prompt, with the seconds left on the turn timer when it is on (``Ana [ 29 s]>``, as
    the Rummikub family's: the Remi family's own message ``remi.prompt_timer``;
    ``turn.timer_seconds``, docs/rules.md §1.14)."""
    if seconds_left is None:
        return m("prompt", name=name)
    return m("remi.prompt_timer", name=name, seconds=math.ceil(seconds_left))


def human_turn(io: TurnIO, seat: int) -> bool:
    """Let the person at ``seat`` act until his turn ends (the hand is over or another player is
    to act); False when he quits (``quit`` or the end of input). With ``turn.timer_seconds``
    and the timer on, a turn whose time runs out ends by ``timeout_actions``. Several commands
    may share a line, separated by ``;`` (``trage;arunc R12``); the first refused one drops the
    rest, and those left when the turn ends are not carried out."""
    m = io.m
    name = io.names[seat]
    seconds = io.state.rules.turn_timer_seconds if io.timer_on else 0
    deadline = io.clock() + seconds

    def remaining() -> float:
        return max(0.0, deadline - io.clock())

    _show(io, seat)
    queued: list[str] = []  # the next commands of a line ``trage;arunc R12``
    while True:
        line = (
            queued.pop(0)
            if queued
            else io.read(
                lambda: _prompt(m, name, remaining() if seconds else None),
                remaining if seconds else None,
            )
        )
        if isinstance(line, TimeUp) or (seconds and remaining() <= 0):
            actions = timeout_actions(io.state)
            for step in actions:
                io.apply(step)
            io.say(time_up_text(actions, name, m), style="red")
            io.acted(seat)
            return True
        if line is None:
            return False
        line, *rest = split_commands(line)
        queued = rest + queued
        text = canonical_command(line.strip(), ROMANIAN_WORDS)
        common = io.common(text, lambda: _help(io, seat), lambda: _hint(io, seat))
        if common == "quit":
            return False
        if common == "done":
            continue
        full = text if _SEAT_RE.match(text) else f"p{seat + 1} {text}"
        try:
            action: Any = parse_action(full, io.state.rules.formation_rules)
        except NotationError as exc:
            told = verbs_in_words(exc, ROMANIAN_WORDS, m.lang == "ro").localized(m, names=io.names)
            # a formation the rules refuse is a refusal; a line not parsed is not understood
            said = m("illegal", error=told) if exc.rule_id else m("bad_input", error=told)
            io.say(said, style="red")
            queued.clear()  # the commands after a refused one are not carried out
            continue
        # in Romanian play the refusal quotes the action as typed in Romanian, with the name
        quoted = f"{name}: {command_text(action, 'ro')}" if m.lang == "ro" else None
        stranded = strands_taken_tile(io.state, seat, action)
        if stranded is not None:
            io.say(m("illegal", error=stranded.localized(m, quoted, names=io.names)), style="red")
            queued.clear()
            continue
        asked = announce_first(io, view(io.state, seat), action)  # anunț: ask before -500
        if asked == "quit":
            return False
        if asked == "back":
            continue
        try:
            io.apply(action)
        except IllegalActionError as exc:
            io.say(m("illegal", error=exc.localized(m, quoted, names=io.names)), style="red")
            queued.clear()
            continue
        io.acted(seat)
        state = io.state
        if state.phase is Phase.ENDED or state.current != seat:
            return True
        _show(io, seat)
