"""The settings of the Remi ``club`` bot that a bot spec may name (docs/bots.md).

``club:samples=20``, ``club:candidates=4``, ``club:rollout=3``, ``club:margin=1``,
``club:tolerance=0.3`` (``none``: the solver's discard order), ``club:budget=0.05s`` (a time
budget per searched discard, turned into a sample count: ``samples_for``). Each sets a field of
``ClubSettings`` (``remi.core.bot_settings`` reads the spec).
"""

from __future__ import annotations

from typing import Final

import attrs

from remi.core.bot_settings import MARGIN, SAMPLES, Tunable, number, setting, whole
from remi.variants.remi_pe_tabla.actions import Action
from remi.variants.remi_pe_tabla.strategies.club import ClubSettings, RemiClubStrategy
from remi.variants.remi_pe_tabla.views import PlayerView

__all__ = ["CLUB", "ROLLOUT_SECONDS", "samples_for"]

#: CPU seconds of one rollout (one candidate on one sample, one turn played out) on the
#: reference machine of docs/bots.md; a budget's sample count comes from it, never from a clock.
ROLLOUT_SECONDS: Final[float] = 0.0011


def samples_for(seconds: float, settings: ClubSettings) -> ClubSettings:
    """``settings`` with the sample count whose rollouts (``candidates`` x ``samples`` x
    ``rollout_turns`` x ``ROLLOUT_SECONDS``) fill ``seconds`` per searched discard; 1 to 1000."""
    per_sample = ROLLOUT_SECONDS * settings.candidates * settings.rollout_turns
    return attrs.evolve(settings, samples=max(1, min(1000, round(seconds / per_sample))))


#: The ``club`` factory of the Remi strategy table, with its settings.
CLUB: Final[Tunable[ClubSettings, PlayerView, Action]] = Tunable(
    build=lambda seed, settings: RemiClubStrategy(seed, club=settings),
    defaults=ClubSettings(),
    settings=(
        SAMPLES,
        setting("candidates", "candidates", whole(1, 20)),
        setting("rollout", "rollout_turns", whole(1, 12)),
        MARGIN,
        setting("tolerance", "safe_tolerance", number(0, 100, none=True)),
    ),
    budget=samples_for,
)
