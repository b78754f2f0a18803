"""remi simulate: seeded statistics, local processes and Dask give the same report, JSON shape,
bad input, plots."""

from __future__ import annotations

import errno
import math
import sys
from pathlib import Path

import pytest
from clikit import assert_bad_input, json_of
from typer.testing import CliRunner

from remi.cli import app
from remi.simulate import mean_estimate, share_estimate, simulate, t_quantile

runner = CliRunner()
BOTS = ("greedy", "greedy", "greedy")


def test_simulate_statistics_wilson_and_t() -> None:
    e = share_estimate(8, 10)
    assert e.mean == pytest.approx(0.8)
    assert (round(e.low, 4), round(e.high, 4)) == (0.4902, 0.9433)  # Wilson 95 %
    assert t_quantile(10) == pytest.approx(2.2281, abs=2e-3)
    assert t_quantile(30) == pytest.approx(2.0423, abs=1e-3)
    m = mean_estimate([1.0, 2.0, 3.0, 4.0])
    assert m.mean == 2.5 and m.sd == pytest.approx(1.2910, abs=1e-4)
    assert m.high - m.mean == pytest.approx(3.1824 * 1.2910 / 2, rel=5e-3)
    assert math.isnan(mean_estimate([]).mean)


def test_simulate_deterministic_for_a_seed() -> None:
    a = simulate(["remi-pe-tabla", "remi-50"], games=6, seed=3, bots=BOTS)
    b = simulate(["remi-pe-tabla", "remi-50"], games=6, seed=3, bots=BOTS)
    assert a.to_dict() == b.to_dict()
    assert a.summaries == b.summaries
    assert [g.seed for g in a.summaries] == [3, 4, 5, 6, 7, 8] * 2
    for g in a.summaries:
        assert len(g.scores) == 3 and len(g.first_open) == 3 and g.turns > 0
    s = a.stats[0]
    assert s.games == 6 and s.turns.mean == pytest.approx(sum(g.turns for g in a.summaries[:6]) / 6)
    assert s.closed_share.mean == sum(g.closed for g in a.summaries[:6]) / 6
    d = a.differences[0]
    assert (d.a, d.b) == ("remi-pe-tabla", "remi-50")
    diffs = [b2.turns - a2.turns for a2, b2 in zip(a.summaries[:6], a.summaries[6:])]
    assert d.turns.mean == pytest.approx(sum(diffs) / 6)


def test_simulate_jobs_2_equals_jobs_1() -> None:
    one = simulate(["remi-pe-tabla", "remi-50"], games=6, seed=11, bots=BOTS, jobs=1)
    two = simulate(["remi-pe-tabla", "remi-50"], games=6, seed=11, bots=BOTS, jobs=2, batch_size=2)
    assert one.summaries == two.summaries
    assert one.to_dict() == two.to_dict()


def test_simulate_dask_local_cluster_equals_single_process() -> None:
    distributed = pytest.importorskip(
        "dask.distributed", reason="dask[distributed] not installed (extra remi-rummy[distributed])"
    )
    one = simulate(["remi-pe-tabla"], games=4, seed=21, bots=("greedy", "random"))
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None
    ) as cluster:
        via = simulate(
            ["remi-pe-tabla"],
            games=4,
            seed=21,
            bots=("greedy", "random"),
            scheduler=cluster.scheduler_address,
            batch_size=1,
        )
    assert via.to_dict() == one.to_dict() and via.summaries == one.summaries


def test_simulate_cli_json_shape() -> None:
    result = runner.invoke(
        app,
        [
            "simulate",
            "--rules",
            "remi-pe-tabla",
            "--rules",
            "remi-50",
            "--games",
            "3",
            "--bots",
            "greedy,random",
            "--json",
        ],
    )
    assert result.exit_code == 0, result.output
    data = json_of("simulate", result)
    assert [r["preset"] for r in data["rules"]] == ["remi-pe-tabla", "remi-50"]
    assert data["games"] == 3 and data["players"] == [
        {"seat": 1, "name": "greedy-1", "kind": "greedy"},
        {"seat": 2, "name": "random-2", "kind": "random"},
    ]
    stat = data["stats"][0]
    for key in ("turns", "closed_share", "first_seat_advantage", "first_seat_wins"):
        assert set(stat[key]) == {"mean", "low", "high", "sd", "n"}
    assert [s["seat"] for s in stat["seats"]] == [1, 2]
    assert set(stat["seats"][0]) == {"seat", "first_open_turn", "never_opened_share", "points"}
    diff = data["differences"][0]
    assert (diff["a"], diff["b"]) == ("remi-pe-tabla", "remi-50") and len(diff["seats"]) == 2


