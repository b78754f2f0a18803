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
from typing import Annotated, Any, ClassVar, Literal, NoReturn, TypeVar

import typer
import typer.main
from rich.console import Console
from typer.core import TyperCommand, TyperGroup

from remi.cli.coercion import plain_params
from remi.cli.help_i18n import (
    LocalizedContext,
    help_language,
    sniff_language,
    translate,
    unknown_language,
    usage_error,
)
from remi.cli.help_table import GROUP_HELP, LAZY_COMMANDS, ROOT_OPTIONS
from remi.cli.output import (
    EXIT_BAD_INPUT,
    EXIT_INVALID,
    err_console,
    json_requested,
    reset,
)
from remi.core.errors import IllegalActionError, RemiError
from remi.core.messages import N_, Messages

__all__ = [
    "EXIT_BAD_INPUT",
    "EXIT_OUTPUT",
    "EXIT_INVALID",
    "LAZY_COMMANDS",
    "app",
    "check_app",
    "err_console",
    "fail",
    "fail_error",
    "fail_message",
    "guarded",
    "output_failed",
    "rules_app",
    "solve_app",
]


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
            _check_language(args, ctx)
        plain_params(self, ctx)
        _flags_without_metavar(self, ctx)
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

    #: True while the group's own help is drawn: commands not yet imported are listed from
    #: ``LAZY_COMMANDS`` (rich's help asks for every command).
    listing: ClassVar[bool] = False

    def main(self, args: Any = None, standalone_mode: bool = True, **kw: Any) -> Any:  # type: ignore[override]
        """Run the group; the root in standalone mode (``remi``, a test's ``CliRunner``)
        reports every error its own way (``_run``) and exits."""
        if self.group or not standalone_mode:
            return super().main(args, standalone_mode=standalone_mode, **kw)
        argv = list(sys.argv[1:] if args is None else args)
        _run(super().main, argv, **kw)

    def format_help(self, ctx: Any, formatter: Any) -> None:
        """The group's help, listing the lazy commands without importing them: rich's in
        English, click's (whose words ``help_i18n`` translates) in another language."""
        _plain_help_unless_english(self)
        type(self).listing = True
        try:
            super().format_help(ctx, formatter)
        finally:
            type(self).listing = False

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        """The command, its module imported first when it has not been yet (while the help is
        drawn, a stand-in with the command's help from ``LAZY_COMMANDS``)."""
        found = self.commands.get(cmd_name)
        lazy = LAZY_COMMANDS[self.group]
        if found is None and cmd_name in lazy and self.listing:
            return TyperCommand(cmd_name, help=lazy[cmd_name][1])
        if found is None and cmd_name in lazy:
            importlib.import_module(lazy[cmd_name][0])
            assert self.owner is not None
            built = typer.main.get_command(self.owner)
            for name, command in getattr(built, "commands", {}).items():
                self.commands.setdefault(name, command)
            found = self.commands.get(cmd_name)
        if found is not None:
            found.context_class = LocalizedContext
            _plain_help_unless_english(found)
            plain_params(found, ctx)
            _flags_without_metavar(found, ctx)
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


def _flags_without_metavar(command: Any, ctx: Any) -> None:
    """Show no value placeholder after a flag (``--json``, ``--help``) in ``command``'s help:
    typer writes ``<bool>`` there, as if the flag took a value; a flag of two names
    (``--timer/--no-timer``) and every option taking a value keep theirs."""
    try:
        params = command.get_params(ctx)
    except Exception:  # a command that cannot list its parameters yet: typer's own way
        return
    for param in params:
        if getattr(param, "is_flag", False) and getattr(param, "metavar", "") is None:
            param.metavar = ""


