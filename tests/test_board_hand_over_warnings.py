"""Hot-seat on the board (two people at one screen): a warning said to a player after his last
line (the turn timer's "time is up", a Rummikub-style refusal at ``done`` and its penalty) used
to be hidden at once by the hand-over cover, so he never read why he drew. It is kept for him and
shown first at his next turn, in both families and both languages; the cover in between, and
the other player's turn, show none of it (a refusal quotes tiles that went back to his rack)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from boardkit import enter, make_board, screen_text, settle, shows
from textual.pilot import Pilot

from remi.cli import terminal
from remi.cli.hands import new_record
from remi.cli.messages import messages
from remi.core.records import HUMAN, PlayerEntry
from remi.ui.app import BoardApp
from remi.ui.message_log import MessageLog
from remi.ui.screens import CoverScreen

#: A tile on the screen, in the English or the Romanian colour letters (R7, Y7 / G7, A7, N7).
TILE_RE = re.compile(r"(?<![A-Za-z0-9])[RYBKGAN](?:1[0-3]|[1-9])(?![0-9])")

#: Two people, hot-seat (a cover at each hand-over, confirmed with Enter).
PEOPLE = (PlayerEntry("Ana", HUMAN), PlayerEntry("Bogdan", HUMAN))


def _log(app: BoardApp) -> str:
    """The messages as one line (a long line is wrapped in the area: runs of spaces as one)."""
    return " ".join(" ".join(line.text for line in app.part("#log", MessageLog).lines).split())


def _cover_is_blank(app: BoardApp, lang: str) -> bool:
    """The cover is up and names nothing of the turn before it: no tile, no rule id, no
    warning (its own text names the next player only)."""
    text = screen_text(app)
    return (
        isinstance(app.screen, CoverScreen)
        and TILE_RE.search(text) is None
        and "[" not in text
        and messages(lang)("board.kept.title", name="Ana").split(",")[1].strip() not in text
    )


async def _bogdans_turn(pilot: Pilot[Any], app: BoardApp, lang: str, draw: str) -> None:
    """Bogdan confirms his cover, reads none of Ana's warnings, and plays (``draw``: his
    whole turn's lines); then Ana's cover is up."""
    await enter(pilot, app, "")
    assert not shows(app, messages(lang)("board.kept.title", name="Ana"))
    assert "Ana" not in _log(app)
    for line in draw.split(";"):
        await enter(pilot, app, line.strip())
    assert isinstance(app.screen, CoverScreen)


@pytest.mark.parametrize("lang", ["en", "ro"])
async def test_remi_time_up_is_shown_to_its_player_at_his_next_turn(
    monkeypatch: pytest.MonkeyPatch, lang: str
) -> None:
    """30 s per turn (``turn.timer_seconds``): Ana's time runs out at her first turn, her turn
    is taken back and her highest tile discarded; the cover hides it from Bogdan, and Ana reads
    it first when her next turn starts: the title and the line with the rule id."""
    now = [0.0]
    monkeypatch.setattr(terminal, "clock", lambda: now[0])
    record = new_record("remi-pe-tabla", {"turn.timer_seconds": "30"}, PEOPLE, 5, False)
    app = make_board(record, lang=lang)
    m = messages(lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app, 0)
        await enter(pilot, app, "")  # Ana's cover
        asks = app.asks
        now[0] = 31.0
        await settle(pilot, app, asks)
        assert _cover_is_blank(app, lang)
        assert app.snapshot is None  # nothing of Ana's rack under the cover
        await enter(pilot, app, "")  # Bogdan's cover
        assert "[turn.timer_seconds]" not in _log(app)
        await enter(pilot, app, "draw" if lang == "en" else "trag")
        assert app.snapshot is not None
        tile = next(str(t) for t in app.snapshot.view.rack if str(t).startswith("R"))
        await enter(pilot, app, f"discard {tile}" if lang == "en" else f"arunc {tile}")
        assert _cover_is_blank(app, lang)
        await enter(pilot, app, "")  # Ana's cover: her turn starts
        title = m("board.kept.title", name="Ana")
        assert shows(app, title)
        # the highest tile of her rack (seed 5) discarded for her; her first turn (15 tiles)
        # is a discard alone: nothing drawn, nothing taken back (docs/rules.md §1.14)
        said = m("remi.time_up.discard", name="Ana", tile="K13")
        assert _log(app).startswith(f"{title} {said}") and said.endswith("[turn.timer_seconds].")


@pytest.mark.parametrize("lang", ["en", "ro"])
async def test_rummikub_refusal_and_penalty_are_shown_at_the_next_turn(lang: str) -> None:
    """Ana ends her first turn with one tile alone on the table: ``done`` refuses it and the
    penalty draws 3 tiles (``penalty.invalid_turn``); Bogdan's cover and turn show none of it,
    Ana reads the refusal (its rule id) and the penalty first at her next turn."""
    record = new_record("rummikub", {}, PEOPLE, 3, False)
    app = make_board(record, lang=lang)
    m = messages(lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app, 0)
        await enter(pilot, app, "")  # Ana's cover
        assert app.snapshot is not None
        red = next(str(t) for t in app.snapshot.view.rack if str(t).startswith("R"))
        await enter(pilot, app, f"new {red}" if lang == "en" else f"nou {red}")
        await enter(pilot, app, "done" if lang == "en" else "gata")
        assert _cover_is_blank(app, lang)
        await _bogdans_turn(pilot, app, lang, "draw" if lang == "en" else "trag")
        assert _cover_is_blank(app, lang)
        await enter(pilot, app, "")  # Ana's cover: her turn starts
        title = m("board.kept.title", name="Ana")
        refused = m("rk.refused", error="").strip()
        log = _log(app)
        assert log.startswith(f"{title} {refused}")
        penalty = m.plural("rk.penalty_drawn", 3, name="Ana", rule="penalty.invalid_turn")
        assert 0 < log.index("[formation.min_tiles]") < log.index(penalty)
        assert app.snapshot is not None and app.snapshot.view.tile_counts[0] == 14 + 3
