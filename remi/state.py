"""The state of one hand of Remi: phases, players, table formations, the șir and the stock.

Every value here is frozen (STYLE.md 1); the engine (``remi.engine``) builds a new state for
each action. The phase machine is documented in docs/state-machine.md.
"""

from __future__ import annotations

import enum
import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

import attrs

from remi.errors import RulesError
from remi.formations import Formation
from remi.rules import RemiRules
from remi.tiles import FULL_SET, Tile, sort_tiles

__all__ = [
    "GameState",
    "HandResult",
    "Phase",
    "PlayerState",
    "TableFormation",
    "TurnState",
    "deal",
    "new_game",
]


class Phase(enum.Enum):
    """Where a hand stands; each action type is allowed in some phases only.

    - ``FIRST_DISCARD``: the first player's first turn, a discard only (PD 2).
    - ``TAKE``: start of a turn: draw from the stock or take from the șir.
    - ``PLAY``: after taking: meld, lay off, swap, announce, declare; a discard ends the turn.
    - ``ENDED``: the hand is over (closed, or the stock ran out).
    """

    FIRST_DISCARD = "first_discard"
    TAKE = "take"
    PLAY = "play"
    ENDED = "ended"


_UNSET: Any = object()


def _install_evolve(cls: type) -> None:
    """Give ``cls`` a fast ``evolve(**changes)``: ``attrs.evolve`` without re-running ``__init__``.

    The method is generated once per class (as attrs generates ``__init__``), with one keyword
    parameter per field; each slot is written through its C-level descriptor. No validation is
    done, so the engine passes only values of the right type.
    """
    names = [a.name for a in attrs.fields(cls)]
    params = ", ".join(f"{n}=_UNSET" for n in names)
    lines = [f"def evolve(self, *, {params}):", "    new = _new(_cls)"]
    for n in names:
        lines.append(f"    _set_{n}(new, self.{n} if {n} is _UNSET else {n})")
    lines.append("    return new")
    namespace: dict[str, Any] = {"_new": object.__new__, "_cls": cls, "_UNSET": _UNSET}
    for n in names:
        namespace[f"_set_{n}"] = cls.__dict__[n].__set__
    exec("\n".join(lines), namespace)  # noqa: S102 - generated from the class's own field names
    fn = namespace["evolve"]
    fn.__doc__ = f"A copy of this {cls.__name__} with some fields changed (fast; no validation)."
    cls.evolve = fn  # type: ignore[attr-defined]


@attrs.frozen(kw_only=True)
class PlayerState:
    """One player's private and public status.

    Attributes:
        rack: tiles on the player's rack (tablă), sorted (``sort_tiles``); private.
        opened: has made his opening (etalare) in an earlier turn.
        announced: has announced having at most ``announce.max_tiles`` tiles (PD 11).
        failed_announcement: ended a turn with 1..``announce.max_tiles`` tiles unannounced;
            sticky for the hand, scores ``-announce.penalty_points`` (PD 11).
        pe_tabla: declared "pe tablă" (PD 10).
        atu_announced: announced holding the atu's twin (§A.2.7).
        turns_played: turns this player has ended in this hand.
    """

    rack: tuple[Tile, ...]
    opened: bool = False
    announced: bool = False
    failed_announcement: bool = False
    pe_tabla: bool = False
    atu_announced: bool = False
    turns_played: int = 0

    def evolve(self, **changes: Any) -> PlayerState:
        """A copy with some fields changed (fast; no validation; replaced by a generated method)."""
        raise NotImplementedError  # pragma: no cover - see _install_evolve


@attrs.frozen(kw_only=True)
class TableFormation:
    """A formation on the table with who laid it and who placed each tile.

    Attributes:
        owner: seat (0-based) of the player who laid the formation.
        formation: the run or set, tiles in table order.
        placed_by: for each tile position, the seat that put the tile there.
        via: for each tile position, how: ``"meld"``, ``"layoff"`` (lipire) or ``"swap"``
            (given in exchange for a joly).
        swapped: for each position, True for a joly that was already swapped once (face down;
            it can never be swapped again, PD 8).
    """

    owner: int
    formation: Formation
    placed_by: tuple[int, ...]
    via: tuple[str, ...]
    swapped: tuple[bool, ...]

    def __str__(self) -> str:
        return f"p{self.owner + 1} {self.formation}"


