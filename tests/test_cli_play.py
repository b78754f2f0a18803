"""``remi play`` and ``remi replay`` through typer's CliRunner: a scripted hot-seat hand from a
stacked deal with a refused input, an undo, a save and a resume; the deterministic ``--auto``;
replay exit codes; Romanian messages."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from clikit import FakeClock, json_of
from typer.testing import CliRunner

from remi.cli import app
from remi.cli.messages import catalogue, messages
from remi.cli.seats import seat_order
from remi.core.messages import LANGUAGES
from remi.core.record_files import load_record
from remi.core.replay import replay

GAMES = Path(__file__).resolve().parent.parent / "examples" / "games"
runner = CliRunner()


def _start_file(tmp_path: Path) -> Path:
    """The sir-break deal, no actions yet, two human seats (hot-seat)."""
    data = json.loads((GAMES / "sir-break.json").read_text(encoding="utf-8"))
    data["actions"] = []
    path = tmp_path / "start.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_play_scripted_hand_refused_input_undo_save_resume(tmp_path: Path) -> None:
    start = _start_file(tmp_path)
    save = tmp_path / "game.json"
    first = [
        "",  # pass the keyboard to Ana
        "discard K13",  # refused: rack.tiles
        "dance",  # not understood
        "discard B4",
        "",  # Bogdan
        "take",  # refused: first round
        "draw",
        "discard K5",
        "",  # Ana
        "draw",
        "meld [R5 R6 R7] [R10 Y10 B10]",
        "undo",
        "meld R5 R6 R7",
        "meld R10 Y10 B10",
        "discard K4",
        "",  # Bogdan
        "draw",
        "discard Y8",
        "",  # Ana
        "help",
        "hint",
        f"save {save}",
        "quit",
    ]
    result = runner.invoke(app, ["play", "--load", str(start)], input="\n".join(first) + "\n")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "[rack.tiles]" in out and "Ana does not hold K13" in out
    assert "unknown action 'dance'" in out
    assert "[turn.meld_from]" in out
    assert "Pass the keyboard to Bogdan" in out
    assert "take 2" in out  # help lists the șir break
    assert f"Game saved to {save}" in out
    saved = load_record(save)
    assert saved.actions[-1] == "p2 discard Y8"
    assert "p1 undo" in saved.actions
    assert load_record(start).actions == saved.actions  # --load keeps the game saved in its file
    second = [
        "",  # Ana
        "take 2",
        "meld K4 K5 K6 K7 K8",
        "meld [K2 Y2 B2]",
        "announce",
        "discard Y8",
        "",
        "draw",
        "discard R12",
        "",
        "draw",
        "layoff 1 R8",
        "layoff 2 K10",
        "discard B6",
    ]
    result = runner.invoke(
        app, ["play", "--load", str(save), "--save", str(save)], input="\n".join(second) + "\n"
    )
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Ana closed (închidere) with B6" in out
    assert "+150" in out and "-115" in out and "scoring.closing_bonus" in out
    final = replay(load_record(save))
    assert final.ok and {p.name: p.score for p in final.scores} == {"Ana": 150, "Bogdan": -115}


def test_play_hint_after_the_opening_is_laid_opening_min_points(tmp_path: Path) -> None:
    """Once the opening (etalare) is on the table in this turn, ``hint`` reports its value
    (not "no opening yet", as it did while ``opened`` waits for the end of the turn)."""
    start = _start_file(tmp_path)
    lines = ["", "discard B4", "", "draw", "discard K5", "", "draw", "hint"]
    lines += ["meld R5 R6 R7", "meld R10 Y10 B10", "hint", "quit"]
    result = runner.invoke(app, ["play", "--load", str(start)], input="\n".join(lines) + "\n")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Best opening (etalare):" in out  # before laying it
    assert "Opening (etalare) laid this turn: 45 points (at least 45)." in out
    assert out.count("No opening (etalare)") == 0
    # the hint is the family's club bot, with its reason in a sentence
    assert "The club bot would play: meld [R5 R6 R7 R8]" in out
    assert "Why: an opening (etalare) worth 90 (at least 45): open now" in out
    assert f"Game left; it is saved in {start}" in out  # --load keeps saving to its file


def test_play_auto_deterministic_ends_with_scores() -> None:
    args = ["play", "--auto", "--seed", "7", "--players", "3"]
    one = runner.invoke(app, args)
    two = runner.invoke(app, args)
    assert one.exit_code == 0, one.output
    assert one.output == two.output
    assert "End of the hand" in one.output
    tail = one.output.strip().splitlines()[-1]
    assert tail.startswith("└")  # the scores table closes the output
    assert "total" in one.output


def test_play_auto_save_replays(tmp_path: Path) -> None:
    save = tmp_path / "auto.json"
    result = runner.invoke(
        app,
        [
            "play",
            "--auto",
            "--seed",
            "3",
            "--players",
            "2",
            "--bot",
            "greedy",
            "--bot",
            "random",
            "--save",
            str(save),
        ],
    )
    assert result.exit_code == 0, result.output
    record = load_record(save)
    assert [p.kind for p in record.players] == ["greedy", "random"]
    assert replay(record).over


def test_play_auto_match_hands(tmp_path: Path) -> None:
    result = runner.invoke(
        app,
        [
            "play",
            "--auto",
            "--match",
            "--seed",
            "2",
            "--players",
            "2",
            "--set",
            "match.end=hands",
            "--set",
            "match.hands=2",
        ],
    )
    assert result.exit_code == 0, result.output
    assert "Match totals after hand 2" in result.output
    assert "wins the match" in result.output or "Match totals after hand 3" in result.output


def test_play_lang_ro() -> None:
    result = runner.invoke(app, ["play", "--auto", "--seed", "1", "--players", "2", "--lang", "ro"])
    assert result.exit_code == 0, result.output
    assert "Sfârșitul mâinii" in result.output and "Punctaj" in result.output


def test_play_bad_options_exit_2(tmp_path: Path) -> None:
    for args in (
        ["play", "--bot", "wizard", "--auto"],
        ["play", "--lang", "fr"],
        ["play", "--auto", "--human", "Ana"],
        ["play", "--players", "1", "--auto"],
        ["play", "--rules", "remi-99", "--auto"],
        ["play", "--load", str(tmp_path / "missing.json")],
    ):
        result = runner.invoke(app, args)
        assert result.exit_code == 2, (args, result.output)
        assert "Traceback" not in result.output


def test_play_seat_order_follows_command_line() -> None:
    raw = ["--bot", "random", "--human", "Ana", "--bot", "greedy", "--human", "Ion"]
    seats = seat_order(raw, ["Ana", "Ion"], ["random", "greedy"])
    assert [(s.name, s.kind) for s in seats] == [
        ("", "random"),
        ("Ana", "human"),
        ("", "greedy"),
        ("Ion", "human"),
    ]


def test_replay_prints_turns_and_scores() -> None:
    result = runner.invoke(app, ["replay", str(GAMES / "joly-swap.json")])
    assert result.exit_code == 0, result.output
    assert (
        "swap 1 R6" in result.output
        and "+295" in result.output
        and "All 23 actions are legal" in result.output
    )


def test_replay_illegal_action_exit_1() -> None:
    result = runner.invoke(app, ["replay", str(GAMES / "illegal-opening.json")])
    assert result.exit_code == 1
    assert "action 6 'p1 discard K4'" in result.output and "[opening.min_points]" in result.output


def test_replay_json() -> None:
    result = runner.invoke(app, ["replay", "--json", str(GAMES / "illegal-opening.json")])
    assert result.exit_code == 1
    data = json_of("replay", result)
    illegal = data["illegal"]
    assert (illegal["position"], illegal["action"]) == (6, "p1 discard K4")
    assert illegal["reason"]["rule"] == "opening.min_points"
    assert illegal["reason"]["id"] == "error.opening.min_points"
    assert illegal["reason"]["params"] == {"needs": 45, "count": 40}
    ok = json_of(
        "replay", runner.invoke(app, ["replay", "--json", str(GAMES / "missed-announcement.json")])
    )
    assert ok["ok"] and [s["points"] for s in ok["scores"]] == [-500, -110]
    assert [p["seat"] for p in ok["players"]] == [s["seat"] for s in ok["scores"]] == [1, 2]


@pytest.mark.parametrize(
    "content", ['{"format": "remi-record", "version": 9}', '{"format": ', "\x89PNG"]
)
def test_replay_bad_file_exit_2_one_line(tmp_path: Path, content: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content, encoding="utf-8")
    before = path.read_bytes()
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 2
    assert len(result.output.strip().splitlines()) == 1 and "Traceback" not in result.output
    if "version" in content:
        assert "unsupported record version 9" in result.output
    assert path.read_bytes() == before


def test_messages_catalogue_same_keys() -> None:
    assert set(catalogue("en")) == set(catalogue("ro"))
    for lang in LANGUAGES:
        assert "șir" in catalogue(lang)["sir"].lower()


def test_play_never_saves_over_another_games_save(tmp_path: Path) -> None:
    """A save file belongs to its game: --save on another game's file is refused before the
    game starts, an in-game ``save FILE`` onto it is refused, and the file keeps its game;
    --load FILE --save FILE continues the same game in place."""
    mine = tmp_path / "mine.json"
    first = runner.invoke(app, ["play", "--auto", "--seed", "3", "--save", str(mine)])
    assert first.exit_code == 0, first.output
    before = mine.read_bytes()
    again = runner.invoke(app, ["play", "--auto", "--seed", "7", "--save", str(mine)])
    assert again.exit_code == 2
    assert "holds another saved game" in again.output and "greedy-1" in again.output
    assert "seed" not in again.output  # another game's seed is never printed
    assert mine.read_bytes() == before
    in_game = runner.invoke(
        app, ["play", "--seed", "9", "--players", "2"], input=f"save {mine}\nquit\n"
    )
    assert "holds another saved game" in in_game.output
    assert mine.read_bytes() == before
    same = runner.invoke(app, ["play", "--load", str(mine), "--save", str(mine)], input="quit\n")
    assert same.exit_code == 0, same.output
    assert load_record(mine).seed == 3  # still the first game, continued in place


def test_play_load_refuses_rules_option(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    assert runner.invoke(app, ["play", "--auto", "--seed", "1", "--save", str(save)]).exit_code == 0
    result = runner.invoke(app, ["play", "--load", str(save), "--rules", "rummikub"])
    assert result.exit_code == 2
    assert "seats, seed and rules come from the file" in result.output


# The sir-break deal played to Ana's șir break: Bogdan's draws are K5 (discarded) and R11 (kept).
_TO_THE_BREAK = [
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
    "draw",  # R11, kept: Ana may not be told it
    "discard Y8",
    "",  # Ana
    "take 2",  # the șir is B4 K5 K4 Y8: K5 and the two tiles after it (rupere)
    "meld K4 K5 K6 K7 K8",
    "meld [K2 Y2 B2]",
    "announce",
    "discard Y8",
    "",  # Bogdan
    "quit",
]


def _screens(tmp_path: Path, lang: str) -> list[str]:
    """The hot-seat output of ``_TO_THE_BREAK`` cut at each "pass the keyboard" screen."""
    start = _start_file(tmp_path)
    result = runner.invoke(
        app, ["play", "--load", str(start), "--lang", lang], input="\n".join(_TO_THE_BREAK) + "\n"
    )
    assert result.exit_code == 0, result.output
    marker = {"en": "Pass the keyboard to", "ro": "ia tastatura și apasă Enter"}[lang]
    return result.output.split(marker)[1:]


@pytest.mark.parametrize(
    ("lang", "took", "drew", "laid"),
    [
        (
            "en",
            "Ana: took K5 from the șir (position 2) and the 2 tiles after it",
            "Bogdan: drew a tile from the stock",
            "Ana: discarded K4; completed his opening (etalare) with 45 points",
        ),
        (
            "ro",
            "Ana: a luat N5 din șir (poziția 2) și cele 2 piese de după",
            "Bogdan: a tras o piesă din grămadă",
            "Ana: a aruncat N4; și-a încheiat etalarea cu 45 de puncte",
        ),
    ],
)
def test_hot_seat_notes_name_the_sir_tile_taken_and_hide_drawn_tiles(
    tmp_path: Path, lang: str, took: str, drew: str, laid: str
) -> None:
    """Since your last turn, from the events: the other human sees which șir tile was taken and
    from which position (``take 2`` breaks the șir at K5, taking K4 Y8 with it); a tile drawn from
    the stock is never named to him."""
    screens = _screens(tmp_path, lang)
    assert len(screens) == 6
    bogdan_after_break = screens[5]
    assert took in bogdan_after_break
    assert laid in screens[3]  # Bogdan's screen after Ana's opening
    ana_after_draw = screens[4]  # Bogdan drew R11 and kept it
    assert drew in ana_after_draw
    assert "R11" not in ana_after_draw
    assert drew in screens[2]  # Bogdan's first draw, K5: named only as his discard
    assert "K5 from" not in screens[2] and "K5 din" not in screens[2]


def test_play_without_players_seats_no_more_than_the_rules_allow() -> None:
    """Without --players the table has four seats, or players.max when the rules allow fewer."""
    result = runner.invoke(app, ["play", "--auto", "--seed", "1", "--set", "players.max=3"])
    assert result.exit_code == 0, result.output
    first = result.output.splitlines()[0]
    assert "p3 greedy-3" in first and "p4" not in first


def test_play_line_mode_hot_seat_clears_screen_and_scrollback(tmp_path: Path) -> None:
    """Line mode, hot-seat: each hand-over clears the screen and the scrollback first, so from
    there on the previous player's rack is no longer in the terminal."""
    from remi.cli.terminal import CLEAR_SCREEN

    start = _start_file(tmp_path)
    lines = ["", "discard B4", "", "draw", "discard K5", "", "quit"]
    result = runner.invoke(app, ["play", "--load", str(start)], input="\n".join(lines) + "\n")
    assert result.exit_code == 0, result.output
    pages = result.output.split(CLEAR_SCREEN)
    assert len(pages) == 4  # before the first hand-over, then Ana, Bogdan, Ana
    for before, after in zip(pages[1:], pages[2:]):
        racks = [line for line in before.splitlines() if line.startswith("Your rack")]
        assert racks  # the player's rack was shown on his page...
        assert racks[-1] not in after  # ...and is gone from the next page
        assert after.lstrip().startswith("Pass the keyboard to")


