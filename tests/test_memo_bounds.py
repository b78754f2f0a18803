"""The move generator's memo tables stay within their bounds and answer as if unbounded.

A long simulation must not grow without limit (docs/solvers.md, "Remi move generation: caches,
memory and start-up"): each table emptied when full never holds more than its limit, whatever
it is asked, and an emptied table changes no answer. The limits are made small here so that a
few hundred calls overflow them many times over; the answers are compared with an unbounded
table's and, for the pe-tablă close (docs/rules.md §1.10), with worked racks.
"""

from __future__ import annotations

import functools
import random

import pytest

from remi.core.candidates import candidate_formations
from remi.core.errors import InvalidFormationError
from remi.core.formations import REMI_FORMATIONS, parse_formation
from remi.core.notation import parse_tiles
from remi.core.presets import load_rules
from remi.core.tiles import FULL_SET
from remi.variants.remi_pe_tabla import movegen_melds, shared_actions
from remi.variants.remi_pe_tabla.movegen import _ONE_POINT_PER_TILE
from remi.variants.remi_pe_tabla.movegen_melds import rack_melds
from remi.variants.remi_pe_tabla.solvers import _search
from remi.variants.remi_pe_tabla.solvers._search import Search, pack
from remi.variants.rummikub import jokers as rk_jokers
from remi.variants.rummikub import melds as rk_melds
from remi.variants.rummikub import movegen as rk_movegen
from remi.variants.rummikub.engine import apply as rk_apply
from remi.variants.rummikub.engine import legal_actions as rk_legal_actions
from remi.variants.rummikub.state import new_game as rk_new_game


def _racks(count: int, seed: int) -> list[tuple]:
    rng = random.Random(seed)
    return [tuple(sorted(rng.sample(FULL_SET, rng.randint(6, 15)))) for _ in range(count)]


def test_closing_search_table_never_exceeds_its_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_search, "_CACHE_LIMIT", 32)
    bounded = Search(REMI_FORMATIONS, _ONE_POINT_PER_TILE)
    unbounded = Search(REMI_FORMATIONS, _ONE_POINT_PER_TILE)
    racks = _racks(300, seed=24)
    with monkeypatch.context() as big:
        big.setattr(_search, "_CACHE_LIMIT", 1 << 30)
        expected = [unbounded.lays_all_but(pack(rack), 1) for rack in racks]
    assert len(unbounded._cache) > 32  # the racks ask for more entries than the bound
    for rack, answer in zip(racks, expected):
        assert bounded.lays_all_but(pack(rack), 1) is answer
        assert len(bounded._cache) <= 32
    # §1.10: a run and a set with a joly lay every tile but the one to discard
    closes = parse_tiles("R1 R2 R3 Y5 B5 K5 J B9")
    assert bounded.lays_all_but(pack(sorted(closes)), 1) is True
    # two tiles that fit nothing (R9, B12): no close
    stuck = parse_tiles("R1 R2 R3 Y5 B5 K5 R9 B12")
    assert bounded.lays_all_but(pack(sorted(stuck)), 1) is False
    assert len(bounded._cache) <= 32


