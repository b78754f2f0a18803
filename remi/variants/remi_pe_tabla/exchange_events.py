"""The events of the exchange of doubles before play and of the atu taken for a closing turn
(docs/rules.md §1.14), their derivation from a transition and their words.

==================  ===========================================================================
action              events
==================  ===========================================================================
``offer``           ``Offered`` (the partner and, under ``same_category``, the double's
                    category are public; the tile is the offerer's own)
``accept``          ``Exchanged`` (the two tiles, seen by the two players only)
``pass``            ``Passed`` (no offer, or the offer refused)
``take atu``        ``TookAtu`` (the face-up atu: public)
==================  ===========================================================================
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar

import attrs

from remi.core.actions import Action
from remi.core.events import Event, player_text
from remi.core.messages import N_, Messages
from remi.core.tiles import Tile
from remi.variants.remi_pe_tabla.actions import Accept, Offer, Pass, TakeAtu
from remi.variants.remi_pe_tabla.doubles import double_category
from remi.variants.remi_pe_tabla.state import GameState

__all__ = ["DERIVE", "WORDS", "Exchanged", "Offered", "Passed", "TookAtu"]


@attrs.frozen(kw_only=True, repr=False)
class Offered(Event):
    """The player offered ``partner`` one tile of a double (``deal.doubles_exchange``).

    Attributes:
        partner: the seat offered to (0-based).
        category: ``ones``, ``small`` or ``big`` under ``same_category`` (said aloud), else None.
        tile: the tile offered; ``None`` in the copy another player sees.
    """

    message_id: ClassVar[str] = "event.offered"
    PRIVATE: ClassVar[tuple[str, ...]] = ("tile",)
    partner: int
    category: str | None
    tile: Tile | None

    def __str__(self) -> str:
        what = "a tile of a double" if self.tile is None else str(self.tile)
        return f"{self.seat_text} offered {what} to {player_text(self.partner)}"


@attrs.frozen(kw_only=True, repr=False)
class Exchanged(Event):
    """The player accepted ``partner``'s offer: he gave ``given`` and got ``received``.

    Both tiles are seen by the two players only (``for_player``).
    """

    message_id: ClassVar[str] = "event.exchanged"
    PRIVATE: ClassVar[tuple[str, ...]] = ("given", "received")
    partner: int
    given: Tile | None
    received: Tile | None

    def for_player(self, seat: int) -> Event:
        """Itself for the two players of the exchange; without the tiles for everyone else."""
        if seat == self.partner:
            return self
        return super().for_player(seat)

    def __str__(self) -> str:
        if self.given is None:
            return f"{self.seat_text} exchanged a double with {player_text(self.partner)}"
        return (
            f"{self.seat_text} gave {self.given} to {player_text(self.partner)} for {self.received}"
        )


@attrs.frozen(kw_only=True, repr=False)
class Passed(Event):
    """The player made no offer of a double (``refused`` False) or refused the offer made."""

    message_id: ClassVar[str] = "event.passed"
    refused: bool

    def __str__(self) -> str:
        return f"{self.seat_text} {'refused the offer' if self.refused else 'passed'}"


@attrs.frozen(kw_only=True, repr=False)
class TookAtu(Event):
    """The player took the atu set aside, to close this turn (``atu.tile = closing``)."""

    message_id: ClassVar[str] = "event.took_atu"
    tile: Tile

    def __str__(self) -> str:
        return f"{self.seat_text} took the atu {self.tile}"


def _offered(before: GameState, action: Offer, after: GameState) -> tuple[Event, ...]:
    same = before.rules.deal_doubles_exchange == "same_category"
    category = double_category(action.tile) if same else None
    return (
        Offered(seat=action.player, partner=action.partner, category=category, tile=action.tile),
    )


def _exchanged(before: GameState, action: Accept, after: GameState) -> tuple[Event, ...]:
    assert before.offer is not None  # apply accepts an answer only to an offer
    offerer, _, offered = before.offer
    return (Exchanged(seat=action.player, partner=offerer, given=action.tile, received=offered),)


def _passed(before: GameState, action: Pass, after: GameState) -> tuple[Event, ...]:
    return (Passed(seat=action.player, refused=before.offer is not None),)


def _took_atu(before: GameState, action: TakeAtu, after: GameState) -> tuple[Event, ...]:
    assert before.atu is not None  # apply refuses the take without an atu aside
    return (TookAtu(seat=action.player, tile=before.atu),)


_Derive = Callable[[GameState, Any, GameState], tuple[Event, ...]]
#: The derivation of each action's events (``remi.variants.remi_pe_tabla.events.events_of``).
DERIVE: dict[type[Action], _Derive] = {
    Offer: _offered,
    Accept: _exchanged,
    Pass: _passed,
    TakeAtu: _took_atu,
}


_CATEGORY_IDS = {
    "ones": N_("event.offered.ones"),
    "small": N_("event.offered.small"),
    "big": N_("event.offered.big"),
}


def _offered_words(e: Offered, names: Sequence[str], m: Messages) -> str:
    to = names[e.partner]
    if e.tile is not None:
        return m("event.offered.tile", tile=e.tile, partner=to)
    if e.category is not None:
        return m(_CATEGORY_IDS[e.category], partner=to)
    return m("event.offered", partner=to)


def _exchanged_words(e: Exchanged, names: Sequence[str], m: Messages) -> str:
    if e.given is None:
        return m("event.exchanged", partner=names[e.partner])
    return m("event.exchanged.tiles", given=e.given, received=e.received, partner=names[e.partner])


def _passed_words(e: Passed, names: Sequence[str], m: Messages) -> str:
    return m("event.passed.refused") if e.refused else m("event.passed")


def _took_atu_words(e: TookAtu, names: Sequence[str], m: Messages) -> str:
    return m("event.took_atu", tile=e.tile)


#: The words of each event (``remi.variants.remi_pe_tabla.notes.describe``).
WORDS: dict[type[Event], Callable[[Any, Sequence[str], Messages], str]] = {
    Offered: _offered_words,
    Exchanged: _exchanged_words,
    Passed: _passed_words,
    TookAtu: _took_atu_words,
}