def test_simulate_cli_set_adds_an_arm() -> None:
    """--set ID=VALUE adds an arm that differs from the base in that rule (docs/simulate.md):
    the JSON names it, with its change as the rules' overrides, and a 5-point opening is made
    earlier than a 45-point one."""
    args = ["simulate", "--rules", "remi-pe-tabla", "--games", "2", "--players", "2"]
    data = json_of(
        "simulate",
        runner.invoke(app, [*args, "--bots", "greedy", "--set", "opening.min_points=5", "--json"]),
    )
    assert [r["overrides"] for r in data["rules"]] == [{}, {"opening.min_points": 5}]
    assert data["arms"][0]["name"] == "opening.min_points=5"
    assert data["arms"][0]["changes"] == {"opening.min_points": 5}
    base, lower = (
        [s["first_open_turn"]["mean"] for s in stats["seats"]] for stats in data["stats"]
    )
    assert all(a <= b for a, b in zip(lower, base)) and lower != base


def test_simulate_cli_table_output() -> None:
    result = runner.invoke(
        app,
        [
            "simulate",
            "--rules",
            "remi-pe-tabla",
            "--rules",
            "remi-50",
            "--games",
            "2",
            "--players",
            "2",
        ],
    )
    assert result.exit_code == 0, result.output
    assert (
        "first-seat" in result.stdout
        and "remi-50 −" in result.stdout
        and "closed (vs stock" in result.stdout
    )


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["--rules", "remi-pe-tabla", "--games", "0"], "--games must be at least 1, got 0"),
        (["--rules", "remi-pe-tabla", "--bots", "clever"], "unknown bot kind 'clever'"),
        (["--rules", "no-such-preset"], "no-such-preset"),
        (
            ["--rules", "remi-pe-tabla", "--bots", "greedy", "--players", "5"],
            "plays 2-4 players, not 5",
        ),
        (["--rules", "remi-pe-tabla", "--jobs", "0"], "--jobs must be between 1 and 256, got 0"),
        # refused before any hand is played: a file that cannot be made, an unknown format
        (["--rules", "remi-pe-tabla", "--out", "/proc/x.csv"], "cannot write /proc/x.csv: "),
        (["--rules", "remi-pe-tabla", "--report", "/proc/r.md"], "cannot write /proc/r.md: "),
        (
            ["--rules", "remi-pe-tabla", "--out", "x.xlsx"],
            "--out x.xlsx: unknown format '.xlsx' (use .csv, .jsonl, .parquet)",
        ),
    ],
)
def test_simulate_cli_bad_input_exit_2_one_line(args: list[str], needle: str) -> None:
    result = runner.invoke(app, ["simulate", *args])
    assert result.exit_code == 2, result.output
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1 and needle in lines[0] and "Traceback" not in result.output
    error = assert_bad_input(runner.invoke(app, ["simulate", *args, "--json"]), json_out=True)
    assert needle in error["message"]


def test_simulate_out_failing_mid_run_is_one_line(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from remi.simulate import outfile

    def full_disk(path: Path, games: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device", str(path))

    monkeypatch.setattr(outfile, "append_rows", full_disk)
    out = tmp_path / "x.csv"
    args = ["simulate", "--rules", "remi-pe-tabla", "--games", "1", "--out", str(out)]
    result = runner.invoke(app, args)
    assert result.exit_code == 2, result.output
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert lines == [f"error: cannot write {out}: No space left on device"]
    assert not out.exists()  # the check before the run left nothing behind


def test_simulate_plot_without_matplotlib_exit_2(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib -> ImportError
    out = tmp_path / "p.png"
    result = runner.invoke(
        app, ["simulate", "--rules", "remi-pe-tabla", "--games", "1", "--plot", str(out), "--json"]
    )
    assert result.exit_code == 2
    assert "remi-rummy[plot]" in result.output and not out.exists()


def test_simulate_plot_file_written(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib", reason="matplotlib not installed (extra remi-rummy[plot])")
    out = tmp_path / "dist.png"
    result = runner.invoke(
        app,
        [
            "simulate",
            "--rules",
            "remi-pe-tabla",
            "--rules",
            "remi-50",
            "--games",
            "3",
            "--players",
            "2",
            "--plot",
            str(out),
            "--json",
        ],
    )
    assert result.exit_code == 0, result.output
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_simulate_rummikub_family_presets() -> None:
    from remi.core.variant import get_variant

    try:
        get_variant("rummikub")
    except Exception:
        pytest.skip("the Rummikub-style plugin is not registered")
    report = simulate(["rummikub", "myrummy-small"], games=2, seed=5, bots=("greedy", "greedy"))
    assert report.presets == ("rummikub", "myrummy-small")
    assert all(len(g.scores) == 2 and g.turns > 0 for g in report.summaries)
