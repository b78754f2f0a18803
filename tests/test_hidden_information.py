"""Information hiding over every registered variant (hidden information is a view: a player or
bot sees only ``view(state, seat)``, never the stock order or another rack), the soak checker it
shares with ``benchmarks/soak.py``, and records exported for one player.

The walker (``soak.reachable``) follows attrs fields, properties of attrs classes (plain data
such as ``PlayerView.my_turn``), tuples, lists, sets and dicts; ``soak.check_views`` asserts that
no view reaches the state, another player's rack (the object, or its tiles in rack or sorted
order unless all of them are visible to the seat anyway) or the stock/pool order. Negative
controls prove the checker catches leaks.
"""

from __future__ import annotations

import importlib.util
import json
import random
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import attrs
import pytest

from remi.bots import make_bot, play_hand
from remi.core.errors import RemiError
from remi.core.export import EXPORT_FORMAT, HIDDEN_TILE, export_for_player
from remi.core.presets import load_rules
from remi.core.record_files import load_record
from remi.core.records import GameRecord, PlayerEntry, RecordError
from remi.core.replay import replay
from remi.core.tiles import FULL_SET
from remi.core.variant import Variant, registered_variants

ROOT = Path(__file__).resolve().parent.parent
GAMES = ROOT / "examples" / "games"


