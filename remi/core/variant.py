"""The ``Variant`` protocol every rule family implements, and the registry that finds families.

A family (``remi`` for Remi pe tablă, ``rummikub`` for the Rummikub family, a third party's) is a
package of its own that implements this small interface over its own frozen state, action, view
and rule-set types. Families are found through the ``remi.variants`` entry-point group (both
built-in families are registered that way too, so the plugin path is used every day): each entry
point names a ``Variant`` object, or a callable returning one, for example
``rummikub = "remi.variants.rummikub:VARIANT"``. The core imports no family: the registry is filled
by ``discover`` before any preset is loaded (``remi.core.presets.load_rules`` asks it for the
family's rule-set class).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from typing import (
    TYPE_CHECKING,
    Any,
    Final,
    Generic,
    Protocol,
    TypeAlias,
    TypeVar,
    runtime_checkable,
)

from remi.core.errors import RemiError, UnknownVariantError
from remi.core.messages import N_
from remi.core.rulespec import RuleSet

if TYPE_CHECKING:  # annotations only: a command that checks a meld never loads these (start-up)
    from collections import Counter
    from pathlib import Path

    from rich.console import RenderableType

    from remi.core.disputefile import DisputeSupport
    from remi.core.events import Event
    from remi.core.exposure import ExposureCounter
    from remi.core.messages import Messages, Texts
    from remi.core.play import HandOutcome, TurnIO
    from remi.core.scoring import PlayerScore
    from remi.core.strategy import Strategy
    from remi.core.summary import HandSummary, TileZones
    from remi.core.tiles import Tile

__all__ = [
    "AnyVariant",
    "CountedState",
    "FamilyHooks",
    "Variant",
    "discover",
    "get_variant",
    "plugin_errors",
    "register_variant",
    "registered_variants",
    "rules_family",
    "variant_for_rules",
]

StateT = TypeVar("StateT")
ActionT = TypeVar("ActionT")
ViewT = TypeVar("ViewT", covariant=True)
RulesT = TypeVar("RulesT", bound=RuleSet)


@runtime_checkable
class Variant(Protocol[StateT, ActionT, ViewT, RulesT]):
    """The interface of one rule family, generic in its state, action, view and rule-set types.

    Attributes:
        name: the family name, as written in preset files (``family = "remi"``).
        aliases: other names that find it (``"remi-pe-tabla"``...).
        title: a one-line human name (``"Remi pe tablă"``).
        disputes: the family's dispute and check files (``remi score``, ``remi check``).
        preset_files: preset files the family ships itself (a plugin's; the built-in families'
            presets are in ``rules/``); they load by name like the built-in ones.
        rules_class: the frozen ``RuleSet`` subclass of its rule ids.

    States, actions and views are the family's own frozen values; these hooks are the only ones
    the CLI, records, bots, simulations, matches and the conformance tests use. A family also
    owns how it is played with people: its words (``messages``), its screens and turn
    (``human_turn``, through ``remi.core.play.TurnIO``), how its hands end and how a match of
    several hands is won (``match_outcome``).
    """

    name: str
    aliases: tuple[str, ...]
    title: str
    disputes: DisputeSupport
    preset_files: tuple[Path, ...]

    @property
    def rules_class(self) -> type[RulesT]:
        """The frozen ``RuleSet`` subclass of this family's rule ids."""
        ...

    def messages(self) -> Texts:
        """A plugin family's own texts: language -> message id -> template, read for the ids
        remi's gettext catalogues lack (``remi.cli.messages``); the built-in families return nothing, their
        texts are in the catalogues (docs/translating.md)."""
        ...

    def match_outcome(
        self, totals: Mapping[str, int], rules: RulesT, hands_played: int
    ) -> tuple[str | None, str]:
        """The winner of a match of several hands from the players' cumulative ``totals`` after
        ``hands_played`` hands, or None to play another hand, and why, in one line."""
        ...

    def human_turn(self, io: TurnIO, seat: int) -> bool:
        """Let the person at ``seat`` (the player to act in ``io.state``) play his turn through
        ``io``; False when he quits (``quit`` or the end of input)."""
        ...

    def describe(self, events: Sequence[Event], names: Sequence[str], m: Messages) -> str:
        """The events of one action (``transition``) in words, without the actor's name, for
        the other players' "since your last turn" list and ``--auto``; formations' owners are
        named with ``names`` (seat order). Give it the events as the reader may see them
        (``remi.core.events.public_events`` for a player other than the actor)."""
        ...

    def command_words(self) -> tuple[str, ...]:
        """The words a person types in this family's turn (``draw``, ``meld``...), offered by tab
        completion beside the program's own (``undo``, ``help``, ``save``...)."""
        ...

    def command_table(self) -> Mapping[str, str]:
        """The Romanian words a person may type in this family's turn, word -> English command
        (``arunc`` -> ``discard``), for ``remi.core.commands.canonical_command``: the board
        reads every spelling of a command the same way before its safety questions."""
        ...

    def start_text(self, state: StateT, names: Sequence[str], m: Messages) -> str | None:
        """A line about how the hand starts (e.g. who starts after the start draw), or None."""
        ...

    def hand_outcome(self, state: StateT) -> HandOutcome | None:
        """How the hand ended (who closed or went out, the closing tile, the stock ran out), or
        None while it goes on."""
        ...

    def end_text(self, state: StateT, names: Sequence[str], m: Messages) -> str | None:
        """How the hand ended, in words; None while it goes on."""
        ...

    def final_screen(self, state: StateT, names: Sequence[str], m: Messages) -> RenderableType:
        """The finished hand's table and every player's rack left (public once it is over)."""
        ...

    def new_game(
        self,
        rules: RulesT,
        player_count: int,
        *,
        seed: int | None = 0,
        racks: Sequence[Sequence[Tile]] | None = None,
        stock: Sequence[Tile] | None = None,
    ) -> StateT:
        """A new hand: a seeded deal, or a stacked deal (``racks`` in seat order, ``stock`` top first)."""
        ...

    def legal_actions(self, state: StateT) -> list[ActionT]:
        """The actions of the player to move that pass ``check``; empty once the hand is over."""
        ...

    def check(self, state: StateT, action: ActionT) -> None:
        """Raise ``IllegalActionError`` (with a rule id) if ``action`` is not legal in ``state``."""
        ...

    def apply(self, state: StateT, action: ActionT) -> StateT:
        """The state after ``action`` (checked first); the input state is never changed."""
        ...

    def transition(self, state: StateT, action: ActionT) -> tuple[StateT, tuple[Event, ...]]:
        """``apply(state, action)`` and the events of that step, in the order they happened
        (``remi.core.events``); the state is exactly the one ``apply`` returns. Use ``apply``
        where nobody reads the events: it is the fast path.

        Raises:
            IllegalActionError: as ``apply`` (nothing changes).
        """
        ...

    def hand_summary(self, state: StateT) -> HandSummary:
        """How far the hand has come: the turns ended, who has opened, whether a player closed
        (``remi.core.summary.HandSummary``)."""
        ...

    def tile_zones(self, state: StateT) -> TileZones:
        """Where the tiles are: the racks, the stock (pool) order, the table, the discard row, as
        the state holds them (``remi.core.summary.TileZones``; for hidden-information checks)."""
        ...

    def view(self, state: StateT, player: int) -> ViewT:
        """What seat ``player`` may see: no stock order, no other racks."""
        ...

    def parse_action(self, text: str, rules: RulesT) -> ActionT:
        """An action from its text form (``p1 draw``); ``str(action)`` parses back equal."""
        ...

    def current_player(self, state: StateT) -> int:
        """The seat (0-based) to act."""
        ...

    def is_over(self, state: StateT) -> bool:
        """True once the hand has ended."""
        ...

    def score(self, state: StateT, names: Sequence[str] | None = None) -> tuple[PlayerScore, ...]:
        """Explained scores of a finished hand, in seat order."""
        ...

    def tile_counts(self, state: StateT) -> Counter[Tile]:
        """Every tile in the hand (stock, racks, table, discards): always the full tile set."""
        ...

    def player_count(self, state: StateT) -> int:
        """The number of seats at the table (players of the hand, 2 or more)."""
        ...

    def position_sections(self, state: StateT, seat: int | None) -> tuple[str, ...]:
        """The family's sections of the position notation of ``state`` (``remi.core.position``,
        docs/notation.md): the full form with ``seat`` None, else the view form of that seat
        (0-based), which holds nothing its ``view`` hides."""
        ...

    def read_position(self, sections: Sequence[str], rules: RulesT, text: str) -> StateT:
        """The state of a full-form position's ``sections`` (``position_sections(state, None)``
        parses back to ``state``, its history aside: undo checkpoint, log, start draw).

        Raises:
            NotationError: a bad or missing section, quoting ``text`` and the token.
        """
        ...

    def exposure_counters(self) -> Mapping[str, ExposureCounter]:
        """Every rule id's exposure counter (``remi.core.exposure``): how many situations the
        rule governs arose in one played hand (a swap possible or made, a șir break, a joker
        left on a rack...). Simulations report it per 100 hands for every rule they vary."""
        ...

    def strategy(
        self, kind: str, seed: int, options: Sequence[tuple[str, str]] = ()
    ) -> Strategy[Any, ActionT]:
        """A new bot strategy of ``kind`` (``"greedy"``, ``"solver"``: ``remi.core.strategy``)
        for this family, seeded with ``seed``, with the strength settings ``options`` (name,
        value pairs of a bot spec, ``remi.core.bot_settings``); one per bot, it may keep state
        between calls.

        Raises:
            NoStrategyError: the family has no strategy of that kind (never another kind instead).
            SettingError: a setting the kind does not take, or a bad value (naming the token).
        """
        ...

    def check_strategy(self, kind: str, rules: RulesT) -> None:
        """Check, before a game starts, that the family's bot ``kind`` plays ``rules`` as they
        are: a bot that cannot play a rule value refuses the rule set, naming the rule, rather
        than play another rule silently.

        Raises:
            NoStrategyError: the family has no strategy of that kind, or that strategy does not
                play one of the values of ``rules`` (the message names the rule id).
        """
        ...


