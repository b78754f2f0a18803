"""``remi simulate``: the same seeded deals under several presets, compared with 95 % intervals."""

from __future__ import annotations

import functools
import math
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.markup import escape
from rich.table import Table

from remi.bots import seat_name
from remi.cli.app import app, err_console, fail_message, guarded
from remi.cli.completion import complete_presets, complete_rule_ids
from remi.cli.lang import LangOption, localized_messages
from remi.cli.output import JsonOption, NoColorOption, emit, make_console
from remi.cli.simulate_report import print_words, progress_lines, write_report
from remi.cli.vocabulary import player_object
from remi.core.files import printable
from remi.core.messages import N_, Messages
from remi.simulate import SimulationReport, plot_report, simulate
from remi.simulate.outfile import cannot_write, check_writable
from remi.simulate.verdict import report_json
from remi.stats import Estimate

__all__ = ["simulate_command"]


def _of(e: Estimate, full: int) -> str:
    """`` [n=K]`` when the estimate covers only K of the ``full`` hands (a first opening counts
    only the hands where that seat opened; a difference only the deals where both did)."""
    return f" \\[n={e.n}]" if 0 < e.n < full else ""  # escaped: rich markup


def _num(value: float, spec: str, m: Messages) -> str:
    """``value`` formatted with ``spec``, with the language's decimal mark (Romanian: 12,5)."""
    return format(value, spec).replace(".", m("number.decimal_mark"))


def _est(e: Estimate, m: Messages, digits: int = 1, pct: bool = False, full: int = 0) -> str:
    if e.n == 0 or math.isnan(e.mean):
        return "—"
    spec = ".1%" if pct else f".{digits}f"
    low, mean, high = (_num(v, spec, m) for v in (e.low, e.mean, e.high))
    return m("sim.interval", mean=mean, low=low, high=high) + _of(e, full)


def _diff(e: Estimate, m: Messages, digits: int = 1, pct: bool = False, full: int = 0) -> str:
    if e.n == 0 or math.isnan(e.mean):
        return "—"
    spec = "+.1%" if pct else f"+.{digits}f"
    low, mean, high = (_num(v, spec, m) for v in (e.low, e.mean, e.high))
    return m("sim.interval", mean=mean, low=low, high=high) + _of(e, full)


def _table(report: SimulationReport, m: Messages) -> Table:
    est = functools.partial(_est, m=m, full=report.games)
    diff = functools.partial(_diff, m=m, full=report.games)
    last = report.seed + report.games - 1
    title = m.plural(
        "sim.title", report.games, first=report.seed, last=last, bots=",".join(report.bots)
    )
    table = Table(title=escape(title))
    table.add_column(m("sim.measure"))
    for s in report.stats:
        table.add_column(s.preset)
    for d in report.differences:
        table.add_column(f"{d.b} − {d.a}")
    seats = len(report.bots)
    rows: list[list[str]] = [
        [
            m("sim.turns"),
            *[est(s.turns) for s in report.stats],
            *[diff(d.turns) for d in report.differences],
        ],
        [
            m("sim.closed"),
            *[est(s.closed_share, pct=True) for s in report.stats],
            *[diff(d.closed_share, pct=True) for d in report.differences],
        ],
    ]
    for seat in range(seats):
        rows.append(
            [
                m("sim.first_opening", seat=seat + 1),
                *[est(s.first_open_turn[seat]) for s in report.stats],
                *[diff(d.first_open_turn[seat]) for d in report.differences],
            ]
        )
    for seat in range(seats):
        rows.append(
            [
                m("sim.never_opened", seat=seat + 1),
                *[est(s.never_opened_share[seat], pct=True) for s in report.stats],
                *["" for _ in report.differences],
            ]
        )
    for seat in range(seats):
        rows.append(
            [
                m("sim.score", seat=seat + 1),
                *[
                    m("sim.with_sd", estimate=est(s.scores[seat]), sd=f"{s.scores[seat].sd:.0f}")
                    for s in report.stats
                ],
                *[diff(d.scores[seat]) for d in report.differences],
            ]
        )
    rows.append(
        [
            m("sim.first_seat"),
            *[est(s.first_seat_advantage) for s in report.stats],
            *[diff(d.first_seat_advantage) for d in report.differences],
        ]
    )
    rows.append(
        [
            m("sim.top_score"),
            *[est(s.first_seat_wins, pct=True) for s in report.stats],
            *["" for _ in report.differences],
        ]
    )
    for row in rows:
        table.add_row(*row)
    return table


_MAX_SEATS = 64  # far above any preset's players.max: refused before building the seat list


