"""``remi play`` / ``remi replay`` on the Rummikub-style presets through typer's CliRunner
(the same commands work for these presets; docs/rules.md §2.4–§2.8, RK-8).

The hands are stacked deals written as game records (p1 starts). The turn timer reads
``remi.cli.terminal.clock``; the tests replace it with a fake clock that only moves when an
input line says so (``@30 new R7 R8 R9`` is typed 30 seconds after the previous line), so no
test sleeps.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import attrs
import pytest
from clikit import FakeClock, json_of
from typer.testing import CliRunner

from remi.bots import make_bot
from remi.cli import app, terminal
from remi.cli.messages import catalogue, messages
from remi.core.events import public_events
from remi.core.formations import parse_formation
from remi.core.notation import parse_tiles
from remi.core.presets import load_rules
from remi.core.record_files import load_record
from remi.core.replay import replay
from remi.core.tiles import Tile
from remi.core.variant import get_variant
from remi.variants.rummikub.actions import Draw, Play
from remi.variants.rummikub.state import new_game
from remi.variants.rummikub.turn import play_commands
from remi.variants.rummikub.views import view

runner = CliRunner()

ANA = "R10 R11 R12 R13 K1 K2 K3 Y5 B5 K5 B7 B8 B9 R7"
#: Odd numbers in two colours: no run, no group (tests/rummikit.py FILLERS).
BOB = "B1 B3 B5 B7 B9 B11 B13 K1 K3 K5 K7 K9 K11 K13"
POOL = "R9 R8 K4 Y2 Y4 Y6"


def _record(
    tmp_path: Path,
    preset: str = "rummikub",
    racks: tuple[str, str] = (ANA, BOB),
    pool: str = POOL,
    kinds: tuple[str, str] = ("human", "human"),
) -> Path:
    """A two-seat record (Ana, Bob; two humans by default) of a stacked deal, no actions yet."""
    data = {
        "format": "remi-record",
        "version": 1,
        "family": "rummikub",
        "preset": preset,
        "overrides": {},
        "players": [{"name": "Ana", "kind": kinds[0]}, {"name": "Bob", "kind": kinds[1]}],
        "seed": 5,
        "deal": {"racks": list(racks), "stock": pool},
        "actions": [],
    }
    path = tmp_path / "start.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def _play(args: list[str], lines: list[str]) -> str:
    result = runner.invoke(app, ["play", *args], input="\n".join(lines) + "\n")
    assert result.exit_code == 0, result.output
    return result.output


def _final(path: Path):  # type: ignore[no-untyped-def]
    result = replay(load_record(path))
    assert result.error is None
    return result


def test_play_rummikub_hand_initial_meld_penalty_invalid_turn_save_resume(
    tmp_path: Path, clock: FakeClock
) -> None:
    start = _record(tmp_path)
    save = tmp_path / "game.json"
    first = [
        "",  # pass the keyboard to Ana
        "new R10 R11",  # only moves tiles: nothing is checked before done
        "dance",  # not a command
        "put R5 1",  # R5 is not on the rack
        "done",  # refused: a set of two tiles -> restore + draw 3 (R9 R8 K4)
        "",  # Bob
        "draw",
        "",  # Ana
        "help",
        "hint",
        "new R10 R11 R12 R13",
        "new K1 K2 K3",
        "put K4 2",
        "undo",
        "done",  # initial meld: 46 + 6 = 52 points
        "",  # Bob
        "done",  # nothing changed: he draws
        "",  # Ana
        "new Y5 B5 K5",
        f"save {save}",
        "quit",
    ]
    out = _play(["--load", str(start)], first)
    assert "Start draw" not in out  # a stacked deal has no start draw
    assert "Refused at done: set 1: [R10 R11] is not a valid formation" in out
    assert "[formation.min_tiles]" in out
    assert "Table and rack restored; Ana draws 3 penalty tiles [penalty.invalid_turn]." in out
    assert "'dance' is not a command" in out
    assert "R5 is not on Ana's rack" in out
    assert "Ana [ 60 s]> " in out  # the countdown at the prompt (the fake clock stands still)
    assert "Time left: 60 s" in out
    assert "new R10 R11 R12 R13" in out  # help lists the initial meld as commands
    assert "The club bot would play:" in out
    assert "Ana: played K1 K2 K3 R10 R11 R12 R13" not in out  # Ana is not told her own moves
    assert "Bob: drew a tile" in out
    assert (
        "Ana: invalid table at done: restored, 3 penalty tiles" in out
    )  # Bob's "since your last turn"
    assert "Table edits of an unfinished turn are not saved" in out
    assert f"Game saved to {save}" in out
    saved = load_record(save)
    assert saved.family == "rummikub" and saved.preset == "rummikub"
    assert saved.actions == (
        "p1 penalty invalid",
        "p2 draw",
        "p1 play [R10 R11 R12 R13] [K1 K2 K3]",
        "p2 draw",
    )
    state = _final(save).state
    assert len(state.racks[0]) == 14 + 3 - 7
    assert state.opened == (True, False)

    final = tmp_path / "final.json"
    second = [
        "",  # Ana again, at the start of her turn
        "new Y5 B5 K5",
        "new B7 B8 B9",
        "put R9 1",
        "put R8 1",
        "put R7 1",
        "move 1:1 2",  # R7 into the K run (would be invalid at done) ...
        "undo",  # ... taken back
        "split 1 3",
        "undo",
        "put K4 2",
        "done",  # every tile is on the table: Ana goes out
    ]
    out = _play(["--load", str(save), "--save", str(final)], second)
    assert "1: [R10 R11 R12 R13]" in out and "2: [K1 K2 K3]" in out  # the table's numbered sets
    assert "2: [K1 K2 K3 R7]" in out  # the working table after the move, before the undo
    assert "Ana went out (empty rack)." in out
    assert "scoring.going_out" in out
    result = _final(final)
    assert result.over
    scores = {ps.name: ps.score for ps in result.scores}
    assert scores["Ana"] == -scores["Bob"] > 0
    assert result.state.racks[0] == ()


def test_play_rummikub_penalty_timeout_restore_draw_fake_clock(
    tmp_path: Path, clock: FakeClock
) -> None:
    start = _record(tmp_path)
    save = tmp_path / "game.json"
    lines = [
        "",
        "@10 new R10 R11 R12 R13",  # 10 s into the 60 s turn: done
        "@55 new K1 K2 K3",  # 65 s: too late, the line is not carried out
    ]
    out = _play(["--load", str(start), "--save", str(save)], lines)
    assert "Ana [ 50 s]> " in out
    assert "Time is up [timer.seconds]." in out
    assert "Table and rack restored; Ana draws 3 penalty tiles [penalty.timeout]." in out
    saved = load_record(save)
    assert saved.actions == ("p1 timeout",)
    state = _final(save).state
    assert state.table == ()
    assert len(state.racks[0]) == 17 and state.current == 1


def test_play_rummikub_timer_seconds_time_up_before_typing(
    tmp_path: Path, clock: FakeClock
) -> None:
    """The time also counts while the screen is read: a turn whose time is up before the next
    prompt ends at once."""
    start = _record(tmp_path)
    save = tmp_path / "game.json"
    lines = ["", "@61 help"]  # help is shown, but after it the time is up
    out = _play(["--load", str(start), "--save", str(save)], lines)
    assert "Time is up [timer.seconds]." in out
    assert "Plays from your rack alone" not in out  # the late line was not carried out
    assert load_record(save).actions == ("p1 timeout",)


def test_play_rummikub_no_timer_turns_timer_seconds_off(tmp_path: Path, clock: FakeClock) -> None:
    start = _record(tmp_path)
    save = tmp_path / "game.json"
    lines = ["", "@5000 new R10 R11 R12 R13", "@5000 done"]
    out = _play(["--load", str(start), "--save", str(save), "--no-timer"], lines)
    assert "Time is up" not in out and "Time left" not in out
    assert "Ana> " in out
    assert load_record(save).actions == ("p1 play [R10 R11 R12 R13]",)


def test_play_myrummy_small_penalty_timeout_restore_only(tmp_path: Path, clock: FakeClock) -> None:
    """myrummy-small: penalty.timeout = restore (RK-8, from the Lithuanian MyRummy Small
    insert): the rack is back, no draw; the
    timer is 120 s."""
    start = _record(tmp_path, preset="myrummy-small")
    save = tmp_path / "game.json"
    lines = ["", "@100 new R10 R11 R12 R13", "@30 done"]
    out = _play(["--load", str(start), "--save", str(save)], lines)
    assert "Ana [ 20 s]> " in out
    assert "Table and rack restored; no penalty draw [penalty.timeout]." in out
    state = _final(save).state
    assert load_record(save).actions == ("p1 timeout",)
    assert len(state.racks[0]) == 14 and state.table == ()


def test_play_myrummy_small_penalty_invalid_turn_restore_draw(
    tmp_path: Path, clock: FakeClock
) -> None:
    """myrummy-small keeps penalty.invalid_turn = restore_draw (only the timeout differs, docs/rules.md §3.24)."""
    start = _record(tmp_path, preset="myrummy-small")
    save = tmp_path / "game.json"
    out = _play(["--load", str(start), "--save", str(save)], ["", "new R10 R11", "done"])
    assert "[penalty.invalid_turn]" in out and "draws 3 penalty tiles" in out
    assert len(_final(save).state.racks[0]) == 17


def test_play_rummikub_draw_and_pass_turn_play_or_draw(tmp_path: Path, clock: FakeClock) -> None:
    start = _record(tmp_path)
    save = tmp_path / "game.json"
    lines = ["", "new R10 R11 R12 R13", "pass", "draw"]  # pass is refused: the pool holds tiles
    out = _play(["--load", str(start), "--save", str(save)], lines)
    assert "[turn.play_or_draw]" in out
    assert load_record(save).actions == ("p1 draw",)  # the edits are dropped by the draw


def test_play_rummikub_romanian_messages(tmp_path: Path, clock: FakeClock) -> None:
    start = _record(tmp_path)
    out = _play(["--load", str(start), "--lang", "ro"], ["", "new R10 R11", "done"])
    assert "Refuzat la „gata”" in out and "piese de penalizare [penalty.invalid_turn]" in out
    assert "Timp rămas: 60 s" in out


@pytest.mark.parametrize("preset", ["rummikub", "myrummy", "myrummy-small"])
def test_play_auto_seed_deterministic_ends_with_scores(preset: str) -> None:
    args = ["play", "--rules", preset, "--auto", "--seed", "4", "--players", "3"]
    first = runner.invoke(app, args)
    second = runner.invoke(app, args)
    assert first.exit_code == 0, first.output
    assert first.output == second.output
    assert "Start draw: p1 " in first.output and "starts (highest tile)" in first.output
    assert "End of the hand" in first.output and "Scores" in first.output
    assert "went out" in first.output or "nobody can play" in first.output


def test_play_auto_random_bots_save_and_replay(tmp_path: Path) -> None:
    save = tmp_path / "auto.json"
    result = runner.invoke(
        app,
        [
            "play",
            "--rules",
            "rummikub",
            "--auto",
            "--seed",
            "2",
            "--bot",
            "random",
            "--bot",
            "greedy",
            "--save",
            str(save),
        ],
    )
    assert result.exit_code == 0, result.output
    record = load_record(save)
    assert record.family == "rummikub" and record.seed == 2
    assert [p.kind for p in record.players] == ["random", "greedy", "greedy", "greedy"]
    replayed = runner.invoke(app, ["replay", str(save)])
    assert replayed.exit_code == 0, replayed.output
    assert f"All {len(record.actions)} actions are legal." in replayed.output
    assert "Scores" in replayed.output
    as_json = json_of("replay", runner.invoke(app, ["replay", str(save), "--json"]))
    assert as_json["ok"] and as_json["over"]
    final = replay(record).state
    ending = as_json["ending"]
    if final.winner is not None:
        closer = {"seat": final.winner + 1, "name": record.names[final.winner]}
        assert ending["closed_by"] == closer and not ending["stock_exhausted"]
    else:
        assert ending["closed_by"] is None and ending["stock_exhausted"]
    assert (
        sum(s["points"] for s in as_json["scores"]) == 0 or final.rules.pool_empty_scoring == "own"
    )


def test_replay_rummikub_record_table_tiles_kept(tmp_path: Path) -> None:
    start = _record(tmp_path)
    data = json.loads(start.read_text(encoding="utf-8"))
    data["actions"] = ["p1 play [R10 R11 R12]", "p2 draw", "p1 play [R10 R11 R12] [K1 K2]"]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 2  # [K1 K2] does not parse as a set: a bad record
    assert "action 3" in result.output
    data["actions"] = ["p1 play [R10 R11 R12]", "p2 draw", "p1 play [K1 K2 K3]"]
    path.write_text(json.dumps(data), encoding="utf-8")
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 1
    assert "action 3 'p1 play [K1 K2 K3]' is illegal" in result.output
    assert "[table.tiles_kept]" in result.output


def test_greedy_bot_on_rummikub_view_places_most_tiles() -> None:
    rules = load_rules("rummikub")
    state = new_game(
        rules,
        racks=[
            list(parse_formation("[R10 R11 R12 R13]").tiles)
            + list(parse_formation("[Y9 B9 K9]").tiles)
            + _tiles("Y1 Y3 Y5 Y7 K1 K3 K5"),
            _tiles(BOB),
        ],
        pool=_tiles(POOL),
    )
    action = make_bot("greedy", 1).choose(view(state, 0))
    assert isinstance(action, Play)
    placed = sum(len(f.tiles) for f in action.table)
    assert placed == 7  # both sets: the most tiles the rack can place
    none = new_game(rules, racks=[_tiles(BOB), _tiles(ANA)], pool=_tiles(POOL))
    assert make_bot("greedy", 1).choose(view(none, 0)) == Draw(0)
    rng_choice = make_bot("random", 3).choose(view(state, 0))
    assert rng_choice in view(state, 0).legal


def _tiles(text: str) -> list[Tile]:
    return list(parse_tiles(text))


def test_turn_play_commands() -> None:
    fr = load_rules("rummikub").formation_rules
    old = (parse_formation("[R10 R11 R12]"), parse_formation("[K5 Y5 B5]"))
    grow = (parse_formation("[R9 R10 R11 R12]"), old[1])
    assert play_commands(old, grow, fr) == ["put R9 1"]
    more = old + (parse_formation("[B7 B8 B9]"),)
    assert play_commands(old, more, fr) == ["new B7 B8 B9"]
    joker = (parse_formation("[J R10 R11 R12]"), old[1])
    assert play_commands(old, joker, fr) == ["put J[R9] 1"]
    moved = (parse_formation("[R10 R11 R12 R13]"), parse_formation("[K5 Y5 B5 R5]"))
    assert play_commands(old, moved, fr) == ["table [R10 R11 R12 R13] [R5 Y5 B5 K5]"]


def test_every_listed_play_and_hint_is_typeable() -> None:
    """The commands `help` and `hint` show for a play, typed into the table editor, give that
    very play (rearrangements with joker retrieval included, through `table [..] [..]`)."""
    from remi.variants.rummikub.editing import TableEditor
    from remi.variants.rummikub.engine import apply as rk_apply

    variant = get_variant("rummikub")
    rules = load_rules("rummikub")
    checked = 0
    for seed in range(6):
        state = variant.new_game(rules, 2, seed=seed)
        bots = [make_bot("greedy", seed), make_bot("greedy", seed + 1)]
        while not state.is_over and checked < 400:
            v = view(state, state.current)
            plays = [a for a in v.legal if isinstance(a, Play)]
            plays.append(bots[state.current].choose(v))
            for play in plays:
                if not isinstance(play, Play):
                    continue
                editor = TableEditor(state)
                for line in play_commands(v.table, play.table, rules.formation_rules):
                    editor.command(line)
                assert editor.done() == play
                checked += 1
            state = rk_apply(state, plays[-1])
    assert checked > 50


def test_rummikub_messages_complete_in_both_languages() -> None:
    en, ro = catalogue("en"), catalogue("ro")
    assert any(k.startswith("rk.") for k in en) and set(en) == set(ro)
    assert catalogue("ro")["rk.timer"] == "Timp rămas: {seconds} s"


def test_variant_hooks_of_the_play_screens() -> None:
    """The start draw line, the end of the game and the words of an action come from the
    family through its Variant hooks (no probing of the variant)."""
    variant = get_variant("rummikub")
    rules = load_rules("rummikub")
    m = messages("en")
    state = variant.new_game(rules, 2, seed=5)
    names = ("Ana", "Bob")
    starter = names[state.start_draw.starter]
    assert variant.start_text(state, names, m) == (
        f"Start draw: {state.start_draw.text()} — {starter} starts (highest tile)."
    )
    assert variant.hand_outcome(state) is None and variant.end_text(state, names, m) is None
    seat = variant.current_player(state)
    _, events = variant.transition(state, Draw(seat))
    assert variant.describe(public_events(events), names, m) == "drew a tile"
    stacked = new_game(rules, racks=[_tiles(ANA), _tiles(BOB)], pool=_tiles(POOL))
    assert variant.start_text(stacked, names, m) is None  # a stacked deal has no start draw
    remi = get_variant("remi")
    assert remi.start_text(remi.new_game(load_rules("remi-pe-tabla"), 2), names, m) is None


_PTY_CHILD = """
import sys, time
import remi.cli.terminal as turn
turn.TICK_SECONDS = 0.02
start = time.monotonic()
turn.clock = lambda: (time.monotonic() - start) * 100.0  # the 60 s turn lasts 0.6 s
from remi.cli import app, terminal
app(["play", "--plain", "--load", sys.argv[1], "--save", sys.argv[2]])  # the line mode
"""


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX terminal (pty) and interval timers")
def test_play_rummikub_timer_seconds_live_countdown_on_a_terminal(tmp_path: Path) -> None:
    """On a terminal the countdown is redrawn in place and the time runs out while the player
    is still typing: the half-typed line is dropped and the timeout applied (penalty.timeout).
    The child's clock runs 100 times faster, so the 60 s turn takes 0.6 s."""
    import os
    import pty
    import select
    import subprocess
    import time

    start = _record(tmp_path, kinds=("human", "greedy"))
    save = tmp_path / "game.json"
    main, child = pty.openpty()
    proc = subprocess.Popen(
        [sys.executable, "-c", _PTY_CHILD, str(start), str(save)],
        stdin=child,
        stdout=child,
        stderr=child,
        close_fds=True,
    )
    os.close(child)
    out = b""

    def pump(marker: bytes, since: int = 0, limit: float = 20.0) -> bool:
        """Read the child's output until ``marker`` appears after byte ``since``."""
        nonlocal out
        deadline = time.monotonic() + limit
        while marker not in out[since:] and time.monotonic() < deadline:
            ready, _, _ = select.select([main], [], [], 0.05)
            if ready:
                try:
                    out += os.read(main, 65536)
                except OSError:
                    break
        return marker in out[since:]

    try:
        pump(b"Ana [")
        os.write(main, b"new R10 R1")  # never finished with Enter
        pump(b"Time is up")
        for _ in range(5):  # at Ana's next prompt (readline holds the terminal): end of input
            if not pump(b"Ana [", since=len(out)):
                break
            os.write(main, b"\x04")
            if pump(b"Game left", limit=2.0):
                break
    finally:
        try:
            proc.wait(timeout=20)
        finally:
            if proc.poll() is None:
                proc.kill()
            os.close(main)
    text = out.decode("utf-8", "replace")
    assert "\x1b7\rAna [" in text  # the prompt's countdown redrawn in place
    assert "Time is up [timer.seconds]." in text
    assert "Game left" in text
    actions = load_record(save).actions
    assert actions[0] == "p1 timeout" and actions[1].startswith("p2 ")


