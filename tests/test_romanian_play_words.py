"""Romanian play names the Romanian commands: the Rummikub table "checked only at `gata`" (not
the English ``done``), ``salvez`` alone asks for ``salvez FIȘIER``, the board's F1 / F3 and rack keys
echo ``ajutor`` / ``sugestie`` / ``arunc``."""

from __future__ import annotations

from pathlib import Path

from boardkit import enter, make_board, settle, shows, sir_break_record
from textual.widgets import RichLog
from typer.testing import CliRunner

from remi.cli import app
from remi.core.record_files import load_record
from remi.core.tiles import Tile
from remi.ui.widgets import PickRack

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


async def test_romanian_board_rack_keys_echo_the_romanian_command(tmp_path: Path) -> None:
    """A pick discarded with ``d`` on the Romanian board is echoed ``> arunc A4`` (B4 in the
    canonical letters) and recorded as ``p1 discard B4``."""
    save = tmp_path / "game.json"
    app = make_board(sir_break_record(tmp_path), lang="ro", save=save)
    said: list[str] = []  # the messages (the next player's cover clears them)
    log_line = app.log_line
    app.log_line = lambda text, style: (said.append(text), log_line(text, style))[1]  # type: ignore[method-assign]
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app, 0)
        await enter(pilot, app, "")
        rack = app.query_one(PickRack)
        await pilot.press("escape")
        for _ in range(rack.tiles.index(Tile.parse("B4"))):
            await pilot.press("right")
        await pilot.press("space")
        asks = app.asks
        await pilot.press("d")
        await settle(pilot, app, asks)
    assert "> arunc B4" in said  # drawn as A4 on the screen (remi.ui.letters)
    assert load_record(save).actions[-1] == "p1 discard B4"
