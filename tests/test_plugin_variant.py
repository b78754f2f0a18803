"""The out-of-tree example plugin (examples/plugin_variant): installed with pip into a temporary
folder (nothing is added to the current environment), discovered through the ``remi.variants``
entry point in a fresh interpreter, and played: a seeded random game through the Variant hooks."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "plugin_variant"

GAME = r"""
import json, random
from collections import Counter
from remi.core.tiles import FULL_SET
from remi.core.variant import get_variant, plugin_errors, variant_for_rules
import remi_rummikub_lite as plugin

variant = get_variant("rk-lite")
rules = plugin.load_preset()
assert variant_for_rules(rules) is variant
state = variant.new_game(rules, 3, seed=7)
rng = random.Random(7)
record = []
while not variant.is_over(state):
    action = rng.choice(variant.legal_actions(state))
    assert variant.parse_action(str(action), rules) == action
    state = variant.apply(state, action)
    record.append(str(action))
    assert variant.tile_counts(state) == Counter(FULL_SET)
print(json.dumps({
    "name": variant.name, "family": rules.family, "deal": rules.deal_tiles,
    "errors": plugin_errors, "actions": len(record), "record": record,
    "scores": [ps.score for ps in variant.score(state)],
    "presets": [str(p) for p in variant.preset_files],
}))
"""


def _install(target: Path) -> None:
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1", PIP_DISABLE_PIP_VERSION_CHECK="1")
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "-q",
            "--no-deps",
            "--no-build-isolation",
            "--no-index",
            "--target",
            str(target),
            str(EXAMPLE),
        ],
        check=True,
        env=env,
        capture_output=True,
        text=True,
    )


def _play(target: Path) -> dict[str, object]:
    env = dict(os.environ, PYTHONPATH=str(target), PYTHONDONTWRITEBYTECODE="1")
    out = subprocess.run(
        [sys.executable, "-c", GAME], check=True, env=env, capture_output=True, text=True
    )
    data: dict[str, object] = json.loads(out.stdout)
    return data


def test_plugin_variant_installs_and_plays(tmp_path: Path) -> None:
    target = tmp_path / "site"
    _install(target)
    assert (
        (target / "remi_rummikub_lite-0.1.0.dist-info" / "entry_points.txt")
        .read_text()
        .startswith("[remi.variants]")
    )
    first = _play(target)
    assert (
        first["name"] == "rummikub-lite"
        and first["family"] == "rummikub-lite"
        and first["deal"] == 10
    )
    assert first["errors"] == {}
    assert isinstance(first["actions"], int) and first["actions"] > 0
    scores = first["scores"]
    assert isinstance(scores, list) and len(scores) == 3
    assert _play(target)["record"] == first["record"]  # seeded: the same game again
    assert sum(scores) == 0  # going out and pool-empty "difference" scoring are zero-sum
    assert not (EXAMPLE / "build").exists()
