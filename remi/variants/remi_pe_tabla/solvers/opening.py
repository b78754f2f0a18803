"""The best opening (etalare) a player can lay from his rack: exact, by memoised search.

docs/rules.md §1.4–§1.5, §1.7: the opening is one or more formations laid in
one turn, worth at least ``opening.min_points`` by the opening values table (2-9 = 5, 10-13 = 10,
a 1 = 5 in 1-2-3, 10 in 12-13-1, 25 in a set; a joly = the tile it stands for), containing a run
(suită) or else one set (terță) of 1s alone (``opening.ones_set_exception``). A tile taken from
the end of the șir must be part of one of the formations.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from remi.core.formations import Formation, Kind, formation_readings
from remi.core.notation import SlotToken
from remi.core.tiles import COLOURS, JOLY, Tile
from remi.variants.remi_pe_tabla.house import joly_limits_ok
from remi.variants.remi_pe_tabla.opening import opening_points
from remi.variants.remi_pe_tabla.rules import RemiRules
from remi.variants.remi_pe_tabla.solvers._search import (
    FLAG_FORM,
    FLAG_MUST,
    FLAG_RUN,
    FLAG_SET,
    JOLY_WEIGHT,
    NEG,
    POINTS_WEIGHT,
    bit_of,
    engine_for,
    pack,
)
from remi.variants.remi_pe_tabla.solvers.arrange import sort_formations

__all__ = ["OpeningPlan", "best_opening"]


@attrs.frozen(kw_only=True)
class OpeningPlan:
    """The best opening found for a rack.

    Attributes:
        formations: the formations to lay, runs first (by colour and first rank), then sets (by
            number); each is a ``remi.core.formations.Formation`` with its joly identities.
        points: the opening value in points, by the opening values of the rules in force
            (docs/rules.md §1.5; at least ``opening.min_points``).
        tiles_used: how many tiles the formations hold (jolys included).
    """

    formations: tuple[Formation, ...]
    points: int
    tiles_used: int

    @property
    def text(self) -> str:
        """The formations in notation, ``"[R5 R6 R7] [R10 Y10 B10]"``."""
        return " ".join(str(f) for f in self.formations)


def best_opening(
    rack: Sequence[Tile], rules: RemiRules, *, must_include: Tile | None = None
) -> OpeningPlan | None:
    """The highest-value valid opening (etalare) that can be laid from ``rack``, or ``None``.

    Exact: every split of the rack into formations and tiles kept back is considered (see
    docs/solvers.md for the method and the argument). Among openings of equal value the one with
    fewer jolys, then fewer tiles, is chosen: it keeps the most flexible tiles back for later
    turns; the remaining choice is fixed by the search order, so the answer is deterministic and
    does not depend on the order of ``rack``.

    Args:
        rack: the tiles the player holds (any order, any size; at most two copies of a numbered
            tile and two jolys in all, counting ``must_include``).
        rules: the Remi rules in force: ``formation_rules`` (docs/rules.md §1.4),
            ``opening_points`` (§1.5), ``opening.min_points``, ``opening.needs_run``,
            ``opening.ones_set_exception``.
        must_include: the tile taken from the end of the șir this turn (docs/rules.md §1.7). It is
            *added* to ``rack`` (do not put it in ``rack`` too) and must be part of one of the
            formations.

    Returns:
        An ``OpeningPlan`` whose formations pass ``remi.variants.remi_pe_tabla.opening.check_opening``, or ``None`` when
        no valid opening exists (rule ids ``opening.min_points`` / ``opening.needs_run``).

    Raises:
        NotationError: a tile appears more often than the 106-tile set holds it (docs/rules.md
            §0.1).

    >>> from remi.core.notation import parse_tiles
    >>> from remi.core.presets import load_rules
    >>> plan = best_opening(parse_tiles("R5 R6 R7 R10 Y10 B10 K2"), load_rules())  # RE-1
    >>> plan.text, plan.points
    ('[R5 R6 R7] [R10 Y10 B10]', 45)
    """
    tiles = list(rack)
    if must_include is not None:
        tiles.append(must_include)
    frules = rules.formation_rules
    table = rules.opening_points
    must_joly = must_include is not None and must_include.is_joly
    engine = engine_for(frules, table, rules.joly_limits)
    state = pack(tiles)
    state |= FLAG_RUN if rules.opening_needs_run else FLAG_FORM
    if rules.opening_needs_set:
        state |= FLAG_SET
    must_bit = 0
    if must_include is not None:
        state |= FLAG_MUST
        if not must_joly:
            must_bit = bit_of(must_include)
    score, path = engine.solve(state, must_bit=must_bit, must_joly=must_joly)
    formations = sort_formations([engine.formation_of(o) for o in path])
    if rules.opening_needs_run and rules.opening_ones_set_exception:
        ones = _best_ones_set(tiles, rules, must_include)
        if ones is not None and ones[0] > score:
            score, formations = ones[0], (ones[1],)
    if score == NEG or not formations:
        return None
    points = opening_points(formations, rules)
    if points < rules.opening_min_points:
        return None
    return OpeningPlan(
        formations=formations, points=points, tiles_used=sum(len(f) for f in formations)
    )


def _best_ones_set(
    tiles: Sequence[Tile], rules: RemiRules, must: Tile | None
) -> tuple[int, Formation] | None:
    """The best set of 1s alone (the ``opening.ones_set_exception`` shape) and its score."""
    frules = rules.formation_rules
    colours = [c for c in COLOURS if Tile(c, 1) in tiles]
    jolys = min(2, sum(1 for t in tiles if t.is_joly))
    if must is not None and not must.is_joly and must.number != 1:
        return None
    each = rules.opening_points.rank_points(1, Kind.SET)
    best: tuple[int, Formation] | None = None
    for mask in range(1, 1 << len(colours)):
        chosen = [c for i, c in enumerate(colours) if mask >> i & 1]
        if must is not None and not must.is_joly and must.colour not in chosen:
            continue
        if len(chosen) < max(1, frules.min_natural_tiles):
            continue
        for k in range(min(jolys, 4 - len(chosen)) + 1):
            if must is not None and must.is_joly and k == 0:
                continue
            size = len(chosen) + k
            if not frules.min_tiles <= size <= min(frules.set_max_tiles, 4):
                continue
            score = each * size * POINTS_WEIGHT - k * JOLY_WEIGHT - size
            if best is None or score > best[0]:
                slots = [SlotToken(Tile(c, 1)) for c in chosen] + [SlotToken(JOLY)] * k
                reading = [f for f in formation_readings(slots, frules) if f.kind is Kind.SET]
                if not joly_limits_ok(reading[0], rules.joly_limits):
                    continue
                best = (score, reading[0])
    return best
