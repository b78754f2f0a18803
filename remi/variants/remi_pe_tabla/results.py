"""End of a played hand: the scoring input (``HandEnd``) built from a finished ``GameState``.

The engine keeps who placed each tile (``TableFormation.placed_by`` / ``via`` / ``swapped``);
this module turns that into the ``remi.variants.remi_pe_tabla.scoring`` values, so a played hand and a dispute file are
scored by the same ``score_hand`` (docs/rules.md §1.12).
"""

from __future__ import annotations

from collections.abc import Sequence

from remi.core.errors import RemiError
from remi.core.handend import HandEnd, PlacedFormation, PlacedTile, PlayerEnd
from remi.core.scoring import PlayerScore
from remi.variants.remi_pe_tabla.scoring import score_hand
from remi.variants.remi_pe_tabla.state import GameState, Phase

__all__ = ["default_names", "hand_end", "score_state"]


def default_names(player_count: int) -> tuple[str, ...]:
    """Seat names ``p1``..``pN`` (the notation's player tokens)."""
    return tuple(f"p{i + 1}" for i in range(player_count))


def hand_end(state: GameState, names: Sequence[str] | None = None) -> HandEnd:
    """The ``HandEnd`` of a finished hand, players named ``names`` (default ``p1``..``pN``).

    Raises:
        RemiError: when the hand has not ended yet, or ``names`` has the wrong length.
    """
    if state.phase is not Phase.ENDED or state.result is None:
        raise RemiError("the hand has not ended: nothing to score yet")
    names = tuple(names) if names is not None else default_names(state.player_count)
    if len(names) != state.player_count:
        raise RemiError(f"{len(names)} names for {state.player_count} players")
    players = tuple(
        PlayerEnd(
            name=names[i],
            rack=p.rack,
            opened=p.opened,
            failed_announcement=p.failed_announcement,
            announcement_claimed=p.announcement_claimed,
            atu=p.atu_announced,
            pe_tabla=p.pe_tabla,
        )
        for i, p in enumerate(state.players)
    )
    formations = tuple(
        PlacedFormation(
            owner=names[tf.owner],
            formation=tf.formation,
            placed=tuple(
                PlacedTile(tile=tile, placed_by=names[seat], via=via, swapped=swapped)
                for tile, seat, via, swapped in zip(
                    tf.formation.tiles, tf.placed_by, tf.via, tf.swapped
                )
            ),
        )
        for tf in state.table
    )
    result = state.result
    return HandEnd(
        players=players,
        formations=formations,
        closed_by=None if result.closed_by is None else names[result.closed_by],
        closing_tile=result.closing_tile,
        stock_exhausted=result.stock_exhausted,
        atu=state.atu,
    )


def score_state(state: GameState, names: Sequence[str] | None = None) -> tuple[PlayerScore, ...]:
    """Score a finished hand with ``remi.variants.remi_pe_tabla.scoring.score_hand`` under the state's own rules.

    Returns one ``PlayerScore`` per seat, in seat order, each with its explained lines.

    Raises:
        RemiError: when the hand has not ended.
    """
    return score_hand(hand_end(state, names), state.rules)
