"""The move generator's memo tables stay within their bounds and answer as if unbounded.

A long simulation must not grow without limit (docs/solvers.md, "Remi move generation: caches,
memory and start-up"): each table emptied when full never holds more than its limit, whatever
it is asked, and an emptied table changes no answer. The limits are made small here so that a
few hundred calls overflow them many times over; the answers are compared with an unbounded
table's and, for the pe-tablă close (docs/rules.md §1.10), with worked racks.
"""

from __future__ import annotations

import random

import pytest

from remi.core.candidates import candidate_formations
from remi.core.formations import REMI_FORMATIONS
from remi.core.notation import parse_tiles
from remi.core.tiles import FULL_SET
from remi.variants.remi_pe_tabla import movegen_melds, shared_actions
from remi.variants.remi_pe_tabla.movegen import _ONE_POINT_PER_TILE
from remi.variants.remi_pe_tabla.movegen_melds import rack_melds
from remi.variants.remi_pe_tabla.solvers import _search
from remi.variants.remi_pe_tabla.solvers._search import Search, pack


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
