"""Rummikub-style rules, one test per rule id (docs/rules.md §2, §3.24–§3.29)."""

from __future__ import annotations

import math
import random
from collections import Counter

import attrs
import pytest

from remi.core.errors import IllegalActionError
from remi.core.notation import parse_tiles
from remi.core.tiles import FULL_SET, Tile
from remi.variants.rummikub.actions import Draw, Pass, Penalty, Timeout, parse_action
from remi.variants.rummikub.editing import EditError, Refusal, TableEditor, TurnTimer
from remi.variants.rummikub.engine import apply, check, legal_actions
from remi.variants.rummikub.scoring import score_state
from remi.variants.rummikub.state import EndReason, new_game

from rummikit import deal, refused, rk_rules, run


def test_start_player_highest_draw_recorded_and_seeded() -> None:
    rules = rk_rules()
    for seed in range(20):
        state = new_game(rules, 4, seed=seed)
        assert state.start_draw is not None
        last = state.start_draw.rounds[-1]
        best = max(t.number for _, t in last)
        assert [s for s, t in last if t.number == best] == [state.starter] == [state.current]
        for earlier in state.start_draw.rounds[:-1]:
            top = max(t.number for _, t in earlier)
            assert sum(1 for _, t in earlier if t.number == top) > 1
        assert new_game(rules, 4, seed=seed) == state
        assert state.all_tiles() == Counter(FULL_SET)


def test_start_player_lot() -> None:
    state = new_game(rk_rules(start__player="lot"), 3, seed=5)
    assert state.start_draw is None and 0 <= state.starter < 3


@pytest.mark.parametrize(
    ("preset", "tiles"), [("rummikub", 14), ("myrummy", 15), ("myrummy-small", 14)]
)
def test_deal_tiles(preset: str, tiles: int) -> None:
    state = new_game(rk_rules(preset), 4, seed=1)
    assert [len(r) for r in state.racks] == [tiles] * 4
    assert len(state.pool) == 106 - 4 * tiles


def test_turn_direction_counter_clockwise() -> None:
    state = deal(["R2", "R4", "R6"], rules=rk_rules(turn__direction="counter_clockwise"))
    assert run(state, "p1 draw").current == 2
    refused(state, "p2 draw", "turn.order")


def test_turn_play_or_draw() -> None:
    state = deal(["R9 R10 R11", "Y2"])
    refused(state, "p1 pass", "turn.play_or_draw")
    state = run(state, "p1 play [R9 R10 R11]", "p2 draw")
    refused(state, "p1 play [R9 R10 R11]", "turn.play_or_draw")  # nothing from the rack


def test_table_tiles_kept() -> None:
    state = deal(["R9 R10 R11 R12 Y4 B4 K4", "Y2"])
    state = run(state, "p1 play [R9 R10 R11 R12]", "p2 draw")
    refused(state, "p1 play [R9 R10 R11] [Y4 B4 K4]", "table.tiles_kept")


def test_play_own_tiles() -> None:
    state = deal(["R9 R10 R11", "Y2"])
    refused(state, "p1 play [R10 R11 R12]", "play.own_tiles")


def test_set_distinct_colours_at_done() -> None:
    state = deal(["R10 R11 R12 R13", "Y2"])
    editor = TableEditor(state)
    editor.command("new R10 R11 R12 R13")
    editor.command("split 1 2")
    outcome = editor.command("done")
    assert isinstance(outcome, Refusal) and outcome.rule_id == "formation.min_tiles"


def test_initial_meld_manipulate_same_turn() -> None:
    state = deal(["R9 R10 R11", "R12 Y10 B10 K10"], pool="K2 K4")
    state = run(state, "p1 play [R9 R10 R11]")
    refused(state, "p2 play [R9 R10 R11 R12] [Y10 B10 K10]", "initial_meld.manipulate_same_turn")
    after = run(state, "p2 play [R9 R10 R11] [Y10 B10 K10]")
    assert after.opened == (True, True)
    allowed = attrs.evolve(state, rules=rk_rules(initial_meld__manipulate_same_turn=True))
    assert run(allowed, "p2 play [R9 R10 R11 R12] [Y10 B10 K10]").opened[1]


