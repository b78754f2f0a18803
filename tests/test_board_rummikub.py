"""The board with a Rummikub-style preset: the family's screen on the board, a turn with an
invalid table (its sets marked while editing) refused at ``done`` with its penalty, and the turn timer's countdown (red in its
last 10 seconds, then the timeout)."""

from __future__ import annotations

from typing import Any

import pytest
from boardkit import TILE_RE, enter, focused, make_board, screen_text, settle, shows
from textual import events

from remi.cli import terminal
from remi.cli.hands import new_record
from remi.cli.messages import messages
from remi.core.notation import parse_formation_tokens
from remi.core.presets import load_rules
from remi.core.records import HUMAN, PlayerEntry
from remi.ui.app import WARN_SECONDS
from remi.ui.screens import CoverScreen, DrawScreen
from remi.ui.table_edit import RackRow, TableEdit
from remi.variants.rummikub.screens import set_mark

SEATS = (PlayerEntry("Ana", HUMAN), PlayerEntry("greedy-2", "greedy"))


def _board(timer: int = 60) -> Any:
    record = new_record("rummikub", {"timer.seconds": str(timer)}, SEATS, 3, False)
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
    assert set_mark(slots, rules, messages("en")).plain == mark


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


async def _goto(pilot: Any, table: TableEdit, spot: tuple[int, int]) -> None:
    """Move the table's cursor to ``spot`` with the arrow keys."""
    for _ in range(10):
        if table.cursor[0] == spot[0]:
            break
        await pilot.press("down")
    size = len(table.rack) if spot[0] == -1 else len(table.sets[spot[0]])
    ahead = (spot[1] - table.cursor[1]) % max(size, 1)
    key = "right" if ahead <= size - ahead else "left"  # the rows wrap around
    for _ in range(40):
        if table.cursor == spot:
            return
        await pilot.press(key)
    raise AssertionError(f"the cursor never reached {spot}")


async def _pick(pilot: Any, table: TableEdit, tiles: list[str]) -> None:
    """Pick rack tiles with the keys (one copy each)."""
    for tile in tiles:
        index = next(
            i for i, t in enumerate(table.rack) if str(t) == tile and (-1, i) not in table.picked
        )
        await _goto(pilot, table, (-1, index))
        await pilot.press("space")


async def test_board_rummikub_turn_edited_with_keys_invalid_set_then_refused_edit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ana (seed 3) plays Y1 R4 K12 as a new set with the keys: marked ✗, counted, ``c``
    says why, Enter (done) is refused with the penalty; next turn, before her initial meld,
    adding a rack tile to greedy-2's set is refused when made, with the rule id."""
    monkeypatch.setattr(terminal, "clock", lambda: 0.0)
    app = _board()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app, 0)
        table = app.query_one(TableEdit)
        assert await focused(pilot, table) and len(table.rack) == 14
        await _pick(pilot, table, ["R4", "Y1", "K12"])
        asks = app.asks
        await pilot.press("n")  # one key: the picked tiles as a new set
        await settle(pilot, app, asks)
        assert shows(app, "1:[Y1 R4 K12] ✗") and shows(app, "1 set is not valid yet")
        asks = app.asks
        await pilot.press("c")
        await settle(pilot, app, asks)
        assert "done would refuse this table" in _log(app) and "[formation." in _log(app)
        asks = app.asks
        await pilot.press("enter")  # done
        await settle(pilot, app, asks)
        assert "Refused" in _log(app) and len(table.rack) == 17  # 3 penalty tiles
        assert shows(app, "1:[R4 R5 R6]") and shows(app, "2:[R13 Y13 K13]")  # greedy-2's meld
        assert shows(app, "sets made or changed: [R4 R5 R6] [R13 Y13 K13] (initial meld)")
        await _pick(pilot, table, ["R7"])
        await _goto(pilot, table, (0, 0))
        asks = app.asks
        await pilot.press("a")  # add R7 to set 1: not before her initial meld
        await settle(pilot, app, asks)
        assert "[initial_meld.manipulate_same_turn]" in _log(app)
        assert [len(s) for s in table.sets] == [3, 3] and len(table.rack) == 17


