"""SVG snapshots (pytest-textual-snapshot) of the board's main screens at 80x24 and 120x40, in
English and Romanian: the board in the middle of a stacked-deal hand, the hot-seat cover, the
end of the hand. ``pytest --snapshot-update`` rewrites them after an intended change."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from boardkit import enter, make_board, settle, sir_break_record
from test_board import WHOLE_HAND
from textual.pilot import Pilot

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
