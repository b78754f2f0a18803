"""The full-screen board (``remi.ui``) driven by Textual's Pilot: a whole stacked-deal hand of
Remi pe tablă in hot-seat, the hand-over cover, the layout at 80x24, tab completion."""

from __future__ import annotations

from pathlib import Path

from boardkit import TILE_RE, enter, make_board, screen_text, settle, shown, shows, sir_break_record

from remi.core.record_files import load_record
from remi.core.replay import replay
from remi.core.tiles import Tile
from remi.ui import remi_board
from remi.ui.command_line import complete_word
from remi.ui.screens import CoverScreen, HoldScreen, QuestionScreen, QuitScreen
from remi.ui.widgets import PickRack, SirRow

#: The whole sir-break hand as typed on the board; "" confirms a hand-over cover.
WHOLE_HAND = [
    "",  # Ana
    "discard B4",
    "",  # Bogdan
    "draw",
    "discard K5",
    "",  # Ana
    "draw",
    "meld R5 R6 R7",
    "meld R10 Y10 B10",
    "discard K4",
    "",  # Bogdan
    "draw",
    "discard Y8",
    "",  # Ana
    "take 2",
    "meld K4 K5 K6 K7 K8",
    "meld [K2 Y2 B2]",
    "announce",
    "discard Y8",
    "",  # Bogdan
    "draw",
    "discard R12",
    "",  # Ana
    "draw",
    "layoff 1 R8",
    "layoff 2 K10",
    "discard B6",
]


async def test_board_whole_stacked_hand_hot_seat_scores(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    app = make_board(sir_break_record(tmp_path), save=save)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app, 0)
        for line in WHOLE_HAND:
            await enter(pilot, app, line)
        assert isinstance(app.screen, HoldScreen)
        assert shows(app, "Ana closed (închidere) with B6")
        assert shows(app, "+150") and shows(app, "-115")
        await enter(pilot, app, "")
    final = replay(load_record(save))
    assert final.ok and {p.name: p.score for p in final.scores} == {"Ana": 150, "Bogdan": -115}


