"""The pe-tablă close helpers (docs/rules.md §1.10): the unformable-tile count and the exact
"all tiles but k" search agree with the general formation tables and the exact arrangement;
the cached run tables list runs with jolys in their documented order (§1.4); the șir-break
pools (§1.7) agree with the formation tables."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from remi.core.candidates import (
    TileMasks,
    candidate_formations,
    formable_as_added,
    leftover_lower_bound,
    unformable_count,
)
from remi.core.formations import FormationRules, Kind, parse_formation
from remi.core.notation import parse_tiles
from remi.core.presets import load_rules
from remi.core.tiles import COLOURS, FULL_SET, JOLY, Tile
from remi.variants.remi_pe_tabla.actions import Discard, Meld
from remi.variants.remi_pe_tabla.engine import apply, check
from remi.variants.remi_pe_tabla.movegen import _ONE_POINT_PER_TILE, legal_actions
from remi.variants.remi_pe_tabla.solvers import max_points_arrangement
from remi.variants.remi_pe_tabla.solvers._search import engine_for, pack
from remi.variants.remi_pe_tabla.state import GameState, Phase, PlayerState, TurnState, new_game

ONE_POINT = _ONE_POINT_PER_TILE  # one point a tile: the arrangement laying the most tiles
RULES = [
    FormationRules(),
    FormationRules(ace_high=False),
    FormationRules(ace_both_ends=True),
    FormationRules(set_max_tiles=3),
    FormationRules(min_natural_tiles=2),
    FormationRules(min_tiles=4),
]
# a crowded corner of the 106-tile set (both copies, three colours, low and high numbers, the
# jolys), so that drawn racks often hold formations and doubled tiles
POOL = [
    t
    for t in FULL_SET
    if t.is_joly or (t.colour.index < 3 and t.number in (1, 2, 3, 4, 5, 6, 12, 13))
]


def racks(max_size: int = 15) -> st.SearchStrategy[list[Tile]]:
    """Sub-multisets of ``POOL`` (each tile of the pool at most once)."""
    return st.lists(st.integers(0, len(POOL) - 1), unique=True, max_size=max_size).map(
        lambda idx: sorted(POOL[i] for i in idx)
    )


def _unformable_reference(tiles: list[Tile], rules: FormationRules) -> int:
    held = {t for f in candidate_formations(tiles, rules) for t in f.tiles}
    return sum(1 for t in tiles if t is not JOLY and t not in held)


@settings(max_examples=300, deadline=None)
@given(tiles=racks(20), rules=st.sampled_from(RULES))
def test_pe_tabla_unformable_count_matches_candidate_formations(
    tiles: list[Tile], rules: FormationRules
) -> None:
    assert unformable_count(tiles, rules) == _unformable_reference(tiles, rules)


@settings(max_examples=200, deadline=None)
@given(seed_tiles=st.lists(st.sampled_from(FULL_SET), max_size=16), rules=st.sampled_from(RULES))
def test_pe_tabla_unformable_count_on_any_rack(
    seed_tiles: list[Tile], rules: FormationRules
) -> None:
    # any multiset of the 106-tile set (at most two copies of a tile)
    tiles = [t for i, t in enumerate(seed_tiles) if seed_tiles[: i + 1].count(t) <= 2]
    assert unformable_count(tiles, rules) == _unformable_reference(tiles, rules)


@settings(max_examples=300, deadline=None)
@given(tiles=racks(), rules=st.sampled_from(RULES))
def test_pe_tabla_close_search_matches_max_arrangement(
    tiles: list[Tile], rules: FormationRules
) -> None:
    laid = sum(len(f.tiles) for f in max_points_arrangement(tiles, rules, ONE_POINT))
    engine = engine_for(rules, ONE_POINT)
    for spare in range(3):
        assert engine.lays_all_but(pack(tiles), spare) == (laid >= len(tiles) - spare)
    # both counts are lower bounds on the tiles every arrangement leaves over
    assert unformable_count(tiles, rules) <= leftover_lower_bound(tiles, rules)
    assert leftover_lower_bound(tiles, rules) <= len(tiles) - laid


def test_pe_tabla_close_search_examples() -> None:
    engine = engine_for(FormationRules(), ONE_POINT)
    # two runs sharing a doubled tile, and a doubled tile in two sets with a joly
    assert engine.lays_all_but(pack(parse_tiles("R3 R4 R5 R5 R6 R7")), 0)
    assert engine.lays_all_but(pack(parse_tiles("R5 R5 Y5 B5 K5 J K9")), 1)
    assert not engine.lays_all_but(pack(parse_tiles("R5 R5 Y5 B5 K5 J K9")), 0)
    assert not engine.lays_all_but(pack(parse_tiles("R3 R4 R5 K9 Y1")), 1)
    assert unformable_count(parse_tiles("R3 R4 R5 K9 K9 Y1 J J")) == 0  # [K9 J J], [Y1 J J]
    assert unformable_count(parse_tiles("R3 R4 R5 K9 K9 Y1 J")) == 3  # both K9s and the Y1
    # only B4 fits no formation, but the one joly helps one colour (yellow) at most: of the
    # eight tiles in no joly-free formation (R2, Y3, Y5, Y8, Y9, Y11, B4, K8) three stay
    rack = parse_tiles("R1 R2 R6 R12 R13 Y3 Y5 Y6 Y8 Y9 Y11 B4 K6 K8 J")
    assert unformable_count(rack) == 1
    assert leftover_lower_bound(rack) == 3
    assert not engine.lays_all_but(pack(rack), 4)


def _runs_reference(colour: int, mask: int, jolys: int, rules: FormationRules) -> list[tuple]:
    """Every run of one colour from the numbers in ``mask`` plus ``jolys`` jolys, brute force,
    in the documented order: by first rank, last rank, jolys used, then the numbers the jolys
    stand for although present."""
    top = 14 if rules.ace_high else 13
    have = [False] + [bool(mask >> (r - 1) & 1) for r in range(1, 14)] + [bool(mask & 1)]
    found = []
    for start in range(1, top + 1):
        for end in range(start + rules.min_tiles - 1, top + 1):
            if start == 1 and end == 14 and not rules.ace_both_ends:
                continue
            ranks = range(start, end + 1)
            gaps = tuple(r for r in ranks if not have[r])
            present = [r for r in ranks if have[r]]
            for extra in range(jolys - len(gaps) + 1):
                for chosen in itertools.combinations(present, extra):
                    joly_ranks = set(gaps + chosen)
                    if len(ranks) - len(joly_ranks) < max(1, rules.min_natural_tiles):
                        continue
                    tiles = tuple(
                        JOLY if r in joly_ranks else Tile(COLOURS[colour], (r - 1) % 13 + 1)
                        for r in ranks
                    )
                    found.append(((start, end, len(joly_ranks), chosen), tiles, tuple(ranks)))
    return [(tiles, ranks) for _, tiles, ranks in sorted(found)]


@settings(max_examples=300, deadline=None)
@given(
    colour=st.integers(0, 3),
    mask=st.integers(1, (1 << 13) - 1),
    jolys=st.integers(0, 2),
    rules=st.sampled_from(RULES),
)
def test_formation_run_order_with_jolys(
    colour: int, mask: int, jolys: int, rules: FormationRules
) -> None:
    tiles = [Tile(COLOURS[colour], n) for n in range(1, 14) if mask >> (n - 1) & 1]
    runs = [f for f in candidate_formations(tiles + [JOLY] * jolys, rules) if f.kind is Kind.RUN]
    assert [(f.tiles, f.ranks) for f in runs] == _runs_reference(colour, mask, jolys, rules)


@settings(max_examples=200, deadline=None)
@given(
    tiles=racks(12),
    added=st.lists(st.sampled_from(FULL_SET), max_size=12),
    rules=st.sampled_from(RULES),
)
def test_sir_break_pool_formable_as_added(
    tiles: list[Tile], added: list[Tile], rules: FormationRules
) -> None:
    # docs/rules.md §1.7: a break at a șir tile needs a formation of the rack plus the șir from
    # there on
    masks = TileMasks.of(tiles)
    expected = []
    for t in added:
        masks.add(t)
        expected.append(masks.can_form(t, rules))
        pool = tiles + added[: len(expected)]
        assert expected[-1] == any(t in f.tiles for f in candidate_formations(pool, rules))
    assert formable_as_added(tiles, added, rules) == expected


def _pe_tabla_turn(rack_text: str) -> GameState:
    """A 2-player hand where seat 0 declared pe tablă earlier, the first round is over and he
    has drawn: he holds ``rack_text`` (state built directly, not played)."""
    start = new_game(load_rules(), 2, seed=1)
    rack = tuple(sorted(parse_tiles(rack_text)))
    return start.evolve(
        players=(PlayerState(rack=rack, pe_tabla=True, turns_played=3), start.players[1]),
        phase=Phase.PLAY,
        turns_ended=6,
        turn=TurnState(rack_at_start=len(rack) - 1, took="draw"),
    )


def test_pe_tabla_close_legal_actions_pass_check() -> None:
    # docs/rules.md §1.10: a pe-tablă player in his closing turn
    state = _pe_tabla_turn("R3 R4 R5 R6 R7 R8 K9")
    close = Meld(0, (parse_formation("R3 R4 R5"), parse_formation("R6 R7 R8")))
    assert close in legal_actions(state)
    after = apply(state, close)
    # one tile left: the only way on is to discard it (no empty meld is offered)
    actions = legal_actions(after)
    assert Discard(0, parse_tiles("K9")[0]) in actions
    assert not any(isinstance(a, Meld) for a in actions)
    for action in actions:
        check(after, action)
    final = apply(after, Discard(0, parse_tiles("K9")[0]))
    assert final.phase is Phase.ENDED and final.result.closed_by == 0


def test_pe_tabla_close_listed_with_doubled_tile_in_two_runs() -> None:
    # docs/rules.md §1.10: R5 twice, one in each run: the close is legal and listed by legal_actions
    state = _pe_tabla_turn("R3 R4 R5 R5 R6 R7 K9")
    melds = [a for a in legal_actions(state) if isinstance(a, Meld)]
    assert melds == [Meld(0, (parse_formation("R3 R4 R5"), parse_formation("R5 R6 R7")))]
    check(state, melds[0])
