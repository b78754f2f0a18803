"""The Remi family's ``solver`` strategy: the planner's best move, from views only.

``RemiSolverStrategy`` reads a ``PlayerView`` only (docs/rules.md §1, docs/simulate.md):

1. announce when due (``announce.max_tiles``) and the atu when it may (``atu.enabled``);
2. opened: break the șir (rupere of an earlier tile and every later one, ``sir.break_enabled``)
   when the turn that makes is worth ``break_margin_points`` (15) more than drawing, by
   ``turn_value`` (the layout's final value minus the tiles left on the rack); else take the
   last șir tile when it makes a new formation (opened: ``take_gain`` > 0) or an opening
   (etalare; not opened: ``best_opening(..., must_include=tile)``), else draw;
3. not opened: lay the best opening (``best_opening``, ``opening.min_points``), unless the
   *waiting* rule holds it back: the opening is worth less than
   ``opening.min_points + hold_margin_points``, the stock still holds at least
   ``hold_stock_min`` tiles and no player has opened yet (nobody can close soon, so a few more
   draws may grow it). ``hold_margin_points`` is 0 by default: the ladder (docs/simulate.md)
   measured waiting as no better than opening at once;
4. opened: swap a table joly (``joly.swap_enabled``) when the freed joly makes a new formation
   with rack tiles; lay ``best_layout`` (highest final value, a tile left over to close with),
   then every lay-off (lipire) the legal actions list, highest value first;
5. discard with ``choose_discard``: the least useful tile, high values first as the stock runs
   down, and *denial*: tiles the next player is likely to use (estimated from the unseen
   copies, his public rack size and whether he has opened) are kept.

A stuck turn (``view.legal == [Undo]``) is undone, and the rest of that turn is played simply
(draw, discard) so that a plan the engine refuses is not tried twice.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import attrs

from remi.core.formations import loose_tile_points
from remi.core.tiles import JOLY, Tile
from remi.variants.remi_pe_tabla.actions import Action, LayOff, Meld, Swap, Take, Undo
from remi.variants.remi_pe_tabla.solvers import best_opening, formations_with
from remi.variants.remi_pe_tabla.solvers.planner import (
    DEFAULT_WEIGHTS,
    DiscardWeights,
    best_layout,
    rank_discards,
    take_gain,
    turn_value,
)
from remi.variants.remi_pe_tabla.strategies.turn import RemiTurnStrategy
from remi.variants.remi_pe_tabla.views import PlayerView, TurnView

__all__ = ["RemiSolverStrategy", "SolverSettings"]


@attrs.frozen(kw_only=True)
class SolverSettings:
    """The tunable choices of the Remi ``solver`` strategy.

    Attributes:
        hold_margin_points: hold back an opening worth less than ``opening.min_points`` plus this
            (points, opening values ``opening.value_*``) while the waiting rule applies; 0 never
            waits.
        hold_stock_min: the waiting rule applies only while the stock holds at least this many
            tiles.
        deny: keep tiles the next player is likely to use (denial).
        break_margin_points: break the șir (``sir.break_enabled``) when the turn it makes is
            worth this many points more than drawing
            (``remi.variants.remi_pe_tabla.solvers.planner.turn_value``); None never breaks.
        weights: the discard weights
            (``remi.variants.remi_pe_tabla.solvers.planner.DiscardWeights``).
    """

    hold_margin_points: int = 0
    hold_stock_min: int = 30
    deny: bool = True
    break_margin_points: int | None = 15
    weights: DiscardWeights = DEFAULT_WEIGHTS


class RemiSolverStrategy(RemiTurnStrategy):
    """The solver player of the Remi family (see the module docstring) on the shared turn of
    ``RemiTurnStrategy``; deterministic for a given view sequence."""

    def __init__(self, seed: int = 0, *, settings: SolverSettings | None = None) -> None:
        super().__init__(seed)
        self.settings = settings or SolverSettings()

    def _holds_opening(self, view: PlayerView, points: int) -> bool:
        s = self.settings
        return (
            s.hold_margin_points > 0
            and points < view.rules.opening_min_points + s.hold_margin_points
            and view.stock_count >= s.hold_stock_min
            and not any(p.opened for p in view.players)
        )

    def _break(self, view: PlayerView) -> Action | None:
        """Break the șir (``sir.break_enabled``) at the position whose tiles make the best turn,
        when that beats drawing by ``break_margin_points`` (turn values of ``turn_value``)."""
        margin = self.settings.break_margin_points
        if margin is None or not view.players[view.seat].opened:
            return None
        options = [a for a in view.legal if isinstance(a, Take) and a.position is not None]
        if not options:
            return None
        base = turn_value(view.rack, view.rules)
        assert base is not None
        best: tuple[float, Action] | None = None
        for a in options:
            assert a.position is not None
            value = turn_value(view.rack, view.rules, taken=view.sir[a.position - 1 :])
            if value is not None and value >= base + margin and (best is None or value > best[0]):
                best = (value, a)
        return best[1] if best is not None else None

    def _take_pays(self, view: PlayerView) -> bool:
        me = view.players[view.seat]
        tile = view.sir[-1]
        if me.pe_tabla:
            return False
        if me.opened:
            return take_gain(view.rack, tile, view.rules) > 0
        plan = best_opening(view.rack, view.rules, must_include=tile)
        return (
            plan is not None
            and plan.tiles_used < len(view.rack) + 1
            and not self._holds_opening(view, plan.points)
        )

    def _opening_hold(self, view: PlayerView) -> Callable[[int], bool]:
        """The waiting rule (``_holds_opening``) for ``opening_action``."""
        return lambda points: self._holds_opening(view, points)

    def _lay_opened(self, view: PlayerView, turn: TurnView) -> Action | None:
        """For a player who has opened: a layout with the taken șir tile or a freed joly (Undo
        when there is none), a joly swap, the best layout, else the highest lay-off."""
        legal = view.legal
        seat = view.seat
        rules = view.rules
        rack = view.rack
        taken = turn.taken_tile
        if taken is not None or turn.freed_jolys:
            layout = best_layout(rack, rules, taken=taken if taken is not None else JOLY)
            if layout:
                return Meld(seat, layout)
            if taken is None:
                for a in legal:
                    if isinstance(a, LayOff) and any(t.tile.is_joly for t in a.tiles):
                        return a
            return Undo(seat) if turn.can_undo else None
        swap = self._swap(view)
        if swap is not None:
            return swap
        if any(isinstance(a, Meld) for a in legal):
            layout = best_layout(rack, rules)
            if layout:
                return Meld(seat, layout)
        layoffs = [a for a in legal if isinstance(a, LayOff)]
        if layoffs:
            final = rules.final_points
            return max(
                layoffs,
                key=lambda a: sum(
                    loose_tile_points(t.tile, final) for t in a.tiles if t.tile is not None
                ),
            )
        return None

    @staticmethod
    def _swap(view: PlayerView) -> Action | None:
        """A joly swap (``joly.swap_enabled``) whose freed joly goes into a new formation with
        rack tiles: the joly then scores 50 for us instead of standing on the table."""
        rack = view.rack
        for a in view.legal:
            if isinstance(a, Swap) and len(rack) >= 3:
                after = list(rack)
                after.remove(a.tile)
                after.append(JOLY)
                if any(len(f) < len(after) for f in formations_with(JOLY, after, view.rules)):
                    return a
        return None

    def _discard_tile(self, view: PlayerView, choices: Sequence[Tile]) -> Tile:
        """``choose_discard`` among the legal discards, with denial of the next player."""
        return self._discard_ranking(view, choices)[0]

    def _discard_ranking(self, view: PlayerView, choices: Sequence[Tile]) -> list[Tile]:
        """The distinct legal discards, best first (``rank_discards``), with denial of the next
        player."""
        nxt = view.players[(view.seat + 1) % len(view.players)]
        weight = 0.0
        if self.settings.deny:
            weight = 1.0 if (nxt.opened or nxt.pe_tabla) else 0.35
        return rank_discards(
            view.rack,
            choices,
            table=view.table,
            sir=view.sir,
            rules=view.rules,
            stock_count=view.stock_count,
            opponent_tiles=nxt.tile_count,
            opponent_weight=weight,
            weights=self.settings.weights,
        )
