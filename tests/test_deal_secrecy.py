"""Unguessable deals: every new game and match gets a 128-bit seed from ``secrets``
(``remi.core.deal.fresh_seed``); a chosen ``--seed N`` is marked ``seed_chosen`` in the record;
no view, event or per-player export holds the seed or anything the deal follows from; and the
attack of a trial of ``main`` (search the seeds below 2**20 for the one that deals a player's own
rack) finds nothing.
"""

from __future__ import annotations

import importlib.util
import json
import random
import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from remi.cli import app
from remi.core import deal as deal_module
from remi.core.deal import SEED_BITS, derived_seed, fresh_seed
from remi.core.export import export_for_player
from remi.core.presets import load_rules
from remi.core.record_files import load_record
from remi.core.records import GameRecord, PlayerEntry
from remi.core.tiles import FULL_SET, sort_tiles
from remi.variants.remi_pe_tabla import engine as remi_engine
from remi.variants.remi_pe_tabla.state import deal as remi_deal
from remi.variants.rummikub import engine as rk_engine

ROOT = Path(__file__).resolve().parent.parent
runner = CliRunner()


def _load_soak() -> Any:
    if "remi_soak" in sys.modules:
        return sys.modules["remi_soak"]
    spec = importlib.util.spec_from_file_location("remi_soak", ROOT / "benchmarks" / "soak.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["remi_soak"] = module
    spec.loader.exec_module(module)
    return module


def test_fresh_seed_draws_128_bits_from_secrets(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[int] = []

    def randbits(k: int) -> int:
        asked.append(k)
        return (1 << k) - 1

    monkeypatch.setattr(deal_module.secrets, "randbits", randbits)
    assert fresh_seed() == 2**128 - 1
    assert asked == [128] and SEED_BITS == 128


def test_new_games_get_distinct_wide_unchosen_seeds(tmp_path: Path) -> None:
    seeds = []
    for i in range(3):
        path = tmp_path / f"g{i}.json"
        result = runner.invoke(app, ["play", "--auto", "--players", "2", "--save", str(path)])
        assert result.exit_code == 0, result.output
        record = load_record(path)
        assert record.seed is not None and not record.seed_chosen
        assert json.loads(path.read_text(encoding="utf-8"))["seed_chosen"] is False
        seeds.append(record.seed)
    assert len(set(seeds)) == 3
    # three 128-bit draws all below 2**100 happen with probability 2**-84
    assert max(s.bit_length() for s in seeds) > 100


def test_chosen_seed_is_kept_and_marked(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    result = runner.invoke(
        app, ["play", "--auto", "--players", "2", "--seed", "5", "--save", str(path)]
    )
    assert result.exit_code == 0, result.output
    record = load_record(path)
    assert record.seed == 5 and record.seed_chosen


def test_match_seed_is_fresh_and_wide(tmp_path: Path) -> None:
    path = tmp_path / "m.json"
    result = runner.invoke(
        app,
        [
            "play",
            "--auto",
            "--players",
            "2",
            "--match",
            "--set",
            "match.target_points=1",
            "--save",
            str(path),
        ],
    )
    assert result.exit_code == 0, result.output
    record = load_record(path)
    assert record.match is not None and not record.seed_chosen
    assert record.seed == record.match.base_seed + record.match.hands_played


def test_bot_seeds_are_one_way() -> None:
    """A bot's seed is a hash of the game's seed: distinct per seat and per resume point, and
    not the seed plus a small offset (as it was: ``seed * 16 + seat``)."""
    seed = fresh_seed()
    bots = {derived_seed(seed, "bot", seat, 0) for seat in range(4)}
    assert len(bots) == 4 and all(b < 2**64 for b in bots)
    assert all(abs(b - seed * 16) > 2**20 for b in bots)
    assert derived_seed(seed, "bot", 1, 0) == derived_seed(seed, "bot", 1, 0)


def _walk_for_seed(root: Any, seed: int) -> list[str]:
    """Every reason ``root`` gives the seed away: an int equal to it (or to one of its 32-bit
    words, which Python's ``random`` seeds with) or a field named like a seed, anywhere among
    the attrs fields and properties, containers and leaves reachable from ``root``."""
    soak = _load_soak()
    words = {(seed >> (32 * k)) & 0xFFFFFFFF for k in range(4)} | {seed}
    found: list[str] = []
    seen: set[int] = set()
    stack = [root]
    while stack:
        obj = stack.pop()
        if isinstance(obj, int) and not isinstance(obj, bool):
            if obj in words and obj > 2**20:
                found.append(f"the int {obj}")
            continue
        if isinstance(obj, (str, bytes, float, bool)) or obj is None or id(obj) in seen:
            continue
        seen.add(id(obj))
        if isinstance(obj, dict):
            stack.extend([*obj.keys(), *obj.values()])
        elif isinstance(obj, (tuple, list, set, frozenset)):
            stack.extend(obj)
        else:
            names = soak._fields(type(obj)) or ()
            found += [f"field {n}" for n in names if "seed" in n]
            stack.extend(getattr(obj, n) for n in names)
    return found


@pytest.mark.parametrize(
    ("preset", "transition"),
    [("remi-pe-tabla", remi_engine.transition), ("rummikub", rk_engine.transition)],
)
def test_views_and_events_hold_no_seed(preset: str, transition: Any) -> None:
    from remi.core.variant import variant_for_rules

    rules = load_rules(preset)
    variant = variant_for_rules(rules)
    seed = fresh_seed() | (1 << 127)
    state = variant.new_game(rules, 3, seed=seed)
    rng = random.Random(1)
    checked = 0
    for _ in range(60):
        if variant.is_over(state):
            break
        for seat in range(3):
            assert _walk_for_seed(variant.view(state, seat), seed) == []
        state, events = transition(state, rng.choice(variant.legal_actions(state)))
        for seat in range(3):
            for event in events:
                assert _walk_for_seed(event.for_player(seat), seed) == []
        checked += 1
    assert checked >= 30


def test_seed_walker_catches_a_leak() -> None:
    """Negative control: the walker finds a seed in a nested value."""
    seed = fresh_seed() | (1 << 127)
    assert _walk_for_seed({"x": [("a", seed)]}, seed) == [f"the int {seed}"]
    assert _walk_for_seed(PlayerEntry(str(seed)), seed) == []  # text is not an int


@pytest.mark.parametrize(
    ("family", "preset"), [("remi", "remi-pe-tabla"), ("rummikub", "rummikub")]
)
def test_export_holds_no_seed(family: str, preset: str) -> None:
    seed = fresh_seed() | (1 << 127)
    record = GameRecord(
        family=family,
        preset=preset,
        players=(PlayerEntry("Ana"), PlayerEntry("Bob")),
        seed=seed,
        actions=(),
    )
    for seat in range(2):
        text = json.dumps(export_for_player(record, seat))
        assert str(seed) not in text and "seed" not in text
        for k in range(4):
            word = (seed >> (32 * k)) & 0xFFFFFFFF
            assert f" {word}," not in text and f" {word}}}" not in text


# --- the attack ------------------------------------------------------------------------------

ATTACK_SEEDS = 2**20
_TILES = list(FULL_SET)


def _last_rack(seed: int, first: int, size: int) -> tuple[Any, ...]:
    """The rack dealt at positions ``first .. first + size - 1`` of the shuffle of ``seed``:
    Python's Fisher-Yates (``random.shuffle``) runs from the end, so these positions are
    final once it has passed them and the rest need not be shuffled (the attacker's shortcut)."""
    tiles = _TILES[:]
    below = random.Random(seed)._randbelow
    for i in range(len(tiles) - 1, first - 1, -1):
        j = below(i + 1)
        tiles[i], tiles[j] = tiles[j], tiles[i]
    return tuple(sort_tiles(tiles[first : first + size]))


def _search(rack: tuple[Any, ...], limit: int) -> list[int]:
    """Every seed below ``limit`` dealing ``rack`` to p4 of four (positions 43-56)."""
    return [seed for seed in range(limit) if _last_rack(seed, 43, 14) == rack]


def test_attack_shortcut_is_the_engines_deal() -> None:
    rules = load_rules("remi-pe-tabla")
    for seed in (0, 7, 2**20 - 1, 123456):
        assert _last_rack(seed, 43, 14) == remi_deal(4, seed, rules)[0][3]


def test_attack_finds_a_small_chosen_seed() -> None:
    """Positive control: a game dealt with a seed below 2**20 (as ``main`` drew them) is found
    from p4's export alone."""
    record = GameRecord(players=tuple(PlayerEntry(n) for n in "ABCD"), seed=1234, seed_chosen=True)
    rack = tuple(sort_tiles(_parse(export_for_player(record, 3)["rack"])))
    assert rack == _last_rack(1234, 43, 14)
    assert 1234 in _search(rack, 1300)


def test_attack_over_2_pow_20_seeds_finds_nothing() -> None:
    """From p4's export of a new game (a fresh 128-bit seed), the search over every seed below
    2**20 finds no seed dealing his rack."""
    record = GameRecord(players=tuple(PlayerEntry(n) for n in "ABCD"), seed=fresh_seed())
    exported = export_for_player(record, 3)
    rack = tuple(sort_tiles(_parse(exported["rack"])))
    assert len(rack) == 14
    assert _search(rack, ATTACK_SEEDS) == []


def _parse(text: str) -> list[Any]:
    from remi.core.notation import parse_tiles

    return list(parse_tiles(text))
