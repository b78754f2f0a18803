"""Fixes from a new-user test: the working table's marks, the initial meld's running count and
``done`` judge a Rummikub set alike (an ambiguous ``[K11 J J]`` is ``joly.identity``, docs/rules.md
§2.3, §2.5); the initial-meld status follows ``initial_meld.manipulate_same_turn`` and
``initial_meld.joker_value``; a Remi timeout tells what it did (§1.14); ``--timer`` sets the
family's own timer rule, and ``--position`` names the options it refuses."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import attrs
import pytest
from clikit import FakeClock
from typer.testing import CliRunner

from remi.cli import app
from remi.cli.messages import messages
from remi.core.formations import parse_formation
from remi.core.game import position
from remi.core.notation import parse_formation_tokens, parse_tiles
from remi.core.presets import load_rules
from remi.core.tiles import Tile
from remi.variants.remi_pe_tabla.actions import Discard, Draw, Undo
from remi.variants.remi_pe_tabla.turn import time_up_text
from remi.variants.rummikub.actions import Play
from remi.variants.rummikub.editing import Refusal, TableEditor
from remi.variants.rummikub.rules import RummikubRules
from remi.variants.rummikub.screens import initial_meld_text, set_mark
from remi.variants.rummikub.state import RummikubState, new_game

runner = CliRunner()

#: The new user's position: p1 before the initial meld, [R4 R5 R6] on the table.
P1 = "R4 R8 R8 J J Y2 Y4 Y8 B7 B8 B12 K2 K11 K12"
P2 = "R1 Y1 Y1 R10 R13 Y9 Y13 Y13 B4 B11 K3 K9 K13 B2"


def _state() -> RummikubState:
    rules = load_rules("rummikub")
    assert isinstance(rules, RummikubRules)
    state = new_game(rules, racks=[parse_tiles(P1), parse_tiles(P2)])
    table = (parse_formation("R4 R5 R6", rules.formation_rules),)
    left = Counter(state.pool) - Counter(table[0].tiles)
    pool = []
    for tile in state.pool:
        if left[tile] > 0:
            left[tile] -= 1
            pool.append(tile)
    return attrs.evolve(state, table=table, pool=tuple(pool))


@pytest.mark.parametrize("lang", ["en", "ro"])
def test_an_ambiguous_set_is_marked_for_its_jokers_not_valid(lang: str) -> None:
    """``[K11 J J]`` reads as the run K11 K12 K13 and the group K11 R11 Y11: ``done`` refuses it
    (``joly.identity``), so its mark is ``?`` with both readings written out, not ✓; ``[R12 R13
    J]`` has one reading, J[R11] R12 R13 (docs/rules.md §2.3), so ``done`` takes it: ✓."""
    rules = load_rules("rummikub").formation_rules
    m = messages(lang)
    mark = set_mark(parse_formation_tokens("K11 J J"), rules, m).plain
    readings = "[K11 J[K12] J[K13]] | [K11 J[R11] J[Y11]]"
    assert mark == m("rk.mark.ambiguous", readings=readings, rule="joly.identity")
    assert mark.startswith("? ") and mark.endswith("[joly.identity]")
    assert set_mark(parse_formation_tokens("K11 J[K12] J[K13]"), rules, m).plain == "✓"
    assert set_mark(parse_formation_tokens("R12 R13 J"), rules, m).plain == "✓"


def test_the_initial_meld_count_and_done_agree_on_an_ambiguous_set() -> None:
    """The new user's turn: ``new K11 J J`` counts nothing and is refused at ``done`` with
    ``joly.identity``; written ``K11 J[K12] J[K13]`` it counts 11 + 12 + 13 = 36 >= 30 and
    ``done`` plays it (docs/rules.md §2.5)."""
    editor = TableEditor(_state())
    editor.command("new K11 J J")
    assert editor.initial_points() == 0
    refusal = editor.done()
    assert isinstance(refusal, Refusal) and refusal.rule_id == "joly.identity"
    editor.command("undo")
    editor.command("new K11 J[K12] J[K13]")
    assert editor.initial_points() == 36
    assert isinstance(editor.done(), Play)


def test_the_plain_screen_marks_the_ambiguous_set_and_counts_nothing() -> None:
    """``remi play --position`` as the user typed it: the working table shows the ``?`` mark and
    "Initial meld: 0 of 30 points laid", then ``done`` is refused with ``joly.identity``."""
    m = messages("en")
    result = runner.invoke(
        app,
        ["play", "--plain", "--position", position(_state()), "--human", "Ana", "--bot", "greedy"],
        input="new K11 J J\ndone\nquit\n",
    )
    assert result.exit_code == 0, result.output
    out = " ".join(result.output.split())
    assert "[K11 J J] ? " in out and "[K11 J J] ✓" not in out
    assert m.plural("rk.initial_laid", 30, points=0) in out
    assert m.plural("rk.initial_laid", 30, points=36) not in out
    assert "[joly.identity]" in out.split("Refused at done")[1]


@pytest.mark.parametrize("lang", ["en", "ro"])
def test_the_initial_meld_status_follows_the_rules_in_force(lang: str) -> None:
    """``initial_meld.manipulate_same_turn = true`` lets the player rework the table in the
    initial-meld turn, so the status no longer forbids it; ``initial_meld.joker_value = zero``
    says a joker counts 0 (docs/rules.md §2.5, §3.25, §3.26)."""
    m = messages(lang)
    default = RummikubRules()
    assert initial_meld_text(default, m) == m.plural("rk.initial_meld", 30)
    free = attrs.evolve(default, initial_meld_manipulate_same_turn=True)
    assert initial_meld_text(free, m) == m.plural("rk.initial_meld.manipulate", 30)
    zero = attrs.evolve(default, initial_meld_joker_value="zero", initial_meld_min_points=50)
    assert initial_meld_text(zero, m) == (
        m.plural("rk.initial_meld", 50) + " " + m("rk.initial_meld.joker_zero")
    )
    result = runner.invoke(
        app,
        [
            "play",
            "--plain",
            "--rules",
            "rummikub",
            "--seed",
            "2",
            "--lang",
            lang,
            "--set",
            "initial_meld.manipulate_same_turn=true",
        ],
        input="quit\n" if lang == "en" else "ies\n",
    )
    out = " ".join(result.output.split())
    assert " ".join(m.plural("rk.initial_meld.manipulate", 30).split()) in out
    assert " ".join(m.plural("rk.initial_meld", 30).split()) not in out


@pytest.mark.parametrize("lang", ["en", "ro"])
def test_time_up_says_what_the_timeout_did(lang: str) -> None:
    """docs/rules.md §1.14: the turn is taken back only when it had actions, a draw only when
    one was made; the tile discarded is named."""
    m = messages(lang)
    k13 = Tile.parse("K13")
    cases = {
        (Undo(0), Draw(0), Discard(0, k13)): "remi.time_up",
        (Undo(0), Discard(0, k13)): "remi.time_up.undo",
        (Draw(0), Discard(0, k13)): "remi.time_up.draw",
        (Discard(0, k13),): "remi.time_up.discard",
    }
    for actions, message_id in cases.items():
        assert time_up_text(actions, "Ana", m) == m(message_id, name="Ana", tile=k13)
    assert time_up_text([Discard(0, k13)], "Ana", messages("en")) == (
        "Time is up: Ana discards K13 [turn.timer_seconds]."
    )


def test_a_first_turn_timeout_does_not_say_ana_drew(clock: FakeClock) -> None:
    """The user's game: Ana starts with 15 tiles and only discards; her 10 seconds run out, so
    her highest tile, K13, is discarded for her and nothing is drawn nor taken back. The prompt
    shows the seconds left, as the Rummikub family's."""
    result = runner.invoke(
        app,
        [
            "play",
            "--plain",
            "--human",
            "Ana",
            "--human",
            "Bob",
            "--players",
            "2",
            "--seed",
            "4",
            "--set",
            "turn.timer_seconds=10",
        ],
        input="\n@11 help\n\nquit\n",
    )
    assert result.exit_code == 0, result.output
    out = " ".join(result.output.split())
    assert "Time is up: Ana discards K13 [turn.timer_seconds]." in out
    assert "Ana draws" not in out and "taken back" not in out
    assert "Ana [ 10 s]>" in out


