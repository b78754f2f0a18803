"""An action's events in words: the lines of the "since your last turn" list and of ``--auto``.

``describe(events, names, m)`` turns the events of one action
(``remi.variants.remi_pe_tabla.events``, as ``engine.transition`` gives them) into one line
without the actor's name, through the message catalogue (``messages``: the ids are the events'
``message_id`` and variants of it, ``event.took.after``, ``event.laid_off.own``...). The caller
shows each player only what he may see: ``remi.core.events.public_events`` for the other players,
so a tile drawn from the stock (grămadă) is never named in their notes. Formations' owners are
named with the players' ``names``; counts agree in number in both languages
(``Messages.plural``: "o piesă", "2 piese", "20 de piese").
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from remi.core.events import Event
from remi.core.messages import Messages
from remi.variants.remi_pe_tabla import events as ev
from remi.variants.remi_pe_tabla.exchange_events import WORDS

__all__ = ["describe"]


def describe(events: Sequence[Event], names: Sequence[str], m: Messages) -> str:
    """The events of one action in words, without the actor (``"took K10 from the șir
    (position 7) and the 3 tiles after it"``); several events are joined with ``"; "``.

    Args:
        events: the events of one action, in order (``engine.transition``), as the reader may
            see them (``public_events`` for a player other than the actor).
        names: the players' names, seat order (for the owners of formations).
        m: the messages of the reader's language.

    Returns:
        the line; an event this module has no words for is given as ``str(event)``.
    """
    parts: list[str] = []
    pending: list[ev.LaidOff] = []  # lay-offs (lipire) on one formation, told in one sentence
    for event in events:
        if pending and not (
            isinstance(event, ev.LaidOff) and event.formation_number == pending[0].formation_number
        ):
            parts.append(_laid_off(pending, names, m))
            pending = []
        if isinstance(event, ev.LaidOff):
            pending.append(event)
            continue
        words = _WORDS.get(type(event))
        text = str(event) if words is None else words(event, names, m)
        if text:
            parts.append(text)
    if pending:
        parts.append(_laid_off(pending, names, m))
    return "; ".join(parts)


def _drew(e: ev.Drew, names: Sequence[str], m: Messages) -> str:
    return m("event.drew") if e.tile is None else m("event.drew.tile", tile=e.tile)


def _took(e: ev.Took, names: Sequence[str], m: Messages) -> str:
    if not e.after:
        return m("event.took", tile=e.tile, position=e.position)
    return m.plural("event.took.after", len(e.after), tile=e.tile, position=e.position)


def _melded(e: ev.Melded, names: Sequence[str], m: Messages) -> str:
    params = e.params()
    return m.plural(
        "event.melded",
        len(e.formations),
        formations=params["formations"],
        numbers=params["numbers"],
    )


def _tile_words(e: ev.LaidOff, m: Messages) -> str:
    if e.tile.is_joly and e.stands_for is not None:
        return m("event.joly_as", tile=e.tile, stands_for=e.stands_for)
    return str(e.tile)


def _laid_off(group: Sequence[ev.LaidOff], names: Sequence[str], m: Messages) -> str:
    first = group[0]
    tiles = " ".join(_tile_words(e, m) for e in group)
    if first.owner_seat == first.seat:
        return m("event.laid_off.own", tiles=tiles, number=first.formation_number)
    owner = names[first.owner_seat]
    return m("event.laid_off", tiles=tiles, number=first.formation_number, owner=owner)


def _swapped(e: ev.Swapped, names: Sequence[str], m: Messages) -> str:
    if e.owner_seat == e.seat:
        return m("event.swapped.own", tile=e.tile, number=e.formation_number)
    owner = names[e.owner_seat]
    return m("event.swapped", tile=e.tile, number=e.formation_number, owner=owner)


def _announced(e: ev.Announced, names: Sequence[str], m: Messages) -> str:
    if e.automatic:
        return m("event.announced.automatic")
    return m("event.announced")


def _announced_atu(e: ev.AnnouncedAtu, names: Sequence[str], m: Messages) -> str:
    return m("event.announced_atu", tile=e.tile)


def _declared(e: ev.Declared, names: Sequence[str], m: Messages) -> str:
    return m("event.declared")


def _discarded(e: ev.Discarded, names: Sequence[str], m: Messages) -> str:
    return m("event.discarded", tile=e.tile)


def _opened(e: ev.Opened, names: Sequence[str], m: Messages) -> str:
    return m.plural("event.opened", e.points)


def _missed(e: ev.AnnouncementMissed, names: Sequence[str], m: Messages) -> str:
    return m.plural("event.announcement_missed", e.tiles_left)


def _claimed(e: ev.AnnouncementClaimed, names: Sequence[str], m: Messages) -> str:
    return m("event.announcement_claimed", target=names[e.target])


def _closed(e: ev.Closed, names: Sequence[str], m: Messages) -> str:
    return m("event.closed")


def _hand_ended(e: ev.HandEnded, names: Sequence[str], m: Messages) -> str:
    # a closing is told by ``ev.Closed``; only the stock running out needs words of its own
    return m("event.hand_ended.stock") if e.stock_exhausted else ""


def _undone(e: ev.Undone, names: Sequence[str], m: Messages) -> str:
    return m.plural("event.undone", e.actions)


_WORDS: dict[type[Event], Callable[[Any, Sequence[str], Messages], str]] = {
    ev.Drew: _drew,
    ev.Took: _took,
    ev.Melded: _melded,
    ev.Swapped: _swapped,
    ev.Announced: _announced,
    ev.AnnouncedAtu: _announced_atu,
    ev.Declared: _declared,
    ev.Discarded: _discarded,
    ev.Opened: _opened,
    ev.AnnouncementMissed: _missed,
    ev.AnnouncementClaimed: _claimed,
    ev.Closed: _closed,
    ev.HandEnded: _hand_ended,
    ev.Undone: _undone,
    **WORDS,  # the exchange of doubles and the atu taken for a closing turn
}
