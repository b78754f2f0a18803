"""Romanian play names the Romanian commands: the Rummikub table "checked only at `gata`" (not
the English ``done``), ``salvez`` alone asks for ``salvez FIȘIER``, the board's F1 / F3 echo
``ajutor`` / ``sugestie``."""

from __future__ import annotations

from pathlib import Path

from boardkit import enter, make_board, settle, shows, sir_break_record
from textual.widgets import RichLog
from typer.testing import CliRunner

from remi.cli import app

runner = CliRunner()


def test_romanian_rummikub_line_mode_names_gata_and_salvez() -> None:
    """Seed 4: the player's first rack holds A11 A12 A13 (B11 B12 B13)."""
    typed = "nou A11 A12 A13\nsalvez\n"
    args = ["play", "--plain", "--lang", "ro", "--rules", "rummikub", "--seed", "4", "--no-timer"]
    result = runner.invoke(app, args, input=typed)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Masa ta în tura asta (verificată abia la „gata”)" in out
    assert "Nu am înțeles: salvez FIȘIER" in out
    assert " done" not in out and "save FIȘIER" not in out


async def test_romanian_board_f1_f3_echo_the_romanian_commands(tmp_path: Path) -> None:
    """F3 / F1 on the Romanian board echo ``> sugestie`` / ``> ajutor`` and answer."""
    app = make_board(sir_break_record(tmp_path), lang="ro")
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app, 0)
        await enter(pilot, app, "")  # Ana's cover
        for key, echo, answer in (("f3", "> sugestie", "ar juca:"), ("f1", "> ajutor", "Permise")):
            asks = app.asks
            await pilot.press(key)
            await settle(pilot, app, asks)
            assert shows(app, answer)
            log = [strip.text.strip() for strip in app.query_one("#log", RichLog).lines]
            assert echo in log
        assert "> hint" not in log and "> help" not in log
