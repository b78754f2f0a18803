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
# Entries each memo table holds before it is emptied, or (``lru_cache``) the most recently
# used it keeps: memory stays flat over long simulations. Each bound is reached within the
# first 3,000 games of 4-player random play (docs/solvers.md, "Memory: flat after the warm-up").
#: ``_Memo.valid``: whether a set reads back as itself (about 5,700 sets after 3,000 games).
_VALID_LIMIT = 1 << 12
#: ``_Memo.growth`` and ``_Memo.swaps``: per set (about 2,500 and 2,200 after 3,000 games).
_GROWTH_LIMIT = 1 << 11
#: ``_Memo.verdicts``: the joker rules' answers (about 90 new questions a game).
_VERDICTS_LIMIT = 1 << 13
#: ``grown_formations`` (LRU): one entry per (set, tile), about three per set.
_GROWN_LIMIT = 1 << 12
#: ``_need`` (LRU): the tile counts of a rack set (about 1,900 sets after 3,000 games).
_NEED_LIMIT = 1 << 10


class _Memo:
    """Memo tables of one formation rule set and the joker rules: whether a set reads back as
    itself, the tiles that grow a set, the in-place joker swaps of a set, the joker rules'
    verdicts."""

    def __init__(self, rules: RummikubRules) -> None:
        self.rules = rules
        self.frules = rules.formation_rules
        self.valid: dict[Formation, bool] = {}
        self.growth: dict[Formation, tuple[tuple[Tile, Formation], ...]] = {}
        self.swaps: dict[Formation, tuple[tuple[Formation, Counter[Tile]], ...]] = {}
        self.verdicts: dict[object, bool] = {}

    def is_valid(self, f: Formation) -> bool:
        """``revalidate`` accepts ``f``."""
        found = self.valid.get(f)
        if found is None:
            if len(self.valid) >= _VALID_LIMIT:
                self.valid.clear()
            found = self.valid[f] = _valid(f, self.frules)
        return found

    def grows(self, f: Formation) -> tuple[tuple[Tile, Formation], ...]:
        """Each (tile, grown set) that one tile makes of ``f``, by tile code, among them only
        the grown sets ``revalidate`` accepts (the others are never legal plays)."""
        found = self.growth.get(f)
        if found is None:
            if len(self.growth) >= _GROWTH_LIMIT:
                self.growth.clear()
            found = tuple((t, g) for t, g in _growth(f, self.frules) if self.is_valid(g))
            self.growth[f] = found
        return found

    def swapped(self, f: Formation) -> tuple[tuple[Formation, Counter[Tile]], ...]:
        """``swapped_versions(f, rules)``."""
        found = self.swaps.get(f)
        if found is None:
            if len(self.swaps) >= _GROWTH_LIMIT:
                self.swaps.clear()
            found = self.swaps[f] = tuple(swapped_versions(f, self.rules))
        return found


#: The joker rules' question about a play: (index of the changed set holding a joker, what it
#: becomes, the new set added or None, the tiles played); see ``_TableFacts.jokers_ok``.
_Question = tuple[int, Formation, "Formation | None", "Counter[Tile]"]
#: A play under construction: (duplicate key or None, new table, the sets to validate, the
#: joker rules' question or None).
_Built = tuple[object, tuple[Formation, ...], Sequence[Formation], "_Question | None"]

_MEMOS: dict[tuple[object, ...], _Memo] = {}


def _memo(rules: RummikubRules) -> _Memo:
    """The memo tables of ``rules`` (keyed by what they depend on)."""
    key = (
        rules.formation_rules,
        rules.joker_group_of_three,
        rules.joker_replacement_from,
        rules.joker_freed_use,
        rules.joker_locks_meld,
    )
    found = _MEMOS.get(key)
    if found is None:
        found = _MEMOS[key] = _Memo(rules)
    return found


