"""``remi check meld TILES`` without typer or rich: the check's lines printed straight from the
report, for the invocations that only ask for them.

``remi check meld "R1 R2 R3"`` prints a few plain lines; importing typer, click and rich for it
would cost more CPU than the check itself (``benchmarks/startup.py``). ``remi.cli.main`` asks
``answer_meld`` after ``remi.cli.quick_help``: it answers ``check meld TILES`` with at most
``--rules NAME``, ``--lang en|ro`` and ``--no-color`` (the lines have no colour) when the tiles
and the preset are good; anything else (``--json``, ``--set``, another option, a bad tile, an
unknown preset) goes to typer (``remi.cli.check``), which prints the same lines or the one-line
error with its exit code (tests/test_quick_help.py compares the two; docs/architecture.md,
"Start-up").
"""

from __future__ import annotations

import sys

TYPE_CHECKING = False
if TYPE_CHECKING:  # ``typing`` is not imported at run time
    from collections.abc import Sequence

__all__ = ["MeldRequest", "answer_meld", "meld_request"]

#: The options of ``check meld`` answered here (each takes a value).
_VALUED = ("--lang", "--rules")
#: The languages of ``--lang`` answered here (the tests' pseudo-locale goes to typer).
_LANGUAGES = ("en", "ro")


class MeldRequest:
    """A plain ``check meld``: the ``tiles`` as typed, the preset ``rules`` and the ``lang``
    (``None``: the environment's)."""

    __slots__ = ("lang", "rules", "tiles")

    def __init__(self, tiles: str, rules: str, lang: str | None) -> None:
        self.tiles = tiles
        self.rules = rules
        self.lang = lang


def meld_request(argv: Sequence[str]) -> MeldRequest | None:
    """The ``check meld`` that ``argv`` (the arguments after ``remi``) asks for, or ``None``
    when it asks for anything else: ``check meld TILES`` with ``--rules NAME`` / ``--rules=NAME``,
    ``--lang en|ro`` / ``--lang=en|ro`` and ``--no-color`` in any order, each at most once."""
    if list(argv[:2]) != ["check", "meld"]:
        return None
    found: dict[str, str] = {}
    tiles: str | None = None
    rest = list(argv[2:])
    while rest:
        arg = rest.pop(0)
        name, equals, value = arg.partition("=")
        if arg in _VALUED and rest:
            name, value = arg, rest.pop(0)
        elif not (equals and name in _VALUED):
            if arg == "--no-color" and arg not in found:
                found[arg] = ""
                continue
            if tiles is None and arg and not arg.startswith("-"):
                tiles = arg
                continue
            return None
        if name in found or not value or value.startswith("-"):
            return None
        if name == "--lang" and value not in _LANGUAGES:
            return None
        found[name] = value
    if tiles is None:
        return None
    return MeldRequest(tiles, found.get("--rules", "remi-pe-tabla"), found.get("--lang"))


def answer_meld(argv: Sequence[str]) -> int | None:
    """Print the check of the formation ``argv`` asks about (``meld_request``) and return its
    exit code (0 valid, 1 invalid); ``None``, printing nothing, for any other invocation or when
    the check raises (a bad tile, an unknown preset: typer's ``remi check meld`` then reports
    it as every bad input, one line and exit 2)."""
    request = meld_request(argv)
    if request is None:
        return None
    from remi.cli.quick_help import shortcut_language

    lang = shortcut_language(request.lang)
    if lang is None:
        return None
    try:
        from remi.cli.check_report import report_lines
        from remi.cli.messages import messages
        from remi.core.colour_letters import shown, typed
        from remi.core.dispute_support import meld_report
        from remi.core.presets import load_rules

        rules = load_rules(request.rules, {})
        report = meld_report(typed(request.tiles, lang), rules)
        text = "".join(shown(line, lang) + "\n" for line in report_lines(report, messages(lang)))
    except Exception:  # noqa: BLE001 - typer's path reports it with the command's own errors
        return None
    sys.stdout.write(text)
    sys.stdout.flush()
    return 0 if report.valid else 1