def test_each_family_names_its_own_command_words() -> None:
    """Tab completion offers the family's words (Variant.command_words) and the program's own."""
    from remi.core.variant import get_variant

    remi_words = get_variant("remi").command_words()
    rk_words = get_variant("rummikub").command_words()
    assert {"draw", "take", "meld", "layoff", "swap", "announce", "declare", "discard"} <= set(
        remi_words
    )
    assert {"put", "move", "split", "new", "done", "draw", "pass"} <= set(rk_words)
    assert "take" not in rk_words and "done" not in remi_words


@pytest.mark.parametrize("word", ["verific", "verifică", "verifica", "check"])
def test_play_rummikub_check_in_romanian_and_in_help(
    tmp_path: Path, clock: FakeClock, word: str
) -> None:
    """``verific`` (imperative ``verifică``, diacritics optional; ``check`` too) tells what
    ``gata`` would say without ending the turn; ``ajutor`` lists it with what it does."""
    start = _record(tmp_path)
    save = tmp_path / "game.json"
    lines = ["", "ajutor", "nou R10 R11", word, "anulez", "trage"]
    out = _play(["--load", str(start), "--save", str(save), "--lang", "ro"], lines)
    assert "verific (ce ar spune gata acum; tura continuă)" in " ".join(out.split())
    assert "verificare: „gata” ar refuza masa asta (cu penalizare)" in out
    assert load_record(save).actions == ("p1 draw",)  # the check ended nothing


