"""The words of the program: the ``Messages`` object over the gettext catalogues of remi.

Every text the program says has a message id (``"hand"``, ``"event.undone"``, ``"error.turn.order"``)
and lives in the gettext catalogues ``remi/locale/<lang>/LC_MESSAGES/remi.po`` (compiled to
``remi.mo``, shipped in the wheel; docs/translating.md tells how to add a message or a language).
The English catalogue holds the default texts; a Romanian text missing at run time falls back to
English (a test keeps the Romanian catalogue complete). Templates use ``str.format`` placeholders
(``{name}``, ``{count}``); plural messages have a form per count, chosen by the catalogue's
``Plural-Forms`` (Romanian: "o piesă", "2 piese", "20 de piese").

The pseudo-locale ``"qps"`` wraps every English text in markers (``⟦...⟧``): the tests that run
whole hands in it fail on any word printed outside a catalogue text.
"""

from __future__ import annotations

import gettext
import os
import string
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Final

import attrs

__all__ = [
    "DOMAIN",
    "LANGUAGES",
    "PSEUDO",
    "PSEUDO_CLOSE",
    "PSEUDO_OPEN",
    "RULES_DOMAIN",
    "Messages",
    "N_",
    "NP_",
    "Texts",
    "default_language",
    "plural_category",
    "plural_texts",
    "translations",
]

#: Per language, message id -> template: a plugin family's own texts (``Variant.messages``).
Texts = Mapping[str, Mapping[str, str]]

#: The gettext domain of remi's catalogues.
DOMAIN: Final = "remi"
#: The gettext domain of the rule meanings (``remi rules show``), made from the rule specs.
RULES_DOMAIN: Final = "rules"
#: The languages with a catalogue; English is the default.
LANGUAGES: Final[tuple[str, ...]] = ("en", "ro")
#: The pseudo-locale of the tests: every English text between ``PSEUDO_OPEN`` and ``PSEUDO_CLOSE``.
PSEUDO: Final = "qps"
#: The markers around every text in the pseudo-locale.
PSEUDO_OPEN: Final = "⟦"
PSEUDO_CLOSE: Final = "⟧"


def N_(message_id: str) -> str:
    """``message_id`` unchanged: marks an id that the code builds (``f"phase.{name}"``) for
    the Babel extraction (``babel.cfg``), where it is used."""
    return message_id


def NP_(message_id: str) -> str:
    """``message_id`` unchanged: marks a plural message id that the code builds."""
    return message_id


