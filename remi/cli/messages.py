"""The messages of ``remi play`` / ``remi replay``: the frame texts merged with every family's.

``remi.core.messages`` holds the shared frame texts and the ``Messages`` type; each registered
family adds its own ids through ``Variant.messages()``. ``messages(lang)`` merges them for one
language (a family's ids never repeat a frame id; a test checks that both languages have the
same ids).
"""

from __future__ import annotations

from remi.core.messages import FRAME, LANGUAGES, Messages
from remi.core.variant import registered_variants
from remi.ui.messages import MESSAGES as BOARD_MESSAGES

__all__ = ["LANGUAGES", "Messages", "catalogue", "messages"]


def catalogue(lang: str) -> dict[str, str]:
    """Every message id -> template of ``lang``: the frame's, each registered family's, then the
    board's (``remi.ui.messages``).

    Raises:
        ValueError: for an unknown language, naming the known ones.
    """
    if lang not in FRAME:
        raise ValueError(f"unknown language '{lang}'; known: {', '.join(LANGUAGES)}")
    texts = dict(FRAME[lang])
    for variant in registered_variants():
        texts.update(variant.messages().get(lang, {}))
    texts.update(BOARD_MESSAGES.get(lang, {}))
    return texts


def messages(lang: str) -> Messages:
    """The messages of ``lang`` (``"en"`` or ``"ro"``).

    Raises:
        ValueError: for another language, naming the known ones.
    """
    return Messages(lang, catalogue(lang))
