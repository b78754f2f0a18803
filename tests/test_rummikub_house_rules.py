"""The Rummikub-family rule ids of MyRummy Small's seed: one test per rule id, named after it,
played through ``apply`` from stacked deals (docs/rules.md §2.6, §2.7, §3.30)."""

from __future__ import annotations

import json
import pickle
import random
from collections import Counter

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from remi.bots import check_bots
from remi.cli import app
from remi.core.candidates import candidate_formations
from remi.core.errors import IllegalActionError, NotationError
from remi.core.formations import Formation, parse_formation
from remi.core.presets import load_rules
from remi.core.strategy import NoStrategyError
from remi.core.tiles import FULL_SET, Tile
from remi.variants.rummikub.editing import TableEditor
from remi.variants.rummikub.engine import legal_actions
from remi.variants.rummikub.keep_three import broken_set
from remi.variants.rummikub.rules import RummikubRules
from remi.variants.rummikub.state import RummikubState
from remi.variants.rummikub.strategies import (
    RummikubGreedyStrategy,
    RummikubSolverStrategy,
    SolverRulesError,
)
from remi.variants.rummikub.views import view

from rummikit import deal, refused, rk_rules, run


def _opened(rules: RummikubRules) -> RummikubState:
    """Table [R5 Y5 B5 K5] [R10 R11 R12] [R9 R10 R11]; p2 (to play) holds R6 R7 R8 R12."""
    state = deal(
        ["R5 Y5 B5 K5 R10 R11 R12", "R9 R10 R11 R6 R7 R8 R12"], pool="Y2 Y4 Y6", rules=rules
    )
    state = run(state, "p1 play [R5 Y5 B5 K5] [R10 R11 R12]")
    state = run(state, "p2 play [R5 Y5 B5 K5] [R10 R11 R12] [R9 R10 R11]", "p1 draw")
    return state


def test_table_keep_three() -> None:
    """A set may give up tiles while 3 of its own stay together: [R5 Y5 B5 K5] gives R5 to a
    new run; [R9 R10 R11] may not give up R9 (R10 R11 alone would stay)."""
    state = _opened(rk_rules(table__keep_three=True))
    give_r5 = "p2 play [Y5 B5 K5] [R10 R11 R12] [R9 R10 R11] [R5 R6 R7]"
    assert run(state, give_r5).table[0] == parse_formation("Y5 B5 K5")
    take_r9 = "p2 play [R5 Y5 B5 K5] [R10 R11 R12] [R10 R11 R12] [R7 R8 R9]"
    error = refused(state, take_r9, "table.keep_three")
    assert "[R9 R10 R11]" in str(error)
    off = attrs.evolve(state, rules=rk_rules())
    assert run(off, take_r9).table[3] == parse_formation("R7 R8 R9")


def test_table_keep_three_in_myrummy_small_only() -> None:
    assert load_rules("myrummy-small").get("table.keep_three") is True
    assert load_rules("rummikub").get("table.keep_three") is False
    assert load_rules("myrummy").get("table.keep_three") is False


def test_table_keep_three_joker_freed_by_its_tile_counts_as_kept() -> None:
    """Retrieving the joker of [R5 J R7] with R6 leaves R5 R6 R7: the set keeps 3."""
    rules = rk_rules(table__keep_three=True)
    state = deal(["R5 J R7 K11 K12 K13", "R6 Y9 Y10 B10 B11 B12"], pool="Y2 Y4", rules=rules)
    state = run(state, "p1 play [R5 J R7] [K11 K12 K13]")
    state = run(state, "p2 play [R5 J R7] [K11 K12 K13] [B10 B11 B12]", "p1 draw")
    after = run(state, "p2 play [R5 R6 R7] [K11 K12 K13] [B10 B11 B12] [J Y9 Y10]")
    assert after.table[0] == parse_formation("R5 R6 R7")


def test_table_keep_three_two_copies_count_once() -> None:
    """Two groups share R5 Y5 K5: the one left whole keeps its tiles, the other keeps none."""
    old = [parse_formation("R5 Y5 B5 K5"), parse_formation("R5 Y5 K5")]
    new = [
        Counter(parse_formation(t).tiles)
        for t in ("R5 Y5 B5 K5", "R3 R4 R5", "Y5 Y6 Y7", "K5 K6 K7")
    ]
    assert broken_set(old, new) == old[1]
    merged = [Counter(parse_formation("R1 R2 R3 R4 R5 R6").tiles)]
    runs = [parse_formation("R1 R2 R3"), parse_formation("R4 R5 R6")]
    assert broken_set(runs, merged) is None


