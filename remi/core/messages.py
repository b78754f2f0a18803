"""The words of a program that plays hands: the shared frame texts, and the ``Messages`` object.

A small catalogue, not a translation framework: per language, message ids and ``str.format``
templates. This module holds the texts every family's screen shares (prompts, refusals, saving,
score tables, match totals, replay lines); each family adds its own ids through
``Variant.messages()`` (``remi.cli.messages.messages`` merges them). The Romanian game terms
appear in both languages (etalare, suită, terță, lipire, șir, rupere, joly, închidere, pe tablă),
as players use them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

import attrs

__all__ = ["FRAME", "LANGUAGES", "Messages", "Texts", "plural_category", "plural_texts"]

#: Per language, message id -> template (a family's texts or the frame's).
Texts = Mapping[str, Mapping[str, str]]

_EN: Final[dict[str, str]] = {
    "hand": "Hand {hand}",
    "rack": "Your rack",
    "players": "Players",
    "col.player": "player",
    "col.tiles": "tiles",
    "col.status": "status",
    "col.owner": "owner",
    "col.formation": "formation",
    "col.rule": "rule",
    "col.what": "what",
    "col.points": "points",
    "col.total": "total",
    "last_actions": "Since your last turn",
    "prompt": "{name}> ",
    "pass_keyboard": "Pass the keyboard to {name} and press Enter (the rack stays hidden).",
    "illegal": "Refused: {error}",
    "bad_input": "Not understood: {error}  (type 'help')",
    "saved": "Game saved to {path}.",
    "quit": "Game left; the game was not saved.",
    "quit_saved": "Game left; it is saved in {path} (remi play --load {path}).",
    "help.more": "... and {count} more",
    "hand_over": "End of the hand",
    "scores": "Scores",
    "match_totals": "Match totals after hand {hand}",
    "match_winner": "{name} wins the match with {points} points.",
    "replay.action": "{index:>4}. {name}: {action}",
    "replay.illegal": "action {position} '{action}' is illegal: {message}",
    "replay.ok": "All {count} actions are legal.",
    "replay.unfinished": "The record ends before the hand does ({count} actions).",
    "auto.action": "{name}: {action}",
    "empty_input": "Type an action or 'help'.",
    "saving_failed": "Could not save to {path}: {error}",
    "default_human": "Player",
    "auto.header": "{rules}, seed {seed}: {players}",
}

_RO: Final[dict[str, str]] = {
    "hand": "Mâna {hand}",
    "rack": "Tabla ta",
    "players": "Jucători",
    "col.player": "jucător",
    "col.tiles": "piese",
    "col.status": "stare",
    "col.owner": "al cui",
    "col.formation": "formație",
    "col.rule": "regulă",
    "col.what": "ce",
    "col.points": "puncte",
    "col.total": "total",
    "last_actions": "De la tura ta trecută",
    "prompt": "{name}> ",
    "pass_keyboard": "Dă tastatura lui {name} și apasă Enter (tabla rămâne ascunsă).",
    "illegal": "Refuzat: {error}",
    "bad_input": "Nu am înțeles: {error}  (scrie 'help')",
    "saved": "Joc salvat în {path}.",
    "quit": "Ai ieșit din joc; jocul nu a fost salvat.",
    "quit_saved": "Ai ieșit din joc; e salvat în {path} (remi play --load {path}).",
    "help.more": "... și încă {count}",
    "hand_over": "Sfârșitul mâinii",
    "scores": "Punctaj",
    "match_totals": "Totalul meciului după mâna {hand}",
    "match_winner": "{name} câștigă meciul cu {points} puncte.",
    "replay.action": "{index:>4}. {name}: {action}",
    "replay.illegal": "acțiunea {position} '{action}' nu e permisă: {message}",
    "replay.ok": "Toate cele {count} acțiuni sunt permise.",
    "replay.unfinished": "Înregistrarea se oprește înainte de sfârșitul mâinii ({count} acțiuni).",
    "auto.action": "{name}: {action}",
    "empty_input": "Scrie o acțiune sau 'help'.",
    "saving_failed": "Nu am putut salva în {path}: {error}",
    "default_human": "Jucător",
    "auto.header": "{rules}, sămânța {seed}: {players}",
}

#: The frame texts: language code -> message id -> template.
FRAME: Final[dict[str, dict[str, str]]] = {"en": _EN, "ro": _RO}
#: The languages of the frame; every family provides texts in each of them.
LANGUAGES: Final[tuple[str, ...]] = tuple(FRAME)


@attrs.frozen
class Messages:
    """The messages of one language; ``m("rack")`` or ``m("hand", hand=2)`` formats a template.

    Attributes:
        lang: the language code (``"en"``, ``"ro"``).
        texts: message id -> template of that language (the frame's and the families').
    """

    lang: str = "en"
    texts: Mapping[str, str] = attrs.field(factory=lambda: FRAME["en"], eq=False, repr=False)

    def __call__(self, key: str, **values: object) -> str:
        """The message ``key`` with ``values`` filled in.

        Raises:
            KeyError: for an unknown key (a programming error, not user input).
        """
        return self.texts[key].format(**values)

    def plural(self, key: str, count: int, **values: object) -> str:
        """The message ``key.CATEGORY`` for ``count`` (``plural_category``) with ``count`` and
        ``values`` filled in: ``m.plural("event.undone", 2)`` reads ``event.undone.few`` in
        Romanian ("2 acțiuni") and ``event.undone.other`` in English.

        Raises:
            KeyError: for an unknown key (every plural message has the ids ``KEY.one``,
                ``KEY.few`` and ``KEY.other`` in every language).
        """
        return self(f"{key}.{plural_category(self.lang, count)}", count=count, **values)


def plural_category(lang: str, count: int) -> str:
    """The plural form ``count`` takes in ``lang``: ``"one"``, ``"few"`` or ``"other"`` (the
    CLDR categories of the two languages).

    English: ``one`` for 1, else ``other``. Romanian: ``one`` for 1 ("o piesă"); ``few`` for 0
    and for numbers ending in 01..19 other than 1 ("2 piese", "119 piese"); ``other`` for the
    rest, which take "de" ("20 de piese", "45 de puncte").
    """
    if count == 1:
        return "one"
    if lang == "ro" and (count == 0 or 1 <= count % 100 <= 19):
        return "few"
    return "other"


def plural_texts(key: str, *, one: str, other: str, few: str | None = None) -> dict[str, str]:
    """The ids ``key.one``, ``key.few`` and ``key.other`` of a plural message, for a language's
    catalogue (``Messages.plural`` reads them). ``few`` defaults to ``other``: a language
    without that form (English) still has every id."""
    return {f"{key}.one": one, f"{key}.few": other if few is None else few, f"{key}.other": other}
