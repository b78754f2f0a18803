"""The club bot's șir safety and joly guard (docs/bots.md): values from the rules' cases."""

from __future__ import annotations

import attrs

from remi.core.formations import parse_formation
from remi.core.notation import parse_tiles
from remi.variants.remi_pe_tabla.state import new_game
from remi.variants.remi_pe_tabla.strategies.exposure import exposed_formation
from remi.variants.remi_pe_tabla.strategies.safety import ranked_safely, sir_exposure
from remi.variants.remi_pe_tabla.views import PlayerView, view

from gamekit import DEFAULT


def _view(sir: str, *, opened: bool = True, tiles: int = 10, rack: str = "R7 K9 Y3") -> PlayerView:
    """Seat 0's view of a 2-player hand with ``sir`` as the discard row; the next player (seat
    1) has ``opened`` and holds ``tiles`` tiles."""
    seen = view(new_game(DEFAULT, 2, seed=1), 0)
    nxt = attrs.evolve(seen.players[1], opened=opened, tile_count=tiles)
    return attrs.evolve(
        seen,
        rack=tuple(parse_tiles(rack)),
        sir=tuple(parse_tiles(sir)),
        players=(seen.players[0], nxt),
        table=(),
    )


def test_a_discard_that_completes_a_run_with_two_sir_tiles_is_exposed() -> None:
    # R5 R6 lie in the șir: an opened next player with 4+ tiles breaks at R5 (rupere,
    # docs/rules.md §1.7) and lays R5 R6 R7 with the discard.
    seen = _view("R5 R6 B2")
    (r7, k9, _) = parse_tiles("R7 K9 Y3")
    assert sir_exposure(r7, seen) >= 1.0
    assert sir_exposure(k9, seen) == 0.0
    assert ranked_safely([r7, k9], seen, 0.5) == [k9, r7]


def test_no_exposure_when_the_next_player_cannot_break() -> None:
    (r7,) = parse_tiles("R7")
    assert sir_exposure(r7, _view("R5 R6", opened=False)) == 0.0  # sir.break_requires_opened
    assert sir_exposure(r7, _view("R5 R6", tiles=3)) == 0.0  # sir.break_min_rack_tiles
    assert sir_exposure(r7, _view("")) == 0.0  # nothing to break


def test_every_tile_exposed_keeps_the_solver_order() -> None:
    seen = _view("R5 R6 R8 R9")
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