def test_table_keep_three_editor_refuses_the_move() -> None:
    """At the table the edit itself is refused, and the working table does not change."""
    state = _opened(rk_rules(table__keep_three=True))
    editor = TableEditor(state)
    before = editor.sets
    with pytest.raises(IllegalActionError) as info:
        editor.command("move 3:1 2")
    assert info.value.rule_id == "table.keep_three" and editor.sets == before
    editor.command("move 1:1 3")  # R5 out of the 4-tile group: Y5 B5 K5 stay
    assert [s.tile for s in editor.sets[0]] == [Tile.parse(t) for t in ("Y5", "B5", "K5")]


def test_table_keep_three_editor_refuses_a_many_tile_edit() -> None:
    """The board's many-tile edits (``new 3:1``, ``put R6 3:1 1``) are checked the same way
    and undone whole when refused."""
    state = _opened(rk_rules(table__keep_three=True))
    editor = TableEditor(state)
    before, rack = editor.sets, editor.rack
    for line in ("new 3:1", "put R6 3:1 1"):
        with pytest.raises(IllegalActionError) as info:
            editor.command(line)
        assert info.value.rule_id == "table.keep_three"
        assert editor.sets == before and editor.rack == rack


def test_joker_locks_meld_in_myrummy_small() -> None:
    """MyRummy Small's insert: "the joker's position cannot be changed unless it has been
    replaced": its set may grow but not be broken up."""
    rules = rk_rules("myrummy-small")
    assert rules.joker_locks_meld and not rk_rules().joker_locks_meld
    state = deal(["R4 R5 J R7 R8 R9", "Y10 B10 K10 R3 R10"], pool="Y2 Y4", rules=rules)
    state = run(state, "p1 play [R4 R5 J R7 R8 R9]")
    state = run(state, "p2 play [R4 R5 J R7 R8 R9] [Y10 B10 K10]", "p1 draw")
    refused(state, "p2 play [R3 R4 R5 J] [R7 R8 R9 R10] [Y10 B10 K10]", "joker.locks_meld")
    assert run(state, "p2 play [R3 R4 R5 J R7 R8 R9 R10] [Y10 B10 K10]").racks[1]


def _solver_choice(rules: RummikubRules) -> None:
    state = deal(["R9 R10 R11 K1 K2", "Y2"], pool="Y4 Y6", rules=rules)
    RummikubSolverStrategy(0).choose(view(state, 0))


@pytest.mark.parametrize(
    ("rule", "value"),
    [
        ("run.ace_high", True),
        ("joker.locks_meld", True),
        ("joker.group_of_three", "both_missing"),
        ("joker.freed_use", "new_set_with_rack"),
        ("table.keep_three", True),
    ],
    ids=[
        "run_ace_high",
        "joker_locks_meld",
        "joker_group_of_three",
        "joker_freed_use",
        "table_keep_three",
    ],
)
def test_solver_bot_refuses_rules_it_does_not_model(rule: str, value: object) -> None:
    """The solver bot never plays another rule silently: it refuses the preset naming the rule
    (the greedy bot plays it)."""
    rules = rk_rules(**{rule.replace(".", "__"): value})
    with pytest.raises(SolverRulesError) as info:
        _solver_choice(rules)
    assert info.value.rule == rule and str(info.value).endswith(f"[{rule}]")
    assert isinstance(info.value, NoStrategyError)
    back = pickle.loads(pickle.dumps(info.value))  # simulate --jobs: from a worker process
    assert str(back) == str(info.value) and back.rule == rule
    state = deal(["R9 R10 R11 K1 K2", "Y2"], pool="Y4 Y6", rules=rules)
    assert RummikubGreedyStrategy(0).choose(view(state, 0)) in legal_actions(state)
    _solver_choice(rk_rules())  # the defaults: no refusal


def test_solver_bot_refusal_exits_2_in_play_and_simulate() -> None:
    cli = CliRunner()
    for args in (
        ["play", "--rules", "myrummy-small", "--bot", "solver", "--bot", "solver", "--auto"],
        ["simulate", "--rules", "myrummy-small", "--games", "1", "--bots", "solver"],
    ):
        result = cli.invoke(app, args)
        assert result.exit_code == 2, result.output
        assert "[joker.locks_meld]" in result.output
        assert "   1. " not in result.output  # refused before the first action


def test_bots_are_checked_before_the_game() -> None:
    """A greedy seat that moves first does not play before the solver seat refuses the rules
    (``check_bots``); ``random`` and ``greedy`` play every rule."""
    rules = load_rules("myrummy-small")
    with pytest.raises(SolverRulesError) as info:
        check_bots(["greedy", "solver"], rules)
    assert info.value.rule == "joker.locks_meld"
    check_bots(["random", "greedy"], rules)
    check_bots(["solver"], load_rules("rummikub"))


