"""Rummikub-style answers for ``remi score`` / ``remi check``: racks scoring, one set, an initial meld.

docs/rules.md §2.3 (sets; RK-7: no high 1), §2.5 (initial meld; RK-5, RK-6), §2.9–§2.10
(scoring; RK-1, RK-2, RK-10). ``remi.variants.rummikub.disputes`` answers this family's
dispute and check files with them; they return the core report values
(``remi.core.reports.MeldReport`` / ``OpeningReport``, ``remi.core.scoring.PlayerScore``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from remi.core.reports import MeldReport, OpeningReport, check_formations_report, formation_report
from remi.core.scoring import PlayerScore
from remi.core.tiles import Tile
from remi.variants.rummikub.melds import (
    check_initial_meld,
    initial_meld_points,
    rack_points,
    set_points,
)
from remi.variants.rummikub.rules import RummikubRules
from remi.variants.rummikub.scoring import score_going_out, score_pool_empty

__all__ = ["meld_report", "opening_report", "score_racks"]


def score_racks(
    rules: RummikubRules, racks: Mapping[str, Sequence[Tile]], closed_by: str | None
) -> tuple[PlayerScore, ...]:
    """Scores from the final racks (names in turn order): ``closed_by`` went out (docs/rules.md
    §2.9), or ``None`` when the pool was empty and nobody could play (§2.10, §3.28)."""
    names = list(racks)
    seq = [tuple(racks[n]) for n in names]
    if closed_by is not None:
        return score_going_out(seq, names.index(closed_by), rules, names)
    return score_pool_empty(seq, rules, names)


def meld_report(text: str, rules: RummikubRules) -> MeldReport:
    """Is ``text`` one valid run (the 1 low only) or group of distinct colours (docs/rules.md
    §2.3)?

    ``opening_points`` is its initial-meld value (face values, a joker as the tile it stands
    for); ``final_points`` what the same tiles count against a player left on his rack
    (joker ``scoring.joker_points``).

    Raises:
        NotationError: bad tile notation.
    """
    return formation_report(
        text,
        rules.formation_rules,
        opening_value=lambda f: set_points(f, rules),
        final_value=lambda f: rack_points(f.tiles, rules),
    )


def opening_report(text: str, rules: RummikubRules) -> OpeningReport:
    """Would the sets in ``text`` make a valid initial meld (>= ``initial_meld.min_points`` by
    face value, a joker as the tile it stands for, docs/rules.md §2.5)?

    Raises:
        NotationError: bad notation.
    """
    return check_formations_report(
        text,
        rules.formation_rules,
        check=lambda sets: check_initial_meld(sets, rules),
        points=lambda sets: initial_meld_points(sets, rules),
    )