def test_play_layoff_of_the_taken_sir_tile_refused_when_typed_sir_break_use(
    tmp_path: Path,
) -> None:
    """The tile just taken from the șir laid off onto the table would make the turn impossible
    to finish: refused when typed, with the rule id, and nothing is recorded."""
    start = _start_file(tmp_path)
    save = tmp_path / "game.json"
    lines = _TO_THE_BREAK[: _TO_THE_BREAK.index("take 2") + 1] + ["layoff 1 K5", "quit"]
    result = runner.invoke(
        app, ["play", "--load", str(start), "--save", str(save)], input="\n".join(lines) + "\n"
    )
    assert result.exit_code == 0, result.output
    assert "must go into a new formation this turn" in result.output
    assert "[sir.break_use]" in result.output
    assert load_record(save).actions[-1] == "p1 take 2"


def test_saved_record_holds_each_actions_events(tmp_path: Path) -> None:
    """A saved game carries, per action, its events in words (the record is the whole truth:
    a drawn tile is named there, as the deal is), and replays to the same events."""
    from remi.core.record_setup import record_actions, record_rules, start_state
    from remi.core.variant import variant_for_rules

    save = tmp_path / "auto.json"
    result = runner.invoke(app, ["play", "--auto", "--seed", "3", "--save", str(save)])
    assert result.exit_code == 0, result.output
    record = load_record(save)
    assert record.events is not None and len(record.events) == len(record.actions)
    rules = record_rules(record)
    variant = variant_for_rules(rules)
    state = start_state(record, rules)
    for action, words in zip(record_actions(record, rules), record.events):
        state, events = variant.transition(state, action)
        assert words == tuple(str(e) for e in events)
    assert any(w.startswith("p2 drew ") and "a tile" not in w for ws in record.events for w in ws)


