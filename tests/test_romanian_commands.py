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
        ("ia", "take"),
        ("ia 4", "take 4"),
        ("etalez R7 R8 R9", "meld R7 R8 R9"),
        ("lipesc 2 R10", "layoff 2 R10"),
        ("schimb 3 Y12", "swap 3 Y12"),
        ("anunț", "announce"),
        ("anunt", "announce"),
        ("ANUNȚ", "announce"),
        ("declar", "declare"),
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
    assert "Comenzi: trage" in result.output
    assert "Nu am înțeles" in result.output  # "arunc" without a tile: a notation error
    assert json.loads(save.read_text(encoding="utf-8"))["lang"] == "ro"
