"""Joker retrieval in a Rummikub-style turn: which table jokers a new arrangement frees, and
whether each was freed by its exact tile under the ``joker.*`` rule ids.

docs/rules.md §2.7: a joker on the table is freed by putting in the tile it stands
for (``joker.exact_tile``); in a 3-tile group either missing colour does, or both missing tiles
are needed (``joker.group_of_three``); the tile may come from the rack or the table
(``joker.replacement_from``); the freed joker must be used on the table that turn (always true
here: every table tile must stay on the table, ``table.tiles_kept``) or, with
``joker.freed_use = new_set_with_rack``, in a set with at least two tiles played from the rack;
not before the initial meld (``joker.retrieve_before_initial``); with ``joker.locks_meld`` a set
holding a joker may be extended but not broken up (``joker.locks_meld``).

A table joker is *kept* when the new table still has a joker standing for the same tile (for a
joker in a 3-tile group: a group of that number holding the group's natural tiles and a joker).
The other table jokers are *freed*.
"""

from __future__ import annotations

import functools
import itertools
from collections import Counter
from collections.abc import Sequence

import attrs

from remi.core.errors import Reason, illegal
from remi.core.formations import Formation, Kind, read_formation
from remi.core.messages import N_
from remi.core.notation import SlotToken
from remi.core.tiles import COLOURS, JOLY, Tile, tile_of
from remi.variants.rummikub.rules import RummikubRules

__all__ = [
    "FreedJoker",
    "check_jokers",
    "freed_jokers",
    "replacement_options",
    "swapped_versions",
]


@attrs.frozen(kw_only=True)
class FreedJoker:
    """A table joker that the new arrangement frees.

    Attributes:
        old_set: the index (0-based) of the start-of-turn set that held it.
        formation: the start-of-turn set that held it.
        index: its position in that set.
        new_set: the index (0-based) of the new set that now holds it.
    """

    old_set: int
    formation: Formation
    index: int
    new_set: int


def replacement_options(
    formation: Formation, index: int, rules: RummikubRules
) -> tuple[Counter[Tile], ...]:
    """The alternative tile multisets that free the joker at ``index`` of ``formation``.

    A run or a 4-tile group: the exact tile it stands for. A 3-tile group: either missing
    colour (``joker.group_of_three = either_missing``) or both missing tiles (``both_missing``).
    """
    return tuple(
        Counter(option) for option in _options(formation, index, rules.joker_group_of_three)
    )


#: ``_options`` keeps the most recently used answers of this many (set, joker) questions
#: (memory stays flat: about 2,600 after 3,000 games of random play, still growing).
_OPTIONS_LIMIT = 1 << 10


@functools.lru_cache(maxsize=_OPTIONS_LIMIT)
def _options(formation: Formation, index: int, group_of_three: str) -> tuple[tuple[Tile, ...], ...]:
    """``replacement_options`` as tuples of tiles (memoised, bounded)."""
    ident = formation.identities[index]
    if ident is not None:
        return ((ident,),)
    present = {t.colour for t in formation.tiles if not t.is_joly}
    missing = tuple(tile_of(c, formation.number) for c in COLOURS if c not in present)
    if group_of_three == "both_missing":
        return (missing,)
    return tuple((m,) for m in missing)


def _kept(old: Formation, i: int, new: Formation, j: int) -> bool:
    ident = old.identities[i]
    if ident is not None:
        return new.identities[j] == ident
    return (
        new.kind is Kind.SET
        and new.number == old.number
        and not (Counter(old.naturals) - Counter(new.naturals))
    )


def _joker_places(table: Sequence[Formation]) -> list[tuple[int, Formation, int]]:
    """(set index, set, tile index) of every joker on ``table``; joker-free sets are skipped
    at C speed."""
    return [
        (h, f, i)
        for h, f in enumerate(table)
        if JOLY in f.tiles
        for i, t in enumerate(f.tiles)
        if t == JOLY
    ]


def freed_jokers(
    old_table: Sequence[Formation], new_table: Sequence[Formation]
) -> list[FreedJoker]:
    """The table jokers the new arrangement frees (those not kept, matching kept jokers at best)."""
    old_j = _joker_places(old_table)
    if not old_j:
        return []
    new_j = [(g, k, j) for k, g, j in _joker_places(new_table)]
    if len(old_j) == 1:  # the search below, for one joker: the first new joker that keeps it
        ((h, f, i),) = old_j
        if not new_j or any(_kept(f, i, g, j) for g, _, j in new_j):
            return []
        return [FreedJoker(old_set=h, formation=f, index=i, new_set=new_j[0][1])]
    best: tuple[int, tuple[int, ...]] = (-1, ())
    for perm in itertools.permutations(range(len(new_j)), len(old_j)):
        kept = sum(1 for (_, f, i), p in zip(old_j, perm) if _kept(f, i, new_j[p][0], new_j[p][2]))
        if kept > best[0]:
            best = (kept, perm)
    out = []
    for (h, f, i), p in zip(old_j, best[1]):
        g, k, j = new_j[p]
        if not _kept(f, i, g, j):
            out.append(FreedJoker(old_set=h, formation=f, index=i, new_set=k))
    return out


def _satisfiable(
    freed: Sequence[FreedJoker], available: Counter[Tile], rules: RummikubRules
) -> bool:
    mode = rules.joker_group_of_three
    choices = [_options(fj.formation, fj.index, mode) for fj in freed]
    for combo in itertools.product(*choices):
        need: Counter[Tile] = Counter()
        for c in combo:
            need.update(c)
        if all(available[t] >= n for t, n in need.items()):
            return True
    return False


