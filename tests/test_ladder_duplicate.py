"""The duplicate ladder of ``remi ladder``: seatings, per-deal pairing, ratings, feeding, CLI."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from remi.cli.app import app
from remi.core.formations import parse_formation
from remi.core.notation import parse_tiles
from remi.core.summary import TileZones
from remi.ladder import ladder
from remi.ladder.duplicate import duplicate_ladder, seatings
from remi.ladder.feeding import TurnTrace, feeding
from remi.ladder.rating import bradley_terry
from remi.stats import mean_estimate, share_of_values


def test_seatings_rotate_both_kinds_over_every_seat() -> None:
    assert seatings("a", "b", 2) == [("a", "b"), ("b", "a")]
    four = seatings("a", "b", 4)
    # The alternating seatings first, then the two-and-two ones with partners side by side.
    assert four[:2] == [("a", "b", "a", "b"), ("b", "a", "b", "a")]
    assert sorted(four[2:]) == [
        ("a", "a", "b", "b"),
        ("a", "b", "b", "a"),
        ("b", "a", "a", "b"),
        ("b", "b", "a", "a"),
    ]
    three = seatings("a", "b", 3)
    assert len(three) == 6
    for table in (three, four, seatings("a", "b", 2)):
        assert len(set(table)) == len(table)
        for seat in range(len(table[0])):
            # Over a deal each kind sits in every seat equally often.
            assert Counter(s[seat] for s in table) == {"a": len(table) // 2, "b": len(table) // 2}
    with pytest.raises(ValueError):
        seatings("a", "b", 1)


def test_bradley_terry_on_the_elo_scale() -> None:
    r = bradley_terry(["a", "b"], {("a", "b"): 76, ("b", "a"): 24})
    # P = 0.76 is 200 Elo points; the weak prior pulls it in by about one point.
    assert 195 < r["a"] - r["b"] <= 200
    assert r["a"] + r["b"] == 3000
    even = bradley_terry(["a", "b"], {("a", "b"): 5, ("b", "a"): 5})
    assert even == {"a": 1500.0, "b": 1500.0}


def _zones(sir: str, table: list[str]) -> TileZones:
    return TileZones(
        racks=((), ()),
        stock=(),
        table=tuple(parse_formation(f) for f in table),
        discards=tuple(parse_tiles(sir)),
    )


def test_feeding_counts_a_discard_laid_next_turn_with_sir_tiles() -> None:
    # p1 discards R7 onto [R5 R6]; p2 breaks the șir at R5 (rupere, docs/rules.md §1.7), lays
    # R5 R6 R7 and discards K1: one discard of p1 fed p2 through the șir.
    turns = [
        TurnTrace(seat=0, start=_zones("R5 R6", []), end=_zones("R5 R6 R7", [])),
        TurnTrace(seat=1, start=_zones("R5 R6 R7", []), end=_zones("K1", ["R5 R6 R7"])),
        TurnTrace(seat=0, start=_zones("K1", ["R5 R6 R7"]), end=_zones("K1 Y9", ["R5 R6 R7"])),
    ]
    counts = feeding(turns, 2)
    assert (counts[0].discards, counts[0].fed, counts[0].fed_sir, counts[0].fed_break) == (
        2,
        1,
        1,
        1,
    )
    assert (counts[1].discards, counts[1].fed) == (1, 0)


def test_feeding_through_the_sir_needs_a_partner_from_the_sir() -> None:
    # p1 discards R7 onto [K1 B9 Y4]; p2 breaks at B9 (rupere, docs/rules.md §1.7) for his
    # [B9 B10 B11], Y4 and R7 come along; R7 is attached alone to the table's [R4 R5 R6]:
    # fed and taken along, but not with a partner from the șir.
    before = ["R4 R5 R6"]
    after = ["R4 R5 R6 R7", "B9 B10 B11"]
    turns = [
        TurnTrace(seat=0, start=_zones("K1 B9 Y4", before), end=_zones("K1 B9 Y4 R7", before)),
        TurnTrace(seat=1, start=_zones("K1 B9 Y4 R7", before), end=_zones("K1 Y1", after)),
    ]
    (mine, _) = feeding(turns, 2)
    assert (mine.fed, mine.fed_sir, mine.fed_break) == (1, 0, 1)
    # The same break, R7 attached together with the șir's R8 to a table run [R4 R5 R6]: both
    # gained by one formation, so fed through the șir.
    turns = [
        TurnTrace(seat=0, start=_zones("K1 R8 Y4", before), end=_zones("K1 R8 Y4 R7", before)),
        TurnTrace(
            seat=1,
            start=_zones("K1 R8 Y4 R7", before),
            end=_zones("K1 Y1", ["R4 R5 R6 R7 R8", "Y2 Y3 Y4"]),
        ),
    ]
    (mine, _) = feeding(turns, 2)
    assert (mine.fed, mine.fed_sir, mine.fed_break) == (1, 1, 1)
    # Only the last tile taken (no break): fed, neither through the șir nor taken along.
    turns = [
        TurnTrace(seat=0, start=_zones("K1", before), end=_zones("K1 R7", before)),
        TurnTrace(seat=1, start=_zones("K1 R7", before), end=_zones("K1 Y1", ["R4 R5 R6 R7"])),
    ]
    (mine, _) = feeding(turns, 2)
    assert (mine.fed, mine.fed_sir, mine.fed_break) == (1, 0, 0)


def test_pairs_are_per_deal_and_antisymmetric() -> None:
    ab = duplicate_ladder(["random", "greedy"], 2, players=2)
    ba = duplicate_ladder(["greedy", "random"], 2, players=2)
    assert ab.pairs[0].hands == 4 and ab.pairs[0].deals == 2
    assert ab.pairs[0].points_per_hand.mean == -ba.pairs[0].points_per_hand.mean
    assert ab.pairs[0].win_rate.mean + ba.pairs[0].win_rate.mean == 1.0
    assert ab.ratings["random"] == ba.ratings["random"]


def test_win_rate_interval_is_wide_when_few_deals_agree() -> None:
    # Two deals each won half: the t interval has no width (sd 0); the Wilson interval of one
    # win in two trials is (0.5 +- 1.96 sqrt(0.125 + 1.96^2 / 16)) / (1 + 1.96^2 / 2).
    two = share_of_values([0.5, 0.5])
    assert two.mean == 0.5 and two.n == 2
    assert two.low == pytest.approx(0.0945, abs=1e-4)
    assert two.high == pytest.approx(0.9055, abs=1e-4)
    # Deals that disagree: the t interval (t quantile 12.7 for 1 degree of freedom) is wider
    # and is kept, clipped to [0, 1].
    split = share_of_values([0.0, 1.0])
    assert (split.low, split.high) == (0.0, 1.0)
    # One deal: the Wilson interval alone (no t interval from one value).
    one = share_of_values([1.0])
    assert one.mean == 1.0 and one.low == pytest.approx(0.2065, abs=1e-4) and one.high == 1.0


# a loaded machine makes even these small lists "slow to generate" (a health check, not a
# property of the interval)
@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from([0.0, 0.25, 0.5, 0.75, 1.0]), min_size=2, max_size=40))
def test_win_rate_interval_holds_the_t_interval_and_the_mean(per_deal: list[float]) -> None:
    e, t = share_of_values(per_deal), mean_estimate(per_deal)
    assert 0.0 <= e.low < e.high <= 1.0
    assert e.low <= e.mean <= e.high and e.mean == t.mean
    assert e.low <= max(0.0, t.low) and e.high >= min(1.0, t.high)


def test_two_player_ladder_win_interval_is_over_deals_and_not_empty() -> None:
    (pair,) = ladder(["random", "greedy"], 2)
    assert pair.games == 4 and pair.win_rate.n == 2  # two deals, two games each
    assert pair.win_rate.mean == pair.wins / pair.games
    # two trials at most: the interval is wide whatever the deals gave
    assert pair.win_rate.high - pair.win_rate.low > 0.5


def test_cli_json_and_errors() -> None:
    runner = CliRunner()
    out = runner.invoke(
        app, ["ladder", "--bots", "random,greedy", "--players", "4", "--deals", "1", "--json"]
    )
    assert out.exit_code == 0, out.output
    data = json.loads(out.stdout)
    (pair,) = data["pairs"]
    assert (pair["a"], pair["b"], pair["hands"]) == ("random", "greedy", 6)  # six seatings
    assert pair["ci95"] == [None, None]  # one deal: no interval, never [x, x]
    low, high = pair["win_ci95"]
    assert 0 <= low <= pair["win_rate"] <= high <= 1 and high - low > 0.5
    assert set(data["ratings"]) == {"random", "greedy"}
    assert set(data["feeding"]["greedy"]) >= {"discards", "fed", "fed_sir", "fed_break"}
    for args in (
        ["--bots", "greedy"],
        ["--players", "5"],
        ["--deals", "0"],
        ["--bots", "greedy,nope"],
        ["--bots", "club,solver", "--rules", "myrummy-small"],
    ):
        bad = runner.invoke(app, ["ladder", *args])
        assert bad.exit_code == 2
        assert len(bad.output.strip().splitlines()) == 1


def test_ladder_on_a_dask_cluster_equals_one_process() -> None:
    distributed = pytest.importorskip(
        "dask.distributed", reason="dask[distributed] not installed (extra remi-rummy[distributed])"
    )
    one = duplicate_ladder(["random", "greedy"], 2, players=2, seed=3)
    with distributed.LocalCluster(
        n_workers=1, threads_per_worker=1, processes=False, dashboard_address=None
    ) as cluster:
        via = duplicate_ladder(
            ["random", "greedy"], 2, players=2, seed=3, scheduler=cluster.scheduler_address
        )
    assert via.pairs == one.pairs and via.ratings == one.ratings and via.feeding == one.feeding


def test_cli_refuses_a_bad_scheduler_address_before_playing() -> None:
    bad = CliRunner().invoke(app, ["ladder", "--scheduler", "nonsense://"])
    assert bad.exit_code == 2
    assert "--scheduler" in bad.output and len(bad.output.strip().splitlines()) == 1
