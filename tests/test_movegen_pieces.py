"""The move generator's shortcuts give exactly what the full computations give (docs/rules.md
§1.5 etalare, §1.10 pe tablă): an opened player's melds joined from per-colour and per-number
pieces, the cheap count before a pe-tablă take's closing search, and the opening bound checked
before a rack's candidate formations are built."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from remi.core.candidates import candidate_formations, unformable_count
from remi.core.presets import load_rules
from remi.core.tiles import FULL_SET, JOLY
from remi.variants.remi_pe_tabla.engine_common import _add
from remi.variants.remi_pe_tabla.movegen import _closing_options
from remi.variants.remi_pe_tabla.movegen_formable import loose_after_adding
from remi.variants.remi_pe_tabla.movegen_melds import rack_melds
from remi.variants.remi_pe_tabla.movegen_opening import _highest_value, _opening_options
from remi.variants.remi_pe_tabla.shared_actions import meld_action

RULES = [load_rules(p) for p in ("remi-pe-tabla", "rummy-45", "remi-50")]
TILES = list(FULL_SET)

racks = st.lists(st.integers(0, len(TILES) - 1), unique=True, min_size=1, max_size=16).map(
    lambda picks: tuple(sorted(TILES[i] for i in picks))
)


@settings(max_examples=300, deadline=None)
@given(rack=racks, seat=st.integers(0, 3), rules=st.sampled_from(RULES))
def test_rack_melds_are_the_candidate_formations(rack, seat, rules) -> None:
    frules = rules.formation_rules
    expected = [
        meld_action(seat, f) for f in candidate_formations(rack, frules) if len(f.tiles) < len(rack)
    ]
    assert rack_melds(seat, rack, frules) == expected
    assert rack_melds(seat, rack, frules) == expected  # from the kept pieces


@settings(max_examples=300, deadline=None)
@given(rack=racks, pick=st.integers(0, len(TILES) - 1), rules=st.sampled_from(RULES))
def test_loose_count_never_hides_a_close(rack, pick, rules) -> None:
    frules = rules.formation_rules
    tile = TILES[pick]
    if rack.count(tile) >= 2:
        return  # no third copy of a tile
    grown = _add(rack, (tile,))
    loose = loose_after_adding(rack, tile, frules)
    assert loose <= unformable_count(grown, frules)
    if tile is JOLY:
        assert loose == 0
    if loose >= 2:
        assert _closing_options(grown, frules) == ()


@settings(max_examples=200, deadline=None)
@given(rack=racks, rules=st.sampled_from(RULES))
def test_opening_bound_is_an_upper_bound(rack, rules) -> None:
    frules = rules.formation_rules
    held = set()
    for f in candidate_formations(rack, frules):
        held.update(f.tiles)
    best = {t: 25 if (t is JOLY or t.number == 1) else (10 if t.number >= 10 else 5) for t in rack}
    assert _highest_value(rack, frules) >= sum(best[t] for t in rack if t in held)
    if _highest_value(rack, frules) < rules.opening_min_points:
        assert _opening_options.__wrapped__(rack, rules, None) == ()
