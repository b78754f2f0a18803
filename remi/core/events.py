"""Events: what a transition did, as plain values that each player may be shown.

A family's engine offers ``transition(state, action) -> (new_state, events)``: the new state (the
same value ``apply`` returns) and the events of that step in the order they happened (a discard
that closes the hand gives the discard, then the closing, then the end of the hand). Events are
for telling players what happened (a log, a screen, a bot's memory); the state stays the truth.

Every event is a frozen value with:

- ``seat``: the player (0-based) whose action caused it;
- ``message_id``: its key in the message catalogue (``"event.took"``), one per class;
- ``params()``: the message parameters as display values (``{"player": "p2", "tile": "K10"}``);
- ``for_player(seat)``: the event as that player may see it. The fields named in the class's
  ``PRIVATE`` (a tile drawn face down) are kept for the event's own seat and blanked (``None``)
  for everybody else; whatever was laid, taken from the discard row or discarded is public. This
  follows the same rule as the views (``remi.variants.remi_pe_tabla.views``): what you could not see at the table, you
  are not told;
- ``str(event)``: a plain English sentence in tile notation
  (``"p2 took K10 from position 7 of the șir and the 3 tiles after it"``), for logs and tests;
  players read ``Variant.describe(events, names, m)``, the family's sentences from its message
  catalogue in their language.

The event classes of each family live beside its engine (``remi.variants.remi_pe_tabla.events`` for Remi,
``remi.variants.rummikub.events`` for the Rummikub family); this module holds what they share.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, ClassVar

import attrs

from remi.core.tiles import Tile

__all__ = ["Drew", "Event", "events_for_player", "player_text", "public_events", "tiles_text"]


def player_text(seat: int) -> str:
    """A seat as written in notation: ``p1`` for seat 0."""
    return f"p{seat + 1}"


def tiles_text(tiles: Iterable[Tile]) -> str:
    """Tiles in notation, separated by blanks (``"R5 R6 J"``); empty for no tiles."""
    return " ".join(str(t) for t in tiles)


@attrs.frozen
class Event:
    """Base of every event: the seat of the player whose action caused it.

    Attributes:
        seat: the acting player's seat (0-based).

    Class attributes:
        message_id: the event's key in the message catalogue (``"event.took"``).
        PRIVATE: the names of the fields only the acting player may see (each may be ``None``,
            which is what the other players get).
    """

    message_id: ClassVar[str] = "event"
    PRIVATE: ClassVar[tuple[str, ...]] = ()
    seat: int

    @property
    def seat_text(self) -> str:
        """The acting player as written in notation (``p1`` for seat 0)."""
        return player_text(self.seat)

    def params(self) -> dict[str, object]:
        """The message parameters: display values (text and numbers) keyed by name.

        Every event has ``player`` (``"p1"``); subclasses add their own.
        """
        return {"player": self.seat_text}

    def for_player(self, seat: int) -> Event:
        """This event as seat ``seat`` (0-based) may see it: itself for the acting player, else
        a copy whose ``PRIVATE`` fields are ``None`` (the same object when nothing is hidden)."""
        if seat == self.seat or not self.PRIVATE:
            return self
        if all(getattr(self, name) is None for name in self.PRIVATE):
            return self
        hidden: dict[str, Any] = dict.fromkeys(self.PRIVATE)
        return attrs.evolve(self, **hidden)

    def __str__(self) -> str:
        return f"{self.seat_text} {self.message_id.removeprefix('event.')}"

    def __repr__(self) -> str:
        """``<Drew p1 drew R5 from the stock>``: the class and the event's text (``str``)."""
        return f"<{type(self).__name__} {self}>"


def events_for_player(events: Iterable[Event], seat: int) -> tuple[Event, ...]:
    """``events`` as seat ``seat`` (0-based) may see them (``Event.for_player`` of each), in order."""
    return tuple(e.for_player(seat) for e in events)


def public_events(events: Iterable[Event]) -> tuple[Event, ...]:
    """``events`` as every player but the actor sees them (``Event.for_player`` of a seat that
    is not the event's own): each ``PRIVATE`` field blanked, a drawn tile hidden. What a
    "since your last turn" note or an onlooker is shown."""
    return tuple(e.for_player(_NOBODY) for e in events)


#: A seat that acts in no event (seats are 0-based): ``for_player(_NOBODY)`` hides every
#: private field.
_NOBODY = -1


@attrs.frozen(repr=False)
class Drew(Event):
    """The player drew the top tile of the stock (grămadă; the pool in the Rummikub family).

    Attributes:
        tile: the tile drawn; ``None`` in the copy another player sees (``for_player``).

    Class attributes:
        SOURCE: the word for where the tile came from in the sentence (``"stock"``).
    """

    message_id: ClassVar[str] = "event.drew"
    PRIVATE: ClassVar[tuple[str, ...]] = ("tile",)
    SOURCE: ClassVar[str] = "stock"
    tile: Tile | None

    def params(self) -> dict[str, object]:
        """``player`` and ``tile`` (``None`` when hidden)."""
        return {"player": self.seat_text, "tile": None if self.tile is None else str(self.tile)}

    def __str__(self) -> str:
        what = "a tile" if self.tile is None else str(self.tile)
        return f"{self.seat_text} drew {what} from the {self.SOURCE}"
