"""The board with a Rummikub-style preset: the family's screen on the board, a turn with an
invalid table (its sets marked while editing) refused at ``done`` with its penalty, and the turn timer's countdown (red in its
last 10 seconds, then the timeout)."""

from __future__ import annotations

from typing import Any

import pytest
from boardkit import enter, make_board, settle, shows

from remi.cli import terminal
from remi.cli.play import _new_record
from remi.core.notation import parse_formation_tokens
from remi.core.presets import load_rules
from remi.core.records import HUMAN, PlayerEntry
from remi.ui.app import WARN_SECONDS
from remi.variants.rummikub.screens import set_mark

SEATS = (PlayerEntry("Ana", HUMAN), PlayerEntry("greedy-2", "greedy"))


def _board(timer: int = 60) -> Any:
    record = _new_record("rummikub", {"timer.seconds": str(timer)}, SEATS, 3, False)
    return make_board(record)


async def test_board_rummikub_invalid_table_refused_at_done(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(terminal, "clock", lambda: 0.0)  # the timer never runs out
    app = _board()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app, 0)
        assert shows(app, "Ana")
        rack = sorted(app.snapshot.view.rack)
        await enter(pilot, app, f"new {rack[0]} {rack[-1]}")  # two tiles: no set
        assert shows(app, f"[{rack[0]} {rack[-1]}] …")  # marked incomplete while editing
        await enter(pilot, app, "done")
        log = "\n".join(str(line) for line in app.query_one("#log").lines)
        assert "Refused" in log and "penalty" in log.lower()


async def test_board_rummikub_countdown_warns_then_times_out(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    now = [0.0]
    monkeypatch.setattr(terminal, "clock", lambda: now[0])
    app = _board(timer=30)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app, 0)
        clock = app.query_one("#clock")
        await pilot.pause(0.3)
        assert "30 s" in str(clock.render()) and not clock.has_class("warn")
        now[0] = 30.0 - WARN_SECONDS + 1
        await pilot.pause(0.3)
        assert clock.has_class("warn")
        asks = app.asks
        now[0] = 31.0
        await settle(pilot, app, asks)
        log = "\n".join(str(line) for line in app.query_one("#log").lines)
        assert "Time is up [timer.seconds]" in log


@pytest.mark.parametrize(
    ("tiles", "mark"),
    [("R7 R8 R9", "✓"), ("R7 Y7 B7 K7", "✓"), ("R7 R8", "…"), ("R7 B9 K2", "✗"), ("", "")],
)
def test_rummikub_working_set_marks(tiles: str, mark: str) -> None:
    rules = load_rules("rummikub").formation_rules
    slots = parse_formation_tokens(tiles) if tiles else []
    assert set_mark(slots, rules).plain == mark


async def test_board_rummikub_check_tells_what_is_wrong_before_done(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(terminal, "clock", lambda: 0.0)
    app = _board()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app, 0)
        rack = sorted(app.snapshot.view.rack)
        await enter(pilot, app, "check")
        await enter(pilot, app, f"new {rack[0]} {rack[-1]}")
        await enter(pilot, app, "check")
        log = "\n".join(str(line) for line in app.query_one("#log").lines)
        assert "the table is as at the start of the turn" in log
        assert "done would refuse this table" in log
        assert app.waiting  # the turn goes on
