"""A turn's events in words: the lines of the "since your last turn" list and of ``--auto``.

``describe(events, names, m)`` turns the events of one Rummikub-style turn
(``remi.variants.rummikub.events``, as ``engine.transition`` gives them) into one line without
the actor's name, through the family's messages (ids ``rk.`` + the event's ``message_id`` and
variants of it): the rack tiles played, going out, a draw, a pass, a penalty with the number of
tiles drawn. The caller shows each player only what he may see
(``remi.core.events.public_events`` for the other players: the tiles drawn stay hidden).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from remi.core.events import Event, tiles_text
from remi.core.messages import NP_, Messages
from remi.variants.rummikub.actions import table_text
from remi.variants.rummikub.events import Drew, Passed, PenaltyDrawn, Played, Won

__all__ = ["describe"]

#: The plural message id of each reason of a penalty draw.
_PENALTY: dict[str, str] = {
    "invalid": NP_("rk.event.penalty_drawn.invalid"),
    "timeout": NP_("rk.event.penalty_drawn.timeout"),
}


def describe(events: Sequence[Event], names: Sequence[str], m: Messages) -> str:
    """The events of one turn in words, without the actor, in the past tense as Remi's
    (``"played R7 R8 R9 into [R6 R7 R8 R9] [R9 Y9 K9]"``: the tiles and the sets they made or
    changed, ``"drew a tile"``, ``"invalid table at done: restored, 3 penalty tiles"``).

    Args:
        events: the events of one action, in order, as the reader may see them.
        names: the players' names, seat order (unused: no Rummikub-style event names another
            player).
        m: the messages of the reader's language.

    Returns:
        the line (a turn's ``Won`` joins its ``Played``: "played ... and went out"; the
        ``TimedOut`` before a timeout's ``PenaltyDrawn`` and the ``GameBlocked`` after the last
        pass are told by those); an event without words here is given as ``str(event)``.
    """
    won = any(isinstance(e, Won) for e in events)
    parts: list[str] = []
    for e in events:
        if isinstance(e, Played):
            tiles = tiles_text(e.tiles)
            made = Counter(e.table_after) - Counter(e.table_before)
            sets = table_text(tuple(f for f in e.table_after if made[f] > 0))
            if won:
                parts.append(m("rk.event.won", tiles=tiles, sets=sets))
            else:
                parts.append(m("rk.event.played", tiles=tiles, sets=sets))
        elif isinstance(e, Drew):
            parts.append(m("rk.event.drew"))
        elif isinstance(e, Passed):
            parts.append(m("rk.event.passed"))
        elif isinstance(e, PenaltyDrawn):
            parts.append(m.plural(_PENALTY[e.reason], e.count))
        elif e.message_id not in _TOLD_BY_OTHERS:
            parts.append(str(e))
    return "; ".join(parts)


#: Events whose news another event of the same turn gives.
_TOLD_BY_OTHERS = frozenset({"event.won", "event.timed_out", "event.game_blocked"})
