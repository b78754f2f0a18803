"""What the opening search needs of each candidate formation, derived once per formation.

The opening search of the move generator (``movegen_opening._opening_options``, docs/rules.md §1.5
etalare) runs on every turn of an unopened player over the candidate formations of his rack. A
rack changes by one tile a turn, so most of its candidates were candidates of his earlier racks
too: what the search reads of each (its opening value, its tiles as packed counts, its length,
whether it is a run (suită) or a set of 1s, which tile types it holds) is kept per formation
and looked up, instead of being recomputed for every rack. Formations are shared immutable values
with a cached hash, so the look-up is one dictionary access. The table is emptied when it holds
``FACTS_LIMIT`` formations (memory stays flat over long simulations).
"""

from __future__ import annotations

from collections.abc import Sequence

from remi.core.formations import Formation, Kind
from remi.variants.remi_pe_tabla.opening import opening_points
from remi.variants.remi_pe_tabla.rules import RemiRules

__all__ = ["FACTS_LIMIT", "OpeningFacts", "opening_facts"]

#: Formations whose facts are kept at once (per rules object); the table is emptied beyond this.
FACTS_LIMIT = 1 << 14

#: (opening points, tile counts in 3-bit fields, length, is a run, is a set of 1s that may open
#: alone, tile types present as bits ``1 << tile``) of one formation.
OpeningFacts = tuple[int, int, int, bool, bool, int]

_TABLES: dict[int, tuple[RemiRules, dict[Formation, OpeningFacts]]] = {}


def _facts(f: Formation, rules: RemiRules) -> OpeningFacts:
    """The facts of ``f`` under ``rules``, computed (see ``OpeningFacts``)."""
    fields = 0
    present = 0
    for t in f.tiles:
        fields += 1 << (3 * t)
        present |= 1 << t
    return (
        opening_points((f,), rules),
        fields,
        len(f.tiles),
        f.kind is Kind.RUN,
        rules.opening_ones_set_exception and f.kind is Kind.SET and f.number == 1,
        present,
    )


def opening_facts(cands: Sequence[Formation], rules: RemiRules) -> list[OpeningFacts]:
    """The ``OpeningFacts`` of each formation of ``cands``, in order.

    Args:
        cands: candidate formations (``remi.core.candidates.candidate_formations``).
        rules: the Remi rules (their opening values and ``opening.ones_set_exception``); an
            entry serves the same rules object only.

    Returns:
        one tuple per formation: (opening points, tile counts as ``sum(1 << 3 * tile)``,
        length, is a run, is a set of 1s, ``sum of 1 << tile`` over its tile types).
    """
    entry = _TABLES.get(id(rules))
    if entry is None or entry[0] is not rules:
        if len(_TABLES) > 8:
            _TABLES.clear()
        entry = _TABLES[id(rules)] = (rules, {})
    table = entry[1]
    get = table.get
    out: list[OpeningFacts] = []
    for f in cands:
        facts = get(f)
        if facts is None:
            if len(table) >= FACTS_LIMIT:
                table.clear()
            facts = table[f] = _facts(f, rules)
        out.append(facts)
    return out
