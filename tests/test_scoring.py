"""remi.variants.remi_pe_tabla.scoring: score_hand on the examples of docs/rules.md §4.2 (built
directly), every scoring option, check_hand_end, match_winner (RF-13) and hypothesis invariants."""

from __future__ import annotations

from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from remi.core.formations import formation_points, parse_formation
from remi.core.handend import HandEnd, HandEndError, PlacedFormation, PlacedTile, PlayerEnd
from remi.core.notation import parse_tiles
from remi.core.presets import load_rules
from remi.core.scoring import PlayerScore
from remi.core.tiles import JOLY, Tile
from remi.variants.remi_pe_tabla.rules import RemiRules
from remi.variants.remi_pe_tabla.scoring import (
    check_hand_end,
    match_winner,
    rack_points,
    score_hand,
)

from strategies import hand_ends

RF1_A = ("R3 R4 R5 R6", "R10 Y10 B10", "K11 K12 K13 K1")
RF1_B = ("Y9 B9 K9", "B1 B2 B3")


def rules(**overrides: Any) -> RemiRules:
    r = load_rules("remi-pe-tabla", overrides)
    assert isinstance(r, RemiRules)
    return r


def laid(owner: str, *texts: str) -> tuple[PlacedFormation, ...]:
    return tuple(PlacedFormation.laid_by(owner, parse_formation(t)) for t in texts)


def player(name: str, rack: str = "", **kw: Any) -> PlayerEnd:
    kw.setdefault("opened", True)
    return PlayerEnd(name=name, rack=parse_tiles(rack), **kw)


def rf1(closing: str = "K7", **end_kw: Any) -> HandEnd:
    kw: dict[str, Any] = {"closed_by": "A", "closing_tile": Tile.parse(closing)}
    kw.update(end_kw)
    return HandEnd(
        players=(player("A"), player("B", "Y4 R11 J")),
        formations=laid("A", *RF1_A) + laid("B", *RF1_B),
        **kw,
    )


def scores(end: HandEnd, r: RemiRules | None = None) -> dict[str, int]:
    return {s.name: s.score for s in score_hand(end, r or rules())}


def lines_of(ps: PlayerScore) -> list[tuple[str, int]]:
    return [(ln.rule_id, ln.points) for ln in ps.lines]


# ---------------------------------------------------------------------------------------------
# docs/rules.md §4.2 examples


def test_scoring_rf1_basic_close() -> None:
    result = score_hand(rf1(), rules())
    assert {s.name: s.score for s in result} == {"A": 155, "B": -15}
    a, b = result
    assert lines_of(a) == [("scoring.values", 105), ("scoring.closing_bonus", 50)]
    assert lines_of(b) == [("scoring.values", 50), ("scoring.values", -65)]


def test_scoring_joly_close_multiplier_rf5() -> None:
    end = rf1("J")
    assert scores(end) == {"A": 310, "B": -15}
    assert scores(end, rules(**{"scoring.joly_close_doubles": "everyone"})) == {"A": 310, "B": -30}
    assert scores(end, rules(**{"scoring.joly_close_doubles": "none"})) == {"A": 155, "B": -15}
    assert scores(end, rules(**{"scoring.joly_close_multiplier": 3})) == {"A": 465, "B": -15}


def test_scoring_atu_bonus_points_rf6() -> None:
    end = attrs.evolve(
        rf1(), atu=Tile.parse("Y9"), players=(player("A"), player("B", "Y4 R11 J", atu=True))
    )
    assert scores(end, rules(**{"atu.enabled": True})) == {"A": 155, "B": 35}
    assert scores(end, rules(**{"atu.enabled": True, "atu.bonus_points": 25})) == {
        "A": 155,
        "B": 10,
    }
    assert scores(end, rules()) == {"A": 155, "B": -15}  # no atu in the default preset