def test_initial_meld_joker_value_zero() -> None:
    state = deal(["R9 R10 J", "Y2"], rules=rk_rules(initial_meld__joker_value="zero"))
    refused(state, "p1 play [R9 R10 J]", "initial_meld.min_points")
    assert run(deal(["R9 R10 J", "Y2"]), "p1 play [R9 R10 J]").opened[0]


def _joker_table(**overrides: object):
    """p1 opened with [R4 R5 R6 J] (J = R7) and [R8 R9 R10 R11]; p2 opened too; p1 to play."""
    rules = rk_rules(**overrides)
    state = deal(
        ["R4 R5 R6 J R8 R9 R10 R11", "Y10 B10 K10 K6 K8 R7 B12"], pool="Y2 Y4 Y6", rules=rules
    )
    state = run(state, "p1 play [R4 R5 R6 J] [R8 R9 R10 R11]")
    return run(state, "p2 play [R4 R5 R6 J] [R8 R9 R10 R11] [Y10 B10 K10]", "p1 draw")


def test_joker_exact_tile() -> None:
    state = _joker_table()
    refused(state, "p2 play [R4 R5 R6] [R8 R9 R10 R11] [Y10 B10 K10] [K6 J K8]", "joker.exact_tile")
    after = run(state, "p2 play [R4 R5 R6 R7] [R8 R9 R10 R11] [Y10 B10 K10] [K6 J K8]")
    assert str(after.table[3]) == "[K6 J K8]"


def test_joker_freed_use_same_turn() -> None:
    state = _joker_table()
    # the freed joker may not go back to the rack: every table tile stays on the table
    refused(state, "p2 play [R4 R5 R6 R7] [R8 R9 R10 R11] [Y10 B10 K10]", "table.tiles_kept")


def test_joker_freed_use_new_set_with_rack() -> None:
    state = _joker_table(joker__freed_use="new_set_with_rack")
    refused(state, "p2 play [R4 R5 R6 R7] [R8 R9 R10 R11] [Y10 B10 K10 J]", "joker.freed_use")
    assert (
        run(state, "p2 play [R4 R5 R6 R7] [R8 R9 R10 R11] [Y10 B10 K10] [K6 J K8]").is_over is False
    )
    default = _joker_table()
    assert run(default, "p2 play [R4 R5 R6 R7] [R8 R9 R10 R11] [Y10 B10 K10 J]").opened[1]


def test_joker_replacement_from_rack_or_table() -> None:
    state = _joker_table()
    # R7 from the rack frees the joker; R8 moves from the other run to keep every set valid
    line = "p2 play [R4 R5 R6 R7 R8] [R9 R10 R11] [Y10 B10 K10] [K6 J K8]"
    assert run(state, line).opened[1]
    assert run(_joker_table(joker__replacement_from="rack"), line).opened[1]


def test_joker_replacement_from_rack_only() -> None:
    rules = rk_rules(joker__replacement_from="rack")
    state = deal(["R4 R5 R6 J R7 R8 R9 R10", "Y10 B10 K10 K6 K8 B2"], pool="Y2 Y4 Y6", rules=rules)
    state = run(state, "p1 play [R4 R5 R6 J] [R7 R8 R9 R10]")
    state = run(state, "p2 play [R4 R5 R6 J] [R7 R8 R9 R10] [Y10 B10 K10]", "p1 draw")
    # R7 taken from the table run [R7 R8 R9 R10] to free the joker
    line = "p2 play [R4 R5 R6 R7] [R8 R9 R10] [K6 J K8] [Y10 B10 K10]"
    refused(state, line, "joker.replacement_from")
    assert run(attrs.evolve(state, rules=rk_rules()), line).opened[1]


