"""``hint`` through the bot registry: the family's club bot and its reason, in both languages."""

from __future__ import annotations

from remi.bots import make_bot, play_hand
from remi.bots.advice import HINT_KINDS, advise
from remi.core.advice import reason_text
from remi.core.messages import Messages
from remi.core.presets import load_rules
from remi.core.variant import variant_for_rules
from remi.variants.remi_pe_tabla.actions import Discard
from remi.variants.remi_pe_tabla.state import GameState, new_game
from remi.variants.remi_pe_tabla.strategies import RemiClubStrategy
from remi.variants.remi_pe_tabla.views import view

from gamekit import DEFAULT


def _club_views() -> list[GameState]:
    """States of a seeded 4-player hand where the club bot at seat 0 is to act."""
    states: list[GameState] = []
    bots = [
        make_bot("club", 1),
        make_bot("solver", 2),
        make_bot("solver", 3),
        make_bot("solver", 4),
    ]

    def keep(before: GameState, action: object, after: GameState) -> None:
        if before.current == 0:
            states.append(before)

    play_hand(new_game(DEFAULT, 4, seed=11), bots, on_action=keep)
    return states


def test_remi_hint_is_the_club_bot_with_a_reason_in_both_languages() -> None:
    reasons: set[str] = set()
    for state in _club_views()[::3]:
        seen = view(state, 0)
        kind, advice = advise(seen)
        assert kind == "club"
        # the same action the club bot plays from that view
        assert advice.action == RemiClubStrategy(0).choose(seen)
        assert advice.action in seen.legal
        assert advice.reason is not None
        reasons.add(advice.reason)
        for lang in ("en", "ro"):
            text = reason_text(Messages(lang), advice.reason, advice.values)
            assert text and "{" not in text and advice.reason not in text
    assert {"hint.why.draw", "hint.why.discard"} <= reasons or len(reasons) >= 3


def test_a_discard_moved_for_sir_safety_says_so() -> None:
    # over a hand, some club discard differs from the solver's first choice and names both
    found = []
    for state in _club_views():
        seen = view(state, 0)
        kind, advice = advise(seen)
        if isinstance(advice.action, Discard) and advice.reason in (
            "hint.why.discard_safe",
            "hint.why.discard_search",
        ):
            assert advice.values["tile"] == str(advice.action.tile)
            assert advice.values["other"] != advice.values["tile"]
            found.append(advice)
    assert found


def test_rummikub_hint_uses_a_kind_the_family_plays() -> None:
    rules = load_rules("rummikub")
    variant = variant_for_rules(rules)
    state = variant.new_game(rules, 2, seed=3)
    seat = variant.current_player(state)
    seen = variant.view(state, seat)
    kind, advice = advise(seen)
    assert kind in HINT_KINDS
    assert advice.action in seen.legal
