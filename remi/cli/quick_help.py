"""``remi``, ``remi --help``, ``remi GROUP [--help]`` and ``remi --version`` without typer,
click or rich: the help of a group drawn straight from the command table (``remi.cli.help_table``).

These invocations only print a text that the table holds, yet importing typer, click and rich
(and rich's Markdown renderer) would cost most of their CPU time (``benchmarks/startup.py``).
``remi.cli.main`` asks ``answer`` first; an invocation it does not recognise (any other option,
a command, a language other than ``en``/``ro``) goes to typer, which draws the same help
(tests/test_quick_help.py compares the two). The drawing is the same as typer's: in English
rich's panels (``Usage``, the ``Options`` and ``Commands`` boxes), in another language click's
plain layout with every text translated (``remi.cli.help_i18n``); colours only on a terminal,
never under ``--no-color`` or ``NO_COLOR`` (docs/architecture.md, "Start-up").
"""

from __future__ import annotations

import os
import re
import sys

from remi.cli.help_table import GROUP_HELP, HELP_IDS_OF, LAZY_COMMANDS, ROOT_OPTIONS

TYPE_CHECKING = False
if TYPE_CHECKING:  # ``typing`` is not imported at run time
    from collections.abc import Callable, Sequence

__all__ = ["HelpRequest", "answer", "help_request", "render", "shortcut_language"]

#: The groups of commands of ``remi`` (its help lists them after the commands).
GROUPS = ("check", "solve", "rules")
#: The languages drawn here (the tests' pseudo-locale goes to typer).
_DRAWN = ("en", "ro")
#: click's words in the plain layout and their catalogue ids (``remi.cli.help_i18n``).
_CLICK_IDS = {
    "Usage:": "help.click.usage",
    "Options": "help.click.options",
    "Commands": "help.click.commands",
    "[OPTIONS]": "help.click.usage_options",
    "COMMAND": "help.click.usage_command",
    "[ARGS]...": "help.click.usage_args",
}
#: A code span of the help's Markdown (```--set```): shown without its backticks.
_CODE = re.compile(r"`([^`]+)`")
#: The ANSI styles of typer's rich help (``typer.rich_utils``): usage, names, borders.
_BOLD, _YELLOW, _CYAN, _DIM, _RESET = "\x1b[1m", "\x1b[1;33m", "\x1b[1;36m", "\x1b[2m", "\x1b[0m"


class HelpRequest:
    """What an invocation asks for: ``group`` ("" for ``remi`` itself), ``lang`` (``None``:
    the environment's), ``asked`` (``--help`` given: exit 0; otherwise the help stands for a
    missing command: exit 2) and ``no_color``."""

    __slots__ = ("asked", "group", "lang", "no_color")

    def __init__(self, group: str, lang: str | None, *, asked: bool, no_color: bool) -> None:
        self.group = group
        self.lang = lang
        self.asked = asked
        self.no_color = no_color


def help_request(argv: Sequence[str]) -> HelpRequest | None:
    """The help asked for by ``argv`` (the arguments after ``remi``), or ``None`` when ``argv``
    asks for anything else: ``[--lang en|ro | --lang=en|ro | --no-color | --help]... [GROUP
    [--help]]``, where ``--help`` before a group, and ``--no-color`` with neither a group nor
    ``--help``, are left to typer."""
    group, lang, asked, no_color = "", None, False, False
    i = 0
    while i < len(argv):
        arg = argv[i]
        if not group and arg == "--lang" and i + 1 < len(argv) and argv[i + 1] in _DRAWN:
            lang = argv[i + 1]
            i += 1
        elif not group and arg.startswith("--lang=") and arg[len("--lang=") :] in _DRAWN:
            lang = arg[len("--lang=") :]
        elif not group and arg == "--no-color":
            no_color = True
        elif not group and not asked and arg in GROUPS:
            group = arg
        elif arg == "--help" and not asked:
            asked = True
        else:
            return None
        i += 1
    if no_color and not (group or asked):  # `remi --no-color`: typer's "Missing command"
        return None
    return HelpRequest(group, lang, asked=asked, no_color=no_color)


def answer(argv: Sequence[str]) -> int | None:
    """Print what ``argv`` asks for when it is a group's help (``help_request``) or the version
    (``--version`` alone) and return the exit code (0, or 2 for a group without a command, as
    typer's); ``None``, printing nothing, for any other invocation."""
    if list(argv) == ["--version"]:
        from remi import __version__

        sys.stdout.write(f"remi {__version__}\n")
        return 0
    request = help_request(argv)
    if request is None:
        return None
    lang = shortcut_language(request.lang)
    if lang is None:
        return None
    colour = _colours(sys.stdout) and not request.no_color
    sys.stdout.write(render(request.group, lang, _width(lang), colour=colour))
    sys.stdout.flush()
    return 0 if request.asked else 2


