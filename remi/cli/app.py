"""The typer application, its sub-command groups, and the one place errors become exit codes.

As in fastapi-cli, the CLI holds no game logic. A ``RemiError`` is caught here and only
here: it is printed on one line (no traceback) and becomes an exit code: 2 for bad input (bad
notation, bad file, unknown preset or rule id), 1 for an action the rules refuse.
"""

from __future__ import annotations

import errno
import functools
import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Annotated, Any, NoReturn, TypeVar

import typer
from rich.console import Console

from remi.core.errors import IllegalActionError, RemiError
from remi.core.files import printable

__all__ = [
    "EXIT_BAD_INPUT",
    "EXIT_OUTPUT",
    "EXIT_INVALID",
    "app",
    "check_app",
    "err_console",
    "fail",
    "guarded",
    "rules_app",
    "solve_app",
]

EXIT_INVALID = 1
EXIT_BAD_INPUT = 2

app = typer.Typer(
    name="remi",
    help="Tile rummy: Romanian Remi pe tablă and Rummikub-style variants. Play, score, check, solve.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,  # help texts are plain: "[expect]" and "remi-rummy[plot]" stay as written
)
check_app = typer.Typer(
    help="Check a formation or an opening against the rules.",
    no_args_is_help=True,
    rich_markup_mode=None,
)
solve_app = typer.Typer(
    help="Find the best play: an opening from a rack, or a Rummikub move.",
    no_args_is_help=True,
    rich_markup_mode=None,
)
rules_app = typer.Typer(
    help="List, show and compare rule presets.", no_args_is_help=True, rich_markup_mode=None
)


def _print_version(value: bool) -> None:
    if value:
        from remi import __version__

        typer.echo(f"remi {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[
        bool,
        typer.Option(
            "--version", callback=_print_version, is_eager=True, help="Print the version and exit."
        ),
    ] = False,
) -> None:
    """Tile rummy: Romanian Remi pe tablă and Rummikub-style variants. Play, score, check, solve."""


app.add_typer(check_app, name="check")
app.add_typer(solve_app, name="solve")
app.add_typer(rules_app, name="rules")

err_console = Console(stderr=True, highlight=False, soft_wrap=True)

F = TypeVar("F", bound=Callable[..., Any])


def fail(message: str, code: int = EXIT_BAD_INPUT) -> NoReturn:
    """Print ``message`` (rich markup, user text in it escaped) as one error line on stderr and
    exit with ``code`` (2 = bad input). Control characters are shown as escapes
    (``remi.core.files.printable``), so the line stays one line; a message whose markup does
    not parse is printed as plain text."""
    from rich.errors import MarkupError
    from rich.text import Text

    line = Text("error: ", style="bold red")
    text = printable(message)
    try:
        line.append_text(Text.from_markup(text))
    except MarkupError:
        line.append(text)
    err_console.print(line, highlight=False)
    raise typer.Exit(code)


@contextmanager
def remi_errors() -> Iterator[None]:
    """Turn a ``RemiError`` into one printed line and an exit code (1 illegal, 2 bad input)."""
    try:
        yield
    except IllegalActionError as exc:
        fail(_escape(_shorten(str(exc))), EXIT_INVALID)
    except RemiError as exc:
        fail(_escape(_shorten(str(exc))), EXIT_BAD_INPUT)


#: Longest error text printed whole; longer ones (a 10,000-tile input echoed back) are cut.
MAX_ERROR_CHARS = 400


def _shorten(text: str) -> str:
    """``text`` cut to ``MAX_ERROR_CHARS`` characters, saying how much was left out."""
    if len(text) <= MAX_ERROR_CHARS:
        return text
    return f"{text[:MAX_ERROR_CHARS]}... ({len(text) - MAX_ERROR_CHARS} more characters)"


def _escape(text: str) -> str:
    from rich.markup import escape

    return escape(text)


def guarded(fn: F) -> F:
    """Decorate a command so that a ``RemiError`` it raises becomes an error line and exit code."""

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        with remi_errors():
            return fn(*args, **kwargs)

    return wrapper  # type: ignore[return-value]


def parse_set_options(items: list[str] | None) -> dict[str, str]:
    """``["opening.min_points=50", ...]`` -> ``{"opening.min_points": "50"}``.

    Raises:
        typer.Exit: (code 2) for an item without ``=``.
    """
    out: dict[str, str] = {}
    for item in items or []:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            fail(
                "--set expects ID=VALUE, a rule id of 'remi rules list' and its value (like "
                f"opening.min_points=50 in Remi, initial_meld.min_points=50 in Rummikub), got {item!r}"
            )
        out[key.strip()] = value.strip()
    return out


def main() -> None:
    """Console-script entry point (``remi``).

    A usage error (a missing argument, a value of the wrong type, an unknown option) is one
    line, like every other bad input: ``error: Invalid value for '--seed': ... (see 'remi play
    --help')``, exit code 2. ``remi`` or a command group without a command prints its help.
    """
    Console.on_broken_pipe = _broken_pipe  # type: ignore[method-assign]  # one exit code for it
    if sys.stdin is None:  # started with standard input closed: as if it were empty
        sys.stdin = open(os.devnull, encoding="utf-8")  # noqa: SIM115 - for the whole run
    elif hasattr(sys.stdin, "reconfigure"):  # bytes that are not UTF-8: refused by the reader
        sys.stdin.reconfigure(errors="surrogateescape")
    try:
        code = app(standalone_mode=False)
        sys.stdout.flush()
    except (_OutputClosed, BrokenPipeError, ConnectionResetError):  # `remi ... | head`: quietly
        _quiet_exit(EXIT_OUTPUT)
    except OSError as exc:
        if exc.errno not in (errno.ENOSPC, errno.EIO, errno.EPIPE, errno.EDQUOT):
            raise
        _quiet_exit(EXIT_OUTPUT)  # standard output on a full disk: stop, no traceback
    except typer.TyperException as exc:  # typer's usage errors (its own copy of click's)
        if type(exc).__name__ == "NoArgsIsHelpError":  # `remi`, `remi check`: the help
            typer.echo(exc.format_message())
            sys.exit(EXIT_BAD_INPUT)
        ctx = getattr(exc, "ctx", None)
        where = f" (see '{ctx.command_path} --help')" if ctx is not None else ""
        message = " ".join(exc.format_message().split())
        err_console.print(f"error: {message}{where}", markup=False)
        sys.exit(getattr(exc, "exit_code", EXIT_BAD_INPUT))
    except typer.Abort:
        err_console.print("Aborted.", markup=False)
        sys.exit(130)
    except RemiError as exc:  # a command without @guarded: still no traceback for bad input
        err_console.print(f"error: {printable(str(exc))}", markup=False, highlight=False)
        sys.exit(EXIT_BAD_INPUT)
    sys.exit(code if isinstance(code, int) else 0)


#: Exit code when standard output cannot be written (a closed pipe, a full disk).
EXIT_OUTPUT = 3


def _broken_pipe(self: Console) -> None:
    """Rich's handler of a closed standard output, replaced so that ``main`` ends with
    ``EXIT_OUTPUT`` as for a full disk (rich's own exits with 1, remi's code for an illegal
    action)."""
    raise _OutputClosed


class _OutputClosed(Exception):
    """Standard output was closed under rich (not an ``OSError``, which click turns into exit 1)."""


def _quiet_exit(code: int) -> NoReturn:
    """Stop with ``code`` after standard output failed: point it at ``os.devnull`` so that the
    interpreter's last flush cannot fail again, and say nothing more."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass
    os._exit(code)
