"""Tile colours in the reader's letters: R, G, A, N in Romanian (roșu, galben, albastru, negru).

The canonical notation (docs/glossary.md, ``remi.core.tiles``) writes the colours R (red),
Y (yellow), B (blue), K (black): records, ``--json``, saves and rule files keep it. On screen and
on input a Romanian player may use the Romanian letters instead: ``R`` roșu, ``G`` galben,
``A`` albastru, ``N`` negru. The two alphabets share only ``R``, which means red in both, so
reading either one is never ambiguous; a letter becomes a colour only when a tile number (1-13)
follows it (``G7``, ``J[A5]``), so no command word (``trage``, ``atu``, ``ia 4``) and not the
joly ``J`` can be read as a tile.

The line mode of ``remi play`` shows its output through ``shown`` and reads its input through
``typed``; a screen of its own (the Textual board) can call the same two functions, and
``legend`` gives the line that explains the letters.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Final

from remi.core.messages import Messages

__all__ = ["LETTERS", "canonical_letters", "legend", "shown", "typed"]

#: Per language, canonical colour letter -> the letter shown (a language not listed: canonical).
LETTERS: Final[Mapping[str, Mapping[str, str]]] = {
    "ro": {"R": "R", "Y": "G", "B": "A", "K": "N"},
}

# a tile token: after a blank, a bracket, a comma, a hyphen or an ANSI style, before any
# character that cannot continue a tile ("R7,", "J[R7]", "[R7 R8 R9]", "R7-R9")
_SHOWN = re.compile(
    r"(^|[\s\[\(,\-:;/|│]|\x1b\[[0-9;]*m)([A-Z])(1[0-3]|[1-9])(?![0-9A-Za-z_])", re.MULTILINE
)
# a typed tile token: ``;`` separates commands (``nou R8 G8 A8;gata``), so it ends a tile too
_TYPED = re.compile(r"(^|[\s\[,\-;])([A-Za-z])(1[0-3]|[1-9])(?=$|[\s\],\-;])")


def canonical_letters(lang: str) -> Mapping[str, str]:
    """Canonical letter -> shown letter in ``lang`` (the identity for English)."""
    return LETTERS.get(lang, {c: c for c in "RYBK"})


def shown(text: str, lang: str) -> str:
    """``text`` with every tile token's colour in the letters of ``lang`` (``Y7`` -> ``G7``,
    ``J[K5]`` -> ``J[N5]`` in Romanian); other words, numbers and rule ids are left alone."""
    letters = LETTERS.get(lang)
    if not letters:
        return text
    return _SHOWN.sub(lambda t: f"{t[1]}{letters.get(t[2], t[2])}{t[3]}", text)


def typed(text: str, lang: str) -> str:
    """A line typed in ``lang`` with the tiles in canonical letters (``G7`` -> ``Y7``, ``a5`` ->
    ``B5``); the canonical letters stay readable too, since the alphabets do not overlap."""
    letters = LETTERS.get(lang)
    if not letters:
        return text
    back = {shown_letter: canonical for canonical, shown_letter in letters.items()}
    return _TYPED.sub(lambda t: f"{t[1]}{back.get(t[2].upper(), t[2])}{t[3]}", text)


def legend(m: Messages) -> str:
    """The line that explains the colour letters in the language of ``m``
    ("Culori: R roșu, G galben, A albastru, N negru")."""
    return m("colours.legend")
