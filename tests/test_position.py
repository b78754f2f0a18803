"""The position notation (remi.core.position, docs/notation.md): the full form round-trips and the
view form hides what the view hides, on a sample of random games of each family (the 1,000-game
run is benchmarks/position_roundtrip.py, in .ci/run); bad positions are one-line errors."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from remi.core.errors import NotationError
from remi.core.position import format_position, parse_position, read_position, rules_digest
from remi.core.presets import load_rules
from remi.core.tiles import Tile
from remi.core.variant import variant_for_rules

ROOT = Path(__file__).resolve().parent.parent


def _roundtrip() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "remi_position_roundtrip", ROOT / "benchmarks" / "position_roundtrip.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


ROUNDTRIP = _roundtrip()


@pytest.mark.parametrize("family", ["remi", "rummikub"])
@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_every_state_of_a_random_game_round_trips(family: str, seed: int) -> None:
    assert ROUNDTRIP.check_game(family, seed) > 10


def test_a_new_remi_hand_in_full_and_as_p2_sees_it() -> None:
    rules = load_rules("remi-pe-tabla")
    variant = variant_for_rules(rules)
    state = variant.new_game(rules, 2, seed=3)
    full = format_position(variant, state).split(" / ")
    assert full[0] == f"remi:remi-pe-tabla#{rules_digest(rules)}"
    assert full[1] == "p1 first_discard turns=0"
    assert full[2] == "turn start=15"
    p1 = " ".join(str(t) for t in state.players[0].rack)
    assert f"p1 {p1}" in full
    seen = format_position(variant, state, 1).split(" / ")
    assert seen[0].endswith(" view p2")
    assert "p1 #15" in seen and "stock #" + str(len(state.stock)) in seen
    assert not any(s.startswith("turn") for s in seen)  # p1's turn: p2 sees no turn section


def test_rummikub_view_keeps_the_pool_and_other_racks_as_counts() -> None:
    rules = load_rules("rummikub")
    variant = variant_for_rules(rules)
    state = variant.new_game(rules, 3, seed=5)
    seen = format_position(variant, state, 0).split(" / ")
    assert "p2 #14" in seen and "p3 #14" in seen
    assert f"pool #{106 - 3 * 14}" in seen


def test_overrides_are_in_the_header_and_parse_back() -> None:
    rules = load_rules("remi-pe-tabla", {"opening.min_points": "51"})
    variant = variant_for_rules(rules)
    state = variant.new_game(rules, 3, seed=1)
    text = format_position(variant, state)
    assert text.startswith("remi:remi-pe-tabla+opening.min_points=51#")
    assert read_position(text)[1] == state


def test_a_view_form_is_refused_where_a_full_form_is_needed() -> None:
    rules = load_rules("rummikub")
    variant = variant_for_rules(rules)
    text = format_position(variant, variant.new_game(rules, 2, seed=2), 1)
    assert parse_position(text).seat == 1
    with pytest.raises(NotationError, match="view form"):
        read_position(text)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda t: t.replace("#", "#0", 1), "digest differs"),
        (lambda t: t.replace("remi-pe-tabla#", "no-such-preset#", 1), "no-such-preset"),
        (lambda t: t.replace(" R1 ", " R1 R1 ", 1), "full tile set"),
        (lambda t: t.replace(" / p1 ", " / p9 ", 1), "'p9' is not a seat"),
        (lambda t: t.replace("first_discard", "dance", 1), "bad token 'dance'"),
        (lambda t: t.replace(" / sir", " / sri", 1), "section"),
    ],
)
def test_bad_positions_are_one_line_errors(change: object, message: str) -> None:
    rules = load_rules("remi-pe-tabla")
    variant = variant_for_rules(rules)
    state = variant.new_game(rules, 2, seed=4, racks=None)
    text = format_position(variant, state)
    assert " R1 " in text
    with pytest.raises(NotationError, match=message) as info:
        read_position(change(text))  # type: ignore[operator]
    assert "\n" not in str(info.value)


def test_stacked_rummikub_position_reads_the_tiles_as_written() -> None:
    rules = load_rules("rummikub")
    variant = variant_for_rules(rules)
    state = variant.new_game(rules, 2, seed=9)
    text = format_position(variant, state)
    _, back = read_position(text)
    assert back.racks[0] == state.racks[0] and back.pool[0] == state.pool[0]
    assert back.pool[0] == Tile.parse(text.split(" / pool ")[1].split()[0])