async def test_board_hot_seat_cover_hides_the_previous_rack(tmp_path: Path) -> None:
    """From the hand-over on, no tile of Ana's rack is on the screen until Bogdan confirms."""
    app = make_board(sir_break_record(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app, 0)
        assert isinstance(app.screen, CoverScreen)
        assert not TILE_RE.findall(screen_text(app))  # nobody's rack before Ana confirms
        await enter(pilot, app, "")
        assert app.snapshot is not None and app.snapshot.seat == 0
        ana = {str(t) for t in app.snapshot.view.rack}
        assert ana & set(TILE_RE.findall(screen_text(app)))  # Ana sees her rack
        await enter(pilot, app, "discard B4")
        assert isinstance(app.screen, CoverScreen)
        assert app.snapshot is None  # the board below the cover is blank too
        assert not TILE_RE.findall(screen_text(app))
        assert shows(app, "Bogdan")
        await enter(pilot, app, "")
        assert app.snapshot is not None and app.snapshot.seat == 1
        assert shows(app, "p2 Bogdan")


async def test_board_layout_80x24_keeps_header_players_rack(tmp_path: Path) -> None:
    """After a discard and a draw the header, the players, the șir and the rack are on screen."""
    app = make_board(sir_break_record(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app, 0)
        for line in ["", "discard B4", "", "draw"]:
            await enter(pilot, app, line)
        assert shows(app, "Remi pe tablă") and shows(app, "Hand 1")
        assert shows(app, "p1 Ana") and shows(app, "p2 Bogdan")
        assert shows(app, "Your rack (15, sorted by colour)")
        assert shows(app, "1:B4")  # the șir with positions
        assert shows(app, "Ana: discarded B4")  # the last round in words
        need = app.snapshot.view.rules.opening_min_points  # the limit that applies, shown
        assert shows(app, f"needs at least {need} points [opening.min_points]")
        drawn = remi_board.drawn_tile(app.snapshot)  # Bogdan's own draw, marked on his rack
        assert drawn is not None and shows(app, f"↓{drawn}")
        await pilot.press("f2")
        assert shows(app, "sorted by number")


async def test_board_quit_asks_and_says_where_saved(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    app = make_board(sir_break_record(tmp_path), save=save)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app, 0)
        await enter(pilot, app, "")
        await enter(pilot, app, "discard B4")
        await enter(pilot, app, "")
        app.query_one("#command").value = "quit"  # type: ignore[attr-defined]
        await pilot.press("enter")
        await pilot.pause(0.1)
        assert isinstance(app.screen, QuitScreen) and shows(app, "Leave the game?")
        assert f"saved in {save}" in " ".join(app.screen.lines)  # drawn wrapped
        await pilot.press("n")
        assert app.waiting
        await pilot.press("ctrl+q")
        await pilot.press("y", "y", "n")  # keys typed quickly after the answer are ignored
        await pilot.pause(0.2)
    assert any(str(save) in line for line in app.bridge.farewell)
    assert load_record(save).actions[-1] == "p1 discard B4"


def test_complete_word_commands_and_tiles() -> None:
    words = ("draw", "discard", "declare", "R7", "R10", "R11")
    assert complete_word("dr", words) == ("draw ", ["draw"])
    assert complete_word("d", words)[0] == "d"
    assert complete_word("discard R1", words) == ("discard R1", ["R10", "R11"])
    assert complete_word("meld R7", words) == ("meld R7 ", ["R7"])


async def test_board_discard_without_announcement_asks_announce_max_tiles(tmp_path: Path) -> None:
    """A discard that leaves 1-3 tiles unannounced asks first; ``a`` announces, then discards."""
    save = tmp_path / "game.json"
    app = make_board(sir_break_record(tmp_path), save=save)
    before = WHOLE_HAND[: WHOLE_HAND.index("announce")]
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app, 0)
        for line in before:
            await enter(pilot, app, line)
        app.query_one("#command").value = "discard Y8"  # type: ignore[attr-defined]
        await pilot.press("enter")
        assert await shown(pilot, app, QuestionScreen)
        assert "[announce.max_tiles, announce.penalty_points]" in " ".join(app.screen.lines)
        await pilot.press("a")
        for _ in range(500):  # the announcement, then the discard held back: Bogdan's cover
            if isinstance(app.screen, CoverScreen):
                break
            await pilot.pause(0.01)
        assert isinstance(app.screen, CoverScreen)
    actions = load_record(save).actions
    assert actions[-2:] == ("p1 announce", "p1 discard Y8")


async def test_board_pick_tiles_with_keys_then_discard_and_meld(tmp_path: Path) -> None:
    """Esc goes to the rack; ←/→ and Space pick tiles; d discards, m melds them."""
    save = tmp_path / "game.json"
    app = make_board(sir_break_record(tmp_path), save=save)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app, 0)
        await enter(pilot, app, "")
        rack = app.query_one(PickRack)
        await pilot.press("escape")
        assert rack.has_focus
        for _ in range(rack.tiles.index(Tile.parse("B4"))):
            await pilot.press("right")
        await pilot.press("space")
        assert rack.picked_text() == "B4"
        asks = app.asks
        await pilot.press("d")
        await settle(pilot, app, asks)
        assert isinstance(app.screen, CoverScreen)
        for line in ["", "draw", "discard K5", "", "draw"]:
            await enter(pilot, app, line)
        await pilot.press("escape")
        for tile in ("R5", "R6", "R7"):
            index = rack.tiles.index(Tile.parse(tile))
            row, start, _ = rack.spans[index]
            await pilot.click("#rack", offset=(start + 1, row))  # the mouse picks too
        assert rack.picked_text() == "R5 R6 R7"
        asks = app.asks
        await pilot.press("m")
        await settle(pilot, app, asks)
    assert load_record(save).actions[-1] == "p1 meld [R5 R6 R7]"


async def test_board_click_on_a_sir_tile_takes_it(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    app = make_board(sir_break_record(tmp_path), save=save)
    before = WHOLE_HAND[: WHOLE_HAND.index("take 2")]
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app, 0)
        for line in before:
            await enter(pilot, app, line)
        sir = app.query_one(SirRow)
        row, start, _ = sir.spans[1]
        asks = app.asks
        await pilot.click("#sir", offset=(start + 1, row))
        await settle(pilot, app, asks)
    assert load_record(save).actions[-1] == "p1 take 2"


async def test_board_match_scores_held_then_next_hand_with_running_totals(tmp_path: Path) -> None:
    """A match: the hand's explained scores and the totals stay until Enter, then the next
    hand starts and the players' panel shows the running totals."""
    import attrs

    from remi.core.records import MatchProgress

    record = sir_break_record(tmp_path)
    totals = tuple((name, 0) for name in record.names)
    record = attrs.evolve(record, match=MatchProgress(hands_played=0, totals=totals, base_seed=5))
    app = make_board(record)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app, 0)
        for line in WHOLE_HAND:
            await enter(pilot, app, line)
        assert isinstance(app.screen, HoldScreen)
        assert shows(app, "Match totals after hand 1")
        await enter(pilot, app, "")  # the next hand: Bogdan deals first now
        assert isinstance(app.screen, CoverScreen)
        await enter(pilot, app, "")
        assert shows(app, "Hand 2") and shows(app, "+150") and shows(app, "-115")
