"""The fast paths of the per-action hot loop build the same frozen values as the plain ones
(for throughput; frozen values, and hidden information is a view).

``remi.variants.remi_pe_tabla.views.view`` builds its ``PlayerView`` / ``TurnView`` / ``PublicPlayer`` values without
attrs' ``__init__`` and reuses them across states (by PlayerState identity, by public facts, by
TurnState identity); ``GameState.evolve`` and friends fill a copy in as a scratch subclass; the
planner remembers the last table's attachable tiles. Each must give exactly what the plain
construction gives, of the exact class, still frozen, whatever order states are viewed in.
"""

from __future__ import annotations

import random

import attrs
import pytest

from remi.core.presets import load_rules
from remi.variants.remi_pe_tabla.engine import apply
from remi.variants.remi_pe_tabla.movegen import legal_actions
from remi.variants.remi_pe_tabla.solvers.planner import _table_fits, table_fits
from remi.variants.remi_pe_tabla.state import GameState, Phase, PlayerState, TurnState, new_game
from remi.variants.remi_pe_tabla.views import PlayerView, PublicPlayer, TurnView, view


def _reference_view(state: GameState, seat: int) -> PlayerView:
    """The view as attrs' own constructors build it (the specification of ``view``)."""
    publics = tuple(
        PublicPlayer(
            seat=i,
            tile_count=len(p.rack),
            opened=p.opened,
            announced=p.announced,
            failed_announcement=p.failed_announcement,
            announcement_claimed=p.announcement_claimed,
            pe_tabla=p.pe_tabla,
            atu_announced=p.atu_announced,
        )
        for i, p in enumerate(state.players)
    )
    ended = state.phase is Phase.ENDED
    mine = state.current == seat and not ended
    t = state.turn
    return PlayerView(
        seat=seat,
        rules=state.rules,
        phase=state.phase,
        current=state.current,
        rack=state.players[seat].rack,
        players=publics,
        table=state.table,
        sir=state.sir,
        stock_count=len(state.stock),
        atu=state.atu,
        atu_aside=state.atu_aside,
        turns_ended=state.turns_ended,
        turn=TurnView(
            took=t.took,
            taken_tile=t.taken_tile if not t.taken_used else None,
            freed_jolys=t.freed_jolys,
            laid=t.laid,
            opening=t.opening,
            can_undo=t.checkpoint is not None and t.undoable > 0,
        )
        if mine
        else None,
        legal=tuple(legal_actions(state)) if mine else (),
        result=state.result,
        final_racks=tuple(p.rack for p in state.players) if ended else (),
    )


def _game_states(seed: int, players: int) -> list[GameState]:
    rules = load_rules("remi-pe-tabla")
    state = new_game(rules, players, seed=seed)
    rng = random.Random(seed)
    out = [state]
    while state.phase is not Phase.ENDED:
        state = apply(state, rng.choice(legal_actions(state)))
        out.append(state)
    return out


def _assert_frozen(value: object) -> None:
    name = attrs.fields(type(value))[0].name
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        setattr(value, name, None)


def test_view_fast_construction_matches_attrs_across_interleaved_games() -> None:
    # Two games of different sizes viewed turn about, every seat, forwards then backwards:
    # the memos (last players tuple, public facts, TurnState objects) never serve a stale value.
    a, b = _game_states(11, 4), _game_states(12, 3)
    order = [s for pair in zip(a, b) for s in pair]
    order += order[::-1]
    for state in order:
        for seat in range(len(state.players)):
            got = view(state, seat)
            assert got == _reference_view(state, seat)
            assert type(got) is PlayerView
            assert all(type(p) is PublicPlayer for p in got.players)
            assert got.turn is None or type(got.turn) is TurnView
            assert got.my_turn == (state.current == seat and state.phase is not Phase.ENDED)
    last = view(a[5], a[5].current)
    _assert_frozen(last)
    _assert_frozen(last.players[0])
    assert last.turn is not None
    _assert_frozen(last.turn)
    assert hash(last) == hash(_reference_view(a[5], a[5].current))


@pytest.mark.parametrize("cls", [GameState, PlayerState, TurnState])
def test_state_evolve_builds_frozen_instances_of_the_class(cls: type) -> None:
    state = _game_states(13, 4)[9]
    value = {GameState: state, PlayerState: state.players[1], TurnState: state.turn}[cls]
    field = {GameState: "turns_ended", PlayerState: "turns_played", TurnState: "undoable"}[cls]
    changed = value.evolve(**{field: 7})  # type: ignore[attr-defined]
    assert type(changed) is cls
    assert changed == attrs.evolve(value, **{field: 7})
    assert hash(changed) == hash(attrs.evolve(value, **{field: 7}))
    assert getattr(changed, field) == 7 and getattr(value, field) != 7
    same = value.evolve()  # type: ignore[attr-defined]
    assert same == value and same is not value and type(same) is cls
    _assert_frozen(changed)


def test_table_fits_memo_follows_the_table() -> None:
    states = [s for s in _game_states(14, 4) if s.table]
    for state in states:
        assert table_fits(state.table) == _table_fits(state.table)
        assert table_fits(state.table) == _table_fits(state.table)  # the remembered answer
    # a list may change between calls: never answered from memory
    table = list(states[-1].table)
    assert table_fits(table) == _table_fits(table)
    removed = table.pop()
    assert table_fits(table) == _table_fits(table)
    table.append(removed)
    assert table_fits(table) == _table_fits(tuple(table))
