"""Stateful property tests (hypothesis RuleBasedStateMachine) for every registered variant.

Random sequences of legal and illegal actions, with undo and save/load in between;
after each step: the 106 tiles are all accounted for, refused actions change nothing, the view
of each player exposes no other rack and no stock order, and the state equals the replay of its
own record.
"""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from remi.core.errors import IllegalActionError, RemiError
from remi.core.notation import format_tiles
from remi.core.presets import list_presets, load_rules
from remi.core.record_files import dump_record, load_record
from remi.core.record_setup import complete_record, record_rules
from remi.core.records import GameRecord, PlayerEntry, StackedDeal
from remi.core.replay import replay
from remi.core.tiles import ALL_TILE_TYPES, FULL_SET

from strategies import house_rule_overrides, long_run_deal, long_run_start, remi_house_rules

FULL = Counter(FULL_SET)


def _presets_by_family() -> list[str]:
    seen: dict[str, str] = {}
    for name in list_presets():
        family = load_rules(name).family
        seen.setdefault(family, name)
    return sorted(seen.values())


PRESETS = _presets_by_family()


def _garbage_lines(rng: random.Random, seats: int) -> list[str]:
    """Action lines that are well-formed in some variant and very likely illegal now."""
    tile = rng.choice(ALL_TILE_TYPES)
    seat = rng.randrange(seats) + 1
    return [
        f"p{seat} discard {tile}",
        f"p{seat} take {rng.randint(1, 40)}",
        f"p{seat} layoff {rng.randint(1, 20)} {tile}",
        f"p{seat} swap {rng.randint(1, 20)} {ALL_TILE_TYPES[rng.randrange(52)]}",
        f"p{seat} play [{tile} {tile} {tile}]",
        f"p{seat} meld [{tile} {tile} {tile}]",
        f"p{seat} draw",
        f"p{seat} undo",
        f"p{seat} pass",
    ]


def _reachable_tiles(obj: object, seen: set[int] | None = None, depth: int = 0) -> list[tuple]:
    """Every tuple of tiles reachable from ``obj`` through attrs fields, tuples and dicts."""
    import attrs

    seen = set() if seen is None else seen
    if id(obj) in seen or depth > 12:
        return []
    seen.add(id(obj))
    out: list[tuple] = []
    if isinstance(obj, tuple):
        if obj and all(type(x).__name__ == "Tile" for x in obj):
            out.append(obj)
        for x in obj:
            out.extend(_reachable_tiles(x, seen, depth + 1))
    elif isinstance(obj, dict):
        for x in obj.values():
            out.extend(_reachable_tiles(x, seen, depth + 1))
    elif attrs.has(type(obj)):
        for f in attrs.fields(type(obj)):
            out.extend(_reachable_tiles(getattr(obj, f.name), seen, depth + 1))
    return out


