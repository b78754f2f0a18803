"""The ``--help`` of every command in the user's language.

The help texts stay written in English in the code (typer options, command docstrings, the
lazy command table of ``remi.cli.app``); each one is also a catalogue text (ids ``help.*``,
listed in ``remi.cli.help_ids`` for the extraction). The language is read from the command line
before click parses it (``--lang ro`` anywhere, else ``REMI_LANG``, then the locale:
``remi.core.messages.default_language``), and ``LocalizedFormatter`` writes each help text, section
heading and usage word in that language: an English text found among the ``help.*`` texts is
replaced by its translation; any other text is written as it is.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from functools import cache

from typer._click.core import Context
from typer._click.formatting import HelpFormatter

from remi.core.messages import (
    LANGUAGES,
    N_,
    PSEUDO,
    PSEUDO_CLOSE,
    PSEUDO_OPEN,
    Messages,
    default_language,
    translations,
)

__all__ = [
    "LocalizedContext",
    "LocalizedFormatter",
    "help_language",
    "remember",
    "sniff_language",
    "translate",
    "unknown_language",
    "usage_error",
    "usage_hint",
]

#: The language of the help being written (set by ``sniff_language`` for each invocation).
_CHOSEN: list[str] = []

#: click's own words, with their catalogue ids.
_CLICK = {
    "Usage:": "help.click.usage",
    "Options": "help.click.options",
    "Arguments": "help.click.arguments",
    "Commands": "help.click.commands",
    "Show this message and exit.": "help.click.help",
    "[OPTIONS]": "help.click.usage_options",
    "COMMAND": "help.click.usage_command",
    "[ARGS]...": "help.click.usage_args",
    "required": "help.click.required",
}
_EXTRA = re.compile(r"^(?P<text>.*?)(?:\s{2}\[(?P<extra>[^\[\]]+)\])?$", re.DOTALL)


def lang_values(args: Sequence[str]) -> list[str]:
    """The values given to ``--lang X`` / ``--lang=X`` among ``args``, in order."""
    values = []
    for i, arg in enumerate(args):
        if arg == "--lang" and i + 1 < len(args):
            values.append(args[i + 1])
        elif arg.startswith("--lang="):
            values.append(arg.partition("=")[2])
    return values


def unknown_language(args: Sequence[str]) -> str | None:
    """The first value of ``--lang`` among ``args`` that names no language (``en``, ``ro``, in
    any case; the tests' pseudo-locale ``qps`` is accepted but never offered), or None."""
    for value in lang_values(args):
        if value.strip().lower() not in (*LANGUAGES, PSEUDO):
            return value
    return None


def sniff_language(args: Sequence[str]) -> str:
    """The language of one invocation: the value of ``--lang X`` / ``--lang=X`` among ``args``
    when it names a language, else the environment's; remembered for the help and the error
    line."""
    lang = ""
    for value in lang_values(args):
        if value.strip().lower() in (*LANGUAGES, PSEUDO):
            lang = value.strip().lower()
    chosen = lang or default_language()
    _CHOSEN[:] = [chosen]
    return chosen


def remember(lang: str) -> None:
    """Keep ``lang`` as the language of this invocation (a command's resolved ``--lang``)."""
    _CHOSEN[:] = [lang]


def help_language() -> str:
    """The language sniffed last, else the environment's."""
    return _CHOSEN[0] if _CHOSEN else default_language()


@cache
def _english_ids() -> dict[str, str]:
    """English text -> id of every ``help.*`` catalogue text (the first id of a shared text)."""
    english = translations("en")
    raw: dict[object, str] = getattr(english, "_catalog", {})
    found: dict[str, str] = {}
    for key in sorted(k for k in raw if isinstance(k, str)):
        if key.startswith("help.") and not key.startswith("help.click."):
            found.setdefault(raw[key], key)
    return found


def translate(text: str, m: Messages) -> str:
    """``text`` in the language of ``m`` when it is a help text of the catalogue (an option's
    ``[default: ...]`` / ``[required]`` tail too), else ``text`` unchanged."""
    if m.lang == "en" or not text:
        return text
    key = _CLICK.get(text) or _english_ids().get(text)
    if key is not None and m.lang == PSEUDO:  # every word marked: wrapping keeps the markers
        return re.sub(r"\S+", lambda word: f"{PSEUDO_OPEN}{word[0]}{PSEUDO_CLOSE}", text)
    if key is not None:
        return m(key)
    match = _EXTRA.match(text)
    if match is None or match["extra"] is None:
        return text
    parts = []
    for item in match["extra"].split("; "):
        name, sep, value = item.partition(": ")
        if sep and name == "default":
            parts.append(m("help.click.default", value=value))
        else:
            parts.append(translate(item, m))
    return f"{translate(match['text'], m)}  [{'; '.join(parts)}]"


#: click's usage errors, as ``format_message`` writes them, and their catalogue ids
_USAGE_ERRORS = (
    (
        re.compile(r"No such option: (?P<name>\S+)(?: \(Possible options: (?P<hint>[^)]*)\))?$"),
        "help.click.no_such_option",
    ),
    (re.compile(r"Invalid value for (?P<name>'[^']*'): (?P<hint>.*)$"), "help.click.invalid_value"),
    (re.compile(r"Missing argument (?P<name>'[^']*')\.$"), "help.click.missing_argument"),
    (re.compile(r"Missing option (?P<name>'[^']*')\.$"), "help.click.missing_option"),
    (
        re.compile(r"Got unexpected extra argument(?:\(s\)|s)? \((?P<name>.*)\)$"),
        "help.click.extra_arguments",
    ),
    (re.compile(r"No such command (?P<name>'[^']*')\.$"), "help.click.no_such_command"),
    (re.compile(r"Option (?P<name>'[^']*') requires an argument\.$"), "help.click.needs_argument"),
)
_USAGE_IDS = (
    N_("help.click.no_such_option"),
    N_("help.click.no_such_option.hint"),
    N_("help.click.invalid_value"),
    N_("help.click.missing_argument"),
    N_("help.click.missing_option"),
    N_("help.click.extra_arguments"),
    N_("help.click.no_such_command"),
    N_("help.click.needs_argument"),
    N_("help.click.see_help"),
)


def usage_error(message: str, command_path: str | None, m: Messages) -> str:
    """click's usage error ``message`` (one line) in the language of ``m``, with "(see 'PATH
    --help')" after it when ``command_path`` is given; a message of another shape stays as it is
    (click's detail after "Invalid value" is click's own English)."""
    text = message
    if m.lang != "en":
        text = m(N_("help.click.other"))  # a usage error of another shape: no English words
        for pattern, key in _USAGE_ERRORS:
            found = pattern.match(message)
            if found is not None:
                hint = found.groupdict().get("hint") or ""
                if key == "help.click.no_such_option" and hint:
                    text = m("help.click.no_such_option.hint", name=found["name"], hint=hint)
                elif key == "help.click.invalid_value":
                    text = m(key, name=found["name"], hint=usage_hint(hint, m))
                else:
                    text = m(key, name=found["name"], hint=hint)
                break
    if command_path is None:
        return text
    return f"{text} {m('help.click.see_help', path=command_path)}"


#: click's and pydantic's words after "Invalid value for '--x':", and their catalogue ids
_HINTS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"Input should be a valid integer\b.*"), N_("cli.usage.integer")),
    (re.compile(r"Input should be a valid number\b.*"), N_("cli.usage.number")),
    (re.compile(r"Input should be a valid boolean\b.*"), N_("cli.usage.boolean")),
    (
        re.compile(r"'(?P<value>.*)' is not a valid (?:integer|int)(?: range)?\.?"),
        N_("cli.usage.integer"),
    ),
    (re.compile(r"'(?P<value>.*)' is not a valid float(?: range)?\.?"), N_("cli.usage.number")),
    (re.compile(r"'(?P<value>.*)' is not a valid boolean\.?"), N_("cli.usage.boolean")),
    (
        re.compile(
            r"'(?P<value>[^']*)' is not one of (?P<choices>(?:'[^']*'(?:, )?)+)\.?(?P<rest>.*)"
        ),
        N_("cli.usage.choice"),
    ),
    (
        re.compile(r"(?P<value>\S+) is not in the range (?P<range>.*?)\.?"),
        N_("cli.usage.range"),
    ),
    (
        re.compile(r"(?:File|Directory|Path) '(?P<value>.*)' does not exist\.?"),
        N_("cli.usage.no_path"),
    ),
    (
        re.compile(r"(?:File|Directory|Path) '(?P<value>.*)' is a directory\.?"),
        N_("cli.usage.is_dir"),
    ),
)


