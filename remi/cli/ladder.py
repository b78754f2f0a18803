"""``remi ladder``: the duplicate tournament of bot kinds (``remi.ladder.duplicate``)."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.markup import escape
from rich.table import Table

from remi.cli.app import app, fail_message, guarded, parse_set_options
from remi.cli.completion import complete_presets, complete_rule_ids
from remi.cli.lang import LangOption, localized_messages
from remi.cli.output import JsonOption, NoColorOption, emit, err_console, make_console
from remi.core.files import printable
from remi.core.messages import N_, Messages

__all__ = ["ladder_command"]

#: Most local worker processes ``--jobs`` accepts.
_MAX_JOBS = 64
#: The address schemes a Dask scheduler is reached by (as ``remi simulate --scheduler``).
_DASK_SCHEMES = ("tcp", "tls", "inproc", "ws", "wss", "ucx")


def _check_scheduler(address: str) -> None:
    """Refuse a ``--scheduler`` other than ``SCHEME://HOST:PORT`` (``inproc://NAME``) before
    any deal is played, with ``remi simulate``'s message."""
    scheme, sep, rest = address.partition("://")
    host, _, port = rest.rpartition(":")
    well_formed = scheme == "inproc" and bool(rest) or bool(host) and port.isdigit()
    if not sep or scheme not in _DASK_SCHEMES or not well_formed:
        fail_message(
            N_("simulate.error.scheduler_address"),
            field="--scheduler",
            address=printable(address),
            schemes=", ".join(_DASK_SCHEMES),
        )


def _table(m: Messages, columns: tuple[str, ...], title: str | None = None) -> Table:
    """A table with the catalogue texts of ``columns`` as headers."""
    table = Table(title=escape(title) if title is not None else None)
    for col in columns:
        table.add_column(m(col))
    return table


def _interval(low: float, high: float, fmt: str) -> str:
    return f"[{low:{fmt}}, {high:{fmt}}]"


def _share(n: int, of: int) -> str:
    """``n/of (p%)``, without the share when ``of`` is 0."""
    return f"{n}/{of}" + (f" ({n / of:.1%})" if of else "")


@app.command("ladder")
@guarded
def ladder_command(
    bots: Annotated[
        str,
        typer.Option(
            "--bots",
            help="Bot kinds to rank, comma-separated (at least two); a kind may carry settings, e.g. club:samples=20.",
        ),
    ] = "greedy,solver",
    players: Annotated[int, typer.Option("--players", help="Seats per game (2-4).")] = 2,
    deals: Annotated[int, typer.Option("--deals", help="Deals per pair of bots.")] = 50,
    seed: Annotated[int, typer.Option("--seed", help="First deal seed.")] = 0,
    rules: Annotated[
        str,
        typer.Option("--rules", help="A preset or rule file.", autocompletion=complete_presets),
    ] = "remi-pe-tabla",
    sets: Annotated[
        list[str] | None,
        typer.Option(
            "--set", help="ID=VALUE: change one rule (repeat).", autocompletion=complete_rule_ids
        ),
    ] = None,
    jobs: Annotated[int, typer.Option("--jobs", help="Local worker processes.")] = 1,
    scheduler: Annotated[
        str | None,
        typer.Option("--scheduler", help="Dask scheduler address (needs remi-rummy[distributed])."),
    ] = None,
    json_out: JsonOption = False,
    lang: LangOption = None,
    no_color: NoColorOption = False,
) -> None:
    """Rank bot kinds in a duplicate tournament: the same deals with the bots rotated over the seats."""
    from remi.bots import distinct_bots
    from remi.ladder.duplicate import duplicate_ladder

    typed = [k.strip() for k in bots.split(",")]
    if "" in typed:  # ``greedy,,random``: the empty name is the mistake, not the count
        position = typed.index("") + 1
        fail_message(
            N_("cli.ladder.error.bots_empty"), field="--bots", bots=bots, position=position
        )
    kinds = distinct_bots(typed)  # settings make another bot
    if len(kinds) < 2:
        fail_message(N_("cli.ladder.error.bots"), field="--bots", bots=bots)
    if not 2 <= players <= 4:
        fail_message(N_("cli.ladder.error.players"), field="--players", players=players)
    if deals < 1:
        fail_message(N_("cli.ladder.error.deals"), field="--deals", deals=deals)
    if not 1 <= jobs <= _MAX_JOBS:
        fail_message(N_("cli.ladder.error.jobs"), field="--jobs", jobs=jobs, most=_MAX_JOBS)
    if scheduler is not None:
        _check_scheduler(scheduler)
    overrides = parse_set_options(sets)
    m = localized_messages(lang)
    progress = None
    if not json_out and err_console.is_terminal:

        def progress(done: int, total: int) -> None:
            err_console.print(m("ladder.progress", done=done, total=total), end="\r")

    report = duplicate_ladder(
        kinds,
        deals,
        players=players,
        seed=seed,
        preset=rules,
        overrides=overrides,
        jobs=jobs,
        scheduler=scheduler,
        progress=progress,
    )
    data = report.to_dict()
    data["rules"] = {"preset": rules, "overrides": overrides}
    data["deals"] = deals
    data["seed"] = seed
    if json_out:
        emit(data)
        return
    console = make_console()
    title = m(
        "ladder.title", rules=rules, players=players, deals=deals, cpu=f"{report.cpu_per_hand:.2f}"
    )
    pairs = _table(
        m,
        (
            N_("ladder.col.pair"),
            N_("ladder.col.points"),
            N_("ladder.col.win_rate"),
            N_("ladder.col.hands"),
        ),
        title,
    )
    for p in report.pairs:
        pts, win = p.points_per_hand, p.win_rate
        pairs.add_row(
            escape(f"{p.a} - {p.b}"),
            f"{pts.mean:+.1f} "
            + (_interval(pts.low, pts.high, "+.1f") if p.deals > 1 else m("ladder.one_deal")),
            f"{win.mean:.1%} {_interval(win.low, win.high, '.1%')}",
            str(p.hands),
        )
    console.print(pairs)
    bots_table = _table(
        m,
        (
            N_("ladder.col.bot"),
            N_("ladder.col.rating"),
            N_("ladder.col.fed"),
            N_("ladder.col.fed_sir"),
            N_("ladder.col.fed_break"),
        ),
    )
    for kind, rating in report.ratings.items():
        f = report.feeding[kind]
        bots_table.add_row(
            escape(kind),
            f"{rating:.0f}",
            *(_share(n, f.discards) for n in (f.fed, f.fed_sir, f.fed_break)),
        )
    console.print(bots_table)
