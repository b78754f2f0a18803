"""The board's safety questions for every spelling of a command (``arunc A2`` asks like
``discard A2``, ``ies`` like ``quit``), and no seed on screen that nobody chose (it would
reveal every rack and the stock order)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from boardkit import enter, make_board, screen_text, settle, shown, sir_break_record
from rich.console import Console

from remi.cli.hands import new_record
from remi.cli.messages import messages
from remi.core.messages import Messages
from remi.core.record_files import load_record
from remi.core.records import GameRecord, PlayerEntry
from remi.ui.screens import CoverScreen, DrawScreen, QuestionScreen, QuitScreen

#: The sir-break hand (tests/test_board.py) in Romanian words and colour letters, up to Ana's
#: discard that leaves her 2 tiles unannounced (announce.max_tiles = 3).
BEFORE_ANNOUNCE_RO = [
    "",  # Ana
    "arunc A4",
    "",  # Bogdan
    "trage",
    "arunc N5",
    "",  # Ana
    "trage",
    "etalez R5 R6 R7",
    "etalez R10 G10 A10",
    "arunc N4",
    "",  # Bogdan
    "trage",
    "arunc G8",
    "",  # Ana
    "ia 2",
    "etalez N4 N5 N6 N7 N8",
    "etalez [N2 G2 A2]",
]


@pytest.mark.parametrize("word", ["arunc", "ARUNC"])
async def test_board_romanian_discard_asks_to_announce_first(tmp_path: Path, word: str) -> None:
    """``arunc G8`` leaving 2 tiles unannounced asks (a / d / Esc) as ``discard`` does, in a
    Romanian plural; ``a`` announces, then discards."""
    save = tmp_path / "game.json"
    app = make_board(sir_break_record(tmp_path), lang="ro", save=save)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app, 0)
        for line in BEFORE_ANNOUNCE_RO:
            await enter(pilot, app, line)
        app.query_one("#command").value = f"{word} G8"  # type: ignore[attr-defined]
        await pilot.press("enter")
        assert await shown(pilot, app, QuestionScreen)
        asked = " ".join(app.screen.lines)
        assert "rămâi cu 2 piese neanunțate" in asked and "500 de puncte" in asked
        assert "a: anunță acum, apoi aruncă   o: aruncă oricum   Esc: înapoi" in asked
        await pilot.press("a")
        for _ in range(500):
            if isinstance(app.screen, CoverScreen):
                break
            await pilot.pause(0.01)
        assert isinstance(app.screen, CoverScreen)
    assert load_record(save).actions[-2:] == ("p1 announce", "p1 discard Y8")


def test_announce_question_plural_forms() -> None:
    """One tile is "1 tile" / "o piesă"; 2-19 "piese"; 20 and up "de piese"."""
    from remi.cli.messages import messages

    en, ro = messages("en"), messages("ro")

    def ask(m: Messages, count: int) -> str:
        costs = m.plural("count.points", 500)
        return m.plural("board.announce.leaves", count, tile="R5", points=costs)

    assert "leaves 1 tile without" in ask(en, 1)
    assert "leaves 2 tiles without an announcement: that costs 500 points" in ask(en, 2)
    assert "rămâi cu o piesă neanunțată: costă 500 de puncte" in ask(ro, 1)
    assert "rămâi cu 20 de piese" in ask(ro, 20)


@pytest.mark.parametrize("word", ["ies", "ieș", "IES", "quit"])
async def test_board_every_spelling_of_quit_asks(tmp_path: Path, word: str) -> None:
    """``ies`` / ``ieș`` ask before leaving, as ``quit`` does; ``n`` keeps playing."""
    save = tmp_path / "game.json"
    app = make_board(sir_break_record(tmp_path), lang="ro", save=save)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app, 0)
        await enter(pilot, app, "")
        app.query_one("#command").value = word  # type: ignore[attr-defined]
        await pilot.press("enter")
        await pilot.pause(0.1)
        assert isinstance(app.screen, QuitScreen)
        await pilot.press("n")
        await pilot.pause(0.05)
        assert app.waiting and not app.bridge.closed


SEATS = (PlayerEntry("Ana", "human"), PlayerEntry("Bob", "human"))


async def _header(record: GameRecord) -> str:
    """The board's screen at the first player's turn, after his cover."""
    app = make_board(record)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app, 0)
        await enter(pilot, app, "")  # Ana's cover
        assert app.snapshot is not None
        return screen_text(app)


@pytest.mark.parametrize("rules", ["remi-pe-tabla", "rummikub"])
async def test_board_hides_a_seed_nobody_chose(rules: str) -> None:
    """Hot-seat: the seed is never on screen during the hand (nor the word seed), neither a
    fresh one nor one chosen with ``--seed 41``: it rebuilds the other player's rack."""
    no_timer = {"timer.seconds": "0"} if rules == "rummikub" else {}
    fresh = new_record(rules, no_timer, SEATS, None, False)
    assert fresh.seed is not None and not fresh.seed_chosen
    text = await _header(fresh)
    assert str(fresh.seed) not in text and "seed" not in text
    chosen = await _header(new_record(rules, no_timer, SEATS, 41, False))
    assert "41" not in chosen and "seed" not in chosen