def test_timer_sets_the_family_timer_rule(tmp_path: Path) -> None:
    """``--timer N`` is the family's own timer rule: ``turn.timer_seconds`` for Remi (0..600),
    ``timer.seconds`` for Rummikub; out of range, the error names ``--timer``."""
    for rules, rule_id in (("remi-pe-tabla", "turn.timer_seconds"), ("rummikub", "timer.seconds")):
        save = tmp_path / f"{rules}.json"
        args = ["play", "--auto", "--seed", "1", "--rules", rules, "--timer", "30"]
        result = runner.invoke(app, [*args, "--save", str(save)])
        assert result.exit_code == 0, result.output
        assert f'"{rule_id}"' in save.read_text(encoding="utf-8")
    result = runner.invoke(app, ["play", "--auto", "--timer", "700"])
    assert result.exit_code == 2
    assert result.output.startswith("error: --timer: rule 'turn.timer_seconds' = 700")


def test_position_names_the_options_given() -> None:
    """``--position`` brings its own rules: the refusal names the options actually given."""
    text = position(_state())
    m = messages("en")
    for extra, named in ((["--timer", "25"], "--timer"), (["--seed", "3"], "--seed")):
        result = runner.invoke(app, ["play", "--position", text, *extra])
        assert result.exit_code == 2
        assert result.output.strip() == "error: " + m("play.position_alone", options=named)
