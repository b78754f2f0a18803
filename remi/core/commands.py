"""The Romanian words a player may type in place of the English commands of ``remi play``.

Each family lists its own words (``Variant.command_words`` offers them to tab completion); the
program's own words are ``FRAME_WORDS``. Diacritics are optional when typing: ``anunt`` is
``anunț``, ``ies`` is ``ieș`` and ``iesi`` is ``ieși`` (``fold``). A verb may have several words (the first person
``arunc`` and the imperative ``aruncă``); the first listed is the one the program shows
(``in_romanian``). The record always keeps the canonical (English)
action: a Romanian word is replaced before the line is parsed. docs/glossary.md lists them.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from typing import Final

from remi.core.errors import NotationError

__all__ = [
    "FRAME_WORDS",
    "canonical_command",
    "first_words",
    "fold",
    "in_romanian",
    "split_commands",
    "verbs_in_words",
]

#: The program's own commands in Romanian: word -> English command.
FRAME_WORDS: Final[Mapping[str, str]] = {
    "ajutor": "help",
    "sugestie": "hint",
    "salvez": "save",
    "ieș": "quit",
    "anulez": "undo",
    "salvează": "save",
    "ieși": "quit",
    "anulează": "undo",
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


def split_commands(line: str) -> list[str]:
    """The commands of one typed line, in order: ``;`` separates them in every language and
    after every command, ``save FILE`` too (a file name cannot hold a ``;``), with or without
    blanks around it (``nou R8 G8 A8;gata`` is ``nou R8 G8 A8`` then ``gata``); empty parts are
    dropped. A line without ``;`` is one command, returned as typed.

    >>> split_commands("new R8 Y8 B8;done")
    ['new R8 Y8 B8', 'done']
    >>> split_commands("save /tmp/s7.json;discard R1")
    ['save /tmp/s7.json', 'discard R1']
    """
    if ";" not in line:
        return [line]
    return [part for part in (p.strip() for p in line.split(";")) if part] or [""]


def first_words(words: Mapping[str, str]) -> dict[str, str]:
    """English verb -> the first Romanian word ``words`` (word -> English verb) lists for it:
    the word the program shows (``{"arunc": "discard", "aruncă": "discard"}`` gives
    ``{"discard": "arunc"}``)."""
    first: dict[str, str] = {}
    for romanian, english in words.items():
        first.setdefault(english, romanian)
    return first


def in_romanian(command_text: str, words: Mapping[str, str]) -> str:
    """A command as a Romanian player types it: its first word, an English verb, replaced by the
    first Romanian word for it in ``words`` or ``FRAME_WORDS`` (the reverse of
    ``canonical_command``); a command with no Romanian word is unchanged. The tiles keep their
    canonical letters: the screen shows them in Romanian letters (``colour_letters.shown``).

    >>> in_romanian("discard Y2", {"arunc": "discard", "aruncă": "discard"})
    'arunc Y2'
    >>> in_romanian("help", {})
    'ajutor'
    """
    verb, sep, rest = command_text.partition(" ")
    for table in (words, FRAME_WORDS):
        romanian = first_words(table).get(verb.lower())
        if romanian is not None:
            return f"{romanian}{sep}{rest}"
    return command_text


def verbs_in_words(exc: NotationError, words: Mapping[str, str], romanian: bool) -> NotationError:
    """``exc`` as the player should read it: when it refuses an unknown action word
    (``notation.unknown_verb``) and the player plays in Romanian, the actions it lists are the
    Romanian ``words`` (word -> English verb) he may type, the first word of each verb, not the
    English verbs. Any other error, or an English player, gets ``exc`` unchanged."""
    if romanian and exc.message_id == "notation.unknown_verb" and words:
        exc.params = {**exc.params, "verbs": ", ".join(first_words(words).values())}
    return exc
