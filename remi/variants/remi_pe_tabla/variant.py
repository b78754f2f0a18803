"""The ``Variant`` object of Romanian Remi pe tablă (family ``remi``), registered through the entry point."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from remi.core.events import Event
from remi.core.exposure import ExposureCounter
from remi.core.lazy import lazy_module
from remi.core.messages import Messages, Texts
from remi.core.play import HandOutcome, TurnIO
from remi.core.scoring import PlayerScore
from remi.core.strategy import Strategy
from remi.core.summary import HandSummary, TileZones
from remi.core.tiles import Tile
from remi.core.variant import FamilyHooks
from remi.variants.remi_pe_tabla.actions import ACTION_VERBS, Action, parse_action
from remi.variants.remi_pe_tabla.disputes import REMI_DISPUTES, RemiDisputes
from remi.variants.remi_pe_tabla.results import score_state
from remi.variants.remi_pe_tabla.rules import RemiRules
from remi.variants.remi_pe_tabla.scoring import match_outcome
from remi.variants.remi_pe_tabla.state import GameState, Phase, new_game

if TYPE_CHECKING:
    from rich.console import RenderableType

    from remi.variants.remi_pe_tabla import engine as _engine
    from remi.variants.remi_pe_tabla import movegen as _movegen
    from remi.variants.remi_pe_tabla import notes as _notes
    from remi.variants.remi_pe_tabla import screens as _screens
    from remi.variants.remi_pe_tabla import turn as _turn
    from remi.variants.remi_pe_tabla import views as _views
    from remi.variants.remi_pe_tabla.views import PlayerView
else:  # imported on first use: `remi check` and `remi rules` never play (remi.core.lazy)
    _engine = lazy_module("remi.variants.remi_pe_tabla.engine")
    _movegen = lazy_module("remi.variants.remi_pe_tabla.movegen")
    _notes = lazy_module("remi.variants.remi_pe_tabla.notes")
    _screens = lazy_module("remi.variants.remi_pe_tabla.screens")
    _turn = lazy_module("remi.variants.remi_pe_tabla.turn")
    _views = lazy_module("remi.variants.remi_pe_tabla.views")

__all__ = ["VARIANT", "RemiVariant"]

# Read once: the hooks below run on every action of every hand, where an Enum class attribute
# (EnumType.__getattr__'s slow path) shows.
_ENDED = Phase.ENDED


class RemiVariant(FamilyHooks[GameState, "PlayerView", Action]):
    """Romanian Remi pe tablă (family ``remi``): the hooks of ``remi.core.variant.Variant``.

    Each hook delegates to one module of this package: ``state.new_game``,
    ``engine.check / apply / transition``, ``movegen.legal_actions``, ``views.view``,
    ``actions.parse_action``, ``results.score_state``, ``notes.describe``.
    """

    name = "remi"
    aliases: tuple[str, ...] = ("remi-pe-tabla", "remi-etalat", "rummy-45", "remi-50")
    title = "Remi pe tablă (Romanian rummy with the șir)"
    #: The family's dispute and check support (``remi score``, ``remi check``).
    disputes: RemiDisputes = REMI_DISPUTES
    #: The family's presets are in rules/ (none shipped beside the package).
    preset_files: tuple[Path, ...] = ()

    @property
    def rules_class(self) -> type[RemiRules]:
        """``RemiRules``."""
        return RemiRules

    def exposure_counters(self) -> Mapping[str, ExposureCounter]:
        """``exposure.EXPOSURE``: one counter per rule id (imported when first asked for: the
        counters read the family's events, which a program that only checks melds never loads)."""
        from remi.variants.remi_pe_tabla.exposure import EXPOSURE

        return EXPOSURE

    def messages(self) -> Texts:
        """Nothing: the family's texts are in remi's gettext catalogues (``remi/locale``)."""
        return {}

    def match_outcome(
        self, totals: Mapping[str, int], rules: RemiRules, hands_played: int
    ) -> tuple[str | None, str]:
        """``scoring.match_outcome`` (``match.end``, ``match.target_points``, ``match.hands``)."""
        return match_outcome(totals, rules, hands_played=hands_played)

    def human_turn(self, io: TurnIO, seat: int) -> bool:
        """``turn.human_turn``: typed actions until the discard."""
        return _turn.human_turn(io, seat)

    def describe(self, events: Sequence[Event], names: Sequence[str], m: Messages) -> str:
        """``notes.describe``: the events in words (the tile taken from the șir and its
        position, the formations laid, whose formation a tile was attached to...)."""
        return _notes.describe(events, names, m)

    def command_words(self) -> tuple[str, ...]:
        """The action verbs of ``actions`` (``draw``, ``take``, ``meld``...), ``undo`` excepted,
        then their Romanian words (``turn.ROMANIAN_WORDS``: ``trage``, ``ia``, ``etalez``...)."""
        from remi.variants.remi_pe_tabla.turn import ROMANIAN_WORDS

        return (*(v for v in ACTION_VERBS if v != "undo"), *ROMANIAN_WORDS)

    def command_table(self) -> Mapping[str, str]:
        """The Romanian words of this family's turn, word -> English command
        (``turn.ROMANIAN_WORDS``)."""
        from remi.variants.remi_pe_tabla.turn import ROMANIAN_WORDS

        return ROMANIAN_WORDS

    def start_text(self, state: GameState, names: Sequence[str], m: Messages) -> str | None:
        """None: a hand starts with the first discard, nothing to tell."""
        return None

    def hand_outcome(self, state: GameState) -> HandOutcome | None:
        """``turn.hand_outcome``: the closing (închidere) or the stock out."""
        return _turn.hand_outcome(state)

    def end_text(self, state: GameState, names: Sequence[str], m: Messages) -> str | None:
        """``turn.end_text``."""
        return _turn.end_text(state, names, m)

    def final_screen(self, state: GameState, names: Sequence[str], m: Messages) -> RenderableType:
        """``screens.table_table`` of the final table, then the racks left."""
        from rich.console import Group

        from remi.core.render import final_racks_lines  # rich.table: only at a hand's end

        final = _views.view(state, 0)
        return Group(
            _screens.table_table(final, names, m), *final_racks_lines(final.final_racks, names)
        )

    def new_game(
        self,
        rules: RemiRules,
        player_count: int,
        *,
        seed: int | None = 0,
        racks: Sequence[Sequence[Tile]] | None = None,
        stock: Sequence[Tile] | None = None,
    ) -> GameState:
        """``state.new_game``."""
        return new_game(rules, player_count, seed=seed, racks=racks, stock=stock)

    def legal_actions(self, state: GameState) -> list[Action]:
        """``movegen.legal_actions``."""
        return _movegen.legal_actions(state)

    def check(self, state: GameState, action: Action) -> None:
        """``engine.check``."""
        _engine.check(state, action)

    def apply(self, state: GameState, action: Action) -> GameState:
        """``engine.apply``."""
        return _engine.apply(state, action)

    def transition(self, state: GameState, action: Action) -> tuple[GameState, tuple[Event, ...]]:
        """``engine.transition``: ``engine.apply`` and the events (``events``)."""
        return _engine.transition(state, action)

    def hand_summary(self, state: GameState) -> HandSummary:
        """``state.turns_ended``, each player's ``opened``, and a closing (închidere) in
        ``state.result``."""
        result = state.result
        return HandSummary(
            turns=state.turns_ended,
            opened=tuple(p.opened for p in state.players),
            closed=result is not None and result.closed_by is not None,
        )

    def tile_zones(self, state: GameState) -> TileZones:
        """The players' racks, the stock, the table's formations and the șir."""
        return TileZones(
            racks=tuple(p.rack for p in state.players),
            stock=state.stock,
            table=tuple(tf.formation for tf in state.table),
            discards=state.sir,
            public=state.table,
        )

    def view(self, state: GameState, player: int) -> PlayerView:
        """``views.view``."""
        return _views.view(state, player)

    def position_sections(self, state: GameState, seat: int | None) -> tuple[str, ...]:
        """``position.position_sections``: the family's part of the position notation."""
        from remi.variants.remi_pe_tabla.position import position_sections

        return position_sections(state, seat)

    def read_position(self, sections: Sequence[str], rules: RemiRules, text: str) -> GameState:
        """``position.read_position``: a state from a full-form position's sections."""
        from remi.variants.remi_pe_tabla.position import read_position

        return read_position(sections, rules, text)

    def parse_action(self, text: str, rules: RemiRules) -> Action:
        """``actions.parse_action`` with the rules' formation parameters."""
        return parse_action(text, rules.formation_rules)

    def current_player(self, state: GameState) -> int:
        """``state.current``."""
        return int(state.current)

    def is_over(self, state: GameState) -> bool:
        """The hand has reached ``Phase.ENDED``."""
        return state.phase is _ENDED

    def score(
        self, state: GameState, names: Sequence[str] | None = None
    ) -> tuple[PlayerScore, ...]:
        """``results.score_state``."""
        return score_state(state, names)

    def strategy_table(self) -> Mapping[str, Callable[[int], Strategy[PlayerView, Action]]]:
        """The family's bot strategies, kind -> ``factory(seed)`` (``strategies.STRATEGIES``),
        the ``club`` kind with the settings a bot spec may name (``strategies.tuning.CLUB``)."""
        from remi.variants.remi_pe_tabla.strategies import STRATEGIES
        from remi.variants.remi_pe_tabla.strategies.tuning import CLUB

        return {**STRATEGIES, "club": CLUB}


VARIANT = RemiVariant()
