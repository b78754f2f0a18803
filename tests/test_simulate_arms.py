"""Issue 23: single-rule arms, exposure counters, paired effects with Holm, per-game output,
resume, failures, plots and Dask with rule contents."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from typer.testing import CliRunner

from remi.cli import app
from remi.core.rulespec import rule_specs
from remi.core.variant import get_variant
from remi.simulate import simulate
from remi.simulate.outfile import read_rows
from remi.simulate.run import SimulationError, check_worker_versions

scipy_stats = pytest.importorskip("scipy.stats")


@pytest.mark.parametrize("family", ["remi", "rummikub"])
def test_every_rule_id_declares_an_exposure_counter(family: str) -> None:
    variant = get_variant(family)
    ids = {s.rule_id for s in rule_specs(variant.rules_class)}
    assert set(variant.exposure_counters()) == ids


def _json(args: list[str]) -> dict[str, object]:
    result = CliRunner().invoke(app, ["simulate", *args, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def test_set_arms_exposure_and_never_exercised() -> None:
    data = _json(
        [
            "--rules", "remi-pe-tabla",
            "--set", "announce.required=false",
            "--set", "joly.swap_enabled=false",
            "--set", "sir.break_enabled=false",
            "--set", "atu.bonus_points=200",
            "--games", "12",
        ]
    )  # fmt: skip
    assert data["bot"] == "solver"
    arms = {a["name"]: a for a in data["arms"]}  # type: ignore[union-attr]
    assert list(arms) == [
        "announce.required=false",
        "joly.swap_enabled=false",
        "sir.break_enabled=false",
        "atu.bonus_points=200",
    ]
    for name in list(arms)[:3]:
        rule_id = name.split("=")[0]
        assert arms[name]["changes"] == {rule_id: False}
        assert arms[name]["exposure"][rule_id] > 0
        assert {e["measure"] for e in arms[name]["effects"]} >= {
            "turns",
            "never_opened",
            "first_seat_advantage",
        }
        for e in arms[name]["effects"]:
            if e["difference"] is not None and e["ci95"][0] is not None:
                assert e["ci95"][0] <= e["difference"] <= e["ci95"][1]
    atu = arms["atu.bonus_points=200"]
    assert atu["changes"] == {"atu.bonus_points": 200}
    assert atu["exposure"] == {"atu.bonus_points": 0.0}
    assert atu["effects"] == []
    assert any("never met atu.bonus_points" in s for s in atu["verdict"])


def test_arm_with_several_changes_and_bad_set_exit_2() -> None:
    data = _json(
        ["--rules", "remi-pe-tabla", "--arm", "club:opening.min_points=50,joly.swap_enabled=false",
         "--games", "3", "--bots", "greedy"]
    )  # fmt: skip
    assert data["arms"][0]["changes"] == {"opening.min_points": 50, "joly.swap_enabled": False}  # type: ignore[index]
    bad = CliRunner().invoke(app, ["simulate", "--rules", "remi-pe-tabla", "--set", "nope.x=1"])
    assert bad.exit_code == 2 and "nope.x" in bad.output


def test_paired_interval_and_holm_recomputed_with_scipy(tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"
    report = simulate(
        ["remi-pe-tabla"],
        sets=["opening.min_points=50", "joly.swap_enabled=false"],
        games=16,
        bots=["greedy"] * 4,
        out=out,
    )
    games = read_rows(out)
    by = {(g.preset, g.seed): g for g in games}
    ps = []
    for arm in ("opening.min_points=50", "joly.swap_enabled=false"):
        for measure in ("turns", "mean_score"):
            diffs = []
            for s in range(16):
                a, b = by[("remi-pe-tabla", s)], by[(arm, s)]
                diffs.append(
                    b.turns - a.turns
                    if measure == "turns"
                    else sum(b.scores) / 4 - sum(a.scores) / 4
                )
            if len(set(diffs)) == 1:  # no spread: scipy gives nan, the report the constant
                continue
            low, high = scipy_stats.t.interval(
                0.95, len(diffs) - 1, loc=scipy_stats.tmean(diffs), scale=scipy_stats.sem(diffs)
            )
            i = report.presets.index(arm) - 1
            effect = next(e for e in report.effects[i] if e.measure == measure)
            assert effect.difference.low == pytest.approx(low, abs=1e-8)
            assert effect.difference.high == pytest.approx(high, abs=1e-8)
            p = scipy_stats.ttest_1samp(diffs, 0.0).pvalue
            assert effect.p == pytest.approx(p, abs=1e-8)
            ps.append((effect.p_holm, p))
    # Holm over every (arm, measure) of the report: recompute from scipy's p-values of all
    every = [
        _p_or_one(
            [fn(by[(arm, s)], by[("remi-pe-tabla", s)]) for s in range(16)],
        )
        for arm in ("opening.min_points=50", "joly.swap_enabled=false")
        for fn in _MEASURE_FNS
    ]
    m = len(every)
    order = sorted(range(m), key=lambda k: every[k])
    holm, running = [0.0] * m, 0.0
    for rank, k in enumerate(order):
        running = max(running, min(1.0, (m - rank) * every[k]))
        holm[k] = running
    got = [e.p_holm for effects in report.effects for e in effects]
    for mine, theirs in zip(got, holm):
        if not math.isnan(theirs):
            assert mine == pytest.approx(theirs, abs=1e-8)


def _p_or_one(diffs: list[float]) -> float:
    """scipy's paired t-test p-value; 1.0 when every difference is 0 (the report's convention),
    nan when no deal counts."""
    diffs = [d for d in diffs if not math.isnan(d)]
    if len(diffs) < 2:
        return float("nan")
    if len(set(diffs)) == 1:
        return 1.0 if diffs[0] == 0 else 0.0
    return float(scipy_stats.ttest_1samp(diffs, 0.0).pvalue)


def _seat(k: int):  # type: ignore[no-untyped-def]
    return lambda b, a: b.scores[k] - a.scores[k]


def _never(g) -> float:  # type: ignore[no-untyped-def]
    return 100.0 * sum(f is None for f in g.first_open) / 4


def _adv(g) -> float:  # type: ignore[no-untyped-def]
    return g.scores[0] - sum(g.scores[1:]) / 3


def _top(g) -> int:  # type: ignore[no-untyped-def]
    return int(all(g.scores[0] > s for s in g.scores[1:]))


def _open(b, a) -> float:  # type: ignore[no-untyped-def]
    both = [
        fb - fa for fa, fb in zip(a.first_open, b.first_open) if fa is not None and fb is not None
    ]
    return sum(both) / len(both) if both else float("nan")


_MEASURE_FNS = [
    lambda b, a: b.turns - a.turns,
    lambda b, a: 100.0 * (int(b.closed) - int(a.closed)),
    _open,
    lambda b, a: _never(b) - _never(a),
    lambda b, a: sum(b.scores) / 4 - sum(a.scores) / 4,
    lambda b, a: _adv(b) - _adv(a),
    lambda b, a: 100.0 * (_top(b) - _top(a)),
    *[_seat(k) for k in range(4)],
]


def test_resume_plays_only_missing_hands_and_failures_are_recorded(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "g.csv"
    first = simulate(
        ["remi-pe-tabla"], sets=["opening.min_points=50"], games=4, bots=["greedy"] * 4, out=out
    )
    import remi.simulate.game as game

    real = game.play_game

    def broken(arm, seed, bots, ids=(), log=None):  # type: ignore[no-untyped-def]
        if seed == 5:
            raise RuntimeError("engine defect")
        return real(arm, seed, bots, ids, log)

    monkeypatch.setattr(game, "play_game", broken)
    failures = tmp_path / "fail.jsonl"
    again = simulate(
        ["remi-pe-tabla"], sets=["opening.min_points=50"], games=6, bots=["greedy"] * 4,
        out=out, resume=True, failures=failures,
    )  # fmt: skip
    assert again.failures == 2  # seed 5 under both arms
    records = [json.loads(line) for line in failures.read_text().splitlines()]
    assert {r["seed"] for r in records} == {5} and records[0]["rules"]["opening.min_points"] in (
        45,
        50,
    )
    assert "engine defect" in records[0]["error"]
    # each failed hand is also a game record that remi replay reads, under the arm's rules
    from remi.core.record_files import load_record
    from remi.core.record_setup import record_rules

    values = sorted(
        record_rules(load_record(r["record_file"])).get("opening.min_points") for r in records
    )
    assert values == [45, 50]
    assert [g for g in again.summaries if g.seed < 4] == list(first.summaries)
    assert len(read_rows(out)) == 10  # 8 first, then seed 4 under both arms


def test_plot_renders_forest_and_ecdf(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    from remi.simulate import plot_report

    report = simulate(
        ["remi-pe-tabla"],
        sets=["opening.min_points=50", "atu.bonus_points=200"],
        games=4,
        bots=["greedy"] * 4,
    )
    png = plot_report(report, tmp_path / "f.png")
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_worker_of_another_version_refused() -> None:
    with pytest.raises(SimulationError, match="runs remi-rummy 0.0.0-other"):
        check_worker_versions({"tcp://w1": "0.1.0", "tcp://w2": "0.0.0-other"}, "0.1.0")


def _other_version() -> str:
    return "0.0.0-other"


def test_dask_rule_file_by_relative_path_equals_local(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    distributed = pytest.importorskip("dask.distributed")
    (tmp_path / "club.toml").write_text(
        'name = "club"\nfamily = "remi"\nextends = "remi-pe-tabla"\n[opening]\nmin_points = 50\n',
        encoding="utf-8",
    )
    monkeypatch.chdir(tmp_path)
    args = dict(games=3, bots=["greedy"] * 4, sets=["joly.swap_enabled=false"])
    local = simulate(["remi-pe-tabla", "club.toml"], **args)  # type: ignore[arg-type]
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None
    ) as cluster:
        remote = simulate(
            ["remi-pe-tabla", "club.toml"], scheduler=cluster.scheduler_address, **args
        )  # type: ignore[arg-type]
        assert remote.to_dict() == local.to_dict()
        import remi.simulate.run as run

        monkeypatch.setattr(run, "worker_version", _other_version)
        with pytest.raises(SimulationError, match="0.0.0-other"):
            simulate(["remi-pe-tabla"], scheduler=cluster.scheduler_address, **args)  # type: ignore[arg-type]


def test_words_first_tables_fit_100_columns_reports_and_romanian(tmp_path: Path) -> None:
    md, page = tmp_path / "r.md", tmp_path / "r.html"
    args = ["simulate", "--rules", "remi-pe-tabla", "--set", "opening.min_points=50",
            "--set", "atu.bonus_points=200", "--games", "4", "--bots", "greedy"]  # fmt: skip
    result = CliRunner().invoke(app, [*args, "--report", str(md)])
    assert result.exit_code == 0, result.output
    lines = [x for x in result.output.splitlines() if not x.startswith("simulating:")]
    assert lines[0].startswith("opening.min_points=50: changes opening.min_points=50")
    assert "Played by the greedy bot" in lines[1]
    assert max(len(line) for line in lines) <= 100
    assert "never met atu.bonus_points" in md.read_text()
    CliRunner().invoke(app, [*args, "--report", str(page)])
    assert page.read_text().startswith("<!DOCTYPE html>")
    ro = CliRunner().invoke(app, [*args, "--lang", "ro"])
    assert "Boții nu au întâlnit niciodată atu.bonus_points" in ro.output


def test_bots_check_reruns_with_a_second_bot() -> None:
    report = simulate(
        ["remi-pe-tabla"], sets=["opening.min_points=50"], games=3, bots=["greedy"] * 4,
        bots_check="random",
    )  # fmt: skip
    assert report.bots_check is not None
    assert report.bots_check.bot == "random" and report.bots_check.games == 3


def test_out_formats_round_trip(tmp_path: Path) -> None:
    report = simulate(
        ["remi-pe-tabla"], sets=["opening.min_points=50"], games=2, bots=["greedy"] * 4
    )
    from remi.simulate.outfile import append_rows

    for name in ("g.csv", "g.jsonl"):
        append_rows(tmp_path / name, report.summaries)
        assert read_rows(tmp_path / name) == list(report.summaries)
    try:
        import pyarrow  # noqa: F401
    except ImportError:
        with pytest.raises(SimulationError, match="pyarrow"):
            simulate(["remi-pe-tabla"], games=1, bots=["greedy"] * 4, out=tmp_path / "g.parquet")
        return
    from remi.simulate.outfile import write_parquet

    write_parquet(tmp_path / "g.parquet", report.summaries)
    assert read_rows(tmp_path / "g.parquet") == list(report.summaries)


def test_cli_out_then_resume_gives_the_same_json(tmp_path: Path) -> None:
    out = tmp_path / "games.csv"
    args = ["--rules", "remi-pe-tabla", "--set", "opening.min_points=50", "--games", "3",
            "--bots", "greedy", "--out", str(out)]  # fmt: skip
    first = _json(args)
    rows = out.read_text().splitlines()
    assert rows[0] == "arm,seed,turns,closed,first_open,scores,exposure" and len(rows) == 7
    again = _json([*args, "--resume"])
    assert again == first
    assert len(out.read_text().splitlines()) == 7  # nothing replayed