def test_scoring_atu_doubles_if_ace_or_joly_rf7() -> None:
    on = rules(**{"atu.enabled": True, "atu.doubles_if_ace_or_joly": True})
    for atu in ("K1", "J"):
        assert scores(attrs.evolve(rf1(), atu=Tile.parse(atu)), on) == {"A": 310, "B": -30}
        assert scores(attrs.evolve(rf1("J"), atu=Tile.parse(atu)), on)["A"] == 620
    assert scores(attrs.evolve(rf1(), atu=Tile.parse("K9")), on) == {"A": 155, "B": -15}
    a = score_hand(attrs.evolve(rf1("J"), atu=Tile.parse("K1")), on)[0]
    assert lines_of(a)[-2:] == [
        ("scoring.joly_close_multiplier", 155),
        ("atu.doubles_if_ace_or_joly", 310),
    ]


def test_scoring_non_opener_rf3() -> None:
    rack = "R1 J Y2 Y3 B4 K6 R8 R10 Y11 B12 K13 R13 K10 Y12"
    end = HandEnd(
        players=(player("A"), player("C", rack, opened=False)),
        formations=laid("A", *RF1_A),
        closed_by="A",
        closing_tile=Tile.parse("K7"),
    )
    assert rack_points(parse_tiles(rack), rules()) == 170
    assert scores(end) == {"A": 155, "C": -170}
    assert scores(end, rules(**{"scoring.non_opener": "flat"})) == {"A": 155, "C": -100}
    assert (
        scores(end, rules(**{"scoring.non_opener": "flat", "scoring.non_opener_points": -50}))["C"]
        == -50
    )


def rf4(d_failed: bool, a_failed: bool) -> HandEnd:
    return HandEnd(
        players=(
            player("A", failed_announcement=a_failed),
            player("D", "K13", failed_announcement=d_failed),
        ),
        formations=laid("A", *RF1_A) + laid("D", "B10 B11 B12 B13", "R5 Y5 B5 K5", "Y6 Y7 Y8 Y9"),
        closed_by="A",
        closing_tile=Tile.parse("K7"),
    )


def test_scoring_announce_penalty_points_rf4() -> None:
    assert scores(rf4(False, False)) == {"A": 155, "D": 70}
    assert scores(rf4(True, False)) == {"A": 155, "D": -500}
    d = score_hand(rf4(True, False), rules())[1]
    assert lines_of(d) == [("announce.penalty_points", -500)]
    assert scores(rf4(False, True)) == {"A": -500, "D": 70}
    assert scores(rf4(False, True), rules(**{"announce.forgive_closer": True})) == {
        "A": 155,
        "D": 70,
    }
    assert scores(rf4(True, False), rules(**{"announce.forgive_closer": True}))["D"] == -500
    assert scores(rf4(True, False), rules(**{"announce.required": False}))["D"] == 70
    assert scores(rf4(True, False), rules(**{"announce.penalty_points": 200}))["D"] == -200


def test_scoring_penalty_is_not_multiplied_and_loses_atu() -> None:
    end = attrs.evolve(
        rf4(True, False),
        closing_tile=JOLY,
        atu=Tile.parse("K1"),
        players=(player("A"), player("D", "K13", failed_announcement=True, atu=True)),
    )
    on = rules(
        **{
            "atu.enabled": True,
            "atu.doubles_if_ace_or_joly": True,
            "scoring.joly_close_doubles": "everyone",
        }
    )
    assert scores(end, on)["D"] == -500
    kept = rules(**{"atu.enabled": True, "atu.lost_on_penalty": False})
    assert scores(end, kept)["D"] == -450


def test_scoring_stock_exhausted_rf8() -> None:
    end = HandEnd(
        players=(player("A", "R8 R9"), player("B", "Y4 R11 J")),
        formations=laid("A", *RF1_A) + laid("B", *RF1_B),
        closed_by=None,
        closing_tile=None,
        stock_exhausted=True,
    )
    assert scores(end) == {"A": 95, "B": -15}
    assert scores(end, rules(**{"scoring.stock_exhausted": "nobody"})) == {"A": 0, "B": 0}
    assert (
        scores(
            attrs.evolve(
                end,
                players=(player("A", "R8 R9", failed_announcement=True), player("B", "Y4 R11 J")),
            )
        )["A"]
        == -500
    )


