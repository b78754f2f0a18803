"""The end of a Rummikub-style session (a match of several games) and its winner.

A session ends after ``session.games`` games (``session.end = games``) or once a player's
cumulative total reaches ``session.target_points`` (``session.end = target``); the single
highest total wins, and a tie for the highest total plays another game (docs/rules.md).
"""

from __future__ import annotations

from collections.abc import Mapping

from remi.core.errors import Told, names_list
from remi.core.messages import N_, NP_
from remi.variants.rummikub.rules import RummikubRules

__all__ = ["session_outcome"]


def session_outcome(
    totals: Mapping[str, int], rules: RummikubRules, hands_played: int
) -> tuple[str | None, str]:
    """The session winner, or None to play another game, and why, in one line.

    ``totals``: each player's cumulative points; ``hands_played``: the games played so far.

    >>> from remi.core.presets import load_rules
    >>> rules = load_rules("rummikub")  # session.end = games, session.games = 4
    >>> session_outcome({"A": 40, "B": -40}, rules, 3)
    (None, '3 of 4 games played (session.games): play another game')
    >>> session_outcome({"A": 40, "B": -40}, rules, 4)
    ('A', 'A has the single highest total, 40, after the last game')
    >>> session_outcome({"A": 0, "B": 0}, rules, 4)
    (None, 'A and B tie for the highest total, 0: play another game')
    """
    if not totals:
        return None, Told(N_("session.no_totals"))
    best = max(totals.values())
    leaders = [name for name, total in totals.items() if total == best]
    if len(leaders) != 1:
        return None, Told(N_("session.tie"), names=names_list(leaders), best=best)
    if rules.session_end == "games" and hands_played < rules.session_games:
        return None, Told(
            NP_("session.games_left"),
            rules.session_games,
            played=hands_played,
            games=rules.session_games,
        )
    if rules.session_end == "target" and best < rules.session_target_points:
        return None, Told(N_("session.below_target"), target=rules.session_target_points)
    if rules.session_end == "games":
        return leaders[0], Told(N_("session.won_last_game"), name=leaders[0], best=best)
    return leaders[0], Told(
        N_("session.won_target"), name=leaders[0], best=best, target=rules.session_target_points
    )
