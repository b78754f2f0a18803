"""``repr`` of every public value shows its notation and hides what is hidden.

A game state's ``repr`` is the public form of the position notation (docs/notation.md): dealing
the hidden tiles (every rack, the stock or pool) differently leaves it unchanged. A view's
``repr`` holds its own rack and nothing else hidden: redealing the other racks and the stock
leaves it unchanged. Actions, events, formations, tiles, scores and rules show their notation.
"""

from __future__ import annotations

import random

import attrs
import pytest

import remi
from remi.core.tiles import sort_tiles
from remi.variants.remi_pe_tabla.state import GameState
from remi.variants.rummikub.state import RummikubState

FAMILIES = ("remi-pe-tabla", "rummikub")


def _racks(state: remi.State) -> list[tuple[remi.Tile, ...]]:
    if isinstance(state, GameState):
        return [p.rack for p in state.players]
    assert isinstance(state, RummikubState)
    return list(state.racks)


def _with(
    state: remi.State, racks: list[tuple[remi.Tile, ...]], stock: list[remi.Tile]
) -> remi.State:
    if isinstance(state, GameState):
        players = tuple(
            attrs.evolve(p, rack=sort_tiles(r)) for p, r in zip(state.players, racks, strict=True)
        )
        return attrs.evolve(state, players=players, stock=tuple(stock))
    assert isinstance(state, RummikubState)
    return attrs.evolve(state, racks=tuple(sort_tiles(r) for r in racks), pool=tuple(stock))


def _redeal(state: remi.State, keep: int | None, rng: random.Random) -> remi.State:
    """The same position with the hidden tiles dealt differently: the racks (all, or all but
    seat ``keep``'s) and the stock shuffled together, each keeping its size."""
    racks = _racks(state)
    stock = list(state.stock if isinstance(state, GameState) else state.pool)  # type: ignore[attr-defined]
    seats = [i for i in range(len(racks)) if i != keep]
    hidden = stock + [t for i in seats for t in racks[i]]
    rng.shuffle(hidden)
    for i in seats:
        racks[i], hidden = tuple(hidden[: len(racks[i])]), hidden[len(racks[i]) :]
    return _with(state, racks, hidden)


def _states(family: str, seed: int) -> list[remi.State]:
    """Every 7th state of one seeded random game (at most 300 actions)."""
    rng = random.Random(seed)
    state = remi.new_game(remi.load_rules(family), 3, seed=seed)
    out = [state]
    for step in range(300):
        if remi.is_over(state):
            break
        state = remi.apply(state, rng.choice(remi.legal_actions(state)))
        if step % 7 == 0:
            out.append(state)
    return out


@pytest.mark.parametrize("family", FAMILIES)
def test_state_repr_holds_no_hidden_tile(family: str) -> None:
    rng = random.Random(5)
    for state in _states(family, 11):
        shown = repr(state)
        other = _redeal(state, None, rng)
        assert _racks(other) != _racks(state) or not any(_racks(state))
        assert repr(other) == shown
        assert " public / " in shown and len(shown) < 1000


@pytest.mark.parametrize("family", FAMILIES)
def test_view_repr_holds_only_its_own_rack(family: str) -> None:
    rng = random.Random(6)
    for state in _states(family, 12):
        if remi.is_over(state):
            continue  # every rack is public once the hand is over
        seat = remi.current_player(state)
        shown = repr(remi.view(state, seat))
        assert repr(remi.view(_redeal(state, seat, rng), seat)) == shown
        rack = " ".join(str(t) for t in sort_tiles(_racks(state)[seat]))
        assert f"p{seat + 1}, " in shown and f"rack {rack} /" in shown


def test_repr_of_a_remi_state_names_its_parts() -> None:
    state = remi.new_game(remi.load_rules("remi-pe-tabla"), 2, seed=1)
    assert repr(state).startswith(
        "<GameState p1 to play, phase first_discard, table 0 formations, șir 0, stock 77 tiles"
        " | remi:remi-pe-tabla#"
    )
    assert repr(state).endswith(
        "public / p1 first_discard turns=0 / table / sir / p1 #15 / p2 #14 / stock #77>"
    )


def test_repr_of_a_rummikub_state_names_its_parts() -> None:
    state = remi.new_game(remi.load_rules("rummikub"), 2, seed=1)
    assert repr(state).startswith("<RummikubState p2 to play, table 0 sets, pool 78 tiles | ")
    assert repr(state).endswith(
        " public / p2 play turns=0 starter=p2 passes=0 / table / p1 #14 / p2 #14 / pool #78>"
    )


def test_actions_events_values_show_their_notation() -> None:
    rules = remi.load_rules("remi-pe-tabla")
    action = remi.parse_action("p1 discard R3", rules)
    assert repr(action) == "<Discard p1 discard R3>"
    state = remi.new_game(rules, 2, seed=1)
    state, events = remi.transition(state, remi.parse_action("p1 discard R3", rules))
    assert repr(events) == "(<Discarded p1 discarded R3>,)"
    rk = remi.load_rules("rummikub")
    assert repr(remi.parse_action("p2 draw", rk)) == "<Draw p2 draw>"
    assert repr(remi.parse_formation("R3 R4 R5")) == "[R3 R4 R5]"
    assert repr(remi.Tile.parse("K13")) == "K13"
    assert repr(rules) == "<RemiRules remi:remi-pe-tabla>"
    changed = remi.load_rules("rummikub", {"initial_meld.min_points": "25"})
    assert repr(changed) == "<RummikubRules rummikub:rummikub+initial_meld.min_points=25>"


def test_score_repr_shows_the_points_and_rule_ids() -> None:
    line = remi.ScoreLine(rule_id="scoring.rack", text="rack", points=-35)
    score = remi.PlayerScore(name="p1", score=-35, lines=(line,))
    assert repr(line) == "<ScoreLine scoring.rack -35: rack>"
    assert repr(score) == "<PlayerScore p1 -35: scoring.rack -35>"