class VariantMachine(RuleBasedStateMachine):
    """Drives one variant through random legal and illegal actions, undo and save/load."""

    preset = PRESETS[0]
    tmp: Path = Path(".")

    @initialize(seed=st.integers(0, 10**6), players=st.integers(2, 4), data=st.data())
    def start(self, seed: int, players: int, data: st.DataObject) -> None:
        from remi.core.variant import variant_for_rules

        # the Remi family: random house rules (docs/rules.md §1.14) and, half the time, a deal
        # that makes runs of 12 and 13 tiles likely (a 1 laid off at either end); the Rummikub
        # family: random values of its house rules (tests/strategies.py HOUSE_RULE_IDS)
        remi = load_rules(self.preset).family == "remi"
        overrides = data.draw(remi_house_rules()) if remi else {}
        overrides |= dict(
            house_rule_overrides(
                load_rules(self.preset), lambda values: data.draw(st.sampled_from(values))
            )
        )
        self.rules = load_rules(self.preset, overrides)
        self.variant = variant_for_rules(self.rules)
        self.rng = random.Random(seed)
        self.players = players
        racks = long_run_deal(self.rng, players) if remi and data.draw(st.booleans()) else None
        self.state = self.variant.new_game(self.rules, players, seed=seed, racks=racks)
        self.actions: list[object] = []
        if racks is not None:  # the first round puts a run of 12 tiles on the table
            self.state, self.actions = long_run_start(self.state)
        self.record = GameRecord(
            family=self.rules.family,
            preset=self.preset,
            overrides=tuple(self.rules.overrides),
            players=tuple(PlayerEntry(name=f"p{i + 1}", kind="random") for i in range(players)),
            seed=seed,
            deal=None if racks is None else StackedDeal(racks=tuple(map(format_tiles, racks))),
        )

    # --- steps ---------------------------------------------------------------------------------

    @precondition(lambda self: hasattr(self, "state") and not self.variant.is_over(self.state))
    @rule(data=st.data())
    def legal_action(self, data: st.DataObject) -> None:
        actions = self.variant.legal_actions(self.state)
        assert actions, "a live hand always has a legal action"
        action = data.draw(st.sampled_from(actions))
        before = self.state
        self.state = self.variant.apply(self.state, action)
        assert before is not self.state
        self.actions.append(action)

    @precondition(lambda self: hasattr(self, "state"))
    @rule()
    def illegal_action(self) -> None:
        before = self.state
        for line in _garbage_lines(self.rng, self.players):
            try:
                action = self.variant.parse_action(line, self.rules)
            except RemiError:
                continue  # not an action of this variant
            try:
                self.variant.check(self.state, action)
            except IllegalActionError as exc:
                assert exc.rule_id
                assert self.state == before  # a refused action changes nothing
            else:
                # legal by chance: applying it must still keep every invariant
                self.state = self.variant.apply(self.state, action)
                self.actions.append(action)
                return

    @precondition(lambda self: hasattr(self, "state") and not self.variant.is_over(self.state))
    @rule()
    def undo(self) -> None:
        seat = self.variant.current_player(self.state)
        try:
            action = self.variant.parse_action(f"p{seat + 1} undo", self.rules)
        except RemiError:
            return  # this variant has no undo action
        try:
            self.state = self.variant.apply(self.state, action)
        except IllegalActionError as exc:
            assert exc.rule_id
            return
        self.actions.append(action)

    @precondition(lambda self: hasattr(self, "state"))
    @rule()
    def save_and_load(self) -> None:
        record = self.record.with_actions(self.actions)
        path = self.tmp / "game.json"
        dump_record(record, path)
        loaded = load_record(path)
        assert loaded == complete_record(record)
        result = replay(loaded)
        assert result.error is None, result.error
        assert result.state == self.state

    # --- invariants ----------------------------------------------------------------------------

    @invariant()
    def tiles_accounted_for(self) -> None:
        if hasattr(self, "state"):
            assert self.variant.tile_counts(self.state) == FULL

    @invariant()
    def views_hide_what_they_must(self) -> None:
        if not hasattr(self, "state") or self.variant.is_over(self.state):
            return
        stock = _stock_of(self.state)
        for seat in range(self.players):
            view = self.variant.view(self.state, seat)
            reachable = _reachable_tiles(view)
            others = [_rack_of(self.state, s) for s in range(self.players) if s != seat]
            for tiles in reachable:
                assert stock is None or len(stock) < 3 or tiles != stock, "stock order leaked"
                for rack in others:
                    if len(rack) >= 3:
                        assert tiles != rack, f"another player's rack leaked to p{seat + 1}"


def _rack_of(state: object, seat: int) -> tuple:
    players = getattr(state, "players", None)
    if players is not None:
        return tuple(players[seat].rack)
    return tuple(state.racks[seat])  # type: ignore[attr-defined]


def _stock_of(state: object) -> tuple | None:
    for name in ("stock", "pool"):
        value = getattr(state, name, None)
        if value is not None:
            return tuple(value)
    return None


@pytest.mark.parametrize("preset", PRESETS)
def test_variant_state_machine(preset: str, tmp_path: Path) -> None:
    machine = type(
        f"Machine_{preset.replace('-', '_')}",
        (VariantMachine,),
        {"preset": preset, "tmp": tmp_path},
    )
    machine.TestCase.settings = settings(
        max_examples=12,
        stateful_step_count=60,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
    )
    machine.TestCase().runTest()


def test_record_rules_of_each_family() -> None:
    for preset in PRESETS:
        record = GameRecord(
            family=load_rules(preset).family,
            preset=preset,
            players=(PlayerEntry(name="a", kind="random"), PlayerEntry(name="b", kind="random")),
            seed=1,
        )
        assert record_rules(record).name == preset