def shortcut_language(given: str | None) -> str | None:
    """The language of a shortcut's output: ``given`` (``--lang``), else the environment's
    (``REMI_LANG``, the locale); ``None`` for one the shortcuts leave to typer (the tests'
    pseudo-locale)."""
    from remi.core.catalogues import default_language

    lang = given or default_language()
    return lang if lang in _DRAWN else None


def render(group: str, lang: str, width: int, *, colour: bool = False) -> str:
    """The help of ``group`` ("" for ``remi``) in ``lang``, ``width`` columns wide: rich's
    panels in English (``colour``: with ANSI styles), click's plain layout in another language.

    Raises:
        ValueError: for a language without a catalogue.
    """
    if lang == "en":
        return _panels(group, width, colour)
    from remi.core.catalogues import translations

    catalogue = translations(lang)
    return _plain(group, width, catalogue.gettext)


def _program() -> str:
    """The program's name in the usage line, as click names it: ``remi`` (the script's file
    name), or ``python -m remi`` when run as a module."""
    main = sys.modules.get("__main__")
    package = getattr(main, "__package__", None)
    path = sys.argv[0] if sys.argv and sys.argv[0] else ""
    if not package:
        return os.path.basename(path)
    name = os.path.splitext(os.path.basename(path))[0]
    module = package if name == "__main__" else f"{package}.{name}"
    return f"python -m {module.lstrip('.')}"


def _rows(group: str) -> list[tuple[str, str, str]]:
    """The commands of ``group`` in the help's order: name, English help, catalogue id."""
    rows = [
        (name, text, HELP_IDS_OF[group][name]) for name, (_, text) in LAZY_COMMANDS[group].items()
    ]
    if not group:
        rows += [(name, *GROUP_HELP[name]) for name in GROUPS]
    return rows


def _options(group: str) -> tuple[tuple[str, str, str], ...]:
    """The options of ``group``'s help: the root's, or ``--help`` alone."""
    return ROOT_OPTIONS if not group else ROOT_OPTIONS[-1:]


def _colours(stream: object) -> bool:
    """Whether rich would colour ``stream``: a terminal (or ``FORCE_COLOR``, ``PY_COLORS``,
    ``GITHUB_ACTIONS`` set, as typer forces), not ``TERM=dumb``, and no ``NO_COLOR``."""
    env = os.environ
    if env.get("NO_COLOR", "") != "" or env.get("TERM", "").lower() in ("dumb", "unknown"):
        return False
    if env.get("FORCE_COLOR") or env.get("PY_COLORS") or env.get("GITHUB_ACTIONS"):
        return True
    isatty = getattr(stream, "isatty", None)
    return bool(isatty is not None and isatty())


def _width(lang: str) -> int:
    """The width the help is drawn at, as typer's would be: rich's (``TERMINAL_WIDTH``, else
    ``COLUMNS``, else the terminal of standard input, output or error, else 80) in English;
    click's (the terminal's, at most 80, less 2, at least 50) in another language."""
    env = os.environ
    if lang == "en" and env.get("TERMINAL_WIDTH", "").isdigit():
        return int(env["TERMINAL_WIDTH"])
    columns = env.get("COLUMNS", "")
    if lang != "en":
        found = int(columns) if columns.isdigit() and int(columns) > 0 else _terminal((1,)) or 80
        return max(min(found, 80) - 2, 50)
    return (int(columns) if columns.isdigit() else _terminal((0, 1, 2))) or 80


def _terminal(descriptors: tuple[int, ...]) -> int:
    """The columns of the first of ``descriptors`` that is a terminal (0 when none is)."""
    for descriptor in descriptors:
        try:
            return os.get_terminal_size(descriptor).columns
        except (OSError, ValueError):
            continue
    return 0


def _words(text: str, width: int) -> list[list[tuple[str, str]]]:
    """``text`` (Markdown: one paragraph, code spans in backticks) wrapped at ``width`` as rich
    wraps it (at spaces): lines of words, each word a list of runs ``(text, kind)``, ``kind``
    "code" for a code span's characters, else ""."""
    runs = [
        (part, "code" if i % 2 else "")
        for i, part in enumerate(_CODE.split(" ".join(text.split())))
    ]
    words: list[list[tuple[str, str]]] = [[]]
    for part, kind in runs:
        pieces = part.split(" ")
        for n, piece in enumerate(pieces):
            if n > 0:
                words.append([])
            if piece:
                words[-1].append((piece, kind))
    lines: list[list[list[tuple[str, str]]]] = [[]]
    used = 0
    for word in (w for w in words if w):
        size = sum(len(piece) for piece, _ in word)
        if lines[-1] and used + 1 + size > width:
            lines.append([])
        used = size if not lines[-1] else used + 1 + size
        lines[-1].append(word)
    return [_joined(line) for line in lines]


def _joined(line: list[list[tuple[str, str]]]) -> list[tuple[str, str]]:
    """The runs of one line's words, a space between words."""
    out: list[tuple[str, str]] = []
    for n, word in enumerate(line):
        if n > 0:
            out.append((" ", ""))
        out += word
    return out


