"""Why the Rummikub ``club`` bot chooses its turn, in a sentence (``hint``): the catalogue
message ids ``hint.why.rk_*`` and their values, for ``RummikubClubStrategy.advise``
(``remi.variants.rummikub.club``; docs/rules.md §2.4, §2.5, §2.9, §2.10).

The counts are plural messages told in the reader's language (``points``, ``need``:
``count.points``, "20 de puncte", "5 puncte", "1 point"; ``deals``: ``hint.deals``, the rollouts
over deals of the hidden tiles) and the held sets are ``Tiles``, shown in the reader's colour
letters (``remi.core.advice.reason_text``)."""

from __future__ import annotations

from collections import Counter

from remi.core.actions import Action
from remi.core.advice import Tiles, deals, points
from remi.core.formations import Formation
from remi.core.messages import N_
from remi.variants.rummikub.actions import Pass, Play
from remi.variants.rummikub.views import RummikubView

__all__ = ["Kind", "Reason", "first_reason", "placed_tiles", "replaced_reason"]

#: Why a decision was taken: a catalogue message id and the values that fill it.
Reason = tuple[str, dict[str, object]]
#: A candidate's kind: ``solver``, ``points``, ``jokers``, ``held`` (with the sets held back
#: on the rack) or ``draw`` (the listed draw or pass).
Kind = tuple[str, tuple[Formation, ...]]


def first_reason(view: RummikubView, first: Action) -> Reason:
    """Why the solver's move ``first`` (``candidates``' first) would be played as it is:
    going out (§2.9), the most tiles placed (§2.4), or nothing to play: a draw (§2.4; before
    the initial meld, no meld of ``initial_meld.min_points``, §2.5) or a pass (§2.10)."""
    if isinstance(first, Play):
        placed = placed_tiles(view, first)
        if placed >= len(view.rack):
            return N_("hint.why.rk_out"), {}
        return N_("hint.why.rk_only"), {"tiles": placed}
    if isinstance(first, Pass):
        return N_("hint.why.rk_pass"), {}
    if not view.opened[view.seat]:
        return N_("hint.why.rk_no_meld"), {"need": points(view.rules.initial_meld_min_points)}
    return N_("hint.why.rk_no_play"), {}


def replaced_reason(view: RummikubView, kind: Kind, gain: float, samples: int) -> Reason:
    """Why the candidate of ``kind`` replaced the solver's move: it came out ahead by
    ``gain`` points (the mean over ``samples`` paired rollouts, rounded to whole points)."""
    values: dict[str, object] = {"points": points(round(gain)), "deals": deals(samples)}
    name, held = kind
    if name == "draw":
        opened = view.opened[view.seat]
        return (N_("hint.why.rk_draw_hold") if opened else N_("hint.why.rk_draw_wait")), values
    if name == "points":
        return N_("hint.why.rk_points"), values
    if name == "jokers":
        return N_("hint.why.rk_jokers"), {**values, "joker": view.rules.scoring_joker_points}
    sets = Tiles(" ".join(f.text(view.rules.formation_rules) for f in held))
    return N_("hint.why.rk_hold_set"), {**values, "sets": sets}


def placed_tiles(view: RummikubView, play: Play) -> int:
    """Rack tiles ``play`` adds to the table."""
    before = Counter(t for f in view.table for t in f.tiles)
    return sum((Counter(t for f in play.table for t in f.tiles) - before).values())
