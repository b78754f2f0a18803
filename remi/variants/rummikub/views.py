"""Views of a Rummikub-style game: what one player may see (hidden information is a view).

A ``RummikubView`` holds the player's own rack, the table, the pool *count*, every seat's tile
count and opened flag, the recorded start draw (public: it was drawn face up) and, on his turn,
the legal actions. It never holds the pool order, another rack or the full state; once the game
is over every rack is public (``final_racks``).
"""

from __future__ import annotations

import attrs

from remi.core.actions import Action
from remi.core.formations import Formation
from remi.core.tiles import Tile
from remi.variants.rummikub.engine import legal_actions
from remi.variants.rummikub.rules import RummikubRules
from remi.variants.rummikub.state import EndReason, RummikubState, StartDraw

__all__ = ["RummikubView", "view"]


@attrs.frozen(kw_only=True)
class RummikubView:
    """Everything seat ``seat`` may see.

    Attributes:
        seat: whose view (0-based).
        rules: the rules in force.
        current: the seat to play.
        rack: his own tiles, sorted.
        table: the sets on the table, in table order.
        tile_counts: tiles on each rack, seat order.
        opened: per seat, the initial meld is made.
        pool_count: tiles left in the pool.
        start_draw: the recorded start draw, or ``None``.
        passes: consecutive turns without a play while the pool is empty.
        legal: the legal actions (``engine.legal_actions``) when it is his turn, else empty.
        end: how the game ended, or ``None``; ``winner``: the seat that went out.
        final_racks: every rack once the game is over, else ``None``.
    """

    seat: int
    rules: RummikubRules
    current: int
    rack: tuple[Tile, ...]
    table: tuple[Formation, ...]
    tile_counts: tuple[int, ...]
    opened: tuple[bool, ...]
    pool_count: int
    start_draw: StartDraw | None
    passes: int
    legal: tuple[Action, ...]
    end: EndReason | None
    winner: int | None
    final_racks: tuple[tuple[Tile, ...], ...] | None

    def __repr__(self) -> str:
        """``<RummikubView p1, p2 to play: rack R1 R5 .. / table [R3 R4 R5] / racks 14 15 /
        pool 77 tiles>``: what this seat sees, in notation."""
        state = "ended" if self.end is not None else f"p{self.current + 1} to play"
        table = " ".join(["table", *(str(f) for f in self.table)])
        counts = " ".join(str(n) for n in self.tile_counts)
        return (
            f"<RummikubView p{self.seat + 1}, {state}: rack {' '.join(map(str, self.rack))} / "
            f"{table} / racks {counts} / pool {self.pool_count} tiles>"
        )


def view(state: RummikubState, seat: int) -> RummikubView:
    """The view of ``seat`` (0-based).

    Raises:
        IndexError: for a seat that does not exist.
    """
    if not 0 <= seat < state.player_count:
        raise IndexError(f"seat p{seat + 1} does not exist ({state.player_count} players)")
    mine = seat == state.current and not state.is_over
    return RummikubView(
        seat=seat,
        rules=state.rules,
        current=state.current,
        rack=state.racks[seat],
        table=state.table,
        tile_counts=tuple(len(r) for r in state.racks),
        opened=state.opened,
        pool_count=len(state.pool),
        start_draw=state.start_draw,
        passes=state.passes,
        legal=tuple(legal_actions(state)) if mine else (),
        end=state.end,
        winner=state.winner,
        final_racks=state.racks if state.is_over else None,
    )