def _styled(line: list[tuple[str, str]], width: int, colour: bool) -> str:
    """One wrapped line padded to ``width``, its code bold cyan on black (``colour``)."""
    plain = "".join(piece for piece, _ in line)
    if not colour:
        return plain.ljust(width)
    shown = "".join(f"\x1b[1;36;40m{p}{_RESET}" if kind else p for p, kind in line)
    return shown + " " * (width - len(plain))


def _panels(group: str, width: int, colour: bool) -> str:
    """The English help as typer draws it with rich: usage, text and two boxed tables."""

    def paint(text: str, style: str) -> str:
        return f"{style}{text}{_RESET}" if colour and text else text

    usage = f"{_program()} {group}".strip() + " [OPTIONS] COMMAND [ARGS]..."
    blank = " " * width
    out = [blank, f" {paint('Usage: ', _YELLOW)}{paint(usage, _BOLD)}".ljust(width), blank]
    if colour:  # ljust counted the styles' characters
        out[1] = (
            " " + paint("Usage: ", _YELLOW) + paint(usage, _BOLD) + " " * (width - 8 - len(usage))
        )
    out += [
        f" {_styled(line, width - 2, colour)} " for line in _words(GROUP_HELP[group][0], width - 2)
    ]
    out.append(blank)

    def panel(title: str, rows: list[tuple[str, str]], gap: str, styled_gap: str) -> None:
        """A box titled ``title``: each row's name (bold cyan), ``gap``, its help wrapped."""
        left = max(len(name) for name, _ in rows) + len(gap)
        top = "╭─" + f" {title} " + "─" * (width - 5 - len(title)) + "╮"
        out.append(paint(top, _DIM))
        for name, text in rows:
            for n, line in enumerate(_words(text, width - 4 - left)):
                head = paint(name, _CYAN) + " " * (left - len(gap) - len(name)) + styled_gap
                body = _styled(line, width - 4 - left, colour)
                edge = paint("│", _DIM)
                out.append(f"{edge} {head if n == 0 else ' ' * left}{body} {edge}")
        out.append(paint("╰" + "─" * (width - 2) + "╯", _DIM))

    gap = " " * 10  # the flags show no value placeholder (remi.cli.app._flags_without_metavar)
    options = [(name, text) for name, text, _ in _options(group)]
    panel("Options", options, gap, gap)
    panel("Commands", [(name, text) for name, text, _ in _rows(group)], "  ", "  ")
    return "\n".join(out) + "\n\n"


def _plain(group: str, width: int, text_of: Callable[[str], str]) -> str:
    """The help in click's plain layout, every text the catalogue's (``text_of(id)``)."""
    import textwrap

    def wrap(text: str, at: int, first: str = "", rest: str = "") -> list[str]:
        wrapper = textwrap.TextWrapper(
            at, initial_indent=first, subsequent_indent=rest, replace_whitespace=False
        )
        return wrapper.fill(text).splitlines()

    def dl(rows: list[tuple[str, str]]) -> list[str]:
        first_col = min(max(len(term) for term, _ in rows), 30) + 2
        lines = []
        for term, text in rows:
            wrapped = wrap(text, max(width - first_col - 2, 10)) or [""]
            lines.append(f"  {term}{' ' * (first_col - len(term))}{wrapped[0]}".rstrip())
            lines += [" " * (first_col + 2) + line for line in wrapped[1:]]
        return lines

    prog = f"{_program()} {group}".strip()
    words = " ".join(text_of(_CLICK_IDS[w]) for w in ("[OPTIONS]", "COMMAND", "[ARGS]..."))
    prefix = f"{text_of(_CLICK_IDS['Usage:'])} {prog} "
    out = wrap(words, width, prefix, " " * len(prefix))
    out += ["", *wrap(text_of(GROUP_HELP[group][1]), width, "  ", "  ")]
    out += ["", text_of(_CLICK_IDS["Options"]) + ":"]
    out += dl([(name, text_of(key)) for name, _, key in _options(group)])
    rows = _rows(group)
    limit = width - 6 - max(len(name) for name, _, _ in rows)
    out += ["", text_of(_CLICK_IDS["Commands"]) + ":"]
    out += dl([(name, _short(" ".join(text_of(key).split()), limit)) for name, _, key in rows])
    return "\n".join(out) + "\n"


def _short(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters as click cuts a command's help in a listing: at the
    first sentence's end when it fits, else after the last word that fits, with "..."."""
    words = text.split()
    total = 0
    for i, word in enumerate(words):
        total += len(word) + (i > 0)
        if total > limit:
            break
        if word.endswith("."):
            return " ".join(words[: i + 1])
        if total == limit and i != len(words) - 1:
            break
    else:
        return " ".join(words)
    total += 3
    while i > 0:
        total -= len(words[i]) + (i > 0)
        if total <= limit:
            break
        i -= 1
    return " ".join(words[:i]) + "..."