_PER_SEAT = ("first_open_turn", "never_opened_share", "scores")


def _seats(entry: dict[str, Any], seats: int) -> dict[str, Any]:
    """``entry`` with its per-seat lists gathered into ``seats`` (one object per seat, ``seat``
    counted from 1 as ``p1`` is; ``scores`` named ``points``)."""
    out = {k: v for k, v in entry.items() if k not in _PER_SEAT}
    out["seats"] = [
        {"seat": seat}
        | {("points" if k == "scores" else k): entry[k][seat - 1] for k in _PER_SEAT if k in entry}
        for seat in range(1, seats + 1)
    ]
    return out


def command_json(report: SimulationReport, m: Messages) -> dict[str, Any]:
    """The JSON of ``remi simulate`` (remi/schemas/simulate.schema.json, docs/simulate.md):
    ``report_json`` (the arms, their exposure, effects and verdicts in the language of ``m``)
    in the command line's vocabulary (docs/cli.md): ``rules`` (one rules object per arm: its
    name as ``preset``, its changes from the base as ``overrides``),
    ``players`` (seat, name, bot kind), per-seat estimates gathered in ``seats``."""
    data = report_json(report, m)
    seats = len(report.bots)
    data["rules"] = [
        {"preset": arm.name, "family": arm.family, "overrides": dict(arm.changes)}
        for arm in report.arms
    ]
    data["players"] = [
        player_object(seat, seat_name(kind, seat), kind) for seat, kind in enumerate(report.bots)
    ]
    data["stats"] = [_seats(e, seats) for e in data["stats"]]
    data["differences"] = [_seats(e, seats) for e in data["differences"]]
    return data