def test_joker_locks_meld_extend_only() -> None:
    rules = rk_rules(joker__locks_meld=True)
    state = deal(["R4 R5 J R7 R8 R9", "Y10 B10 K10 R3 R10"], pool="Y2 Y4", rules=rules)
    state = run(state, "p1 play [R4 R5 J R7 R8 R9]")
    state = run(state, "p2 play [R4 R5 J R7 R8 R9] [Y10 B10 K10]", "p1 draw")
    refused(state, "p2 play [R3 R4 R5 J] [R7 R8 R9 R10] [Y10 B10 K10]", "joker.locks_meld")
    assert run(state, "p2 play [R3 R4 R5 J R7 R8 R9 R10] [Y10 B10 K10]").opened[1]
    free = attrs.evolve(state, rules=rk_rules())
    assert run(free, "p2 play [R3 R4 R5 J] [R7 R8 R9 R10] [Y10 B10 K10]").opened[1]


@pytest.mark.parametrize(("mode", "drawn"), [("restore_draw", 3), ("restore", 0)])
def test_penalty_invalid_turn(mode: str, drawn: int) -> None:
    state = deal(
        ["R9 R10 R11", "Y2"], pool="K2 K4 K6 K8", rules=rk_rules(penalty__invalid_turn=mode)
    )
    after = run(state, "p1 penalty invalid")
    assert len(after.racks[0]) == 14 + drawn and after.table == () and after.current == 1
    assert [str(t) for t in after.pool[:1]] == [["K2", "K8"][drawn // 3]]


@pytest.mark.parametrize(
    ("preset", "drawn"), [("rummikub", 3), ("myrummy", 3), ("myrummy-small", 0)]
)
def test_penalty_timeout(preset: str, drawn: int) -> None:
    state = deal(["R9 R10 R11", "Y2"], pool="K2 K4 K6 K8", rules=rk_rules(preset))
    after = apply(state, Timeout(0))
    assert len(after.racks[0]) == state.rules.deal_tiles + drawn and after.current == 1


def test_penalty_draw_count_fewer_in_pool() -> None:
    state = deal(["R9 R10 R11", "Y2"], pool="K2 K4")
    state = _empty_pool_but(state, 2)
    after = apply(state, Penalty(state.current, "invalid"))
    assert len(after.pool) == 0
    assert len(after.racks[state.current]) == len(state.racks[state.current]) + 2


def _empty_pool_but(state, keep: int):
    while len(state.pool) > keep:
        state = apply(state, Draw(state.current))
    return state


def test_pool_empty_play_on_and_pass() -> None:
    state = _empty_pool_but(deal(["R9 R10 R11", "Y2"]), 0)
    refused(state, f"p{state.current + 1} draw", "pool_empty.play_on")
    seat = state.current
    after = apply(state, Pass(seat))
    assert after.passes == 1 and not after.is_over
    ended = apply(after, Pass(after.current))
    assert ended.end is EndReason.BLOCKED
    assert sum(ps.score for ps in score_state(ended)) == 0
    assert legal_actions(ended) == []
    with pytest.raises(IllegalActionError) as info:
        check(ended, Pass(ended.current))
    assert info.value.rule_id == "game.over"


def test_pool_empty_scoring_own() -> None:
    state = _empty_pool_but(
        deal(["R9 R10 R11", "Y2"], rules=rk_rules(pool_empty__scoring="own")), 0
    )
    ended = apply(apply(state, Pass(state.current)), Pass(state.next_seat(state.current)))
    totals = [sum(30 if t.is_joly else t.number for t in r) for r in ended.racks]
    scores = [ps.score for ps in score_state(ended)]
    low = min(totals)
    for seat, total in enumerate(totals):
        if total != low:
            assert scores[seat] == -total


def test_scoring_going_out_from_a_game() -> None:
    rules = rk_rules(deal__tiles=3)
    state = new_game(rules, racks=[parse_tiles("R9 R10 R11"), parse_tiles("Y5 K9 J")])
    after = run(state, "p1 play [R9 R10 R11]")
    assert after.end is EndReason.OUT and after.winner == 0
    assert [ps.score for ps in score_state(after)] == [44, -44]


def test_editing_session_commands() -> None:
    state = deal(["R9 R10 R11 R12 Y9 B9", "Y2"], pool="K2")
    state = run(state, "p1 play [R9 R10 R11 R12]", "p2 draw")
    editor = TableEditor(state)
    editor.command("new Y9 B9")
    editor.command("move 1:1 2")
    assert editor.text() == "1: [R10 R11 R12]  2: [Y9 B9 R9]"
    editor.command("undo")
    editor.command("move 1:1 2")
    outcome = editor.command("done")
    assert outcome == parse_action("p1 play [R10 R11 R12] [R9 Y9 B9]")
    with pytest.raises(EditError):
        editor.command("put K13 1")
    with pytest.raises(EditError):
        editor.command("move 7:1 1")
    with pytest.raises(EditError):
        editor.command("split 1 1")
    with pytest.raises(EditError):
        editor.command("shuffle")
    assert TableEditor(state).command("done") == Draw(0)


def test_editing_session_second_copy_not_held() -> None:
    """``new R10 R10 R12`` with one R10 on the rack: the error says the one copy is placed
    already (it used to say "R10 is not on p1's rack")."""
    state = deal(["R8 R10 R12 K8", "Y2"], pool="K2")
    assert state.racks[0].count(Tile.parse("R10")) == 1
    editor = TableEditor(state)
    with pytest.raises(EditError, match="no R10 left on p1's rack: its 1 copy is placed already"):
        editor.command("new R10 R10 R12")
    with pytest.raises(EditError, match="K13 is not on p1's rack"):
        editor.command("new K13 R10 R12")


def test_editing_session_put_and_split() -> None:
    state = deal(["R9 R10 R11 R12 R13", "Y2"], pool="K2")
    state = run(state, "p1 play [R9 R10 R11 R12 R13]", "p2 draw")
    editor = TableEditor(state)
    editor.command("split 1 3")
    assert editor.text() == "1: [R9 R10]  2: [R11 R12 R13]"
    outcome = editor.command("done")
    assert isinstance(outcome, Refusal) and outcome.rule_id == "formation.min_tiles"
    assert outcome.penalty == Penalty(0, "invalid")


def test_timer_seconds() -> None:
    now = [10.0]
    timer = TurnTimer(rk_rules().timer_seconds, clock=lambda: now[0])
    assert timer.remaining() == 60 and not timer.expired()
    now[0] = 70.0
    assert timer.expired() and timer.remaining() == 0
    timer.restart()
    assert timer.remaining() == 60
    assert TurnTimer(0, clock=lambda: now[0]).remaining() == math.inf
    assert rk_rules("myrummy-small").timer_seconds == 120


def test_legal_actions_include_retrieval_and_additions() -> None:
    state = _joker_table()
    actions = legal_actions(state)
    texts = [str(a) for a in actions]
    assert "p2 draw" in texts
    assert any("[R4 R5 R6 R7]" in t and "J" in t for t in texts)  # a joker retrieval with R7
    for a in actions:
        check(state, a)


def test_random_games_sound_legal_actions() -> None:
    rules = rk_rules()
    for seed in range(3):
        state = new_game(rules, 3, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            actions = legal_actions(state)
            for a in actions:
                check(state, a)
            state = apply(state, rng.choice(actions))
        assert state.all_tiles() == Counter(FULL_SET)


def test_rules_readme_documents_every_rummikub_rule_id() -> None:
    from pathlib import Path

    from remi.core.rulespec import rule_specs
    from remi.variants.rummikub.rules import RummikubRules

    text = (Path(__file__).resolve().parent.parent / "rules" / "README.md").read_text(
        encoding="utf-8"
    )
    section = text.split("## Family `rummikub`", 1)[1]
    presets = [rk_rules(p) for p in ("rummikub", "myrummy", "myrummy-small")]

    def fmt(v: object) -> str:
        return (
            ("true" if v else "false")
            if isinstance(v, bool)
            else f'"{v}"'
            if isinstance(v, str)
            else str(v)
        )

    for spec in rule_specs(RummikubRules):
        row = next(
            line for line in section.splitlines() if line.startswith(f"| `{spec.rule_id}` |")
        )
        cells = [c.strip() for c in row.strip("|").split("|")]
        assert cells[3] == fmt(spec.default)
        assert cells[4:7] == [fmt(r.get(spec.rule_id)) for r in presets]
        assert spec.field_name == spec.rule_id.replace(".", "_")
