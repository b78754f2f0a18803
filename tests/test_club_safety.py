"""The club bot's șir safety and joly guard (docs/bots.md): values from the rules' cases."""

from __future__ import annotations

import attrs
from hypothesis import given
from hypothesis import strategies as st

from remi.core.formations import parse_formation
from remi.core.notation import parse_tiles
from remi.variants.remi_pe_tabla.rules import RemiRules
from remi.variants.remi_pe_tabla.state import TableFormation, new_game
from remi.variants.remi_pe_tabla.strategies.exposure import exposed_formation
from remi.variants.remi_pe_tabla.strategies.safety import ranked_safely, sir_exposure
from remi.variants.remi_pe_tabla.views import PlayerView, view

from gamekit import DEFAULT


def _view(
    sir: str,
    *,
    opened: bool = True,
    tiles: int = 10,
    rack: str = "R7 K9 Y3",
    table: tuple[str, ...] = (),
    rules: RemiRules = DEFAULT,
    turns: int = 8,
) -> PlayerView:
    """Seat 0's view of a 2-player hand with ``sir`` as the discard row (its first tile dead,
    ``sir.first_discard_dead``) after ``turns`` turns; the next player (seat 1) has ``opened``
    and holds ``tiles`` tiles; ``table`` formations laid by seat 1."""
    seen = view(new_game(rules, 2, seed=1), 0)
    nxt = attrs.evolve(seen.players[1], opened=opened, tile_count=tiles)
    return attrs.evolve(
        seen,
        rack=tuple(parse_tiles(rack)),
        sir=tuple(parse_tiles(sir)),
        players=(seen.players[0], nxt),
        table=tuple(
            TableFormation(
                owner=1,
                formation=f,
                placed_by=(1,) * len(f.tiles),
                via=("meld",) * len(f.tiles),
                swapped=(False,) * len(f.tiles),
            )
            for f in map(parse_formation, table)
        ),
        turns_ended=turns,
    )


def test_a_discard_that_completes_a_run_with_two_sir_tiles_is_exposed() -> None:
    # R5 R6 lie in the șir: an opened next player with 4+ tiles breaks at R5 (rupere,
    # docs/rules.md §1.7) and lays R5 R6 R7 with the discard.
    seen = _view("K1 R5 R6 B2")
    (r7, k9, _) = parse_tiles("R7 K9 Y3")
    assert sir_exposure(r7, seen) >= 1.0
    assert sir_exposure(k9, seen) == 0.0
    assert ranked_safely([r7, k9], seen, 0.5) == [k9, r7]


def test_no_exposure_when_the_next_player_cannot_break() -> None:
    (r7,) = parse_tiles("R7")
    assert sir_exposure(r7, _view("K1 R5 R6", opened=False)) == 0.0  # sir.break_requires_opened
    assert sir_exposure(r7, _view("K1 R5 R6", tiles=3)) == 0.0  # sir.three_tiles_last_only
    assert sir_exposure(r7, _view("K1 R5 R6", tiles=2)) == 0.0  # one or two tiles: no taking
    assert sir_exposure(r7, _view("K1 R5 R6", turns=0)) == 0.0  # the first round (§1.3)
    assert sir_exposure(r7, _view("")) == 0.0  # nothing to break
    assert sir_exposure(r7, _view("R6")) == 0.0  # only the dead first tile


def test_the_dead_first_tile_is_no_partner() -> None:
    # [R5 R6] lie in the șir, R5 as its dead first tile (sir.first_discard_dead): R7 needs R6
    # and a tile of his own (R5 or R8), never certain; with R5 alive it is certain.
    (r7,) = parse_tiles("R7")
    dead = sir_exposure(r7, _view("R5 R6 B2"))
    alive = sir_exposure(r7, _view("K1 R5 R6 B2"))
    assert 0.0 < dead < 1.0 <= alive
    live_first = attrs.evolve(DEFAULT, sir_first_discard_dead=False)
    assert sir_exposure(r7, _view("R5 R6 B2", rules=live_first)) >= 1.0


def test_a_joly_in_the_sir_stands_for_any_partner() -> None:
    # J lies in the șir after the dead K1: R7 with R6 (his, or the șir's) and the joly.
    (r7,) = parse_tiles("R7")
    assert sir_exposure(r7, _view("K1 J R6 B2")) >= 1.0
    assert sir_exposure(r7, _view("K1 J B2")) > sir_exposure(r7, _view("K1 Y2 B2"))


def test_a_tile_taken_along_by_a_break_counts_as_often_as_he_breaks() -> None:
    # R7 fits the table's [R4 R5 R6] (lipire). The șir K1 [B9 B10 ...]: B9 with the later
    # B10 makes a run with any B8 or B11 he holds, so he may break at B9 and take R7 along.
    table = ("R4 R5 R6",)
    (r7,) = parse_tiles("R7")
    no_reason = sir_exposure(r7, _view("K1 Y2", table=table))
    some_reason = sir_exposure(r7, _view("K1 B9 B10", table=table))
    sure = sir_exposure(r7, _view("K1 B9 B10 B11", table=table))
    assert 0.0 <= no_reason < some_reason < sure == 1.0
    # Only the last tile within reach: attaching it needs sir.take_last_layoff.
    layoff = attrs.evolve(DEFAULT, sir_take_last_layoff=True)
    assert sir_exposure(r7, _view("K1", table=table)) == 0.0
    assert sir_exposure(r7, _view("K1", table=table, rules=layoff)) == 1.0


def test_every_tile_exposed_keeps_the_solver_order() -> None:
    seen = _view("K1 R5 R6 R8 R9")
    r7, r10 = parse_tiles("R7 R10")
    assert ranked_safely([r7, r10], seen, 0.5) == [r7, r10]


def test_a_joly_standing_for_an_unseen_tile_is_exposed() -> None:
    # [R5 J R7]: the joly stands for R6; both R6 unseen -> a holder can swap it (§1.8)
    seen = _view("", rack="R5 J R7 K9")
    assert exposed_formation(parse_formation("R5 J R7"), seen)
    # with one R6 in the șir only one copy is unseen: not exposed
    assert not exposed_formation(parse_formation("R5 J R7"), _view("R6", rack="R5 J R7 K9"))
    # a joly of a 3-tile set is locked until both missing colours are on the table (§3.13)
    assert not exposed_formation(parse_formation("R5 Y5 J"), _view("", rack="R5 Y5 J K9"))


_TILE = st.sampled_from([f"{c}{n}" for c in "RYBK" for n in range(1, 14)] + ["J"])


@given(st.lists(_TILE, max_size=12), _TILE)
def test_no_way_to_the_sir_no_exposure(sir: list[str], tile: str) -> None:
    # One or two tiles (§1.9) or no opening (sir.break_requires_opened, and attaching needs
    # one): whatever lies in the șir, the discard cannot feed him through it.
    (t,) = parse_tiles(tile)
    row = " ".join(sir)
    assert sir_exposure(t, _view(row, tiles=2)) == 0.0
    assert sir_exposure(t, _view(row, opened=False)) == 0.0
    assert sir_exposure(t, _view(row)) >= 0.0
