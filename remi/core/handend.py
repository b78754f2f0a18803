"""The end of a hand as a table of facts: who placed which tile in which formation, each rack, who
closed; the input of end-of-hand scoring and of dispute files (docs/rules.md §1.12).

These are plain values any family can describe its end of hand with (the Rummikub family's
dispute files use the racks and the closer only); checking and scoring them is the family's.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Final

import attrs

from remi.core.errors import RemiError
from remi.core.formations import Formation
from remi.core.tiles import COPIES, JOLY_COUNT, Tile

__all__ = [
    "ATU_DOUBLING_FACTOR",
    "VIA_LAYOFF",
    "VIA_MELD",
    "VIA_SWAP",
    "HandEnd",
    "HandEndError",
    "PlacedFormation",
    "PlacedTile",
    "PlayerEnd",
    "tile_overuse",
]

VIA_MELD: Final = "meld"
VIA_LAYOFF: Final = "layoff"
VIA_SWAP: Final = "swap"
_VIAS: Final = (VIA_MELD, VIA_LAYOFF, VIA_SWAP)
ATU_DOUBLING_FACTOR: Final = 2


class HandEndError(RemiError, ValueError):
    """A ``HandEnd`` that cannot be the end of a hand (unknown player, a closer holding tiles...).

    Attributes:
        key: where the problem is, e.g. ``players[1].rack`` or ``formations[0].placed[2]``
            (0-based indexes into the ``HandEnd`` tuples).
    """

    def __init__(self, message: str, *, key: str = ""):
        super().__init__(f"{key}: {message}" if key else message)
        self.key = key


@attrs.frozen(kw_only=True)
class PlacedTile:
    """One tile position of a formation on the table, with who put it there.

    Attributes:
        tile: the tile as laid (``JOLY`` for a joly).
        placed_by: name of the player who put it there.
        via: ``"meld"`` (in the formation when its owner laid it, etalare), ``"layoff"``
            (attached later, lipire) or ``"swap"`` (given in exchange for a joly,
            docs/rules.md §1.8).
        swapped: for a joly, it was swapped once and lies face down; it then scores
            ``scoring.swapped_joly_points`` (docs/rules.md §3.12).
    """

    tile: Tile
    placed_by: str
    via: str
    swapped: bool = False


@attrs.frozen(kw_only=True)
class PlacedFormation:
    """A formation on the table: its owner, the formation and who placed each of its tiles.

    Attributes:
        owner: the player who laid it.
        formation: the valid ``remi.core.formations.Formation``, tiles in table order.
        placed: one ``PlacedTile`` per tile, same length and order as ``formation.tiles``.
    """

    owner: str
    formation: Formation
    placed: tuple[PlacedTile, ...]

    @classmethod
    def laid_by(cls, owner: str, formation: Formation) -> PlacedFormation:
        """A formation exactly as ``owner`` laid it: every tile ``via="meld"`` by the owner."""
        placed = tuple(PlacedTile(tile=t, placed_by=owner, via=VIA_MELD) for t in formation.tiles)
        return cls(owner=owner, formation=formation, placed=placed)


@attrs.frozen(kw_only=True)
class PlayerEnd:
    """One player at the end of a hand.

    Attributes:
        name: the player's name (unique at the table).
        rack: tiles left on his rack (tabla), in any order.
        opened: he made his opening (etalare) during the hand.
        failed_announcement: he ended a turn with 1..``announce.max_tiles`` tiles without
            having announced (docs/rules.md §1.9).
        announcement_claimed: an opponent claimed that missed announcement (under
            ``announce.penalty = "claim"`` only a claimed one is penalised, docs/rules.md §1.14).
        atu: he announced holding the atu's twin (docs/rules.md §1.2).
        pe_tabla: he declared "pe tablă" (docs/rules.md §1.10).
    """

    name: str
    rack: tuple[Tile, ...]
    opened: bool
    failed_announcement: bool = False
    announcement_claimed: bool = False
    atu: bool = False
    pe_tabla: bool = False


@attrs.frozen(kw_only=True)
class HandEnd:
    """The table at the end of a hand, as ``score_hand`` needs it.

    Attributes:
        players: every player, in seat order.
        formations: every formation on the table.
        closed_by: the closer's name (închidere), or ``None`` when the stock ran out.
        closing_tile: the tile the closer discarded last (it lies in the șir and counts for
            nobody); ``None`` when nobody closed.
        stock_exhausted: the hand ended because the stock ran out (docs/rules.md §1.11).
        atu: the face-up atu tile, when the rules use one (``atu.enabled``).
    """

    players: tuple[PlayerEnd, ...]
    formations: tuple[PlacedFormation, ...]
    closed_by: str | None
    closing_tile: Tile | None
    stock_exhausted: bool = False
    atu: Tile | None = None


def tile_overuse(tiles: Iterable[Tile]) -> list[tuple[Tile, int, int]]:
    """Tiles used more often than the 106-tile set holds them (docs/rules.md §0.1).

    Returns ``(tile, used, allowed)`` for each offending tile type, in rack order: a numbered
    tile exists twice, the joly twice.
    """
    counts = Counter(tiles)
    out = []
    for tile in sorted(counts, key=lambda t: t.code):
        allowed = JOLY_COUNT if tile.is_joly else COPIES
        if counts[tile] > allowed:
            out.append((tile, counts[tile], allowed))
    return out
