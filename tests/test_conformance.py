"""Generic conformance suite: every registered variant x each of its presets, one suite for all
of them (as OpenSpiel does).

Over seeded random games: tile conservation after every action (``variant.tile_counts`` is the
106-tile set), refused actions change nothing, every legal action passes ``check`` and its text
round-trips (``parse_action(str(a)) == a``), the game record (seed + action texts) replays to the
same final state, games terminate, and views hide what they must (no other rack, no stock/pool
order, no state object reachable from a view). Over seeded bot games: ``transition`` gives the
state ``apply`` gives, with events of the acting seat that ``describe`` puts in words without
naming a private tile (a drawn one) to the other players; ``tile_zones`` holds every tile and
``hand_summary`` follows the hand.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest

from remi.bots import make_bot
from remi.cli.messages import messages
from remi.core.errors import IllegalActionError
from remi.core.events import Event, public_events
from remi.core.presets import list_presets, load_rules
from remi.core.rulespec import RuleSet
from remi.core.tiles import FULL_SET, Tile
from remi.core.variant import Variant, registered_variants, variant_for_rules

from strategies import REMI_HOUSE_RULES, house_rule_overrides, long_run_deal, long_run_start

MAX_ACTIONS = 3000
SEEDS = (1, 2)


def _cases() -> list[tuple[str, str]]:
    """(variant name, preset name or file) for every registered variant and each of its
    presets: the rules/ presets of its family plus its optional ``preset_files``."""
    cases = []
    presets = [(load_rules(p).family, p) for p in list_presets()]
    for variant in registered_variants():
        cases += [(family, p) for family, p in presets if family == variant.name]
        cases += [(variant.name, str(path)) for path in variant.preset_files]
    return cases


CASES = _cases()


def test_every_registered_variant_has_a_preset() -> None:
    families = {family for family, _ in CASES}
    assert {v.name for v in registered_variants()} == families
    assert {"remi", "rummikub"} <= families


def _racks(variant: Variant, state: Any) -> tuple[tuple[Any, ...], ...]:
    return variant.tile_zones(state).racks


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
    hidden = variant.tile_zones(state).stock
    if len(hidden) > 1:
        assert not any(isinstance(x, tuple) and len(x) == len(hidden) and x == hidden for x in seen)
    if not variant.is_over(state):
        mine = tuple(sorted(_racks(variant, state)[seat], key=lambda t: t.code))
        for other, rack in enumerate(_racks(variant, state)):
            ordered = tuple(sorted(rack, key=lambda t: t.code))
            if other == seat or len(rack) < 2 or ordered == mine:
                continue
            assert not any(isinstance(x, tuple) and x in (rack, ordered) for x in seen), (
                f"p{other + 1}'s rack is visible"
            )


def _players(rules: RuleSet, seed: int) -> int:
    """The seats of the game of ``seed``: 2, 3 or 4 as the seeds go, within the preset's
    ``players.min`` .. ``players.max``."""
    return max(int(rules.get("players.min")), min(2 + seed % 3, int(rules.get("players.max"))))


def _refused_changes_nothing(variant: Variant, state: Any, action: Any) -> None:
    players = variant.player_count(state)
    other = (variant.current_player(state) + 1) % players
    wrong = attrs.evolve(action, player=other)
    before = state
    snapshot = attrs.asdict(state, recurse=False)
    with pytest.raises(IllegalActionError) as info:
        variant.apply(state, wrong)
    assert info.value.rule_id
    assert state == before and attrs.asdict(state, recurse=False) == snapshot


def _play(
    variant: Variant,
    rules: RuleSet,
    seed: int,
    players: int,
    racks: list[tuple[Tile, ...]] | None = None,
) -> None:
    state = variant.new_game(rules, players, seed=seed, racks=racks)
    start = state
    rng = random.Random(seed)
    texts: list[str] = []
    if racks is not None:  # a long-run deal: its first round lays a run of 12 tiles
        state, prefix = long_run_start(state)
        texts = [str(a) for a in prefix]
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
        _play(variant, rules, seed, players=_players(rules, seed))
    house = house_rule_overrides(rules, random.Random(f"{preset}-house").choice)
    if house:  # the family's house rules, at values drawn at random
        drawn = load_rules(preset, dict(house))
        _play(variant, drawn, SEEDS[0], players=_players(drawn, SEEDS[0]))


@pytest.mark.parametrize("seed", range(6))
def test_conformance_remi_house_rules(seed: int) -> None:
    """Random games under random values of the Remi house rule ids (docs/rules.md §1.14), every
    other one dealt so that runs of 12 and 13 tiles are likely."""
    rng = random.Random(f"house:{seed}")
    overrides = {k: rng.choice(v) for k, v in REMI_HOUSE_RULES.items()}
    rules = load_rules("remi-pe-tabla", overrides)
    players = 2 + seed % 3
    racks = long_run_deal(rng, players) if seed % 2 else None
    _play(variant_for_rules(rules), rules, seed, players, racks)


def _private_tiles(event: Event) -> set[str]:
    """The tiles in ``event``'s private fields, as text."""
    out: set[str] = set()
    for name in event.PRIVATE:
        value = getattr(event, name)
        out.update(
            str(t) for t in (value if isinstance(value, tuple) else (value,)) if t is not None
        )
    return out


def _zones_tiles(variant: Variant, state: Any) -> Counter[Any]:
    zones = variant.tile_zones(state)
    out = Counter(zones.stock) + Counter(zones.discards)
    for rack in zones.racks:
        out.update(rack)
    for formation in zones.table:
        out.update(formation.tiles)
    return out


@pytest.mark.parametrize(("family", "preset"), CASES, ids=[f"{f}-{Path(p).stem}" for f, p in CASES])
def test_conformance_transition_events_and_summaries(family: str, preset: str) -> None:
    rules = load_rules(preset)
    variant = variant_for_rules(rules)
    for lang in ("en", "ro"):
        m = messages(lang)
        for seed in SEEDS:
            players = _players(rules, seed)
            names = [f"name{seat}" for seat in range(players)]
            kinds = ("greedy", "random")
            bots = [make_bot(kinds[seat % 2], seed * 16 + seat) for seat in range(players)]
            state = variant.new_game(rules, players, seed=seed)
            turns = variant.hand_summary(state).turns
            while not variant.is_over(state):
                seat = variant.current_player(state)
                action = bots[seat].choose(variant.view(state, seat))
                after, events = variant.transition(state, action)
                assert after == variant.apply(state, action), str(action)
                assert events and all(e.seat == seat for e in events), str(action)
                note = variant.describe(public_events(events), names, m)
                assert note and variant.describe(events, names, m)
                for tile in set().union(*map(_private_tiles, events)):
                    assert not re.search(rf"(?<![\w\[]){re.escape(tile)}(?![\w\]])", note), (
                        f"{action}: the note '{note}' names the private tile {tile}"
                    )
                assert _zones_tiles(variant, after) == variant.tile_counts(after)
                summary = variant.hand_summary(after)
                assert len(summary.opened) == players and summary.turns >= turns
                assert not summary.closed or variant.is_over(after)
                turns = summary.turns
                state = after
