"""The one-formation melds (etalare) an opened player can lay from his rack, built from pieces.

A rack's candidate formations are the runs (suită) of each colour, read from the numbers of
that colour and the jolys, then the sets (terță) of each number, read from its colours and the
jolys (``remi.core.candidates.candidate_formations``). A rack changes by one tile per action, so
from one state to the next most colours and numbers are as they were, and their formations are
the same shared tuples (``remi.variants.remi_pe_tabla.movegen_formable.rack_pieces``): the move
generator keeps the ``Meld`` actions of each such piece per seat, by the tuple's identity (the
entry holds the tuple), and lists a rack's melds by joining its pieces instead of rebuilding
every formation's action. At most ``_PIECES_LIMIT`` pieces are kept per seat (emptied beyond
this: memory stays flat over long simulations).
"""

from __future__ import annotations

from remi.core.formations import Formation, FormationRules
from remi.core.tiles import Tile
from remi.variants.remi_pe_tabla.actions import Meld
from remi.variants.remi_pe_tabla.movegen_formable import rack_pieces
from remi.variants.remi_pe_tabla.shared_actions import meld_action

__all__ = ["rack_melds"]

#: Pieces kept at once per seat (emptied beyond this).
_PIECES_LIMIT = 1 << 12

# (the piece's formations, held so that its identity is never reused while kept; the melds; the
# most tiles in one of them)
_Piece = tuple[tuple[Formation, ...], tuple[Meld, ...], int]
# seat -> id of a piece's formations -> its melds
_PIECES: dict[int, dict[int, _Piece]] = {}


def rack_melds(seat: int, rack: tuple[Tile, ...], rules: FormationRules) -> list[Meld]:
    """The shared one-formation ``Meld`` of ``seat`` for each candidate formation of ``rack``
    that leaves a tile to discard, in the order of ``candidate_formations`` (runs by colour,
    start and length, then sets by number): ``[meld_action(seat, f) for f in
    candidate_formations(rack, rules) if len(f.tiles) < len(rack)]``."""
    table = _PIECES.get(seat)
    if table is None:
        table = _PIECES[seat] = {}
    size = len(rack)
    out: list[Meld] = []
    for formations in rack_pieces(rack, rules):
        piece = table.get(id(formations))
        if piece is None or piece[0] is not formations:
            if len(table) >= _PIECES_LIMIT:
                table.clear()
            melds = tuple(meld_action(seat, f) for f in formations)
            longest = max((len(f.tiles) for f in formations), default=0)
            piece = table[id(formations)] = (formations, melds, longest)
        _formations, melds, longest = piece
        if longest < size:
            out.extend(melds)
        else:
            out.extend(m for m in melds if len(m.formations[0].tiles) < size)
    return out
