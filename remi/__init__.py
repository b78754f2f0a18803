"""remi: rules engine, dispute checker, solvers and bots for tile rummy.

Romanian Remi pe tablă (rummy with the discard row, șir) is the built-in family; Rummikub-style
variants are plugins found through the ``remi.variants`` entry points. The public API::

    from remi import load_rules, new_game, legal_actions, apply, view, parse_action
    rules = load_rules("remi-pe-tabla")
    state = new_game(rules, 4, seed=1)
    state = apply(state, legal_actions(state)[0])

Data flows one way: notation -> tiles/formations -> rules -> state machine -> scoring -> views
-> CLI; the CLI (``remi.cli``) and rendering are never imported by the core.
"""

from __future__ import annotations

from remi.actions import (
    Action,
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
from remi.engine import apply, check, is_legal, undo
from remi.errors import (
    AmbiguousFormationError,
    IllegalActionError,
    InvalidFormationError,
    NotationError,
    RemiError,
    RulesError,
    UnknownVariantError,
)
from remi.formations import Formation, Kind, parse_formation
from remi.movegen import legal_actions
from remi.rules import RemiRules, RuleSet, list_presets, load_rules
from remi.state import GameState, Phase, new_game
from remi.tiles import FULL_SET, JOLY, Colour, Tile
from remi.views import PlayerView, view

__version__ = "0.1.0"

__all__ = [
    "FULL_SET",
    "JOLY",
    "Action",
    "AmbiguousFormationError",
    "Announce",
    "AnnounceAtu",
    "Colour",
    "Declare",
    "Discard",
    "Draw",
    "Formation",
    "GameState",
    "IllegalActionError",
    "InvalidFormationError",
    "Kind",
    "LayOff",
    "Meld",
    "NotationError",
    "Phase",
    "PlayerView",
    "RemiError",
    "RemiRules",
    "RuleSet",
    "RulesError",
    "Swap",
    "Take",
    "Tile",
    "Undo",
    "UnknownVariantError",
    "apply",
    "check",
    "is_legal",
    "legal_actions",
    "list_presets",
    "load_rules",
    "new_game",
    "parse_action",
    "parse_formation",
    "undo",
    "view",
]
