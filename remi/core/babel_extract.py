"""The Babel extractor of remi's message ids (``babel.cfg``; docs/translating.md).

The code says ``m("hand", hand=2)``, ``m.plural("event.undone", count)`` and marks ids it
builds with ``N_("phase.take")`` / ``NP_("rk.event.penalty_drawn.invalid")``. Babel's Python
extractor finds these calls; this one turns the ``m`` / ``N_`` ids into simple messages and the
``plural`` / ``NP_`` ids into plural messages (the id stands for both the singular and the
plural), so ``pybabel extract`` writes a template with the right kind of entry for each.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping
from typing import IO, Any

__all__ = ["extract_remi", "preset_descriptions", "rule_meanings", "write_rules_catalogues"]

_SIMPLE = ("m", "N_", "illegal", "_illegal", "line_part", "notation_error", "from_id")
_PLURAL = ("plural", "NP_", "illegal_n", "_illegal_n", "from_id_n")


def extract_remi(
    fileobj: IO[bytes],
    keywords: Mapping[str, Any],
    comment_tags: Collection[str],
    options: dict[str, Any],
) -> Iterator[tuple[int, str, Any, list[str]]]:
    """Babel extraction method: the message ids of one Python file, as ``gettext`` (simple) and
    ``ngettext`` (plural) calls."""
    from babel.messages.extract import extract_python

    wanted = dict.fromkeys(_SIMPLE + _PLURAL)
    for lineno, funcname, messages, comments in extract_python(
        fileobj,
        wanted,
        comment_tags,
        options,  # type: ignore[arg-type]
    ):
        first = messages[0] if isinstance(messages, tuple) else messages
        if not isinstance(first, str) or not first:
            continue
        if funcname in _PLURAL:
            yield lineno, "ngettext", (first, first), list(comments)
        else:
            yield lineno, "gettext", first, list(comments)


def rule_meanings() -> dict[str, str]:
    """Every registered family's rule meanings: ``rule.FAMILY.RULE_ID`` -> English meaning (the
    ``rules`` domain of the catalogues; docs/translating.md), and the shipped presets'
    descriptions (``preset_descriptions``)."""
    from remi.core.rulespec import rule_specs
    from remi.core.variant import registered_variants

    out: dict[str, str] = {}
    for variant in registered_variants():
        for spec in rule_specs(variant.rules_class):
            out[f"rule.{variant.name}.{spec.rule_id}"] = spec.meaning
    out.update(preset_descriptions())
    return out


def preset_descriptions() -> dict[str, str]:
    """Every shipped preset's description: ``preset.NAME`` -> its English text (the
    ``description`` of its TOML file; ``remi rules list/show`` tell it in the chosen language
    while the file keeps that text)."""
    from remi.core.presets import list_presets, load_rules

    return {f"preset.{name}": load_rules(name).description for name in list_presets()}


def write_rules_catalogues(locale_dir: str, section: str | None = None) -> None:
    """Write ``rules.pot`` (every rule id, sorted) under ``locale_dir`` and bring the English
    ``en/LC_MESSAGES/rules.po`` in step with the code, keeping its order and its ``# --- NAME
    ---`` section lines (docs/translating.md): each id's text becomes the meaning written in the
    code, an id the code no longer has is dropped, and a new id is appended at the end, the first
    one under ``# --- section ---`` when ``section`` is given. The other languages are brought in
    step from the template as docs/translating.md shows (new ids appended, never re-sorted)."""
    from pathlib import Path

    from babel.messages.catalog import Catalog
    from babel.messages.pofile import read_po, write_po

    meanings = rule_meanings()
    template = Catalog(domain="rules", project="remi", fuzzy=False)
    for key in sorted(meanings):
        template.add(key, "")
    with (Path(locale_dir) / "rules.pot").open("wb") as fp:
        write_po(fp, template, width=100, omit_header=False)
    path = Path(locale_dir) / "en" / "LC_MESSAGES" / "rules.po"
    if path.exists():
        with path.open("rb") as fp:
            english = read_po(fp, locale="en", domain="rules")
    else:
        english = Catalog(locale="en", domain="rules", project="remi", fuzzy=False)
    for message in list(english):
        if message.id and message.id not in meanings:
            english.delete(message.id)
        elif message.id:
            message.string = meanings[str(message.id)]
    new = [key for key in sorted(meanings) if key not in english]
    for index, key in enumerate(new):
        heading = [f"--- {section} ---"] if section and index == 0 else []
        english.add(key, meanings[key], user_comments=heading)
    with path.open("wb") as fp:
        write_po(fp, english, width=100, omit_header=False)


if __name__ == "__main__":  # python -m remi.core.babel_extract remi/locale [NAME]
    import sys

    write_rules_catalogues(
        sys.argv[1] if len(sys.argv) > 1 else "remi/locale",
        sys.argv[2] if len(sys.argv) > 2 else None,
    )
