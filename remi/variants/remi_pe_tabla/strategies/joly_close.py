"""Keeping a joly on the rack to close with it (the club strategy's joly close).

A closing tile that is a joly multiplies the closer's whole hand score, closing bonus included,
by ``scoring.joly_close_multiplier`` (×2, docs/rules.md §1.12 step 7). The solver strategy lays
its jolys in formations as soon as they add points and keeps one back only when its whole rack
fits at once; measured over club-vs-solver hands it almost never closes with a joly. A joly
laid on the table can besides be swapped by another player (§1.8, +50 to the swapper).

``reserved_play(view, turn)`` plays an opened player's turn with one joly held back: the
formations and lay-offs (lipire, §1.6) made from the rack *without* that joly, so that once
everything else is laid the joly is the last tile and its discard closes the hand (§1.11). The
joly then scores ×2 on ``laid + bonus`` instead of 50 in a formation; the risk (another player
closes while it is on the rack: −50 instead of +50) is why ``holds_joly`` lets it go when
another player has announced (anunț, §1.9) and the reserve is not close to paying.
"""

from __future__ import annotations

import random

from remi.core.errors import IllegalActionError
from remi.core.formations import loose_tile_points
from remi.core.tiles import Tile
from remi.variants.remi_pe_tabla import engine
from remi.variants.remi_pe_tabla.actions import Action, LayOff, Meld, Swap
from remi.variants.remi_pe_tabla.solvers.arrange import max_points_arrangement
from remi.variants.remi_pe_tabla.solvers.planner import best_layout
from remi.variants.remi_pe_tabla.strategies.determinize import determinize
from remi.variants.remi_pe_tabla.strategies.turn import cached_best_opening, without_tile
from remi.variants.remi_pe_tabla.views import PlayerView, TurnView, view

__all__ = ["holds_joly", "opening_without_joly", "placeable_swap", "reserved_play"]


def holds_joly(view: PlayerView, turn: TurnView, *, max_other_tiles: int) -> bool:
    """Whether to keep a joly back this turn: the player has opened, holds a joly, the turn
    has no freed joly to place (it must go into a formation this turn, §1.8), and
    no other player has announced unless the rack holds at most ``max_other_tiles`` tiles
    besides the joly (then closing with it is near)."""
    me = view.players[view.seat]
    if not me.opened or me.pe_tabla or turn.freed_jolys:
        return False
    jolys = sum(t.is_joly for t in view.rack)
    if jolys == 0:
        return False
    others_announced = any(p.announced for p in view.players if p.seat != view.seat)
    return not others_announced or len(view.rack) - 1 <= max_other_tiles


def _without_one_joly(rack: tuple[Tile, ...]) -> tuple[Tile, ...]:
    """``rack`` with one joly removed (the first one)."""
    out = list(rack)
    for i, t in enumerate(out):
        if t.is_joly:
            del out[i]
            break
    return tuple(out)


def reserved_play(view: PlayerView) -> Action | None:
    """The turn's next lay with one joly held back, or None to discard: the highest-value
    formations of the rack less the joly (``max_points_arrangement``, final values §1.12),
    else the highest-value lay-off without a joly. With a taken șir tile: the best layout
    holding it without the joly (``best_layout``), None when there is none (the caller then
    plays the usual turn). With every other tile laid the joly is the
    only tile left and its discard is a joly close (§1.12 step 7)."""
    rules = view.rules
    final = rules.final_points
    rest = _without_one_joly(view.rack)
    turn = view.turn
    taken = turn.taken_tile if turn is not None else None
    if taken is not None:  # a formation must hold the taken șir tile (§1.7)
        layout = best_layout(rest, rules, taken=taken) if taken in rest else ()
        return Meld(view.seat, layout) if layout else None
    if rest and any(isinstance(a, Meld) for a in view.legal):
        formations = max_points_arrangement(rest, rules, final)
        if formations:
            return Meld(view.seat, formations)
    layoffs = [
        a
        for a in view.legal
        if isinstance(a, LayOff) and not any(s.tile is not None and s.tile.is_joly for s in a.tiles)
    ]
    if not layoffs:
        return None
    return max(
        layoffs,
        key=lambda a: sum(loose_tile_points(s.tile, final) for s in a.tiles if s.tile is not None),
    )


def opening_without_joly(view: PlayerView, turn: TurnView) -> Action | None:
    """An opening (etalare, ``opening.min_points``, §1.5) that leaves a joly on the rack: the
    best opening of the rack less one joly (a taken șir tile in it, §1.7), when one exists
    and leaves a tile besides the joly; None otherwise (then the usual opening applies)."""
    me = view.players[view.seat]
    if me.opened or me.pe_tabla or turn.opening or turn.freed_jolys:
        return None
    if not any(t.is_joly for t in view.rack) or not any(isinstance(a, Meld) for a in view.legal):
        return None
    rest = _without_one_joly(view.rack)
    taken = turn.taken_tile
    if taken is not None:
        if taken.is_joly or taken not in rest:
            return None
        rest = without_tile(rest, taken)
    plan = cached_best_opening(tuple(sorted(rest)), view.rules, taken)
    if plan is None or plan.tiles_used >= len(view.rack) - 1:
        return None
    return Meld(view.seat, plan.formations)


def placeable_swap(v: PlayerView) -> Action | None:
    """A listed joly swap (``joly.swap_enabled``, §1.8) whose freed joly the player can then
    lay in a formation of his own (a new formation or lipire onto one he laid,
    ``joly.swap_use``), for an opened player: the joly then scores 50 for him instead of for
    the formation's owner, and the tile given scores for him (§1.12). Checked by playing the
    swap on a determinization of the view (what may follow a swap depends on the rack and the
    table only); None when no swap qualifies."""
    me = v.players[v.seat]
    if not me.opened or me.pe_tabla:
        return None
    swaps = [a for a in v.legal if isinstance(a, Swap)]
    if not swaps:
        return None
    sample = determinize(v, random.Random(0))
    if sample is None:
        return None
    for a in swaps:
        try:
            after = view(engine.apply(sample, a), v.seat)
        except IllegalActionError:
            continue
        for b in after.legal:
            if isinstance(b, Meld | LayOff) and any(t.is_joly for t in _tiles(b)):
                return a
    return None


def _tiles(action: Meld | LayOff) -> list[Tile]:
    """The tiles a meld or a lay-off places."""
    if isinstance(action, Meld):
        return list(action.tiles)
    return [s.tile for s in action.tiles if s.tile is not None]
