"""Where a command's output goes: the options every command shares (``--json``, ``--lang``,
``--no-color``), the consoles, and the one place errors are reported.

Each shared option records its value here as it is parsed (a click callback), so that an error
raised anywhere in a command is reported the way the command was asked to speak: with
``--json``, one JSON object ``{"error": {...}}`` on standard output (remi/schemas/, docs/cli.md);
without it, one ``error: ...`` line on standard error. The exit code is the same either way
(2 for bad input, 1 for an action the rules refuse). ``--no-color`` and the ``NO_COLOR``
environment variable turn colour off on every console made by ``make_console()``.
"""

from __future__ import annotations

import json
import os
from typing import Annotated, Any, NoReturn

import typer
from rich.console import Console

from remi.core.files import printable

__all__ = [
    "EXIT_BAD_INPUT",
    "EXIT_INVALID",
    "JsonOption",
    "NoColorOption",
    "emit",
    "err_console",
    "json_requested",
    "make_console",
    "report_error",
    "requested_language",
    "reset",
    "set_json",
    "set_lang",
    "set_no_color",
    "tell_events_rebuilt",
]

EXIT_INVALID = 1
EXIT_BAD_INPUT = 2

#: The values of the shared options of the command being run (reset by ``reset``).
_state: dict[str, Any] = {"json": False, "lang": None, "no_color": False}


def reset() -> None:
    """Forget the options of an earlier command (the root callback calls it first)."""
    _state.update(json=False, lang=None, no_color=False)
    err_console.no_color = _env_no_color()


def _env_no_color() -> bool:
    """``NO_COLOR`` set to anything but the empty string (https://no-color.org)."""
    return os.environ.get("NO_COLOR", "") != ""


def set_json(value: bool) -> bool:
    """The ``--json`` callback: errors of this command become JSON."""
    _state["json"] = bool(value)
    return value


def set_lang(value: Any) -> Any:
    """The ``--lang`` callback: the language of this command's error texts."""
    _state["lang"] = getattr(value, "value", value)
    return value


def set_no_color(value: bool) -> bool:
    """The ``--no-color`` callback: every console of this command without colour."""
    if value:
        _state["no_color"] = True
        err_console.no_color = True
    return value


def json_requested() -> bool:
    """True when the command being run was given ``--json``."""
    return bool(_state["json"])


def requested_language() -> str:
    """The language of the command being run: its ``--lang``, else the environment's
    (``--lang`` read from the command line before parsing, ``REMI_LANG``, then the locale)."""
    from remi.cli.help_i18n import help_language
    from remi.core.messages import LANGUAGES, PSEUDO

    chosen = _state["lang"]
    if isinstance(chosen, str) and (chosen in LANGUAGES or chosen == PSEUDO):
        return chosen
    return help_language()


#: ``--json`` on every command that has a JSON output (processed first: is_eager).
JsonOption = Annotated[
    bool,
    typer.Option(
        "--json",
        help='Print JSON (docs/cli.md); errors too, as an "error" object on standard output.',
        is_eager=True,
        callback=set_json,
    ),
]

#: ``--no-color`` on every command (``NO_COLOR`` in the environment does the same).
NoColorOption = Annotated[
    bool,
    typer.Option(
        "--no-color",
        help="No colours in the output (as the NO_COLOR environment variable).",
        is_eager=True,
        callback=set_no_color,
    ),
]


def make_console(**options: Any) -> Console:
    """A rich ``Console`` (keyword ``options`` as rich's), without colour under ``--no-color``
    or ``NO_COLOR``."""
    options.setdefault("no_color", True if _state["no_color"] else None)
    return Console(**options)


#: The console of error lines and progress bars (standard error).
err_console = Console(stderr=True, highlight=False, soft_wrap=True)


def emit(data: object) -> None:
    """Print ``data`` as the command's JSON output (UTF-8, indented, one document)."""
    typer.echo(json.dumps(data, ensure_ascii=False, indent=2))


#: Longest error text printed whole; longer ones (a 10,000-tile input echoed back) are cut.
MAX_ERROR_CHARS = 400


def shorten(text: str) -> str:
    """``text`` cut to ``MAX_ERROR_CHARS`` characters, saying how much was left out."""
    if len(text) <= MAX_ERROR_CHARS:
        return text
    return f"{text[:MAX_ERROR_CHARS]}... ({len(text) - MAX_ERROR_CHARS} more characters)"


def report_error(
    error: dict[str, Any], code: int, *, markup: str | None = None, as_json: bool | None = None
) -> NoReturn:
    """Report ``error`` (an error object of ``remi.cli.vocabulary.error_object``) and exit with
    ``code``: as ``{"error": error}`` on standard output under ``--json`` (or ``as_json``),
    else as one ``error: TEXT`` line on standard error (``markup``: the line as rich markup,
    user text in it escaped; control characters are shown as escapes, so it stays one line).

    Raises:
        typer.Exit: always, with ``code``.
    """
    use_json = json_requested() if as_json is None else as_json
    if use_json:
        emit({"error": {**error, "exit_code": code}})
        raise typer.Exit(code)
    from rich.errors import MarkupError
    from rich.text import Text

    from remi.core.messages import N_, Messages

    line = Text(Messages(requested_language())(N_("cli.error")), style="bold red")
    if markup is not None:
        try:
            line.append_text(Text.from_markup(printable(markup)))
        except MarkupError:
            line.append(printable(markup))
    else:
        line.append(printable(str(error.get("text") or error["message"])))
    err_console.print(line, highlight=False)
    raise typer.Exit(code)


def tell_events_rebuilt(result: Any, path: Any, m: Any) -> None:
    """Say, in one line on standard error, that the events a record stores did not match its
    actions and were rebuilt from them (``record.events_rebuilt``), naming the first action
    where they differ; nothing when they match. The actions are the record's truth and its
    events are derived from them (docs/records.md), so the record still loads.

    Args:
        result: the ``remi.core.replay.ReplayResult`` of the record (``events_differ``).
        path: the record's file, as given.
        m: the ``remi.core.messages.Messages`` of the line's language.
    """
    position = result.events_differ
    if position is None:
        return
    action = result.record.actions[position - 1]
    line = m("record.events_rebuilt", path=printable(str(path)), position=position, action=action)
    err_console.print(line, markup=False, highlight=False, style="yellow")
