"""House rules of Remi clubs checked on one formation (docs/rules.md §1.14).

``joly_limits_ok``: ``joly.limits`` (how many jolys a formation may hold); ``break_meld_ok``:
``sir.break_meld = two_rack_tiles`` (the tile taken by breaking the șir, rupere, goes into a
formation of three with exactly two tiles the player held before taking). The engine, the move
generator and the bots' solvers ask the same functions, so they read the rules alike.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from remi.core.candidates import candidate_formations
from remi.core.formations import Formation, Kind
from remi.core.tiles import Tile
from remi.variants.remi_pe_tabla.rules import RemiRules
from remi.variants.remi_pe_tabla.state import GameState

__all__ = ["break_meld_ok", "break_meld_possible", "house_meld_ok", "joly_limits_ok"]


def joly_limits_ok(formation: Formation, limits: str) -> bool:
    """Whether ``formation`` keeps the joly limit ``limits`` (the value of ``joly.limits``).

    ``"none"``: any number; ``"apart"``: at most 2 jolys, at least 2 natural tiles beside
    them, and in a run no two jolys side by side; ``"ratio"``: at least 2 natural tiles per
    joly (2:1).

    >>> from remi.core.formations import parse_formation
    >>> joly_limits_ok(parse_formation("R3 J[R4] R5 J[R6]"), "apart")
    True
    >>> joly_limits_ok(parse_formation("R3 J[R4] R5 J[R6]"), "ratio")
    False
    """
    jolys = sum(1 for t in formation.tiles if t.is_joly)
    if limits == "none" or jolys == 0:
        return True
    naturals = len(formation.tiles) - jolys
    if limits == "ratio":
        return naturals >= 2 * jolys
    if jolys > 2 or naturals < 2:
        return False
    if formation.kind is Kind.RUN:
        tiles = formation.tiles
        return not any(a.is_joly and b.is_joly for a, b in zip(tiles, tiles[1:]))
    return True


def break_meld_ok(formation: Formation, taken: Tile, before: Sequence[Tile]) -> bool:
    """Whether ``formation``, holding the tile ``taken`` by breaking the șir, is made of it and
    exactly two tiles of ``before`` (the rack before taking): ``sir.break_meld =
    two_rack_tiles``."""
    if len(formation.tiles) != 3:
        return False
    others = list(formation.tiles)
    others.remove(taken)
    return not Counter(others) - Counter(before)


def break_meld_possible(rack: Sequence[Tile], tile: Tile, rules: RemiRules) -> bool:
    """Whether ``tile``, broken from the șir, makes a formation of three with two tiles of
    ``rack`` that keeps ``joly.limits`` (``sir.break_meld = two_rack_tiles``); always True
    under ``sir.break_meld = any``."""
    if rules.sir_break_meld == "any":
        return True
    return any(
        tile in f.tiles and break_meld_ok(f, tile, rack) and joly_limits_ok(f, rules.joly_limits)
        for f in candidate_formations(tuple(rack) + (tile,), rules.formation_rules)
        if len(f.tiles) == 3
    )


def house_meld_ok(state: GameState, formation: Formation, pending: Tile | None) -> bool:
    """Whether a new formation keeps ``joly.limits`` and, when it holds ``pending`` (the tile
    just broken from the șir), ``sir.break_meld``."""
    rules = state.rules
    if not joly_limits_ok(formation, rules.joly_limits):
        return False
    turn = state.turn
    if pending is None or turn.took != "break" or rules.sir_break_meld == "any":
        return True
    before = turn.checkpoint.players[state.current].rack if turn.checkpoint else ()
    return pending not in formation.tiles or break_meld_ok(formation, pending, before)
