"""The Remi play planner: what to lay, whether to take the last șir tile, and what to discard.

Every function works from public information and the player's own rack only (what a
``remi.variants.remi_pe_tabla.views.PlayerView`` holds): the table, the șir (discard row), the
stock count and the public status of the other seats. Nothing here reads a ``GameState``.

The pieces (rules of docs/rules.md §1.4–§1.12):

- ``unseen_counts``: for each of the 53 tile types, how many copies the player cannot see
  (2 per type minus his rack, the table and the șir);
- ``best_layout``: the formations of highest final value (§1.12) an opened player lays from his
  rack (with a taken șir tile when one must be used, §1.7), always leaving a tile to discard;
- ``take_gain``: the points of the new formations that the last șir tile makes possible;
- ``keep_scores`` / ``choose_discard``: how much each rack tile is worth keeping, and the tile
  to discard: the least useful one (in no formation, no near formation whose missing tile is
  still unseen), weighing its final value (``DiscardWeights.value_risk_*``) and avoiding tiles the next player is likely to use (denial,
  judged from the unseen counts and that player's public rack size and status).

docs/simulate.md gives the weights' measured effect (the ladder).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from remi.core.formations import Formation, Kind, formation_points, loose_tile_points
from remi.core.tiles import COLOURS, Tile
from remi.variants.remi_pe_tabla.rules import RemiRules
from remi.variants.remi_pe_tabla.solvers.arrange import (
    formations_with,
    max_points_arrangement,
    partition_all,
)
from remi.variants.remi_pe_tabla.state import TableFormation

__all__ = [
    "DiscardWeights",
    "best_layout",
    "choose_discard",
    "rank_discards",
    "fits_table",
    "table_fits",
    "keep_scores",
    "layout_points",
    "take_gain",
    "turn_value",
    "unseen_counts",
]

_JOLY_CODE = 52


@attrs.frozen(kw_only=True)
class DiscardWeights:
    """The weights of ``keep_scores`` (points-like units; a higher keep score is kept).

    Attributes:
        in_formation: a tile of a complete formation on the rack (an unopened player's
            formations waiting for the opening).
        near: per unseen copy of a tile that would complete a near formation (two tiles of a
            run or set held, the third still in play).
        table_fit: a tile that could be attached (lipire) to a table formation later.
        value_risk_start: the fraction of a tile's final value counted against keeping it with
            a full stock; it changes linearly to ``value_risk_end`` when the stock is empty. The
            default is negative (low values go first): in the ladder, discarding high values
            first lost about 10-20 points a hand to the greedy bot, because kept tiles are
            usually laid later and score for their holder (docs/rules.md §1.12).
        value_risk_end: see ``value_risk_start``.
        deny: per unit of the next player's estimated chance to use the tile (denial); 0 turns
            denial off.
    """

    in_formation: float = 1000.0
    near: float = 6.0
    table_fit: float = 12.0
    value_risk_start: float = -0.5
    value_risk_end: float = -0.5
    deny: float = 60.0


DEFAULT_WEIGHTS = DiscardWeights()


def unseen_counts(
    rack: Sequence[Tile], table: Sequence[TableFormation], sir: Sequence[Tile]
) -> list[int]:
    """Copies of each tile type (index ``tile.code``, 0-52) the player cannot see.

    Every numbered tile and the joly exist twice (docs/rules.md §0.1); the player sees his rack,
    the table (every tile as laid; a swapped joly is still a joly) and the șir.
    """
    counts = [2] * 53
    for t in rack:
        counts[t.code] -= 1
    for tf in table:
        for t in tf.formation.tiles:
            counts[t.code] -= 1
    for t in sir:
        counts[t.code] -= 1
    return [max(0, c) for c in counts]


def _code(colour_index: int, number: int) -> int | None:
    """The code of a numbered tile; rank 14 is a 1 played high; None off the board."""
    if number == 14:
        number = 1
    if not 1 <= number <= 13:
        return None
    return colour_index * 13 + number - 1


def _run_pairs(tile: Tile, ace_high: bool) -> list[tuple[int, int]]:
    """Pairs of tile codes that make a 3-tile run with ``tile`` (same colour)."""
    assert tile.colour is not None
    ci = tile.colour.index
    ranks = [tile.number] + ([14] if tile.number == 1 and ace_high else [])
    pairs: list[tuple[int, int]] = []
    top = 14 if ace_high else 13
    for r in ranks:
        for a, b in ((r - 2, r - 1), (r - 1, r + 1), (r + 1, r + 2)):
            if a < 1 or b > top or (a == 1 and r == 14) or (b == 14 and r == 1):
                continue
            ca, cb = _code(ci, a), _code(ci, b)
            if ca is not None and cb is not None:
                pairs.append((ca, cb))
    return pairs


def _set_pairs(tile: Tile) -> list[tuple[int, int]]:
    """Pairs of tile codes that make a 3-tile set with ``tile`` (same number, other colours)."""
    assert tile.colour is not None
    others = [c.index for c in COLOURS if c is not tile.colour]
    n = tile.number
    return [
        (others[i] * 13 + n - 1, others[j] * 13 + n - 1) for i in range(3) for j in range(i + 1, 3)
    ]


def _partner_pairs(tile: Tile, ace_high: bool) -> list[tuple[int, int]]:
    return _run_pairs(tile, ace_high) + _set_pairs(tile)


# The last table tuple asked about and its answer: a hand's table tuple is carried over
# unchanged from state to state (and view to view) until a formation is laid or extended, and a
# bot asks at every discard. Only a tuple (immutable) is remembered, by identity; holding it
# keeps its identity from being reused.
_LAST_FITS: list[tuple[tuple[TableFormation, ...] | None, frozenset[Tile]]] = [(None, frozenset())]


def table_fits(table: Sequence[TableFormation]) -> frozenset[Tile]:
    """The natural tiles that could be attached (lipire) to a table formation: a run's
    neighbours at either end (a 1 after 13), a set's missing colours while it has room."""
    last, fits = _LAST_FITS[0]
    if last is table:
        return fits
    fits = _table_fits(table)
    if type(table) is tuple:
        _LAST_FITS[0] = (table, fits)
    return fits


