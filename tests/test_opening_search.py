"""The opening search in bounded memory (``opening_search.find_opening``) and the șir breaks it
lets the move generator list (docs/rules.md §1.5 the opening, §1.7 rupere, §1.14
``sir.break_requires_opened``).

A break by a player who has not opened is listed when his rack plus the broken tiles make a
complete opening holding the tile he broke at: it used to be listed only for pools of at most
22 tiles; every such break is now listed, and each one passes the full check.
"""

from __future__ import annotations

import random
import tracemalloc

from remi.core.notation import parse_tiles
from remi.core.presets import load_rules
from remi.core.tiles import ALL_TILE_TYPES
from remi.variants.remi_pe_tabla.actions import Take
from remi.variants.remi_pe_tabla.engine import apply
from remi.variants.remi_pe_tabla.movegen import _opening_options, legal_actions
from remi.variants.remi_pe_tabla.opening import check_opening
from remi.variants.remi_pe_tabla.opening_search import find_opening
from remi.variants.remi_pe_tabla.state import Phase, new_game

RULES = load_rules("remi-pe-tabla")
DECK = [t for t in ALL_TILE_TYPES for _ in range(2)]


def _valid(pool: tuple, found: tuple, must: object) -> None:
    """``found`` is a valid opening from ``pool`` holding ``must`` and leaving a tile."""
    assert check_opening(found, RULES) >= 45
    rest = list(pool)
    for f in found:
        for tile in f.tiles:
            rest.remove(tile)  # raises when the pool does not hold it
    assert rest  # a tile is left to discard
    assert must is None or any(must in f.tiles for f in found)


def test_worked_example() -> None:
    # [K10 J K12] or [K9 K10 J K12] (30 points) and [R6 Y6 B6] (15): 45 (docs/rules.md §1.5)
    pool = tuple(sorted(parse_tiles("R2 R3 R6 R8 Y6 B1 B6 K7 K9 K10 K12 J")))
    found = find_opening(pool, RULES, parse_tiles("B6")[0])
    assert found is not None
    _valid(pool, found, parse_tiles("B6")[0])
    # R2 goes only into [R2 R3 J] (15): with [R6 Y6 B6] 30 points, below 45
    assert find_opening(pool, RULES, parse_tiles("R2")[0]) is None


def test_agrees_with_the_listing_search_on_small_pools() -> None:
    rng = random.Random(7)
    found_some = 0
    for _ in range(400):
        pool = tuple(sorted(rng.sample(DECK, rng.randint(6, 17))))
        must = rng.choice(pool) if rng.random() < 0.7 else None
        found = find_opening(pool, RULES, must)
        assert (found is not None) == bool(_opening_options(pool, RULES, must))
        if found is not None:
            _valid(pool, found, must)
            found_some += 1
    assert found_some > 20


def test_large_pools_in_bounded_memory() -> None:
    rng = random.Random(3)
    tracemalloc.start()
    try:
        for _ in range(20):
            pool = tuple(sorted(rng.sample(DECK, 45)))
            must = rng.choice(pool)
            found = find_opening(pool, RULES, must)
            if found is not None:
                _valid(pool, found, must)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 64 * 1024 * 1024


def test_every_break_of_an_unopened_player_is_listed_and_legal() -> None:
    rules = load_rules("remi-pe-tabla", {"sir.break_requires_opened": False})
    large = 0
    for seed in range(25):
        rng = random.Random(seed)
        state = new_game(rules, 4, seed=seed)
        while state.phase is not Phase.ENDED:
            actions = legal_actions(state)
            ps = state.players[state.current]
            if ps.pe_tabla:  # he never breaks the șir (docs/rules.md §1.10)
                assert not any(isinstance(a, Take) and a.position for a in actions)
            elif state.phase is Phase.TAKE and state.first_round_over and not ps.opened:
                listed = {a.position for a in actions if isinstance(a, Take)}
                for position in range(2, len(state.sir)):  # the first discard is dead
                    pool = tuple(sorted(ps.rack + state.sir[position - 1 :]))
                    if len(pool) <= 22 or len(ps.rack) < rules.sir_break_min_rack_tiles:
                        continue
                    must = state.sir[position - 1]
                    if position in listed:
                        large += 1
                        apply(state, Take(state.current, position))  # a new object: full check
                    else:
                        assert find_opening(pool, rules, must) is None
            state = apply(state, rng.choice(actions))
    assert large > 0
