"""Determinizations of a Remi pe tablă view: full game states consistent with what it shows.

``determinize(view, rng)`` builds a ``GameState`` from a ``PlayerView`` only: the viewer's own
rack, the table, the discard row (șir), the atu, every public player flag and rack size come from
the view; the tiles it cannot see (the 106-tile set, docs/rules.md §1.2, less its rack, the table
and the șir) are shuffled with ``rng`` and dealt to the other racks (their public sizes) and the
stock (``view.stock_count``). The club strategy plays its candidate actions out on such states;
nothing hidden of the true state is read.
"""

from __future__ import annotations

import random
from collections import Counter

from remi.core.tiles import FULL_SET, Tile, sort_tiles
from remi.variants.remi_pe_tabla.state import GameState, PlayerState, TurnState
from remi.variants.remi_pe_tabla.views import PlayerView

__all__ = ["determinize", "unseen_tiles"]


def unseen_tiles(view: PlayerView) -> list[Tile]:
    """The tiles the viewer cannot see (other racks and the stock), in a fixed order (sorted
    by code): the full set less his rack, the table's formations, the șir and an atu set
    aside."""
    counts = Counter(FULL_SET)
    counts.subtract(view.rack)
    counts.subtract(view.sir)
    for tf in view.table:
        counts.subtract(tf.formation.tiles)
    if view.atu_aside and view.atu is not None:  # face up beside the stock (atu.tile)
        counts[view.atu] -= 1
    return sorted(counts.elements(), key=lambda t: t.code)


def determinize(view: PlayerView, rng: random.Random) -> GameState | None:
    """A state consistent with ``view`` (its hidden tiles shuffled by ``rng``), with the view's
    seat, phase and turn (an undo, when the view allows one, returns to the sample itself); None when the view's counts do not add up to the tile set (never for
    a view of a real state)."""
    hidden = unseen_tiles(view)
    sizes = [0 if p.seat == view.seat else p.tile_count for p in view.players]
    if sum(sizes) + view.stock_count != len(hidden):
        return None
    rng.shuffle(hidden)
    players = []
    at = 0
    n = len(view.players)
    for p in view.players:
        if p.seat == view.seat:
            rack = view.rack
        else:
            rack = sort_tiles(hidden[at : at + p.tile_count])
            at += p.tile_count
        players.append(
            PlayerState(
                rack=tuple(rack),
                opened=p.opened,
                announced=p.announced,
                failed_announcement=p.failed_announcement,
                announcement_claimed=p.announcement_claimed,
                pe_tabla=p.pe_tabla,
                atu_announced=p.atu_announced,
                turns_played=(view.turns_ended - p.seat + n - 1) // n,
            )
        )
    t = view.turn
    turn = TurnState()
    if t is not None:
        turn = TurnState(
            rack_at_start=len(view.rack),
            took=t.took,
            taken_tile=t.taken_tile,
            taken_used=t.taken_tile is not None and not t.can_undo,
            freed_jolys=t.freed_jolys,
            laid=t.laid,
            opening=t.opening,
        )
    state = GameState(
        rules=view.rules,
        players=tuple(players),
        stock=tuple(hidden[at:]),
        sir=view.sir,
        table=view.table,
        current=view.current,
        phase=view.phase,
        turns_ended=view.turns_ended,
        turn=turn,
        atu=view.atu,
        atu_aside=view.atu_aside,
    )
    if t is not None and t.can_undo:
        # an undo returns to this very position (the true checkpoint is not in the view)
        state = state.evolve(turn=turn.evolve(undoable=1, checkpoint=state))
    return state