@pytest.mark.parametrize("lang", ["en", "ro"])
def test_line_mode_hot_seat_keeps_time_is_up_for_the_next_turn(
    tmp_path: Path, clock: FakeClock, lang: str
) -> None:
    """Line mode, hot-seat, 30 s a turn (``turn.timer_seconds``): Ana's line comes 31 s late,
    so her highest tile, K10, is discarded for her (she starts with 15 tiles: nothing drawn,
    nothing taken back, ``remi.time_up.discard``); the prompt counts the seconds down (``Ana [ 30 s]>``); the hand-over
    clears the screen at once. Bogdan's page does not show it; Ana's next page shows it first,
    under the title, above her prompt."""
    from remi.cli.terminal import CLEAR_SCREEN

    start = _start_file(tmp_path)
    data = json.loads(start.read_text(encoding="utf-8"))
    data["overrides"] = {"turn.timer_seconds": "30"}
    start.write_text(json.dumps(data), encoding="utf-8")
    m = messages(lang)
    bogdan = ["draw", "discard K5"] if lang == "en" else ["trag", "arunc N5"]
    lines = ["", "@31 draw", "", *bogdan, "", "quit" if lang == "en" else "ies"]
    result = runner.invoke(
        app, ["play", "--load", str(start), "--lang", lang], input="\n".join(lines) + "\n"
    )
    assert result.exit_code == 0, result.output
    pages = [" ".join(page.split()) for page in result.output.split(CLEAR_SCREEN)]
    _, ana, bogdans, ana_again = pages
    tile = "K10" if lang == "en" else "N10"
    said = " ".join(m("remi.time_up.discard", name="Ana", tile=tile).split())
    assert said in ana and "[turn.timer_seconds]" not in bogdans
    title = m("board.kept.title", name="Ana")
    assert f"{title} {said}" in ana_again
    assert ana_again.index(m("rack")) < ana_again.index(title) < ana_again.rindex("Ana [ 30 s]>")
