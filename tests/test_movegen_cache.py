"""The move generator's per-formation lay-off cache and the lazily imported modules of the Remi
variant.

The lay-off targets kept per table formation (``movegen._layoff_targets``) must list exactly
what the rules accept: every listed lay-off and swap passes ``check``, and the lists are the same
whether the cache is cold or warm, along seeded random games (docs/rules.md §1.8 lipire, §1.6
the joly swap).
"""

from __future__ import annotations

import random
import subprocess
import sys

from remi.core.lazy import lazy_module
from remi.core.presets import load_rules
from remi.variants.remi_pe_tabla.actions import LayOff, Swap
from remi.variants.remi_pe_tabla.engine import apply, check
from remi.variants.remi_pe_tabla.movegen import _layoff_targets, legal_actions
from remi.variants.remi_pe_tabla.state import Phase, new_game


def _walk(seed: int) -> tuple[int, int]:
    """Play one seeded random-legal hand; at each state compare the list with a cold cache and
    check every lay-off and swap. Returns (lay-offs, swaps) listed."""
    rules = load_rules("remi-pe-tabla")
    rng = random.Random(seed)
    state = new_game(rules, 4, seed=seed)
    layoffs = swaps = 0
    while state.phase is not Phase.ENDED:
        warm = legal_actions(state)
        _layoff_targets.cache_clear()
        assert legal_actions(state) == warm
        for action in warm:
            if isinstance(action, (LayOff, Swap)):
                check(state, action)  # raises if the rules refuse it
                layoffs += isinstance(action, LayOff)
                swaps += isinstance(action, Swap)
        state = apply(state, rng.choice(warm))
    return layoffs, swaps


def test_layoff_cache_lists_what_the_rules_accept() -> None:
    totals = [_walk(seed) for seed in range(12)]
    assert sum(t[0] for t in totals) > 0  # lay-offs were listed and checked
    info = _layoff_targets.cache_info()
    assert info.currsize <= (info.maxsize or 0)


def test_lazy_module_loads_on_first_use() -> None:
    code = (
        "import sys; from remi.core.lazy import lazy_module; "
        "m = lazy_module('remi.variants.remi_pe_tabla.notes'); "
        "before = 'remi.variants.remi_pe_tabla.events' in sys.modules; "
        "m.describe; print(before, 'remi.variants.remi_pe_tabla.events' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "True"]
    assert lazy_module("remi.core.tiles") is sys.modules["remi.core.tiles"]


def test_check_meld_does_not_import_the_engine() -> None:
    # (the lazy modules are in sys.modules at once; engine_lay is imported only when they load)
    code = (
        "import sys; from remi.core.dispute_support import meld_report; "
        "from remi.core.presets import load_rules; "
        "r = meld_report('R1 R2 R3', load_rules('remi-pe-tabla')); "
        "print(r.valid, 'remi.variants.remi_pe_tabla.engine_lay' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["True", "False"]
