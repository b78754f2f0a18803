"""Settling the jokers of a move: fewer original tiles moved at the same value (internal).

Among equal moves, the one that moves fewer original tiles: a joker (joly) in a set that
continues an original set trades places with a natural tile that set lost and another set holds
(``_settle_jokers``, docs/solvers.md "The tie-break").
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence

from remi.core.formations import Formation, formation_readings
from remi.core.notation import SlotToken
from remi.core.tiles import JOLY
from remi.variants.rummikub.solvers._edits import _order_table, _Ordering
from remi.variants.rummikub.solvers._move import MoveRules
from remi.variants.rummikub.solvers._table import _split


def _disruption(
    old: Sequence[Formation], new: list[Formation], ordering: _Ordering | None = None
) -> tuple[int, int]:
    """(original sets changed, original tiles moved): the tiles of each original set missing
    from the new set that continues it (``_order_table``, or ``ordering`` when given: what it
    returns for ``old`` and ``new``), all of them when none does."""
    ordered, sources, unchanged = ordering or _order_table(old, new)
    moved = 0
    continued = set()
    for f, src in zip(ordered, sources):
        if src is not None:
            continued.add(src)
            if f.tiles != old[src].tiles:
                moved += len(_split(old[src].tiles, f.tiles)[1])
    moved += sum(len(f.tiles) for i, f in enumerate(old) if i not in continued)
    return len(old) - unchanged, moved


def _with_tile(f: Formation, index: int, slot: SlotToken, rules: MoveRules) -> Formation | None:
    """``f`` with its tile at ``index`` replaced by ``slot``, read again as the same kind, or
    ``None`` when that is no valid formation."""
    slots = list(f.slots(explicit=True))
    slots[index] = slot
    for reading in formation_readings(slots, rules.formation_rules):
        if reading.kind is f.kind:
            return reading
    return None


def _joker_trades(
    old: Sequence[Formation], sets: list[Formation], rules: MoveRules, ordering: _Ordering
) -> Iterator[list[Formation]]:
    """The tables ``sets`` becomes when a joker in a set that continues an original set
    (``ordering``: ``_order_table(old, sets)``) trades places with a natural tile that set lost
    and another set holds, both sets staying valid (the joker stands for that tile, or for its
    number in a 3-tile group)."""
    ordered, sources, _ = ordering
    where = {id(f): k for k, f in enumerate(sets)}
    for fa, src in zip(ordered, sources):
        if src is None or not fa.joly_count:
            continue
        lost = Counter(old[src].tiles) - Counter(fa.tiles)
        a = where[id(fa)]
        for pos, (tile, identity) in enumerate(zip(fa.tiles, fa.identities)):
            if not tile.is_joly:
                continue
            for natural in lost:
                if natural.is_joly or natural.number != fa.ranks[pos]:
                    continue
                if identity is not None and natural != identity:
                    continue
                for b, fb in enumerate(sets):
                    if b == a or natural not in fb.tiles:
                        continue
                    new_a = _with_tile(fa, pos, SlotToken(natural), rules)
                    new_b = _with_tile(fb, fb.tiles.index(natural), SlotToken(JOLY, natural), rules)
                    if new_a is not None and new_b is not None:
                        trial = list(sets)
                        trial[a], trial[b] = new_a, new_b
                        yield trial


def _settle_jokers(
    old: Sequence[Formation], sets: list[Formation], rules: MoveRules
) -> tuple[list[Formation], _Ordering]:
    """Among equal moves, the one that moves fewer original tiles: while a joker trade
    (``_joker_trades``) makes fewer original sets change or, as many changing, fewer original
    tiles leave their set (``_disruption``), it is made. The tiles on the table, the tiles
    placed and every joker's number stay the same, so the move's value does too.
    ``[R5 R6 J R8]`` and ``[R7 Y7 B7]`` become ``[R5 R6 R7 R8]`` and ``[Y7 B7 J]`` when
    ``[R5 R6 R7]`` was on the table. Returns the sets and their ``_order_table(old, sets)``."""
    best = list(sets)
    ordering = _order_table(old, best)
    score = _disruption(old, best, ordering)
    while score[1]:
        trials = ((t, _order_table(old, t)) for t in _joker_trades(old, best, rules, ordering))
        scored = ((t, o, _disruption(old, t, o)) for t, o in trials)
        better = next(((t, o, sc) for t, o, sc in scored if sc < score), None)
        if better is None:
            break
        best, ordering, score = better
    return best, ordering
