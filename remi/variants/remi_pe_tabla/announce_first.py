"""The safety net before a discard that would cost the missed announcement (anunț ratat).

A player who ends his turn with 1 to ``announce.max_tiles`` tiles without having announced
(anunț) scores ``-announce.penalty_points`` at the hand's end (docs/rules.md §1.9). Before such
a legal discard a person's turn asks first: announce now and then discard, discard anyway, or go
back (nothing changes). The board and the line mode ask the same question, through
``remi.core.play.TurnIO.ask``.
"""

from __future__ import annotations

from typing import Literal

from remi.core.errors import IllegalActionError
from remi.core.messages import N_
from remi.core.play import TurnIO
from remi.variants.remi_pe_tabla.actions import Action, Announce, Discard
from remi.variants.remi_pe_tabla.views import PlayerView

__all__ = ["announce_first", "unannounced_left"]

#: The answers of the question: the message ids of each key and of what it does. The keys are
#: the language's: ``a`` / ``w`` ("discard without announcing") in English, ``a`` / ``o``
#: ("aruncă oricum") in Romanian. Neither is a key of the board's rack (``m d l t``: ``d``
#: starts the discard, so a ``d`` typed twice must not answer "discard anyway") nor the yes key
#: of the yes/no questions (``y``; ``d``, "da", in Romanian).
ANSWERS = (
    (N_("announce_first.announce.key"), N_("announce_first.announce")),
    (N_("announce_first.discard.key"), N_("announce_first.discard")),
)


def unannounced_left(view: PlayerView, action: Action) -> int | None:
    """The tiles the player of ``view`` would keep after ``action`` when it is a legal discard
    leaving him 1..``announce.max_tiles`` tiles and he has not announced while the rules make
    it his duty (``announce.required``, docs/rules.md §1.9); None otherwise."""
    if not isinstance(action, Discard) or view.seat != view.current or action not in view.legal:
        return None
    rules = view.rules
    left = len(view.rack) - 1
    if not rules.announce_required or view.players[view.seat].announced:
        return None
    return left if 1 <= left <= rules.announce_max_tiles else None


def announce_first(
    io: TurnIO, view: PlayerView, action: Action
) -> Literal["discard", "back", "quit"]:
    """Ask before ``action`` when it would cost the missed announcement
    (``unannounced_left``): ``a`` announces now (``Announce``, applied here) and the discard
    goes on, ``w`` (Romanian ``o``) discards anyway, any other answer goes back. Returns ``"discard"`` (go on
    with the discard; also when no question was needed), ``"back"`` (nothing discarded; a
    refused announcement is said) or ``"quit"`` (the end of input)."""
    left = unannounced_left(view, action)
    if left is None:
        return "discard"
    m = io.m
    assert isinstance(action, Discard)
    points = view.rules.announce_penalty_points
    costs = m.plural("count.points", points)
    question = m.plural("board.announce.leaves", left, tile=str(action.tile), points=costs)
    keys = [(m(key), m(text)) for key, text in ANSWERS]
    announce, discard = keys[0][0], keys[1][0]
    key = io.ask(question, keys)
    if key is None:
        return "quit"
    if key == announce:
        try:
            io.apply(Announce(view.seat))
        except IllegalActionError as exc:
            io.say(m("illegal", error=exc.localized(m, names=io.names)), style="red")
            return "back"
        return "discard"
    return "discard" if key == discard else "back"