def generate_actions(
    state: RummikubState, is_legal: Callable[[RummikubState, Action], bool]
) -> tuple[list[Action], list[tuple[Tile, ...] | None]]:
    """The actions ``legal_actions`` lists for ``state`` (its docstring says which), in its
    order, and beside each the rack tiles it plays (``None`` for a draw or a pass).

    ``is_legal`` is the engine's full check, used only when a start-of-turn table set does not
    read back as itself (a table the engine never builds)."""
    if state.is_over:
        return [], []
    seat = state.current
    out: list[Action] = [Draw(seat) if state.pool else Pass(seat)]
    tiles_out: list[tuple[Tile, ...] | None] = [None]
    rules = state.rules
    memo = _memo(rules)
    valid = memo.is_valid
    rack = state.racks[seat]
    table = state.table
    facts = _table_facts(table, memo)
    trusted = facts.trusted
    seen: set[object] = set()

    def offer(
        key: object,
        new_table: tuple[Formation, ...],
        new_sets: Sequence[Formation],
        question: _Question | None,
        played: tuple[Tile, ...],
    ) -> None:
        # tables of different kinds never coincide (lengths or a changed set differ), so a
        # duplicate is found by a small key within a kind (None: the kind has none)
        if key is not None or not trusted:
            key = key if trusted else new_table
            if key in seen:
                return
            seen.add(key)
        if trusted:
            ok = all(valid(f) for f in new_sets) and (
                question is None or facts.jokers_ok(*question)
            )
        else:
            ok = is_legal(state, Play(seat, new_table))
        if ok:
            out.append(Play(seat, new_table))
            tiles_out.append(played)

    candidates = candidate_formations(rack, memo.frules)
    if not state.opened[seat]:
        for meld in _melds(rack, candidates, rules):
            offer(("meld", meld), table + meld, meld, None, _tiles_of(meld))
        return out, tiles_out
    for f in candidates:
        offer(None, table + (f,), (f,), None, f.tiles)
    present = set(rack)
    for index, growth, joker in facts.growable:
        head: tuple[Formation, ...] = ()
        tail: tuple[Formation, ...] | None = None
        for tile, g in growth:
            if tile in present:
                if tail is None:
                    head, tail = table[:index], table[index + 1 :]
                question: _Question | None = (index, g, None, Counter([tile])) if joker else None
                offer(None, head + (g,) + tail, (), question, (tile,))  # g: valid (grows)
    if facts.joker_sets:
        for key, new_table, new_sets, asked in _retrievals(table, rack, memo):
            assert asked is not None
            offer(key, new_table, new_sets, asked, tuple(asked[3].elements()))
    return out, tiles_out


def _tiles_of(sets: Sequence[Formation]) -> tuple[Tile, ...]:
    return tuple(t for f in sets for t in f.tiles)


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
    out: list[tuple[Formation, ...]] = []
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


@functools.lru_cache(maxsize=_NEED_LIMIT)
def _need(f: Formation) -> tuple[tuple[Tile, int], ...]:
    """The tiles of ``f`` with their counts (memoised, bounded)."""
    return tuple(Counter(f.tiles).items())


def _valid(f: Formation, frules: FormationRules) -> bool:
    """``revalidate`` accepts ``f``: it is the one reading of its own explicit slots."""
    slots = f.slots(explicit=True)
    if formation_readings(slots, frules) == [f]:
        return True
    try:
        return read_formation(slots, frules) == f
    except InvalidFormationError:
        return False