def test_a_chosen_seed_is_shown_once_the_hand_is_over_outside_a_match() -> None:
    """``Session.seed_shown``: hidden while a human plays (hot-seat or against bots), shown
    at the end of a hand dealt with ``--seed``, never in a match (it gives the next deals),
    always in a bots-only game."""
    from remi.bots import make_bot, play_hand
    from remi.cli.session import start_session
    from remi.core.presets import load_rules
    from remi.core.variant import get_variant

    rules = load_rules("remi-pe-tabla")
    state = get_variant("remi").new_game(rules, 2, seed=41)
    _, log = play_hand(state, [make_bot("greedy", 41 + i) for i in range(2)])
    start = new_record("remi-pe-tabla", {}, SEATS, 41, False)
    vs_bot = new_record("remi-pe-tabla", {}, (SEATS[0], PlayerEntry("", "greedy")), 41, False)
    m = messages("en")

    def shown_for(record: GameRecord, auto: bool = False) -> bool:
        return start_session(record, Console(file=io.StringIO()), m, None, auto).seed_shown()

    assert start.seed == 41 and start.seed_chosen
    assert not shown_for(start) and not shown_for(vs_bot)
    assert not shown_for(start.with_actions(log[:-1]))  # one action before the end
    assert shown_for(start.with_actions(log))  # the hand is over
    assert shown_for(start, auto=True)
    match = new_record("remi-pe-tabla", {}, SEATS, 41, True)
    assert not shown_for(match.with_actions(log))


def test_each_family_command_table_maps_romanian_words_to_its_commands() -> None:
    """``Variant.command_table`` is what ``canonical_command`` reads ``arunc`` / ``gata`` with."""
    from remi.core.commands import canonical_command
    from remi.core.variant import get_variant

    remi_table = get_variant("remi").command_table()
    rk_table = get_variant("rummikub").command_table()
    assert canonical_command("arunc A2", remi_table) == "discard A2"
    assert canonical_command("gata", rk_table) == "done"
    assert set(remi_table) <= set(get_variant("remi").command_words())
    assert set(rk_table) <= set(get_variant("rummikub").command_words())


FRESH = 137405120147695260497854249432230293146


@pytest.mark.parametrize(
    "args",
    [
        ["--human", "Ana", "--human", "Bob", "--players", "2"],
        ["--human", "Ana", "--players", "2"],
        ["--human", "Ana", "--human", "Bob", "--players", "2", "--match"],
    ],
)
def test_line_mode_never_prints_a_fresh_seed(
    monkeypatch: pytest.MonkeyPatch, args: list[str]
) -> None:
    """Line mode (``--plain``) with a person at the table and no ``--seed``: the fresh seed
    (here a known one) is nowhere in the output, in a match neither."""
    from typer.testing import CliRunner

    from remi.cli import app as cli_app

    monkeypatch.setattr("remi.cli.hands.fresh_seed", lambda: FRESH)
    result = CliRunner().invoke(cli_app, ["play", "--plain", *args], input="\ndraw\nquit\ny\n")
    assert "Ana" in result.output
    assert str(FRESH) not in result.output and "seed" not in result.output


def test_auto_from_a_position_prints_no_seed() -> None:
    """``--auto --position``: the position has no seed of its own, so the header names none."""
    from typer.testing import CliRunner

    import remi
    from remi.cli import app as cli_app

    state = remi.new_game(remi.load_rules("remi-pe-tabla"), 2, seed=5)
    result = CliRunner().invoke(
        cli_app, ["play", "--auto", "--plain", "--position", remi.position(state)]
    )
    assert result.exit_code == 0, result.output
    assert "seed" not in result.output.splitlines()[0]


@pytest.mark.parametrize(
    ("lang", "key", "leaves"), [("ro", "d", True), ("ro", "y", True), ("en", "d", False)]
)
async def test_board_quit_takes_the_languages_yes_key(
    tmp_path: Path, lang: str, key: str, leaves: bool
) -> None:
    """In Romanian the quit question shows and takes ``d`` (da), and ``y`` still; in English
    ``d`` is no answer."""
    save = tmp_path / "game.json"
    app = make_board(sir_break_record(tmp_path), lang=lang, save=save)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app, 0)
        await enter(pilot, app, "")
        await pilot.press("ctrl+q")
        assert await shown(pilot, app, QuitScreen)
        if lang == "ro":
            assert "d: ieși   n / Esc: înapoi" in app.screen.lines
        await pilot.press(key)
        await pilot.pause(0.2)
        assert app.bridge.closed is leaves
        assert isinstance(app.screen, QuitScreen) is not leaves


def test_rummikub_draw_question_takes_the_languages_yes_key() -> None:
    """End the turn without playing? ``d`` (da) or ``y`` in Romanian, shown as ``d``."""
    from remi.cli.messages import messages

    ro, en = DrawScreen(messages("ro")), DrawScreen(messages("en"))
    assert ro.keys == {"y": "y", "d": "y", "n": "n"} and en.keys == {"y": "y", "n": "n"}
    assert ro.lines[-1].startswith("d: trage și încheie tura")


async def test_board_quit_from_a_position_does_not_suggest_save(tmp_path: Path) -> None:
    """A game from ``--position`` is never saved (``--save`` is refused with it): the quit
    question says so instead of suggesting ``--save FILE``."""
    import io

    from rich.console import Console

    import remi
    from remi.cli.hands import board_app
    from remi.cli.messages import messages
    from remi.cli.session import Session, start_session
    from remi.core.game import from_position

    record = sir_break_record(tmp_path)
    text = remi.position(remi.new_game(remi.load_rules("remi-pe-tabla"), 2, seed=5))
    m = messages("en")

    def factory(rec: GameRecord) -> Session:
        session = start_session(rec, Console(file=io.StringIO()), m, None, False)
        session.state, session.from_position = from_position(text), True
        return session

    app = board_app(factory, record, m)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app, 0)
        await enter(pilot, app, "")
        await pilot.press("ctrl+q")
        assert await shown(pilot, app, QuitScreen)
        assert app.screen.lines[1] == "A game started with --position is never saved."
        await pilot.press("n")
