"""Rummikub-style dispute files and checks: the ``DisputeSupport`` of family ``rummikub``.

This family scores the racks only, so its dispute file gives ``[players.NAME] rack`` and
``[end] closed_by`` (who went out) or ``stock_exhausted = true`` (the pool ran out and nobody
could play); no formations, atu or closing tile (docs/disputes.md). Its checks are
``remi.variants.rummikub.checks``; it keeps no match to a target. The module registers
``RUMMIKUB_DISPUTES`` with ``remi.core.dispute_support.register_dispute_support`` when it is imported
(the family's ``variant`` module imports it).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from remi.core.disputefile import (
    Dispute,
    DisputeError,
    check_tile_counts,
    make_dispute,
    no_unknown,
    rack_uses,
    read_end,
    read_players,
    read_racks,
)
from remi.core.errors import Told
from remi.core.handend import HandEnd, PlayerEnd
from remi.core.messages import N_
from remi.core.reports import MatchReport, MeldReport, OpeningReport
from remi.core.rulespec import RuleSet
from remi.core.scoring import PlayerScore
from remi.variants.rummikub import checks
from remi.variants.rummikub.rules import RummikubRules

__all__ = ["RUMMIKUB_DISPUTES", "RummikubDisputes"]

#: The top-level keys of this family's (rack-only) dispute file.
_TOP_KEYS: Final = ("rules", "description", "options", "players", "end", "expect")


def _rummikub(rules: RuleSet) -> RummikubRules:
    """``rules`` as ``RummikubRules`` (the registry hands this family only its own rule sets)."""
    assert isinstance(rules, RummikubRules), rules.family
    return rules


class RummikubDisputes:
    """The ``remi.core.dispute_support.DisputeSupport`` of the Rummikub-style family."""

    def parse_dispute(self, data: Mapping[str, Any], rules: RuleSet, source: str) -> Dispute:
        """A rack-only dispute file: ``[players.X] rack`` and ``[end] closed_by`` or
        ``stock_exhausted = true``.

        Raises:
            DisputeError: unknown keys (formations, atu, closing_tile...), a bad player count,
                bad tiles, too many copies, an unknown closer, a closer holding tiles, both or
                neither end.
        """
        no_unknown(data, _TOP_KEYS, "")
        players_raw = read_players(data, rules, ("rack",))
        racks = read_racks(players_raw)
        check_tile_counts(rack_uses(racks))
        _, closed_by, exhausted = read_end(data, ("closed_by", "stock_exhausted"), racks)
        hand = HandEnd(
            players=tuple(PlayerEnd(name=n, rack=r, opened=True) for n, r in racks.items()),
            formations=(),
            closed_by=closed_by,
            closing_tile=None,
            stock_exhausted=exhausted,
        )
        return make_dispute(data, rules, hand, players_raw, source)

    def score_dispute(self, dispute: Dispute) -> tuple[PlayerScore, ...]:
        """``checks.score_racks``: the racks in file (turn) order and who went out, if anyone."""
        racks = {p.name: p.rack for p in dispute.end.players}
        return checks.score_racks(_rummikub(dispute.rules), racks, dispute.end.closed_by)

    def meld_report(self, text: str, rules: RuleSet) -> MeldReport:
        """``checks.meld_report``: one run or group and its values.

        Raises:
            NotationError: bad tile notation.
        """
        return checks.meld_report(text, _rummikub(rules))

    def opening_report(self, text: str, rules: RuleSet) -> OpeningReport:
        """``checks.opening_report``: the initial meld (``initial_meld.min_points``).

        Raises:
            NotationError: bad notation.
        """
        return checks.opening_report(text, _rummikub(rules))

    def match_report(
        self, totals: Mapping[str, int], rules: RuleSet, *, hands_played: int | None
    ) -> MatchReport:
        """Refused: this family keeps session totals but no match target.

        Raises:
            DisputeError: always (key ``kind``).
        """
        raise DisputeError(
            "kind",
            Told(N_("error.dispute.no_match"), preset=repr(rules.name), family=repr(rules.family)),
            "match",
        )


#: The one ``RummikubDisputes``, registered for family ``rummikub``.
RUMMIKUB_DISPUTES: Final = RummikubDisputes()
