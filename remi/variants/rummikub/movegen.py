"""Rummikub-style move generation: the plays ``legal_actions`` lists, valid by construction.

The plays listed (see ``remi.variants.rummikub.engine.legal_actions``) are new sets from the
rack, one rack tile added to one table set, joker retrievals, and before the initial meld the
greedy melds. Each is built so that most of the end-of-turn check holds by construction: the
start-of-turn table is kept (a set is added, or one set grows by one rack tile), the tiles
played are rack tiles, and a meld's points are counted while it is built. What is left to
check is that each new or grown set reads back as itself under the rules (``revalidate``,
memoised per set) and, for a play that changes a table set holding a joker or that retrieves
one, the joker rules (``check_jokers``, with the tiles played known from the construction).

Racks are handled as count arrays indexed by the tile (a ``Tile`` is its own small integer),
never as ``Counter`` values; the memo tables are bounded.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Callable, Sequence

from remi.core.actions import Action
from remi.core.candidates import candidate_formations
from remi.core.errors import IllegalActionError, InvalidFormationError
from remi.core.formations import Formation, FormationRules, Kind, formation_readings, read_formation
from remi.core.notation import SlotToken
from remi.core.tiles import COLOURS, FULL_SET, JOLY, Tile, tile_of
from remi.variants.rummikub.actions import Draw, Pass, Play
from remi.variants.rummikub.jokers import check_jokers, swapped_versions
from remi.variants.rummikub.melds import set_points
from remi.variants.rummikub.rules import RummikubRules
from remi.variants.rummikub.state import RummikubState

__all__ = ["generate_actions", "grown_formations"]

#: Size of a count array: one slot per tile value (a ``Tile`` is ``code + 1``; the joker last).
_SIZE = max(FULL_SET) + 1


def generate_actions(
    state: RummikubState, is_legal: Callable[[RummikubState, Action], bool]
) -> list[Action]:
    """The actions ``legal_actions`` lists for ``state`` (its docstring says which), in its
    order; ``is_legal`` is the engine's full check, used only when a start-of-turn table set
    does not read back as itself (a table the engine never builds)."""
    if state.is_over:
        return []
    seat = state.current
    out: list[Action] = [Draw(seat) if state.pool else Pass(seat)]
    rules = state.rules
    frules = rules.formation_rules
    rack = state.racks[seat]
    table = state.table
    trusted = all(_valid(f, frules) for f in table)
    candidates = candidate_formations(rack, frules)
    # (new table, the sets to validate, the tiles played when a table joker may move)
    tables: list[tuple[tuple[Formation, ...], Sequence[Formation], Counter[Tile] | None]] = []
    if not state.opened[seat]:
        for meld in _melds(rack, candidates, rules):
            tables.append((table + meld, meld, None))
    else:
        tables.extend((table + (f,), (f,), None) for f in candidates)
        tables.extend(_additions(table, rack, frules))
        tables.extend(_retrievals(table, rack, rules))
    seen: set[tuple[Formation, ...]] = set()
    for new_table, new_sets, played in tables:
        if new_table in seen:
            continue
        seen.add(new_table)
        play = Play(seat, new_table)
        if not trusted:
            if is_legal(state, play):
                out.append(play)
        elif all(_valid(f, frules) for f in new_sets) and (
            played is None or _jokers_ok(table, new_table, played, rules)
        ):
            out.append(play)
    return out


def _jokers_ok(
    table: tuple[Formation, ...],
    new_table: tuple[Formation, ...],
    played: Counter[Tile],
    rules: RummikubRules,
) -> bool:
    """The joker rules (``check_jokers``) accept an opened player's play of ``played``."""
    try:
        check_jokers(table, new_table, played, rules, initial_turn=False)
    except IllegalActionError:
        return False
    return True


def _melds(
    rack: Sequence[Tile], candidates: Sequence[Formation], rules: RummikubRules
) -> list[tuple[Formation, ...]]:
    """For each rack set (highest points first), the greedy initial meld: that set, then further
    disjoint rack sets in the same order until ``initial_meld.min_points`` is reached."""
    minimum = rules.initial_meld_min_points
    scored = sorted(((set_points(f, rules), f) for f in candidates), key=lambda p: -p[0])
    counts = [0] * _SIZE
    for t in rack:
        counts[t] += 1
    out = []
    for points, first in scored:
        if points >= minimum:
            out.append((first,))
            continue
        budget = counts.copy()
        for t in first.tiles:
            budget[t] -= 1
        meld = [first]
        total = points
        for p, f in scored:
            if total >= minimum:
                break
            need = _need(f)
            if all(budget[t] >= n for t, n in need):
                for t, n in need:
                    budget[t] -= n
                meld.append(f)
                total += p
        if total >= minimum:
            out.append(tuple(meld))
    return out