@attrs.frozen(kw_only=True)
class TurnState:
    """Bookkeeping of the current turn: what was taken and which obligations are open.

    Attributes:
        rack_at_start: tiles the player held when the turn began (PD 7 uses it).
        took: ``""`` before taking, ``"draw"``, ``"take"`` (last șir tile) or ``"break"``.
        taken_tile: the șir tile taken this turn that must be used in a new formation (PD 5, 6),
            or None.
        taken_used: True once a formation laid this turn contains ``taken_tile``.
        freed_jolys: jolys freed by a swap this turn and not yet laid (PD 8).
        laid: indices (0-based) of the table formations laid this turn.
        opening: True when the player, not yet opened, laid formations this turn (his opening).
        undoable: actions since ``checkpoint`` (undo is possible when > 0).
        checkpoint: the state to return to on undo: after the draw, or the start of the turn.
    """

    rack_at_start: int = 0
    took: str = ""
    taken_tile: Tile | None = None
    taken_used: bool = False
    freed_jolys: int = 0
    laid: tuple[int, ...] = ()
    opening: bool = False
    undoable: int = 0
    checkpoint: GameState | None = attrs.field(default=None, eq=False, repr=False)

    def evolve(self, **changes: Any) -> TurnState:
        """A copy with some fields changed (fast; no validation; replaced by a generated method)."""
        raise NotImplementedError  # pragma: no cover - see _install_evolve


@attrs.frozen(kw_only=True)
class HandResult:
    """How a hand ended.

    Attributes:
        closed_by: seat that discarded his last tile (închidere), or None.
        closing_tile: that last discard, or None.
        stock_exhausted: the stock ran out and nobody closed (PD 12).
    """

    closed_by: int | None
    closing_tile: Tile | None
    stock_exhausted: bool


@attrs.frozen(kw_only=True)
class GameState:
    """The complete state of one hand of Remi (hidden information included).

    Never show a ``GameState`` to a player: use ``remi.views.view``.

    Attributes:
        rules: the rule set in force.
        players: one ``PlayerState`` per seat, seat order (play passes p1, p2, ...).
        stock: face-down tiles, next draw first (``stock[0]``).
        sir: the discard row (șir), oldest first; ``sir[0]`` is the dead first discard.
        table: formations on the table, numbered 1.. in notation.
        current: seat whose turn it is (0-based).
        phase: the ``Phase``.
        turns_ended: turns ended in the hand so far (all players).
        turn: bookkeeping of the current turn.
        atu: the face-up atu tile (the bottom stock tile) when ``atu.enabled``, else None.
        result: set when the hand has ended.
    """

    rules: RemiRules = attrs.field(repr=False)
    players: tuple[PlayerState, ...]
    stock: tuple[Tile, ...]
    sir: tuple[Tile, ...] = ()
    table: tuple[TableFormation, ...] = ()
    current: int = 0
    phase: Phase = Phase.FIRST_DISCARD
    turns_ended: int = 0
    turn: TurnState = TurnState()
    atu: Tile | None = None
    result: HandResult | None = None

    def evolve(self, **changes: Any) -> GameState:
        """A copy with some fields changed (fast; no validation; replaced by a generated method)."""
        raise NotImplementedError  # pragma: no cover - see _install_evolve

    @property
    def player_count(self) -> int:
        """Number of players (2-4)."""
        return len(self.players)

    @property
    def first_round_over(self) -> bool:
        """True once every player has ended one turn (PD 3)."""
        return self.turns_ended >= len(self.players)

    def all_tiles(self) -> Counter[Tile]:
        """Every tile in the hand: stock + racks + table + șir (always the 106-tile set)."""
        counts: Counter[Tile] = Counter(self.stock)
        counts.update(self.sir)
        for p in self.players:
            counts.update(p.rack)
        for tf in self.table:
            counts.update(tf.formation.tiles)
        return counts


for _cls in (PlayerState, TurnState, GameState):
    _install_evolve(_cls)


