"""The ``Variant`` object of the Rummikub-style family, registered through the entry point."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from rich.console import Group, RenderableType

from remi.core.actions import Action
from remi.core.events import Event
from remi.core.exposure import ExposureCounter
from remi.core.messages import Messages, Texts
from remi.core.play import HandOutcome, TurnIO
from remi.core.rulespec import RuleSet
from remi.core.scoring import PlayerScore
from remi.core.strategy import Strategy
from remi.core.summary import HandSummary, TileZones
from remi.core.tiles import Tile
from remi.core.variant import FamilyHooks
from remi.variants.rummikub.disputes import RUMMIKUB_DISPUTES, RummikubDisputes
from remi.variants.rummikub.rules import RummikubRules

if TYPE_CHECKING:  # the modules themselves are imported when a hook first needs them
    from remi.variants.rummikub.editing import TableEditor
    from remi.variants.rummikub.state import RummikubState
    from remi.variants.rummikub.views import RummikubView

__all__ = ["VARIANT", "RummikubVariant"]


class RummikubVariant(FamilyHooks["RummikubState", "RummikubView", Action]):
    """Rummikub / MyRummy / MyRummy Small (family ``rummikub``): the hooks of ``remi.core.variant.Variant``.

    Each hook delegates to one module of this package: ``state.new_game``,
    ``engine.legal_actions / check / apply``, ``views.view``, ``actions.parse_action``,
    ``scoring.score_state``, ``notes.describe``. States are ``RummikubState`` values, actions
    the types of ``remi.variants.rummikub.actions``, views ``RummikubView`` values.
    """

    name = "rummikub"
    aliases: tuple[str, ...] = ("myrummy", "myrummy-small", "rummikub-style")
    title = "Rummikub-style (Rummikub, MyRummy, MyRummy Small)"
    rules_class: type[RummikubRules] = RummikubRules
    #: The family's dispute and check support (``remi score``, ``remi check``).
    disputes: RummikubDisputes = RUMMIKUB_DISPUTES
    #: The family's presets are in rules/ (none shipped beside the package).
    preset_files: tuple[Path, ...] = ()

    def exposure_counters(self) -> Mapping[str, ExposureCounter]:
        """``exposure.EXPOSURE``: one counter per rule id (imported when first asked for: the
        counters read the family's events, which a program that only checks melds never loads)."""
        from remi.variants.rummikub.exposure import EXPOSURE

        return EXPOSURE

    def messages(self) -> Texts:
        """Nothing: the family's texts are in remi's gettext catalogues (``remi/locale``)."""
        return {}

    def match_outcome(
        self, totals: Mapping[str, int], rules: RummikubRules, hands_played: int
    ) -> tuple[str | None, str]:
        """``session.session_outcome`` (``session.end``, ``session.games``,
        ``session.target_points``)."""
        from remi.variants.rummikub.session import session_outcome

        return session_outcome(totals, rules, hands_played)

    def human_turn(self, io: TurnIO, seat: int) -> bool:
        """``turn.human_turn``: table editing until ``done``, ``draw``, ``pass`` or the timer."""
        from remi.variants.rummikub.turn import human_turn

        return human_turn(io, seat)

    def describe(self, events: Sequence[Event], names: Sequence[str], m: Messages) -> str:
        """``notes.describe``: the tiles played, a draw, a pass, a penalty."""
        from remi.variants.rummikub.notes import describe

        return describe(events, names, m)

    def command_words(self) -> tuple[str, ...]:
        """The table-editing commands (``put``, ``move``, ``split``, ``new``, ``done``...),
        ``check`` (what ``done`` would say) and the turns without a play (``draw``, ``pass``)."""
        from remi.variants.rummikub.editing import EDIT_COMMANDS
        from remi.variants.rummikub.turn import ROMANIAN_WORDS

        return (*EDIT_COMMANDS, "check", "draw", "pass", *ROMANIAN_WORDS)

    def command_table(self) -> Mapping[str, str]:
        """The Romanian words of this family's turn, word -> English command
        (``turn.ROMANIAN_WORDS``)."""
        from remi.variants.rummikub.turn import ROMANIAN_WORDS

        return ROMANIAN_WORDS

    def start_text(self, state: RummikubState, names: Sequence[str], m: Messages) -> str | None:
        """The start draw and who starts (highest tile), or None for a stacked deal."""
        draw = state.start_draw
        if draw is None:
            return None
        return m("rk.start_draw", draws=draw.text(), name=names[draw.starter])

    def hand_outcome(self, state: RummikubState) -> HandOutcome | None:
        """``turn.hand_outcome``: who went out, or the blocked empty pool."""
        from remi.variants.rummikub.turn import hand_outcome

        return hand_outcome(state)

    def end_text(self, state: RummikubState, names: Sequence[str], m: Messages) -> str | None:
        """``turn.end_text``."""
        from remi.variants.rummikub.turn import end_text

        return end_text(state, names, m)

    def final_screen(
        self, state: RummikubState, names: Sequence[str], m: Messages
    ) -> RenderableType:
        """``screens.final_table``, then the racks left."""
        from remi.core.render import final_racks_lines  # rich.table: only at a hand's end
        from remi.variants.rummikub.screens import final_table
        from remi.variants.rummikub.views import view

        final = view(state, 0)
        return Group(final_table(final, m), *final_racks_lines(final.final_racks or (), names))

    def new_game(
        self,
        rules: RummikubRules,
        player_count: int,
        *,
        seed: int | None = 0,
        racks: Sequence[Sequence[Tile]] | None = None,
        stock: Sequence[Tile] | None = None,
    ) -> RummikubState:
        """``state.new_game``: a seeded start draw and deal, or a stacked deal (seat 0 starts)."""
        from remi.variants.rummikub.state import new_game

        return new_game(rules, player_count, seed=seed, racks=racks, pool=stock)

    def legal_actions(self, state: RummikubState) -> list[Action]:
        """``engine.legal_actions`` (a sound subset; see its docstring)."""
        from remi.variants.rummikub.engine import legal_actions

        return legal_actions(state)

    def check(self, state: RummikubState, action: Action) -> None:
        """``engine.check``."""
        from remi.variants.rummikub.engine import check

        check(state, action)

    def apply(self, state: RummikubState, action: Action) -> RummikubState:
        """``engine.apply``."""
        from remi.variants.rummikub.engine import apply

        return apply(state, action)

    def transition(
        self, state: RummikubState, action: Action
    ) -> tuple[RummikubState, tuple[Event, ...]]:
        """``engine.transition``: ``engine.apply`` and the events (``events``)."""
        from remi.variants.rummikub.engine import transition

        return transition(state, action)

    def hand_summary(self, state: RummikubState) -> HandSummary:
        """``state.turns``, ``state.opened`` (the initial meld) and a player gone out."""
        from remi.variants.rummikub.state import EndReason

        return HandSummary(
            turns=state.turns, opened=state.opened, closed=state.end is EndReason.OUT
        )

    def tile_zones(self, state: RummikubState) -> TileZones:
        """The racks, the pool, the table; no discard row."""
        return TileZones(racks=state.racks, stock=state.pool, table=state.table)

    def view(self, state: RummikubState, player: int) -> RummikubView:
        """``views.view``."""
        from remi.variants.rummikub.views import view

        return view(state, player)

    def position_sections(self, state: RummikubState, seat: int | None) -> tuple[str, ...]:
        """``position.position_sections``: the family's part of the position notation."""
        from remi.variants.rummikub.position import position_sections

        return position_sections(state, seat)

    def read_position(
        self, sections: Sequence[str], rules: RummikubRules, text: str
    ) -> RummikubState:
        """``position.read_position``: a state from a full-form position's sections."""
        from remi.variants.rummikub.position import read_position

        return read_position(sections, rules, text)

    def parse_action(self, text: str, rules: RummikubRules) -> Action:
        """``actions.parse_action`` with the rules' run and group parameters."""
        from remi.variants.rummikub.actions import parse_action

        return parse_action(text, rules.formation_rules)

    def current_player(self, state: RummikubState) -> int:
        """``state.current``."""
        return int(state.current)

    def is_over(self, state: RummikubState) -> bool:
        """True once a player went out or the pool is empty and a full round passed."""
        return state.is_over

    def score(
        self, state: RummikubState, names: Sequence[str] | None = None
    ) -> tuple[PlayerScore, ...]:
        """``scoring.score_state``."""
        from remi.variants.rummikub.scoring import score_state

        return score_state(state, names)

    def table_editor(self, state: RummikubState) -> TableEditor:
        """Optional hook for ``remi play``: the table-editing session of the turn of
        ``state.current`` (``editing.TableEditor``: ``put``/``move``/``split``/``new``/``undo``
        commands, validated only at ``done``, docs/rules.md §2.4). The CLI times the turn with
        ``editing.TurnTimer(rules.timer_seconds)`` and applies ``editor.timeout()`` when it
        runs out (docs/rules.md §2.8)."""
        from remi.variants.rummikub.editing import TableEditor

        return TableEditor(state)

    def check_strategy(self, kind: str, rules: RuleSet) -> None:
        """``FamilyHooks.check_strategy``, and the ``solver`` and ``club`` kinds' refusal of the
        rule values the move solver does not model (``strategies.check_solver_rules``,
        ``club.check_club_rules``).

        Raises:
            NoStrategyError: a kind the family lacks; ``SolverRulesError`` or ``ClubRulesError``
                (``NoStrategyError``s) naming the rule the solver or club bot cannot play.
        """
        super().check_strategy(kind, rules)
        if kind == "solver" and isinstance(rules, RummikubRules):
            from remi.variants.rummikub.strategies import check_solver_rules

            check_solver_rules(rules)
        if kind == "club":
            from remi.variants.rummikub.club import check_club_rules

            check_club_rules(rules)

    def strategy_table(self) -> Mapping[str, Callable[[int], Strategy[RummikubView, Action]]]:
        """The family's bot strategies, kind -> ``factory(seed)``: ``strategies.STRATEGIES``
        and the ``club`` kind (``club.RummikubClubStrategy`` with the settings a bot spec may
        name, ``club_tuning.CLUB``)."""
        from remi.variants.rummikub.club_tuning import CLUB
        from remi.variants.rummikub.strategies import STRATEGIES

        return {**STRATEGIES, "club": CLUB}


VARIANT = RummikubVariant()
