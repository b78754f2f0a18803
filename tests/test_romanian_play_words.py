"""Romanian play names the Romanian commands: the Rummikub table "checked only at `gata`" (not
the English ``done``), ``salvez`` alone asks for ``salvez FIȘIER``."""

from __future__ import annotations

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
