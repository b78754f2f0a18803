"""Issue #19: texts that used to stay English under ``--lang ro`` (simulate's input errors, the
edits of ``remi solve move``, counted texts with "de" from 20 on) come from the catalogue."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from remi.cli import app
from remi.core.errors import NotationError
from remi.core.messages import Messages
from remi.core.notation import parse_formation_tokens
from remi.core.reports import refuse_overuse
from remi.simulate import SimulationError, simulate
from remi.simulate.arms import ArmError, parse_arm

runner = CliRunner()
ENV = {"COLUMNS": "250", "REMI_LANG": "", "LC_ALL": "", "LANG": "C"}
RO = Messages("ro")
GAMES = Path(__file__).resolve().parent.parent / "examples" / "games"


def _run(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, list(args), env=ENV)
    return result.exit_code, result.output


def test_simulate_games_zero_error_line_is_romanian() -> None:
    code, out = _run("simulate", "--rules", "remi-pe-tabla", "--games", "0", "--lang", "ro")
    assert code == 2
    assert out.strip() == "eroare: --games trebuie să fie cel puțin 1, nu 0"


def test_simulate_error_json_has_id_english_and_text() -> None:
    code, out = _run(
        "simulate", "--rules", "remi-pe-tabla", "--games", "0", "--lang", "ro", "--json"
    )
    error = json.loads(out)["error"]
    assert code == 2
    assert error["id"] == "simulate.error.games_min"
    assert error["message"] == "--games must be at least 1, got 0"
    assert error["text"] == "--games trebuie să fie cel puțin 1, nu 0"
    assert error["params"] == {"games": 0}


def test_simulate_cli_option_error_is_romanian() -> None:
    code, out = _run("simulate", "--rules", "remi-pe-tabla", "--resume", "--lang", "ro")
    assert code == 2
    assert out.strip() == (
        "eroare: --resume cere --out FIȘIER (rezultatele pe joc de la care se reia)"
    )


def test_library_errors_carry_their_message_id() -> None:
    try:
        simulate(["remi-pe-tabla"], games=1, bots=["nobody", "greedy"])
    except SimulationError as exc:
        assert exc.message_id == "simulate.error.bot_kind"
        assert exc.localized(RO).startswith("tip de bot necunoscut 'nobody'")
    else:
        raise AssertionError("an unknown bot kind was accepted")
    try:
        parse_arm("x:opening.min_points")
    except ArmError as exc:
        assert str(exc) == "--arm 'x:opening.min_points': 'opening.min_points' is not ID=VALUE"
        assert exc.localized(RO) == (
            "--arm 'x:opening.min_points': 'opening.min_points' nu este de forma ID=VALOARE"
        )
    else:
        raise AssertionError("an arm without a value was accepted")


def test_solve_move_edits_in_romanian_json_keeps_english() -> None:
    args = ("solve", "move", "--table", "[R5 R6 R7] [Y9 B9 K9]", "--rack", "R8 Y7 B7 R4")
    code, out = _run(*args, "--lang", "ro")
    assert code == 0
    lines = [line.strip() for line in out.splitlines()]
    assert lines[1:5] == [
        "ia R7 din formația 1",
        "adaugă R4 de pe tablă la formația 1",
        "formația 1 devine [R4 R5 R6]",
        "formație nouă [R7 G7 A7] (2 de pe tablă)",
    ]
    code, out = _run(*args, "--lang", "ro", "--json")
    assert json.loads(out)["edits"] == [
        "take R7 from set 1",
        "add R4 from the rack to set 1",
        "set 1 is now [R4 R5 R6]",
        "new set [R7 Y7 B7] (2 from the rack)",
    ]


def test_twenty_and_more_take_de() -> None:
    assert RO.plural("match.hands_left", 20, played=3) == (
        "3 din 20 de mâini jucate (match.hands): jucați încă o mână"
    )
    assert RO.plural("match.hands_left", 5, played=3).startswith("3 din 5 mâini jucate")
    assert RO.plural("session.games_left", 21, played=2).startswith("2 din 21 de jocuri")
    assert RO.plural("session.games_left", 2, played=1).startswith("1 din 2 jocuri")


def test_overused_tile_counts_in_romanian() -> None:
    text = " ".join(["R3"] * 20)
    try:
        refuse_overuse(parse_formation_tokens(text), text)
    except NotationError as exc:
        assert str(exc) == "R3 appears 20 times; the 106-tile set holds it 2 times"
        assert exc.localized(RO) == "R3 apare de 20 de ori; jocul de 106 piese o are de 2 ori"
    else:
        raise AssertionError("twenty R3 were accepted")


def test_record_with_a_bad_field_replays_to_a_romanian_error(tmp_path: Path) -> None:
    record = json.loads((GAMES / "missed-announcement.json").read_text(encoding="utf-8"))
    record["family"] = "rummikub"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(record), encoding="utf-8")
    code, out = _run("replay", str(bad), "--lang", "ro")
    assert code == 2
    assert out.strip() == (
        f"eroare: {bad}: setul de reguli „{record['preset']}” este din familia „remi”, "
        "înregistrarea spune „rummikub”"
    )
