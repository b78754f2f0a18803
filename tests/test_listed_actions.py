"""``apply``'s trusted path for the actions ``legal_actions`` listed for the very same state.

An action object taken from the list just built for a state skips the checks the move generator
made (``remi.variants.remi_pe_tabla.listed``); it must give exactly the state the fully checked
path gives, and nothing else may be trusted: an equal action built elsewhere, an action appended
to the returned list, a listed action applied to another state (docs/rules.md §0.1, the actions).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from remi.core.errors import IllegalActionError
from remi.core.presets import load_rules
from remi.core.tiles import ALL_TILE_TYPES
from remi.variants.remi_pe_tabla import listed
from remi.variants.remi_pe_tabla.actions import Discard, Meld, Take, parse_action
from remi.variants.remi_pe_tabla.engine import apply
from remi.variants.remi_pe_tabla.movegen import legal_actions
from remi.variants.remi_pe_tabla.state import GameState, Phase, new_game

RULES = load_rules("remi-pe-tabla")


def _copy(action: object) -> object:
    """An equal action that is a new object (parsed back from its text form)."""
    copy = parse_action(str(action))
    assert copy == action and copy is not action
    return copy


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_a_listed_action_gives_the_state_the_full_check_gives(seed: int) -> None:
    rng = random.Random(seed)
    state = new_game(RULES, 4, seed=seed)
    kinds: set[type] = set()
    while state.phase is not Phase.ENDED:
        actions = legal_actions(state)
        action = rng.choice(actions)
        assert listed.listed(state, action)
        fast = apply(state, action)
        listed.forget()
        assert not listed.listed(state, action)
        assert apply(state, _copy(action)) == fast  # the full checks, the same state
        kinds.add(type(action))
        state = fast
    assert Discard in kinds


def _state_with(kind: type, seed: int = 3) -> tuple[GameState, list[object]]:
    """The first state of a seeded random hand whose list holds an action of ``kind``."""
    rng = random.Random(seed)
    state = new_game(RULES, 4, seed=seed)
    while state.phase is not Phase.ENDED:
        actions = legal_actions(state)
        if any(isinstance(a, kind) for a in actions):
            return state, list(actions)
        state = apply(state, rng.choice(actions))
    raise AssertionError(f"no {kind.__name__} listed in seed {seed}")


def test_an_equal_action_built_elsewhere_is_not_trusted() -> None:
    state, actions = _state_with(Discard)
    action = next(a for a in actions if isinstance(a, Discard))
    assert listed.listed(state, action)
    assert not listed.listed(state, _copy(action))
    assert not listed.listed(state.evolve(), action)  # an equal state, another object


def test_an_action_appended_to_the_returned_list_is_still_checked() -> None:
    state, _ = _state_with(Discard)
    returned = legal_actions(state)
    rack = state.players[state.current].rack
    missing = next(t for t in ALL_TILE_TYPES if t not in rack)
    forged = Discard(state.current, missing)
    returned.append(forged)  # the caller owns the list; what is trusted is not changed
    assert not listed.listed(state, forged)
    with pytest.raises(IllegalActionError) as refused:
        apply(state, forged)
    assert refused.value.rule_id == "rack.tiles"


def test_a_listed_action_from_another_state_is_fully_checked() -> None:
    state, actions = _state_with(Discard)
    discard = next(a for a in actions if isinstance(a, Discard))
    after = apply(state, discard)  # the next player's take phase
    assert after.phase is Phase.TAKE
    legal_actions(after)
    assert not listed.listed(after, discard)
    with pytest.raises(IllegalActionError) as refused:
        apply(after, discard)  # not his turn any more
    assert refused.value.rule_id == "turn.order"


@pytest.mark.parametrize("kind", [Meld, Take])
def test_listed_melds_and_takes_apply_as_when_checked(kind: type) -> None:
    for seed in range(40):
        try:
            state, actions = _state_with(kind, seed)
        except AssertionError:
            continue
        for action in (a for a in actions if isinstance(a, kind)):
            legal_actions(state)
            fast = apply(state, action)
            listed.forget()
            assert apply(state, _copy(action)) == fast
        return
    pytest.fail(f"no {kind.__name__} listed in 40 seeds")
