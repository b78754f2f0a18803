"""A well-formed move the rules refuse reads as a refusal ("Refused: ... [rule id]"); "Not
understood" is kept for a line that could not be parsed. Both families, both languages (the
board shows the same lines as the line mode)."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from remi.cli import app

runner = CliRunner()


def _play(rules: str, lang: str, typed: str) -> str:
    args = ["play", "--plain", "--rules", rules, "--seed", "4", "--no-timer", "--lang", lang]
    result = runner.invoke(app, args, input=typed)
    assert result.exit_code == 0, result.output
    return result.output


@pytest.mark.parametrize(
    ("lang", "refused", "not_understood"),
    [("en", "Refused: ", "Not understood: "), ("ro", "Refuzat: ", "Nu am înțeles: ")],
)
def test_a_formation_the_rules_refuse_is_a_refusal(
    lang: str, refused: str, not_understood: str
) -> None:
    """Remi pe tablă, ``meld R1 R5 R7``: [R1 R5 R7] is not a run (numbers not consecutive,
    rule ``formation.run``): refused, not "not understood"; ``meld Q9`` is not understood."""
    word = "etalez" if lang == "ro" else "meld"
    out = _play("remi-pe-tabla", lang, f"{word} R1 R5 R7\n{word} Q9\n")
    refusal = next(line for line in out.splitlines() if "[R1 R5 R7]" in line)
    said = refusal.partition("> ")[2]  # after the prompt (the input is not echoed)
    assert said.startswith(refused) and said.rstrip().endswith("[formation.run]")
    assert not_understood not in refusal
    bad = next(line for line in out.splitlines() if "'Q9'" in line)
    assert bad.partition("> ")[2].startswith(not_understood)


@pytest.mark.parametrize(
    ("lang", "line"),
    [
        ("en", "Refused: illegal action: nothing to undo [turn.undo]"),
        ("ro", "Refuzat: mutare nepermisă: nu e nimic de anulat [turn.undo]"),
    ],
)
def test_undo_with_nothing_to_undo_is_a_refusal(lang: str, line: str) -> None:
    """Rummikub, ``undo`` at the start of the turn: refused under ``turn.undo``."""
    out = _play("rummikub", lang, ("anulez" if lang == "ro" else "undo") + "\n")
    assert line in out
