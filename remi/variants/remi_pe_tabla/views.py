"""Views: what one player may see of a hand, ``view(state, player)``.

A ``PlayerView`` holds the player's own rack, the table, the șir, the stock *count*, the public
status of every player (tile counts, opened, announced, pe tablă) and, when it is his turn, his
turn bookkeeping and the legal actions. It never holds the stock order, another player's rack or
a reference to the full ``GameState`` (the undo checkpoint is not copied), so a bot that receives
only views cannot reach hidden information. When the hand has ended, every rack is public and
the view says so in ``final_racks``.
"""

from __future__ import annotations

from typing import Any

import attrs

from remi.core.actions import Action
from remi.core.tiles import Tile
from remi.variants.remi_pe_tabla.movegen import legal_actions
from remi.variants.remi_pe_tabla.rules import RemiRules
from remi.variants.remi_pe_tabla.state import (
    GameState,
    HandResult,
    Phase,
    PlayerState,
    TableFormation,
    TurnState,
)

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
        announcement_claimed: an opponent claimed that omission (``announce.penalty``).
        pe_tabla: declared pe tablă.
        atu_announced: announced the atu's twin.
    """

    seat: int
    tile_count: int
    opened: bool
    announced: bool
    failed_announcement: bool
    announcement_claimed: bool
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
        atu_aside: the atu lies beside the stock, out of the draw (``atu.tile``, docs/rules.md
            §1.14).
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
    atu_aside: bool
    turns_ended: int
    turn: TurnView | None
    legal: tuple[Action, ...]
    result: HandResult | None
    final_racks: tuple[tuple[Tile, ...], ...]

    def __repr__(self) -> str:
        """``<PlayerView p1, p2 to play, phase take: rack R5 R6 .. / table p1[R3 R4 R5] /
        șir K5 R7 / racks 14 15 / stock 77 tiles>``: what this seat sees, in notation."""
        table = " ".join(["table", *(f"p{tf.owner + 1}{tf.formation}" for tf in self.table)])
        counts = " ".join(str(p.tile_count) for p in self.players)
        atu = f" / atu {self.atu}" if self.atu is not None else ""
        return (
            f"<PlayerView p{self.seat + 1}, p{self.current + 1} to play, phase "
            f"{self.phase.value}: rack {' '.join(map(str, self.rack))} / {table} / "
            f"șir {' '.join(map(str, self.sir))}{atu} / racks {counts} / "
            f"stock {self.stock_count} tiles>"
        )

    @property
    def my_turn(self) -> bool:
        """True when this player is to act."""
        return self.current == self.seat and self.phase is not _ENDED


def _maker(cls: type) -> Any:
    """A keyword-only constructor of the frozen attrs class ``cls``, built as
    ``remi.variants.remi_pe_tabla.state``'s ``evolve`` copies are: filled in as a private subclass instance that adds
    no slots and keeps ``object``'s attribute setting, then given its real class (``__class__``
    assignment between classes of the same layout). The result is the same object as
    ``cls(...)`` (these classes have no defaults, converters or validators) at a fraction of the
    cost of attrs' frozen ``__init__`` (a C descriptor call per field); a view is built for
    every action of every hand a bot plays."""
    fields = attrs.fields(cls)
    assert all(
        a.default is attrs.NOTHING and a.converter is None and a.validator is None for a in fields
    )
    names = [a.name for a in fields]
    builder = type(
        f"_{cls.__name__}Builder",
        (cls,),
        {"__slots__": (), "__setattr__": object.__setattr__, "__delattr__": object.__delattr__},
    )
    lines = [f"def make(*, {', '.join(names)}):", "    new = _new(_builder)"]
    lines.extend(f"    new.{n} = {n}" for n in names)
    lines += ["    new.__class__ = _cls", "    return new"]
    namespace: dict[str, Any] = {"_new": object.__new__, "_builder": builder, "_cls": cls}
    exec("\n".join(lines), namespace)  # noqa: S102 - generated from the class's own field names
    return namespace["make"]


_new_player_view = _maker(PlayerView)
_new_turn_view = _maker(TurnView)
_new_public = _maker(PublicPlayer)

_ENDED = Phase.ENDED  # read once: an Enum class attribute goes through EnumType.__getattr__

# The last ``state.players`` tuple seen and its PublicPlayer values: a seat's PlayerState object
# is carried over unchanged from state to state until he acts, so each view rebuilds only the
# entries whose PlayerState object changed (compared by identity; holding the tuple keeps the
# objects alive, so an identity is never that of a new object).
_LAST_PUBLICS: list[tuple[tuple[PlayerState, ...], tuple[PublicPlayer, ...]]] = [((), ())]

# PublicPlayer values by their fields (frozen, so equal ones are shared): the few public facts of
# a seat recur all hand long, while his PlayerState object changes with every action he makes.
_PUBLIC_VALUES: dict[tuple[int, int, bool, bool, bool, bool, bool, bool], PublicPlayer] = {}

# The TurnView of a TurnState object (held beside it, so its id is not reused while cached): a
# turn not yet begun is one shared TurnState per rack size, so its view is built once.
_TURN_VIEWS: dict[int, tuple[TurnState, TurnView]] = {}


def _publics(players: tuple[PlayerState, ...]) -> tuple[PublicPlayer, ...]:
    last, publics = _LAST_PUBLICS[0]
    if last is players:
        return publics
    same_table = len(last) == len(players)
    out = []
    for seat, p in enumerate(players):
        if same_table and last[seat] is p:
            out.append(publics[seat])
            continue
        key = (
            seat,
            len(p.rack),
            p.opened,
            p.announced,
            p.failed_announcement,
            p.announcement_claimed,
            p.pe_tabla,
            p.atu_announced,
        )
        public = _PUBLIC_VALUES.get(key)
        if public is None:
            if len(_PUBLIC_VALUES) >= 4096:
                _PUBLIC_VALUES.clear()
            public = _PUBLIC_VALUES[key] = _new_public(
                seat=seat,
                tile_count=key[1],
                opened=p.opened,
                announced=p.announced,
                failed_announcement=p.failed_announcement,
                announcement_claimed=p.announcement_claimed,
                pe_tabla=p.pe_tabla,
                atu_announced=p.atu_announced,
            )
        out.append(public)
    result = tuple(out)
    _LAST_PUBLICS[0] = (players, result)
    return result


def _turn_view(t: TurnState) -> TurnView:
    hit = _TURN_VIEWS.get(id(t))
    if hit is not None and hit[0] is t:
        return hit[1]
    turn: TurnView = _new_turn_view(
        took=t.took,
        taken_tile=t.taken_tile if not t.taken_used else None,
        freed_jolys=t.freed_jolys,
        laid=t.laid,
        opening=t.opening,
        can_undo=t.checkpoint is not None and t.undoable > 0,
    )
    if len(_TURN_VIEWS) >= 1024:
        _TURN_VIEWS.clear()
    _TURN_VIEWS[id(t)] = (t, turn)
    return turn


def view(state: GameState, player: int) -> PlayerView:
    """What seat ``player`` (0-based) may see of ``state``.

    Raises:
        IndexError: for a seat that is not at the table.
    """
    players = state.players
    if not 0 <= player < len(players):
        raise IndexError(f"no seat p{player + 1} at a table of {len(players)}")
    phase = state.phase
    ended = phase is _ENDED
    turn = None
    legal: tuple[Action, ...] = ()
    if state.current == player and not ended:
        turn = _turn_view(state.turn)
        legal = tuple(legal_actions(state))
    result: PlayerView = _new_player_view(
        seat=player,
        rules=state.rules,
        phase=phase,
        current=state.current,
        rack=players[player].rack,
        players=_publics(players),
        table=state.table,
        sir=state.sir,
        stock_count=len(state.stock),
        atu=state.atu,
        atu_aside=state.atu_aside,
        turns_ended=state.turns_ended,
        turn=turn,
        legal=legal,
        result=state.result,
        final_racks=tuple(p.rack for p in players) if ended else (),
    )
    return result