def test_scoring_values_opening_table_rf9() -> None:
    texts = ("K12 K13 K1", "B1 B2 B3", "R1 Y1 B1", "Y11 J[Y12] Y13")
    finals = [formation_points(parse_formation(t), rules().final_points) for t in texts]
    openings = [formation_points(parse_formation(t), rules().opening_points) for t in texts]
    assert finals == [45, 35, 75, 70]
    assert openings == [30, 15, 75, 30]
    end = HandEnd(
        players=(player("A"), player("B", "R8", opened=False)),
        formations=laid("A", *texts),
        closed_by="A",
        closing_tile=Tile.parse("K7"),
    )
    assert scores(end) == {"A": 275, "B": -5}
    assert scores(end, rules(**{"scoring.values": "opening"})) == {"A": 200, "B": -5}
    assert scores(end, rules(**{"scoring.value_ace": 15}))["A"] == 275 - 10 - 10 - 30


def rf12() -> HandEnd:
    set_f, run_f = parse_formation("R10 Y10 B10 K10"), parse_formation("R3 R4 R5 R6")

    def with_layoff(f: Any, tile: str) -> PlacedFormation:
        placed = tuple(
            PlacedTile(tile=t, placed_by="D", via="layoff")
            if str(t) == tile
            else PlacedTile(tile=t, placed_by="A", via="meld")
            for t in f.tiles
        )
        return PlacedFormation(owner="A", formation=f, placed=placed)

    return HandEnd(
        players=(player("A", "Y1 Y2"), player("D")),
        formations=(with_layoff(set_f, "Y10"), with_layoff(run_f, "R6"))
        + laid("D", "K2 K3 K4 K5", "Y7 B7 K7"),
        closed_by="D",
        closing_tile=Tile.parse("B3"),
    )


def test_scoring_layoff_credit_rf12() -> None:
    assert scores(rf12()) == {"A": 15, "D": 35 + 10 + 5 + 50}
    assert scores(rf12(), rules(**{"layoff.credit": "owner"})) == {"A": 30, "D": 85}
    d = score_hand(rf12(), rules())[1]
    assert lines_of(d) == [
        ("scoring.values", 35),
        ("layoff.credit", 15),
        ("scoring.closing_bonus", 50),
    ]


def test_scoring_rf15_no_announcement_needed() -> None:
    run = parse_formation("R9 R10 R11 R12")
    placed = tuple(
        PlacedTile(
            tile=t,
            placed_by="B" if str(t) == "R12" else "A",
            via="layoff" if str(t) == "R12" else "meld",
        )
        for t in run.tiles
    )
    end = HandEnd(
        players=(player("A", "B6 B7 B11"), player("B")),
        formations=(PlacedFormation(owner="A", formation=run, placed=placed),)
        + laid("A", "B5 Y5 K5")
        + laid("B", "Y2 Y3 Y4", "K8 K9 K10"),
        closed_by="B",
        closing_tile=Tile.parse("Y13"),
    )
    assert scores(end) == {"A": 20, "B": 95}
    failed = attrs.evolve(
        end, players=(player("A", "B6 B7 B11"), player("B", failed_announcement=True))
    )
    assert scores(failed) == {"A": 20, "B": -500}


def swap_hand() -> HandEnd:
    b_run = parse_formation("R7 R8 R9")
    b_placed = tuple(
        PlacedTile(tile=t, placed_by="A", via="swap")
        if str(t) == "R8"
        else PlacedTile(tile=t, placed_by="B", via="meld")
        for t in b_run.tiles
    )
    a_run = parse_formation("Y11 Y12 J")
    a_placed = tuple(
        PlacedTile(tile=t, placed_by="A", via="meld", swapped=t.is_joly) for t in a_run.tiles
    )
    return HandEnd(
        players=(player("A"), player("B", "Y10")),
        formations=(
            PlacedFormation(owner="B", formation=b_run, placed=b_placed),
            PlacedFormation(owner="A", formation=a_run, placed=a_placed),
        )
        + laid("A", "K5 K6 K7 K8"),
        closed_by="A",
        closing_tile=Tile.parse("K2"),
    )


