"""Issue #19: error lines that used to stay English under ``--lang ro`` / ``LANG=ro_RO.UTF-8``
(jsonschema's record checks, click's details, the rack limit of ``solve opening``) and the
Romanian colour letters of ``check`` and ``solve``."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from remi.cli import app
from remi.cli.solve import MAX_OPENING_RACK
from remi.core.messages import Messages

runner = CliRunner()
ENV = {"COLUMNS": "250", "REMI_LANG": "", "LC_ALL": "", "LANG": "C"}
RO_LOCALE = {**ENV, "LANG": "ro_RO.UTF-8"}
GAME = Path(__file__).resolve().parent.parent / "examples" / "games" / "illegal-opening.json"


def _edited(tmp_path: Path, **changes: object) -> Path:
    data = json.loads(GAME.read_text(encoding="utf-8"))
    for key, value in changes.items():
        if value is None:
            data.pop(key)
        else:
            data[key] = value
    path = tmp_path / "r.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_schema_errors_by_kind_in_romanian_from_the_locale(tmp_path: Path) -> None:
    missing = _edited(tmp_path, players=None)
    out = runner.invoke(app, ["replay", str(missing)], env=RO_LOCALE).output
    assert out.strip() == (
        f"eroare: {missing}: $: lipsește câmpul „players” (schema înregistrărilor, versiunea 1)"
    )
    wrong = _edited(tmp_path, seed="abc")
    out = runner.invoke(app, ["replay", str(wrong), "--lang", "ro"], env=ENV).output
    assert '$.seed: "abc" nu este un număr întreg' in out


def test_schema_error_json_keeps_id_and_english(tmp_path: Path) -> None:
    path = _edited(tmp_path, lang="fr")
    out = runner.invoke(app, ["replay", str(path), "--lang", "ro", "--json"], env=ENV).output
    error = json.loads(out)["error"]
    assert error["id"] == "error.schema.record"
    assert error["message"].endswith(
        '$.lang: "fr" is not one of "en", "ro" (record schema, version 1)'
    )
    assert '"fr" nu este una dintre valorile "en", "ro"' in error["text"]


def test_click_details_in_romanian() -> None:
    out = runner.invoke(app, ["play", "--seed", "abc", "--lang", "ro"], env=ENV).output
    assert "Valoare greșită pentru '--seed': se așteaptă un număr întreg" in out
    # --bot takes a bot spec (a kind with settings, docs/bots.md): the program's own message
    out = runner.invoke(app, ["play", "--bot", "wizard"], env=RO_LOCALE).output
    assert "tip de bot necunoscut 'wizard'; tipuri cunoscute: random, greedy, solver, club" in out


def test_solve_opening_rack_limit_in_romanian() -> None:
    rack = " ".join(["R1", "R2", "R3"] * 21)
    result = runner.invoke(app, ["solve", "opening", rack, "--lang", "ro"], env=ENV)
    assert result.exit_code == 2
    most = MAX_OPENING_RACK
    assert (
        f"tabla are prea multe piese (63; solve opening primește maximum {most})" in result.output
    )


def test_check_reads_and_shows_romanian_letters_json_stays_canonical() -> None:
    result = runner.invoke(app, ["check", "meld", "G1 g2 G3", "--lang", "ro"], env=ENV)
    assert result.exit_code == 0
    assert "formație: [G1 G2 G3]" in result.output
    result = runner.invoke(app, ["check", "meld", "G1 G2 G3", "--json"], env=RO_LOCALE)
    assert json.loads(result.output)["formation"]["notation"] == "[Y1 Y2 Y3]"


def test_solve_shows_romanian_letters() -> None:
    args = ["solve", "opening", "R5 R6 R7 R10 G10 A10 J", "--lang", "ro"]
    result = runner.invoke(app, args, env=ENV)
    assert result.exit_code == 0
    assert "[R10 G10 A10 J]" in result.output and "Y10" not in result.output


def test_time_up_names_its_rule_in_brackets() -> None:
    """The timer's line names the player, as the other lines of a turn do ("Ana draws 3 penalty
    tiles"), not "he", and ends with its rule id (``turn.timer_seconds``)."""
    for lang in ("en", "ro"):
        text = Messages(lang)("remi.time_up", name="Ana", tile="K7")
        assert text.endswith("[turn.timer_seconds].")
    assert Messages("en")("remi.time_up", name="Ana", tile="K7") == (
        "Time is up: Ana's turn is taken back; Ana draws and discards K7 [turn.timer_seconds]."
    )
    assert Messages("ro")("remi.time_up", name="Ana", tile="K7") == (
        "A expirat timpul: tura jucătorului Ana se anulează; Ana trage o piesă și aruncă K7"
        " [turn.timer_seconds]."
    )
