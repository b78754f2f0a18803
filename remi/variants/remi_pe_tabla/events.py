"""The events of a Remi pe tablă hand, and how a transition's events are read off its states.

``remi.variants.remi_pe_tabla.engine.transition(state, action)`` returns the state ``apply`` returns and the events of
that step, derived here from the action and the states before and after it (``events_of``), so
``apply`` itself does no extra work. Event by action (in the order they are listed):

==================  ===========================================================================
action              events
==================  ===========================================================================
``draw``            ``Drew`` (the tile is private to the drawer)
``take [N]``        ``Took`` (the tile, its șir position, the tiles after it: rupere)
``meld``            ``Melded`` (the formations and the numbers they got on the table: etalare)
``layoff``          one ``LaidOff`` per tile (the formation, its owner, the end: lipire)
``swap``            ``Swapped`` (the tile given, the formation, what the joly stood for)
``announce``        ``Announced``
``atu``             ``AnnouncedAtu``
``claim``           ``AnnouncementClaimed`` (public; ``announce.penalty = "claim"``)
``declare``         ``Declared`` (pe tablă)
``discard``         ``Discarded``; then ``Opened`` when it completes the opening
                    (``opening.min_points``), ``Announced`` (automatic) or
                    ``AnnouncementMissed`` (``announce.required``), ``Closed`` when it was the
                    last tile (închidere), ``HandEnded`` when the hand is over
``undo``            ``Undone``
==================  ===========================================================================

Remi has no penalty draw: a missed announcement is scored at the end of the hand
(``announce.penalty_points``). See docs/rules.md.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

import attrs

from remi.core.actions import Action
from remi.core.events import Drew, Event, player_text, tiles_text
from remi.core.formations import Formation, Kind
from remi.core.tiles import Tile
from remi.variants.remi_pe_tabla.actions import (
    Announce,
    AnnounceAtu,
    Claim,
    Declare,
    Discard,
    Draw,
    LayOff,
    Meld,
    Swap,
    Take,
    Undo,
)
from remi.variants.remi_pe_tabla.exchange_events import DERIVE
from remi.variants.remi_pe_tabla.opening import opening_points
from remi.variants.remi_pe_tabla.state import GameState

__all__ = [
    "Announced",
    "AnnouncedAtu",
    "AnnouncementClaimed",
    "AnnouncementMissed",
    "Closed",
    "Declared",
    "Discarded",
    "Drew",
    "HandEnded",
    "LaidOff",
    "Melded",
    "Opened",
    "Swapped",
    "Took",
    "Undone",
    "events_of",
]


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


@attrs.frozen(kw_only=True, repr=False)
class Took(Event):
    """The player took a tile from the discard row (șir): the last one, or, breaking the șir
    (rupere), the tile at ``position`` and every later one.

    Attributes:
        tile: the tile taken (it must go into a new formation this turn, ``sir.take_last_use``
            or ``sir.break_use``).
        position: its 1-based place in the șir, as ``take N`` numbers it.
        after: the tiles that lay after it, which go to the rack with it (``()`` for the last).
    """

    message_id: ClassVar[str] = "event.took"
    tile: Tile
    position: int
    after: tuple[Tile, ...] = ()

    def params(self) -> dict[str, object]:
        """``player``, ``tile``, ``position``, ``after`` (tiles in notation), ``after_count``."""
        return {
            "player": self.seat_text,
            "tile": str(self.tile),
            "position": self.position,
            "after": tiles_text(self.after),
            "after_count": len(self.after),
        }

    def __str__(self) -> str:
        text = f"{self.seat_text} took {self.tile} from position {self.position} of the șir"
        if len(self.after) == 1:
            return f"{text} and the tile after it"
        if self.after:
            return f"{text} and the {len(self.after)} tiles after it"
        return text


@attrs.frozen(kw_only=True, repr=False)
class Melded(Event):
    """The player laid new formations from his rack (etalare when it is his opening).

    Attributes:
        formations: the formations laid, in the order laid.
        numbers: the 1-based table number each one got (as ``layoff N`` and ``swap N`` name it).
    """

    message_id: ClassVar[str] = "event.melded"
    formations: tuple[Formation, ...]
    numbers: tuple[int, ...]

    def params(self) -> dict[str, object]:
        """``player``, ``formations`` (in notation), ``numbers`` (``"1, 2"``)."""
        return {
            "player": self.seat_text,
            "formations": " ".join(str(f) for f in self.formations),
            "numbers": ", ".join(str(n) for n in self.numbers),
        }

    def __str__(self) -> str:
        laid = " and ".join(f"{f} as formation {n}" for f, n in zip(self.formations, self.numbers))
        return f"{self.seat_text} laid {laid}"


@attrs.frozen(kw_only=True, repr=False)
class LaidOff(Event):
    """The player attached a tile to a formation on the table (lipire).

    Attributes:
        tile: the tile attached.
        formation_number: the formation's 1-based table number.
        owner_seat: the seat of the player who laid that formation (0-based).
        end: ``"front"`` or ``"back"`` of a run (suită); ``None`` for a set (terță).
        stands_for: the tile a joly stands for, when stated or fixed by its place; else ``None``.
    """

    message_id: ClassVar[str] = "event.laid_off"
    tile: Tile
    formation_number: int
    owner_seat: int
    end: str | None = None
    stands_for: Tile | None = None

    def params(self) -> dict[str, object]:
        """``player``, ``tile``, ``formation_number``, ``owner``, ``end``, ``stands_for``."""
        return {
            "player": self.seat_text,
            "tile": str(self.tile),
            "formation_number": self.formation_number,
            "owner": player_text(self.owner_seat),
            "end": self.end,
            "stands_for": None if self.stands_for is None else str(self.stands_for),
        }

    def __str__(self) -> str:
        tile = str(self.tile)
        if self.tile.is_joly and self.stands_for is not None:
            tile = f"{tile} (as {self.stands_for})"
        where = "" if self.end is None else f" at the {self.end}"
        return (
            f"{self.seat_text} attached {tile} to {player_text(self.owner_seat)}'s formation "
            f"{self.formation_number}{where}"
        )


@attrs.frozen(kw_only=True, repr=False)
class Swapped(Event):
    """The player gave a tile for a joly on the table; the joly goes to his rack and must be laid
    in his own formation this turn (``joly.swap_use``).

    Attributes:
        tile: the tile given.
        formation_number: the formation's 1-based table number.
        owner_seat: the seat of the player who laid that formation.
        joly_stood_for: the tile the joly stood for, or ``None`` for a joly of a 3-tile set that
            stood for either missing colour.
    """

    message_id: ClassVar[str] = "event.swapped"
    tile: Tile
    formation_number: int
    owner_seat: int
    joly_stood_for: Tile | None

    def params(self) -> dict[str, object]:
        """``player``, ``tile``, ``formation_number``, ``owner``, ``joly_stood_for``."""
        return {
            "player": self.seat_text,
            "tile": str(self.tile),
            "formation_number": self.formation_number,
            "owner": player_text(self.owner_seat),
            "joly_stood_for": None if self.joly_stood_for is None else str(self.joly_stood_for),
        }

    def __str__(self) -> str:
        return (
            f"{self.seat_text} gave {self.tile} for the joly of "
            f"{player_text(self.owner_seat)}'s formation {self.formation_number}"
        )


@attrs.frozen(repr=False)
class Announced(Event):
    """The player announced having few tiles left (``announce.max_tiles``).

    Attributes:
        automatic: the rules announce for him (``announce.required`` false) at his discard.
    """

    message_id: ClassVar[str] = "event.announced"
    automatic: bool = False

    def params(self) -> dict[str, object]:
        """``player`` and ``automatic``."""
        return {"player": self.seat_text, "automatic": self.automatic}

    def __str__(self) -> str:
        how = " (automatically)" if self.automatic else ""
        return f"{self.seat_text} announced few tiles left{how}"


@attrs.frozen(repr=False)
class AnnouncedAtu(Event):
    """The player announced holding the twin of the face-up atu, in his first turn (``atu.twin``).

    Attributes:
        tile: the atu's twin he holds.
    """

    message_id: ClassVar[str] = "event.announced_atu"
    tile: Tile

    def params(self) -> dict[str, object]:
        """``player`` and ``tile``."""
        return {"player": self.seat_text, "tile": str(self.tile)}

    def __str__(self) -> str:
        return f"{self.seat_text} announced holding the atu's twin {self.tile}"


@attrs.frozen(repr=False)
class Declared(Event):
    """The player declared pe tablă: he took the last șir tile without laying it and will lay all
    his tiles but one in his closing turn (``pe_tabla.declare``)."""

    message_id: ClassVar[str] = "event.declared"

    def __str__(self) -> str:
        return f"{self.seat_text} declared pe tablă"


@attrs.frozen(repr=False)
class Discarded(Event):
    """The player discarded a tile onto the end of the șir, ending his turn.

    Attributes:
        tile: the tile discarded.
    """

    message_id: ClassVar[str] = "event.discarded"
    tile: Tile

    def params(self) -> dict[str, object]:
        """``player`` and ``tile``."""
        return {"player": self.seat_text, "tile": str(self.tile)}

    def __str__(self) -> str:
        return f"{self.seat_text} discarded {self.tile}"


@attrs.frozen(repr=False)
class Opened(Event):
    """The discard completed the player's opening (etalare, ``opening.min_points``).

    Attributes:
        points: the opening's worth in opening points.
    """

    message_id: ClassVar[str] = "event.opened"
    points: int

    def params(self) -> dict[str, object]:
        """``player`` and ``points``."""
        return {"player": self.seat_text, "points": self.points}

    def __str__(self) -> str:
        return f"{self.seat_text} opened with {self.points} points"


@attrs.frozen(repr=False)
class AnnouncementMissed(Event):
    """The player ended his turn with few tiles without announcing (``announce.required``); it
    costs ``announce.penalty_points`` at the end of the hand.

    Attributes:
        tiles_left: the tiles left on his rack.
    """

    message_id: ClassVar[str] = "event.announcement_missed"
    tiles_left: int

    def params(self) -> dict[str, object]:
        """``player`` and ``tiles_left``."""
        return {"player": self.seat_text, "tiles_left": self.tiles_left}

    def __str__(self) -> str:
        left = _plural(self.tiles_left, "tile")
        return f"{self.seat_text} ended the turn with {left} without announcing"


@attrs.frozen(repr=False)
class AnnouncementClaimed(Event):
    """The player claimed an opponent's missed announcement (``announce.penalty = "claim"``);
    the opponent scores ``-announce.penalty_points`` at the end of the hand. Public.

    Attributes:
        target: the claimed opponent's seat (0-based).
    """

    message_id: ClassVar[str] = "event.announcement_claimed"
    target: int

    def params(self) -> dict[str, object]:
        """``player`` and ``target`` (``p2``)."""
        return {"player": self.seat_text, "target": f"p{self.target + 1}"}

    def __str__(self) -> str:
        return f"{self.seat_text} claimed p{self.target + 1}'s missed announcement"


@attrs.frozen(repr=False)
class Closed(Event):
    """The player discarded his last tile and closed the hand (închidere).

    Attributes:
        tile: the closing discard.
    """

    message_id: ClassVar[str] = "event.closed"
    tile: Tile

    def params(self) -> dict[str, object]:
        """``player`` and ``tile``."""
        return {"player": self.seat_text, "tile": str(self.tile)}

    def __str__(self) -> str:
        return f"{self.seat_text} closed the hand discarding {self.tile}"


@attrs.frozen(kw_only=True, repr=False)
class HandEnded(Event):
    """The hand is over: closed by a player, or the stock ran out (``hand.stock_exhausted``).

    Attributes:
        closed_by: the seat that closed, or ``None``.
        stock_exhausted: nobody closed and the stock is empty.
    """

    message_id: ClassVar[str] = "event.hand_ended"
    closed_by: int | None
    stock_exhausted: bool

    def params(self) -> dict[str, object]:
        """``player``, ``closed_by`` (``"p1"`` or ``None``) and ``stock_exhausted``."""
        return {
            "player": self.seat_text,
            "closed_by": None if self.closed_by is None else player_text(self.closed_by),
            "stock_exhausted": self.stock_exhausted,
        }

    def __str__(self) -> str:
        if self.closed_by is not None:
            return f"the hand is over: {player_text(self.closed_by)} closed"
        return "the hand is over: the stock ran out"


@attrs.frozen(repr=False)
class Undone(Event):
    """The player took back actions of his turn (a tile drawn from the stock stays drawn).

    Attributes:
        actions: how many actions were taken back.
    """

    message_id: ClassVar[str] = "event.undone"
    actions: int

    def params(self) -> dict[str, object]:
        """``player`` and ``actions``."""
        return {"player": self.seat_text, "actions": self.actions}

    def __str__(self) -> str:
        return f"{self.seat_text} took back {_plural(self.actions, 'action')} of this turn"


# ---------------------------------------------------------------------------------------------
# Reading the events off a transition


def events_of(before: GameState, action: Action, after: GameState) -> tuple[Event, ...]:
    """The events of ``after = apply(before, action)``, in the order they happened.

    Args:
        before: the state the action was applied to.
        action: an action ``apply`` accepted in ``before``.
        after: the state ``apply`` returned.

    Returns:
        the events (see the module docstring for which action gives which).
    """
    return _DERIVE[type(action)](before, action, after)


def _drew(before: GameState, action: Draw, after: GameState) -> tuple[Event, ...]:
    return (Drew(action.player, before.stock[0]),)


def _took(before: GameState, action: Take, after: GameState) -> tuple[Event, ...]:
    sir = before.sir
    index = len(sir) - 1 if action.position is None else action.position - 1
    return (Took(seat=action.player, tile=sir[index], position=index + 1, after=sir[index + 1 :]),)


def _melded(before: GameState, action: Meld, after: GameState) -> tuple[Event, ...]:
    first = len(before.table)
    numbers = tuple(range(first + 1, len(after.table) + 1))
    formations = tuple(tf.formation for tf in after.table[first:])
    return (Melded(seat=action.player, formations=formations, numbers=numbers),)


def _laid_off(before: GameState, action: LayOff, after: GameState) -> tuple[Event, ...]:
    number = action.target
    old = before.table[number - 1].formation
    new = after.table[number - 1].formation
    owner = before.table[number - 1].owner
    out: list[Event] = []
    if new.kind is Kind.SET:
        for slot in action.tiles:
            stands = slot.stated if slot.tile.is_joly else None
            out.append(
                LaidOff(
                    seat=action.player,
                    tile=slot.tile,
                    formation_number=number,
                    owner_seat=owner,
                    stands_for=stands,
                )
            )
        return tuple(out)
    # a run: the tiles before the old first rank went to the front, the rest to the back
    front = old.ranks[0] - new.ranks[0]
    placed = {
        "front": list(zip(new.tiles[:front], new.identities[:front])),
        "back": list(
            zip(new.tiles[front + len(old.tiles) :], new.identities[front + len(old.tiles) :])
        ),
    }
    for slot in action.tiles:
        for end, entries in placed.items():
            hit = next(
                (
                    i
                    for i, (tile, ident) in enumerate(entries)
                    if tile == slot.tile and (slot.stated is None or ident == slot.stated)
                ),
                None,
            )
            if hit is not None:
                ident = entries.pop(hit)[1]
                out.append(
                    LaidOff(
                        seat=action.player,
                        tile=slot.tile,
                        formation_number=number,
                        owner_seat=owner,
                        end=end,
                        stands_for=ident if slot.tile.is_joly else None,
                    )
                )
                break
    return tuple(out)


def _swapped(before: GameState, action: Swap, after: GameState) -> tuple[Event, ...]:
    tf = before.table[action.target - 1]
    f = tf.formation
    # the joly the swap took: the first unswapped one standing for the tile (or, in a 3-tile
    # set, for either missing colour), as the engine picks it
    stood: Tile | None = action.tile
    locked = before.rules.joly_set_of_three_locked
    for tile, ident, swapped in zip(f.tiles, f.identities, tf.swapped):
        if not tile.is_joly or swapped or (ident is None and locked):
            continue
        if ident is None or ident == action.tile:
            stood = ident
            break
    return (
        Swapped(
            seat=action.player,
            tile=action.tile,
            formation_number=action.target,
            owner_seat=tf.owner,
            joly_stood_for=stood,
        ),
    )


def _announced(before: GameState, action: Announce, after: GameState) -> tuple[Event, ...]:
    return (Announced(action.player),)


def _announced_atu(before: GameState, action: AnnounceAtu, after: GameState) -> tuple[Event, ...]:
    assert before.atu is not None  # apply refuses the atu announcement without an atu
    return (AnnouncedAtu(action.player, before.atu),)


def _claimed(before: GameState, action: Claim, after: GameState) -> tuple[Event, ...]:
    return (AnnouncementClaimed(action.player, action.target),)


def _declared(before: GameState, action: Declare, after: GameState) -> tuple[Event, ...]:
    return (Declared(action.player),)


def _discarded(before: GameState, action: Discard, after: GameState) -> tuple[Event, ...]:
    seat = action.player
    out: list[Event] = [Discarded(seat, action.tile)]
    was, now = before.players[seat], after.players[seat]
    if now.opened and not was.opened:
        laid = [before.table[i].formation for i in before.turn.laid]
        out.append(Opened(seat, opening_points(laid, before.rules)))
    if now.announced and not was.announced:
        out.append(Announced(seat, automatic=True))
    if now.failed_announcement and not was.failed_announcement:
        out.append(AnnouncementMissed(seat, len(now.rack)))
    result = after.result
    if result is not None:
        if result.closed_by is not None:
            out.append(Closed(seat, action.tile))
        out.append(
            HandEnded(seat=seat, closed_by=result.closed_by, stock_exhausted=result.stock_exhausted)
        )
    return tuple(out)


def _undone(before: GameState, action: Undo, after: GameState) -> tuple[Event, ...]:
    return (Undone(action.player, before.turn.undoable),)


_Derive = Callable[[GameState, Any, GameState], tuple[Event, ...]]
_DERIVE: dict[type[Action], _Derive] = {
    Draw: _drew,
    Take: _took,
    Meld: _melded,
    LayOff: _laid_off,
    Swap: _swapped,
    Announce: _announced,
    AnnounceAtu: _announced_atu,
    Claim: _claimed,
    Declare: _declared,
    Discard: _discarded,
    Undo: _undone,
    **DERIVE,  # the exchange of doubles and the atu taken for a closing turn
}