def _check_language(args: list[str], ctx: Any) -> None:
    """Refuse a ``--lang`` value that names no language wherever it stands (``remi --lang xx
    --help`` too, where no command reads it), as a usage error naming the value and the
    choices, ``en`` and ``ro`` (the tests' pseudo-locale is not offered).

    Raises:
        typer.BadParameter: an unknown language (one ``error:`` line, exit 2: ``_usage_error``).
    """
    from remi.core.files import printable
    from remi.core.messages import LANGUAGES

    bad = unknown_language(args)
    if bad is None:
        return
    choices = ", ".join(f"'{lang}'" for lang in LANGUAGES)
    message = f"'{printable(bad)}' is not one of {choices}."  # no escape code reaches the terminal
    error = typer.BadParameter(message, ctx=ctx, param_hint="'--lang'")
    path = [ctx.command_path]  # the command whose help to see: remi play, remi check meld
    group = ""
    for arg in args:
        if arg not in LAZY_COMMANDS[group] and arg not in LAZY_COMMANDS:
            continue
        path.append(arg)
        if arg not in LAZY_COMMANDS or group:
            break
        group = arg
    error.command_path = " ".join(path)  # type: ignore[attr-defined]
    error.field = "--lang"  # type: ignore[attr-defined]
    raise error


def _plain_help_unless_english(command: Any) -> None:
    """Draw ``command``'s help with click's formatter when the invocation's language is not
    English: its words (headings, usage, option help) are translated there (``help_i18n``);
    rich's panels stay for English."""
    if help_language() != "en" and hasattr(command, "rich_markup_mode"):
        command.rich_markup_mode = None


#: Help is drawn by rich from Markdown: "[expect]" and "remi-rummy[plot]" stay as written
#: (rich markup would take them for tags), `--set` shows as code.
_HELP_MARKUP: Literal["markdown"] = "markdown"


def _lazy_group(group: str) -> type[LazyGroup]:
    return type(f"LazyGroup_{group or 'remi'}", (LazyGroup,), {"group": group})


app = typer.Typer(
    name="remi",
    help=GROUP_HELP[""][0],
    no_args_is_help=True,
    add_completion=True,  # remi --install-completion / --show-completion (bash, zsh, fish, pwsh)
    pretty_exceptions_enable=False,
    rich_markup_mode=_HELP_MARKUP,
    cls=_lazy_group(""),
)
check_app = typer.Typer(
    help=GROUP_HELP["check"][0],
    no_args_is_help=True,
    rich_markup_mode=_HELP_MARKUP,
    cls=_lazy_group("check"),
)
solve_app = typer.Typer(
    help=GROUP_HELP["solve"][0],
    no_args_is_help=True,
    rich_markup_mode=_HELP_MARKUP,
    cls=_lazy_group("solve"),
)
rules_app = typer.Typer(
    help=GROUP_HELP["rules"][0],
    no_args_is_help=True,
    rich_markup_mode=_HELP_MARKUP,
    cls=_lazy_group("rules"),
)
for _typer in (app, check_app, solve_app, rules_app):
    _typer.info.cls.owner = _typer  # type: ignore[union-attr]


def _start(value: bool) -> bool:
    """The root's ``--no-color``, read first on every run: forget the options of an earlier
    run (the tests run many in one process), then take this one's."""
    from remi.cli.output import set_no_color

    reset()
    return set_no_color(value)


def _print_version(value: bool) -> None:
    if value:
        from remi import __version__

        typer.echo(f"remi {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[
        bool,
        typer.Option("--version", callback=_print_version, is_eager=True, help=ROOT_OPTIONS[0][1]),
    ] = False,
    no_color: Annotated[
        bool,
        typer.Option(
            "--no-color",
            help=ROOT_OPTIONS[1][1],
            is_eager=True,
            callback=_start,
        ),
    ] = False,
) -> None:
    """Tile rummy: Romanian Remi pe tablă and Rummikub-style variants. Play, score, check, solve."""


app.add_typer(check_app, name="check")
app.add_typer(solve_app, name="solve")
app.add_typer(rules_app, name="rules")

F = TypeVar("F", bound=Callable[..., Any])


