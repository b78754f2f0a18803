"""Shared action values of the Remi move generator (``movegen``): actions are frozen, so one
object per (seat, argument) serves every state and a legal-action list costs little to build.
Each table is emptied when it holds ``_SHARED_LIMIT`` entries (memory stays flat over long
simulations).
"""

from __future__ import annotations

from collections.abc import Iterator

from remi.core.formations import Formation
from remi.core.notation import SlotToken
from remi.core.tiles import ALL_TILE_TYPES, JOLY, Tile
from remi.variants.remi_pe_tabla.actions import Discard, Draw, LayOff, Meld, Take

__all__ = [
    "discard_actions",
    "draw_action",
    "layoff_action",
    "meld_action",
    "meld_action_multi",
    "take_action",
]


# Shared action values: actions are frozen, so one object per (seat, argument) serves every state.
#: Entries a table of shared actions holds before it is emptied (memory stays flat).
_SHARED_LIMIT = 1 << 13
_DISCARDS: dict[int, dict[Tile, Discard]] = {}
_MELDS: dict[tuple[int, Formation], Meld] = {}


def discard_actions(seat: int, rack: tuple[Tile, ...]) -> Iterator[Discard]:
    """One ``Discard`` per distinct tile of ``rack``, in rack order."""
    table = _DISCARDS.get(seat)
    if table is None:
        table = _DISCARDS[seat] = {t: Discard(seat, t) for t in ALL_TILE_TYPES}
    return map(table.__getitem__, dict.fromkeys(rack))


_DRAWS: dict[int, Draw] = {}


def draw_action(seat: int) -> Draw:
    """The shared ``Draw`` of ``seat``."""
    action = _DRAWS.get(seat)
    if action is None:
        action = _DRAWS[seat] = Draw(seat)
    return action


def meld_action(seat: int, formation: Formation) -> Meld:
    """The shared one-formation ``Meld`` of ``seat``."""
    key = (seat, formation)
    action = _MELDS.get(key)
    if action is None:
        if len(_MELDS) >= _SHARED_LIMIT:
            _MELDS.clear()
        action = _MELDS[key] = Meld(seat, (formation,))
    return action


def meld_action_multi(seat: int, formations: tuple[Formation, ...]) -> Meld:
    """The ``Meld`` of ``formations`` (shared when there is one formation)."""
    if len(formations) == 1:
        return meld_action(seat, formations[0])
    return Meld(seat, formations)


_TAKES: dict[tuple[int, int], Take] = {}


def take_action(seat: int, position: int) -> Take:
    """The shared ``Take`` of the șir tile at ``position`` (1-based)."""
    key = (seat, position)
    action = _TAKES.get(key)
    if action is None:
        action = _TAKES[key] = Take(seat, position)
    return action


# Shared layoff values (actions are frozen), by (seat, formation number, tile, stated identity).
_LAYOFFS: dict[tuple[int, int, Tile, Tile | None, str], LayOff] = {}


def layoff_action(seat: int, number: int, tile: Tile, stated: Tile | None, end: str = "") -> LayOff:
    """The shared ``LayOff`` (lipire) of ``tile`` onto table formation ``number`` (1-based),
    a joly with the tile it stands for (``stated``), at the run's ``end`` ("low"/"high") when a
    1 fits both ends (docs/rules.md §0.1)."""
    key = (seat, number, tile, stated, end)
    action = _LAYOFFS.get(key)
    if action is None:
        if len(_LAYOFFS) >= _SHARED_LIMIT:
            _LAYOFFS.clear()
        slot = SlotToken(tile, end=end) if tile is not JOLY else SlotToken(JOLY, stated, end=end)
        action = _LAYOFFS[key] = LayOff(seat, number, (slot,))
    return action
