"""Arranging tiles into formations: the best-value arrangement, a full partition, and the
formations that can hold a given tile (helpers for bots and the pe-tablă close).

All three are exact (see ``remi.variants.remi_pe_tabla.solvers._search`` and docs/solvers.md): they consider every way
to split the tiles into runs (suită) and sets (terță), jolys included, under the formation rules
in force (docs/rules.md §1.4).
"""

from __future__ import annotations

from collections.abc import Sequence

from remi.core.candidates import candidate_formations
from remi.core.formations import OPENING_POINTS, Formation, FormationRules, Kind, PointTable
from remi.core.tiles import Tile
from remi.variants.remi_pe_tabla.rules import RemiRules
from remi.variants.remi_pe_tabla.solvers._search import NEG, Option, Search, engine_for, pack

__all__ = ["formations_with", "max_points_arrangement", "partition_all", "sort_formations"]

#: The rules argument: a full rule set (its ``formation_rules`` are used) or formation rules.
RemiRulesLike = RemiRules | FormationRules


def _joly_limits(rules: RemiRulesLike) -> str:
    """``joly.limits`` of a full rule set; none for bare formation rules."""
    return rules.joly_limits if isinstance(rules, RemiRules) else "none"


def sort_formations(formations: Sequence[Formation]) -> tuple[Formation, ...]:
    """Formations in display order: runs by colour (R, Y, B, K) and first rank, then sets by
    number and colours."""

    def key(f: Formation) -> tuple[int, int, int, str]:
        if f.kind is Kind.RUN:
            colour = f.colour
            return (0, colour.index if colour is not None else 9, f.ranks[0], str(f))
        return (1, f.number, 0, str(f))

    return tuple(sorted(formations, key=key))


def _formations(engine: Search, path: list[Option]) -> tuple[Formation, ...]:
    return sort_formations([engine.formation_of(o) for o in path])


def max_points_arrangement(
    tiles: Sequence[Tile], rules: RemiRulesLike, table: PointTable
) -> tuple[Formation, ...]:
    """Disjoint formations from ``tiles`` of the highest total value under ``table``, any shape.

    Args:
        tiles: a multiset of tiles (a rack, possibly with a taken șir tile); at most two copies
            of a numbered tile and two jolys (the 106-tile set, docs/rules.md §0.1).
        rules: a ``RemiRules`` (its ``formation_rules`` are used) or a ``FormationRules``.
        table: the point table, e.g. ``rules.opening_points`` (docs/rules.md §1.5) or
            ``rules.final_points`` (§1.12, where a joly in a formation is worth 50 whatever it
            stands for).

    Returns:
        The formations (possibly none), runs first (see ``sort_formations``). Among arrangements
        of equal value the one with fewer jolys, then fewer tiles, is returned.

    Raises:
        NotationError: a tile appears more often than the 106-tile set holds it.
    """
    frules = _formation_rules(rules)
    engine = engine_for(frules, table, _joly_limits(rules))
    _, path = engine.solve(pack(tiles))
    return _formations(engine, path)


def partition_all(tiles: Sequence[Tile], rules: RemiRulesLike) -> tuple[Formation, ...] | None:
    """Formations that use every tile of ``tiles`` exactly once, or ``None`` when impossible.

    Used for a pe-tablă close (docs/rules.md §1.10: all tiles but the discarded one laid in
    formations, no minimum). An empty ``tiles`` gives ``()``. Among several partitions the one of
    highest opening value (the opening values of the default rules, §1.5) is returned, for
    determinism.

    Raises:
        NotationError: a tile appears more often than the 106-tile set holds it.
    """
    frules = _formation_rules(rules)
    engine = engine_for(frules, OPENING_POINTS, _joly_limits(rules))
    score, path = engine.solve(pack(tiles), use_all=True)
    if score == NEG:
        return None
    return _formations(engine, path)


def formations_with(tile: Tile, tiles: Sequence[Tile], rules: RemiRulesLike) -> list[Formation]:
    """Every candidate formation built from ``tiles`` that contains ``tile``.

    ``tiles`` must include ``tile`` (for a taken șir tile, pass the rack plus that tile,
    docs/rules.md §1.7). The order is that of ``remi.core.candidates.candidate_formations`` (runs by
    colour and start, then sets by number); a joly ``tile`` selects the formations holding a joly.
    """
    frules = _formation_rules(rules)
    if tile not in tiles:
        return []
    if tile.is_joly:
        return [f for f in candidate_formations(tiles, frules) if f.joly_count]
    pool = [t for t in tiles if t.is_joly or _near(t, tile)]
    return [f for f in candidate_formations(pool, frules) if tile in f.tiles]


def _near(other: Tile, tile: Tile) -> bool:
    """Tiles that can share a formation with ``tile``: same colour, or same number."""
    return other.colour is tile.colour or other.number == tile.number


def _formation_rules(rules: RemiRulesLike) -> FormationRules:
    if isinstance(rules, FormationRules):
        return rules
    return rules.formation_rules
