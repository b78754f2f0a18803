"""Rummikub-style table editing, as the board drives it: several tiles moved in one command
(rack tiles and table tiles ``S:T``), edits touching the start-of-turn sets refused when made
before the initial meld (docs/rules.md §2.5, ``initial_meld.manipulate_same_turn``), how the
board orders a new set's tiles (a joker in the gap of a run), and the layout of the sets."""

from __future__ import annotations

import pytest
from rich.text import Text

from remi.core.errors import IllegalActionError
from remi.core.notation import parse_formation_tokens
from remi.ui.table_edit import arranged, flow, hit
from remi.variants.rummikub.actions import Play
from remi.variants.rummikub.editing import TableEditor

from rummikit import deal, rk_rules, run

#: p1 opens with R10 R11 R12 (33 points); p2 has not made his initial meld.
RACKS = ("R10 R11 R12 R13 K1", "R9 B9 K9 Y9 R1 R2 J")


def _after_p1_opens(**overrides: str) -> TableEditor:
    state = deal(RACKS, pool="Y5 Y6 Y7", rules=rk_rules(**overrides))
    state = run(state, "p1 play [R10 R11 R12]")
    return TableEditor(state)


@pytest.mark.parametrize(
    "line",
    ["put R9 1", "move 1:1 2", "split 1 2", "put R9 1:3 2", "new R9 1:1", "table [R9 R10 R11 R12]"],
)
def test_edit_of_a_start_set_before_the_initial_meld_is_refused_when_made(line: str) -> None:
    editor = _after_p1_opens()
    editor.new("Y9 B9 K9")  # a new set of his own: set 2, free to edit
    before = (editor.sets, editor.rack)
    with pytest.raises(IllegalActionError) as info:
        editor.command(line)
    assert info.value.rule_id == "initial_meld.manipulate_same_turn"
    assert (editor.sets, editor.rack) == before  # a refused edit changes nothing


def test_new_sets_of_his_own_are_free_before_the_initial_meld() -> None:
    editor = _after_p1_opens()
    editor.command("new R9 B9 K9")
    editor.command("put Y9 2")
    editor.command("table [R10 R11 R12] [R9 Y9 B9 K9]")  # the start set kept, unchanged
    assert [len(s) for s in editor.sets] == [3, 4]
    assert editor.done() == Play(1, editor.done().table)  # type: ignore[union-attr]


def test_table_edits_allowed_by_manipulate_same_turn() -> None:
    editor = _after_p1_opens(initial_meld__manipulate_same_turn="true")
    editor.command("put R9 1")
    assert str(editor.sets[0][0]) == "R9"


def test_gather_moves_rack_and_table_tiles_in_one_command_and_one_undo() -> None:
    state = deal(RACKS, pool="Y5 Y6 Y7")
    state = run(state, "p1 play [R10 R11 R12]", "p2 play [R10 R11 R12] [R9 B9 K9 Y9]")
    editor = TableEditor(state)  # p1, opened: the table is his to rework
    editor.command("new R13 1:3 1:2")  # R13 with R12 and R11 taken from set 1
    assert [" ".join(map(str, s)) for s in editor.sets] == ["R10", "R9 Y9 B9 K9", "R13 R12 R11"]
    editor.command("put 3:1 1")  # R13 back to set 1, after R10 by number
    assert " ".join(map(str, editor.sets[0])) == "R10 R13"
    editor.command("undo")
    editor.command("undo")
    assert [len(s) for s in editor.sets] == [3, 4]
    assert len(editor.rack) == len(state.racks[0])


@pytest.mark.parametrize(
    ("tiles", "written"),
    [("R6 R4 J", "R4 J R6"), ("K9 R9 B9", "R9 B9 K9"), ("R4 R5 J", "J R4 R5")],
)
def test_a_new_set_is_written_by_number_with_the_joker_where_it_reads(
    tiles: str, written: str
) -> None:
    rules = rk_rules().formation_rules
    assert " ".join(str(s) for s in arranged(parse_formation_tokens(tiles), rules)) == written


def test_flow_keeps_a_set_on_one_line_and_finds_its_tiles() -> None:
    chips = [[(Text("1:[R1 R2 R3]"), ("set", 0))], [(Text("[+]"), ("new", 0))]]
    text, spans = flow(chips, 14)
    assert text.plain == "1:[R1 R2 R3]\n[+]"
    assert hit(spans, 0, 1) == ("new", 0) and hit(spans, 5, 0) == ("set", 0)
    assert hit(spans, 13, 0) is None
