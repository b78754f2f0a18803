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

import functools
from collections import Counter
from collections.abc import Callable, Sequence

from remi.core.actions import Action
from remi.core.formations import Formation, formation_points, loose_tile_points
from remi.core.strategy import require_legal
from remi.core.tiles import Tile
from remi.variants.remi_pe_tabla.actions import (
    Announce,
    AnnounceAtu,
    Discard,
    Draw,
    LayOff,
    Meld,
    Take,
    Undo,
)
from remi.variants.remi_pe_tabla.rules import RemiRules
from remi.variants.remi_pe_tabla.solvers import (
    OpeningPlan,
    best_opening,
    formations_with,
    max_points_arrangement,
    partition_all,
)
from remi.variants.remi_pe_tabla.solvers.planner import table_fits
from remi.variants.remi_pe_tabla.state import Phase, TableFormation
from remi.variants.remi_pe_tabla.views import PlayerView

__all__ = ["RemiGreedyStrategy", "least_useful", "opening_action"]


def _without(rack: Sequence[Tile], tile: Tile) -> tuple[Tile, ...]:
    out = list(rack)
    out.remove(tile)
    return tuple(out)


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


@functools.lru_cache(maxsize=512)
def _best_opening(
    rack: tuple[Tile, ...], rules: RemiRules, must_include: Tile | None
) -> OpeningPlan | None:
    """``best_opening`` memoised on the sorted rack (its answer does not depend on the order):
    a bot asks the same question when it decides to take the șir tile and again once it holds
    it."""
    return best_opening(rack, rules, must_include=must_include)


def opening_action(view: PlayerView, hold: Callable[[int], bool] | None = None) -> Action | None:
    """For a player who has not opened (etalare, ``opening.min_points``): his best opening as
    one meld, including a taken șir tile (``sir.take_last_for_opening``); ``Undo`` when the
    taken tile cannot be used; otherwise None.

    ``hold(points)`` may hold back an opening made without a taken tile (the solver strategy
    waits for a bigger one). Shared by the greedy and solver strategies.
    """
    turn = view.turn
    assert turn is not None
    seat = view.seat
    rack = view.rack
    taken = turn.taken_tile
    if turn.opening:
        return None
    if any(isinstance(a, Meld) for a in view.legal):
        rest = _without(rack, taken) if taken is not None else rack
        plan = _best_opening(tuple(sorted(rest)), view.rules, taken)
        if plan is not None and plan.tiles_used < len(rack):
            if taken is None and hold is not None and hold(plan.points):
                return None
            return Meld(seat, plan.formations)
    return Undo(seat) if taken is not None and turn.can_undo else None


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


class RemiGreedyStrategy:
    """The greedy player of the Remi family (see the module docstring); deterministic for a given
    view sequence (``seed`` is kept for the ``Variant.strategy`` interface; no choice is random)."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self._undone_turn: tuple[int, int] | None = None

    def choose(self, view: PlayerView) -> Action:
        """The next action of ``view.seat`` in its turn.

        Raises:
            RemiError: when the view has no legal action (not this player's turn).
        """
        legal = view.legal
        require_legal(view.seat, legal)
        seat = view.seat
        turn_key = (view.turns_ended, seat)
        if all(isinstance(a, Undo) for a in legal):
            self._undone_turn = turn_key
            return legal[0]
        for action in legal:
            if isinstance(action, (Announce, AnnounceAtu)):
                return action
        simple = self._undone_turn == turn_key
        if view.phase is Phase.FIRST_DISCARD:
            return self._discard(view)
        if view.phase is Phase.TAKE:
            if not simple and Take(seat) in legal and self._take_pays(view):
                return Take(seat)
            return Draw(seat)
        if not simple:
            play = self._lay(view)
            if play is not None:
                if isinstance(play, Undo):
                    self._undone_turn = turn_key
                return play
        return self._discard(view)

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
        plan = _best_opening(tuple(sorted(view.rack)), rules, tile)
        return plan is not None and plan.tiles_used < len(view.rack) + 1

    # --- laying ------------------------------------------------------------------------------

    def _lay(self, view: PlayerView) -> Action | None:
        """A meld or a lay-off to make now, Undo for a plan that cannot be completed, or None."""
        legal = view.legal
        seat = view.seat
        rules = view.rules
        rack = view.rack
        turn = view.turn
        assert turn is not None
        me = view.players[seat]
        if me.pe_tabla:
            return None
        can_meld = any(isinstance(a, Meld) for a in legal)
        taken = turn.taken_tile
        if not me.opened:
            return opening_action(view)
        if taken is not None:
            options = [f for f in formations_with(taken, rack, rules) if len(f) < len(rack)]
            if options:
                best = max(options, key=lambda f: (formation_points(f, rules.final_points), len(f)))
                return Meld(seat, (best,))
            return Undo(seat) if turn.can_undo else None
        if can_meld:
            meld = self._best_meld(rack, rules)
            if meld:
                return Meld(seat, meld)
        layoffs = [a for a in legal if isinstance(a, LayOff)]
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
            rest = _without(rack, tile)
            partition = partition_all(rest, rules)
            if partition:
                return partition
        smallest = min(arrangement, key=lambda f: (formation_points(f, table), len(f)))
        return tuple(f for f in arrangement if f is not smallest)

    # --- discarding --------------------------------------------------------------------------

    def _discard(self, view: PlayerView) -> Action:
        """Discard the least useful tile among the legal discards (or any legal action)."""
        choices = [a.tile for a in view.legal if isinstance(a, Discard)]
        if not choices:
            if view.turn is not None and view.turn.can_undo:
                self._undone_turn = (view.turns_ended, view.seat)
                return Undo(view.seat)
            return view.legal[0]
        return Discard(view.seat, least_useful(view.rack, choices, view.table, view.rules))
