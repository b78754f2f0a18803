"""The typer application, its sub-command groups, and the one place errors become exit codes.

As in fastapi-cli, the CLI holds no game logic. A ``RemiError`` is caught here and only
here: it is printed on one line (no traceback) and becomes an exit code: 2 for bad input (bad
notation, bad file, unknown preset or rule id), 1 for an action the rules refuse.
"""

from __future__ import annotations

import errno
import functools
import importlib
import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Annotated, Any, ClassVar, NoReturn, TypeVar

import typer
import typer.main
from rich.console import Console
from typer.core import TyperCommand, TyperGroup

from remi.cli.help_i18n import (
    LocalizedContext,
    help_language,
    sniff_language,
    translate,
    usage_error,
)
from remi.core.errors import IllegalActionError, RemiError
from remi.core.files import printable
from remi.core.messages import N_, Messages

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

#: Every command of each group ("" = ``remi`` itself), in the order ``--help`` lists them: the
#: module that registers it and the first paragraph of its help. A command's module is imported
#: only when that command is run or its own help is asked for, so ``remi --help`` and ``remi
#: check meld`` import no other command's dependencies (tests/test_cli_lazy.py checks this table
#: against the modules). A new command: its module registers it on the group, and a row here.
LAZY_COMMANDS: dict[str, dict[str, tuple[str, str]]] = {
    "": {
        "play": (
            "remi.cli.play",
            "Play Remi pe tablă at the terminal: one human against three greedy bots by default.",
        ),
        "replay": (
            "remi.cli.replay",
            "Re-play a game record through the engine: every turn, then the final scores.",
        ),
        "score": (
            "remi.cli.score",
            "Score every player at the end of a hand (docs/rules.md §1.9, §1.11, §1.12; for the\n"
            "Rummikub-style presets §2.9, §2.10). When the file has an `[expect]` table (and no\n"
            "`--rules`/`--set` changes its rules), each expected score is compared; exit 1 when one\n"
            "differs, 2 for a bad file. With --from-record GAME.json the scores come straight from a\n"
            "game record (the end of its hand, replayed under the record's own rules); --hand N picks a\n"
            "hand of a match (an earlier hand: its recorded points).",
        ),
        "simulate": (
            "remi.cli.simulate",
            "Play the same seeded deals under each preset and compare them with 95% confidence "
            "intervals.",
        ),
    },
    "check": {
        "meld": (
            "remi.cli.check",
            "Is it a valid run (suită) or set (terță)? Exit 0 valid, 1 invalid, 2 bad input.",
        ),
        "opening": (
            "remi.cli.check",
            "Would these formations make a valid opening (etalare)? Exit 0 valid, 1 invalid, 2 "
            "bad input.",
        ),
        "file": (
            "remi.cli.check",
            "Answer a check file as `check meld` / `check opening` would; a match file prints the "
            "winner\n(exit 1 while the match goes on). The file's expect_* claims are compared "
            "(not under\n--rules/--set): exit 1 when one does not hold. Exit 2 for a bad file.",
        ),
    },
    "solve": {
        "opening": (
            "remi.cli.solve",
            "The highest-value valid opening (etalare) from RACK, exact (docs/rules.md §1.5, §1.7).",
        ),
        "move": (
            "remi.cli.solve",
            "The best Rummikub move: most tiles (or points) from --rack onto --table, exact\n"
            "(docs/rules.md §2.4–§2.7).",
        ),
    },
    "rules": {
        "list": (
            "remi.cli.rules_cmd",
            "List the rule presets found, with their family and description.",
        ),
        "show": (
            "remi.cli.rules_cmd",
            "Show every rule id of a preset with its value and one-line meaning.",
        ),
        "diff": (
            "remi.cli.rules_cmd",
            "Compare presets rule by rule; differing rule ids are highlighted (`--all` shows every "
            "id).",
        ),
    },
}


