"""remi: rules engine, dispute checker, solvers and bots for tile rummy.

Two rule families, peers over a shared core (``remi.core``): Romanian Remi pe tablă (rummy with
the discard row, șir; ``remi.variants.remi_pe_tabla``) and the Rummikub family
(``remi.variants.rummikub``), both found through the ``remi.variants`` entry points like any
third-party family. The functions here play any family (``remi.core.game``: each finds the
state's variant from its rules), so one program plays both::

    >>> import remi
    >>> rules = remi.load_rules("remi-pe-tabla")
    >>> state = remi.new_game(rules, 2, seed=1)
    >>> state = remi.apply(state, remi.legal_actions(state)[0])
    >>> state, events = remi.transition(state, remi.legal_actions(state)[0])
    >>> remi.current_player(state), type(events[0]).__name__
    (1, 'Drew')
    >>> remi.position(state, 1).split(" / ")[0]  # what p2 sees, as one line
    'remi:remi-pe-tabla#c0bdff91 view p2'

Also here: the variants by name (``get_variant``, ``variant_for_rules``), events, scoring
(``score``, ``PlayerScore``), records (``load_record``, ``replay``), matches (``play_match``),
bots (``make_bot``, ``play_hand``, the ``Bot`` protocol and the ``Strategy`` a family gives its
bots), the position notation (``position``, ``from_position``, docs/notation.md) and each
family's own value types. Seats are 0-based in code and ``p1``..``p4`` in every text
(docs/notation.md). Importing ``remi`` imports none of them: each is imported on first use.

Data flows one way: notation -> formations -> rules -> state machine -> events -> views
-> screens / CLI; neither the core nor a family imports the CLI (``remi.cli``).
"""

from __future__ import annotations

import importlib

from remi import _moved

#: ``typing.TYPE_CHECKING`` without importing ``typing`` (a start-up cost of every command; mypy
#: reads any constant of this name as true).
TYPE_CHECKING = False

