"""Caches of the move generator that live as long as the table or rack they describe.

The table (the formations on it, ``GameState.table``) is a tuple shared by every state until a
formation is laid or extended, so what the move generator derives from it alone (which tiles and
joly identities attach to each formation, which rack tiles a joly can be swapped for) is computed
once per table value and looked up by identity afterwards, instead of hashing every formation on
every state. Entries hold their table, so an identity hit is always the same table; the cache is
emptied when it holds ``TABLE_CACHE_LIMIT`` tables (memory stays flat over long simulations).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from remi.core.formations import FormationRules
from remi.variants.remi_pe_tabla.state import TableFormation

__all__ = ["TABLE_CACHE_LIMIT", "per_table"]

#: Tables remembered at once (per derived quantity); the cache is emptied beyond this.
TABLE_CACHE_LIMIT = 512

_T = TypeVar("_T")
_Key = tuple[Callable[..., object], int, bool]
_Entry = tuple[tuple[TableFormation, ...], FormationRules, object]
_CACHE: dict[_Key, _Entry] = {}


def per_table(
    derive: Callable[[tuple[TableFormation, ...], FormationRules, bool], _T],
    table: tuple[TableFormation, ...],
    frules: FormationRules,
    flag: bool = False,
) -> _T:
    """``derive(table, frules, flag)``, computed once per (table value, rules, flag).

    Args:
        derive: a pure function of its arguments (a table-derived quantity of the move
            generator, e.g. the lay-off targets of each formation).
        table: the state's table, looked up by identity (the entry keeps it alive).
        frules: the formation rules (an entry serves the same rules object only).
        flag: one rule switch ``derive`` depends on (e.g. ``joly.set_of_three_locked``).

    Returns:
        what ``derive`` returns (shared: the caller must not mutate it).
    """
    key = (derive, id(table), flag)
    hit = _CACHE.get(key)
    if hit is not None and hit[0] is table and hit[1] is frules:
        return hit[2]  # type: ignore[return-value]
    value = derive(table, frules, flag)
    if len(_CACHE) >= TABLE_CACHE_LIMIT:
        _CACHE.clear()
    _CACHE[key] = (table, frules, value)
    return value
