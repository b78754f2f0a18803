"""Romanian commands beside the English ones in play; diacritics optional; records canonical."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from remi.cli import app
from remi.core.commands import FRAME_WORDS, canonical_command, fold
from remi.core.variant import get_variant
from remi.variants.remi_pe_tabla.turn import ROMANIAN_WORDS


@pytest.mark.parametrize(
    ("typed", "canonical"),
    [
        ("trage", "draw"),
        ("trag", "draw"),
        ("ia", "take"),
        ("iau 4", "take 4"),
        ("ia 4", "take 4"),
        ("etalez R7 R8 R9", "meld R7 R8 R9"),
        ("lipesc 2 R10", "layoff 2 R10"),
        ("schimb 3 Y12", "swap 3 Y12"),
        ("anunț", "announce"),
        ("anunt", "announce"),
        ("ANUNȚ", "announce"),
        ("declar", "declare"),
        ("reclam p2", "claim p2"),
        ("arunc K13", "discard K13"),
        ("anulez", "undo"),
        ("sugestie", "hint"),
        ("ajutor", "help"),
        ("salvez joc.json", "save joc.json"),
        ("ies", "quit"),
        ("ieș", "quit"),
        ("draw", "draw"),
    ],
)
def test_romanian_words(typed: str, canonical: str) -> None:
    assert canonical_command(typed, ROMANIAN_WORDS) == canonical


def test_fold_handles_cedilla_and_comma_below() -> None:
    assert fold("ş") == fold("ș") == "s" and fold("Ţ") == fold("ț") == "t"


def test_tab_completion_offers_romanian_words() -> None:
    assert {"trage", "etalez", "arunc"} <= set(get_variant("remi").command_words())
    assert {"pun", "gata", "trage"} <= set(get_variant("rummikub").command_words())
    assert "ajutor" in FRAME_WORDS


def test_romanian_game_records_english_actions(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    result = CliRunner().invoke(
        app,
        ["play", "--human", "Ana", "--bot", "greedy", "--seed", "3", "--lang", "ro"]
        + ["--save", str(save)],
        input="ajutor\narunc\nies\n",
        env={"COLUMNS": "200"},
    )
    assert result.exit_code == 0, result.output
    assert "Comenzi: trag |" in result.output
    assert "Nu am înțeles" in result.output  # "arunc" without a tile: a notation error
    assert json.loads(save.read_text(encoding="utf-8"))["lang"] == "ro"


# --- colour letters (R roșu, G galben, A albastru, N negru) ---------------------------------

from hypothesis import given  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from remi.core.colour_letters import legend, shown, typed  # noqa: E402
from remi.core.messages import Messages  # noqa: E402
from remi.core.tiles import FULL_SET  # noqa: E402


def test_colour_letters_on_screen_and_on_input() -> None:
    assert shown("Tabla ta: R12 Y2 B1 K13 J J[K5] [R7 Y7 B7]", "ro") == (
        "Tabla ta: R12 G2 A1 N13 J J[N5] [R7 G7 A7]"
    )
    assert typed("etalez G7 A7 N7 J[a5]", "ro") == "etalez Y7 B7 K7 J[B5]"
    assert typed("etalez Y7 B7 K7", "ro") == "etalez Y7 B7 K7"  # canonical letters still read
    assert shown("p1 scoring.values 45 run.ace_high", "ro") == "p1 scoring.values 45 run.ace_high"
    assert shown("R7 Y7", "en") == "R7 Y7" and typed("G7", "en") == "G7"
    assert legend(Messages("ro")) == "Culori: R roșu, G galben, A albastru, N negru"


@given(st.lists(st.sampled_from(sorted(set(FULL_SET), key=int)), min_size=1, max_size=14))
def test_colour_letters_round_trip(tiles: list[object]) -> None:
    text = " ".join(map(str, tiles))
    assert typed(shown(text, "ro"), "ro") == text


def test_command_words_are_never_tiles() -> None:
    """No command word, in either language, nor the joly reads as a tile in Romanian letters."""
    words = set(FRAME_WORDS) | set(ROMANIAN_WORDS)
    for family in ("remi", "rummikub"):
        words |= set(get_variant(family).command_words())
    for word in words:
        assert typed(word, "ro") == word, word
        assert typed(f"{word} 4", "ro") == f"{word} 4", word
    assert typed("J", "ro") == "J" and typed("atu", "ro") == "atu"


def test_romanian_letters_in_play_keep_the_record_canonical(tmp_path: Path) -> None:
    """A discard typed as N13 (negru) is the record's K13; the screen shows N13."""
    save = tmp_path / "g.json"
    result = CliRunner().invoke(
        app,
        ["play", "--human", "Ana", "--bot", "greedy", "--seed", "3", "--lang", "ro"]
        + ["--plain", "--save", str(save)],
        input="arunc A8\nies\n",
        env={"COLUMNS": "120"},
    )
    assert result.exit_code == 0, result.output
    assert "Tabla ta (15): R12 G2 G5 G7 G9 G10 A1 A3 A4 A5 A6 A8 N5 N8 N10" in result.output
    assert "Culori: R roșu, G galben, A albastru, N negru" in result.output
    record = json.loads(save.read_text(encoding="utf-8"))
    assert record["actions"][0] == "p1 discard B8"


def test_unknown_word_lists_the_romanian_commands_in_romanian() -> None:
    """An unknown action word in Romanian play lists the Romanian commands, not the English
    verbs; in English it lists the English verbs."""
    lines = "zbor\nquit\ny\n"
    base = ["play", "--plain", "--human", "Ana", "--bot", "greedy", "--seed", "3"]
    ro = CliRunner().invoke(app, [*base, "--lang", "ro"], input=lines).output
    told = next(line for line in ro.splitlines() if "„zbor”" in line)
    assert "arunc, ofer" in told and "etalez" in told and "discard" not in told
    en = CliRunner().invoke(app, [*base, "--lang", "en"], input=lines).output
    told = next(line for line in en.splitlines() if "'zbor'" in line)
    assert "meld" in told and "discard" in told and "etalez" not in told
