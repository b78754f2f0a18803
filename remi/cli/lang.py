"""The one language setting of every command: ``--lang en|ro``.

Without the option the language is ``REMI_LANG``, then the locale (``LC_ALL``, ``LC_MESSAGES``,
``LANG`` beginning with ``ro`` gives Romanian), else English
(``remi.core.messages.default_language``). ``--json`` output stays language-neutral (ids, rule
ids, numbers) whatever the language; only its ``text`` fields are in it (docs/cli.md).
"""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING, Annotated, Any

import typer

from remi.cli.output import set_lang
from remi.core.messages import LANGUAGES, PSEUDO, Messages, default_language

if TYPE_CHECKING:
    from rich.console import Console

__all__ = [
    "LangOption",
    "Language",
    "language",
    "letters_console",
    "localized_messages",
    "typed_tiles",
]


class Language(StrEnum):
    """The languages of ``--lang``: English, Romanian, and the tests' pseudo-locale (every
    text between markers, remi.core.messages)."""

    en = "en"
    ro = "ro"
    qps = PSEUDO


#: The ``--lang`` option of every command (None: the environment decides).
LangOption = Annotated[
    Language | None,
    typer.Option(
        "--lang",
        help="Language of the output: en or ro (default: REMI_LANG, then the locale).",
        show_default=False,
        metavar="en|ro",  # the pseudo-locale qps is for the tests
        case_sensitive=False,
        is_eager=True,  # read first: the errors of the other options are told in it
        callback=set_lang,
    ),
]


def language(value: str | Language | None, recorded: str = "") -> str:
    """The language of a command: ``value`` (the ``--lang`` option) when given, else
    ``recorded`` (a saved game's), else the environment's.

    A language without a catalogue ends the command with one ``error:`` line (exit 2), like
    every bad argument.
    """
    from remi.cli.help_i18n import remember

    if value is None:
        chosen = recorded or default_language()
        remember(chosen)
        return chosen
    chosen = (value.value if isinstance(value, Language) else value).strip().lower()
    if chosen not in LANGUAGES and chosen != PSEUDO:
        from rich.markup import escape

        from remi.cli.app import fail

        fail(escape(f"--lang must be one of {', '.join(LANGUAGES)}, got '{value}'"))
    remember(chosen)
    return chosen


def localized_messages(value: str | Language | None, recorded: str = "") -> Messages:
    """The messages of ``language(value, recorded)``."""
    from remi.cli.messages import messages

    return messages(language(value, recorded))


class LetterWriter:
    """The standard output of the line mode, writing the tiles' colours in the letters of the
    invocation's language (``remi.core.colour_letters.shown``: G, A, N in Romanian). The
    stream is looked up at each write (tests replace ``sys.stdout``)."""

    def write(self, text: str) -> int:
        """Write ``text`` with the colour letters of the language; returns its length."""
        import sys

        from remi.cli.help_i18n import help_language
        from remi.core.colour_letters import shown

        sys.stdout.write(shown(text, help_language()))
        return len(text)

    def flush(self) -> None:
        """Flush the standard output."""
        import sys

        sys.stdout.flush()

    def isatty(self) -> bool:
        """Whether the standard output is a terminal (rich decides colours by it)."""
        import sys

        return sys.stdout.isatty()

    def fileno(self) -> int:
        """The standard output's file descriptor."""
        import sys

        return sys.stdout.fileno()

    @property
    def encoding(self) -> str:
        """The standard output's encoding."""
        import sys

        return getattr(sys.stdout, "encoding", None) or "utf-8"


def letters_console(**options: Any) -> Console:
    """``make_console(**options)`` whose text shows the tiles' colours in the letters of the
    invocation's language (R G A N in Romanian, ``remi.core.colour_letters.shown``); JSON
    output never goes through it (it keeps the canonical R Y B K)."""
    from remi.cli.output import make_console

    return make_console(file=LetterWriter(), **options)


def typed_tiles(text: str, lang: str) -> str:
    """Tiles typed in ``lang`` in the canonical letters (``G7`` -> ``Y7`` in Romanian, the
    canonical letters read too: ``remi.core.colour_letters.typed``)."""
    from remi.core.colour_letters import typed

    return typed(text, lang)
