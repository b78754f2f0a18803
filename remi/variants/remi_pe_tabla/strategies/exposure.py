"""Joly exposure: a joly laid where another player can swap it (docs/rules.md §1.8).

A joly on the table may be swapped by any player for the exact tile it stands for; the swapper
then scores the tile he gave and the joly (50, docs/rules.md §1.12) in his own formation, and
the joly's owner loses it. A joly is *exposed* when both copies of the tile it stands for are
still unseen by the player laying it (not on his rack, the table or in the șir): another player
may hold one. A joly of a 3-tile set stands for either missing colour and is locked until both
are on the table (§3.13), so it is not counted exposed. Public information only.
"""

from __future__ import annotations

from remi.core.formations import Formation
from remi.variants.remi_pe_tabla.actions import Action, LayOff, Meld
from remi.variants.remi_pe_tabla.solvers.planner import unseen_counts
from remi.variants.remi_pe_tabla.views import PlayerView

__all__ = ["exposed_formation", "lays_joly", "without_exposed"]


def exposed_formation(formation: Formation, view: PlayerView) -> bool:
    """Whether ``formation`` (to be laid from ``view.rack``) holds a joly standing for a tile of
    which both copies are unseen (module docstring)."""
    unseen = unseen_counts(view.rack, view.table, view.sir)
    for tile, ident in zip(formation.tiles, formation.identities, strict=True):
        if tile.is_joly and ident is not None and unseen[ident.code] >= 2:
            return True
    return False


def lays_joly(action: Action) -> bool:
    """Whether ``action`` is a lay-off (lipire) that attaches a joly."""
    return isinstance(action, LayOff) and any(t.tile.is_joly for t in action.tiles)


def without_exposed(action: Meld, view: PlayerView) -> Meld | None:
    """``action`` less its exposed formations (``exposed_formation``); None when none is left."""
    kept = tuple(f for f in action.formations if not exposed_formation(f, view))
    return Meld(action.player, kept) if kept else None