async def test_board_rummikub_click_tiles_then_new_set_chip(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With the mouse: a click on each rack tile picks it, a click on ``[+]`` makes them a
    new set, marked valid."""
    monkeypatch.setattr(terminal, "clock", lambda: 0.0)
    app = _board()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app, 0)
        table = app.query_one(TableEdit)
        rack = app.query_one(RackRow)
        for tile in ("R8", "Y8", "B8"):
            index = next(i for i, t in enumerate(table.rack) if str(t) == tile)
            row, start, _, _ = next(s for s in rack.spans if s[3] == (-1, index))
            await pilot.click(RackRow, offset=(start + 2, row))
        assert len(table.picked) == 3
        row, start, _, _ = next(s for s in table.spans if s[3] == ("new", 0))
        asks = app.asks
        await pilot.click(TableEdit, offset=(start + 2, row + 1))  # + 1: the title line
        await settle(pilot, app, asks)
        assert shows(app, "1:[R8 Y8 B8] ✓")


def _log(app: Any) -> str:
    return "\n".join(str(line) for line in app.query_one("#log").lines)


async def test_board_rummikub_hot_seat_cover_hides_the_rack_and_the_working_table(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ana ends her turn (Enter on an unchanged table, confirmed with y: she draws); under Bogdan's cover no
    tile of hers is on the screen, neither the rack nor the table being edited."""
    monkeypatch.setattr(terminal, "clock", lambda: 0.0)
    seats = (PlayerEntry("Ana", HUMAN), PlayerEntry("Bogdan", HUMAN))
    app = make_board(new_record("rummikub", {}, seats, 3, False))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app, 0)
        await enter(pilot, app, "")  # Ana confirms her cover
        table = app.query_one(TableEdit)
        assert await focused(pilot, table) and len(table.rack) == 14
        asks = app.asks
        await pilot.press("enter")  # done, unchanged: a draw, asked first
        assert await _asked(pilot, app)
        await pilot.press("y")
        await settle(pilot, app, asks)
        assert isinstance(app.screen, CoverScreen)
        assert not TILE_RE.findall(screen_text(app)) and shows(app, "Bogdan")
        assert table.rack == [] and table.sets == []


async def test_board_rummikub_five_tile_initial_meld_in_few_keystrokes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Seed 2: Ana's initial meld Y6 J Y8 Y9 Y10 (40 points) is five picks, ``n`` (the joker
    goes into the gap, J as Y7) and Enter: 15 keys with the arrows, where typing
    ``new Y6 J Y8 Y9 Y10`` and ``done`` takes 24 keys (and the issue measured 46)."""
    monkeypatch.setattr(terminal, "clock", lambda: 0.0)
    record = new_record("rummikub", {}, SEATS, 2, False)
    app = make_board(record)
    keys = 0

    async def press(*names: str) -> None:
        nonlocal keys
        keys += len(names)
        await original(*names)

    async with app.run_test(size=(80, 24)) as pilot:
        original = pilot.press
        monkeypatch.setattr(pilot, "press", press)
        await settle(pilot, app, 0)
        table = app.query_one(TableEdit)
        await _pick(pilot, table, ["Y6", "J", "Y8", "Y9", "Y10"])
        asks = app.asks
        await pilot.press("n")
        await settle(pilot, app, asks)
        assert shows(app, "1:[Y6 J Y8 Y9 Y10] ✓")
        asks = app.asks
        await pilot.press("enter")
        await settle(pilot, app, asks)
        assert app.snapshot.view.table[0].text() == "[Y6 J Y8 Y9 Y10]"
        assert app.snapshot.view.tile_counts[0] == 9
    assert keys <= 15, keys


async def _asked(pilot: Any, app: Any) -> bool:
    """Whether the question "end the turn without playing?" is (or soon is) up."""
    for _ in range(200):
        if isinstance(app.screen, DrawScreen):
            return True
        await pilot.pause(0.01)
    return False


async def test_board_rummikub_enter_on_unchanged_table_asks_and_n_keeps_the_turn(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Enter on the table before anything is played would draw a tile and end the turn: the
    board asks; ``n`` goes back to the table, the turn and the 14 tiles kept."""
    monkeypatch.setattr(terminal, "clock", lambda: 0.0)
    app = _board()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app, 0)
        table = app.query_one(TableEdit)
        assert await focused(pilot, table)
        asks = app.asks
        await pilot.press("enter")
        assert await _asked(pilot, app)
        assert shows(app, "End the turn without playing? You draw a tile.")
        await pilot.press("n")
        await pilot.pause(0.1)
        assert not isinstance(app.screen, DrawScreen)
        assert app.waiting and app.asks == asks and len(table.rack) == 14
        assert app.snapshot.view.tile_counts[0] == 14 and "draws" not in _log(app)
        assert await focused(pilot, table)


async def _type(pilot: Any, text: str) -> None:
    """Type ``text`` key by key wherever the focus is."""
    for char in text:
        await pilot.press("space" if char == " " else char)