def fail(
    message: str, code: int = EXIT_BAD_INPUT, *, shown: str | None = None, **about: Any
) -> NoReturn:
    """Report bad input (or, with ``code`` 1, a refusal) and exit with ``code`` (2 = bad input).

    ``message`` is the English line as rich markup, user text in it escaped (``rich.markup.
    escape``). Without ``--json`` it is printed as one ``error:`` line on standard error
    (control characters shown as escapes, so the line stays one line; markup that does not
    parse is printed as it is); ``shown``: the line printed instead (the same words in the
    command's language, as markup). With ``--json`` the command prints ``{"error": {...}}`` on
    standard output instead: the plain message and what ``about`` says of it, the keywords of
    ``remi.cli.vocabulary.error_object`` (``rule``, ``path``, ``field``, ``token``, and
    ``text``, ``message_id``, ``params`` for a catalogue message).

    Raises:
        typer.Exit: always, with ``code``.
    """
    from rich.errors import MarkupError
    from rich.text import Text

    from remi.cli.output import report_error
    from remi.cli.vocabulary import error_object

    try:
        plain = Text.from_markup(message).plain
    except MarkupError:
        plain = message
    report_error(error_object(plain, **about), code, markup=message if shown is None else shown)


def fail_message(
    message_id: str,
    code: int = EXIT_BAD_INPUT,
    *,
    rule: str | None = None,
    field: str | None = None,
    **params: object,
) -> NoReturn:
    """``fail`` with the catalogue message ``message_id`` (marked ``N_`` where it is called):
    the error line in the command's ``--lang``; with ``--json`` the English ``message``, the
    ``text`` in that language, the id and its ``params``.

    Raises:
        typer.Exit: always, with ``code``.
    """
    from remi.cli.messages import messages
    from remi.cli.output import requested_language
    from remi.core.errors import Reason
    from remi.core.messages import Messages

    english = Reason(message_id, **params).render(Messages("en"))  # a Reason parameter told too
    text = Reason(message_id, **params).render(messages(requested_language()))
    fail(
        _escape(english),
        code,
        shown=_escape(text),
        text=text,
        message_id=message_id,
        params=dict(params),
        rule=rule,
        field=field,
    )


def fail_error(exc: RemiError, code: int = EXIT_BAD_INPUT) -> NoReturn:
    """Report the ``RemiError`` ``exc`` as ``fail`` reports a message: its text in the
    command's language (cut to ``MAX_ERROR_CHARS``) on one line, or with ``--json`` its error object (rule id, file,
    field, token, catalogue id and text in the command's language).

    Raises:
        typer.Exit: always, with ``code``.
    """
    from remi.cli.messages import messages
    from remi.cli.output import report_error, requested_language, shorten
    from remi.cli.vocabulary import exception_error

    m = messages(requested_language())
    message = shorten(str(exc))
    error = exception_error(exc, m, message)
    report_error(error, code, markup=_escape(shorten(exc.localized(m))))


@contextmanager
def remi_errors() -> Iterator[None]:
    """Turn a ``RemiError`` into one reported error and an exit code (1 illegal, 2 bad input)."""
    try:
        yield
    except IllegalActionError as exc:
        fail_error(exc, EXIT_INVALID)
    except RemiError as exc:
        fail_error(exc, EXIT_BAD_INPUT)


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
    from remi.core.messages import N_

    out: dict[str, str] = {}
    for item in items or []:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            fail_message(N_("cli.error.set_format"), field="--set", item=item)
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
        app()
    except _OutputClosed:  # `remi ... | head` under rich: quietly
        _quiet_exit(EXIT_OUTPUT)
    except OSError as exc:
        output_failed(exc)


