"""The settings of the Rummikub ``club`` bot that a bot spec may name (docs/bots.md).

``club:samples=12``, ``club:rollout=2`` (turns played out after a candidate; ``round``: one
round, the default), ``club:margin=2``, ``club:states=40000`` (the rollout policy's solver work
per turn), ``club:race=1`` (how the rollout's horizon is priced: 0, "as if the game ended
now", the default; 1, the race model; in between, a blend), ``club:se=1`` (standard errors of
the paired difference a candidate must clear beyond the margin), ``club:duel=4`` (more samples
for the best candidate and the solver's move when the first ones favour the candidate),
``club:infer=1`` (the inference from draws: the racks of the players who drew dealt without a
play on the table of their turn), ``club:look=1`` (each rack priced at the horizon after its
best listed play), ``club:budget=0.5s`` (a time budget per decision, turned into a sample count:
``samples_for``). Each sets a field of ``club.ClubSettings`` (``remi.core.bot_settings`` reads
the spec); the search itself is ``club.RummikubClubStrategy``'s.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

import attrs

from remi.core.actions import Action
from remi.core.bot_settings import MARGIN, SAMPLES, Setting, Tunable, number, setting, whole
from remi.core.errors import Reason
from remi.core.messages import N_
from remi.variants.rummikub.club import ClubSettings, RummikubClubStrategy
from remi.variants.rummikub.views import RummikubView

__all__ = ["CLUB", "SAMPLE_SECONDS", "samples_for"]

#: CPU seconds of one sample of a decision (every candidate played out one round, 4 players,
#: default ``policy_states``) on the reference machine of docs/bots.md; a budget's sample count
#: comes from it, never from a clock.
SAMPLE_SECONDS: Final[float] = 0.045


def samples_for(seconds: float, settings: ClubSettings) -> ClubSettings:
    """``settings`` with the sample count whose rollouts fill ``seconds`` per decision
    (``SAMPLE_SECONDS`` a sample, scaled by ``policy_states`` over its default); 1 to 1000."""
    scale = settings.policy_states / ClubSettings().policy_states
    per_sample = SAMPLE_SECONDS * max(scale, 0.05)
    return attrs.evolve(settings, samples=max(1, min(1000, round(seconds / per_sample))))


def _rollout(text: str) -> int | None:
    """``round`` (None: one round) or a whole number of turns, 1 to 12."""
    if text.lower() == "round":
        return None
    value = int(text)
    if not 1 <= value <= 12:
        raise ValueError(text)
    return value


def _switch() -> tuple[Callable[[str], bool], Reason]:
    """``0`` (off) or ``1`` (on): the parser and its description (a ``whole`` from 0 to 1)."""
    parse, expected = whole(0, 1)
    return (lambda text: bool(parse(text))), expected


#: The ``club`` factory of the Rummikub strategy table, with its settings.
CLUB: Final[Tunable[ClubSettings, RummikubView, Action]] = Tunable(
    build=lambda seed, settings: RummikubClubStrategy(seed, settings=settings),
    defaults=ClubSettings(),
    settings=(
        SAMPLES,
        Setting(
            name="rollout",
            field="rollout_turns",
            parse=_rollout,
            expected=Reason(N_("bot.expect.rollout"), low=1, high=12),
        ),
        MARGIN,
        setting("states", "policy_states", whole(100, 10_000_000)),
        setting("race", "race_weight", number(0, 1)),
        setting("se", "margin_se", number(0, 10)),
        setting("duel", "duel_samples", whole(0, 1000)),
        setting("others", "others_states", whole(0, 10_000_000)),
        setting("infer", "infer_draws", _switch()),
        setting("look", "look_ahead", _switch()),
    ),
    budget=samples_for,
)
