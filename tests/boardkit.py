"""Helpers of the board tests: a board for a record, waiting for it, and the text on its screen."""

from __future__ import annotations

import html
import io
import json
import re
from pathlib import Path
from typing import Any

from rich.console import Console
from textual.pilot import Pilot

from remi.cli.hands import board_app
from remi.cli.messages import messages
from remi.cli.session import Session, start_session
from remi.core.record_files import load_record
from remi.core.records import GameRecord
from remi.ui.app import BoardApp
from remi.ui.screens import CoverScreen, HoldScreen

GAMES = Path(__file__).resolve().parent.parent / "examples" / "games"

#: A tile in notation on the screen (R7, K13; not J, which also starts words).
TILE_RE = re.compile(r"(?<![A-Za-z0-9])[RYBK](?:1[0-3]|[1-9])(?![0-9])")


def sir_break_record(tmp_path: Path) -> GameRecord:
    """The sir-break stacked deal with no actions: Ana and Bogdan, hot-seat."""
    data = json.loads((GAMES / "sir-break.json").read_text(encoding="utf-8"))
    data["actions"] = []
    path = tmp_path / "start.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return load_record(path)


def make_board(
    record: GameRecord, lang: str = "en", save: Path | None = None, auto: bool = False
) -> BoardApp:
    """The board that plays ``record`` (not running yet); ``auto``: a bot game (``--auto``)."""
    m = messages(lang)

    def factory(rec: GameRecord) -> Session:
        return start_session(rec, Console(file=io.StringIO()), m, save, auto)

    app = board_app(factory, record, m)
    assert isinstance(app, BoardApp)
    return app


async def settle(pilot: Pilot[Any], app: BoardApp, asks: int) -> None:
    """Wait until the game asks for a line again (after ``asks`` asks), or a cover or the end
    of the hand is up."""
    for _ in range(1000):
        await pilot.pause(0.01)
        if app.asks > asks or isinstance(app.screen, CoverScreen | HoldScreen) or app.bridge.closed:
            # the new screen is on the stack before it has composed and drawn its content: on
            # a loaded machine a screenshot taken at once showed an empty hold screen
            await pilot.pause()
            await pilot.pause(0.01)
            return
    raise AssertionError("the board never asked for input")


async def focused(pilot: Pilot[Any], widget: Any) -> bool:
    """Whether ``widget`` has (or, on a loaded machine, soon gets) the focus: the board moves
    the focus after it asks for input, a few frames later."""
    for _ in range(200):
        if widget.has_focus:
            return True
        await pilot.pause(0.01)
    return bool(widget.has_focus)


async def enter(pilot: Pilot[Any], app: BoardApp, line: str) -> None:
    """Type ``line`` on the command line and Enter; ``""`` confirms a cover or an end screen."""
    asks = app.asks
    if line:
        command: Any = app.query_one("#command")
        command.focus()
        command.value = line
    await pilot.press("enter")
    await pilot.pause(0.01)
    await settle(pilot, app, asks)


async def shown(pilot: Pilot[Any], app: BoardApp, kind: type) -> bool:
    """Whether a screen of ``kind`` is (or, on a loaded machine, soon is) on top: a question the
    game asks comes through the game thread, a few frames after the line was sent."""
    for _ in range(300):
        if isinstance(app.screen, kind):
            return True
        await pilot.pause(0.01)
    return isinstance(app.screen, kind)


def screen_text(app: BoardApp) -> str:
    """The text of the screen as drawn (from Textual's SVG screenshot), runs of spaces as one."""
    svg = app.export_screenshot()
    svg = re.sub(r"<style.*?</style>", "", svg, flags=re.S)
    svg = re.sub(r"<defs.*?</defs>", "", svg, flags=re.S)
    text = html.unescape(re.sub(r"<[^>]+>", " ", svg)).replace("\xa0", " ")
    return re.sub(r"[ \t]+", " ", text)


def shows(app: BoardApp, phrase: str) -> bool:
    """``phrase`` is on the screen (spaces ignored: styled pieces are drawn apart)."""
    return re.sub(r"\s+", "", phrase) in re.sub(r"\s+", "", screen_text(app))