def output_failed(exc: OSError) -> NoReturn:
    """End quietly with ``EXIT_OUTPUT`` when ``exc`` says standard output cannot be written (a
    closed pipe, ``remi ... | head``; a full disk): no traceback, nothing more printed.

    Raises:
        OSError: ``exc`` itself, for any other failure.
    """
    if isinstance(exc, (BrokenPipeError, ConnectionResetError)) or exc.errno in (
        errno.ENOSPC,
        errno.EIO,
        errno.EPIPE,
        errno.EDQUOT,
    ):
        _quiet_exit(EXIT_OUTPUT)
    raise exc


def _run(command: Any, args: list[str], **options: Any) -> NoReturn:
    """Run the root ``command`` on ``args`` (click's ``main`` outside its standalone mode) and
    exit with its code; every error is reported here, the same under ``remi`` and a test's
    ``CliRunner``: a usage error (a missing argument, a value of the wrong type, an unknown
    option) is one line like every other bad input, ``error: Invalid value for '--seed': ...
    (see 'remi play --help')``, or an error object under ``--json``; exit code 2. ``remi``
    or a command group without a command prints its help. The options of an earlier
    invocation (``--json``, ``--lang``: ``remi.cli.output.reset``) are forgotten first, since
    a usage error found before the root callback runs (``--lang xx``) is reported with them."""
    reset()
    try:
        code = command(args, standalone_mode=False, **options)
        sys.stdout.flush()
    except typer.TyperException as exc:  # typer's usage errors (its own copy of click's)
        if type(exc).__name__ == "NoArgsIsHelpError":  # `remi`, `remi check`: the help
            typer.echo(exc.format_message())
            sys.exit(EXIT_BAD_INPUT)
        _usage_error(exc, args)
    except typer.Abort:
        err_console.print("Aborted.", markup=False)
        sys.exit(130)
    except RemiError as exc:  # a command without @guarded: still no traceback for bad input
        try:
            fail_error(exc, EXIT_BAD_INPUT)
        except typer.Exit as done:
            sys.exit(done.exit_code)
    sys.exit(code if isinstance(code, int) else 0)


def _usage_error(exc: Exception, argv: list[str]) -> NoReturn:
    """Report a usage error of typer (a missing argument, a bad value, an unknown option) as
    every other bad input: one line naming the command's help, or with ``--json`` among the
    arguments an error object whose ``field`` is the option; exit 2. A value that is not one of
    an option's choices gets the closest choice suggested ("did you mean")."""
    from remi.cli.vocabulary import error_object

    ctx = getattr(exc, "ctx", None)
    path = getattr(exc, "command_path", None) or (ctx.command_path if ctx is not None else None)
    where = f" (see '{path} --help')" if path is not None else ""
    text = " ".join(exc.format_message().split())  # type: ignore[attr-defined]
    message = _did_you_mean(text.replace("Value error, ", ""))
    m = Messages(help_language())
    shown = usage_error(message, path, m)
    code = getattr(exc, "exit_code", EXIT_BAD_INPUT)
    param = getattr(exc, "param", None)
    field = (getattr(param, "opts", None) or [None])[0] if param is not None else None
    field = getattr(exc, "field", None) or field  # an option checked before click parses
    args = argv[: argv.index("--")] if "--" in argv else argv
    if json_requested() or "--json" in args:
        from remi.cli.output import emit

        error = error_object(message + where, field=field)
        emit({"error": {**error, "exit_code": code}})
    else:
        err_console.print(f"{m(N_('cli.error'))}{shown}", markup=False)
    sys.exit(code)


def _did_you_mean(message: str) -> str:
    """``message`` with the closest choice added when it says a value "is not one of" them."""
    import re
    from difflib import get_close_matches

    found = re.search(r"'([^']*)' is not one of ((?:'[^']*'(?:, )?)+)", message)
    if found is None:
        return message
    choices = re.findall(r"'([^']*)'", found.group(2))
    close = get_close_matches(found.group(1).lower(), choices, n=1, cutoff=0.5)
    if not close:
        return message
    from remi.cli.messages import messages
    from remi.cli.output import requested_language

    m = messages(requested_language())
    return f"{message} " + m("cli.did_you_mean", choice=close[0])


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
