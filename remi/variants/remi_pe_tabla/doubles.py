"""Doubles (duble) and their exchange before play (``deal.doubles_exchange``, docs/rules.md §1.14).

A double is a numbered tile held twice (two jolys are none). Its category is ``ones`` (a double
of 1s), ``small`` (2-9, dublă mică) or ``big`` (10-13, dublă mare). The engine, the move
generator, the events and the bots ask these functions, so they read the rule alike.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from remi.core.tiles import Tile

__all__ = ["double_category", "double_tiles", "may_answer"]


def double_category(tile: Tile) -> str:
    """The category of a double of ``tile``: ``"ones"``, ``"small"`` (2-9) or ``"big"`` (10-13).

    >>> double_category(Tile.parse("R5")), double_category(Tile.parse("K12"))
    ('small', 'big')
    """
    if tile.number == 1:
        return "ones"
    return "small" if tile.number <= 9 else "big"


def double_tiles(rack: Sequence[Tile]) -> tuple[Tile, ...]:
    """The tiles of ``rack`` held twice (its doubles, each once), jolys left out, sorted by code."""
    counts = Counter(t for t in rack if not t.is_joly)
    return tuple(sorted((t for t, n in counts.items() if n >= 2), key=lambda t: t.code))


def may_answer(offered: Tile, given: Tile, exchange: str) -> bool:
    """Whether ``given`` (a tile of the partner's double) may answer the offer of ``offered``
    under ``deal.doubles_exchange = exchange``: any double when ``free``, one of the same
    category when ``same_category``, none when ``none``."""
    if exchange == "free":
        return True
    return exchange == "same_category" and double_category(offered) == double_category(given)