class CountedState(Protocol):
    """What ``FamilyHooks`` reads of a family's state: its seats and every tile it holds."""

    @property
    def player_count(self) -> int:
        """The seats of the game."""
        ...

    def all_tiles(self) -> Counter[Tile]:
        """Every tile of the game (stock, racks, table, discards) as a ``Counter``."""
        ...


CountedT = TypeVar("CountedT", bound=CountedState)
HookViewT = TypeVar("HookViewT")
HookActionT = TypeVar("HookActionT")


class FamilyHooks(Generic[CountedT, HookViewT, HookActionT]):
    """The ``Variant`` hooks that read the same in every family, for a family's variant class to
    inherit: ``tile_counts`` and ``player_count`` from its state, ``strategy`` from its table of
    bot strategies (``strategy_table``: bot kind -> ``factory(seed)``, imported when first asked
    for, so a program without bots never loads them)."""

    name: str
    strategy_table: Callable[[], Mapping[str, Callable[[int], Strategy[HookViewT, HookActionT]]]]

    def tile_counts(self, state: CountedT) -> Counter[Tile]:
        """``state.all_tiles()``: always the full tile set."""
        return state.all_tiles()

    def player_count(self, state: CountedT) -> int:
        """``state.player_count``."""
        return state.player_count

    def strategy(
        self, kind: str, seed: int, options: Sequence[tuple[str, str]] = ()
    ) -> Strategy[HookViewT, HookActionT]:
        """A new bot strategy of ``kind`` (``greedy``, ``solver``...) from ``strategy_table``,
        with the settings ``options`` when its factory is a ``bot_settings.Tunable``.

        Raises:
            NoStrategyError: a kind the family lacks (naming the family and the kinds it has);
                never another kind in its place.
            SettingError: settings for a kind that takes none, an unknown setting or a bad
                value (naming the token).
        """
        from remi.core.bot_settings import SettingError, Tunable
        from remi.core.strategy import make_strategy

        table = self.strategy_table()
        if not options or kind not in table:
            return make_strategy(self.name, kind, seed, table)
        factory = table[kind]
        if not isinstance(factory, Tunable):
            name, value = options[0]
            raise SettingError.from_id(
                N_("bot.error.no_settings"),
                fields={"kind": kind, "token": f"{name}={value}"},
                kind=kind,
                token=f"{name}={value}",
            )
        configured: Strategy[HookViewT, HookActionT] = factory.configured(kind, options)(seed)
        return configured

    def check_strategy(self, kind: str, rules: RuleSet) -> None:
        """The kind is in ``strategy_table`` (a family whose strategies refuse some rule values
        extends this check).

        Raises:
            NoStrategyError: a kind the family lacks, naming the kinds it has.
        """
        if kind not in self.strategy_table():
            from remi.core.strategy import NoStrategyError

            raise NoStrategyError(self.name, kind, tuple(self.strategy_table()))


