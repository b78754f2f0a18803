"""The Remi family's ``greedy`` strategy: open as soon as possible, lay and attach what it can,
keep useful tiles.

Everything is derived from the ``PlayerView`` (its rack, the table, the șir, the legal actions);
the only state kept between calls is whether the strategy undid the current turn, so that a stuck
plan is not tried again (it then just draws and discards).

One turn, in order (docs/rules.md §1, docs/simulate.md):

1. announce when an announcement is legal (``announce.max_tiles``: it is legal exactly when the
   turn may end with at most that many tiles), and the atu when it may (``atu.enabled``);
2. at the start of a turn, take the last șir tile (rupere) when it completes a formation: for a
   player who has opened, any formation of the rack with it; for one who has not, a valid
   opening (etalare) with it (``best_opening(..., must_include=tile)``,
   ``sir.take_last_for_opening``); otherwise draw;
3. not opened: lay the best opening (``remi.variants.remi_pe_tabla.solvers.best_opening``,
   ``opening.min_points``) as soon as one exists; opened: lay the arrangement of highest final
   value (``max_points_arrangement``; when it uses every tile, an arrangement of all tiles but
   one, to close), then attach (lipire) every tile the legal actions allow;
4. discard the least useful tile: the one with the fewest partners (same colour within two
   numbers, same number in other colours, a place on the table), the lowest value first among
   equals (the greedy player usually closes, so the tiles it keeps end up laid and score for it,
   ``scoring.values``; measured in benchmarks/ladder.py).

It never breaks the șir, never swaps a joly and never declares pe tablă.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from remi.core.actions import Action
from remi.core.formations import Formation, formation_points, loose_tile_points
from remi.core.tiles import Tile
from remi.variants.remi_pe_tabla.actions import LayOff, Meld, Undo
from remi.variants.remi_pe_tabla.rules import RemiRules
from remi.variants.remi_pe_tabla.solvers import (
    formations_with,
    max_points_arrangement,
    partition_all,
)
from remi.variants.remi_pe_tabla.solvers.planner import table_fits
from remi.variants.remi_pe_tabla.state import TableFormation
from remi.variants.remi_pe_tabla.strategies.turn import (
    RemiTurnStrategy,
    cached_best_opening,
    without_tile,
)
from remi.variants.remi_pe_tabla.views import PlayerView, TurnView

__all__ = ["RemiGreedyStrategy", "least_useful"]


def _partners(tile: Tile, others: set[int]) -> int:
    """How many distinct tiles of ``others`` (tile codes of the rack without ``tile``) can share a
    formation with ``tile`` (weighted): a joly 6; each other colour of the same number 3; the
    same colour one number away (1 and 13 meet in 12-13-1) 4, two numbers away 2."""
    score = 6 if 52 in others else 0
    n = tile.number
    base = tile.code - (n - 1)  # code of this colour's 1
    for colour_base in (0, 13, 26, 39):
        if colour_base != base and colour_base + n - 1 in others:
            score += 3
    for d, weight in ((-2, 2), (-1, 4), (1, 4), (2, 2)):
        m = n + d
        if 1 <= m <= 13 and base + m - 1 in others:
            score += weight
    if (n == 1 and base + 12 in others) or (n == 13 and base in others):
        score += 4
    return score


def least_useful(
    rack: Sequence[Tile], choices: Sequence[Tile], table: Sequence[TableFormation], rules: RemiRules
) -> Tile:
    """The tile of ``choices`` (a subset of ``rack``) the greedy strategy discards.

    Usefulness = partners on the rack (same colour within two numbers, other colours of the same
    number, jolys) and a place on the table; a joly is always kept. Among tiles of equal
    usefulness the one of lowest final value goes first (``scoring.values``: kept tiles are
    usually laid later and score), then the highest tile in sort order, so the choice is
    deterministic.
    """
    best: tuple[int, int, Tile] | None = None
    copies = Counter(t.code for t in rack)
    present = set(copies)
    fitting = table_fits(table)
    for tile in dict.fromkeys(choices):
        if tile.is_joly:
            useful = 10_000
        else:
            code = tile.code  # the rack's codes but this tile's, unless he holds it twice
            others = present if copies[code] > 1 else present - {code}
            useful = _partners(tile, others) * 10 + (25 if tile in fitting else 0)
        value = loose_tile_points(tile, rules.final_points)
        key = (useful, value, tile)
        if (
            best is None
            or (key[0], key[1]) < (best[0], best[1])
            or ((key[0], key[1]) == (best[0], best[1]) and best[2] < tile)
        ):
            best = key
    assert best is not None
    return best[2]


class RemiGreedyStrategy(RemiTurnStrategy):
    """The greedy player of the Remi family (see the module docstring) on the shared turn of
    ``RemiTurnStrategy``; deterministic for a given view sequence."""

    # --- taking ------------------------------------------------------------------------------

    def _take_pays(self, view: PlayerView) -> bool:
        """The last șir tile completes a formation (opened) or a valid opening (not opened)."""
        me = view.players[view.seat]
        tile = view.sir[-1]
        rules = view.rules
        if me.pe_tabla:
            return False
        if me.opened:
            pool = view.rack + (tile,)
            return any(len(f) < len(pool) for f in formations_with(tile, pool, rules))
        plan = cached_best_opening(tuple(sorted(view.rack)), rules, tile)
        return plan is not None and plan.tiles_used < len(view.rack) + 1

    # --- laying ------------------------------------------------------------------------------

    def _lay_opened(self, view: PlayerView, turn: TurnView) -> Action | None:
        """For a player who has opened: the best formation with a taken șir tile (Undo when
        there is none), else the highest-value meld, else the first listed lay-off (lipire)."""
        rules = view.rules
        rack = view.rack
        seat = view.seat
        taken = turn.taken_tile
        if taken is not None:
            options = [f for f in formations_with(taken, rack, rules) if len(f) < len(rack)]
            if options:
                best = max(options, key=lambda f: (formation_points(f, rules.final_points), len(f)))
                return Meld(seat, (best,))
            return Undo(seat) if turn.can_undo else None
        if any(isinstance(a, Meld) for a in view.legal):
            meld = self._best_meld(rack, rules)
            if meld:
                return Meld(seat, meld)
        layoffs = [a for a in view.legal if isinstance(a, LayOff)]
        if layoffs:
            return layoffs[0]
        return None

    @staticmethod
    def _best_meld(rack: tuple[Tile, ...], rules: RemiRules) -> tuple[Formation, ...]:
        """The formations to lay from ``rack``, leaving at least one tile to discard."""
        table = rules.final_points
        arrangement = max_points_arrangement(rack, rules, table)
        if not arrangement:
            return ()
        if sum(len(f) for f in arrangement) < len(rack):
            return arrangement
        # every tile fits: lay all but one and close with it (a joly closing tile doubles,
        # scoring.joly_close_doubles)
        order = sorted(
            dict.fromkeys(rack), key=lambda t: (not t.is_joly, -loose_tile_points(t, table), t)
        )
        for tile in order:
            rest = without_tile(rack, tile)
            partition = partition_all(rest, rules)
            if partition:
                return partition
        smallest = min(arrangement, key=lambda f: (formation_points(f, table), len(f)))
        return tuple(f for f in arrangement if f is not smallest)

    # --- discarding --------------------------------------------------------------------------

    def _discard_tile(self, view: PlayerView, choices: Sequence[Tile]) -> Tile:
        """The least useful tile among the legal discards (``least_useful``)."""
        return least_useful(view.rack, choices, view.table, view.rules)
