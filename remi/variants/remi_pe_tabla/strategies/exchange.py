"""How the Remi strategies exchange doubles before play (``deal.doubles_exchange``, docs/rules.md
§1.14): give away only a spare copy, one whose loss leaves the rack's best formations as they are.

A double's second copy is a spare when the rack's arrangement of highest final value
(``max_points_arrangement``) lays as many tiles without it. Giving a spare for an unseen tile of
a double can only keep or improve the rack's formations, so the strategy offers its first spare
(lowest tile first) to the next seat, and answers an offer with a spare the rule allows; with
no spare it passes (or refuses).
"""

from __future__ import annotations

from remi.core.actions import Action
from remi.core.tiles import Tile
from remi.variants.remi_pe_tabla.actions import Accept, Offer, Pass
from remi.variants.remi_pe_tabla.doubles import double_tiles
from remi.variants.remi_pe_tabla.rules import RemiRules
from remi.variants.remi_pe_tabla.solvers import max_points_arrangement
from remi.variants.remi_pe_tabla.views import PlayerView

__all__ = ["exchange_action", "spare_doubles"]


def _laid(rack: tuple[Tile, ...], rules: RemiRules) -> int:
    """Tiles the rack's arrangement of highest final value lays."""
    return sum(len(f.tiles) for f in max_points_arrangement(rack, rules, rules.final_points))


def spare_doubles(rack: tuple[Tile, ...], rules: RemiRules) -> tuple[Tile, ...]:
    """The doubles of ``rack`` whose second copy the best arrangement does not need (sorted)."""
    base = _laid(rack, rules)
    out = []
    for tile in double_tiles(rack):
        rest = list(rack)
        rest.remove(tile)
        if _laid(tuple(rest), rules) >= base:
            out.append(tile)
    return tuple(out)


def exchange_action(view: PlayerView) -> Action:
    """The strategies' action in phase ``EXCHANGE``: offer a spare copy to the next seat, answer
    an offer with a spare the rule allows, else pass (refuse)."""
    seat = view.seat
    spares = spare_doubles(tuple(view.rack), view.rules)
    for action in view.legal:
        if isinstance(action, Accept) and action.tile in spares:
            return action
    if spares:
        offer = Offer(seat, spares[0], (seat + 1) % len(view.players))
        if offer in view.legal:
            return offer
    return Pass(seat)