@functools.lru_cache(maxsize=1 << 14)
def _need(f: Formation) -> tuple[tuple[Tile, int], ...]:
    """The tiles of ``f`` with their counts (memoised, bounded)."""
    return tuple(Counter(f.tiles).items())


@functools.lru_cache(maxsize=1 << 16)
def _valid(f: Formation, frules: FormationRules) -> bool:
    """``revalidate`` accepts ``f``: it is the one reading of its own explicit slots."""
    slots = f.slots(explicit=True)
    if formation_readings(slots, frules) == [f]:
        return True
    try:
        return read_formation(slots, frules) == f
    except InvalidFormationError:
        return False


def _additions(
    table: tuple[Formation, ...], rack: Sequence[Tile], frules: FormationRules
) -> list[tuple[tuple[Formation, ...], tuple[Formation, ...], Counter[Tile] | None]]:
    """Every table with one rack tile added to one table set (in table order, then tile order),
    the grown set, and the tile played when the set holds a joker (the joker rules apply)."""
    out = []
    present = set(rack)
    for index, f in enumerate(table):
        growth = _growth(f, frules)
        if not growth:
            continue
        joker = JOLY in f.tiles
        head, tail = table[:index], table[index + 1 :]
        for tile, grown in growth:
            if tile in present:
                played = Counter([tile]) if joker else None
                for g in grown:
                    out.append((head + (g,) + tail, (g,), played))
    return out


@functools.lru_cache(maxsize=1 << 14)
def _growth(f: Formation, frules: FormationRules) -> tuple[tuple[Tile, tuple[Formation, ...]], ...]:
    """The tiles that can grow ``f`` (by code) with the sets each makes (memoised, bounded)."""
    if f.kind is Kind.SET:
        tiles = [tile_of(c, f.number) for c in COLOURS] + [JOLY]
    else:
        colour = f.colour
        assert colour is not None
        tiles = [tile_of(colour, r) for r in (f.ranks[0] - 1, f.ranks[-1] + 1) if 1 <= r <= 13]
        tiles.append(JOLY)
    out = []
    for tile in sorted(set(tiles), key=lambda t: t.code):
        grown = grown_formations(f, tile, frules)
        if grown:
            out.append((tile, grown))
    return tuple(out)


@functools.lru_cache(maxsize=1 << 16)
def grown_formations(f: Formation, tile: Tile, frules: FormationRules) -> tuple[Formation, ...]:
    """The valid sets ``f`` becomes with ``tile`` added: at either end of a run (a joker with
    its place stated) or into a group, each the one reading of its slots of ``f``'s kind
    (memoised, bounded)."""
    out = []
    for slots in _grown(f, tile):
        readings = [g for g in formation_readings(slots, frules) if g.kind is f.kind]
        if len(readings) == 1:
            out.append(readings[0])
    return tuple(out)


def _grown(f: Formation, tile: Tile) -> list[list[SlotToken]]:
    """``f`` with ``tile`` added: at either end of a run, or into a group."""
    if f.kind is Kind.SET:
        if not (tile.is_joly or tile.number == f.number):
            return []
        return [list(f.slots()) + [SlotToken(tile)]]
    base = list(f.slots(explicit=True))
    colour = f.colour
    assert colour is not None
    low, high = f.ranks[0] - 1, f.ranks[-1] + 1
    out = []
    if tile.is_joly:
        if low >= 1:
            out.append([SlotToken(JOLY, tile_of(colour, low))] + base)
        if high <= 13:
            out.append(base + [SlotToken(JOLY, tile_of(colour, high))])
    elif tile.colour is colour:
        if tile.number == low:
            out.append([SlotToken(tile)] + base)
        if tile.number == high:
            out.append(base + [SlotToken(tile)])
    return out


def _retrievals(
    table: tuple[Formation, ...], rack: Sequence[Tile], rules: RummikubRules
) -> list[tuple[tuple[Formation, ...], tuple[Formation, ...], Counter[Tile]]]:
    """Every table where a rack tile (or two) frees a table joker in place and the joker goes
    into a new set with rack tiles; the two changed sets; the tiles played (the replacement,
    and the new set but for the freed joker)."""
    if not any(JOLY in f.tiles for f in table):
        return []
    frules = rules.formation_rules
    out = []
    held = Counter(rack)
    for index, f in enumerate(table):
        if not f.joly_count:
            continue
        for swapped, replacement in swapped_versions(f, rules):
            if replacement - held:
                continue
            rest = held - replacement
            new_table = table[:index] + (swapped,) + table[index + 1 :]
            jokers_on_rack = rest[JOLY]
            for g in candidate_formations(list(rest.elements()) + [JOLY], frules):
                if 1 <= g.joly_count <= jokers_on_rack + 1:
                    played = replacement + Counter(g.tiles)
                    played[JOLY] -= 1
                    out.append((new_table + (g,), (swapped, g), +played))
    return out
