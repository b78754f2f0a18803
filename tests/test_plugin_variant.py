"""The out-of-tree example plugin (examples/plugin_variant): installed with pip into a temporary
folder (nothing is added to the current environment), discovered through the ``remi.variants``
entry point in a fresh interpreter, and played: a seeded random game through the Variant hooks,
and a bot game in which ``make_bot`` plays the plugin's own strategies (``Variant.strategy``)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "plugin_variant"

GAME = r"""
import json, random
from collections import Counter
from remi.core.tiles import FULL_SET
from remi.core.presets import list_presets, load_rules
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
    "listed": "rummikub-lite" in list_presets(),
    "by_name": load_rules("rummikub-lite") == rules,
}))
"""


BOT_GAME = r"""
import json
from remi.bots import make_bot, play_hand, seat_count
from remi.core.variant import get_variant
import remi_rummikub_lite as plugin
from remi_rummikub_lite.strategies import LiteGreedyStrategy, placed_points

variant = get_variant("rummikub-lite")
rules = plugin.load_preset()
state = variant.new_game(rules, 3, seed=11)
reference = LiteGreedyStrategy(0)  # what the plugin's greedy strategy chooses, asked directly
greedy_turns, agree, greedy_points = 0, 0, 0

def observe(before, action, after):
    global greedy_turns, agree, greedy_points
    seat = variant.current_player(before)
    if seat < 2:  # the two greedy bots
        greedy_turns += 1
        agree += reference.choose(variant.view(before, seat)) == action
        if action.VERB == "play":
            greedy_points += placed_points(variant.view(before, seat), action)

bots = [make_bot("greedy", 0), make_bot("greedy", 1), make_bot("solver", 2)]
end, log = play_hand(state, bots, on_action=observe)
strategy = variant.strategy("greedy", 0)
print(json.dumps({
    "strategy": f"{type(strategy).__module__}.{type(strategy).__qualname__}",
    "seats": seat_count(state), "over": variant.is_over(end), "actions": len(log),
    "greedy_turns": greedy_turns, "agree": agree, "greedy_points": greedy_points,
    "plays": [a.player for a in log if a.VERB == "play"],
    "scores": [ps.score for ps in variant.score(end)],
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


def _play(target: Path, script: str = GAME) -> dict[str, object]:
    env = dict(os.environ, PYTHONPATH=str(target), PYTHONDONTWRITEBYTECODE="1")
    out = subprocess.run(
        [sys.executable, "-c", script], check=True, env=env, capture_output=True, text=True
    )
    data: dict[str, object] = json.loads(out.stdout)
    return data


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The example plugin installed into a temporary folder (once for this module)."""
    target = tmp_path_factory.mktemp("plugin") / "site"
    _install(target)
    return target


def test_plugin_variant_installs_and_plays(site: Path) -> None:
    target = site
    assert (
        (target / "remi_rummikub_lite-0.1.0.dist-info" / "entry_points.txt")
        .read_text()
        .startswith("[remi.variants]")
    )
    first = _play(target)
    # the plugin's own preset loads by name and is listed, like the presets of rules/
    assert first["listed"] is True and first["by_name"] is True
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


def test_plugin_variant_bots_play_its_own_strategies(site: Path) -> None:
    """``make_bot("greedy")`` on the plugin's views plays the plugin's ``LiteGreedyStrategy``
    (reached through ``LiteVariant.strategy``, the core and the bots untouched) and the
    ``solver`` bot the strategy the plugin lists for that kind; the hand is played to its end."""
    game = _play(site, BOT_GAME)
    assert game["strategy"] == "remi_rummikub_lite.strategies.LiteGreedyStrategy"
    assert game["seats"] == 3 and game["over"] is True
    turns = game["greedy_turns"]
    assert isinstance(turns, int) and turns > 0 and game["agree"] == turns
    plays = game["plays"]
    assert isinstance(plays, list) and {0, 1} <= set(plays)  # both greedy bots laid tiles
    greedy_points = game["greedy_points"]
    assert isinstance(greedy_points, int) and greedy_points >= 2 * 20  # two initial melds of 20+
    scores = game["scores"]
    assert isinstance(scores, list) and len(scores) == 3 and sum(scores) == 0
    assert _play(site, BOT_GAME) == game  # seeded bots: the same game again