def deal(
    player_count: int, seed: int, rules: RemiRules
) -> tuple[tuple[tuple[Tile, ...], ...], tuple[Tile, ...]]:
    """Shuffle the 106 tiles with ``random.Random(seed)`` and deal them (PD 1; §A.2).

    Every integer is a distinct seed: a negative seed is mapped to a string seed (Python's
    ``random`` would otherwise treat ``-n`` like ``n``).

    Returns:
        (racks, stock): the first rack holds ``deal.first_player_tiles`` (15), the others
        ``deal.other_player_tiles`` (14); the stock holds the rest, next draw first.

    Raises:
        RulesError: for a player count outside ``players.min``..``players.max``.
    """
    _check_players(player_count, rules)
    tiles = list(FULL_SET)
    _rng(seed).shuffle(tiles)
    racks = []
    at = 0
    for seat in range(player_count):
        size = rules.deal_first_player_tiles if seat == 0 else rules.deal_other_player_tiles
        racks.append(sort_tiles(tiles[at : at + size]))
        at += size
    return tuple(racks), tuple(tiles[at:])


def _rng(seed: int) -> random.Random:
    """The shuffle's generator for ``seed``; negative seeds get their own sequence."""
    return random.Random(seed if seed >= 0 else f"remi-negative-seed:{seed}")


def _check_players(player_count: int, rules: RemiRules) -> None:
    if not rules.players_min <= player_count <= rules.players_max:
        raise RulesError(
            f"{rules.name}: {player_count} players, the rules allow "
            f"{rules.players_min}-{rules.players_max} [players.min]",
            source=rules.name,
            key="players.max" if player_count > rules.players_max else "players.min",
            value=player_count,
        )


def new_game(
    rules: RemiRules,
    player_count: int = 4,
    *,
    seed: int | None = 0,
    racks: Sequence[Sequence[Tile]] | None = None,
    stock: Sequence[Tile] | None = None,
) -> GameState:
    """Start a hand: a seeded deal, or a stacked deal for tests and disputes.

    Args:
        rules: the Remi rule set.
        player_count: 2-4 (``players.min``..``players.max``).
        seed: seed of the shuffle (ignored when ``racks`` is given, except to order the stock
            tiles that ``stock`` leaves unspecified).
        racks: a stacked deal: the racks in seat order (sizes as the rules deal them).
        stock: with ``racks``, the top of the stock, next draw first; the remaining tiles of the
            106-tile set follow in seeded order. Without ``racks``, ignored.

    Returns:
        the state at the start of the hand: phase ``FIRST_DISCARD``, seat 0 to play. When
        ``atu.enabled``, the bottom stock tile is turned face up as the atu (§D-14).

    Raises:
        RulesError: bad player count, rack sizes that differ from the deal sizes, or tiles beyond
            the 106-tile set.
    """
    if racks is None:
        dealt, rest = deal(player_count, 0 if seed is None else seed, rules)
    else:
        player_count = len(racks)
        _check_players(player_count, rules)
        dealt = tuple(sort_tiles(r) for r in racks)
        for seat, rack in enumerate(dealt):
            want = rules.deal_first_player_tiles if seat == 0 else rules.deal_other_player_tiles
            if len(rack) != want:
                raise RulesError(
                    f"stacked deal: p{seat + 1} holds {len(rack)} tiles, the rules deal {want} "
                    "[deal.first_player_tiles]",
                    key="deal.first_player_tiles" if seat == 0 else "deal.other_player_tiles",
                    value=len(rack),
                )
        remaining = Counter(FULL_SET)
        top = list(stock or ())
        for tile in [t for r in dealt for t in r] + top:
            if remaining[tile] <= 0:
                raise RulesError(
                    f"stacked deal uses {tile} more often than the 106-tile set holds it",
                    key="deal",
                    value=str(tile),
                )
            remaining[tile] -= 1
        rest_tiles = sort_tiles(remaining.elements())
        shuffled = list(rest_tiles)
        _rng(0 if seed is None else seed).shuffle(shuffled)
        rest = tuple(top) + tuple(shuffled)
    players = tuple(PlayerState(rack=r) for r in dealt)
    atu = rest[-1] if rules.atu_enabled and rest else None
    return GameState(
        rules=rules,
        players=players,
        stock=rest,
        current=0,
        phase=Phase.FIRST_DISCARD,
        turn=TurnState(rack_at_start=len(players[0].rack)),
        atu=atu,
    )
