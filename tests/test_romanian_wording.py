"""The Romanian texts as a Romanian player reads them (remi/locale/ro/LC_MESSAGES/remi.po): a
player's name never needs a case ending (no "lui Ana", which is wrong for a woman's name), no
English word is left in a Romanian line, the command list speaks in the first person as the
player types (``trag``, ``iau``, ``arunc``, ``ieș``; the imperative still works), and the seed is
"numărul jocului" (docs/glossary.md)."""

from __future__ import annotations

import re

import pytest

from remi.cli.messages import catalogue
from remi.core.commands import FRAME_WORDS, canonical_command, in_romanian
from remi.core.messages import Messages
from remi.variants.remi_pe_tabla.turn import ROMANIAN_WORDS as REMI_WORDS
from remi.variants.rummikub.turn import ROMANIAN_WORDS as RUMMIKUB_WORDS

RO = Messages("ro")


def test_no_genitive_lui_before_a_player_name() -> None:
    """ "lui {name}" reads "lui Ana" for Ana; every such line is phrased without a case ending
    on the name ("{name} ia tastatura", "tura jucătorului {name}")."""
    names = r"\{(name|seat|owner|partner|target|player)\}"
    bad = {k: v for k, v in catalogue("ro").items() if re.search(rf"\blui {names}", v)}
    assert bad == {}


def test_hand_over_and_timer_lines_read_for_any_name() -> None:
    assert RO("pass_keyboard", name="Ana") == (
        "Ana ia tastatura și apasă Enter (tabla rămâne ascunsă)."
    )
    assert RO("board.cover.text", name="Ana").startswith("Ana ia tastatura.")
    assert "tura jucătorului Ana" in RO("remi.time_up", name="Ana", tile="K7")


def test_timeout_penalty_says_the_table_was_restored() -> None:
    """penalty.timeout (docs/rules.md §2.8): the table and rack are restored, then 3 drawn."""
    text = RO.plural("rk.event.penalty_drawn.timeout", 3)
    assert text == "timpul a expirat, masa a fost refăcută: 3 piese de penalizare"


def test_space_key_named_in_romanian() -> None:
    assert RO("board.key_name.space") == "spațiu"
    assert Messages("en")("board.key_name.space") == "space"


@pytest.mark.parametrize(
    ("word", "english"),
    [("trag", "draw"), ("trage", "draw"), ("iau 4", "take 4"), ("ia 4", "take 4")],
)
def test_first_person_and_imperative_both_accepted(word: str, english: str) -> None:
    assert canonical_command(word, REMI_WORDS) == english


@pytest.mark.parametrize("word", ["ieș", "ies", "ieși", "iesi", "IES"])
def test_quit_word_with_or_without_diacritic(word: str) -> None:
    assert canonical_command(word, REMI_WORDS) == "quit"


def test_shown_words_are_first_person() -> None:
    """``help`` and ``hint`` show the first word of each verb: the first person."""
    assert in_romanian("draw", REMI_WORDS) == "trag"
    assert in_romanian("take 4", REMI_WORDS) == "iau 4"
    assert in_romanian("draw", RUMMIKUB_WORDS) == "trag"
    assert in_romanian("quit", REMI_WORDS) == "ieș"
    assert next(w for w, e in FRAME_WORDS.items() if e == "quit") == "ieș"


@pytest.mark.parametrize("key", ["help.commands", "rk.help.commands"])
def test_command_lists_speak_in_the_first_person(key: str) -> None:
    text = " ".join(RO(key).split())
    assert "trag |" in text and "| ieș" in text
    assert not re.search(r"(Comenzi: |\| )(trage|ia|ies)\b", text)


def test_seed_is_numarul_jocului_everywhere() -> None:
    texts = catalogue("ro")
    assert [k for k, v in texts.items() if re.search("sămânț|semințe|seed-uri", v)] == []
    assert RO("board.seed", seed=3) == "numărul jocului 3"


def test_rack_bots_and_start_draw_have_one_word_each() -> None:
    """The rack is ``tablă`` (``tabla ta`` in the game, docs/glossary.md), never ``suport``; a
    bot is ``bot`` / ``boți``, never ``robot``; the Rummikub start draw is ``Tragerea la
    sorți``."""
    texts = "\n".join(catalogue("ro").values()).lower()
    assert "suport" not in texts and "robot" not in texts and "roboț" not in texts
    assert "tragerea pentru start" not in texts
    assert RO("board.waiting") == "Joacă boții..."
    assert RO("rk.start_draw", draws="p1 R12", name="Ana").startswith("Tragerea la sorți: ")
    assert RO("cli.solve.no_opening.no_run") == "pe tablă nu e nicio suită"
