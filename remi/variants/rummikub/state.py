"""Rummikub-style game state: racks, pool, table, who opened, the explicit start draw.

docs/rules.md §2.1–§2.2 (106 tiles, the start draw, the deal), §2.4 (turns), §2.10 (pool
empty). A state is a frozen value; ``remi.variants.rummikub.engine.apply`` builds the next one.
Chance is explicit and seeded (no global random; a test can script the exact deal): ``new_game``
records the start draw.
"""

from __future__ import annotations

import enum
import random
from collections import Counter
from collections.abc import Sequence

import attrs

from remi.core.actions import Action
from remi.core.deal import check_player_count, stacked_deal
from remi.core.errors import RulesError
from remi.core.formations import Formation
from remi.core.tiles import FULL_SET, Tile, sort_tiles
from remi.variants.rummikub.rules import RummikubRules

__all__ = [
    "EndReason",
    "RummikubState",
    "StartDraw",
    "deal",
    "draw_for_start",
    "new_game",
]


class EndReason(enum.Enum):
    """How a game ended: a player emptied his rack (``OUT``, docs/rules.md §2.9), or the pool was
    empty and a full round passed without a play (``BLOCKED``, §2.10)."""

    OUT = "out"
    BLOCKED = "blocked"


@attrs.frozen(kw_only=True)
class StartDraw:
    """The draw for the start (docs/rules.md §2.2, ``start.player = highest_draw``): each
    contender draws one tile from the shuffled 106 tiles; the highest number starts (a joker has
    no number and counts 0); tied contenders draw again; then every tile goes back and is
    reshuffled.

    Attributes:
        rounds: each round's draws as ``(seat, tile)`` pairs, seat order.
        starter: the seat (0-based) that starts.
    """

    rounds: tuple[tuple[tuple[int, Tile], ...], ...]
    starter: int

    def text(self) -> str:
        """``"p1 R7, p2 K12 | p2 B3, ..."``: rounds separated by ``|``."""
        return " | ".join(", ".join(f"p{s + 1} {t}" for s, t in r) for r in self.rounds)


@attrs.frozen(kw_only=True)
class RummikubState:
    """One position of a Rummikub-style game.

    Attributes:
        rules: the rule set in force.
        racks: each seat's tiles (sorted, rack order), seat order.
        pool: the face-down pool, next draw first (hidden; never in a view).
        table: the sets on the table, in table order (``Formation`` values; a joker's identity
            is in ``identities``).
        opened: per seat, the initial meld has been made (docs/rules.md §2.5).
        current: the seat (0-based) to play.
        starter: the seat that played first.
        start_draw: the recorded start draw (``None`` for a stacked deal or ``start.player = lot``).
        passes: consecutive turns without a play while the pool is empty (docs/rules.md §2.10).
        turns: turns ended so far.
        winner: the seat that emptied his rack, or ``None``.
        end: how the game ended, or ``None`` while it goes on.
        log: every action applied, in order (the game record: its setup plus this list of actions).
    """

    rules: RummikubRules
    racks: tuple[tuple[Tile, ...], ...]
    pool: tuple[Tile, ...]
    table: tuple[Formation, ...] = ()
    opened: tuple[bool, ...]
    current: int = 0
    starter: int = 0
    start_draw: StartDraw | None = None
    passes: int = 0
    turns: int = 0
    winner: int | None = None
    end: EndReason | None = None
    log: tuple[Action, ...] = ()

    def __repr__(self) -> str:
        """What every seat sees, never a rack or the pool: ``<RummikubState p2 to play, table
        3 sets, pool 52 tiles | rummikub:rummikub#... public / ...>`` (the public form of the
        position notation, docs/notation.md)."""
        from remi.core.game import public_position  # the notation of every family's state

        state = "ended" if self.end is not None else f"p{self.current + 1} to play"
        return (
            f"<RummikubState {state}, table {len(self.table)} sets, "
            f"pool {len(self.pool)} tiles | {public_position(self)}>"
        )

    @property
    def player_count(self) -> int:
        """Number of seats (2-4)."""
        return len(self.racks)

    @property
    def is_over(self) -> bool:
        """True once the game has ended (``end`` is set)."""
        return self.end is not None

    def next_seat(self, seat: int) -> int:
        """The seat after ``seat`` in play order (``turn.direction``)."""
        step = 1 if self.rules.turn_direction == "clockwise" else -1
        return (seat + step) % self.player_count

    def turn_order(self) -> tuple[int, ...]:
        """Every seat in play order, from the starting player."""
        order = [self.starter]
        while len(order) < self.player_count:
            order.append(self.next_seat(order[-1]))
        return tuple(order)

    def table_tiles(self) -> Counter[Tile]:
        """The tiles on the table, as a multiset."""
        return Counter(t for f in self.table for t in f.tiles)

    def all_tiles(self) -> Counter[Tile]:
        """Every tile of the game (racks, pool, table): always the 106-tile set."""
        counts = Counter(self.pool)
        for rack in self.racks:
            counts.update(rack)
        counts.update(self.table_tiles())
        return counts


