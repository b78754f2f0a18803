"""Generic conformance suite: every registered variant x each of its presets, one suite for all
of them (as OpenSpiel does).

Over seeded random games: tile conservation after every action (``variant.tile_counts`` is the
106-tile set), refused actions change nothing, every legal action passes ``check`` and its text
round-trips (``parse_action(str(a)) == a``), the game record (seed + action texts) replays to the
same final state, games terminate, and views hide what they must (no other rack, no stock/pool
order, no state object reachable from a view).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest

from remi.core.errors import IllegalActionError
from remi.core.presets import list_presets, load_rules
from remi.core.rulespec import RuleSet
from remi.core.tiles import FULL_SET
from remi.core.variant import Variant, registered_variants, variant_for_rules

MAX_ACTIONS = 3000
SEEDS = (1, 2)


def _cases() -> list[tuple[str, str]]:
    """(variant name, preset name or file) for every registered variant and each of its
    presets: the rules/ presets of its family plus its optional ``preset_files``."""
    cases = []
    presets = [(load_rules(p).family, p) for p in list_presets()]
    for variant in registered_variants():
        cases += [(family, p) for family, p in presets if family == variant.name]
        cases += [(variant.name, str(path)) for path in getattr(variant, "preset_files", ())]
    return cases


CASES = _cases()


def test_every_registered_variant_has_a_preset() -> None:
    families = {family for family, _ in CASES}
    assert {v.name for v in registered_variants()} == families
    assert {"remi", "rummikub"} <= families


def _racks(state: Any) -> list[tuple[Any, ...]]:
    if hasattr(state, "racks"):
        return [tuple(r) for r in state.racks]
    return [tuple(p.rack) for p in state.players]


def _hidden_order(state: Any) -> tuple[Any, ...]:
    for name in ("pool", "stock"):
        if hasattr(state, name):
            return tuple(getattr(state, name))
    raise AssertionError("a state without a stock or pool")


def _reachable(value: Any, depth: int = 0) -> Iterator[Any]:
    yield value
    if depth > 8:
        return
    if attrs.has(type(value)):
        for field in attrs.fields(type(value)):
            yield from _reachable(getattr(value, field.name), depth + 1)
    elif isinstance(value, (tuple, list, frozenset, set)):
        for item in value:
            yield from _reachable(item, depth + 1)
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from _reachable(k, depth + 1)
            yield from _reachable(v, depth + 1)


def _check_view(variant: Variant, state: Any, seat: int) -> None:
    v = variant.view(state, seat)
    seen = list(_reachable(v))
    state_type = type(state)
    assert not any(isinstance(x, state_type) for x in seen), "a view exposes the full state"
    hidden = _hidden_order(state)
    if len(hidden) > 1:
        assert not any(isinstance(x, tuple) and len(x) == len(hidden) and x == hidden for x in seen)
    if not variant.is_over(state):
        mine = tuple(sorted(_racks(state)[seat], key=lambda t: t.code))
        for other, rack in enumerate(_racks(state)):
            ordered = tuple(sorted(rack, key=lambda t: t.code))
            if other == seat or len(rack) < 2 or ordered == mine:
                continue
            assert not any(isinstance(x, tuple) and x in (rack, ordered) for x in seen), (
                f"p{other + 1}'s rack is visible"
            )


def _refused_changes_nothing(variant: Variant, state: Any, action: Any) -> None:
    players = len(_racks(state))
    other = (variant.current_player(state) + 1) % players
    wrong = attrs.evolve(action, player=other)
    before = state
    snapshot = attrs.asdict(state, recurse=False)
    with pytest.raises(IllegalActionError) as info:
        variant.apply(state, wrong)
    assert info.value.rule_id
    assert state == before and attrs.asdict(state, recurse=False) == snapshot


def _play(variant: Variant, rules: RuleSet, seed: int, players: int) -> None:
    state = variant.new_game(rules, players, seed=seed)
    start = state
    rng = random.Random(seed)
    texts: list[str] = []
    full = Counter(FULL_SET)
    for step in range(MAX_ACTIONS):
        if variant.is_over(state):
            break
        actions = variant.legal_actions(state)
        assert actions, "no legal action in a running game"
        for a in actions:
            assert variant.parse_action(str(a), rules) == a, str(a)
        action = rng.choice(actions)
        variant.check(state, action)
        if step % 7 == 0:
            _refused_changes_nothing(variant, state, action)
            _check_view(variant, state, (variant.current_player(state) + step) % players)
        state = variant.apply(state, action)
        texts.append(str(action))
        assert variant.tile_counts(state) == full
    assert variant.is_over(state), f"no end after {MAX_ACTIONS} actions"
    assert variant.legal_actions(state) == []
    scores = variant.score(state)
    assert len(scores) == players
    for seat in range(players):
        _check_view(variant, state, seat)
    replay = start
    for text in texts:
        replay = variant.apply(replay, variant.parse_action(text, rules))
    assert replay == state


@pytest.mark.parametrize(("family", "preset"), CASES, ids=[f"{f}-{Path(p).stem}" for f, p in CASES])
def test_conformance_random_games(family: str, preset: str) -> None:
    rules = load_rules(preset)
    variant = variant_for_rules(rules)
    assert variant.name == family
    assert isinstance(variant, Variant)
    for seed in SEEDS:
        _play(variant, rules, seed, players=2 + seed % 3)