def _load_soak() -> Any:
    spec = importlib.util.spec_from_file_location("remi_soak", ROOT / "benchmarks" / "soak.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["remi_soak"] = module
    spec.loader.exec_module(module)
    return module


soak = _load_soak()
VARIANTS = registered_variants()
PRESET = {"remi": "remi-pe-tabla", "rummikub": "rummikub"}


def _preset(variant: Variant) -> str:
    return PRESET.get(variant.name, next(iter(variant.preset_files), variant.name))


def _states(variant: Variant, seed: int, players: int, every: int) -> list[Any]:
    """States along a seeded random-legal game (the deal, every ``every``-th, the end)."""
    rules = load_rules(_preset(variant))
    state = variant.new_game(rules, players, seed=seed)
    rng = random.Random(seed)
    out = [state]
    step = 0
    while not variant.is_over(state) and step < 3000:
        state = variant.apply(state, rng.choice(variant.legal_actions(state)))
        step += 1
        if step % every == 0:
            out.append(state)
    out.append(state)
    return out


def test_registered_variants_include_the_rummikub_plugin() -> None:
    assert {"remi", "rummikub"} <= {v.name for v in VARIANTS}


@pytest.mark.parametrize("variant", VARIANTS, ids=[v.name for v in VARIANTS])
def test_views_hide_other_racks_and_stock_order_every_variant(variant: Variant) -> None:
    checked = 0
    for seed, players in ((3, 2), (5, 4)):
        for state in _states(variant, seed, players, every=6 if variant.name == "remi" else 12):
            views = soak.check_views(variant, state, f"seed {seed}")
            assert len(views) == players
            checked += players
            for seat, view in enumerate(views):
                # the own rack is there; the view is of that seat
                assert Counter(view.rack) == Counter(variant.tile_zones(state).racks[seat])
                assert view.seat == seat
    assert checked > 20


@pytest.mark.parametrize("variant", VARIANTS, ids=[v.name for v in VARIANTS])
def test_views_walker_reaches_properties_and_nested_values(variant: Variant) -> None:
    state = _states(variant, 7, 2, every=1000)[0]
    seat = variant.current_player(state)
    view = variant.view(state, seat)
    objects = soak.reachable(view)
    assert view.rack in objects and view.legal in objects
    assert all(a in objects for a in view.legal if not isinstance(a, int))
    if hasattr(type(view), "my_turn"):
        assert soak._fields(type(view))[-1] == "my_turn"


@pytest.mark.parametrize("variant", VARIANTS, ids=[v.name for v in VARIANTS])
def test_views_checker_catches_leaks(variant: Variant, monkeypatch: pytest.MonkeyPatch) -> None:
    """Negative controls: a view carrying another rack, the stock order or the state is caught."""
    state = _states(variant, 8, 3, every=1000)[0]
    real_view = variant.view
    racks = variant.tile_zones(state).racks
    hidden = variant.tile_zones(state).stock

    leaks = {
        "p2's rack": lambda s, seat: Leaked(real_view(s, seat), {"x": [tuple(racks[1])]}),
        "p2's rack itself": lambda s, seat: Leaked(real_view(s, seat), (racks[1],)),
        "the stock order": lambda s, seat: Leaked(real_view(s, seat), tuple(hidden)),
        "full state": lambda s, seat: Leaked(real_view(s, seat), s),
    }
    for name, leak in leaks.items():
        monkeypatch.setattr(variant, "view", leak)
        with pytest.raises(soak.Violation, match="exposes|holds"):
            soak.check_views(variant, state, name)
    monkeypatch.setattr(variant, "view", real_view)
    soak.check_views(variant, state, "clean")


def test_views_checker_ignores_coincidence_with_visible_tiles(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Two copies of each tile: a tuple equal to another rack is not a leak when the seat sees
    all of its tiles anyway (here p1 holds the other copy of every tile of p2's rack)."""
    from gamekit import stacked

    remi = next(v for v in VARIANTS if v.name == "remi")
    p2 = "R5 R6 R7 K2 K4 K6 K8 Y2 Y4 Y6 B2 B4 B8 B10"
    state = stacked([p2 + " K13", p2], "K5 K7")
    real_view = remi.view
    twin = tuple(sorted(state.players[1].rack))
    monkeypatch.setattr(
        remi,
        "view",
        lambda s, seat: attrs.evolve(real_view(s, seat), sir=twin if seat == 0 else ()),
    )
    soak.check_views(remi, state, "coincidence")
    monkeypatch.setattr(
        remi,
        "view",
        lambda s, seat: attrs.evolve(
            real_view(s, seat), sir=tuple(sorted(s.players[0].rack)) if seat == 1 else ()
        ),
    )
    with pytest.raises(soak.Violation, match="exposes p1's rack"):
        soak.check_views(remi, state, "p2 sees p1's extra K13")


def test_soak_regression_rummikub_300880_joly_identities(tmp_path: Path) -> None:
    """Soak seed 300880 (Rummikub): p3 may play ``[K1 K2 J]``, the joly standing for K3, while
    p1 holds exactly K1 K2 K3. The formation's identities (derived from its tiles) equal p1's
    rack by coincidence; the walker does not enter them, and the game passes every check."""
    from remi.core.formations import Formation

    assert soak._fields(Formation) is not None
    assert "identities" not in soak._fields(Formation)
    assert "tiles" in soak._fields(Formation)
    outcome = soak.soak_game("rummikub", "rummikub", ("random", "greedy"), 300880, str(tmp_path), 1)
    assert outcome.failure == "" and outcome.actions > 104


# --- soak runner -----------------------------------------------------------------------------


@pytest.mark.parametrize("variant", VARIANTS, ids=[v.name for v in VARIANTS])
def test_soak_game_passes_for_every_variant(variant: Variant, tmp_path: Path) -> None:
    outcome = soak.soak_game(
        variant.name, _preset(variant), ("random", "greedy"), 1, str(tmp_path), 1
    )
    assert outcome.failure == "" and outcome.actions > 0
    assert list(tmp_path.iterdir()) == []


def test_soak_failure_writes_a_replayable_record(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A broken invariant (here: a view leaking the stock order from action 5 on) stops the game
    and writes its record (seed, players, actions up to the failing one) plus the message."""
    remi = next(v for v in VARIANTS if v.name == "remi")
    real_view = remi.view

    def leaky(state: Any, seat: int) -> Any:
        view = real_view(state, seat)
        if state.turns_ended >= 2:
            return attrs.evolve(view, sir=tuple(state.stock))
        return view

    monkeypatch.setattr(remi, "view", leaky)
    outcome = soak.soak_game("remi", "remi-pe-tabla", ("random",), 12, str(tmp_path), 1)
    monkeypatch.setattr(remi, "view", real_view)
    assert "stock order" in outcome.failure
    path = Path(outcome.record_path)
    assert path.name == "soak-remi-12.json" and path.with_suffix(".txt").read_text(
        encoding="utf-8"
    ).startswith("Violation")
    record = load_record(path)
    assert record.seed == 12 and len(record.actions) == outcome.actions
    result = replay(record)
    assert (
        result.ok and len(result.actions) == outcome.actions
    )  # the record re-plays up to the failure


def test_soak_main_exit_codes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert soak.main(["--games", "3", "--variant", "remi", "--out", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert ": 3 games" in out and " 0 failures" in out
    # every seed is played once, whatever the batching (a zip() once dropped a batch)
    assert soak.main(["--games", "21", "--jobs", "2", "--seed", "100", "--out", str(tmp_path)]) == 0
    assert ": 21 games" in capsys.readouterr().out
    assert soak.main(["--games", "1", "--variant", "chess"]) == 2
    assert soak.main(["--games", "1", "--bots", "wizard"]) == 2


# --- records exported for one player ----------------------------------------------------------


def _bot_record(family: str, seed: int, players: int) -> GameRecord:
    preset = PRESET[family]
    rules = load_rules(preset)
    variant = next(v for v in VARIANTS if v.name == family)
    state = variant.new_game(rules, players, seed=seed)
    _, log = play_hand(
        state, [make_bot("greedy" if i % 2 else "random", seed + i) for i in range(players)]
    )
    return GameRecord(
        family=family,
        preset=preset,
        players=tuple(PlayerEntry(f"bot-{i + 1}", "random") for i in range(players)),
        seed=seed,
        created="2024-05-01T12:00:00+00:00",
    ).with_actions(log)


def test_export_for_player_sir_break_example() -> None:
    record = load_record(GAMES / "sir-break.json")
    out = export_for_player(record, 1)
    assert out["format"] == EXPORT_FORMAT and out["seat"] == 2 and out["player"] == "Bogdan"
    assert "seed" not in out and "deal" not in out
    assert out["rack"] == "Y3 Y5 Y7 Y8 Y9 Y11 Y13 B1 B3 B5 B11 B13 K3 K9"  # Bogdan's own rack
    assert out["stock_count"] == 106 - 15 - 14
    draws = [(a["action"], a["drew"]) for a in out["actions"] if "drew" in a]
    # his own draws name the tile (the stock was "K5 K7 R11 R12 B6"), Ana's are hidden
    assert draws == [
        ("p2 draw", "K5"),
        ("p1 draw", HIDDEN_TILE),
        ("p2 draw", "R11"),
        ("p2 draw", "R12"),
        ("p1 draw", HIDDEN_TILE),
    ]
    assert [a["action"] for a in out["actions"]] == list(record.actions)
    assert out["over"] and out["final_racks"][0] == ""  # the hand is over: racks are public
    text = json.dumps(out)
    ana = "R5 R6 R7 R10 Y10 B10 K2 K4 K6 K8 Y2 R8 K10 B2 B4"
    assert ana not in text and "K7 R11 R12" not in text


@pytest.mark.parametrize("family", ["remi", "rummikub"])
def test_export_for_player_hides_every_other_rack_and_the_stock(family: str) -> None:
    players = 3 if family == "remi" else 2
    record = _bot_record(family, 21, players)
    if family != "remi":  # a shorter log: the Rummikub-style legal-move listing in views is slow
        record = record.with_actions(record.actions[:40])
    rules = load_rules(record.preset)
    variant = next(v for v in VARIANTS if v.name == family)
    start = variant.new_game(rules, players, seed=21)
    for seat in range(players):
        out = export_for_player(record, seat)
        assert json.loads(json.dumps(out)) == out
        assert "seed" not in out and "deal" not in out
        assert out["rack"] == " ".join(map(str, variant.view(start, seat).rack))
        state = start
        for entry, action in zip(out["actions"], replay(record).actions):
            hidden = variant.tile_zones(state).stock
            mover = action.player
            state = variant.apply(state, action)
            drawn = len(hidden) - len(variant.tile_zones(state).stock)
            if drawn <= 0:
                assert "drew" not in entry
            elif mover == seat:
                assert Counter(entry["drew"].split()) == Counter(map(str, hidden[:drawn]))
            else:
                assert entry["drew"].split() == [HIDDEN_TILE] * drawn


def test_export_for_player_match_drops_base_seed_and_errors() -> None:
    data = json.loads((GAMES / "illegal-opening.json").read_text(encoding="utf-8"))
    data["match"] = {"hands_played": 2, "totals": {"Ana": 10, "Bogdan": -10}, "base_seed": 99}
    from remi.core.record_files import parse_record

    record = parse_record(data)
    out = export_for_player(record, 1)
    assert out["match"] == {"hands_played": 2, "totals": {"Ana": 10, "Bogdan": -10}}
    assert out["error"] == {
        "position": 6,
        "rule_id": "opening.min_points",
    }  # Ana's refused line not quoted
    assert len(out["actions"]) == 5 and not out["over"] and out["final_racks"] is None
    mine = export_for_player(record, 0)
    assert mine["error"]["action"] == "p1 discard K4"
    with pytest.raises(RecordError, match="no seat p3"):
        export_for_player(record, 2)
    with pytest.raises(RemiError):
        export_for_player(record, -1)


def test_export_tiles_are_conserved_from_the_players_view() -> None:
    """What the export shows of the deal never exceeds the 106-tile set."""
    record = _bot_record("remi", 5, 2)
    out = export_for_player(record, 0)
    shown = Counter(out["rack"].split())
    for entry in out["actions"]:
        shown.update(t for t in entry.get("drew", "").split() if t != HIDDEN_TILE)
    assert not shown - Counter(str(t) for t in FULL_SET)


def test_soak_regression_formation_ranks_are_not_a_rack(monkeypatch: pytest.MonkeyPatch) -> None:
    """Found by the long soak (remi, seed 436, action 57): a table formation's ``ranks``
    ``(11, 12, 13)`` compared equal to a 3-tile rack whose tiles have those int values (tiles
    are ints), a false "exposes p1's rack". Only tuples of tiles are compared now."""
    from gamekit import stacked

    remi = next(v for v in VARIANTS if v.name == "remi")
    state = stacked(
        [
            "R5 R6 R7 K2 K4 K6 K8 Y2 Y4 Y6 B2 B4 B8 B10 B12",
            "R11 R12 R13 Y1 Y3 Y5 Y7 Y9 B1 B3 B5 B7 B9 B11",
        ],
        "K5 K7",
    )
    short = attrs.evolve(state.players[1], rack=state.players[1].rack[:3])
    state = attrs.evolve(state, players=(state.players[0], short))
    ranks = tuple(int(t) for t in short.rack)
    assert ranks == short.rack  # the coincidence: equal as tuples
    real_view = remi.view
    monkeypatch.setattr(remi, "view", lambda s, seat: Leaked(real_view(s, seat), ranks))
    soak.check_views(remi, state, "ranks")
    monkeypatch.setattr(remi, "view", real_view)
    assert (
        soak.soak_game(
            "remi", "remi-pe-tabla", ("random", "greedy"), 436, "/nonexistent", 1
        ).failure
        == ""
    )


@attrs.frozen
class Leaked:
    """A view wrapper carrying one extra value (negative and regression controls)."""

    inner: Any
    extra: Any
    rack: Any = ()
    seat: int = 0
