"""A match: hands played one after another until the family's match rules name a winner.

A ``Match`` is the value a program keeps between hands: the players in the seat order of the
next hand, their cumulative totals, the hands played and their explained scores, and the seed
of the next deal. After each hand ``after_hand`` adds the hand's scores and rotates the seats
(the first seat moves on each hand); ``outcome`` asks the family whether the match is won,
through ``Variant.match_outcome``: Remi pe tablă ends at ``match.target_points`` or after
``match.hands`` hands (``match.end``), a Rummikub-style session after ``session.games`` games or
at ``session.target_points`` (``session.end``). In both, the single highest total wins and a tie
for the highest total plays another hand. ``play_match`` plays a whole match of bots.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import attrs

from remi.core.rulespec import RuleSet
from remi.core.scoring import PlayerScore
from remi.core.variant import variant_for_rules

__all__ = ["Chooser", "Match", "new_match", "play_hand", "play_match"]

#: A player that chooses an action from its view (a bot's ``choose``).
Chooser = Callable[[Any], Any]


@attrs.frozen(kw_only=True)
class Match:
    """A match in progress (or finished) between named players.

    Attributes:
        rules: the rules in force; their family decides when the match is won.
        names: the players in the seat order of the next hand.
        totals: each player's cumulative points, in ``names`` order.
        hands_played: hands finished so far.
        base_seed: the seed of the first hand's deal; hand ``n`` (from 0) is dealt with
            ``base_seed + n``.
        hands: every finished hand's explained scores, in play order (empty for a match
            resumed from a record, which keeps only the totals).
    """

    rules: RuleSet
    names: tuple[str, ...]
    totals: tuple[tuple[str, int], ...]
    hands_played: int = 0
    base_seed: int = 0
    hands: tuple[tuple[PlayerScore, ...], ...] = ()

    @property
    def seed(self) -> int:
        """The seed of the next hand's deal."""
        return self.base_seed + self.hands_played

    def total(self, name: str) -> int:
        """The cumulative points of ``name``.

        Raises:
            KeyError: for a name that is not a player of the match.
        """
        return dict(self.totals)[name]

    def after_hand(self, scores: Sequence[PlayerScore]) -> Match:
        """The match after a hand whose explained ``scores`` (one per player, by name) are
        given: totals updated, the seats rotated (the second seat of this hand is the first of
        the next), one more hand played.

        Raises:
            KeyError: for a score whose name is not a player of the match.
        """
        totals = dict(self.totals)
        for ps in scores:
            totals[ps.name] += ps.score
        names = self.names[1:] + self.names[:1]
        return attrs.evolve(
            self,
            names=names,
            totals=tuple((name, totals[name]) for name in names),
            hands_played=self.hands_played + 1,
            hands=(*self.hands, tuple(scores)),
        )

    def outcome(self) -> tuple[str | None, str]:
        """The winner, or None to play another hand, and why, in one line (the family's
        ``Variant.match_outcome`` on the totals and the hands played)."""
        variant = variant_for_rules(self.rules)
        return variant.match_outcome(dict(self.totals), self.rules, self.hands_played)

    @property
    def winner(self) -> str | None:
        """The match winner, or None while another hand is to be played."""
        return self.outcome()[0]


def new_match(rules: RuleSet, names: Sequence[str], *, seed: int = 0) -> Match:
    """A match before its first hand: every total 0, the first deal seeded with ``seed``."""
    return Match(
        rules=rules,
        names=tuple(names),
        totals=tuple((name, 0) for name in names),
        base_seed=seed,
    )


def play_hand(rules: RuleSet, players: Sequence[Chooser], *, seed: int) -> Any:
    """Play one seeded hand to its end, each seat choosing with ``players[seat]`` from its own
    view; the final state.

    Raises:
        IllegalActionError: when a player chooses an illegal action.
    """
    variant = variant_for_rules(rules)
    state = variant.new_game(rules, len(players), seed=seed)
    while not variant.is_over(state):
        seat = variant.current_player(state)
        state = variant.apply(state, players[seat](variant.view(state, seat)))
    return state


def play_match(
    rules: RuleSet,
    names: Sequence[str],
    players: Callable[[Match], Sequence[Chooser]],
    *,
    seed: int = 0,
    max_hands: int = 1000,
) -> Match:
    """Play hands until the match has a winner (or ``max_hands`` hands were played); the final
    match. ``players(match)`` gives the choosers of the next hand in ``match.names`` seat order.

    Raises:
        IllegalActionError: when a player chooses an illegal action.
    """
    match = new_match(rules, names, seed=seed)
    while match.hands_played < max_hands:
        state = play_hand(rules, players(match), seed=match.seed)
        match = match.after_hand(variant_for_rules(rules).score(state, match.names))
        if match.winner is not None:
            break
    return match
