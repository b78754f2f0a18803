"""SVG snapshots (pytest-textual-snapshot) of the board's main screens at 80x24 and 120x40, in
English and Romanian: the board in the middle of a stacked-deal hand, a first-round turn under a
rule changed by ``--set`` (the header on two lines at 80 columns), the hot-seat cover, the
end of the hand, a Rummikub turn being edited with an invalid set and its "end the turn and
draw?" question, a bot game (``--auto``)
paused after 12 moves, a refusal at ``done`` kept over the hand-over and shown whole at 80x24 (the
messages area grown, the table given way). ``pytest --snapshot-update`` rewrites them after an intended change."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from boardkit import enter, make_board, settle, sir_break_record
from test_board import WHOLE_HAND
from textual.pilot import Pilot

from remi.cli import terminal
from remi.cli.hands import new_record
from remi.core.records import HUMAN, PlayerEntry
from remi.ui.table_edit import TableEdit

#: Ana's second turn, after her opening: table, șir, last round and rack all filled.
MIDDLE = ["", "discard B4", "", "draw", "discard K5", "", "draw", "meld R5 R6 R7"]


def _driver(lines: list[str]) -> Callable[[Pilot[Any]], Any]:
    async def run_before(pilot: Pilot[Any]) -> None:
        app: Any = pilot.app
        await settle(pilot, app, 0)
        for line in lines:
            await enter(pilot, app, line)
        await pilot.pause(0.1)

    return run_before


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
@pytest.mark.parametrize("lang", ["en", "ro"])
def test_board_snapshot_middle_of_hand(
    snap_compare: Any, tmp_path: Path, size: tuple[int, int], lang: str
) -> None:
    app = make_board(sir_break_record(tmp_path), lang=lang)
    assert snap_compare(app, terminal_size=size, run_before=_driver(MIDDLE))


@pytest.mark.parametrize("lang", ["en", "ro"])
def test_board_snapshot_hot_seat_cover(snap_compare: Any, tmp_path: Path, lang: str) -> None:
    app = make_board(sir_break_record(tmp_path), lang=lang)
    assert snap_compare(app, terminal_size=(80, 24), run_before=_driver(MIDDLE[:2]))


def test_board_snapshot_end_of_hand(snap_compare: Any, tmp_path: Path) -> None:
    app = make_board(sir_break_record(tmp_path))
    assert snap_compare(app, terminal_size=(120, 40), run_before=_driver(WHOLE_HAND))


@pytest.mark.parametrize("lang", ["en", "ro"])
def test_board_snapshot_first_round_with_a_changed_rule(snap_compare: Any, lang: str) -> None:
    """Bogdan's first turn after his draw, at 80x24 with ``--set opening.min_points=50``: the
    header on two lines (the changed rule shown whole), the status offering the discard only
    (``turn.meld_from``)."""
    people = (PlayerEntry("Ana", HUMAN), PlayerEntry("Bogdan", HUMAN))
    record = new_record("remi-pe-tabla", {"opening.min_points": "50"}, people, 5, False)
    app = make_board(record, lang=lang)
    draw = "trage" if lang == "ro" else "draw"
    lines = ["", "discard K13", "", draw]
    assert snap_compare(app, terminal_size=(80, 24), run_before=_driver(lines))


def _rummikub_invalid() -> Callable[[Pilot[Any]], Any]:
    async def run_before(pilot: Pilot[Any]) -> None:
        app: Any = pilot.app
        await settle(pilot, app, 0)
        await enter(pilot, app, "new R4 Y1 K12")  # marked invalid, counted
        app.query_one(TableEdit).focus()
        await pilot.pause(0.1)

    return run_before


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
@pytest.mark.parametrize("lang", ["en", "ro"])
def test_board_snapshot_rummikub_editing_invalid_set(
    snap_compare: Any, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int], lang: str
) -> None:
    monkeypatch.setattr(terminal, "clock", lambda: 0.0)  # the countdown stands at 60 s
    seats = (PlayerEntry("Ana", HUMAN), PlayerEntry("greedy-2", "greedy"))
    record = new_record("rummikub", {}, seats, 3, False)
    app = make_board(record, lang=lang)
    assert snap_compare(app, terminal_size=size, run_before=_rummikub_invalid())


@pytest.mark.parametrize("lang", ["en", "ro"])
def test_board_snapshot_rummikub_initial_meld_points_laid(
    snap_compare: Any, monkeypatch: pytest.MonkeyPatch, lang: str
) -> None:
    """Seed 2 at 80x24: Ana has laid [Y6 J Y8] before her initial meld; the status lines say
    "Initial meld: 21 of 30 points laid" under the threshold (``initial_meld.min_points``)."""
    monkeypatch.setattr(terminal, "clock", lambda: 0.0)  # the countdown stands at 60 s
    seats = (PlayerEntry("Ana", HUMAN), PlayerEntry("greedy-2", "greedy"))
    app = make_board(new_record("rummikub", {}, seats, 2, False), lang=lang)
    line = "new Y6 J Y8" if lang == "en" else "nou G6 J G8"
    assert snap_compare(app, terminal_size=(80, 24), run_before=_driver([line]))


async def _draw_question(pilot: Pilot[Any]) -> None:
    app: Any = pilot.app
    await settle(pilot, app, 0)
    app.query_one(TableEdit).focus()
    await pilot.press("enter")  # nothing played: ending the turn would draw, asked first
    await pilot.pause(0.2)


@pytest.mark.parametrize("lang", ["en", "ro"])
def test_board_snapshot_rummikub_draw_question(
    snap_compare: Any, monkeypatch: pytest.MonkeyPatch, lang: str
) -> None:
    """The question says the turn timer keeps running (``timer.seconds``)."""
    monkeypatch.setattr(terminal, "clock", lambda: 0.0)  # the countdown stands at 60 s
    seats = (PlayerEntry("Ana", HUMAN), PlayerEntry("greedy-2", "greedy"))
    app = make_board(new_record("rummikub", {}, seats, 3, False), lang=lang)
    assert snap_compare(app, terminal_size=(80, 24), run_before=_draw_question)


async def _auto_paused(pilot: Pilot[Any]) -> None:
    app: Any = pilot.app
    for _ in range(200):
        await pilot.pause(0.02)
        if app.auto:
            break
    for _ in range(12):
        moves = len(app.snapshot.history) if app.snapshot is not None else 0
        await pilot.press("full_stop")
        for _ in range(200):
            await pilot.pause(0.02)
            if app.snapshot is not None and len(app.snapshot.history) > moves:
                break
    await pilot.pause(0.1)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
@pytest.mark.parametrize("lang", ["en", "ro"])
def test_board_snapshot_auto_game(snap_compare: Any, size: tuple[int, int], lang: str) -> None:
    bots = (PlayerEntry("greedy-1", "greedy"), PlayerEntry("greedy-2", "greedy"))
    record = new_record("remi-pe-tabla", {}, (*bots, PlayerEntry("greedy-3", "greedy")), 1, False)
    app = make_board(record, lang=lang, auto=True)
    app.paused = True  # paused from the start: 12 moves, one at a time
    assert snap_compare(app, terminal_size=size, run_before=_auto_paused)


@pytest.mark.parametrize("lang", ["en", "ro"])
def test_board_snapshot_rummikub_kept_refusal_whole(
    snap_compare: Any, monkeypatch: pytest.MonkeyPatch, lang: str
) -> None:
    """Hot-seat, seed 5 at 80x24: Dan's ``done`` with [R1] alone was refused
    (``formation.min_tiles``) and cost 3 penalty tiles (``penalty.invalid_turn``); at his next
    turn the kept lines are shown whole (4 lines in English, 5 in Romanian), the table at its
    least height, the rack and the prompt below."""
    monkeypatch.setattr(terminal, "clock", lambda: 0.0)  # the countdown stands at 60 s
    people = (PlayerEntry("Ana", HUMAN), PlayerEntry("Dan", HUMAN))
    app = make_board(new_record("rummikub", {}, people, 5, False), lang=lang)
    words = ("new R1", "done", "draw") if lang == "en" else ("nou R1", "gata", "trag")
    lines = ["", words[0], words[1], "", words[2], ""]
    assert snap_compare(app, terminal_size=(80, 24), run_before=_driver(lines))
