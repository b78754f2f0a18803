"""MyRummy Small's "three stay" rule (``table.keep_three``): a player may take tiles out of a
table set only if at least 3 of its own tiles stay in it.

docs/rules.md §2.6 and §3.30. The reading: at the end of the turn, every set that was on the
table at the start of the turn has at least 3 of its own tiles together in one set of the new
table (it may have grown, been merged or been split, as long as one part keeps 3). A joker
freed by its tile counts as kept through that tile (the swap of §2.7 replaces it, it does not
take it out). Two copies of one tile are told apart by where they could have come from: no
tile of the new table is counted for two start-of-turn sets.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Final

from remi.core.errors import illegal
from remi.core.formations import Formation, Kind
from remi.core.tiles import JOLY, Tile

__all__ = ["KEEP", "broken_set", "check_keep_three", "kept_tiles"]

#: Tiles of its own a start-of-turn set must keep together (``table.keep_three``).
KEEP: Final = 3


def kept_tiles(old: Formation, tiles: Counter[Tile]) -> Counter[Tile]:
    """The tiles of ``tiles`` (one set of the new table, as a multiset) that count as tiles of
    the start-of-turn set ``old`` kept in it: its natural tiles, its jokers, and for a joker
    that is not there the tile that freed it (the tile it stands for; in a 3-tile group, a
    missing colour of the group's number)."""
    naturals = Counter(old.naturals)
    kept = naturals & tiles
    jokers = min(old.joly_count, tiles[JOLY])
    if jokers:
        kept[JOLY] = jokers
    freed = old.joly_count - jokers
    if freed:
        extra = tiles - naturals
        colours = {t.colour for t in old.naturals}
        for tile, ident in zip(old.tiles, old.identities):
            if not tile.is_joly or not freed:
                continue
            if ident is None and old.kind is Kind.SET:
                ident = next(
                    (
                        t
                        for t in extra
                        if extra[t] > 0 and t.number == old.number and t.colour not in colours
                    ),
                    None,
                )
            if ident is not None and extra[ident] > 0:
                extra[ident] -= 1
                kept[ident] += 1
                freed -= 1
    return kept


def _claim(kept: Counter[Tile], others: Counter[Tile], need: int) -> Counter[Tile]:
    """``need`` tiles of ``kept``, first those no other start-of-turn set holds."""
    out: Counter[Tile] = Counter()
    for tile in sorted(kept.elements(), key=lambda t: others[t])[:need]:
        out[tile] += 1
    return out


def _key(tiles: Counter[Tile]) -> tuple[Tile, ...]:
    return tuple(sorted(tiles.elements()))


def broken_set(
    old_table: Sequence[Formation], new_sets: Sequence[Counter[Tile]]
) -> Formation | None:
    """The first start-of-turn set that keeps fewer than 3 of its own tiles together in one of
    ``new_sets`` (the new table, each set as a tile multiset), or None when every set keeps 3.

    A start-of-turn set found unchanged keeps its own set, when no other start-of-turn set has
    the same tiles; for the others, a search over which new set keeps each of them, each new set
    giving each of its tiles to one old set only. Two start-of-turn sets with the same tiles
    need not be the same set: ``[J K6 K7]`` (the joker is K5) and ``[K6 K7 J]`` (K8) hold the
    same tiles, and which of them stayed whole decides whether the other is kept by the tile
    that freed its joker; pairing them by tiles in table order refused legal plays (soak seed
    1928), so such sets go to the search."""
    spare = [Counter(s) for s in new_sets]
    by_key: dict[tuple[Tile, ...], list[int]] = {}
    for i, s in enumerate(spare):
        by_key.setdefault(_key(s), []).append(i)
    old_keys = Counter(_key(Counter(f.tiles)) for f in old_table)
    rest: list[Formation] = []
    for f in old_table:
        key = _key(Counter(f.tiles))
        same = by_key.get(key) if old_keys[key] == 1 else None
        if same:
            spare[same.pop()] = Counter()
        else:
            rest.append(f)
    wanted: Counter[Tile] = Counter(t for f in rest for t in f.tiles)

    def place(k: int) -> Formation | None:
        if k == len(rest):
            return None
        old = rest[k]
        need = min(KEEP, len(old))
        others = wanted - Counter(old.tiles)
        failed = old
        for s in spare:
            kept = kept_tiles(old, s)
            if sum(kept.values()) < need:
                continue
            claim = _claim(kept, others, need)
            s.subtract(claim)
            deeper = place(k + 1)
            s.update(claim)
            if deeper is None:
                return None
            failed = deeper
        return failed

    return place(0)


def check_keep_three(old_table: Sequence[Formation], new_sets: Sequence[Counter[Tile]]) -> None:
    """Refuse a new table (each set as a tile multiset) on which a start-of-turn set keeps
    fewer than 3 of its own tiles together (``table.keep_three``, docs/rules.md §2.6).

    Raises:
        IllegalActionError: ``table.keep_three``, quoting the set.
    """
    broken = broken_set(old_table, new_sets)
    if broken is not None:
        raise illegal("error.table.keep_three", "table.keep_three", formation=broken.text())