async def test_board_rummikub_typed_command_goes_to_the_command_line(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Seed 3: with the table focused, typing ``new R8 Y8 B8`` (n with nothing picked, then
    letters that are not the editor's keys) lands on the command line, and Enter plays the
    group; the focus stays on the command line, so the next typed command (``put``, whose u
    is the editor's undo key) is not read as keys either."""
    monkeypatch.setattr(terminal, "clock", lambda: 0.0)
    app = _board()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app, 0)
        table = app.query_one(TableEdit)
        command = app.query_one("#command")
        assert await focused(pilot, table)
        await _type(pilot, "new R8 Y8 B8")
        assert command.value == "new R8 Y8 B8" and await focused(pilot, command)
        asks = app.asks
        await pilot.press("enter")
        await settle(pilot, app, asks)
        assert shows(app, "1:[R8 Y8 B8] ✓") and await focused(pilot, command)
        await _type(pilot, "put K12 1")
        assert command.value == "put K12 1"
        asks = app.asks
        await pilot.press("enter")
        await settle(pilot, app, asks)
        assert [len(s) for s in table.sets] == [4] and len(table.rack) == 10
        assert shows(app, "1 set is not valid yet")  # K12 does not belong to the 8s
        assert app.snapshot.view.tile_counts[0] == 14  # the turn goes on, nothing drawn


async def test_board_rummikub_command_typed_in_a_burst_is_not_read_as_keys(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Keys posted all at once, without waiting between them (a fast typist, a paste): the
    command (w, Space and Enter included) still reaches the editor, so ``new R8 Y8 B8`` and
    Enter play the group and the turn goes on."""
    monkeypatch.setattr(terminal, "clock", lambda: 0.0)
    app = _board()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app, 0)
        assert await focused(pilot, app.query_one(TableEdit))
        asks = app.asks
        for char in "new R8 Y8 B8\r":
            key = {" ": "space", "\r": "enter"}.get(char, char)
            app.post_message(events.Key(key, None if char == "\r" else char))
        await settle(pilot, app, asks)
        assert shows(app, "1:[R8 Y8 B8] ✓") and app.snapshot.view.tile_counts[0] == 14


async def test_board_rummikub_enter_asks_with_a_joker_on_the_table(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Seed 4, four seats: greedy-4's [K9 J K11] is on the table at Ana's turn (its joker
    stands for K10 there, and is open while the table is edited). Enter on the table before
    anything is played still asks (``d``, da, in Romanian), and then draws."""
    monkeypatch.setattr(terminal, "clock", lambda: 0.0)
    seats = (SEATS[0], *(PlayerEntry(f"greedy-{i}", "greedy") for i in (2, 3, 4)))
    record = new_record("rummikub", {"timer.seconds": "60"}, seats, 4, False)
    app = make_board(record, lang="ro")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app, 0)
        assert "[K9 J K11]" in [f.text() for f in app.snapshot.view.table]
        table = app.query_one(TableEdit)
        assert await focused(pilot, table)
        asks = app.asks
        await pilot.press("enter")
        assert await _asked(pilot, app)
        assert app.asks == asks and app.snapshot.view.tile_counts[0] == 14
        await pilot.press("d")
        await settle(pilot, app, asks)
        assert app.snapshot.view.tile_counts[0] == 15


@pytest.mark.parametrize("lang", ["en", "ro"])
async def test_board_rummikub_status_counts_initial_meld_points_laid(
    monkeypatch: pytest.MonkeyPatch, lang: str
) -> None:
    """Seed 2, an initial meld of 30 points to reach (``initial_meld.min_points``, docs/rules.md
    §2.5): the status lines say how many points of her rack tiles Ana has laid this turn, as
    she lays them: nothing before she edits, 21 for [Y6 J Y8] (the joker counts as Y7), 30 with
    Y9, none laid after ``undo`` twice; once her meld is made the count is gone."""
    from remi.cli.messages import messages

    monkeypatch.setattr(terminal, "clock", lambda: 0.0)
    app = make_board(new_record("rummikub", {}, SEATS, 2, False), lang=lang)
    m = messages(lang)

    def laid(points: int) -> str:
        return m.plural("rk.initial_laid", 30, points=points)

    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app, 0)
        assert not shows(app, laid(0))
        await enter(pilot, app, "new Y6 J Y8" if lang == "en" else "nou G6 J G8")
        assert shows(app, laid(21))
        await enter(pilot, app, "put Y9 1" if lang == "en" else "pun G9 1")
        assert shows(app, laid(30)) and not shows(app, laid(21))
        await enter(pilot, app, "undo" if lang == "en" else "anulez")
        await enter(pilot, app, "undo" if lang == "en" else "anulez")
        assert shows(app, laid(0))
        await enter(pilot, app, "new Y6 J Y8 Y9 Y10" if lang == "en" else "nou G6 J G8 G9 G10")
        assert shows(app, laid(40))
        await enter(pilot, app, "done" if lang == "en" else "gata")
        assert app.snapshot.view.opened[0]
        assert not shows(app, m.plural("rk.initial_laid", 30, points=40).split(":")[0] + ":")
