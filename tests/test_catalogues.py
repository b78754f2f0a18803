"""The gettext catalogues (remi/locale): compiled, complete, and in step with the code."""

from __future__ import annotations

import gettext
import io
import string
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

import remi
from remi.cli.messages import catalogue, messages
from remi.core.messages import LANGUAGES, Messages, default_language

LOCALE = Path(remi.__file__).parent / "locale"
ROOT = Path(remi.__file__).parent.parent
#: The repository (the tests run against the installed package; babel.cfg is not in the wheel).
REPO = Path(__file__).resolve().parent.parent


def _po(lang: str, domain: str = "remi") -> Catalog:
    with (LOCALE / lang / "LC_MESSAGES" / f"{domain}.po").open("rb") as fp:
        return read_po(fp, locale=lang)


def _key(message_id: object) -> str:
    return message_id[0] if isinstance(message_id, tuple) else str(message_id)


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def _forms(message_string: object) -> list[str]:
    return list(message_string) if isinstance(message_string, tuple) else [str(message_string)]


@pytest.mark.parametrize("domain", ["remi", "rules"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_compiled_catalogue_matches_po(lang: str, domain: str) -> None:
    """DOMAIN.mo is what `pybabel compile` makes of DOMAIN.po today."""
    buffer = io.BytesIO()
    write_mo(buffer, _po(lang, domain))
    buffer.seek(0)
    fresh = gettext.GNUTranslations(buffer)
    with (LOCALE / lang / "LC_MESSAGES" / f"{domain}.mo").open("rb") as fp:
        shipped = gettext.GNUTranslations(fp)
    assert shipped._catalog == fresh._catalog  # type: ignore[attr-defined]


@pytest.mark.parametrize("domain", ["remi", "rules"])
def test_every_message_has_a_romanian_text_with_the_same_placeholders(domain: str) -> None:
    english = {_key(m.id): m for m in _po("en", domain) if m.id}
    romanian = {_key(m.id): m for m in _po("ro", domain) if m.id}
    assert set(english) == set(romanian)
    for key, en in english.items():
        ro = romanian[key]
        assert en.pluralizable == ro.pluralizable, key
        en_forms, ro_forms = _forms(en.string), _forms(ro.string)
        assert all(en_forms) and all(ro_forms), f"{key}: a form has no text"
        assert not ro.fuzzy, f"{key}: fuzzy"
        assert len(ro_forms) == (3 if ro.pluralizable else 1), key
        wanted = set().union(*map(_fields, en_forms))
        for form in ro_forms:
            # a singular form may spell the count out ("o piesă"); every other field stays
            assert _fields(form) | {"count"} >= wanted, f"{key}: {form!r}"
            assert _fields(form) <= wanted, f"{key}: {form!r}"


@pytest.mark.parametrize("domain", ["remi", "rules"])
def test_romanian_uses_comma_below(domain: str) -> None:
    """ș and ț, never the cedilla forms ş ţ."""
    for message in _po("ro", domain):
        for form in _forms(message.string):
            assert not set(form) & set("şţŞŢ"), form


def test_code_and_catalogue_have_the_same_ids() -> None:
    """Every id the code uses (the Babel extraction of babel.cfg) has a text, and the
    catalogue keeps no id the code no longer uses."""
    with (REPO / "babel.cfg").open() as fp:
        method_map, options_map = parse_mapping_cfg(fp)
    extracted = {
        _key(msgid)
        for _, _, msgid, _, _ in extract_from_dir(str(ROOT / "remi"), method_map, options_map)
    }
    in_catalogue = {_key(m.id) for m in _po("en") if m.id}
    assert extracted - in_catalogue == set()
    assert in_catalogue - extracted == set()


@pytest.mark.parametrize("domain", ["remi", "rules"])
def test_template_lists_the_catalogue_ids(domain: str) -> None:
    """remi.pot and rules.pot, the templates translators start from (docs/translating.md), have
    every id of the catalogue, a plural id as a plural, and no other: they are made again
    whenever an id comes or goes (remi.pot once lacked most of the board's and the Rummikub ids,
    rules.pot 17 rule ids)."""
    with (LOCALE / f"{domain}.pot").open("rb") as fp:
        template = {_key(m.id): m.pluralizable for m in read_po(fp) if m.id}
    in_catalogue = {_key(m.id): m.pluralizable for m in _po("en", domain) if m.id}
    assert template == in_catalogue


def test_rules_catalogue_made_again_keeps_its_sections(tmp_path: Path) -> None:
    """``python -m remi.core.babel_extract DIR NAME`` (docs/translating.md) brings en/rules.po in
    step with the code without re-sorting it: the ``# --- NAME ---`` lines stay where they were,
    a changed meaning is written in place, an id the code no longer has is dropped, and a new id
    is appended at the end under ``# --- NAME ---``."""
    from remi.core.babel_extract import rule_meanings, write_rules_catalogues

    english = (LOCALE / "en" / "LC_MESSAGES" / "rules.po").read_text(encoding="utf-8")
    assert "# --- wt-rk ---" in english
    gone = 'msgid "rule.remi.opening.needs_run"\n'
    start = english.index(gone)
    end = english.index("\n\n", start) + 2
    english = english[:start] + english[end:]  # as if the code had just added this rule
    english = (
        english.replace('msgstr "seconds per turn (0 = no timer)"', 'msgstr "an old meaning"')
        + '\nmsgid "rule.remi.no.such"\nmsgstr "gone from the code"\n'
    )
    target = tmp_path / "en" / "LC_MESSAGES"
    target.mkdir(parents=True)
    (target / "rules.po").write_text(english, encoding="utf-8")
    write_rules_catalogues(str(tmp_path), "polish7")
    made = (target / "rules.po").read_text(encoding="utf-8")
    assert made.index("# --- wt-rk ---") < made.index("# --- wt-claim ---")
    assert made.rstrip().endswith(
        '# --- polish7 ---\nmsgid "rule.remi.opening.needs_run"\n'
        'msgstr "the opening must contain a run (suită)"'
    )
    assert "rule.remi.no.such" not in made and "an old meaning" not in made
    with (target / "rules.po").open("rb") as fp:
        assert {_key(m.id): m.string for m in read_po(fp) if m.id} == rule_meanings()


def test_plurals_as_romanian_counts() -> None:
    m = messages("ro")
    assert m.plural("event.undone", 1) == "a anulat o acțiune"
    assert m.plural("event.undone", 2) == "a anulat 2 acțiuni"
    assert m.plural("event.undone", 20) == "a anulat 20 de acțiuni"
    assert m.plural("event.undone", 102) == "a anulat 102 acțiuni"
    assert Messages("en").plural("event.undone", 2) == "took back 2 actions"


def test_catalogue_lists_every_id() -> None:
    assert set(catalogue("en")) == set(catalogue("ro"))
    assert catalogue("ro")["hand"] == "Mâna {hand}"


@pytest.mark.parametrize(
    ("env", "lang"),
    [
        ({}, "en"),
        ({"REMI_LANG": "ro"}, "ro"),
        ({"REMI_LANG": "en", "LANG": "ro_RO.UTF-8"}, "en"),
        ({"LANG": "ro_RO.UTF-8"}, "ro"),
        ({"LC_MESSAGES": "ro_RO", "LANG": "en_US.UTF-8"}, "ro"),
        ({"LC_ALL": "C.UTF-8", "LANG": "ro_RO.UTF-8"}, "en"),
        ({"LANG": "de_DE.UTF-8"}, "en"),
    ],
)
def test_default_language(env: dict[str, str], lang: str) -> None:
    assert default_language(env) == lang


def test_saved_game_keeps_its_language(tmp_path: Path) -> None:
    """A game saved in Romanian resumes in Romanian without --lang; --json records stay
    canonical (the record holds only the language code)."""
    import json

    from typer.testing import CliRunner

    from remi.cli import app

    runner = CliRunner()
    save = tmp_path / "g.json"
    result = runner.invoke(
        app,
        [
            "play",
            "--human",
            "Ana",
            "--bot",
            "greedy",
            "--seed",
            "3",
            "--lang",
            "ro",
            "--save",
            str(save),
        ],
        input="quit\n",
    )
    assert result.exit_code == 0, result.output
    assert json.loads(save.read_text(encoding="utf-8"))["lang"] == "ro"
    resumed = runner.invoke(
        app,
        ["play", "--load", str(save)],
        input="quit\n",
        env={"LANG": "C", "REMI_LANG": "", "LC_ALL": ""},
    )
    assert "Tabla ta" in resumed.output, resumed.output
    english = runner.invoke(
        app,
        ["play", "--load", str(save), "--lang", "en"],
        input="quit\n",
        env={"LANG": "C", "REMI_LANG": "", "LC_ALL": ""},
    )
    assert "Your rack" in english.output


def test_lang_from_the_environment() -> None:
    from typer.testing import CliRunner

    from remi.cli import app

    runner = CliRunner()
    args = ["play", "--auto", "--seed", "1", "--players", "2"]
    out = runner.invoke(
        app, args, env={"LANG": "ro_RO.UTF-8", "REMI_LANG": "", "LC_ALL": "", "LC_MESSAGES": ""}
    ).output
    assert "Sfârșitul mâinii" in out
    out = runner.invoke(app, args, env={"LANG": "ro_RO.UTF-8", "REMI_LANG": "en"}).output
    assert "End of the hand" in out


def test_rule_meanings_catalogue_follows_the_rule_specs() -> None:
    """en/rules.po holds every rule spec's meaning as written in the code
    (`python -m remi.core.babel_extract remi/locale` rewrites it)."""
    from remi.core.babel_extract import rule_meanings

    english = {_key(m.id): m.string for m in _po("en", "rules") if m.id}
    assert english == rule_meanings()
    assert messages("ro")("rule.remi.opening.needs_run") == "etalarea trebuie să aibă o suită"