def test_play_rummikub_help_lists_check_in_english(tmp_path: Path, clock: FakeClock) -> None:
    out = _play(["--load", str(_record(tmp_path))], ["", "help", "draw"])
    assert "check (what done would say now; the turn goes on)" in " ".join(out.split())


def _pages(out: str) -> list[str]:
    """The line mode's pages, one per hot-seat hand-over (the screen and scrollback are cleared
    there), each as one line (a long line wraps at the console's width: runs of spaces as one)."""
    return [" ".join(page.split()) for page in out.split(terminal.CLEAR_SCREEN)]


@pytest.mark.parametrize(
    ("lang", "lines"),
    [
        ("en", ["", "new R10 R11", "done", "", "draw", "", "quit"]),
        ("ro", ["", "nou R10 R11", "gata", "", "trag", "", "ies"]),
    ],
)
def test_line_mode_hot_seat_keeps_the_refusal_and_penalty_for_the_next_turn(
    tmp_path: Path, clock: FakeClock, lang: str, lines: list[str]
) -> None:
    """Line mode, hot-seat (two people): Ana's ``done`` with [R10 R11] on the table is refused
    (``formation.min_tiles``) and the penalty draws 3 tiles (``penalty.invalid_turn``, RK-8);
    the hand-over clears the screen at once, so she never read why. Bob's page shows none of it
    (only the public "invalid table at done" of his since-your-last-turn list); Ana's next page
    shows the title, the refusal and the penalty under her turn's screen, above her prompt."""
    m = messages(lang)
    out = _play(["--load", str(_record(tmp_path)), "--lang", lang], lines)
    _, ana, bob, ana_again = _pages(out)
    title = m("board.kept.title", name="Ana")
    refused = m("rk.refused", error="").strip()
    penalty = m.plural("rk.penalty_drawn", 3, name="Ana", rule="penalty.invalid_turn")
    penalty = " ".join(penalty.split())
    assert refused in ana and penalty in ana  # said at once, then hidden by the hand-over
    assert title not in ana
    for hidden in (title, refused, "[formation.min_tiles]", "[penalty.invalid_turn]"):
        assert hidden not in bob
    assert m.plural("rk.event.penalty_drawn.invalid", 3) in bob  # the public event
    rack = ana_again.rindex(m("rack"))
    prompt = ana_again.rindex("Ana [ 60 s]>")
    told = ana_again.index(title)
    assert rack < told < ana_again.index(refused) < ana_again.index(penalty) < prompt
    assert told < ana_again.index("[formation.min_tiles]") < ana_again.index(penalty)
    assert ana_again.count(title) == 1


