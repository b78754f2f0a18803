"""Notation (tiles, formations, actions) and formation recognition with jolys and values.

Values from docs/rules.md: §1.4 (runs 1-2-3 and 12-13-1, never 13-1-2; sets of distinct colours;
ambiguous jolys), §1.5 (opening values), §1.12 / RF-9 (final values), RE-8.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from remi.core.candidates import candidate_formations
from remi.core.errors import (
    AmbiguousFormationError,
    IllegalActionError,
    InvalidFormationError,
    NotationError,
    RemiError,
    RulesError,
    UnknownVariantError,
)
from remi.core.formations import (
    FINAL_POINTS,
    OPENING_POINTS,
    REMI_FORMATIONS,
    FormationRules,
    Kind,
    formation_points,
    loose_tile_points,
    parse_formation,
)
from remi.core.notation import parse_formations_text, parse_tiles
from remi.core.tiles import FULL_SET, JOLY, NUMBERED_TILES, TILE_COUNT, Colour, Tile
from remi.variants.remi_pe_tabla.actions import (
    Discard,
    Draw,
    LayOff,
    Meld,
    Swap,
    Take,
    parse_action,
)

RUMMIKUB = FormationRules(ace_high=False)


# --- tiles -------------------------------------------------------------------------------------


def test_full_set_is_106_tiles() -> None:
    assert TILE_COUNT == 106 and len(FULL_SET) == 106
    assert FULL_SET.count(JOLY) == 2
    assert FULL_SET.count(Tile(Colour.RED, 7)) == 2


@pytest.mark.parametrize("text", ["R7", "K13", "Y1", "B10", "J"])
def test_tile_text_round_trip(text: str) -> None:
    assert str(Tile.parse(text)) == text
    assert str(Tile.parse(text.lower())) == text


@pytest.mark.parametrize("text", ["R0", "R14", "X7", "R", "7", "R07", "JJ", "R+7", "", "R١"])
def test_bad_tile_token(text: str) -> None:
    with pytest.raises(NotationError) as info:
        Tile.parse(text)
    assert info.value.token == text.strip()


def test_tile_list_separators_and_positions() -> None:
    assert parse_tiles("r3-r4, r5  J") == tuple(Tile.parse(t) for t in ("R3", "R4", "R5", "J"))
    with pytest.raises(NotationError) as info:
        parse_tiles("R3 R4 Q5 R6")
    assert info.value.token == "Q5" and info.value.position == 3
    assert "Q5" in str(info.value) and "position 3" in str(info.value)
    with pytest.raises(NotationError):
        parse_tiles("R3 J[R4]")  # identities belong to formations


# --- formations ----------------------------------------------------------------------------------


def test_formation_text_forms() -> None:
    assert str(parse_formation("[R3 R4 R5]")) == "[R3 R4 R5]"
    assert str(parse_formation("r3-r4-r5")) == "[R3 R4 R5]"
    assert str(parse_formation("R5 R3 R4")) == "[R3 R4 R5]"  # naturals sorted into run order
    assert str(parse_formation("[K5 R5 Y5]")) == "[R5 Y5 K5]"  # sets in colour order
    groups = parse_formations_text("[R3 R4 R5] [K1 Y1 B1]")
    assert len(groups) == 2


@pytest.mark.parametrize(
    "text,error",
    [
        ("[R3 R4", "not closed"),
        ("R3 R4]", "without a matching"),
        ("[R3 [R4 R5]]", "inside another"),
        ("[R3 R4 R5] R6", "outside the brackets"),
        ("[]", "empty formation"),
        ("[R3 J[R4 R5]", "closing ']'"),
        ("[R3 J[Q4] R5]", "must name a numbered tile"),
        ("[R3\x01 R4 R5]", "'R3\\x01' at position 1 is not a tile"),  # invisible char shown
        ("[R-1 R2 R3]", "'R' at position 1 is not a tile"),  # the hyphen separates tiles
        ("[R-1 R2 R3]", "right after the colour: R1, not R 1 or R-1"),
    ],
)
def test_bad_formation_notation(text: str, error: str) -> None:
    with pytest.raises(NotationError) as info:
        parse_formations_text(text)
    assert error in str(info.value)


def test_run_ace_low_and_high() -> None:
    low = parse_formation("R1 R2 R3")
    high = parse_formation("K12 K13 K1")
    assert low.kind is Kind.RUN and low.ranks == (1, 2, 3)
    assert high.kind is Kind.RUN and high.ranks == (12, 13, 14)


def test_run_no_wrap_re8() -> None:
    with pytest.raises(InvalidFormationError) as info:
        parse_formation("B13 B1 B2")
    assert info.value.rule_id == "run.no_wrap"


def test_run_ace_both_ends_refused() -> None:
    text = " ".join(f"R{n}" for n in range(1, 14)) + " R1"
    with pytest.raises(InvalidFormationError) as info:
        parse_formation(text)
    assert info.value.rule_id == "run.ace_both_ends"


def test_rummikub_ace_low_only_rk7() -> None:
    with pytest.raises(InvalidFormationError) as info:
        parse_formation("R12 R13 R1", RUMMIKUB)
    assert info.value.rule_id == "run.ace_high"


@pytest.mark.parametrize(
    "text,rule",
    [
        ("R5 R6", "formation.min_tiles"),
        ("J J J", "formation.min_natural_tiles"),
        ("R5 R5 Y5", "set.distinct_colours"),
        ("R5 R7 R8", "formation.run"),
        ("R5 Y6 B7", "formation.kind"),
        ("R9 J[Y10] R11", "joly.identity"),
    ],
)
def test_invalid_formation_rule_ids(text: str, rule: str) -> None:
    with pytest.raises(InvalidFormationError) as info:
        parse_formation(text)
    assert info.value.rule_id == rule


@pytest.mark.parametrize(
    ("text", "rules", "shown", "joker", "points"),
    [
        ("R12 R13 J", RUMMIKUB, "[J R12 R13]", "R11", 36),
        ("J R1 R2", RUMMIKUB, "[R1 R2 J]", "R3", 6),
        ("R5 R7 J", RUMMIKUB, "[R5 J R7]", "R6", 18),
        ("J R1 R2", REMI_FORMATIONS, "[R1 R2 J]", "R3", 6),
    ],
)
def test_joly_whose_place_is_forced_is_put_there(
    text: str, rules: FormationRules, shown: str, joker: str, points: int
) -> None:
    """A joly written where it has no place, with exactly one place it can take, is read there
    (docs/rules.md §1.4, §2.3): under Rummikub R12 R13 J is J[R11] R12 R13, 36 points."""
    f = parse_formation(text, rules)
    assert str(f) == shown and Tile.parse(joker) in f.identities
    assert sum(t.number for t in f.identities if t is not None) == points


@pytest.mark.parametrize(
    ("text", "rules", "readings"),
    [
        ("R13 J R12", REMI_FORMATIONS, ["[J[R11] R12 R13]", "[R12 R13 J[R1]]"]),
        ("R5 R7 J J", RUMMIKUB, ["[J[R4] R5 J[R6] R7]", "[R5 J[R6] R7 J[R8]]"]),
    ],
)
def test_joly_with_two_places_is_ambiguous(
    text: str, rules: FormationRules, readings: list[str]
) -> None:
    """Real ambiguity stays refused, listing the readings (clause ``joly.identity``): in Remi
    the 1 may follow 13, so R13 J R12 is R11-R13 or R12-R1."""
    with pytest.raises(AmbiguousFormationError) as info:
        parse_formation(text, rules)
    assert info.value.readings == readings


def test_joly_off_the_end_of_a_run_is_explained() -> None:
    """A joly that has no place at all (a 14-tile run with the 1 low only) is refused with that
    reason, not as numbers out of order."""
    text = "J J " + " ".join(f"R{n}" for n in range(1, 13))
    with pytest.raises(InvalidFormationError) as info:
        parse_formation(text, RUMMIKUB)
    assert info.value.rule_id == "formation.run"
    assert "below 1 or past 13" in str(info.value)


def test_joly_identity_by_position() -> None:
    f = parse_formation("R3 J R5")
    assert f.identities[1] == Tile.parse("R4")
    g = parse_formation("J R2 R3")
    assert g.identities[0] == Tile.parse("R1")
    h = parse_formation("R12 R13 J")
    assert h.identities[2] == Tile.parse("R1") and h.ranks[2] == 14


def test_joly_in_sets() -> None:
    three = parse_formation("R5 Y5 J")
    assert three.kind is Kind.SET and three.identities[2] is None  # either missing colour
    four = parse_formation("R5 Y5 B5 J")
    assert four.identities[3] == Tile.parse("K5")


def test_ambiguous_formation_lists_readings_pd9() -> None:
    with pytest.raises(AmbiguousFormationError) as info:
        parse_formation("R9 J J")
    assert info.value.readings == ["[R9 J[R10] J[R11]]", "[R9 J[Y9] J[B9]]"]
    run = parse_formation("R9 J[R10] J[R11]")
    assert run.kind is Kind.RUN and str(run) == "[R9 J[R10] J[R11]]"
    group = parse_formation("R9 J[Y9] J[B9]")
    assert group.kind is Kind.SET
    assert parse_formation(str(group)) == group


def test_opening_values_table() -> None:
    # docs/rules.md §1.5: 2-9 = 5, 10-13 = 10, 1 low 5, 1 high 10, 1 in a set 25, joly = the
    # tile it stands for
    assert formation_points(parse_formation("R5 R6 R7"), OPENING_POINTS) == 15  # RE-1
    assert formation_points(parse_formation("R10 Y10 B10"), OPENING_POINTS) == 30
    assert formation_points(parse_formation("K12 K13 K1"), OPENING_POINTS) == 30  # RE-2
    assert formation_points(parse_formation("R1 R2 R3"), OPENING_POINTS) == 15  # RE-3
    assert formation_points(parse_formation("R1 Y1 B1"), OPENING_POINTS) == 75  # RE-5
    assert formation_points(parse_formation("Y11 J Y13"), OPENING_POINTS) == 30  # RF-9


def test_final_values_rf9() -> None:
    assert formation_points(parse_formation("K12 K13 K1"), FINAL_POINTS) == 45
    assert formation_points(parse_formation("B1 B2 B3"), FINAL_POINTS) == 35
    assert formation_points(parse_formation("R1 Y1 B1"), FINAL_POINTS) == 75
    assert formation_points(parse_formation("Y11 J[Y12] Y13"), FINAL_POINTS) == 70
    assert [loose_tile_points(Tile.parse(t), FINAL_POINTS) for t in ("Y4", "R11", "J", "K1")] == [
        5,
        10,
        50,
        25,
    ]


def test_candidate_formations_respect_counts() -> None:
    tiles = parse_tiles("R3 R4 R5 R6 Y4 B4 J")
    forms = candidate_formations(tiles)
    for f in forms:
        for t in set(f.tiles):
            assert f.tiles.count(t) <= tiles.count(t)
    texts = {str(f) for f in forms}
    assert "[R3 R4 R5 R6]" in texts and "[R4 Y4 B4]" in texts and "[R4 Y4 B4 J]" in texts


# --- actions -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text,action",
    [
        ("p1 draw", Draw(0)),
        ("p2 take", Take(1)),
        ("p2 take 4", Take(1, 4)),
        ("p1 discard Y12", Discard(0, Tile.parse("Y12"))),
        ("p3 swap 3 Y12", Swap(2, 3, Tile.parse("Y12"))),
    ],
)
def test_action_text_round_trip(text: str, action) -> None:
    assert parse_action(text) == action
    assert str(action) == text


def test_meld_and_layoff_text() -> None:
    meld = parse_action("p1 meld [R7 R8 R9] [K10 Y10 B10]")
    assert isinstance(meld, Meld) and len(meld.formations) == 2
    assert str(meld) == "p1 meld [R7 R8 R9] [Y10 B10 K10]"
    layoff = parse_action("p3 layoff 2 R10")
    assert isinstance(layoff, LayOff) and layoff.target == 2 and str(layoff) == "p3 layoff 2 R10"
    assert str(parse_action("p1 layoff 1 J[R2]")) == "p1 layoff 1 J[R2]"
    assert str(parse_action("P1 MELD r7-r8-r9")) == "p1 meld [R7 R8 R9]"


@pytest.mark.parametrize(
    "text,token",
    [
        ("p1 fly", "fly"),
        ("draw", "draw"),
        ("p0 draw", "p0"),
        ("p1 discard", ""),
        ("p1 discard R7 R8", "R7 R8"),
        ("p1 take x", "x"),
        ("p1 layoff two R5", "two"),
        ("p1 swap 2 J", "J"),
        ("p1 meld [R9 J J]", "[R9 J J]"),
        ("p1 draw now", "now"),
    ],
)
def test_bad_action_text(text: str, token: str) -> None:
    with pytest.raises(NotationError) as info:
        parse_action(text)
    assert info.value.token == token


def test_error_family_subclasses_builtins() -> None:
    assert issubclass(NotationError, ValueError) and issubclass(NotationError, RemiError)
    assert issubclass(IllegalActionError, ValueError) and issubclass(IllegalActionError, RemiError)
    assert issubclass(RulesError, ValueError) and issubclass(UnknownVariantError, LookupError)
    assert issubclass(AmbiguousFormationError, InvalidFormationError)
    err = IllegalActionError(
        "opening totals 30 points, needs 45",
        rule_id="opening.min_points",
        action="p2 meld [R7 R8 R9]",
    )
    assert (
        str(err)
        == "illegal action 'p2 meld [R7 R8 R9]': opening totals 30 points, needs 45 [opening.min_points]"
    )


def test_check_meld_refuses_more_copies_than_the_set_holds() -> None:
    from typer.testing import CliRunner

    from remi.cli import app

    runner = CliRunner()
    for text, tile in (("J J J", "J"), ("R3 R4 R5 R3 R4 R5 R3", "R3")):
        result = runner.invoke(app, ["check", "meld", text])
        assert result.exit_code == 2
        assert f"{tile} appears 3 times" in (
            result.stderr if hasattr(result, "stderr") else result.output
        )


def test_cli_error_for_huge_input_is_one_short_line() -> None:
    from typer.testing import CliRunner

    from remi.cli import app

    result = CliRunner().invoke(app, ["check", "meld", "Q" * 10_000])
    assert result.exit_code == 2
    err = result.stderr if hasattr(result, "stderr") else result.output
    assert "more characters" in err and len(err) < 1000
    assert "Traceback" not in err


@given(
    st.lists(st.sampled_from(NUMBERED_TILES), min_size=2, max_size=7)
    | st.builds(
        lambda start, n: list(NUMBERED_TILES[start : start + n]),
        st.integers(0, 49),
        st.integers(2, 13),
    )
    | st.builds(
        lambda number, colours: [NUMBERED_TILES[c * 13 + number] for c in colours],
        st.integers(0, 12),
        st.permutations(range(4)).map(lambda p: p[: 2 + p[0] % 3]),
    ),
    st.sampled_from(
        [
            FormationRules(),
            FormationRules(ace_high=False),
            FormationRules(set_max_tiles=3),
            FormationRules(ace_both_ends=True),
        ]
    ),
)
def test_plain_reading_is_the_full_reading(tiles: list[Tile], rules: FormationRules) -> None:
    """The fast path for natural tiles in order (``plain_reading``) reads exactly what the full
    reading does, whenever it answers (docs/rules.md §1.4, §2.3 runs and sets)."""
    from remi.core.formations import _full_readings, plain_reading
    from remi.core.notation import SlotToken

    plain = plain_reading(tiles, rules)
    if plain is not None:
        assert [plain] == _full_readings([SlotToken(t) for t in tiles], rules, 0)


def test_plain_reading_shapes_and_what_it_leaves_to_the_full_reading() -> None:
    """``plain_reading`` (docs/rules.md §1.4, §2.3): a run in order and a set of distinct colours
    are read straight, with each tile its own identity; a run written out of order, the
    ace-high 12-13-1 (``run.ace_high``) and a set beyond ``set.max_tiles`` are left to the full
    reading (None)."""
    from remi.core.formations import plain_reading

    run = plain_reading(parse_tiles("B4 B5 B6 B7"), FormationRules())
    assert run is not None and run.kind is Kind.RUN and run.ranks == (4, 5, 6, 7)
    group = plain_reading(parse_tiles("K9 R9 Y9"), FormationRules())
    assert group is not None and str(group) == "[R9 Y9 K9]" and group.ranks == (9, 9, 9)
    assert plain_reading(parse_tiles("R12 R13 R1"), FormationRules()) is None
    assert parse_formation("R12 R13 R1").kind is Kind.RUN  # the full reading: ace high
    assert plain_reading(parse_tiles("R5 B5 K5 Y5"), FormationRules(set_max_tiles=3)) is None
    assert plain_reading(parse_tiles("R6 R5 R7"), FormationRules()) is None