@app.command("simulate")
@guarded
def simulate_command(
    ctx: typer.Context,
    rules: Annotated[
        list[str],
        typer.Option(
            "--rules",
            help="A preset or rule file; repeat to compare (the first is the reference).",
            autocompletion=complete_presets,
        ),
    ],
    games: Annotated[int, typer.Option("--games", help="Hands per preset.")] = 100,
    seed: Annotated[int, typer.Option("--seed", help="First deal seed.")] = 0,
    bots: Annotated[
        str | None,
        typer.Option(
            "--bots",
            help="Bot kind per seat, comma-separated (random, greedy, solver, club; settings as club:samples=20); one kind fills --players seats (default solver, or greedy when an arm has a rule the solver bot does not play).",
        ),
    ] = None,
    players: Annotated[
        int, typer.Option("--players", help="Seats when --bots names one kind.")
    ] = 4,
    jobs: Annotated[int, typer.Option("--jobs", help="Local worker processes.")] = 1,
    scheduler: Annotated[
        str | None,
        typer.Option("--scheduler", help="Dask scheduler address (needs remi-rummy[distributed])."),
    ] = None,
    json_out: JsonOption = False,
    lang: LangOption = None,
    no_color: NoColorOption = False,
    plot: Annotated[
        Path | None,
        typer.Option(
            "--plot",
            help="Draw the forest plot and distributions into this image file (needs remi-rummy[plot]).",
        ),
    ] = None,
    sets: Annotated[
        list[str] | None,
        typer.Option(
            "--set",
            help="ID=VALUE: an arm differing from the base in one rule (repeat).",
            autocompletion=complete_rule_ids,
        ),
    ] = None,
    arm: Annotated[
        list[str] | None,
        typer.Option("--arm", help="NAME:ID=VALUE,ID=VALUE: an arm with several changes (repeat)."),
    ] = None,
    bots_check: Annotated[
        str | None,
        typer.Option("--bots-check", help="Rerun 100 deals with this bot; warn when a sign flips."),
    ] = None,
    report_file: Annotated[
        Path | None, typer.Option("--report", help="Write the report to FILE.md or FILE.html.")
    ] = None,
    out: Annotated[
        Path | None,
        typer.Option("--out", help="Per-game results: FILE.csv, FILE.jsonl or FILE.parquet."),
    ] = None,
    resume: Annotated[
        bool, typer.Option("--resume", help="Play only the hands --out does not hold yet.")
    ] = False,
    failures: Annotated[
        Path | None,
        typer.Option("--failures", help="Where failed hands are recorded (JSON lines)."),
    ] = None,
) -> None:
    """Play the same seeded deals under each preset and compare them with 95% confidence intervals."""
    extra: dict[str, Any] = {
        "sets": sets or (),
        "arms": arm or (),
        "out": out,
        "resume": resume,
        "failures": failures,
        "bots_check": bots_check,
    }
    if resume and out is None:
        fail_message(N_("simulate.error.resume_out"), field="--resume")
    if report_file is not None and report_file.suffix.lower() not in (".md", ".html", ".htm"):
        fail_message(
            N_("simulate.error.report_suffix"), field="--report", path=printable(str(report_file))
        )
    if report_file is not None:
        check_writable(report_file)  # before the hands are played, not after
    if not 1 <= players <= _MAX_SEATS:
        fail_message(
            N_("simulate.error.players"), field="--players", most=_MAX_SEATS, players=players
        )
    kinds = [k.strip() for k in (bots or "x").split(",")]
    if not any(kinds):
        fail_message(N_("simulate.error.bots_empty"), field="--bots", bots=bots)
    if "" in kinds:
        fail_message(N_("simulate.error.bots_gap"), field="--bots", bots=bots)
    source = ctx.get_parameter_source("players")
    players_given = source is not None and source.name == "COMMANDLINE"
    if len(kinds) > 1 and players_given and players != len(kinds):
        fail_message(
            N_("simulate.error.bots_players"), field="--bots", seats=len(kinds), players=players
        )
    if len(kinds) == 1:
        kinds = kinds * players
    if plot is not None:
        try:
            import matplotlib  # noqa: F401
        except ImportError:
            fail_message(N_("simulate.error.no_matplotlib"), field="--plot")
        _check_plot(plot)
    if not 1 <= jobs <= _MAX_JOBS:
        fail_message(N_("simulate.error.jobs"), field="--jobs", most=_MAX_JOBS, jobs=jobs)
    if scheduler is not None:
        _check_scheduler(scheduler)
    m = localized_messages(lang)
    run = functools.partial(
        simulate,
        rules,
        games=games,
        seed=seed,
        bots=kinds if bots is not None else None,
        players=players,
        jobs=jobs,
        scheduler=scheduler,
        **extra,
    )
    if json_out or not err_console.is_terminal:
        report = run(progress=None if json_out else progress_lines(m))
    else:
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            TextColumn,
            TimeElapsedColumn,
            TimeRemainingColumn,
        )

        with Progress(
            TextColumn("simulating"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            TimeRemainingColumn(),
            console=err_console,
            transient=True,
            disable=not err_console.is_terminal,  # no stray blank line on a pipe or a file
        ) as bar:
            task = bar.add_task("games", total=games * len(rules))

            def progress(done: int, total: int) -> None:
                bar.update(task, completed=done, total=total)

            report = run(progress=progress)
    if plot is not None:
        plot_report(report, plot, m)
    if report_file is not None:
        try:
            write_report(report, report_file, m, plot)
        except OSError as exc:
            raise cannot_write(report_file, exc) from None
    if json_out:
        emit(command_json(report, m))
        return
    console = make_console(width=100)
    print_words(report, m, console)
    if len(report.presets) <= _WIDE_TABLE_ARMS:  # more arms: the per-arm blocks alone
        console.print(_table(report, m))
    if plot is not None:
        err_console.print(f"plot written to {printable(str(plot))}", markup=False)


#: Most arms (base included) whose per-arm figures are also shown side by side.
_WIDE_TABLE_ARMS = 3
#: Most local worker processes ``--jobs`` accepts.
_MAX_JOBS = 256
#: The address schemes of a Dask scheduler (``tcp://host:8786``).
_SCHEMES = ("tcp", "tls", "inproc", "ws", "wss", "ucx")


def _check_plot(plot: Path) -> None:
    """Refuse a ``--plot`` file before any game is played: an image format matplotlib writes,
    in a folder that exists (found only after the whole run before)."""
    from matplotlib.figure import Figure

    formats = Figure().canvas.get_supported_filetypes()
    suffix = plot.suffix.lower().lstrip(".")
    if suffix not in formats:
        fail_message(
            N_("simulate.error.plot_format"),
            field="--plot",
            path=printable(str(plot)),
            suffix=suffix or "-",
            formats=", ".join(sorted(formats)),
        )
    if not plot.parent.is_dir():
        fail_message(
            N_("simulate.error.plot_folder"),
            field="--plot",
            path=printable(str(plot)),
            folder=printable(str(plot.parent)),
        )
    check_writable(plot)


def _check_scheduler(address: str) -> None:
    """Refuse a ``--scheduler`` that is not ``SCHEME://HOST:PORT`` before any work starts."""
    scheme, sep, rest = address.partition("://")
    host, colon, port = rest.rpartition(":")
    if not sep or scheme not in _SCHEMES or (scheme != "inproc" and not (host and port.isdigit())):
        fail_message(
            N_("simulate.error.scheduler_address"),
            field="--scheduler",
            address=printable(address),
            schemes=", ".join(_SCHEMES),
        )