def test_line_mode_hot_seat_keeps_time_is_up_for_the_next_turn(
    tmp_path: Path, clock: FakeClock
) -> None:
    """Line mode, hot-seat: Ana's 60 s run out (``timer.seconds``) and the timeout penalty draws
    3 tiles (``penalty.timeout``); Bob does not read it, Ana reads both first at her next turn."""
    m = messages("en")
    lines = ["", "@61 help", "", "draw", "", "quit"]
    _, ana, bob, ana_again = _pages(_play(["--load", str(_record(tmp_path))], lines))
    timeout = m("rk.timeout")
    penalty = m.plural("rk.penalty_drawn", 3, name="Ana", rule="penalty.timeout")
    assert timeout in ana and penalty in ana
    assert timeout not in bob and penalty not in bob
    title = m("board.kept.title", name="Ana")
    assert ana_again.index(title) < ana_again.index(timeout) < ana_again.index(penalty)
    assert "Ana, the end of your last turn (the hand-over covered it): Time is up" in ana_again


@pytest.mark.parametrize(
    ("lang", "lines"),
    [
        ("en", ["", "new R10 R11", "new K1 K2 K3", "put R12 1", "undo", "quit"]),
        ("ro", ["", "nou R10 R11", "nou N1 N2 N3", "pun R12 1", "anulez", "ies"]),
    ],
)
def test_line_mode_working_table_counts_initial_meld_points_laid(
    tmp_path: Path, clock: FakeClock, lang: str, lines: list[str]
) -> None:
    """Before her initial meld (30 points, ``initial_meld.min_points``, docs/rules.md §2.5) each
    working table says how many points of her rack tiles Ana has laid this turn in valid sets:
    none for [R10 R11] (not a set yet), 6 with [K1 K2 K3], 39 once R12 makes [R10 R11 R12], 6
    again after ``undo``."""
    m = messages(lang)
    out = " ".join(_play(["--load", str(_record(tmp_path)), "--lang", lang], lines).split())
    said = [m.plural("rk.initial_laid", 30, points=p) for p in (0, 6, 39)]
    assert out.index(said[0]) < out.index(said[1]) < out.index(said[2]) < out.rindex(said[1])
    assert out.count(said[0]) == 1  # after [R10 R11]; the turn's first screen says none


