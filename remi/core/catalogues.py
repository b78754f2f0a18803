"""The gettext catalogues of remi and the language of a run, without the ``Messages`` object.

``remi.core.messages`` formats the texts; this module reads the compiled catalogues
(``remi/locale/<lang>/LC_MESSAGES/{remi,rules}.mo``) and chooses the language
(``default_language``). It imports neither ``typing`` nor ``attrs`` nor ``pathlib``, so that
``remi --help`` in Romanian (``remi.cli.quick_help``) can read its texts at start-up for the
price of ``gettext`` alone (docs/architecture.md, "Start-up").
"""

from __future__ import annotations

import gettext
import os
import string
from functools import cache

TYPE_CHECKING = False
if TYPE_CHECKING:  # annotations only: ``typing`` is not imported at run time
    from collections.abc import Mapping
    from typing import Final

__all__ = [
    "DOMAIN",
    "LANGUAGES",
    "PSEUDO",
    "PSEUDO_CLOSE",
    "PSEUDO_OPEN",
    "RULES_DOMAIN",
    "N_",
    "NP_",
    "default_language",
    "translations",
]

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
_LOCALE: Final = os.path.join(
    os.path.dirname(os.path.dirname(os.path.realpath(__file__))), "locale"
)


def _read(lang: str) -> gettext.NullTranslations:
    """The ``remi`` catalogue of ``lang``, then its ``rules`` catalogue (the rule meanings)."""
    catalogues = []
    for domain in (DOMAIN, RULES_DOMAIN):
        path = os.path.join(_LOCALE, lang, "LC_MESSAGES", f"{domain}.mo")
        with open(path, "rb") as fp:
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
