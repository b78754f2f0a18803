"""The events of a Rummikub-style game, and how a transition's events are read off its states.

``remi.variants.rummikub.engine.transition(state, action)`` returns the state ``apply`` returns
and the events of that turn, derived here from the action and the states before and after it
(``events_of``), so ``apply`` does no extra work. Event by action (in the order listed):

=====================  ========================================================================
action                 events
=====================  ========================================================================
``draw``               ``Drew`` (the tile is private to the drawer)
``play``               ``Played`` (the table before and after, the rack tiles played); then
                       ``Won`` when the rack is empty
``pass``               ``Passed``; then ``GameBlocked`` after a full round of passes
``penalty invalid``    ``PenaltyDrawn`` (``penalty.invalid_turn``, ``penalty.draw_count``: the
                       tiles are private to the penalised player)
``timeout``            ``TimedOut``, then ``PenaltyDrawn`` (``penalty.timeout``)
=====================  ========================================================================

A penalty or timeout with the pool empty draws nothing and counts as a turn without a play, so
it can end the game as a pass does (``GameBlocked``). See docs/rules.md.
"""

from __future__ import annotations

from collections import Counter
from typing import ClassVar

import attrs

from remi.core.actions import Action
from remi.core.events import Drew as CoreDrew
from remi.core.events import Event, tiles_text
from remi.core.formations import Formation
from remi.core.tiles import Tile, sort_tiles
from remi.variants.rummikub.actions import Draw, Pass, Penalty, Play, Timeout, table_text
from remi.variants.rummikub.state import EndReason, RummikubState

__all__ = [
    "Drew",
    "GameBlocked",
    "Passed",
    "PenaltyDrawn",
    "Played",
    "TimedOut",
    "Won",
    "events_of",
]


@attrs.frozen(repr=False)
class Drew(CoreDrew):
    """The player drew the top tile of the pool; his turn ends (the tile is his alone)."""

    SOURCE: ClassVar[str] = "pool"


@attrs.frozen(kw_only=True, repr=False)
class Played(Event):
    """The player ended his turn with a new table (all public: the table and the tiles it
    gained from his rack).

    Attributes:
        table_before: the sets at the start of the turn, in table order.
        table_after: the sets after the turn, in table order.
        tiles: the rack tiles played (the tiles the table gained), sorted.
        initial: this play was the player's initial meld (``initial_meld.min_points``).
    """

    message_id: ClassVar[str] = "event.played"
    table_before: tuple[Formation, ...]
    table_after: tuple[Formation, ...]
    tiles: tuple[Tile, ...]
    initial: bool = False

    def params(self) -> dict[str, object]:
        """``player``, ``tiles``, ``tile_count``, ``table`` (the new table) and ``initial``."""
        return {
            "player": self.seat_text,
            "tiles": tiles_text(self.tiles),
            "tile_count": len(self.tiles),
            "table": table_text(self.table_after),
            "initial": self.initial,
        }

    def __str__(self) -> str:
        how = " as the initial meld" if self.initial else ""
        return (
            f"{self.seat_text} played {tiles_text(self.tiles)}{how}; "
            f"the table is {table_text(self.table_after)}"
        )


@attrs.frozen(repr=False)
class Passed(Event):
    """The player played nothing with the pool empty (``pool_empty.play_on``)."""

    message_id: ClassVar[str] = "event.passed"

    def __str__(self) -> str:
        return f"{self.seat_text} passed"


@attrs.frozen(repr=False)
class TimedOut(Event):
    """The player's turn timer ran out (``penalty.timeout``): the table and his rack are as at
    the start of the turn."""

    message_id: ClassVar[str] = "event.timed_out"

    def __str__(self) -> str:
        return f"{self.seat_text} ran out of time"


@attrs.frozen(kw_only=True, repr=False)
class PenaltyDrawn(Event):
    """The player's turn ended with an invalid table (``reason="invalid"``,
    ``penalty.invalid_turn``) or out of time (``reason="timeout"``, ``penalty.timeout``): the
    table and his rack are as at the start of the turn and he drew ``count`` penalty tiles
    (``penalty.draw_count``; fewer when the pool holds fewer, none for ``restore``).

    Attributes:
        count: the tiles drawn (public: everybody sees how many).
        tiles: the tiles drawn; ``None`` in the copy another player sees (``for_player``).
        reason: ``"invalid"`` or ``"timeout"``.
    """

    message_id: ClassVar[str] = "event.penalty_drawn"
    PRIVATE: ClassVar[tuple[str, ...]] = ("tiles",)
    count: int
    tiles: tuple[Tile, ...] | None
    reason: str

    def params(self) -> dict[str, object]:
        """``player``, ``count``, ``tiles`` (``None`` when hidden) and ``reason``."""
        return {
            "player": self.seat_text,
            "count": self.count,
            "tiles": None if self.tiles is None else tiles_text(self.tiles),
            "reason": self.reason,
        }

    def __str__(self) -> str:
        why = "an invalid table" if self.reason == "invalid" else "running out of time"
        if not self.count:
            return f"{self.seat_text}'s turn was taken back for {why}; no penalty tile drawn"
        what = f"{self.count} penalty tile" + ("" if self.count == 1 else "s")
        if self.tiles is not None:
            what += f" ({tiles_text(self.tiles)})"
        return f"{self.seat_text} drew {what} for {why}"


@attrs.frozen(repr=False)
class Won(Event):
    """The player played his last rack tile and won the game (going out)."""

    message_id: ClassVar[str] = "event.won"

    def __str__(self) -> str:
        return f"{self.seat_text} went out and won"


@attrs.frozen(repr=False)
class GameBlocked(Event):
    """The pool is empty and a full round of turns passed without a play: the game is over
    (scored by ``pool_empty.scoring``)."""

    message_id: ClassVar[str] = "event.game_blocked"

    def __str__(self) -> str:
        return "the game is over: a full round passed without a play"


def events_of(before: RummikubState, action: Action, after: RummikubState) -> tuple[Event, ...]:
    """The events of ``after = apply(before, action)``, in the order they happened.

    Args:
        before: the state the action was applied to.
        action: an action ``apply`` accepted in ``before``.
        after: the state ``apply`` returned.

    Returns:
        the events (see the module docstring for which action gives which).
    """
    seat = action.player
    out: list[Event] = []
    if isinstance(action, Draw):
        out.append(Drew(seat, before.pool[0]))
    elif isinstance(action, Play):
        gained = Counter(before.racks[seat])
        gained.subtract(after.racks[seat])
        out.append(
            Played(
                seat=seat,
                table_before=before.table,
                table_after=after.table,
                tiles=sort_tiles((+gained).elements()),
                initial=not before.opened[seat],
            )
        )
    elif isinstance(action, Pass):
        out.append(Passed(seat))
    elif isinstance(action, (Penalty, Timeout)):
        if isinstance(action, Timeout):
            out.append(TimedOut(seat))
        drawn = before.pool[: len(before.pool) - len(after.pool)]
        out.append(
            PenaltyDrawn(
                seat=seat,
                count=len(drawn),
                tiles=drawn,
                reason="timeout" if isinstance(action, Timeout) else "invalid",
            )
        )
    if after.end is EndReason.OUT and before.end is None:
        out.append(Won(seat))
    elif after.end is EndReason.BLOCKED and before.end is None:
        out.append(GameBlocked(seat))
    return tuple(out)