def draw_for_start(player_count: int, rng: random.Random) -> StartDraw:
    """The seeded draw for the start (docs/rules.md §2.2): every contender draws from the 106
    shuffled tiles; the highest number starts (joker = 0); tied contenders draw again from a
    fresh shuffle."""
    contenders = list(range(player_count))
    rounds: list[tuple[tuple[int, Tile], ...]] = []
    while True:
        tiles = list(FULL_SET)
        rng.shuffle(tiles)
        draws = tuple((seat, tiles[i]) for i, seat in enumerate(contenders))
        rounds.append(draws)
        best = max(t.number for _, t in draws)
        contenders = [s for s, t in draws if t.number == best]
        if len(contenders) == 1:
            return StartDraw(rounds=tuple(rounds), starter=contenders[0])


def deal(
    player_count: int, rng: random.Random, rules: RummikubRules
) -> tuple[tuple[tuple[Tile, ...], ...], tuple[Tile, ...]]:
    """Shuffle the 106 tiles and give ``deal.tiles`` to each seat; the rest is the pool
    (docs/rules.md §2.2).

    Returns:
        (racks sorted, seat order; the pool, next draw first).
    """
    tiles = list(FULL_SET)
    rng.shuffle(tiles)
    k = rules.deal_tiles
    racks = tuple(sort_tiles(tiles[i * k : (i + 1) * k]) for i in range(player_count))
    return racks, tuple(tiles[player_count * k :])


def new_game(
    rules: RummikubRules,
    player_count: int = 4,
    *,
    seed: int | None = 0,
    racks: Sequence[Sequence[Tile]] | None = None,
    pool: Sequence[Tile] | None = None,
    starter: int | None = None,
) -> RummikubState:
    """Start a game: a seeded start draw and deal, or a stacked deal for tests and disputes.

    Args:
        rules: the rule set (``RummikubRules``).
        player_count: 2-4 (``players.min``..``players.max``); ignored with ``racks``.
        seed: seed of the start draw and the shuffle (``None`` = 0).
        racks: a stacked deal: the racks in seat order, ``deal.tiles`` each.
        pool: with ``racks``, the top of the pool, next draw first; the remaining tiles of the
            106-tile set follow in seeded order.
        starter: with ``racks``, the seat that starts (default 0); without ``racks`` the start
            draw (or ``start.player = lot``) decides and this must be ``None``.

    Returns:
        the state before the first turn, ``current == starter``.

    Raises:
        RulesError: a bad player count, a rack of the wrong size (``deal.tiles``), tiles beyond
            the 106-tile set, or a bad ``starter``.
    """
    rng = random.Random(0 if seed is None else seed)
    draw: StartDraw | None = None
    if racks is None:
        check_player_count(player_count, rules)
        if starter is not None:
            raise RulesError(
                "starter is given only with a stacked deal (racks)", key="start.player"
            )
        if rules.start_player == "highest_draw":
            draw = draw_for_start(player_count, rng)
            first = draw.starter
        else:
            first = rng.randrange(player_count)
        dealt, rest = deal(player_count, rng, rules)
    else:
        player_count = len(racks)
        check_player_count(player_count, rules)
        sizes = [(rules.deal_tiles, "deal.tiles")] * player_count
        dealt, rest = stacked_deal(racks, pool or (), sizes=sizes, rng=rng)
        first = 0 if starter is None else starter
        if not 0 <= first < player_count:
            raise RulesError(
                f"starter p{first + 1} is not a seat of {player_count}",
                key="start.player",
                value=first,
            )
    return RummikubState(
        rules=rules,
        racks=dealt,
        pool=rest,
        opened=(False,) * player_count,
        current=first,
        starter=first,
        start_draw=draw,
    )
