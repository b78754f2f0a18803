"""Romanian play shows commands as a Romanian player types them (help, hint, refusals), accepts
the imperative beside the first person, and ``check`` answers da / nu (issue 19)."""

from __future__ import annotations

import re

import pytest
from typer.testing import CliRunner

from remi.cli import app
from remi.core.commands import FRAME_WORDS, canonical_command, in_romanian, verbs_in_words
from remi.core.errors import NotationError
from remi.variants.remi_pe_tabla.actions import ACTION_VERBS
from remi.variants.remi_pe_tabla.turn import ROMANIAN_WORDS
from remi.variants.rummikub.turn import ROMANIAN_WORDS as RK_WORDS

_ENGLISH = re.compile(r"\b(" + "|".join(sorted(ACTION_VERBS)) + r")\b")


@pytest.mark.parametrize(
    ("typed", "canonical"),
    [
        ("aruncă G2", "discard G2"),
        ("arunca G2", "discard G2"),
        ("etalează R7 R8 R9", "meld R7 R8 R9"),
        ("etaleaza R7 R8 R9", "meld R7 R8 R9"),
        ("lipește 2 R10", "layoff 2 R10"),
        ("lipeste 2 R10", "layoff 2 R10"),
        ("schimbă 3 Y12", "swap 3 Y12"),
        ("anunță", "announce"),
        ("anunta", "announce"),
        ("declară", "declare"),
        ("ieși", "quit"),
        ("iesi", "quit"),
        ("ies", "quit"),
        ("arunc G2", "discard G2"),  # the first person still works
    ],
)
def test_imperative_synonyms(typed: str, canonical: str) -> None:
    assert canonical_command(typed, ROMANIAN_WORDS) == canonical


def test_rummikub_imperative_synonyms() -> None:
    assert canonical_command("pune R5 3", RK_WORDS) == "put R5 3"
    assert canonical_command("muta 2:1 4", RK_WORDS) == "move 2:1 4"
    assert canonical_command("desparte 2 3", RK_WORDS) == "split 2 3"


def test_in_romanian_is_the_first_word_and_reads_back() -> None:
    assert in_romanian("discard Y2", ROMANIAN_WORDS) == "arunc Y2"
    assert in_romanian("meld [R7 R8 R9]", ROMANIAN_WORDS) == "etalez [R7 R8 R9]"
    assert in_romanian("take 4", ROMANIAN_WORDS) == "iau 4"
    assert in_romanian("quit", ROMANIAN_WORDS) == "ieș"
    assert in_romanian("new R7 R8 R9", RK_WORDS) == "nou R7 R8 R9"
    assert in_romanian("put J[R4] 2", RK_WORDS) == "pun J[R4] 2"
    for words in (ROMANIAN_WORDS, RK_WORDS):
        for english in {*words.values(), *FRAME_WORDS.values()}:
            assert canonical_command(in_romanian(f"{english} 1", words), words) == f"{english} 1"


def test_unknown_verb_lists_one_word_per_verb() -> None:
    exc = NotationError("x", message_id="notation.unknown_verb", params={"verbs": ""})
    listed = verbs_in_words(exc, ROMANIAN_WORDS, True).params["verbs"].split(", ")
    assert len(listed) == len(set(ROMANIAN_WORDS.values()))
    assert "arunc" in listed and "aruncă" not in listed and "trage" not in listed


def _play(lines: str, lang: str) -> str:
    args = ["play", "--plain", "--human", "Ana", "--bot", "greedy", "--seed", "3", "--lang", lang]
    result = CliRunner().invoke(app, args, input=lines, env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    return result.output


def test_romanian_help_and_hint_lines_have_no_english_verb() -> None:
    out = _play("ajutor\nsugestie\nies\n", "ro").splitlines()
    start = next(i for i, line in enumerate(out) if "Permise acum (15)" in line)
    legal = out[start + 1 : start + 16]
    assert legal[0].strip() == "arunc R12" and "  arunc G2" in legal  # G2: Y2 in Romanian letters
    assert not [line for line in legal if _ENGLISH.search(line)]
    hint = next(line for line in out if "ar juca:" in line)
    assert hint.endswith("ar juca: arunc G2") and not _ENGLISH.search(hint)


def test_english_help_keeps_english_verbs() -> None:
    out = _play("help\nquit\n", "en")
    assert "  discard Y2" in out.splitlines()


def test_romanian_refusal_quotes_the_typed_command_and_the_name() -> None:
    out = _play("iau 2\nieș\n", "ro")
    assert "„Ana: iau 2”" in out and "p1 take" not in out


@pytest.mark.parametrize(("lang", "word"), [("ro", "validă: nu"), ("en", "valid: false")])
def test_check_meld_boolean_in_the_language(lang: str, word: str) -> None:
    result = CliRunner().invoke(app, ["check", "meld", "R3 R4", "--lang", lang])
    assert result.exit_code == 1
    assert result.output.splitlines()[0] == word


def test_check_meld_valid_is_da() -> None:
    result = CliRunner().invoke(app, ["check", "meld", "G3 G4 G5", "--lang", "ro"])
    assert result.exit_code == 0 and result.output.splitlines()[0] == "validă: da"


def test_replay_in_romanian_tells_the_turns_in_words_and_romanian_letters() -> None:
    result = CliRunner().invoke(
        app, ["replay", "examples/games/joly-swap.json", "--lang", "ro"], env={"COLUMNS": "200"}
    )
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert "   1. Ana: a aruncat A4" in lines  # the record's B4
    assert "   2. Bogdan: a tras o piesă din grămadă · a aruncat N5" in lines
    assert not [line for line in lines if re.match(r"\s+\d+\. ", line) and _ENGLISH.search(line)]


def test_score_from_record_in_romanian() -> None:
    args = ["score", "--from-record", "examples/games/joly-swap.json", "--lang", "ro"]
    out = CliRunner().invoke(app, args, env={"COLUMNS": "200"}).output
    assert "Ana: 30 de puncte" in out and "piese rămase pe tablă: G2 G3 G4 G6 A2" in out
    assert "30 points" not in out and "what it counts" not in out and "Totaluri" in out


def test_rummikub_refusal_quotes_the_romanian_word() -> None:
    args = ["play", "--plain", "--rules", "rummikub", "--human", "Ana", "--seed", "3"]
    out = CliRunner().invoke(app, [*args, "--lang", "ro"], input="pas\nies\n").output
    assert "„Ana: pas”" in out and "p1 pass" not in out
