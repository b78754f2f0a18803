"""Variants: the small interface every rule family implements, and the registry that finds them.

STYLE.md 10 (python-chess / OpenSpiel): a variant changes only a few hooks; the rest is rule
parameters in ``rules/*.toml``. Built-in families are registered here; third-party families
(and our own Rummikub-style plugin) are discovered through the ``remi.variants`` entry-point
group: each entry point names a ``Variant`` object (or a callable returning one), for example
``rummikub = "remi.variants.rummikub:VARIANT"``. A variant's rule-set class is registered with
``remi.rules.register_rules_family`` when it is registered here, so its presets load.

Optional hooks (looked up with ``getattr`` by ``remi.disputes``; not part of the runtime-checked
``Variant`` protocol, so a plugin without them still registers):

- ``score_racks(rules, racks, closed_by) -> tuple[PlayerScore, ...]``: ``remi score`` for a
  family whose dispute files give only racks (``racks``: name -> tiles in turn order;
  ``closed_by``: who went out, or ``None`` when the stock/pool ran out);
- ``meld_report(text, rules) -> remi.disputes.MeldReport``: ``remi check meld``;
- ``opening_report(text, rules) -> remi.disputes.OpeningReport``: ``remi check opening``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from importlib.metadata import entry_points
from typing import Any, Protocol, runtime_checkable

from remi import engine as _engine
from remi import movegen as _movegen
from remi import views as _views
from remi.errors import RemiError, UnknownVariantError
from remi.rules import RuleSet, register_rules_family
from remi.scoring import PlayerScore
from remi.state import Phase
from remi.tiles import Tile

__all__ = [
    "Variant",
    "discover",
    "get_variant",
    "register_variant",
    "registered_variants",
    "variant_for_rules",
]


@runtime_checkable
class Variant(Protocol):
    """The interface of one rule family (``remi``, ``rummikub``, a plugin's).

    Attributes:
        name: the family name, as written in preset files (``family = "remi"``).
        aliases: other names that find it (``"remi-pe-tabla"``...).
        rules_class: the frozen ``RuleSet`` subclass of its rule ids.
        title: a one-line human name (``"Remi pe tablă"``).

    States, actions and views are the variant's own frozen values; the methods below are the
    only hooks the CLI, records, bots and the conformance tests use.
    """

    name: str
    aliases: tuple[str, ...]
    title: str

    @property
    def rules_class(self) -> type[RuleSet]:
        """The frozen ``RuleSet`` subclass of this family's rule ids."""
        ...

    def new_game(
        self,
        rules: Any,
        player_count: int,
        *,
        seed: int | None = 0,
        racks: Sequence[Sequence[Tile]] | None = None,
        stock: Sequence[Tile] | None = None,
    ) -> Any:
        """A new hand: a seeded deal, or a stacked deal (``racks`` in seat order, ``stock`` top first)."""
        ...

    def legal_actions(self, state: Any) -> list[Any]:
        """The actions of the player to move that pass ``check``; empty once the hand is over."""
        ...

    def check(self, state: Any, action: Any) -> None:
        """Raise ``IllegalActionError`` (with a rule id) if ``action`` is not legal in ``state``."""
        ...

    def apply(self, state: Any, action: Any) -> Any:
        """The state after ``action`` (checked first); the input state is never changed."""
        ...

    def view(self, state: Any, player: int) -> Any:
        """What seat ``player`` may see: no stock order, no other racks."""
        ...

    def parse_action(self, text: str, rules: Any) -> Any:
        """An action from its text form (``p1 draw``); ``str(action)`` parses back equal."""
        ...

    def current_player(self, state: Any) -> int:
        """The seat (0-based) to act."""
        ...

    def is_over(self, state: Any) -> bool:
        """True once the hand has ended."""
        ...

    def score(self, state: Any, names: Sequence[str] | None = None) -> tuple[PlayerScore, ...]:
        """Explained scores of a finished hand, in seat order."""
        ...

    def tile_counts(self, state: Any) -> Counter[Tile]:
        """Every tile in the hand (stock, racks, table, discards): always the 106-tile set."""
        ...


# Read once: the hooks below run on every action of every hand, where an import statement in the
# body (about a microsecond) or an Enum class attribute (EnumType.__getattr__'s slow path) shows.
_ENDED = Phase.ENDED


class _RemiVariant:
    """Romanian Remi pe tablă (family ``remi``): the built-in state machine of ``remi.engine``."""

    name = "remi"
    aliases: tuple[str, ...] = ("remi-pe-tabla", "remi-etalat", "rummy-45", "remi-50")
    title = "Remi pe tablă (Romanian rummy with the șir)"

    @property
    def rules_class(self) -> type[RuleSet]:
        """``remi.rules.RemiRules``."""
        from remi.rules import RemiRules

        return RemiRules

    def new_game(
        self,
        rules: Any,
        player_count: int,
        *,
        seed: int | None = 0,
        racks: Sequence[Sequence[Tile]] | None = None,
        stock: Sequence[Tile] | None = None,
    ) -> Any:
        """``remi.state.new_game``."""
        from remi.state import new_game

        return new_game(rules, player_count, seed=seed, racks=racks, stock=stock)

    def legal_actions(self, state: Any) -> list[Any]:
        """``remi.movegen.legal_actions``."""
        return _movegen.legal_actions(state)

    def check(self, state: Any, action: Any) -> None:
        """``remi.engine.check``."""
        _engine.check(state, action)

    def apply(self, state: Any, action: Any) -> Any:
        """``remi.engine.apply``."""
        return _engine.apply(state, action)

    def view(self, state: Any, player: int) -> Any:
        """``remi.views.view``."""
        return _views.view(state, player)

    def parse_action(self, text: str, rules: Any) -> Any:
        """``remi.actions.parse_action`` with the rules' formation parameters."""
        from remi.actions import parse_action

        return parse_action(text, rules.formation_rules)

    def current_player(self, state: Any) -> int:
        """``state.current``."""
        return int(state.current)

    def is_over(self, state: Any) -> bool:
        """The hand has reached ``Phase.ENDED``."""
        return state.phase is _ENDED

    def score(self, state: Any, names: Sequence[str] | None = None) -> tuple[PlayerScore, ...]:
        """``remi.results.score_state``."""
        from remi.results import score_state

        return score_state(state, names)

    def tile_counts(self, state: Any) -> Counter[Tile]:
        """``state.all_tiles()``."""
        return state.all_tiles()  # type: ignore[no-any-return]


REMI = _RemiVariant()
_REGISTRY: dict[str, Variant] = {}
_discovered = False


def register_variant(variant: Variant) -> None:
    """Register ``variant`` under its name and aliases, and its rule family for preset loading.

    Raises:
        RemiError: when the object lacks the ``Variant`` hooks.
    """
    if not isinstance(variant, Variant):
        raise RemiError(f"{variant!r} does not implement the remi Variant interface")
    _REGISTRY[variant.name] = variant
    for alias in variant.aliases:
        _REGISTRY.setdefault(alias, variant)
    register_rules_family(variant.name, variant.rules_class)


def discover() -> None:
    """Load every ``remi.variants`` entry point once; each names a ``Variant`` (or a factory).

    A plugin that fails to load is skipped with its error recorded in ``plugin_errors``.
    """
    global _discovered
    if _discovered:
        return
    _discovered = True
    for ep in entry_points(group="remi.variants"):
        try:
            obj = ep.load()
            variant = obj() if callable(obj) and not isinstance(obj, Variant) else obj
            register_variant(variant)
        except Exception as exc:  # a broken third-party plugin must not break the core
            plugin_errors[ep.name] = f"{type(exc).__name__}: {exc}"


plugin_errors: dict[str, str] = {}


def registered_variants() -> list[Variant]:
    """Every registered variant once (built-ins and discovered plugins), by name."""
    discover()
    unique = {v.name: v for v in _REGISTRY.values()}
    return [unique[k] for k in sorted(unique)]


def get_variant(name: str) -> Variant:
    """The variant whose name or alias is ``name``.

    Raises:
        UnknownVariantError: listing the known names.
    """
    discover()
    try:
        return _REGISTRY[name]
    except KeyError:
        raise UnknownVariantError(name, sorted(_REGISTRY)) from None


def variant_for_rules(rules: RuleSet) -> Variant:
    """The variant that plays a loaded rule set (by its ``family``).

    Raises:
        UnknownVariantError: when the family has no registered variant.
    """
    return get_variant(rules.family)


register_variant(REMI)
