"""Views: what one player may see of a hand (STYLE.md 6; issue 2 API ``view(state, player)``).

A ``PlayerView`` holds the player's own rack, the table, the șir, the stock *count*, the public
status of every player (tile counts, opened, announced, pe tablă) and, when it is his turn, his
turn bookkeeping and the legal actions. It never holds the stock order, another player's rack or
a reference to the full ``GameState`` (the undo checkpoint is not copied), so a bot that receives
only views cannot reach hidden information. When the hand has ended, every rack is public and
the view says so in ``final_racks``.
"""

from __future__ import annotations

import attrs

from remi.actions import Action
from remi.engine import legal_actions
from remi.rules import RemiRules
from remi.state import GameState, HandResult, Phase, PlayerState, TableFormation
from remi.tiles import Tile

__all__ = ["PlayerView", "PublicPlayer", "TurnView", "view"]


@attrs.frozen(kw_only=True)
class PublicPlayer:
    """What everybody knows of one seat.

    Attributes:
        seat: 0-based seat.
        tile_count: tiles on his rack.
        opened: made his opening (etalare).
        announced: announced at most ``announce.max_tiles`` tiles.
        failed_announcement: ended a turn with few tiles unannounced (visible to all).
        pe_tabla: declared pe tablă.
        atu_announced: announced the atu's twin.
    """

    seat: int
    tile_count: int
    opened: bool
    announced: bool
    failed_announcement: bool
    pe_tabla: bool
    atu_announced: bool


@attrs.frozen(kw_only=True)
class TurnView:
    """The current turn's public bookkeeping (shown to the player whose turn it is).

    Attributes:
        took: ``""``, ``"draw"``, ``"take"`` or ``"break"``.
        taken_tile: the șir tile that must still be used in a new formation, or None.
        freed_jolys: jolys freed by a swap and not yet laid.
        laid: 0-based indices of table formations laid this turn.
        opening: this is the player's opening turn.
        can_undo: ``Undo`` would be accepted.
    """

    took: str
    taken_tile: Tile | None
    freed_jolys: int
    laid: tuple[int, ...]
    opening: bool
    can_undo: bool


@attrs.frozen(kw_only=True)
class PlayerView:
    """Everything one player may see; the only input bots and the hot-seat screen receive.

    Attributes:
        seat: whose view this is (0-based).
        rules: the rule set in force (public).
        phase: the hand's phase.
        current: seat to play.
        rack: the player's own tiles, sorted.
        players: public status of every seat, seat order.
        table: formations on the table with owners and who placed which tile (public).
        sir: the discard row, oldest first (public).
        stock_count: tiles left in the stock (its order is hidden).
        atu: the face-up atu, or None.
        turns_ended: turns ended so far.
        turn: the turn bookkeeping when it is this player's turn, else None.
        legal: the legal actions when it is this player's turn, else ``()``.
        result: how the hand ended, or None.
        final_racks: every rack once the hand has ended (then public), else ``()``.
    """

    seat: int
    rules: RemiRules
    phase: Phase
    current: int
    rack: tuple[Tile, ...]
    players: tuple[PublicPlayer, ...]
    table: tuple[TableFormation, ...]
    sir: tuple[Tile, ...]
    stock_count: int
    atu: Tile | None
    turns_ended: int
    turn: TurnView | None
    legal: tuple[Action, ...]
    result: HandResult | None
    final_racks: tuple[tuple[Tile, ...], ...]

    @property
    def my_turn(self) -> bool:
        """True when this player is to act."""
        return self.current == self.seat and self.phase is not Phase.ENDED


# PublicPlayer of each PlayerState object (kept alive beside it, so an id is never reused while
# cached): a seat's PlayerState object is carried over unchanged from state to state until he
# acts, so most views reuse the entries.
_PUBLIC: dict[int, tuple[PlayerState, PublicPlayer]] = {}


def _public(seat: int, p: PlayerState) -> PublicPlayer:
    hit = _PUBLIC.get(id(p))
    if hit is not None and hit[0] is p and hit[1].seat == seat:
        return hit[1]
    public = PublicPlayer(
        seat=seat,
        tile_count=len(p.rack),
        opened=p.opened,
        announced=p.announced,
        failed_announcement=p.failed_announcement,
        pe_tabla=p.pe_tabla,
        atu_announced=p.atu_announced,
    )
    if len(_PUBLIC) >= 4096:
        _PUBLIC.clear()
    _PUBLIC[id(p)] = (p, public)
    return public


def view(state: GameState, player: int) -> PlayerView:
    """What seat ``player`` (0-based) may see of ``state``.

    Raises:
        IndexError: for a seat that is not at the table.
    """
    if not 0 <= player < len(state.players):
        raise IndexError(f"no seat p{player + 1} at a table of {len(state.players)}")
    publics = tuple(_public(i, p) for i, p in enumerate(state.players))
    mine = state.current == player and state.phase is not Phase.ENDED
    turn = None
    legal: tuple[Action, ...] = ()
    if mine:
        t = state.turn
        turn = TurnView(
            took=t.took,
            taken_tile=t.taken_tile if not t.taken_used else None,
            freed_jolys=t.freed_jolys,
            laid=t.laid,
            opening=t.opening,
            can_undo=t.checkpoint is not None and t.undoable > 0,
        )
        legal = tuple(legal_actions(state))
    ended = state.phase is Phase.ENDED
    return PlayerView(
        seat=player,
        rules=state.rules,
        phase=state.phase,
        current=state.current,
        rack=state.players[player].rack,
        players=publics,
        table=state.table,
        sir=state.sir,
        stock_count=len(state.stock),
        atu=state.atu,
        turns_ended=state.turns_ended,
        turn=turn,
        legal=legal,
        result=state.result,
        final_racks=tuple(p.rack for p in state.players) if ended else (),
    )