class LazyGroup(TyperGroup):
    """A command group that imports a command's module only when the command is looked up.

    ``group`` names the row of ``LAZY_COMMANDS``; ``owner`` is the ``typer.Typer`` the group is
    built from (set once the Typer exists). Listing the commands (``--help``) imports nothing:
    the one-line help of a command not yet imported comes from ``LAZY_COMMANDS``.
    """

    group: ClassVar[str] = ""
    owner: ClassVar[typer.Typer | None] = None
    context_class = LocalizedContext

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        """click's parsing; ``remi`` itself first reads the language of the invocation from
        ``args`` (``--lang``) or the environment, for the help and the error line."""
        if not self.group:
            sniff_language(args)
        return super().parse_args(ctx, self._without_lang(args))

    def _without_lang(self, args: list[str]) -> list[str]:
        """``args`` without a ``--lang X`` given to the group itself (``remi --help --lang
        ro``): the group has no such option, the language is already read."""
        names = set(self.list_commands(None))
        out: list[str] = []
        skip = False
        for i, arg in enumerate(args):
            if arg in names:
                return out + args[i:]
            if skip:
                skip = False
            elif arg == "--lang":
                skip = True
            elif not arg.startswith("--lang="):
                out.append(arg)
        return out

    def list_commands(self, ctx: Any) -> list[str]:
        """The lazy commands in table order, then the groups and any other command."""
        lazy = LAZY_COMMANDS[self.group]
        return list(lazy) + [n for n in self.commands if n not in lazy]

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        """The command, its module imported first when it has not been yet."""
        found = self.commands.get(cmd_name)
        if found is None and cmd_name in LAZY_COMMANDS[self.group]:
            importlib.import_module(LAZY_COMMANDS[self.group][cmd_name][0])
            assert self.owner is not None
            built = typer.main.get_command(self.owner)
            for name, command in getattr(built, "commands", {}).items():
                self.commands.setdefault(name, command)
            found = self.commands.get(cmd_name)
        if found is not None:
            found.context_class = LocalizedContext
        return found

    def format_commands(self, ctx: Any, formatter: Any) -> None:
        """click's listing of the commands, without importing the modules of lazy ones."""
        from typer._click.utils import make_default_short_help

        lazy = LAZY_COMMANDS[self.group]
        m = Messages(help_language())
        commands: list[tuple[str, str]] = []
        for name in self.list_commands(ctx):
            command = self.commands.get(name)
            if command is None and name in lazy:
                command = TyperCommand(name, help=lazy[name][1])
            if command is None or command.hidden:
                continue
            text = lazy[name][1] if name in lazy else command.help or ""
            commands.append((name, " ".join(translate(text, m).split())))
        if commands:
            limit = formatter.width - 6 - max(len(name) for name, _ in commands)
            rows = [(name, make_default_short_help(text, limit)) for name, text in commands]
            with formatter.section("Commands"):
                formatter.write_dl(rows)


def _lazy_group(group: str) -> type[LazyGroup]:
    return type(f"LazyGroup_{group or 'remi'}", (LazyGroup,), {"group": group})


app = typer.Typer(
    name="remi",
    help="Tile rummy: Romanian Remi pe tablă and Rummikub-style variants. Play, score, check, solve.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,  # help texts are plain: "[expect]" and "remi-rummy[plot]" stay as written
    cls=_lazy_group(""),
)
check_app = typer.Typer(
    help="Check a formation or an opening against the rules.",
    no_args_is_help=True,
    rich_markup_mode=None,
    cls=_lazy_group("check"),
)
solve_app = typer.Typer(
    help="Find the best play: an opening from a rack, or a Rummikub move.",
    no_args_is_help=True,
    rich_markup_mode=None,
    cls=_lazy_group("solve"),
)
rules_app = typer.Typer(
    help="List, show and compare rule presets.",
    no_args_is_help=True,
    rich_markup_mode=None,
    cls=_lazy_group("rules"),
)
for _typer in (app, check_app, solve_app, rules_app):
    _typer.info.cls.owner = _typer  # type: ignore[union-attr]


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

    line = Text(Messages(help_language())(N_("cli.error")), style="bold red")
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
    from remi.cli.messages import messages

    try:
        yield
    except IllegalActionError as exc:
        fail(_escape(_shorten(exc.localized(messages(help_language())))), EXIT_INVALID)
    except RemiError as exc:
        fail(_escape(_shorten(exc.localized(messages(help_language())))), EXIT_BAD_INPUT)


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
        m = Messages(help_language())
        message = " ".join(exc.format_message().split())
        line = usage_error(message, ctx.command_path if ctx is not None else None, m)
        err_console.print(f"{m(N_('cli.error'))}{line}", markup=False)
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
