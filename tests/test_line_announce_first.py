"""The line mode (``remi play --plain``) asks before a discard that would cost the missed
announcement (anunț, docs/rules.md §1.9: ``announce.max_tiles`` 3, ``announce.penalty_points``
500), as the board does: ``a`` announces and then discards, ``w`` (Romanian ``o``) discards
without announcing, any other answer (``d``, the rack's discard key, too) changes nothing."""

from __future__ import annotations

from pathlib import Path

import pytest
from boardkit import sir_break_record
from test_board import WHOLE_HAND
from test_board_safety_words import BEFORE_ANNOUNCE_RO
from typer.testing import CliRunner

from remi.cli import app
from remi.core.record_files import dump_record, load_record

runner = CliRunner()

#: The sir-break hand up to Ana's discard of Y8 that leaves her 2 tiles, unannounced.
BEFORE = WHOLE_HAND[: WHOLE_HAND.index("announce")]


def _play(tmp_path: Path, lines: list[str], *args: str) -> tuple[str, tuple[str, ...]]:
    """Play the sir-break hand in the line mode with ``lines`` typed; the output and the
    saved actions."""
    game = tmp_path / "game.json"
    dump_record(sir_break_record(tmp_path), game)
    typed = "\n".join(lines) + "\n"
    result = runner.invoke(app, ["play", "--plain", "--load", str(game), *args], input=typed)
    assert result.exit_code == 0, result.output
    return result.output, load_record(game).actions


def test_a_announces_then_discards(tmp_path: Path) -> None:
    out, actions = _play(tmp_path, [*BEFORE, "discard Y8", "a"])
    assert "Discarding Y8 leaves 2 tiles without an announcement: that costs 500 points" in out
    assert "a: announce now, then discard   w: discard without announcing   Enter: go back" in out
    assert actions[-2:] == ("p1 announce", "p1 discard Y8")


def test_w_discards_without_announcing(tmp_path: Path) -> None:
    _, actions = _play(tmp_path, [*BEFORE, "discard Y8", "W"])
    assert actions[-1] == "p1 discard Y8" and "p1 announce" not in actions


def test_d_typed_again_goes_back(tmp_path: Path) -> None:
    """``d`` (the discard of the board's rack, typed twice by habit) is no answer: nothing is
    discarded, the 500 points are not lost."""
    out, actions = _play(tmp_path, [*BEFORE, "discard Y8", "d", "announce", "discard Y8"])
    assert out.count("leaves 2 tiles without an announcement") == 1
    assert actions[-2:] == ("p1 announce", "p1 discard Y8")


def test_another_answer_changes_nothing(tmp_path: Path) -> None:
    """Enter goes back: nothing discarded; after ``announce`` the discard asks no more."""
    out, actions = _play(tmp_path, [*BEFORE, "discard Y8", "", "announce", "discard Y8"])
    assert out.count("leaves 2 tiles without an announcement") == 1
    assert actions[-2:] == ("p1 announce", "p1 discard Y8")
    assert actions.count("p1 discard Y8") == 1


def test_end_of_input_at_the_question_quits_without_discarding(tmp_path: Path) -> None:
    out, actions = _play(tmp_path, [*BEFORE, "discard Y8"])
    assert "leaves 2 tiles" in out and "Game left; it is saved" in out
    assert actions[-1].startswith("p1 meld") and "p1 discard Y8" not in actions


def test_a_discard_that_is_not_legal_asks_nothing(tmp_path: Path) -> None:
    """Ana holds no R13: the refusal, no question."""
    out, _ = _play(tmp_path, [*BEFORE, "discard R13"])
    assert "without an announcement" not in out and "Refused" in out


@pytest.mark.parametrize(("answer", "announced"), [("o", False), ("a", True)])
def test_romanian_words_and_keys(tmp_path: Path, answer: str, announced: bool) -> None:
    """``arunc G8`` asks in Romanian; ``d`` (da, the yes key of the yes/no questions) is not
    "discard anyway" there: it goes back; ``o`` discards, ``a`` announces first."""
    lines = [*BEFORE_ANNOUNCE_RO, "arunc G8", "d", "arunc G8", answer]
    out, actions = _play(tmp_path, lines, "--lang", "ro")
    assert out.count("Dacă arunci G8 rămâi cu 2 piese neanunțate: costă 500 de puncte") == 2
    assert "a: anunță acum, apoi aruncă   o: aruncă oricum   Enter: înapoi" in out
    assert actions[-1] == "p1 discard Y8" and actions.count("p1 discard Y8") == 1
    assert ("p1 announce" in actions) is announced
