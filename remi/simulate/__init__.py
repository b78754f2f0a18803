"""Simulation: the same seeded deals played by bots under several arms, compared.

``simulate(presets, sets=..., arms=..., games=N, seed=S, bots=...)`` plays the deals ``S ..
S+N-1`` (the same bot seeds) under every arm (``remi.simulate.arms``: the presets, one arm per
``--set`` rule change, one per ``--arm``) and returns a ``SimulationReport``
(``remi.simulate.report``): per arm the statistics; per compared arm the paired differences of
every measure against the base with 95 % intervals and Holm-adjusted p-values
(``remi.stats``), the exposure of every rule it changes (``remi.core.exposure``) and its verdict
in words (``remi.simulate.verdict``). Hands run here, over local processes or on a Dask cluster
(``remi.simulate.run``); a failing hand is recorded and counted (``remi.simulate.game``);
per-game results go to a file and a run resumes from it (``remi.simulate.outfile``);
``plot_report`` draws the forest plot and the distributions (``remi.simulate.plot``).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from remi.core.messages import N_
from remi.simulate import outfile
from remi.simulate.arms import Arm, ArmError, build_arms
from remi.simulate.game import FAILED, bot_seed, play_batch, play_game
from remi.simulate.plot import plot_report
from remi.simulate.report import BotsCheck, SimulationReport, build_report
from remi.simulate.run import Progress, SimulationError, run_batches
from remi.stats import (
    Estimate,
    GameSummary,
    PresetDifference,
    PresetStats,
    arm_effects,
    mean_estimate,
    preset_difference,
    preset_stats,
    share_estimate,
    t_quantile,
)

__all__ = [
    "DEFAULT_BOT",
    "Arm",
    "ArmError",
    "Estimate",
    "GameSummary",
    "PresetDifference",
    "PresetStats",
    "SimulationError",
    "SimulationReport",
    "bot_seed",
    "mean_estimate",
    "play_batch",
    "play_game",
    "plot_report",
    "preset_difference",
    "preset_stats",
    "share_estimate",
    "simulate",
    "t_quantile",
]

#: The bot of every seat unless told otherwise: the strongest affordable one.
DEFAULT_BOT = "solver"
#: The bot of a simulation that names none when the solver bot refuses an arm's rules.
FALLBACK_BOT = "greedy"
#: Deals rerun per arm by ``bots_check``.
_CHECK_GAMES = 100
_MAX_GAMES = 10_000_000  # hands per arm; more would overflow the seed ranges (and never finish)


def _known_kind(spec: str, message_id: str, close_id: str) -> None:
    """Refuse a bot spec of an unknown kind with the simulation's ``message_id`` (``kind``,
    ``known``), or ``close_id`` (``choice`` too: "did you mean 'greedy'?") when a known kind
    is close to it, as ``remi play --bot`` and ``remi ladder`` suggest; its settings are
    checked later against each arm (``check_bots``).

    Raises:
        SimulationError: an unknown kind; SettingError: bad spec syntax.
    """
    from remi.bots import BOT_KINDS, BotError, bot_kind

    try:
        bot_kind(spec)
    except BotError as exc:
        choice = getattr(exc, "params", {}).get("choice")
        known = ", ".join(BOT_KINDS)
        if choice is not None:
            raise SimulationError.from_id(
                close_id, kind=exc.kind, known=known, choice=choice
            ) from None
        raise SimulationError.from_id(message_id, kind=exc.kind, known=known) from None


def _validate(arms: Sequence[Arm], games: int, bots: Sequence[str], jobs: int) -> None:
    from remi.bots import check_bots

    if games < 1:
        raise SimulationError.from_id(N_("simulate.error.games_min"), games=games)
    if games > _MAX_GAMES:
        raise SimulationError.from_id(N_("simulate.error.games_max"), most=_MAX_GAMES, games=games)
    if jobs < 1:
        raise SimulationError.from_id(N_("simulate.error.jobs_min"), jobs=jobs)
    for kind in bots:
        _known_kind(kind, N_("simulate.error.bot_kind"), N_("bot.error.kind_close"))
    for arm in arms:
        check_bots(bots, arm.rules())
        values = dict(arm.values)
        low, high = int(values["players.min"]), int(values["players.max"])
        if not low <= len(bots) <= high:
            raise SimulationError.from_id(
                N_("simulate.error.seats"),
                preset=arm.name,
                low=low,
                high=high,
                seats=len(bots),
                bots=",".join(bots),
            )


def _check_out(out: Path | None) -> None:
    """Refuse an ``--out`` file before any hand is played: an unknown format, a missing
    folder, a file that cannot be written, Parquet without pyarrow."""
    if out is None:
        return
    if out.suffix.lower() not in outfile.OUT_SUFFIXES:
        raise SimulationError.from_id(
            N_("simulate.error.out_suffix"),
            out=str(out),
            suffix=out.suffix or "-",
            known=", ".join(outfile.OUT_SUFFIXES),
        )
    if not out.parent.is_dir():
        raise SimulationError.from_id(
            N_("simulate.error.out_folder"), out=str(out), folder=str(out.parent)
        )
    outfile.check_writable(out)
    if out.suffix.lower() == ".parquet":
        try:
            import pyarrow  # type: ignore[import-not-found, unused-ignore]  # noqa: F401
        except ImportError:
            raise SimulationError.from_id(N_("simulate.error.parquet"), out=str(out)) from None


def simulate(
    presets: Sequence[str],
    *,
    games: int,
    seed: int = 0,
    bots: Sequence[str] | None = None,
    players: int = 4,
    jobs: int = 1,
    scheduler: str | None = None,
    batch_size: int | None = None,
    progress: Progress | None = None,
    sets: Sequence[str] = (),
    arms: Sequence[str] = (),
    out: Path | None = None,
    resume: bool = False,
    failures: Path | None = None,
    bots_check: str | None = None,
) -> SimulationReport:
    """Play ``games`` seeded hands (seeds ``seed .. seed+games-1``) under every arm.

    Args:
        presets: preset names or rule files; the first is the base of the comparisons.
        games: hands per arm (1 to 10,000,000).
        seed: the first deal seed.
        bots: one bot kind per seat (``remi.bots.BOT_KINDS``); None: ``players`` solver bots,
            or greedy bots when an arm has a rule value the solver bot does not play (the
            report's ``bot_fallback`` names it).
        players: the seats when ``bots`` is None.
        jobs: local worker processes (1 = this process).
        scheduler: a Dask scheduler address (``tcp://host:8786``); overrides ``jobs``.
        batch_size: hands per batch (default: about four batches per worker).
        progress: called as ``progress(done, total)`` after each batch.
        sets: ``ID=VALUE`` changes, one arm each, derived from the base.
        arms: ``NAME:ID=VALUE,ID=VALUE`` arms derived from the base.
        out: a per-game results file (``.csv``, ``.jsonl``, ``.parquet``), written as hands finish.
        resume: read ``out`` first and play only the hands it lacks.
        failures: where failed hands are written as replayable records (JSON lines; default
            ``OUT.failures.jsonl`` beside ``out``, else ``remi-simulate-failures.jsonl``),
            only when a hand fails.
        bots_check: a second bot kind; rerun the first 100 deals with it and flag the effects
            whose sign depends on the bot.

    Returns:
        The ``SimulationReport``; it is the same for any ``jobs``/``scheduler`` given the seeds.

    Raises:
        SimulationError: bad counts, unknown bot kinds, seats an arm refuses, a Dask problem.
        NoStrategyError: a bot kind that does not play an arm's rules (``remi.bots.check_bots``,
            naming the rule), before any hand is played.
        ArmError / RulesError: a bad ``--set`` / ``--arm``, an unknown preset or rule id.
    """
    _check_out(out)
    arm_list = build_arms(presets, sets, arms)
    fallback: tuple[str, str] | None = None
    if bots is None:
        kinds, fallback = default_bots(arm_list, players)
    else:
        kinds = tuple(bots)
    _validate(arm_list, games, kinds, jobs)
    if bots_check is not None:  # refused before any hand is played, not after the run
        _known_kind(
            bots_check, N_("simulate.error.bots_check"), N_("simulate.error.bots_check_close")
        )
    ids = sorted({k for a in arm_list for k, _ in a.changes})
    seeds = list(range(seed, seed + games))
    done_games: list[GameSummary] = []
    if out is not None and resume and out.exists():
        wanted = {(a.name, s) for a in arm_list for s in seeds}
        done_games = [g for g in outfile.read_rows(out) if (g.preset, g.seed) in wanted]
    have = {(g.preset, g.seed) for g in done_games}
    todo = {a.name: [s for s in seeds if (a.name, s) not in have] for a in arm_list}
    total = games * len(arm_list)
    summaries = list(done_games)
    failed: list[dict[str, Any]] = []
    streaming = out is not None and out.suffix.lower() != ".parquet"
    for rows in run_batches(
        arm_list, todo, kinds, ids, jobs=jobs, scheduler=scheduler, batch_size=batch_size
    ):
        part = [GameSummary.from_tuple(r) for r in rows if r[0] != FAILED]
        failed.extend(r[1] for r in rows if r[0] == FAILED)
        summaries.extend(part)
        if streaming and out is not None:
            try:
                outfile.append_rows(out, part)
            except OSError as exc:
                raise outfile.cannot_write(out, exc) from None
        if progress is not None:
            progress(len(summaries) + len(failed), total)
    if out is not None and not streaming:
        try:
            outfile.write_parquet(out, sorted(summaries, key=lambda g: (g.preset, g.seed)))
        except OSError as exc:
            raise outfile.cannot_write(out, exc) from None
    target = failures or (
        out.with_suffix(".failures.jsonl") if out else Path("remi-simulate-failures.jsonl")
    )
    if failed:
        try:
            with target.open("a", encoding="utf-8") as f:
                for record in failed:
                    record["record_file"] = str(_write_failure(record, target))
                    f.write(json.dumps(record, ensure_ascii=False, default=str) + "\n")
        except OSError as exc:
            raise outfile.cannot_write(target, exc) from None
    if not summaries:
        raise SimulationError.from_id(
            N_("simulate.error.all_failed"), failed=len(failed), target=str(target)
        )
    report = build_report(arm_list, games, seed, kinds, summaries, len(failed))
    if fallback is not None:
        import attrs

        report = attrs.evolve(report, bot_fallback=fallback)
    if bots_check is not None and len(arm_list) > 1:
        report = _bots_check(report, arm_list, bots_check, ids, jobs)
    return report


def _write_failure(failure: dict[str, Any], index: Path) -> Path:
    """Write a failed hand as a game record ``remi replay`` reads (version 2: its rule values,
    seed, bots and the actions up to the failure) in the folder ``INDEX.records`` beside the
    failures index, each seat named from its own bot spec (``remi.bots.seat_name``:
    ``club(samples=4)-1``, as ``remi play`` and the JSON report name it); the path written."""
    from remi.bots import seat_name
    from remi.core.record_files import dump_record
    from remi.core.records import GameRecord, PlayerEntry, now_iso

    folder = index.with_name(index.name.removesuffix(".jsonl") + ".records")
    folder.mkdir(parents=True, exist_ok=True)
    safe = "".join(c if c.isalnum() or c in "-_." else "_" for c in failure["arm"])
    path = folder / f"{safe}-{failure['seed']}.json"
    record = GameRecord(
        family=failure["family"],
        preset=failure["arm"],
        rules=tuple(failure["rules"].items()),
        players=tuple(PlayerEntry(seat_name(k, i), k) for i, k in enumerate(failure["bots"])),
        seed=failure["seed"],
        created=now_iso(),
        actions=tuple(failure["actions"]),
    )
    dump_record(record, path)
    return path


def default_bots(
    arm_list: Sequence[Arm], players: int
) -> tuple[tuple[str, ...], tuple[str, str] | None]:
    """The bots of a simulation that names none: ``players`` solver bots (``DEFAULT_BOT``, the
    strongest affordable), or greedy bots (they play every rule) when an arm has a rule value
    the solver bot does not play.

    Returns:
        (one kind per seat, None or (the arm's name, the rule id the solver bot refused)).
    """
    from remi.bots import check_bots
    from remi.core.strategy import NoStrategyError

    for arm in arm_list:
        try:
            check_bots((DEFAULT_BOT,), arm.rules())
        except NoStrategyError as exc:
            rule = str(getattr(exc, "rule", "") or exc)
            return (FALLBACK_BOT,) * players, (arm.name, rule)
    return (DEFAULT_BOT,) * players, None


def _bots_check(
    report: SimulationReport, arm_list: list[Arm], bot: str, ids: list[str], jobs: int
) -> SimulationReport:
    """``report`` with a ``BotsCheck``: the first deals rerun with ``bot`` at every seat."""
    import attrs

    n = min(report.games, _CHECK_GAMES)
    kinds = (bot,) * len(report.bots)
    seeds = list(range(report.seed, report.seed + n))
    rows = [
        r
        for part in run_batches(arm_list, {a.name: seeds for a in arm_list}, kinds, ids, jobs=jobs)
        for r in part
    ]
    games = [GameSummary.from_tuple(r) for r in rows if r[0] != FAILED]
    per = {a.name: [g for g in games if g.preset == a.name] for a in arm_list}
    again = arm_effects(per[arm_list[0].name], [per[a.name] for a in arm_list[1:]], len(kinds))
    flips = tuple(
        (arm_list[i + 1].name, e.measure)
        for i, effects in enumerate(report.effects)
        for e, e2 in zip(effects, again[i])
        if e.clear and e2.difference.n > 1 and e.difference.mean * e2.difference.mean < 0
    )
    return attrs.evolve(report, bots_check=BotsCheck(bot=bot, games=n, flips=flips))