class _Missing(gettext.NullTranslations):
    """The end of every fallback chain: an id with no text is a programming error."""

    def gettext(self, message: str) -> str:
        """Raise ``KeyError``: no catalogue has ``message``."""
        raise KeyError(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        """Raise ``KeyError``: no catalogue has the plural message ``msgid1``."""
        raise KeyError(msgid1)


def _pseudo(text: str) -> str:
    """``text`` (a template) between markers, each placeholder outside them: a parameter is
    filled in unmarked, so the tests see an English parameter (a text that did not come from
    the catalogue) as words outside the markers ("⟦refused: ⟧{why}⟦ [⟧{rule}⟦]⟧")."""
    out = [PSEUDO_OPEN]
    for literal, field, spec, conversion in string.Formatter().parse(text):
        out.append(literal.replace("{", "{{").replace("}", "}}"))
        if field is not None:
            inner = field + (f"!{conversion}" if conversion else "") + (f":{spec}" if spec else "")
            out.append(f"{PSEUDO_CLOSE}{{{inner}}}{PSEUDO_OPEN}")
    out.append(PSEUDO_CLOSE)
    return "".join(out)


class _Pseudo(gettext.NullTranslations):
    """The pseudo-locale: the English text between markers, the placeholders outside them."""

    def gettext(self, message: str) -> str:
        """The English text of ``message``, wrapped (``_pseudo``)."""
        return _pseudo(_load("en").gettext(message))

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        """The English plural form of ``msgid1`` for ``n``, wrapped (``_pseudo``)."""
        return _pseudo(_load("en").ngettext(msgid1, msgid2, n))


#: The compiled catalogues: the package's own folder (remi is installed as files, as
#: ``preset_dirs`` reads it; ``importlib.resources`` would import its zip reader at start-up).
_LOCALE: Final = Path(__file__).resolve().parents[1] / "locale"


def _read(lang: str) -> gettext.NullTranslations:
    """The ``remi`` catalogue of ``lang``, then its ``rules`` catalogue (the rule meanings)."""
    catalogues = []
    for domain in (DOMAIN, RULES_DOMAIN):
        path = _LOCALE / lang / "LC_MESSAGES" / f"{domain}.mo"
        with path.open("rb") as fp:
            catalogues.append(gettext.GNUTranslations(fp))
    catalogues[0].add_fallback(catalogues[1])
    return catalogues[0]


@cache
def _load(lang: str) -> gettext.NullTranslations:
    if lang == PSEUDO:
        return _Pseudo()
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language '{lang}'; known: {', '.join(LANGUAGES)}")
    catalogue = _read(lang)
    if lang != "en":
        english = _read("en")
        english.add_fallback(_Missing())
        catalogue.add_fallback(english)
    else:
        catalogue.add_fallback(_Missing())
    return catalogue


def translations(lang: str) -> gettext.NullTranslations:
    """The gettext translations of ``lang`` (``"en"``, ``"ro"`` or the pseudo-locale), read once
    from the compiled catalogue; an id missing there falls back to English, then raises
    ``KeyError``.

    Raises:
        ValueError: for an unknown language, naming the known ones.
    """
    return _load(lang)


def default_language(environ: Mapping[str, str] | None = None) -> str:
    """The language when none is given: ``REMI_LANG`` if set to a known language, else Romanian
    when ``LC_ALL``, ``LC_MESSAGES`` or ``LANG`` (the first one set) begins with ``ro``, else
    English."""
    env = os.environ if environ is None else environ
    chosen = env.get("REMI_LANG", "").strip().lower()
    if chosen in LANGUAGES or chosen == PSEUDO:
        return chosen
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name, "")
        if value:
            return "ro" if value.lower().startswith("ro") else "en"
    return "en"


@attrs.frozen
class Messages:
    """The messages of one language; ``m("rack")`` or ``m("hand", hand=2)`` formats a text.

    Attributes:
        lang: the language code (``"en"``, ``"ro"``, or ``"qps"``, the pseudo-locale).
        extra: message id -> template of plugin families' own texts, read for an id the
            catalogue lacks (read only then: a lazy mapping need not be built for a command
            that prints only catalogue texts).
    """

    lang: str = "en"
    extra: Mapping[str, str] = attrs.field(factory=dict, eq=False, repr=False)

    def __call__(self, key: str, **values: object) -> str:
        """The message ``key`` with ``values`` filled in.

        Raises:
            KeyError: for an unknown key (a programming error, not user input).
        """
        try:
            template = translations(self.lang).gettext(key)
        except KeyError:
            found = self.extra.get(key)
            if found is None:
                raise
            template = found
        return template.format(**values)

    def plural(self, key: str, count: int, **values: object) -> str:
        """The plural message ``key`` in the form for ``count``, with ``count`` and ``values``
        filled in: ``m.plural("event.undone", 2)`` reads "a anulat 2 acțiuni" in Romanian.

        Raises:
            KeyError: for an unknown key.
        """
        # the form follows the number's size: "-15 puncte" as "15 puncte"
        try:
            template = translations(self.lang).ngettext(key, key, abs(count))
        except KeyError:
            found = self.extra.get(f"{key}.{plural_category(self.lang, abs(count))}")
            if found is None:
                raise
            template = found
        return template.format(count=count, **values)


def plural_category(lang: str, count: int) -> str:
    """The plural form ``count`` takes in ``lang``: ``"one"``, ``"few"`` or ``"other"`` (the
    CLDR categories of the two languages, the same as the catalogues' ``Plural-Forms``).

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
    """The ids ``key.one``, ``key.few`` and ``key.other`` of a plural message in a plugin
    family's own texts (``Messages.extra``). ``few`` defaults to ``other``."""
    return {f"{key}.one": one, f"{key}.few": other if few is None else few, f"{key}.other": other}
