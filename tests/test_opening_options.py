"""The openings ``legal_actions`` lists (docs/rules.md §1.5): the budgeted depth-first
search gives exactly the openings, in the order, of the plain search it replaces, including when
the step budget or the listing limit cuts it short."""

from __future__ import annotations

import collections

from hypothesis import given, settings
from hypothesis import strategies as st

from remi.core.candidates import candidate_formations
from remi.core.formations import Formation
from remi.core.presets import load_rules
from remi.core.tiles import FULL_SET, JOLY, Tile
from remi.variants.remi_pe_tabla.movegen_opening import (
    _OPENING_SEARCH_BUDGET,
    OPENING_OPTIONS_LIMIT,
    _opening_options,
)
from remi.variants.remi_pe_tabla.opening import opening_points, opening_shape_ok
from remi.variants.remi_pe_tabla.solvers import best_opening

RULES = [load_rules(p) for p in ("remi-pe-tabla", "rummy-45", "remi-50")]
# long runs in two colours, high sets and the jolys: racks with many overlapping candidates, so
# that the search often reaches its step budget or its listing limit
POOL = [t for t in FULL_SET if t is JOLY or t.colour.index < 2 or (t.number >= 10 or t.number == 1)]


def _plain_search(
    rack: list[Tile], rules, must: Tile | None
) -> tuple[list[tuple[Formation, ...]], bool] | None:
    """The reference: candidates in ``candidate_formations`` order, depth first, one budget step
    per candidate tried; returns (openings, budget ran out), or None when the cheap checks
    before the search already rule an opening out."""
    frules = rules.formation_rules
    cands = [f for f in candidate_formations(rack, frules) if len(f.tiles) < len(rack)]
    if not cands:
        return None
    if rules.opening_needs_run and not any(f.kind.value == "run" for f in cands):
        if not (rules.opening_ones_set_exception and any(f.number == 1 for f in cands)):
            return None
    best = {t: 25 if (t is JOLY or t.number == 1) else (10 if t.number >= 10 else 5) for t in rack}
    covered = {t for f in cands for t in f.tiles}
    if sum(best[t] for t in rack if t in covered) < rules.opening_min_points:
        return None
    have = collections.Counter(rack)
    out: list[tuple[Formation, ...]] = []
    chosen: list[Formation] = []
    budget = [_OPENING_SEARCH_BUDGET]

    def visit(start: int, total: int, used: int) -> None:
        for j in range(start, len(cands)):
            if len(out) >= OPENING_OPTIONS_LIMIT or budget[0] <= 0:
                return
            budget[0] -= 1
            f = cands[j]
            need = collections.Counter(f.tiles)
            if used + len(f.tiles) >= len(rack) or any(have[t] < n for t, n in need.items()):
                continue
            have.subtract(need)
            chosen.append(f)
            value = total + opening_points((f,), rules)
            forms = tuple(chosen)
            if (
                value >= rules.opening_min_points
                and opening_shape_ok(forms, rules)
                and (must is None or any(must in g.tiles for g in forms))
            ):
                out.append(forms)
            visit(j, value, used + len(f.tiles))
            chosen.pop()
            have.update(need)

    visit(0, 0, 0)
    return out, budget[0] <= 0


@settings(max_examples=250, deadline=None)
@given(
    picks=st.lists(st.integers(0, len(POOL) - 1), unique=True, min_size=3, max_size=15),
    must_pick=st.integers(-1, 14),
    rules=st.sampled_from(RULES),
)
def test_opening_options_same_as_plain_search(picks: list[int], must_pick: int, rules) -> None:
    rack = sorted(POOL[i] for i in picks)
    must = rack[must_pick] if 0 <= must_pick < len(rack) else None
    got = _opening_options.__wrapped__(tuple(rack), rules, must)
    expected = _plain_search(rack, rules, must)
    if expected is None:
        assert got == ()
        return
    found, ran_out = expected
    if found or not ran_out:
        assert list(got) == found
        return
    # the budget ran out before any opening: the exact solver answers
    if must is None:
        plan = best_opening(rack, rules)
    else:
        rest = list(rack)
        rest.remove(must)
        plan = best_opening(rest, rules, must_include=must)
    if plan is None or plan.tiles_used >= len(rack):
        assert got == ()
    else:
        assert got == (tuple(plan.formations),)


def test_opening_options_budget_and_limit_cases() -> None:
    rules = RULES[0]
    # a long run in two colours: hundreds of candidate combinations, the listing limit is hit
    rack = tuple(sorted(t for t in set(FULL_SET) if t is not JOLY and t.colour.index == 0))
    rack = rack[:14]
    found, ran_out = _plain_search(list(rack), rules, None)
    assert len(found) == OPENING_OPTIONS_LIMIT and not ran_out
    assert list(_opening_options.__wrapped__(rack, rules, None)) == found
    # the same rack must use a tile that only the last candidates hold: the budget runs out
    found, ran_out = _plain_search(list(rack), rules, rack[-1])
    assert ran_out
    got = _opening_options.__wrapped__(rack, rules, rack[-1])
    if found:
        assert list(got) == found
