"""Why the Remi bots play what they play: a catalogue sentence per kind of action, for ``hint``.

``reason_for(view, action)`` names the rule of thumb behind an action of the solver's turn
(the club bot plays that turn, docs/bots.md): the announcement that is due (anunț,
docs/rules.md §1.9), a șir break worth more than drawing (rupere, §1.7), the last șir tile that
makes a formation or an opening (§1.5, §1.7), the opening (etalare) and its points, the layout
of highest value, a lay-off (lipire, §1.6), a joly swap (§1.8), a discard. The club bot's
searched discards have their own reasons (``remi.variants.remi_pe_tabla.strategies.club``).
Message ids only; the sentence is the player's language's (``remi.core.advice.reason_text``:
the tiles in the reader's colour letters).
"""

from __future__ import annotations

from remi.core.advice import Tiles
from remi.core.formations import loose_tile_points
from remi.core.messages import N_
from remi.variants.remi_pe_tabla import actions as act
from remi.variants.remi_pe_tabla.opening import opening_points
from remi.variants.remi_pe_tabla.views import PlayerView

__all__ = ["Reason", "reason_for"]

#: A catalogue message id and the values of its fields.
Reason = tuple[str, dict[str, object]]


def reason_for(view: PlayerView, action: act.Action) -> Reason | None:
    """The reason of ``action`` chosen from ``view`` by the solver's turn; None for an action
    it has no sentence for."""
    me = view.players[view.seat]
    rules = view.rules
    if isinstance(action, act.Announce):
        return N_("hint.why.announce"), {"penalty": rules.announce_penalty_points}
    if isinstance(action, act.AnnounceAtu):
        return N_("hint.why.atu"), {}
    if isinstance(action, act.Declare):
        return N_("hint.why.declare"), {}
    if isinstance(action, act.Take):
        if action.position is not None:
            return N_("hint.why.break"), {"position": action.position}
        if me.opened:
            return N_("hint.why.take"), {"tile": Tiles(str(view.sir[-1]))}
        return N_("hint.why.take_opening"), {"tile": Tiles(str(view.sir[-1]))}
    if isinstance(action, act.Draw):
        return N_("hint.why.draw"), {}
    if isinstance(action, act.Meld):
        if not me.opened:
            points = opening_points(action.formations, rules)
            return N_("hint.why.open"), {"points": points, "need": rules.opening_min_points}
        final = rules.final_points
        points = sum(loose_tile_points(t, final) for f in action.formations for t in f.tiles)
        return N_("hint.why.meld"), {"points": points}
    if isinstance(action, act.LayOff):
        return N_("hint.why.layoff"), {}
    if isinstance(action, act.Swap):
        return N_("hint.why.swap"), {"tile": Tiles(str(action.tile))}
    if isinstance(action, act.Undo):
        return N_("hint.why.undo"), {}
    if isinstance(action, act.Discard):
        return N_("hint.why.discard"), {"tile": Tiles(str(action.tile))}
    return None
