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

from collections.abc import Mapping

import attrs

# the catalogues' names (``remi.core.catalogues``) are this module's too (``X as X``: exported)
from remi.core.catalogues import DOMAIN as DOMAIN
from remi.core.catalogues import LANGUAGES as LANGUAGES
from remi.core.catalogues import N_ as N_
from remi.core.catalogues import NP_ as NP_
from remi.core.catalogues import PSEUDO as PSEUDO
from remi.core.catalogues import PSEUDO_CLOSE as PSEUDO_CLOSE
from remi.core.catalogues import PSEUDO_OPEN as PSEUDO_OPEN
from remi.core.catalogues import RULES_DOMAIN as RULES_DOMAIN
from remi.core.catalogues import default_language as default_language
from remi.core.catalogues import translations as translations

__all__ = ["Messages", "Texts", "plural_category", "plural_texts"]

#: Per language, message id -> template: a plugin family's own texts (``Variant.messages``).
Texts = Mapping[str, Mapping[str, str]]


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
