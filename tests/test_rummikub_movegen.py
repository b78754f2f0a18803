"""Rummikub move generation: every play ``legal_actions`` builds passes the full end-of-turn
check, under each preset of the family and with the joker rules varied."""

from __future__ import annotations

import random

import attrs
import pytest

from remi.core.actions import Action
from remi.variants.rummikub import engine
from remi.variants.rummikub.actions import Play
from remi.variants.rummikub.engine import apply, check, legal_actions
from remi.variants.rummikub.state import RummikubState, new_game

from rummikit import rk_rules


def _full_check_passes(state: RummikubState, action: Action) -> bool:
    try:
        engine._check(state, action)  # the full check, never the trusted lookup
    except engine.IllegalActionError:
        return False
    return True


RULE_VARIANTS = [
    ("rummikub", {}),
    ("myrummy", {}),
    ("myrummy-small", {}),
    ("rummikub", {"joker_replacement_from": "rack", "joker_freed_use": "new_set_with_rack"}),
    ("rummikub", {"joker_group_of_three": "both_missing", "joker_locks_meld": True}),
    ("rummikub", {"initial_meld_manipulate_same_turn": True}),
    ("rummikub", {"run_ace_high": True, "table_keep_three": True}),
]


@pytest.mark.parametrize(("preset", "changes"), RULE_VARIANTS)
def test_listed_plays_pass_the_full_check(preset: str, changes: dict[str, object]) -> None:
    rules = attrs.evolve(rk_rules(preset), **changes)
    for seed in range(4):
        state = new_game(rules, 2 + seed % 3, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            actions = legal_actions(state)
            assert all(_full_check_passes(state, a) for a in actions)
            state = apply(state, rng.choice(actions))


def test_trusted_lookup_is_by_identity_then_equality() -> None:
    rules = rk_rules()
    state = new_game(rules, 2, seed=3)
    actions = legal_actions(state)
    for a in actions:
        check(state, a)  # the listed objects
        check(state, attrs.evolve(a))  # equal copies go through the equality set
    assert all(isinstance(a, Play) for a in actions[1:])