def test_scoring_joly_swap_credit_and_swapped_joly_points() -> None:
    assert scores(swap_hand()) == {"A": 145, "B": 0}
    assert scores(swap_hand(), rules(**{"joly.swap_credit": "owner"})) == {"A": 140, "B": 5}
    assert scores(swap_hand(), rules(**{"scoring.swapped_joly_points": 0})) == {"A": 95, "B": 0}
    a = score_hand(swap_hand(), rules())[0]
    assert [r for r, _ in lines_of(a)] == [
        "scoring.values",
        "joly.swap_credit",
        "scoring.swapped_joly_points",
        "scoring.closing_bonus",
    ]


def pe_tabla_hand(closing: str) -> HandEnd:
    return HandEnd(
        players=(
            player("A", "Y3"),
            player("B", "R12 K1", opened=False),
            player("C", opened=False, pe_tabla=True),
        ),
        formations=laid("A", "Y4 Y5 Y6")
        + laid("C", "R2 R3 R4 R5", "Y8 B8 K8", "B11 B12 B13", "K1 K2 K3 K4"),
        closed_by="C",
        closing_tile=Tile.parse(closing),
    )


def test_scoring_pe_tabla_close() -> None:
    assert scores(pe_tabla_hand("J")) == {"A": 10, "B": -35, "C": 310}
    assert scores(pe_tabla_hand("R9")) == {"A": 10, "B": -35, "C": 155}
    always = rules(**{"scoring.pe_tabla_close": "always_doubles"})
    assert scores(pe_tabla_hand("R9"), always)["C"] == 310
    assert scores(pe_tabla_hand("J"), always)["C"] == 310  # doubled once, not twice


def test_scoring_closing_bonus_option() -> None:
    assert scores(rf1(), rules(**{"scoring.closing_bonus": 0})) == {"A": 105, "B": -15}
    assert scores(rf1("J"), rules(**{"scoring.closing_bonus": 100})) == {"A": 410, "B": -15}


# ---------------------------------------------------------------------------------------------
# check_hand_end


@pytest.mark.parametrize(
    ("change", "key"),
    [
        (lambda e: attrs.evolve(e, closed_by="Z"), "closed_by"),
        (lambda e: attrs.evolve(e, stock_exhausted=True), "closed_by"),
        (lambda e: attrs.evolve(e, closed_by=None, closing_tile=None), "closed_by"),
        (lambda e: attrs.evolve(e, closing_tile=None), "closing_tile"),
        (
            lambda e: attrs.evolve(e, players=(player("A", "R2"), player("B", "Y4 R11 J"))),
            "players[0].rack",
        ),
        (lambda e: attrs.evolve(e, players=(player("A"), player("A"))), "players"),
        (lambda e: attrs.evolve(e, players=(player("A"), player("B", "Y4 R11 J J J"))), "tiles"),
        (
            lambda e: attrs.evolve(e, players=(player("A"), player("B", "Y4", opened=False))),
            "formations[3].placed[0]",
        ),
        (
            lambda e: attrs.evolve(
                e, formations=e.formations[:1] + (attrs.evolve(e.formations[1], owner="Z"),)
            ),
            "formations[1].owner",
        ),
    ],
)
def test_scoring_check_hand_end_rejects(change: Any, key: str) -> None:
    with pytest.raises(HandEndError) as info:
        check_hand_end(change(rf1()))
    assert info.value.key == key


def test_scoring_check_hand_end_placed_mismatch() -> None:
    f = rf1().formations[0]
    wrong = attrs.evolve(f, placed=f.placed[:-1])
    with pytest.raises(HandEndError, match="do not match"):
        check_hand_end(attrs.evolve(rf1(), formations=(wrong,)))
    bad_via = attrs.evolve(f, placed=(attrs.evolve(f.placed[0], via="gift"),) + f.placed[1:])
    with pytest.raises(HandEndError, match="via 'gift'"):
        check_hand_end(attrs.evolve(rf1(), formations=(bad_via,)))


