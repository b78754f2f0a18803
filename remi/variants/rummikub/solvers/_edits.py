"""The move from the old table to the new one, in words (internal).

The new sets are matched to the old ones (``_order_table``: unchanged sets first, then by most
tiles shared), numbered in the old table's order, and the move is told as edits ("take Y7 from
set 3", "add R5 to set 2", "new set [R7 R8 R9]": ``_edits``); ``_make_move`` builds the
``Move``, whose edits are told only when read (``_Telling``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import attrs

from remi.core.errors import Told
from remi.core.formations import Formation
from remi.core.messages import N_
from remi.core.tiles import Tile, sort_tiles
from remi.variants.rummikub.solvers._move import Move, MoveRules
from remi.variants.rummikub.solvers._table import _key, _split, placed_points

#: What ``_order_table`` returns: the new sets ordered, the old index each continues, the number
#: of old sets left unchanged.
_Ordering = tuple[list[Formation], list[int | None], int]


def _order_table(old: Sequence[Formation], new: list[Formation]) -> _Ordering:
    """Match new sets to old ones: unchanged first, then by most shared tiles.

    Returns the new table ordered (matched sets in old order, then unmatched), for each entry the
    old index it continues (or None), and the number of old sets left unchanged.
    """
    match: dict[int, int] = {}
    unchanged = 0
    with_key: dict[tuple[object, ...], list[int]] = {}  # new sets by key, in order
    for j, f in enumerate(new):
        with_key.setdefault(_key(f), []).append(j)
    for i, f in enumerate(old):  # each old set matches the first free new set equal to it
        same = with_key.get(_key(f))
        if same:
            match[i] = same.pop(0)
            unchanged += 1
    matched = set(match.values())
    remaining = [j for j in range(len(new)) if j not in matched]
    # which unmatched new sets hold each tile, with how many copies: the shared counts come
    # from there (plain dictionaries: a set holds each tile once or twice, Counter is slower)
    holders: dict[Tile, dict[int, int]] = {}
    for j in remaining:
        for tile in new[j].tiles:
            held = holders.setdefault(tile, {})
            held[j] = held.get(j, 0) + 1
    for i, f in enumerate(old):
        if i in match:
            continue
        mine: dict[Tile, int] = {}
        for tile in f.tiles:
            mine[tile] = mine.get(tile, 0) + 1
        shared_with: dict[int, int] = {}
        for tile, copies in mine.items():
            for j, held_copies in holders.get(tile, {}).items():
                shared_with[j] = shared_with.get(j, 0) + min(copies, held_copies)
        best_j, best_shared = None, 0
        for j in remaining:  # the first of the most shared, in the order of ``remaining``
            shared = shared_with.get(j, 0)
            if shared > best_shared:
                best_j, best_shared = j, shared
        if best_j is not None:
            match[i] = best_j
            remaining.remove(best_j)
    ordered: list[Formation] = []
    sources: list[int | None] = []
    for i in range(len(old)):
        if i in match:
            ordered.append(new[match[i]])
            sources.append(i)
    for j in remaining:
        ordered.append(new[j])
        sources.append(None)
    return ordered, sources, unchanged


def _edits(
    old: Sequence[Formation],
    ordered: list[Formation],
    sources: list[int | None],
    placed: Sequence[Tile],
    rules: MoveRules,
) -> tuple[str, ...]:
    frules = rules.formation_rules
    edits: list[Told] = []
    taken: Counter[Tile] = Counter()
    # each old set's tiles the new set continuing it keeps, and those it gives up
    kept_by_source: dict[int, tuple[list[Tile], list[Tile]]] = {}
    unchanged: set[int] = set()
    for f, src in zip(ordered, sources):
        if src is None:
            continue
        if _key(f) == _key(old[src]):
            unchanged.add(src)  # kept whole: nothing taken, nothing added
            continue
        kept_by_source[src] = _split(old[src].tiles, f.tiles)
    for i, f in enumerate(old):
        if i in unchanged:
            continue
        kept, gone = kept_by_source.get(i, ([], list(f.tiles)))
        taken.update(gone)
        if not kept:
            edits.append(Told(N_("solve.edit.break_up"), set=i + 1, formation=f.text(frules)))
            continue
        for t in sort_tiles(gone):
            edits.append(Told(N_("solve.edit.take"), tile=str(t), set=i + 1))
    rack_left = Counter(placed)
    for f, src in zip(ordered, sources):
        if src is not None:
            if src in unchanged:
                continue
            for t in sort_tiles(_split(f.tiles, kept_by_source[src][0])[1]):
                if taken[t]:
                    taken[t] -= 1
                    edits.append(Told(N_("solve.edit.add"), tile=str(t), set=src + 1))
                else:
                    rack_left[t] -= 1
                    edits.append(Told(N_("solve.edit.add_from_rack"), tile=str(t), set=src + 1))
            edits.append(Told(N_("solve.edit.now"), set=src + 1, formation=f.text(frules)))
        else:
            from_rack = []
            for t in f.tiles:
                if taken[t]:
                    taken[t] -= 1
                else:
                    from_rack.append(t)
            if from_rack and len(from_rack) < len(f.tiles):
                edits.append(
                    Told(
                        N_("solve.edit.new_part"),
                        formation=f.text(frules),
                        from_rack=len(from_rack),
                    )
                )
            else:
                edits.append(Told(N_("solve.edit.new"), formation=f.text(frules)))
    return tuple(edits)


@attrs.frozen(kw_only=True)
class _Telling:
    """The edits of a move, told when called (``_edits``): what a ``Move`` keeps to tell its
    edits on first reading (a value, not a closure: a move stays picklable)."""

    old: tuple[Formation, ...]
    ordered: tuple[Formation, ...]
    sources: tuple[int | None, ...]
    placed: tuple[Tile, ...]
    rules: MoveRules

    def __call__(self) -> tuple[str, ...]:
        """The edits in words (``_edits``)."""
        return _edits(self.old, list(self.ordered), list(self.sources), self.placed, self.rules)


def _make_move(
    old: Sequence[Formation],
    new_sets: list[Formation],
    placed: list[Tile],
    rules: MoveRules,
    meld: Sequence[Formation] = (),
    meld_only: bool = False,
    ordering: _Ordering | None = None,
) -> Move:
    """The ``Move`` from the old table to ``new_sets`` placing ``placed``; ``meld`` for an
    initial-meld move, ``meld_only`` when the table is untouched (the placed jokers are then
    credited with what the meld's jokers stand for: module docstring); ``ordering``: what
    ``_order_table(old, new_sets)`` returns, when the caller has it already."""
    ordered, sources, unchanged = ordering or _order_table(old, new_sets)
    placed_sorted = sort_tiles(placed)
    return Move(
        placed=placed_sorted,
        table=tuple(ordered),
        tiles_placed=len(placed_sorted),
        points_placed=placed_points(meld if meld_only else ordered, placed_sorted),
        telling=_Telling(
            old=tuple(old),
            ordered=tuple(ordered),
            sources=tuple(sources),
            placed=placed_sorted,
            rules=rules,
        ),
        changed_sets=len(old) - unchanged,
        meld=tuple(meld),
    )