def _table_fits(table: Sequence[TableFormation]) -> frozenset[Tile]:
    out: set[Tile] = set()
    for tf in table:
        f = tf.formation
        if f.kind is Kind.RUN:
            colour = f.colour
            if colour is None:
                continue
            for rank in (f.ranks[0] - 1, f.ranks[-1] + 1):
                if 1 <= rank <= 13:
                    out.add(Tile(colour, rank))
            if f.ranks[-1] == 13:
                out.add(Tile(colour, 1))
        elif len(f) < 4:
            present = {i.colour for i in f.identities if i is not None}
            out.update(Tile(c, f.number) for c in COLOURS if c not in present)
    return frozenset(out)


def fits_table(tile: Tile, table: Sequence[TableFormation]) -> bool:
    """``tile`` could be attached at an end of a table run or to a table set with room."""
    return tile in table_fits(table)


def keep_scores(
    rack: Sequence[Tile],
    choices: Sequence[Tile],
    *,
    table: Sequence[TableFormation],
    sir: Sequence[Tile],
    rules: RemiRules,
    stock_count: int,
    opponent_tiles: int = 14,
    opponent_weight: float = 1.0,
    weights: DiscardWeights = DEFAULT_WEIGHTS,
) -> dict[Tile, float]:
    """How much each tile of ``choices`` (distinct tiles of ``rack``) is worth keeping.

    Args:
        rack: the player's tiles.
        choices: the tiles he may discard.
        table, sir: the public table and șir.
        rules: the rules in force (final values, docs/rules.md §1.12; ``run.ace_high``).
        stock_count: tiles left in the stock (the value risk grows as it shrinks).
        opponent_tiles: the next player's rack size (public), for the denial estimate.
        opponent_weight: how much the next player's use of the tile matters (1 when he could
            take it into a formation now; less when he has not opened and would need a whole
            opening with it; 0 turns denial off).
        weights: the ``DiscardWeights``.

    Returns:
        tile -> keep score (higher = keep). A joly is always kept (it scores 50 and fits
        anywhere).
    """
    ace_high = rules.formation_rules.ace_high
    unseen = unseen_counts(rack, table, sir)
    unseen_total = max(1, sum(unseen))
    held = [0] * 53
    for t in rack:
        held[t.code] += 1
    in_arr: set[Tile] = set()
    for f in max_points_arrangement(rack, rules, rules.final_points):
        in_arr.update(f.tiles)
    full_stock = 106 - 15 - 14 * 3
    progress = 1.0 - min(1.0, stock_count / full_stock)
    risk = weights.value_risk_start + (weights.value_risk_end - weights.value_risk_start) * progress
    p_hold = [min(1.0, u * opponent_tiles / unseen_total) for u in unseen]
    p_joly = p_hold[_JOLY_CODE]
    fitting = table_fits(table)
    out: dict[Tile, float] = {}
    for tile in dict.fromkeys(choices):
        if tile.is_joly:
            out[tile] = 1e6
            continue
        held[tile.code] -= 1  # partners other than this copy
        score = weights.in_formation if tile in in_arr else 0.0
        near = 0.0
        danger = 0.0
        for a, b in _partner_pairs(tile, ace_high):
            ha, hb = held[a] > 0, held[b] > 0
            if ha and hb:
                near += 3.0  # a complete 3-formation on the rack (counted by in_arr too)
            elif ha:
                near += unseen[b] + unseen[_JOLY_CODE] * 0.5
            elif hb:
                near += unseen[a] + unseen[_JOLY_CODE] * 0.5
            danger += p_hold[a] * p_hold[b] + p_joly * (p_hold[a] + p_hold[b]) * 0.5
        held[tile.code] += 1
        score += weights.near * near
        if tile in fitting:
            score += weights.table_fit
        score -= risk * loose_tile_points(tile, rules.final_points)
        score += weights.deny * opponent_weight * danger
        out[tile] = score
    return out


