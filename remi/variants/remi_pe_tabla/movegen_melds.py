"""The one-formation melds (etalare) an opened player can lay from his rack, built from pieces.

A rack's candidate formations are the runs (suită) of each colour, read from the numbers of
that colour and the jolys, then the sets (terță) of each number, read from its colours and the
jolys (``remi.core.candidates.candidate_formations``). A rack changes by one tile per action, so
from one state to the next most colours and numbers are as they were: the move generator keeps
the ``Meld`` actions of each such piece (per seat, colour and numbers present, or number and
colours present, and the jolys) and lists a rack's melds by joining its pieces, instead of
rebuilding every formation's action. At most ``_PIECES_LIMIT`` pieces are kept per seat and
formation rules (emptied beyond this: memory stays flat over long simulations).
"""

from __future__ import annotations

from remi.core.candidates import _COLOUR_COUNT, _masks_of, _runs_for, _sets_for
from remi.core.formations import Formation, FormationRules
from remi.core.tiles import Tile
from remi.variants.remi_pe_tabla.actions import Meld
from remi.variants.remi_pe_tabla.shared_actions import meld_action

__all__ = ["rack_melds"]

#: Pieces kept at once per (seat, formation rules).
_PIECES_LIMIT = 1 << 13
# a set piece's key is marked by this bit (a run key, numbers << 4 | colour << 2 | jolys, is
# below it)
_SET_KEY = 1 << 20

_Piece = tuple[tuple[Meld, ...], int]  # (the melds, the most tiles in one of them)
_PIECES: dict[tuple[int, FormationRules], dict[int, _Piece]] = {}


def rack_melds(seat: int, rack: tuple[Tile, ...], rules: FormationRules) -> list[Meld]:
    """The shared one-formation ``Meld`` of ``seat`` for each candidate formation of ``rack``
    that leaves a tile to discard, in the order of ``candidate_formations`` (runs by colour,
    start and length, then sets by number): ``[meld_action(seat, f) for f in
    candidate_formations(rack, rules) if len(f.tiles) < len(rack)]``."""
    table = _PIECES.get((seat, rules))
    if table is None:
        table = _PIECES[(seat, rules)] = {}
    run_masks, set_masks, jolys = _masks_of(rack)
    size = len(rack)
    out: list[Meld] = []
    for ci in range(4):
        mask = run_masks[ci]
        if mask:
            key = mask << 4 | ci << 2 | jolys
            piece = table.get(key)
            if piece is None:
                piece = _keep(table, key, seat, _runs_for(ci, mask, jolys, rules))
            _join(out, piece, size)
    short = rules.min_tiles - jolys  # fewer colours than this make no set
    for n in range(13):
        mask = set_masks[n]
        if mask and _COLOUR_COUNT[mask] >= short:
            key = _SET_KEY | mask << 6 | n << 2 | jolys
            piece = table.get(key)
            if piece is None:
                piece = _keep(table, key, seat, _sets_for(n + 1, mask, jolys, rules))
            _join(out, piece, size)
    return out


def _keep(
    table: dict[int, _Piece], key: int, seat: int, formations: tuple[Formation, ...]
) -> _Piece:
    """Make, keep and return the piece of ``formations``."""
    if len(table) >= _PIECES_LIMIT:
        table.clear()
    melds = tuple(meld_action(seat, f) for f in formations)
    piece = table[key] = (melds, max((len(f.tiles) for f in formations), default=0))
    return piece


def _join(out: list[Meld], piece: _Piece, size: int) -> None:
    """Add the melds of ``piece`` that leave a tile of a ``size``-tile rack to discard."""
    melds, longest = piece
    if longest < size:
        out.extend(melds)
    else:
        out.extend(m for m in melds if len(m.formations[0].tiles) < size)
