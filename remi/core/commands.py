"""The Romanian words a player may type in place of the English commands of ``remi play``.

Each family lists its own words (``Variant.command_words`` offers them to tab completion); the
program's own words are ``FRAME_WORDS``. Diacritics are optional when typing: ``anunt`` is
``anunț``, ``ies`` is ``ieș`` (``fold``). The record always keeps the canonical (English)
action: a Romanian word is replaced before the line is parsed. docs/glossary.md lists them.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from typing import Final

from remi.core.errors import NotationError

__all__ = ["FRAME_WORDS", "canonical_command", "fold", "verbs_in_words"]

#: The program's own commands in Romanian: word -> English command.
FRAME_WORDS: Final[Mapping[str, str]] = {
    "ajutor": "help",
    "sugestie": "hint",
    "salvez": "save",
    "ieș": "quit",
    "anulez": "undo",
}


def fold(word: str) -> str:
    """``word`` in lower case without diacritics (ș and ş both become s, ă and â become a)."""
    decomposed = unicodedata.normalize("NFD", word.lower())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def canonical_command(text: str, words: Mapping[str, str]) -> str:
    """``text`` with its first word replaced by the English command when it is one of
    ``words`` or ``FRAME_WORDS`` (diacritics optional); other text unchanged.

    >>> canonical_command("ia 4", {"ia": "take"})
    'take 4'
    >>> canonical_command("anunt", {"anunț": "announce"})
    'announce'
    """
    word, sep, rest = text.partition(" ")
    folded = fold(word)
    for table in (words, FRAME_WORDS):
        for romanian, english in table.items():
            if fold(romanian) == folded:
                return f"{english}{sep}{rest}"
    return text


def verbs_in_words(exc: NotationError, words: Mapping[str, str], romanian: bool) -> NotationError:
    """``exc`` as the player should read it: when it refuses an unknown action word
    (``notation.unknown_verb``) and the player plays in Romanian, the actions it lists are the
    Romanian ``words`` (word -> English verb) he may type, not the English verbs. Any other
    error, or an English player, gets ``exc`` unchanged."""
    if romanian and exc.message_id == "notation.unknown_verb" and words:
        exc.params = {**exc.params, "verbs": ", ".join(dict.fromkeys(words))}
    return exc