class _TableFacts:
    """What move generation needs of one table, computed once while it stays on the table
    (it does across every draw): whether every set reads back as itself, the sets holding a
    joker, and for every set that one tile can grow (table order) its index, the (tile, grown
    set) pairs in tile order and whether it holds a joker."""

    by_id: dict[int, tuple[bool, tuple[tuple[Tile, Formation], ...]]]

    def __init__(
        self, table: tuple[Formation, ...], memo: _Memo, before: _TableFacts | None
    ) -> None:
        self.table = table
        self.memo = memo
        # (valid, growth) of each set by object identity: the next table (built from this one
        # by a play) shares most set objects, and holding the table keeps the ids unique
        known: dict[int, tuple[bool, tuple[tuple[Tile, Formation], ...]]] = (
            before.by_id if before is not None and before.memo is memo else {}
        )
        by_id: dict[int, tuple[bool, tuple[tuple[Tile, Formation], ...]]] = {}
        growable: list[tuple[int, tuple[tuple[Tile, Formation], ...], bool]] = []
        trusted = True
        for index, f in enumerate(table):
            facts = known.get(id(f))
            if facts is None:
                facts = (memo.is_valid(f), memo.grows(f))
            by_id[id(f)] = facts
            trusted = trusted and facts[0]
            if facts[1]:
                growable.append((index, facts[1], JOLY in f.tiles))
        self.by_id = by_id
        self.trusted = trusted
        self.growable = growable
        self.joker_sets = [(i, f) for i, f in enumerate(table) if JOLY in f.tiles]
        self.old_jokers = tuple(f for _, f in self.joker_sets)
        self.joker_rank = {i: rank for rank, (i, _) in enumerate(self.joker_sets)}

    def jokers_ok(
        self, index: int, changed: Formation, extra: Formation | None, played: Counter[Tile]
    ) -> bool:
        """The joker rules accept the play that turns set ``index`` (holding a joker) into
        ``changed``, adds ``extra`` (if any) at the end and plays ``played``.

        ``check_jokers`` is asked about the sets holding a joker only, in table order, with the
        changed set in place and the new set last: every other set is the same before and after,
        holds no joker and so changes no answer (no joker to keep or free, no tile on a changed
        set). The answers are memoised (bounded) by the sets holding a joker, the changed one's
        place among them, what it becomes and the new set: the tiles played follow from those
        (the grown set less the old one; the freed joker's replacement and the new set less
        that joker)."""
        key = (self.old_jokers, self.joker_rank[index], changed, extra)
        verdicts = self.memo.verdicts
        found = verdicts.get(key)
        if found is None:
            if len(verdicts) >= _VERDICTS_LIMIT:
                verdicts.clear()
            new = tuple(changed if i == index else f for i, f in self.joker_sets)
            if extra is not None:
                new += (extra,)
            try:
                check_jokers(self.old_jokers, new, played, self.memo.rules, initial_turn=False)
                found = True
            except IllegalActionError:
                found = False
            verdicts[key] = found
        return found


_LAST_TABLE: list[_TableFacts | None] = [None]


def _table_facts(table: tuple[Formation, ...], memo: _Memo) -> _TableFacts:
    """The facts of ``table``; the last table's are kept (one entry: memory stays flat) and
    reused for the sets the two tables share."""
    last = _LAST_TABLE[0]
    if last is not None and last.table is table and last.memo is memo:
        return last
    facts = _LAST_TABLE[0] = _TableFacts(table, memo, last)
    return facts


def _growth(f: Formation, frules: FormationRules) -> tuple[tuple[Tile, Formation], ...]:
    """Each (tile, grown set) that one tile makes of ``f``, by tile code."""
    if f.kind is Kind.SET:
        tiles = [tile_of(c, f.number) for c in COLOURS] + [JOLY]
    else:
        colour = f.colour
        assert colour is not None
        tiles = [tile_of(colour, r) for r in (f.ranks[0] - 1, f.ranks[-1] + 1) if 1 <= r <= 13]
        tiles.append(JOLY)
    out: list[tuple[Tile, Formation]] = []
    for tile in sorted(set(tiles), key=lambda t: t.code):
        out.extend((tile, g) for g in grown_formations(f, tile, frules))
    return tuple(out)


@functools.lru_cache(maxsize=_GROWN_LIMIT)
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


def _retrievals(table: tuple[Formation, ...], rack: Sequence[Tile], memo: _Memo) -> list[_Built]:
    """Every table where a rack tile (or two) frees a table joker in place and the joker goes
    into a new set with rack tiles; the two changed sets; the tiles played (the replacement,
    and the new set but for the freed joker)."""
    out: list[_Built] = []
    for index, f in enumerate(table):
        if JOLY not in f.tiles:
            continue
        for swapped, replacement in memo.swapped(f):
            rest = list(rack)
            try:
                for t in replacement.elements():
                    rest.remove(t)
            except ValueError:  # the rack does not hold the replacement
                continue
            new_table = table[:index] + (swapped,) + table[index + 1 :]
            most = rest.count(JOLY) + 1
            rest.append(JOLY)
            for g in candidate_formations(rest, memo.frules):
                if JOLY in g.tiles and g.tiles.count(JOLY) <= most:
                    played = Counter(g.tiles)
                    played.update(replacement)
                    played[JOLY] -= 1
                    question = (index, swapped, g, +played)
                    out.append(((index, swapped, g), new_table + (g,), (swapped, g), question))
    return out
