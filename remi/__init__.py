"""remi: rules engine, dispute checker, solvers and bots for tile rummy.

Two rule families, peers over a shared core (``remi.core``): Romanian Remi pe tablă (rummy with
the discard row, șir; ``remi.variants.remi_pe_tabla``) and the Rummikub family
(``remi.variants.rummikub``), both found through the ``remi.variants`` entry points like any
third-party family. The functions re-exported here are Remi pe tablă's; any family, Rummikub
included, is played through its variant: ``remi.core.variant.variant_for_rules(rules)`` gives
``new_game``, ``legal_actions``, ``apply``, ``transition``, ``view``, ``score``... The Remi API::

    from remi import load_rules, new_game, legal_actions, apply, transition, view, parse_action
    rules = load_rules("remi-pe-tabla")
    state = new_game(rules, 4, seed=1)
    state = apply(state, legal_actions(state)[0])
    state, events = transition(state, legal_actions(state)[0])  # the same step, with its events

``transition`` returns the Remi pe tablă events (``Took``, ``Melded``, ``Discarded``...; the
``Event`` base and ``events_for_player`` / ``public_events``, what each player may see of them,
are in ``remi.core.events``).

Data flows one way: notation -> formations -> rules -> state machine -> events -> views
-> screens / CLI; neither the core nor a family imports the CLI (``remi.cli``).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from remi import _moved

if TYPE_CHECKING:  # the names below are imported on first use (``__getattr__``)
    from remi.core.actions import Action
    from remi.core.errors import (
        AmbiguousFormationError,
        IllegalActionError,
        InvalidFormationError,
        NotationError,
        RemiError,
        RulesError,
        UnknownVariantError,
    )
    from remi.core.events import Event, events_for_player, public_events
    from remi.core.formations import Formation, Kind, parse_formation
    from remi.core.presets import list_presets, load_rules
    from remi.core.rulespec import RuleSet
    from remi.core.tiles import FULL_SET, JOLY, Colour, Tile
    from remi.variants.remi_pe_tabla.actions import (
        Announce,
        AnnounceAtu,
        Declare,
        Discard,
        Draw,
        LayOff,
        Meld,
        Swap,
        Take,
        Undo,
        parse_action,
    )
    from remi.variants.remi_pe_tabla.engine import apply, check, is_legal, transition, undo
    from remi.variants.remi_pe_tabla.events import (
        Announced,
        AnnouncedAtu,
        AnnouncementMissed,
        Closed,
        Declared,
        Discarded,
        Drew,
        HandEnded,
        LaidOff,
        Melded,
        Opened,
        Swapped,
        Took,
        Undone,
    )
    from remi.variants.remi_pe_tabla.movegen import legal_actions
    from remi.variants.remi_pe_tabla.rules import RemiRules
    from remi.variants.remi_pe_tabla.state import GameState, Phase, new_game
    from remi.variants.remi_pe_tabla.views import PlayerView, view

#: Each public name and the module it comes from: importing ``remi`` (or ``remi.cli`` for
#: ``remi --help``) loads none of them; the first use of a name imports its module.
_HOMES: dict[str, str] = {
    "Action": "remi.core.actions",
    "AmbiguousFormationError": "remi.core.errors",
    "IllegalActionError": "remi.core.errors",
    "InvalidFormationError": "remi.core.errors",
    "NotationError": "remi.core.errors",
    "RemiError": "remi.core.errors",
    "RulesError": "remi.core.errors",
    "UnknownVariantError": "remi.core.errors",
    "Event": "remi.core.events",
    "events_for_player": "remi.core.events",
    "public_events": "remi.core.events",
    "Formation": "remi.core.formations",
    "Kind": "remi.core.formations",
    "parse_formation": "remi.core.formations",
    "list_presets": "remi.core.presets",
    "load_rules": "remi.core.presets",
    "RuleSet": "remi.core.rulespec",
    "FULL_SET": "remi.core.tiles",
    "JOLY": "remi.core.tiles",
    "Colour": "remi.core.tiles",
    "Tile": "remi.core.tiles",
    "Announce": "remi.variants.remi_pe_tabla.actions",
    "AnnounceAtu": "remi.variants.remi_pe_tabla.actions",
    "Declare": "remi.variants.remi_pe_tabla.actions",
    "Discard": "remi.variants.remi_pe_tabla.actions",
    "Draw": "remi.variants.remi_pe_tabla.actions",
    "LayOff": "remi.variants.remi_pe_tabla.actions",
    "Meld": "remi.variants.remi_pe_tabla.actions",
    "Swap": "remi.variants.remi_pe_tabla.actions",
    "Take": "remi.variants.remi_pe_tabla.actions",
    "Undo": "remi.variants.remi_pe_tabla.actions",
    "parse_action": "remi.variants.remi_pe_tabla.actions",
    "apply": "remi.variants.remi_pe_tabla.engine",
    "check": "remi.variants.remi_pe_tabla.engine",
    "is_legal": "remi.variants.remi_pe_tabla.engine",
    "transition": "remi.variants.remi_pe_tabla.engine",
    "undo": "remi.variants.remi_pe_tabla.engine",
    "Announced": "remi.variants.remi_pe_tabla.events",
    "AnnouncedAtu": "remi.variants.remi_pe_tabla.events",
    "AnnouncementMissed": "remi.variants.remi_pe_tabla.events",
    "Closed": "remi.variants.remi_pe_tabla.events",
    "Declared": "remi.variants.remi_pe_tabla.events",
    "Discarded": "remi.variants.remi_pe_tabla.events",
    "Drew": "remi.variants.remi_pe_tabla.events",
    "HandEnded": "remi.variants.remi_pe_tabla.events",
    "LaidOff": "remi.variants.remi_pe_tabla.events",
    "Melded": "remi.variants.remi_pe_tabla.events",
    "Opened": "remi.variants.remi_pe_tabla.events",
    "Swapped": "remi.variants.remi_pe_tabla.events",
    "Took": "remi.variants.remi_pe_tabla.events",
    "Undone": "remi.variants.remi_pe_tabla.events",
    "legal_actions": "remi.variants.remi_pe_tabla.movegen",
    "RemiRules": "remi.variants.remi_pe_tabla.rules",
    "GameState": "remi.variants.remi_pe_tabla.state",
    "Phase": "remi.variants.remi_pe_tabla.state",
    "new_game": "remi.variants.remi_pe_tabla.state",
    "PlayerView": "remi.variants.remi_pe_tabla.views",
    "view": "remi.variants.remi_pe_tabla.views",
}


def __getattr__(name: str) -> Any:
    """Import the module of a public name on its first use (PEP 562) and keep the name."""
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'remi' has no attribute {name!r}")
    value = getattr(importlib.import_module(home), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_HOMES))


__version__ = "0.1.0"

_moved.install()

__all__ = [
    "FULL_SET",
    "JOLY",
    "Action",
    "AmbiguousFormationError",
    "Announce",
    "AnnounceAtu",
    "Announced",
    "AnnouncedAtu",
    "AnnouncementMissed",
    "Closed",
    "Colour",
    "Declare",
    "Declared",
    "Discard",
    "Discarded",
    "Draw",
    "Drew",
    "Event",
    "Formation",
    "GameState",
    "HandEnded",
    "IllegalActionError",
    "InvalidFormationError",
    "Kind",
    "LaidOff",
    "LayOff",
    "Meld",
    "Melded",
    "NotationError",
    "Opened",
    "Phase",
    "PlayerView",
    "RemiError",
    "RemiRules",
    "RuleSet",
    "RulesError",
    "Swap",
    "Swapped",
    "Take",
    "Tile",
    "Took",
    "Undo",
    "Undone",
    "UnknownVariantError",
    "apply",
    "check",
    "events_for_player",
    "is_legal",
    "legal_actions",
    "list_presets",
    "load_rules",
    "new_game",
    "parse_action",
    "parse_formation",
    "public_events",
    "transition",
    "undo",
    "view",
]