def test_simulate_without_bots_falls_back_to_greedy_and_says_why() -> None:
    """With no --bots, a simulation whose arm the solver bot does not play is played by greedy
    bots, and the report says which rule made it so."""
    data = json.loads(
        CliRunner()
        .invoke(
            app,
            [
                "simulate",
                "--rules",
                "rummikub",
                "--rules",
                "myrummy-small",
                "--games",
                "1",
                "--players",
                "2",
                "--json",
            ],
        )
        .output
    )
    assert data["bots"] == ["greedy", "greedy"]
    assert data["bot_fallback"] == {"arm": "myrummy-small", "rule": "joker.locks_meld"}
    assert any("joker.locks_meld" in line for line in data["arms"][0]["verdict"])


def test_rules_show_and_diff_list_the_new_ids() -> None:
    cli = CliRunner()
    diff = cli.invoke(app, ["rules", "diff", "rummikub", "myrummy-small", "--json"])
    assert diff.exit_code == 0, diff.output
    assert "table.keep_three" in diff.output and "joker.locks_meld" in diff.output
    show = cli.invoke(app, ["rules", "show", "myrummy-small", "--json"])
    assert show.exit_code == 0 and "table.keep_three" in show.output


def test_joly_identity_forced_place_makes_a_36_point_initial_meld() -> None:
    """Rummikub, the 1 low only: R12 R13 J can only be J[R11] R12 R13 (docs/rules.md §2.3), an
    initial meld of 36 points."""
    state = deal(["R12 R13 J", "Y2"], pool="Y4 Y6")
    after = run(state, "p1 play [R12 R13 J]")
    assert after.table == (parse_formation("J[R11] R12 R13", rk_rules().formation_rules),)
    assert after.opened[0]
    two = deal(["R5 R7 J J R10 R11 R12", "Y2"], pool="Y4 Y6")
    with pytest.raises(NotationError, match=r"J\[R4\] R5 J\[R6\] R7.*R5 J\[R6\] R7 J\[R8\]"):
        run(two, "p1 play [R5 R7 J J] [R10 R11 R12]")


@settings(max_examples=60, deadline=None)
@given(st.randoms(use_true_random=False))
def test_table_keep_three_invariants(rng: random.Random) -> None:
    """Any table keeps itself, however its sets are merged into one; a 3-tile set that gives
    up a tile to another set is reported (or, when another set holds copies of its tiles, that
    one: the copies cannot be told apart)."""
    tiles = rng.sample(FULL_SET, 40)
    old: list[Formation] = []
    left = Counter(tiles)
    for f in candidate_formations(tiles, rk_rules().formation_rules):
        if not (Counter(f.tiles) - left):
            old.append(f)
            left -= Counter(f.tiles)
    assert broken_set(old, [Counter(f.tiles) for f in reversed(old)]) is None
    assert broken_set(old, [Counter(t for f in old for t in f.tiles)]) is None
    threes = [i for i, f in enumerate(old) if len(f) == 3]
    if threes and len(old) > 1:
        i = rng.choice(threes)
        j = (i + 1) % len(old)
        sets = [Counter(f.tiles) for f in old]
        moved = old[i].tiles[rng.randrange(3)]
        sets[i][moved] -= 1
        sets[j][moved] += 1
        broken = broken_set(old, [+s for s in sets])
        twins = [f for f in old if f is not old[i] and set(f.tiles) & set(old[i].tiles)]
        assert broken is not None and (broken == old[i] or broken in twins)


def test_table_keep_three_sets_with_the_same_tiles_are_told_apart() -> None:
    """[J K6 K7] (the joker is K5) and [K6 K7 J] (K8) hold the same tiles: K5 frees the first
    one's joker and the second stays whole, so both keep 3, in either table order (the check
    once paired them by tiles in table order and refused the play ``legal_actions`` listed:
    soak seed 1928)."""
    rules = rk_rules(table__keep_three=True)
    state = deal(["J K6 K7 K6 K7 J B1", "Y10 Y11 Y12 K5 R11 R12"], pool="Y2 Y4 Y6", rules=rules)
    state = run(state, "p1 play [J K6 K7] [K6 K7 J]")
    state = run(state, "p2 play [J K6 K7] [K6 K7 J] [Y10 Y11 Y12]", "p1 draw")
    play = "p2 play [K5 K6 K7] [K6 K7 J] [Y10 Y11 Y12] [R11 R12 J]"
    assert any(str(a) == play for a in legal_actions(state))
    after = run(state, play)
    assert after.table[0] == parse_formation("K5 K6 K7")
    assert after.table[3] == parse_formation("R11 R12 J")
    low, high = parse_formation("J K6 K7"), parse_formation("K6 K7 J")
    new = [Counter(parse_formation(t).tiles) for t in ("K5 K6 K7", "K6 K7 J")]
    assert broken_set([low, high], new) is None
    assert broken_set([high, low], new) is None
    assert broken_set([low, high], list(reversed(new))) is None
    # the joker of [K6 K7 J] stands for K8: K5 does not keep that set
    assert broken_set([high], [Counter(parse_formation("K5 K6 K7").tiles)]) == high
