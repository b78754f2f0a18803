"""The bot strategies of the Remi family: ``greedy``, ``solver`` and ``club``, from views only.

``RemiVariant.strategy(kind, seed)`` hands them out through ``STRATEGIES``; the bot shells of
``remi.bots`` reach them only that way. Modules: ``turn`` (``RemiTurnStrategy``, the turn both
follow, and the opening move ``opening_action``), ``greedy`` (``RemiGreedyStrategy``,
``least_useful``), ``solver`` (``RemiSolverStrategy``, ``SolverSettings``; the planner is
``remi.variants.remi_pe_tabla.solvers.planner``), ``club`` (``RemiClubStrategy``,
``ClubSettings``: the solver's play with safer discards (``safety``) searched over
determinizations of the view (``determinize``), guarded jolys (``exposure``) and the reason of
each action for ``hint`` (``reasons``)).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Final

from remi.core.strategy import Strategy
from remi.variants.remi_pe_tabla.actions import Action
from remi.variants.remi_pe_tabla.strategies.club import ClubSettings, RemiClubStrategy
from remi.variants.remi_pe_tabla.strategies.greedy import RemiGreedyStrategy, least_useful
from remi.variants.remi_pe_tabla.strategies.solver import RemiSolverStrategy, SolverSettings
from remi.variants.remi_pe_tabla.strategies.turn import RemiTurnStrategy, opening_action
from remi.variants.remi_pe_tabla.views import PlayerView

__all__ = [
    "STRATEGIES",
    "ClubSettings",
    "RemiClubStrategy",
    "RemiGreedyStrategy",
    "RemiSolverStrategy",
    "RemiTurnStrategy",
    "SolverSettings",
    "least_useful",
    "opening_action",
]

#: Bot kind -> factory of this family's strategy of that kind (``factory(seed)``).
STRATEGIES: Final[Mapping[str, Callable[[int], Strategy[PlayerView, Action]]]] = {
    "greedy": RemiGreedyStrategy,
    "solver": RemiSolverStrategy,
    "club": RemiClubStrategy,
}