#: A variant of any family, as the registry hands it out (callers that know the family narrow it).
AnyVariant: TypeAlias = Variant[Any, Any, Any, Any]

_REGISTRY: dict[str, AnyVariant] = {}
_discovered = False
#: Entry points that failed to load: name -> ``"ErrorType: message"``.
plugin_errors: dict[str, str] = {}


def register_variant(variant: AnyVariant) -> None:
    """Register ``variant`` under its name and aliases (its presets then load).

    Raises:
        RemiError: when the object lacks the ``Variant`` hooks.
    """
    if not isinstance(variant, Variant):
        raise RemiError(f"{variant!r} does not implement the remi Variant interface")
    _REGISTRY[variant.name] = variant
    for alias in variant.aliases:
        _REGISTRY.setdefault(alias, variant)


#: The families that ship with remi, as their ``remi.variants`` entry points in pyproject.toml
#: name them (tests/test_variant_discovery.py keeps the two equal): ``get_variant`` loads one of
#: these by its name without reading every installed distribution's entry points (a third of
#: the start-up of a short command such as ``remi check meld``); any other name, an alias or a
#: listing of every family goes through ``discover``.
BUILT_IN_FAMILIES: Final[Mapping[str, str]] = {
    "remi": "remi.variants.remi_pe_tabla:VARIANT",
    "rummikub": "remi.variants.rummikub:VARIANT",
}


