"""A family's state as plain values for the programs that study hands: ``HandSummary`` and ``TileZones``.

Simulations, soak runs and the conformance tests look at any family's hands the same way; they
ask the family for these values (``Variant.hand_summary``, ``Variant.tile_zones``) instead of
reading its state's fields, which differ from family to family (``turns_ended`` or ``turns``,
a stock or a pool, a discard row or none).
"""

from __future__ import annotations

import attrs

from remi.core.formations import Formation
from remi.core.tiles import Tile

__all__ = ["HandSummary", "TileZones"]


@attrs.frozen(kw_only=True)
class HandSummary:
    """How far a hand has come, in the same shape for every family.

    Attributes:
        turns: the turns ended so far (every player's).
        opened: per seat, seat order: the player has made his opening (etalare; Rummikub-style:
            the initial meld, ``initial_meld.min_points``).
        closed: the hand ended by a player closing (închidere) or going out, not by the stock
            (pool) running out.
    """

    turns: int
    opened: tuple[bool, ...]
    closed: bool


@attrs.frozen(kw_only=True)
class TileZones:
    """Where the tiles of a state are, as the state holds them (the same objects, not copies).

    For checks of hidden information: a view must reach none of another player's ``racks`` and
    not the ``stock`` order; the ``table`` and the ``discards`` are public.

    Attributes:
        racks: each seat's rack, seat order (the state's own tuples).
        stock: the face-down stock (Rummikub-style: the pool), next draw first.
        table: the formations on the table, in table order (the state's own ``Formation`` objects).
        discards: the discard row (șir), oldest first; empty for a family without one.
        public: other objects of the state every player sees whole (the table's entries with
            their owners and attached tiles), which a view may share as they are.
    """

    racks: tuple[tuple[Tile, ...], ...]
    stock: tuple[Tile, ...]
    table: tuple[Formation, ...]
    discards: tuple[Tile, ...] = ()
    public: tuple[object, ...] = ()
