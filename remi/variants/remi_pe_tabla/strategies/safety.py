"""Șir safety: how likely a discard is to feed the next player through the discard row.

A player who has opened and holds at least ``sir.break_min_rack_tiles`` tiles may break the șir
(rupere, docs/rules.md §1.7): he takes an earlier tile and *every later one*, the discard just
made included, and may lay all of them. The solver's denial counts the șir's tiles as seen and
so as safe; here they count as the next player's. ``sir_exposure(tile, ...)`` estimates how
usable a discard is to that player once he can reach the șir:

- it can be attached (lipire) to a table formation: anyone who has opened can lay it
  (``table_fit`` points);
- it makes a 3-tile formation (suită or terță) with two tiles he can reach: a partner is
  reachable with certainty when it lies in the șir, else with the chance that he holds it
  (its unseen copies times his rack size over all unseen tiles); each such pair adds
  ``pair`` points times the product of both chances.

Zero when the next player cannot break (not opened, too few tiles, breaking off) or the șir is
empty. Public information only (the view's rack, table, șir and counts).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence

from remi.core.tiles import COLOURS, Tile
from remi.variants.remi_pe_tabla.solvers.planner import table_fits, unseen_counts
from remi.variants.remi_pe_tabla.views import PlayerView

__all__ = ["can_break", "partner_pairs", "ranked_safely", "sir_exposure"]


def partner_pairs(tile: Tile) -> Iterator[tuple[Tile, Tile]]:
    """The pairs of tiles that make a 3-tile formation with the numbered ``tile``: the runs
    (suită, same colour, 1 low; docs/rules.md §1.4) holding it and the sets (terță, same number,
    other colours). Nothing for a joly."""
    colour, n = tile.colour, tile.number
    if colour is None:
        return
    for a, b in ((n - 2, n - 1), (n - 1, n + 1), (n + 1, n + 2)):
        if 1 <= a and b <= 13:
            yield Tile(colour, a), Tile(colour, b)
    others = [c for c in COLOURS if c is not colour]
    for i in range(len(others)):
        for j in range(i + 1, len(others)):
            yield Tile(others[i], n), Tile(others[j], n)


def can_break(view: PlayerView, seat: int) -> bool:
    """Whether ``seat`` may break the șir on his next turn as the view shows him: breaking is
    on (``sir.break_enabled``), he has opened (or need not, ``sir.break_requires_opened``), is
    not pe tablă, and holds at least ``sir.break_min_rack_tiles`` tiles (and more than three,
    ``sir.three_tiles_last_only``)."""
    rules = view.rules
    p = view.players[seat]
    if not rules.sir_break_enabled or p.pe_tabla:
        return False
    if rules.sir_break_requires_opened and not p.opened:
        return False
    need = max(rules.sir_break_min_rack_tiles, 4 if rules.sir_three_tiles_last_only else 0)
    return p.tile_count >= need


def sir_exposure(
    tile: Tile, view: PlayerView, *, table_fit: float = 1.0, pair: float = 1.0
) -> float:
    """How usable ``tile`` is to the next player once discarded (module docstring), in the
    units of ``table_fit`` and ``pair``; 0.0 when he cannot break the șir or it is empty, and
    for a joly (never a safe discard: the keep scores keep it)."""
    nxt = (view.seat + 1) % len(view.players)
    if tile.is_joly or not view.sir or not can_break(view, nxt):
        return 0.0
    score = table_fit if tile in table_fits(view.table) else 0.0
    unseen = unseen_counts(view.rack, view.table, view.sir)
    total = max(1, sum(unseen))
    hand = view.players[nxt].tile_count
    in_sir = Counter(view.sir)

    def reach(t: Tile) -> float:
        if in_sir[t]:
            return 1.0
        return min(1.0, unseen[t.code] * hand / total)

    for a, b in partner_pairs(tile):
        if in_sir[a] or in_sir[b]:  # pairs of two hidden tiles are the solver's denial already
            score += pair * reach(a) * reach(b)
    return score


def ranked_safely(ranked: Sequence[Tile], view: PlayerView, tolerance: float) -> list[Tile]:
    """``ranked`` (best discard first) with the tiles whose ``sir_exposure`` exceeds
    ``tolerance`` moved to the end (order kept within both groups); unchanged when every tile
    is exposed."""
    safe = [t for t in ranked if sir_exposure(t, view) <= tolerance]
    if not safe:
        return list(ranked)
    return safe + [t for t in ranked if t not in safe]