def _load_built_in(name: str) -> None:
    """Register the built-in family ``name`` from ``BUILT_IN_FAMILIES`` (its module imported
    now); a family that fails to load is left to ``discover``, which records the error."""
    module_name, _, attr = BUILT_IN_FAMILIES[name].partition(":")
    try:
        obj = getattr(importlib.import_module(module_name), attr)
        register_variant(obj() if callable(obj) and not isinstance(obj, Variant) else obj)
    except Exception:  # noqa: BLE001 - reported by discover(), as for any entry point
        discover()


def discover() -> None:
    """Load every ``remi.variants`` entry point once; each names a ``Variant`` (or a factory).

    A plugin that fails to load is skipped with its error recorded in ``plugin_errors``.
    """
    global _discovered
    if _discovered:
        return
    _discovered = True
    from importlib.metadata import entry_points

    for ep in entry_points(group="remi.variants"):
        try:
            obj = ep.load()
            variant = obj() if callable(obj) and not isinstance(obj, Variant) else obj
            register_variant(variant)
        except Exception as exc:  # a broken third-party plugin must not break the core
            plugin_errors[ep.name] = f"{type(exc).__name__}: {exc}"


def registered_variants() -> list[AnyVariant]:
    """Every registered variant once (built-ins and discovered plugins), by name."""
    discover()
    unique = {v.name: v for v in _REGISTRY.values()}
    return [unique[k] for k in sorted(unique)]


def get_variant(name: str) -> AnyVariant:
    """The variant whose name or alias is ``name``.

    Raises:
        UnknownVariantError: listing the known names.
    """
    if name not in _REGISTRY and name in BUILT_IN_FAMILIES and not _discovered:
        _load_built_in(name)
    if name not in _REGISTRY:
        discover()
    try:
        return _REGISTRY[name]
    except KeyError:
        raise UnknownVariantError(name, sorted(_REGISTRY)) from None


def rules_family(family: str) -> type[RuleSet]:
    """The rule-set class of ``family`` (the ``family`` key of a preset file).

    Raises:
        UnknownVariantError: when no such family is registered.
    """
    return get_variant(family).rules_class


def variant_for_rules(rules: RuleSet) -> AnyVariant:
    """The variant that plays a loaded rule set (by its ``family``).

    Raises:
        UnknownVariantError: when the family has no registered variant.
    """
    return get_variant(rules.family)