# ---------------------------------------------------------------------------------------------
# match (RF-13)


def test_scoring_match_target_points_rf13() -> None:
    r = rules()
    cumulative = []
    total = 0
    for hand in (155, 310, 420, 180):
        total += hand
        cumulative.append(total)
    assert cumulative == [155, 465, 885, 1065]
    assert match_winner({"A": 885, "B": 700}, r) is None
    assert match_winner({"A": 1065, "B": 990}, r) == "A"
    assert match_winner({"A": 1065, "B": 1010}, r) == "A"  # several at >= 1000: highest wins
    assert match_winner({"A": 1065, "B": 1065}, r) is None  # tie for highest: play on
    assert match_winner({"A": 1065, "B": 990}, rules(**{"match.target_points": 1500})) is None


def test_scoring_match_hands() -> None:
    r = rules(**{"match.end": "hands", "match.hands": 4})
    assert match_winner({"A": 300, "B": 200}, r, hands_played=3) is None
    assert match_winner({"A": 300, "B": 200}, r, hands_played=4) == "A"
    assert match_winner({"A": 300, "B": 300}, r, hands_played=4) is None


# ---------------------------------------------------------------------------------------------
# properties


@st.composite
def scoring_rules(draw: Any) -> RemiRules:
    return rules(
        **{
            "atu.enabled": draw(st.booleans()),
            "atu.doubles_if_ace_or_joly": draw(st.booleans()),
            "atu.lost_on_penalty": draw(st.booleans()),
            "announce.forgive_closer": draw(st.booleans()),
            "scoring.values": draw(st.sampled_from(["final", "opening"])),
            "scoring.closing_bonus": draw(st.sampled_from([0, 50, 100])),
            "scoring.joly_close_doubles": draw(st.sampled_from(["closer", "everyone", "none"])),
            "scoring.non_opener": draw(st.sampled_from(["rack", "flat"])),
            "scoring.stock_exhausted": draw(st.sampled_from(["normal", "nobody"])),
            "layoff.credit": draw(st.sampled_from(["attacher", "owner"])),
            "joly.swap_credit": draw(st.sampled_from(["swapper", "owner"])),
        }
    )


@settings(max_examples=120, deadline=None)
@given(hand_ends(), scoring_rules())
def test_scoring_lines_add_up_to_score(end: HandEnd, r: RemiRules) -> None:
    result = score_hand(end, r)
    assert [s.name for s in result] == [p.name for p in end.players]
    for ps in result:
        assert sum(ln.points for ln in ps.lines) == ps.score
        assert all(ln.rule_id and ln.text for ln in ps.lines)


@settings(max_examples=120, deadline=None)
@given(
    hand_ends(allow_penalties=False, allow_atu=False),
    st.sampled_from(["attacher", "owner"]),
    st.sampled_from(["swapper", "owner"]),
    st.sampled_from(["final", "opening"]),
)
def test_scoring_conservation_of_placed_points(
    end: HandEnd, layoff: str, swap: str, values: str
) -> None:
    """Without bonuses, penalties or multipliers, the players' placed points are the table's value."""
    r = rules(
        **{
            "scoring.closing_bonus": 0,
            "scoring.joly_close_doubles": "none",
            "layoff.credit": layoff,
            "joly.swap_credit": swap,
            "scoring.values": values,
        }
    )
    end = attrs.evolve(
        end,
        formations=tuple(
            attrs.evolve(pf, placed=tuple(attrs.evolve(p, swapped=False) for p in pf.placed))
            for pf in end.formations
        ),
    )
    result = {s.name: s.score for s in score_hand(end, r)}
    placed_total = 0
    for p in end.players:
        if p.opened:
            placed_total += result[p.name] + rack_points(p.rack, r)
        else:
            assert result[p.name] == -rack_points(p.rack, r)
    assert placed_total == sum(
        formation_points(pf.formation, r.final_points) for pf in end.formations
    )
