"""The ``Variant`` object of the Rummikub-style family, registered through the entry point."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from remi.core.rulespec import RuleSet
from remi.core.scoring import PlayerScore
from remi.core.strategy import Strategy, make_strategy
from remi.core.tiles import Tile
from remi.variants.rummikub.rules import RummikubRules

__all__ = ["VARIANT", "RummikubVariant"]


class RummikubVariant:
    """Rummikub / MyRummy / MyRummy Small (family ``rummikub``): the hooks of ``remi.core.variant.Variant``.

    Each hook delegates to one module of this package: ``state.new_game``,
    ``engine.legal_actions / check / apply``, ``views.view``, ``actions.parse_action``,
    ``scoring.score_state``. States are ``RummikubState`` values, actions the types of
    ``remi.variants.rummikub.actions``.
    """

    name = "rummikub"
    aliases: tuple[str, ...] = ("myrummy", "myrummy-small", "rummikub-style")
    title = "Rummikub-style (Rummikub, MyRummy, MyRummy Small)"
    rules_class: type[RuleSet] = RummikubRules

    def new_game(
        self,
        rules: Any,
        player_count: int,
        *,
        seed: int | None = 0,
        racks: Sequence[Sequence[Tile]] | None = None,
        stock: Sequence[Tile] | None = None,
    ) -> Any:
        """``state.new_game``: a seeded start draw and deal, or a stacked deal (seat 0 starts)."""
        from remi.variants.rummikub.state import new_game

        return new_game(rules, player_count, seed=seed, racks=racks, pool=stock)

    def legal_actions(self, state: Any) -> list[Any]:
        """``engine.legal_actions`` (a sound subset; see its docstring)."""
        from remi.variants.rummikub.engine import legal_actions

        return legal_actions(state)

    def check(self, state: Any, action: Any) -> None:
        """``engine.check``."""
        from remi.variants.rummikub.engine import check

        check(state, action)

    def apply(self, state: Any, action: Any) -> Any:
        """``engine.apply``."""
        from remi.variants.rummikub.engine import apply

        return apply(state, action)

    def view(self, state: Any, player: int) -> Any:
        """``views.view``."""
        from remi.variants.rummikub.views import view

        return view(state, player)

    def parse_action(self, text: str, rules: Any) -> Any:
        """``actions.parse_action`` with the rules' run and group parameters."""
        from remi.variants.rummikub.actions import parse_action

        return parse_action(text, rules.formation_rules)

    def current_player(self, state: Any) -> int:
        """``state.current``."""
        return int(state.current)

    def is_over(self, state: Any) -> bool:
        """True once a player went out or the pool is empty and a full round passed."""
        return bool(state.is_over)

    def score(self, state: Any, names: Sequence[str] | None = None) -> tuple[PlayerScore, ...]:
        """``scoring.score_state``."""
        from remi.variants.rummikub.scoring import score_state

        return score_state(state, names)

    def score_racks(
        self, rules: Any, racks: Mapping[str, Sequence[Tile]], closed_by: str | None
    ) -> tuple[PlayerScore, ...]:
        """Optional hook for ``remi score``: ``checks.score_racks``."""
        from remi.variants.rummikub.checks import score_racks

        return score_racks(rules, racks, closed_by)

    def meld_report(self, text: str, rules: Any) -> Any:
        """Optional hook for ``remi check meld``: ``checks.meld_report``."""
        from remi.variants.rummikub.checks import meld_report

        return meld_report(text, rules)

    def opening_report(self, text: str, rules: Any) -> Any:
        """Optional hook for ``remi check opening``: ``checks.opening_report`` (initial meld)."""
        from remi.variants.rummikub.checks import opening_report

        return opening_report(text, rules)

    def table_editor(self, state: Any) -> Any:
        """Optional hook for ``remi play``: the table-editing session of the turn of
        ``state.current`` (``editing.TableEditor``: ``put``/``move``/``split``/``new``/``undo``
        commands, validated only at ``done``, §B.4). The CLI times the turn with
        ``editing.TurnTimer(rules.timer_seconds)`` and applies ``editor.timeout()`` when it
        runs out (§B.8)."""
        from remi.variants.rummikub.editing import TableEditor

        return TableEditor(state)

    def tile_counts(self, state: Any) -> Counter[Tile]:
        """``state.all_tiles()``."""
        return state.all_tiles()  # type: ignore[no-any-return]

    def player_count(self, state: Any) -> int:
        """``state.player_count`` (the number of racks)."""
        return int(state.player_count)

    def strategy(self, kind: str, seed: int) -> Strategy[Any, Any]:
        """A new bot strategy of ``kind`` from ``strategies.STRATEGIES`` (``greedy``, ``solver``).

        Raises:
            NoStrategyError: an unknown kind (naming this family and the kinds it has).
        """
        from remi.variants.rummikub.strategies import STRATEGIES

        return make_strategy(self.name, kind, seed, STRATEGIES)


VARIANT = RummikubVariant()