def check_jokers(
    old_table: Sequence[Formation],
    new_table: Sequence[Formation],
    played: Counter[Tile],
    rules: RummikubRules,
    *,
    initial_turn: bool,
) -> list[FreedJoker]:
    """Check the joker rules for one turn's new arrangement; return the freed jokers.

    Args:
        old_table: the sets at the start of the turn.
        new_table: the complete new arrangement (every set already valid).
        played: the rack tiles played (new table minus old table, as a multiset).
        initial_turn: the player has not made his initial meld before this turn.

    Raises:
        IllegalActionError: ``joker.retrieve_before_initial``, ``joker.exact_tile``,
            ``joker.replacement_from``, ``joker.group_of_three``, ``joker.freed_use`` or
            ``joker.locks_meld`` (docs/rules.md §2.7).
    """
    freed = freed_jokers(old_table, new_table)
    if freed and initial_turn and not rules.joker_retrieve_before_initial:
        raise illegal(
            "error.rk.joker_before_initial",
            "joker.retrieve_before_initial",
            formation=freed[0].formation.text(),
        )
    if freed:
        rack_only = rules.joker_replacement_from == "rack"
        # the tiles played are among the tiles on changed sets (an unchanged set is a
        # start-of-turn set), so when they free the jokers the larger multiset does too
        satisfied = _satisfiable(freed, played, rules)
        if not satisfied and not rack_only:
            mode_available = _on_changed(old_table, new_table)
            satisfied = _satisfiable(freed, mode_available, rules)
        if not satisfied:
            on_changed = _on_changed(old_table, new_table)
            mode_available = played if rack_only else on_changed
            first = freed[0]
            wanted = " / ".join(
                "+".join(str(t) for t in sorted(c.elements(), key=lambda t: t.code))
                for c in replacement_options(first.formation, first.index, rules)
            )
            where = Reason(
                N_("error.rk.joker_moved"), formation=first.formation.text(), tiles=wanted
            )
            if rack_only and _satisfiable(freed, on_changed, rules):
                raise illegal("error.rk.joker_from_rack", "joker.replacement_from", reason=where)
            either = attrs.evolve(rules, joker_group_of_three="either_missing")
            if rules.joker_group_of_three == "both_missing" and _satisfiable(
                freed, mode_available, either
            ):
                raise illegal("error.rk.joker_group_of_three", "joker.group_of_three", reason=where)
            raise illegal("error.rk.joker_exact", "joker.exact_tile", reason=where)
        if rules.joker_freed_use == "new_set_with_rack":
            for fj in freed:
                g = new_table[fj.new_set]
                from_rack = sum(min(n, played[t]) for t, n in Counter(g.naturals).items())
                if from_rack < 2:
                    raise illegal("error.rk.joker_freed_use", "joker.freed_use", formation=g.text())
    if rules.joker_locks_meld:
        _check_locks(old_table, new_table, freed)
    return freed


def _on_changed(old_table: Sequence[Formation], new_table: Sequence[Formation]) -> Counter[Tile]:
    """The tiles of the new sets that are not unchanged start-of-turn sets."""
    unchanged = Counter(old_table) & Counter(new_table)
    on_changed: Counter[Tile] = Counter(t for g in new_table for t in g.tiles)
    for f, n in unchanged.items():
        for t in f.tiles:
            on_changed[t] -= n
    return +on_changed


def _check_locks(
    old_table: Sequence[Formation], new_table: Sequence[Formation], freed: Sequence[FreedJoker]
) -> None:
    freed_sets = {fj.old_set for fj in freed}
    for h, f in enumerate(old_table):
        if f.joly_count == 0:
            continue
        if h in freed_sets:
            need = Counter(f.naturals)
            ok = any(g.kind is f.kind and not (need - Counter(g.tiles)) for g in new_table)
        else:
            need = Counter(f.tiles)
            idents = Counter(
                i for t, i in zip(f.tiles, f.identities) if t.is_joly and i is not None
            )
            ok = any(
                g.kind is f.kind
                and not (need - Counter(g.tiles))
                and not (
                    idents
                    - Counter(
                        i for t, i in zip(g.tiles, g.identities) if t.is_joly and i is not None
                    )
                )
                for g in new_table
            )
        if not ok:
            raise illegal("error.rk.joker_locks", "joker.locks_meld", formation=f.text())


def swapped_versions(
    formation: Formation, rules: RummikubRules
) -> list[tuple[Formation, Counter[Tile]]]:
    """Each way to free one joker of ``formation`` in place: (the set with the replacement
    tile(s) instead of the joker, the replacement tiles), under ``joker.group_of_three``."""
    out: list[tuple[Formation, Counter[Tile]]] = []
    for index, tile in enumerate(formation.tiles):
        if not tile.is_joly:
            continue
        for option in replacement_options(formation, index, rules):
            slots = [s for k, s in enumerate(formation.slots(explicit=True)) if k != index]
            if formation.kind is Kind.RUN:
                (only,) = option.elements()
                slots.insert(index, SlotToken(only))
            else:
                slots += [SlotToken(t) for t in option.elements()]
            try:
                out.append((read_formation(slots, rules.formation_rules), option))
            except ValueError:
                continue
    return out
