"""The deal from a wall of stacks (``deal.method = "wall"``, docs/rules.md §1.14).

The 106 shuffled tiles are built into a wall of 15 stacks of 7 (grămezi) with one spare tile
left over. The spare cuts the wall: counting stacks from the start of the wall as far as the
spare's number (a joly counts 15), the spare goes face up on top of that stack in place of its
top tile, which goes face down on top of the next stack (now 8 tiles). That stack goes to the
first player, and the dealing goes on round the table one stack at a time, from the end of the
wall back to its start, until everyone holds two stacks: 15 tiles for the first player, 14 for
the others. The stacks left are the stock, drawn top first from the stack after the last one
dealt, round to the cut stack, whose face-up top tile (the spare) is the atu when
``atu.enabled``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from remi.core.tiles import Tile, sort_tiles

__all__ = ["STACKS", "STACK_TILES", "cut_stack", "wall_deal"]

STACKS: Final = 15
"""Stacks in the wall."""
STACK_TILES: Final = 7
"""Tiles in one stack; 15 x 7 = 105, the 106th tile is the spare."""


def cut_stack(spare: Tile) -> int:
    """The stack (0-based, from the start of the wall) the spare tile is laid on: as many
    stacks as its number (1-13), the last stack for a joly.

    >>> cut_stack(Tile.parse("R5")), cut_stack(Tile.parse("J"))
    (4, 14)
    """
    return STACKS - 1 if spare.is_joly else spare.number - 1


def wall_deal(
    tiles: Sequence[Tile], player_count: int
) -> tuple[tuple[tuple[Tile, ...], ...], tuple[Tile, ...], int]:
    """Deal ``tiles`` (the 106 tiles in shuffled order) from a wall (``deal.method = wall``).

    Stack ``i`` of the wall is ``tiles[7 * i : 7 * i + 7]``, top tile first; ``tiles[105]`` is
    the spare.

    Returns:
        (racks, stock, atu_at): the racks in seat order (sorted; 15 tiles for the first
        player, 14 for the others), the stock (next draw first), and the index in the stock of
        the spare, face up on top of the cut stack (the stock's last stack).

    Raises:
        ValueError: for a tile count other than 106 or more than 7 players.
    """
    if len(tiles) != STACKS * STACK_TILES + 1 or not 1 <= player_count <= (STACKS - 1) // 2:
        raise ValueError(f"a wall needs 106 tiles and 1-7 players, got {len(tiles)} tiles")
    stacks = [list(tiles[i * STACK_TILES : (i + 1) * STACK_TILES]) for i in range(STACKS)]
    spare = tiles[-1]
    cut = cut_stack(spare)
    first = (cut + 1) % STACKS
    displaced = stacks[cut][0]
    stacks[cut][0] = spare
    stacks[first].insert(0, displaced)
    order = [stacks[(first + i) % STACKS] for i in range(STACKS)]
    racks = tuple(
        sort_tiles(order[seat] + order[player_count + seat]) for seat in range(player_count)
    )
    stock = tuple(tile for stack in order[2 * player_count :] for tile in stack)
    return racks, stock, len(stock) - STACK_TILES
