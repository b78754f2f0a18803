"""Claiming a missed announcement (``announce.penalty = "claim"``, docs/rules.md §1.9, §1.14).

Under ``announce.penalty = "claim"`` a player who ended a turn with 1..``announce.max_tiles``
tiles without announcing (anunț) is penalised only if an opponent claims it: ``p3 claim p2``,
made in the claimant's own turn (before or after taking), from the end of the offender's turn
until the hand ends, once per offender. Whether a player missed his announcement is public (his
tile count and announcements are), so a claim reveals nothing hidden. The penalty itself is
scored at the end of the hand (``announce.penalty_points``, ``remi.variants.remi_pe_tabla.scoring``).

``claim_actions`` lists the claims open to the player to move (the move generator calls it);
``apply_claim`` is the engine's handler, which refuses a claim with the rule id
``announce.penalty``.
"""

from __future__ import annotations

from remi.core.errors import Seat
from remi.variants.remi_pe_tabla.actions import Claim
from remi.variants.remi_pe_tabla.engine_common import _PLAY, _TAKE, _illegal, _phase_error
from remi.variants.remi_pe_tabla.state import GameState

__all__ = ["apply_claim", "claim_actions", "claims_open"]


def claims_open(state: GameState) -> bool:
    """True when the rules let a missed announcement be claimed (``announce.required`` and
    ``announce.penalty = "claim"``)."""
    rules = state.rules
    return rules.announce_required and rules.announce_penalty == "claim"


def claim_actions(state: GameState) -> list[Claim]:
    """The claims the player to move may make now: one per opponent whose missed announcement
    is unclaimed, in seat order; none outside a turn's take and play phases or when the rules
    penalise automatically (``announce.penalty``)."""
    if state.phase not in (_TAKE, _PLAY) or not claims_open(state):
        return []
    seat = state.current
    return [
        Claim(seat, other)
        for other, p in enumerate(state.players)
        if other != seat and p.failed_announcement and not p.announcement_claimed
    ]


def apply_claim(state: GameState, action: Claim) -> GameState:
    """The state after ``action``: the target's omission marked claimed (an undoable step of
    the turn, as an announcement is).

    Raises:
        IllegalActionError: ``turn.phase`` outside the take and play phases;
            ``announce.penalty`` when the rules penalise automatically, the target is the
            claimant or no seat, the target did not miss an announcement, or it was claimed.
    """
    if state.phase not in (_TAKE, _PLAY):
        raise _phase_error(state, action)
    if not claims_open(state):
        raise _illegal("error.claim.disabled", "announce.penalty", action)
    target = action.target
    if target == action.player or target >= len(state.players):
        raise _illegal("error.claim.seat", "announce.penalty", action, seat=Seat(target))
    claimed = state.players[target]
    if not claimed.failed_announcement:
        raise _illegal("error.claim.nothing", "announce.penalty", action, seat=Seat(target))
    if claimed.announcement_claimed:
        raise _illegal("error.claim.again", "announce.penalty", action, seat=Seat(target))
    players = list(state.players)
    players[target] = claimed.evolve(announcement_claimed=True)
    return state.evolve(
        players=tuple(players),
        turn=state.turn.evolve(undoable=state.turn.undoable + 1),
    )