def test_initial_points_count_only_sets_of_rack_tiles() -> None:
    """``TableEditor.initial_points`` (docs/rules.md §2.5): with
    ``initial_meld.manipulate_same_turn = true`` a rack tile added to a table set, and a new set
    holding a table tile, count nothing toward the initial meld, nor does a set not valid yet;
    a joker counts the tile it stands for, or nothing under ``initial_meld.joker_value = zero``;
    None once opened."""
    from remi.variants.rummikub.editing import TableEditor
    from remi.variants.rummikub.rules import RummikubRules

    rules = RummikubRules(initial_meld_manipulate_same_turn=True)
    rack = parse_tiles("R5 R6 R7 J K9 Y4 Y5 B12 B13 K1 K2 K3 K4 K5")
    state = attrs.evolve(
        new_game(rules, racks=[rack, parse_tiles(BOB)]),
        table=(parse_formation("B9 B10 B11"), parse_formation("Y1 Y2 Y3")),
    )
    editor = TableEditor(state)
    editor.command("put B12 1")  # onto the table's set: not the initial meld's
    editor.command("new 2:3 Y4 Y5")  # [Y3 Y4 Y5] holds a table tile
    assert editor.initial_points() == 0
    editor.command("new K1 K2")
    assert editor.initial_points() == 0
    editor.command("new R5 R6 R7 J")
    assert editor.initial_points() == 5 + 6 + 7 + 8
    zero = TableEditor(
        attrs.evolve(state, rules=attrs.evolve(rules, initial_meld_joker_value="zero"))
    )
    zero.command("new R5 R6 J")
    assert zero.initial_points() == 11
    opened = TableEditor(attrs.evolve(state, opened=(True, False)))
    assert opened.initial_points() is None