def rank_discards(
    rack: Sequence[Tile],
    choices: Sequence[Tile],
    *,
    table: Sequence[TableFormation],
    sir: Sequence[Tile],
    rules: RemiRules,
    stock_count: int,
    opponent_tiles: int = 14,
    opponent_weight: float = 1.0,
    weights: DiscardWeights = DEFAULT_WEIGHTS,
) -> list[Tile]:
    """The distinct tiles of ``choices``, best discard first: lowest ``keep_scores`` value (same
    arguments); ties go to the higher final value, then the higher tile in sort order, so the
    order is deterministic.

    Raises:
        ValueError: ``choices`` is empty.
    """
    if not choices:
        raise ValueError("no tile to discard")
    scores = keep_scores(
        rack,
        choices,
        table=table,
        sir=sir,
        rules=rules,
        stock_count=stock_count,
        opponent_tiles=opponent_tiles,
        opponent_weight=opponent_weight,
        weights=weights,
    )
    final = rules.final_points
    return sorted(scores, key=lambda t: (scores[t], -loose_tile_points(t, final), -t.code))


def choose_discard(rack: Sequence[Tile], choices: Sequence[Tile], **options: Any) -> Tile:
    """The first tile of ``rank_discards(rack, choices, **options)`` (the keyword options of
    ``rank_discards``): the lowest ``keep_scores`` value.

    Raises:
        ValueError: ``choices`` is empty.
    """
    return rank_discards(rack, choices, **options)[0]


def layout_points(formations: Sequence[Formation], rules: RemiRules) -> int:
    """The final value (docs/rules.md §1.12, points) of ``formations``."""
    return sum(formation_points(f, rules.final_points) for f in formations)