def test_meld_tables_never_exceed_their_limits(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(movegen_melds, "_PIECES_LIMIT", 16)
    monkeypatch.setattr(movegen_melds, "_PIECES", {})
    monkeypatch.setattr(shared_actions, "_SHARED_LIMIT", 64)
    monkeypatch.setattr(shared_actions, "_MELDS", {})
    listed = 0
    for i, rack in enumerate(_racks(200, seed=7)):
        seat = i % 4
        expected = [
            shared_actions.meld_action(seat, f)
            for f in candidate_formations(rack, REMI_FORMATIONS)
            if len(f.tiles) < len(rack)
        ]
        assert rack_melds(seat, rack, REMI_FORMATIONS) == expected
        listed += len(expected)
        assert all(len(table) <= 16 for table in movegen_melds._PIECES.values())
        assert len(shared_actions._MELDS) <= 64
    assert listed > 64  # the bound was overflowed many times


# --- the Rummikub family's tables (docs/solvers.md, "Memory: flat after the warm-up") ---

_RK_SMALL = {"_VALID_LIMIT": 16, "_GROWTH_LIMIT": 8, "_VERDICTS_LIMIT": 16}
_RK_LRUS = ((rk_movegen, "grown_formations"), (rk_movegen, "_need"), (rk_jokers, "_options"))


def _rummikub_lists(
    monkeypatch: pytest.MonkeyPatch, limits: dict[str, int], lru: int | None
) -> tuple[list[list[str]], dict[str, int]]:
    """The legal-action lists (as text) of 6 seeded random 4-player Rummikub games, with fresh
    memo tables of the given limits and fresh LRU tables of ``lru`` entries (None: unbounded);
    and the largest size each table reached."""
    for name, limit in limits.items():
        monkeypatch.setattr(rk_movegen, name, limit)
    monkeypatch.setattr(rk_movegen, "_MEMOS", {})
    monkeypatch.setattr(rk_movegen, "_LAST_TABLE", [None])
    for module, name in _RK_LRUS:
        fresh = functools.lru_cache(maxsize=lru)(getattr(module, name).__wrapped__)
        monkeypatch.setattr(module, name, fresh)
    rules = load_rules("rummikub")
    lists: list[list[str]] = []
    largest: dict[str, int] = {}
    for seed in range(6):
        rng = random.Random(seed)
        state = rk_new_game(rules, 4, seed=seed)
        while not state.is_over:
            actions = rk_legal_actions(state)
            lists.append([str(a) for a in actions])
            (memo,) = rk_movegen._MEMOS.values()
            sizes = {name: len(getattr(memo, name)) for name in ("valid", "growth", "swaps")}
            sizes["verdicts"] = len(memo.verdicts)
            for module, name in _RK_LRUS:
                sizes[name] = getattr(module, name).cache_info().currsize
            for name, size in sizes.items():
                largest[name] = max(largest.get(name, 0), size)
            state = rk_apply(state, rng.choice(actions))
    return lists, largest


def test_rummikub_move_tables_never_exceed_their_limits(monkeypatch: pytest.MonkeyPatch) -> None:
    with monkeypatch.context() as big:
        huge = dict.fromkeys(_RK_SMALL, 1 << 30)
        expected, unbounded = _rummikub_lists(big, huge, None)
    lists, bounded = _rummikub_lists(monkeypatch, _RK_SMALL, 4)
    assert lists == expected  # emptied or evicted tables change no listed action
    # every table was asked about more entries than its bound, and kept within it
    limits = {"valid": 16, "growth": 8, "swaps": 8, "verdicts": 16}
    limits |= {name: 4 for _, name in _RK_LRUS}
    for name, limit in limits.items():
        assert unbounded[name] > limit, name
        assert bounded[name] <= limit, name
    # answers through the evicting table, from docs/rules.md §2.3: a group takes its fourth
    # colour; a run does not wrap past 13 (the 1 is low only)
    frules = load_rules("rummikub").formation_rules
    grown = rk_movegen.grown_formations
    assert grown(parse_formation("[R5 Y5 B5]"), parse_tiles("K5")[0], frules) == (
        parse_formation("[R5 Y5 B5 K5]"),
    )
    assert grown(parse_formation("[R11 R12 R13]"), parse_tiles("R1")[0], frules) == ()
    assert grown.cache_info().currsize <= 4


def test_rummikub_reads_back_table_never_exceeds_its_limit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    fresh = functools.lru_cache(maxsize=4)(rk_melds._reads_back.__wrapped__)
    monkeypatch.setattr(rk_melds, "_reads_back", fresh)
    rules = load_rules("rummikub")
    frules = rules.formation_rules
    formations = [f for rack in _racks(40, seed=3) for f in candidate_formations(rack, frules)]
    assert len(set(formations)) > 4
    for f in formations:
        assert rk_melds.revalidate(f, rules) is f  # every candidate reads back as itself
        assert fresh.cache_info().currsize <= 4
    # §2.3: a Rummikub run does not wrap past 13 (read under Remi rules, refused here)
    with pytest.raises(InvalidFormationError):
        rk_melds.revalidate(parse_formation("[R12 R13 R1]"), rules)
    assert fresh.cache_info().currsize <= 4