def usage_hint(hint: str, m: Messages) -> str:
    """The detail of a usage error ("'x' is not one of 'en', 'ro'.", pydantic's "Input should
    be a valid integer...") in the language of ``m``: a catalogue text by its kind with the
    value, choices or range as parameters; a detail of another kind is "not a valid value"
    (click's and pydantic's English never shown in another language)."""
    if m.lang == "en":
        return hint
    for pattern, key in _HINTS:
        found = pattern.fullmatch(hint.strip())
        if found is not None:
            params = {k: v for k, v in found.groupdict().items() if k != "rest"}
            rest = (found.groupdict().get("rest") or "").strip()
            text = m(key, **params)
            return f"{text} {rest}" if rest else text
    return m(N_("cli.usage.other"))


class LocalizedFormatter(HelpFormatter):
    """click's help formatter writing the texts in the language of the invocation."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.m = Messages(help_language())

    def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
        """The usage line, its ``Usage:``, ``[OPTIONS]``, ``COMMAND`` words translated."""
        words = " ".join(translate(word, self.m) for word in args.split(" "))
        super().write_usage(prog, words, f"{translate('Usage:', self.m)} ")

    def write_heading(self, heading: str) -> None:
        """A section heading (``Options``, ``Commands``) translated."""
        super().write_heading(translate(heading, self.m))

    def write_text(self, text: str) -> None:
        """A help paragraph translated (the whole help of a command is one text)."""
        super().write_text(translate(text, self.m))

    def write_dl(self, rows: Sequence[tuple[str, str]], *args: object, **kwargs: object) -> None:
        """The option and command rows, their help translated."""
        done: Iterable[tuple[str, str]] = [(term, translate(text, self.m)) for term, text in rows]
        super().write_dl(list(done), *args, **kwargs)  # type: ignore[arg-type]


class LocalizedContext(Context):
    """A click context (typer's own copy of click) whose help is written by ``LocalizedFormatter``."""

    formatter_class = LocalizedFormatter