def _without(rack: Sequence[Tile], tiles: Sequence[Tile]) -> tuple[Tile, ...]:
    out = list(rack)
    for t in tiles:
        out.remove(t)
    return tuple(out)


def best_layout(
    rack: Sequence[Tile], rules: RemiRules, *, taken: Tile | None = None
) -> tuple[Formation, ...]:
    """The formations an opened player lays now: the highest final value, a tile left over.

    Args:
        rack: his rack (a taken șir tile already on it, as in a view after ``take``).
        rules: the rules in force.
        taken: the taken șir tile that must be in a new formation this turn (docs/rules.md
            §1.7), or None.

    Returns:
        Disjoint formations from ``rack`` (possibly none) that leave at least one tile to
        discard. When every tile fits, all tiles but one are laid, keeping back a joly when
        possible (a joly closing tile doubles the hand score, docs/rules.md §1.12), else the
        lowest-value tile. With ``taken``, one formation holds it (empty when none can).
    """
    table = rules.final_points
    if taken is not None:
        best: tuple[int, tuple[Formation, ...]] | None = None
        for f in formations_with(taken, rack, rules):
            if len(f) >= len(rack):
                continue
            rest = _without(rack, f.tiles)
            more = _layout_free(rest, rules, leave_one=True)
            value = formation_points(f, table) + layout_points(more, rules)
            if best is None or value > best[0]:
                best = (value, (f, *more))
        return best[1] if best is not None else ()
    return _layout_free(tuple(rack), rules, leave_one=True)


def _layout_free(
    rack: tuple[Tile, ...], rules: RemiRules, *, leave_one: bool
) -> tuple[Formation, ...]:
    table = rules.final_points
    arrangement = max_points_arrangement(rack, rules, table)
    if not arrangement or not leave_one:
        return arrangement
    if sum(len(f) for f in arrangement) < len(rack):
        return arrangement
    order = sorted(
        dict.fromkeys(rack), key=lambda t: (not t.is_joly, loose_tile_points(t, table), t)
    )
    for tile in order:
        partition = partition_all(_without(rack, (tile,)), rules)
        if partition:
            return partition
    smallest = min(arrangement, key=lambda f: (formation_points(f, table), len(f)))
    return tuple(f for f in arrangement if f is not smallest)


def take_gain(rack: Sequence[Tile], tile: Tile, rules: RemiRules) -> int:
    """Points (final values) of the best layout that the last șir tile ``tile`` adds, for an
    opened player: the best layout of rack + tile that uses it, minus the best layout of the
    rack alone; 0 when no formation with a tile left over holds it (docs/rules.md §1.7: then it
    may not be taken by an opened player)."""
    pool = (*rack, tile)
    with_tile = best_layout(pool, rules, taken=tile)
    if not with_tile:
        return 0
    return max(
        1,
        layout_points(with_tile, rules)
        - layout_points(_layout_free(tuple(rack), rules, leave_one=True), rules),
    )


def turn_value(
    rack: Sequence[Tile], rules: RemiRules, *, taken: Sequence[Tile] = (), left_weight: float = 1.0
) -> float | None:
    """The value (points) of an opened player's turn after taking ``taken`` from the șir: the
    final value of ``best_layout`` (the first taken tile in a new formation, docs/rules.md §1.7)
    minus ``left_weight`` times the final value of the tiles left on the rack (a liability if
    the hand ends, §1.12). ``taken`` empty: the rack alone (drawing, the drawn tile unknown).
    None when the first taken tile fits no new formation.
    """
    pool = (*rack, *taken)
    layout = best_layout(pool, rules, taken=taken[0] if taken else None)
    if taken and not layout:
        return None
    left = list(pool)
    for f in layout:
        for t in f.tiles:
            left.remove(t)
    final = rules.final_points
    return layout_points(layout, rules) - left_weight * sum(
        loose_tile_points(t, final) for t in left
    )
