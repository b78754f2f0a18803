"""The messages of the commands: the gettext catalogues of remi with every plugin family's own
texts (``Variant.messages()``; the built-in families have theirs in the catalogues).

``messages(lang)`` gives the ``Messages`` of one language; ``catalogue(lang)`` lists every
message id of the catalogue and its text (a plural message under its id, in its first form).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from remi.core.messages import LANGUAGES, PSEUDO, Messages, translations

__all__ = ["LANGUAGES", "Messages", "catalogue", "messages"]


def catalogue(lang: str) -> dict[str, str]:
    """Every message id -> text of ``lang``: the compiled catalogue's (English where the
    language has no text), then each registered family's own.

    Raises:
        ValueError: for an unknown language, naming the known ones.
    """
    texts: dict[str, str] = {}
    english = translations("en")
    plural = _plural_ids(english)
    for key in _ids(english):
        if key in plural:
            texts[key] = translations(lang).ngettext(key, key, 1)
        else:
            texts[key] = translations(lang).gettext(key)
    from remi.core.variant import registered_variants

    for variant in registered_variants():
        texts.update(variant.messages().get(lang, {}))
    return texts


def _ids(english: object) -> list[str]:
    raw: dict[object, str] = getattr(english, "_catalog", {})
    ids: list[str] = []
    for key in raw:
        name = key[0] if isinstance(key, tuple) else key
        if isinstance(name, str) and name and name not in ids:
            ids.append(name)
    return ids


def _plural_ids(english: object) -> set[str]:
    raw: dict[object, str] = getattr(english, "_catalog", {})
    return {key[0] for key in raw if isinstance(key, tuple) and isinstance(key[0], str)}


def messages(lang: str) -> Messages:
    """The messages of ``lang`` (``"en"``, ``"ro"``, or the pseudo-locale ``"qps"``).

    Raises:
        ValueError: for another language, naming the known ones.
    """
    if lang != PSEUDO and lang not in LANGUAGES:
        raise ValueError(f"unknown language '{lang}'; known: {', '.join(LANGUAGES)}")
    return Messages(lang, _PluginTexts(lang))


class _PluginTexts(Mapping[str, str]):
    """Every registered family's own texts in one language (English where a family has none in
    it), gathered on the first read: the families are discovered only when a text is not in
    the catalogues (``Messages`` reads these after them), so a command that prints only
    catalogue texts reads no entry points (start-up time)."""

    def __init__(self, lang: str) -> None:
        self._lang = lang
        self._texts: dict[str, str] | None = None

    def _all(self) -> dict[str, str]:
        if self._texts is None:
            from remi.core.variant import registered_variants

            texts: dict[str, str] = {}
            for variant in registered_variants():
                own = variant.messages()
                texts.update(own.get(self._lang, own.get("en", {})))
            self._texts = texts
        return self._texts

    def __getitem__(self, key: str) -> str:
        return self._all()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._all())

    def __len__(self) -> int:
        return len(self._all())
