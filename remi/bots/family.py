"""The ``greedy``, ``solver`` and ``club`` bots: shells that play the strategy of the view's rule family.

A bot of kind K asks the family of each view it is shown for its strategy of kind K, through
the Variant interface (``variant_for_rules(view.rules).strategy(K, seed)``), once per family,
and keeps it for the rest of its life (a strategy may remember the turn it undid). The play
itself lives in the family: ``remi.variants.remi_pe_tabla.strategies`` for Remi pe tablă,
``remi.variants.rummikub.strategies`` for the Rummikub family, a plugin's own for a plugin.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from remi.bots.base import BotError
from remi.core.actions import Action
from remi.core.strategy import BotView, NoStrategyError, Strategy
from remi.core.variant import variant_for_rules

__all__ = ["ClubBot", "FamilyBot", "GreedyBot", "SolverBot"]


class FamilyBot:
    """A bot whose choices come from its ``kind``'s strategy in the view's rule family.

    Args:
        seed: handed to each family's strategy (``Variant.strategy(kind, seed, options)``).
        strategies: family name -> a strategy to use for that family instead of asking it (for
            example a Remi solver strategy with other ``SolverSettings``).
        options: strength settings (name, value pairs of a bot spec,
            ``remi.core.bot_settings``), read by each family.
        name: the bot's name (default: its kind), e.g. the spec ``"club:samples=20"``.
    """

    kind: ClassVar[str] = ""

    def __init__(
        self,
        seed: int = 0,
        *,
        strategies: Mapping[str, Strategy[Any, Action]] | None = None,
        options: Sequence[tuple[str, str]] = (),
        name: str = "",
    ) -> None:
        self.name = name or self.kind
        self.seed = seed
        self.options = tuple(options)
        self._strategies: dict[str, Strategy[Any, Action]] = dict(strategies or {})

    def choose(self, view: BotView) -> Action:
        """The next action of ``view.seat`` in its turn, by its family's strategy.

        Raises:
            BotError: the family has no strategy of this bot's kind.
            RemiError: the view has no legal action (not this player's turn).
        """
        family = view.rules.family
        strategy = self._strategies.get(family)
        if strategy is None:
            strategy = self._strategies[family] = self._strategy(view)
        return strategy.choose(view)

    def _strategy(self, view: BotView) -> Strategy[Any, Action]:
        """The strategy of this kind that the view's family provides."""
        try:
            return variant_for_rules(view.rules).strategy(self.kind, self.seed, self.options)
        except NoStrategyError as exc:
            raise BotError(f"the '{self.kind}' bot cannot play: {exc}", kind=self.kind) from exc


class GreedyBot(FamilyBot):
    """The ``greedy`` player: each family's greedy strategy (Remi: open as soon as possible, lay
    and attach what it can, discard the least useful tile; Rummikub: the listed play placing the
    most tiles)."""

    kind: ClassVar[str] = "greedy"


class SolverBot(FamilyBot):
    """The ``solver`` player: each family's solver strategy (Remi: the planner's best move;
    Rummikub: the exact move solver's best move within a work budget)."""

    kind: ClassVar[str] = "solver"


class ClubBot(FamilyBot):
    """The ``club`` player: each family's club strategy (Remi: the solver's play with its
    discards searched by determinized rollouts over the tiles it cannot see; Rummikub: the move
    solver's candidate turns judged by determinized rollouts over the hidden racks and pool,
    docs/bots.md)."""

    kind: ClassVar[str] = "club"
