"""The per-formation facts of the opening search (``remi_pe_tabla.opening_facts``).

Each kept fact equals what the rules compute for the formation (its opening value by
docs/rules.md §1.5, its tiles), the openings listed with a cold table equal those listed with a
warm one, and the table stays bounded.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from remi.core.candidates import candidate_formations
from remi.core.formations import Kind, parse_formation
from remi.core.presets import load_rules
from remi.core.tiles import FULL_SET
from remi.variants.remi_pe_tabla import opening_facts as facts_module
from remi.variants.remi_pe_tabla.movegen import _opening_options
from remi.variants.remi_pe_tabla.opening import opening_points
from remi.variants.remi_pe_tabla.opening_facts import FACTS_LIMIT, opening_facts

RULES = [load_rules(p) for p in ("remi-pe-tabla", "rummy-45", "remi-50")]


def test_facts_of_a_worked_example() -> None:
    rules = RULES[0]
    run = parse_formation("K12 K13 K1")  # RE-2: a run ending in a high 1 is worth 30
    ones = parse_formation("R1 Y1 B1")
    (run_facts, ones_facts) = opening_facts([run, ones], rules)
    assert run_facts[0] == 30 and run_facts[2] == 3 and run_facts[3] is True
    assert ones_facts[0] == 75 and ones_facts[3] is False
    assert ones_facts[4] == rules.opening_ones_set_exception
    assert run_facts[1] == sum(1 << (3 * t) for t in run.tiles)
    assert run_facts[5] == sum(1 << t for t in set(run.tiles))


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), size=st.integers(6, 16), which=st.integers(0, 2))
def test_facts_agree_with_the_rules_cold_and_warm(seed: int, size: int, which: int) -> None:
    rules = RULES[which]
    rack = tuple(sorted(random.Random(seed).sample(FULL_SET, size)))
    cands = candidate_formations(rack, rules.formation_rules)
    warm = opening_facts(cands, rules)
    for f, (points, fields, length, is_run, ones_alone, present) in zip(cands, warm):
        assert points == opening_points((f,), rules)
        assert fields == sum(1 << (3 * t) for t in f.tiles)
        assert present == sum(1 << t for t in set(f.tiles))
        assert (length, is_run) == (len(f.tiles), f.kind is Kind.RUN)
        assert ones_alone == (
            rules.opening_ones_set_exception and f.kind is Kind.SET and f.number == 1
        )
    listed_warm = _opening_options.__wrapped__(rack, rules, None)
    facts_module._TABLES.clear()
    assert opening_facts(cands, rules) == warm
    facts_module._TABLES.clear()
    assert _opening_options.__wrapped__(rack, rules, None) == listed_warm


def test_the_table_is_bounded() -> None:
    rules = RULES[0]
    rng = random.Random(7)
    for _ in range(400):
        rack = rng.sample(FULL_SET, 16)
        opening_facts(candidate_formations(rack, rules.formation_rules), rules)
        table = facts_module._TABLES[id(rules)][1]
        assert len(table) <= FACTS_LIMIT
