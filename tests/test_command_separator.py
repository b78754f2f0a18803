"""``;`` separates the commands of one typed line in every language and mode (docs/playing.md,
docs/glossary.md): a tile typed in Romanian letters right before it (``nou R8 G8 A8;gata``) is
read as a tile, as it is with a blank before the ``;``; the line mode of both families and the
board carry the commands out one after another, the first refused one dropping the rest."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from boardkit import enter, make_board, settle
from hypothesis import given
from hypothesis import strategies as st
from typer.testing import CliRunner

from remi.cli import app, terminal
from remi.cli.hands import new_record
from remi.core.colour_letters import typed
from remi.core.commands import split_commands
from remi.core.record_files import load_record
from remi.core.records import HUMAN, PlayerEntry

runner = CliRunner()

#: Tiles in the Romanian letters (R roșu, G galben, A albastru, N negru) and the words typed.
_RO_TILE = st.builds(
    lambda colour, number: f"{colour}{number}",
    st.sampled_from("RGAN"),
    st.integers(1, 13),
)
_COMMAND = st.builds(
    lambda verb, tiles: " ".join([verb, *tiles]),
    st.sampled_from(["nou", "pun", "etalez", "arunc", "lipesc 2", "gata", "trag", "new"]),
    st.lists(_RO_TILE, max_size=4),
)
_SEPARATOR = st.sampled_from([";", " ;", "; ", " ; ", "  ;  "])


@given(st.lists(_COMMAND, min_size=1, max_size=5), st.data())
def test_command_list_round_trips_with_or_without_blanks_around_the_separator(
    commands: list[str], data: st.DataObject
) -> None:
    """A list of commands joined by ``;`` with any blanks around it reads back as the same
    commands, each with its tiles in the canonical letters (G7 -> Y7, A8 -> B8, N12 -> K12):
    a tile right before or after ``;`` is a tile like any other."""
    line = commands[0]
    for command in commands[1:]:
        line += data.draw(_SEPARATOR) + command
    assert split_commands(typed(line, "ro")) == [typed(c, "ro") for c in commands]


@pytest.mark.parametrize("text", ["nou R8 G8 A8;gata", "nou R8 G8 A8 ;gata", "nou R8 G8 A8 ; gata"])
def test_romanian_tile_right_before_the_separator_is_read(text: str) -> None:
    assert split_commands(typed(text, "ro")) == ["nou R8 Y8 B8", "gata"]


def test_save_obeys_the_separator_like_every_command() -> None:
    assert split_commands("save /tmp/s7.json;discard R1") == ["save /tmp/s7.json", "discard R1"]
    assert split_commands("salvez a.json ; arunc R1") == ["salvez a.json", "arunc R1"]


#: ``remi play`` in the line mode, Romanian, Rummikub, Ana and Bob hot-seat, seed 3, no timer.
_RUMMIKUB = "play --lang ro --plain --rules rummikub --human Ana --human Bob --players 2 --seed 3"


def _rummikub(lines: list[str]) -> str:
    args = [*_RUMMIKUB.split(), "--no-timer"]
    result = runner.invoke(app, args, input="\n".join(lines) + "\n")
    assert result.exit_code == 0, result.output
    return result.output


def test_rummikub_line_mode_tile_before_semicolon_in_romanian() -> None:
    """Seed 3: Ana holds N11 N12 (K11 K12). ``nou N11 N12;pun J 2`` makes the set [N11 N12]
    and then refuses ``pun J 2`` for its own reason (one set only), not N12 as a tile."""
    out = _rummikub(["", "nou N11 N12;pun J 2"])
    assert "1: [N11 N12]" in out
    assert "nu e o piesă" not in out
    assert "nu există formația 2" in out


def test_rummikub_refused_table_at_gata_quotes_the_play_in_romanian() -> None:
    """``nou R8 G8 A8;gata``: the set is made, then ``gata`` refuses the 24-point initial meld
    (30 needed, initial_meld.min_points) quoting the play as Ana would type it, not the record's
    ``p1 play``; the penalty is 3 tiles (docs/rules.md §2.8)."""
    out = " ".join(_rummikub(["", "nou R8 G8 A8;gata"]).split())
    assert "„Ana: masa [R8 G8 A8]”: etalarea are 24 de puncte, trebuie 30" in out
    assert "p1 play" not in out and "Ana trage 3 piese de penalizare" in out


def _remi_pe_tabla(tmp_path: Path, line: str) -> tuple[str, ...]:
    save = tmp_path / f"game-{len(list(tmp_path.iterdir()))}.json"
    args = ["play", "--lang", "ro", "--plain", "--human", "Ana", "--human", "Bob"]
    args += ["--players", "2", "--seed", "3", "--no-timer", "--save", str(save)]
    result = runner.invoke(app, args, input=f"\n{line}\n\nies\n")
    assert result.exit_code == 0, result.output
    return load_record(save).actions if save.exists() else ()


def test_remi_pe_tabla_line_of_commands(tmp_path: Path) -> None:
    """Seed 3, two seats: Ana's first turn is a discard only (sir.first_discard_dead) and she
    holds R12. ``sugestie;arunc R12`` gives the hint, then discards R12; in ``trag;arunc R12``
    the draw is refused, which drops the discard."""
    assert _remi_pe_tabla(tmp_path, "sugestie;arunc R12") == ("p1 discard R12",)
    assert _remi_pe_tabla(tmp_path, "trag;arunc R12") == ()


async def test_board_romanian_tiles_before_semicolon(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On the board (Romanian), ``nou R8 G8 A8;gata`` with three 8s of Ana's makes the set
    and ends the turn with it: 24 points < 30, refused at ``gata`` with the 3-tile penalty
    (14 + 3 = 17 tiles), not read as a bad tile nor as a draw (15)."""
    monkeypatch.setattr(terminal, "clock", lambda: 0.0)
    seats = (PlayerEntry("Ana", HUMAN), PlayerEntry("greedy-2", "greedy"))
    record = new_record("rummikub", {"timer.seconds": "60"}, seats, 3, False)
    app_: Any = make_board(record, lang="ro")
    async with app_.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app_, 0)
        rack = [str(t) for t in app_.snapshot.view.rack]
        assert {"R8", "Y8", "B8"} <= set(rack)
        await enter(pilot, app_, "nou R8 G8 A8;gata")
        assert app_.snapshot.view.tile_counts[0] == 17


def test_save_then_quit_on_one_line_saves_the_named_file_and_quotes_the_resume_hint(
    tmp_path: Path,
) -> None:
    """``save FILE;quit`` in the line mode: the file is FILE (not ``FILE;quit``) and the hint
    quotes its name for the shell (``shlex.quote``)."""
    from typer.testing import CliRunner

    from remi.cli import app

    target = tmp_path / "my game.json"
    args = ["play", "--plain", "--human", "Ana", "--players", "2", "--seed", "9"]
    result = CliRunner().invoke(app, args, input=f"discard R5\nsave {target};quit\n")
    assert result.exit_code == 0, result.output
    assert target.is_file() and sorted(p.name for p in tmp_path.iterdir()) == ["my game.json"]
    assert f"(remi play --load '{target}')" in result.output.replace("\n", "")