if TYPE_CHECKING:  # the names below are imported on first use (``__getattr__``)
    from remi.bots import (
        BOT_KINDS,
        Bot,
        BotError,
        GreedyBot,
        RandomBot,
        SolverBot,
        make_bot,
        play_hand,
    )
    from remi.core.actions import (
        Action,
    )
    from remi.core.errors import (
        AmbiguousFormationError,
        IllegalActionError,
        InvalidFormationError,
        NotationError,
        RemiError,
        RulesError,
        UnknownVariantError,
    )
    from remi.core.events import (
        Event,
        events_for_player,
        public_events,
    )
    from remi.core.formations import (
        Formation,
        Kind,
        parse_formation,
    )
    from remi.core.game import (
        State,
        apply,
        check,
        current_player,
        from_position,
        is_over,
        legal_actions,
        new_game,
        parse_action,
        position,
        score,
        transition,
        variant_of,
        view,
    )
    from remi.core.presets import (
        list_presets,
        load_rules,
    )
    from remi.core.record_files import (
        dump_record,
        load_record,
    )
    from remi.core.records import (
        GameRecord,
        RecordError,
    )
    from remi.core.replay import (
        ReplayResult,
        replay,
    )
    from remi.core.rulespec import (
        RuleSet,
    )
    from remi.core.scoring import (
        PlayerScore,
        ScoreLine,
    )
    from remi.core.strategy import (
        Strategy,
    )
    from remi.core.tiles import (
        FULL_SET,
        JOLY,
        Colour,
        Tile,
    )
    from remi.core.variant import (
        Variant,
        get_variant,
        registered_variants,
        variant_for_rules,
    )
    from remi.match import (
        Match,
        new_match,
        play_match,
    )
    from remi.variants.remi_pe_tabla.actions import (
        Announce,
        AnnounceAtu,
        Claim,
        Declare,
        Discard,
        Draw,
        LayOff,
        Meld,
        Swap,
        Take,
        Undo,
    )
    from remi.variants.remi_pe_tabla.engine import (
        is_legal,
        undo,
    )
    from remi.variants.remi_pe_tabla.events import (
        Announced,
        AnnouncedAtu,
        AnnouncementClaimed,
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
    from remi.variants.remi_pe_tabla.rules import (
        RemiRules,
    )
    from remi.variants.remi_pe_tabla.state import (
        GameState,
        Phase,
    )
    from remi.variants.remi_pe_tabla.views import (
        PlayerView,
    )
    from remi.variants.rummikub.rules import (
        RummikubRules,
    )
    from remi.variants.rummikub.state import (
        RummikubState,
    )
    from remi.variants.rummikub.views import (
        RummikubView,
    )

#: Each public name and the module it comes from: importing ``remi`` (or ``remi.cli`` for
#: ``remi --help``) loads none of them; the first use of a name imports its module.
_HOMES: dict[str, str] = {
    "State": "remi.core.game",
    "apply": "remi.core.game",
    "check": "remi.core.game",
    "current_player": "remi.core.game",
    "from_position": "remi.core.game",
    "is_over": "remi.core.game",
    "legal_actions": "remi.core.game",
    "new_game": "remi.core.game",
    "parse_action": "remi.core.game",
    "position": "remi.core.game",
    "score": "remi.core.game",
    "transition": "remi.core.game",
    "variant_of": "remi.core.game",
    "view": "remi.core.game",
    "Variant": "remi.core.variant",
    "get_variant": "remi.core.variant",
    "registered_variants": "remi.core.variant",
    "variant_for_rules": "remi.core.variant",
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
    "PlayerScore": "remi.core.scoring",
    "ScoreLine": "remi.core.scoring",
    "Strategy": "remi.core.strategy",
    "FULL_SET": "remi.core.tiles",
    "JOLY": "remi.core.tiles",
    "Colour": "remi.core.tiles",
    "Tile": "remi.core.tiles",
    "GameRecord": "remi.core.records",
    "RecordError": "remi.core.records",
    "dump_record": "remi.core.record_files",
    "load_record": "remi.core.record_files",
    "ReplayResult": "remi.core.replay",
    "replay": "remi.core.replay",
    "Match": "remi.match",
    "new_match": "remi.match",
    "play_match": "remi.match",
    "BOT_KINDS": "remi.bots",
    "Bot": "remi.bots",
    "BotError": "remi.bots",
    "GreedyBot": "remi.bots",
    "RandomBot": "remi.bots",
    "SolverBot": "remi.bots",
    "make_bot": "remi.bots",
    "play_hand": "remi.bots",
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
    "is_legal": "remi.variants.remi_pe_tabla.engine",
    "undo": "remi.variants.remi_pe_tabla.engine",
    "Announced": "remi.variants.remi_pe_tabla.events",
    "AnnouncedAtu": "remi.variants.remi_pe_tabla.events",
    "AnnouncementClaimed": "remi.variants.remi_pe_tabla.events",
    "AnnouncementMissed": "remi.variants.remi_pe_tabla.events",
    "Claim": "remi.variants.remi_pe_tabla.actions",
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
    "RemiRules": "remi.variants.remi_pe_tabla.rules",
    "GameState": "remi.variants.remi_pe_tabla.state",
    "Phase": "remi.variants.remi_pe_tabla.state",
    "PlayerView": "remi.variants.remi_pe_tabla.views",
    "RummikubRules": "remi.variants.rummikub.rules",
    "RummikubState": "remi.variants.rummikub.state",
    "RummikubView": "remi.variants.rummikub.views",
}


def __getattr__(name: str) -> object:
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
    "Action",
    "AmbiguousFormationError",
    "Announce",
    "AnnounceAtu",
    "Announced",
    "AnnouncedAtu",
    "AnnouncementClaimed",
    "AnnouncementMissed",
    "BOT_KINDS",
    "Bot",
    "BotError",
    "Claim",
    "Closed",
    "Colour",
    "Declare",
    "Declared",
    "Discard",
    "Discarded",
    "Draw",
    "Drew",
    "Event",
    "FULL_SET",
    "Formation",
    "GameRecord",
    "GameState",
    "GreedyBot",
    "HandEnded",
    "IllegalActionError",
    "InvalidFormationError",
    "JOLY",
    "Kind",
    "LaidOff",
    "LayOff",
    "Match",
    "Meld",
    "Melded",
    "NotationError",
    "Opened",
    "Phase",
    "PlayerScore",
    "PlayerView",
    "RandomBot",
    "RecordError",
    "RemiError",
    "RemiRules",
    "ReplayResult",
    "RuleSet",
    "RulesError",
    "RummikubRules",
    "RummikubState",
    "RummikubView",
    "ScoreLine",
    "SolverBot",
    "State",
    "Strategy",
    "Swap",
    "Swapped",
    "Take",
    "Tile",
    "Took",
    "Undo",
    "Undone",
    "UnknownVariantError",
    "Variant",
    "apply",
    "check",
    "current_player",
    "dump_record",
    "events_for_player",
    "from_position",
    "get_variant",
    "is_legal",
    "is_over",
    "legal_actions",
    "list_presets",
    "load_record",
    "load_rules",
    "make_bot",
    "new_game",
    "new_match",
    "parse_action",
    "parse_formation",
    "play_hand",
    "play_match",
    "position",
    "public_events",
    "registered_variants",
    "replay",
    "score",
    "transition",
    "undo",
    "variant_for_rules",
    "variant_of",
    "view",
]
