"""Dealing, the parts every rule family shares: the player count the rules allow, and a stacked
deal (the racks and the top of the stock or pool given in seat order, the rest of the 106-tile
set shuffled below them).

Tests, dispute reconstructions and records of a stacked deal start a hand this way
(``remi.variants.remi_pe_tabla.state.new_game``, ``remi.variants.rummikub.state.new_game``).
"""

from __future__ import annotations

import hashlib
import random
import secrets
from collections import Counter
from collections.abc import Sequence

from remi.core.errors import RulesError
from remi.core.messages import N_, NP_
from remi.core.rulespec import RuleSet
from remi.core.tiles import FULL_SET, Tile, sort_tiles

__all__ = ["SEED_BITS", "check_player_count", "derived_seed", "fresh_seed", "stacked_deal"]

SEED_BITS = 128
"""Bits of entropy in the seed of every new game and match (``fresh_seed``): far beyond any
search, so the deal cannot be found from a rack, a start draw or an atu."""


def fresh_seed() -> int:
    """A new game's or match's seed: ``SEED_BITS`` (128) random bits from ``secrets``, an int in
    ``0 .. 2**128 - 1``. A seed a player chose (``--seed N``) is marked as chosen in the record
    instead (``GameRecord.seed_chosen``)."""
    return secrets.randbits(SEED_BITS)


def derived_seed(seed: int, *labels: int | str) -> int:
    """A 64-bit seed for something other than the deal (a bot, ...), one-way from ``seed``:
    BLAKE2b of the seed and ``labels``, so that knowing it (or a bot's behaviour) tells nothing
    of the deal's seed."""
    text = ":".join(str(part) for part in (seed, *labels)).encode("ascii")
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big")


def check_player_count(player_count: int, rules: RuleSet) -> None:
    """Raise unless ``player_count`` is within ``players.min``..``players.max``.

    Raises:
        RulesError: ``remi-pe-tabla: 5 players, the rules allow 2-4 [players.max]`` (key: the
            bound broken).
    """
    low, high = rules.get("players.min"), rules.get("players.max")
    if not low <= player_count <= high:
        key = "players.max" if player_count > high else "players.min"
        raise RulesError.from_id(
            N_("error.deal.players"),
            fields={"source": rules.name, "key": key, "value": player_count},
            name=rules.name,
            players=player_count,
            low=low,
            high=high,
            rule=key,
        )


def stacked_deal(
    racks: Sequence[Sequence[Tile]],
    top: Sequence[Tile],
    *,
    sizes: Sequence[tuple[int, str]],
    rng: random.Random,
) -> tuple[tuple[tuple[Tile, ...], ...], tuple[Tile, ...]]:
    """The racks (sorted) and the stock of a stacked deal.

    Args:
        racks: each seat's rack, seat order.
        top: the top of the stock (pool), next draw first.
        sizes: per seat, the rack size the rules deal and its rule id
            (``deal.first_player_tiles``, ``deal.tiles``...).
        rng: shuffles the tiles of the 106-tile set not given, which follow ``top``.

    Returns:
        (racks, stock): the stock is ``top`` then the rest in shuffled order.

    Raises:
        RulesError: a rack of another size than the rules deal (key: its rule id), or a tile
            used more often than the 106-tile set holds it (key ``deal``).
    """
    dealt = tuple(sort_tiles(r) for r in racks)
    for seat, rack in enumerate(dealt):
        want, rule_id = sizes[seat]
        if len(rack) != want:
            raise RulesError.from_id_n(
                NP_("error.deal.rack_size"),
                len(rack),
                fields={"key": rule_id, "value": len(rack)},
                seat=seat + 1,
                held=len(rack),
                want=want,
                rule=rule_id,
            )
    remaining = Counter(FULL_SET)
    top = list(top)
    for tile in [t for r in dealt for t in r] + top:
        if remaining[tile] <= 0:
            raise RulesError.from_id(
                N_("error.deal.too_many"),
                fields={"key": "deal", "value": str(tile)},
                tile=str(tile),
            )
        remaining[tile] -= 1
    shuffled = list(sort_tiles(remaining.elements()))
    rng.shuffle(shuffled)
    return dealt, tuple(top) + tuple(shuffled)
