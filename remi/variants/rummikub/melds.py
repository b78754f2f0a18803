"""Rummikub-style sets and values: validating a set under the preset, initial-meld points, rack points.

docs/rules.md §2.3 (runs with the 1 low only, groups of distinct colours), §2.5 (the initial
meld: face values, a joker counts as the tile it stands for, ``initial_meld.min_points``),
§2.7 and §2.9 (a joker left on a rack counts ``scoring.joker_points``).
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence

from remi.core.errors import InvalidFormationError, formation_error, illegal, illegal_n
from remi.core.formations import (
    Formation,
    FormationRules,
    PointTable,
    formation_points,
    formation_readings,
    read_formation,
)
from remi.core.messages import N_
from remi.core.notation import SlotToken
from remi.core.tiles import Tile
from remi.variants.rummikub.rules import RummikubRules

__all__ = [
    "check_initial_meld",
    "initial_meld_points",
    "judge_formation",
    "laid_set_points",
    "rack_points",
    "revalidate",
    "set_points",
    "tile_points",
]


@functools.cache
def _point_table(joker_zero: bool, joker_points: int) -> PointTable:
    return PointTable(
        face=True, joly_in_formation=0 if joker_zero else None, joly_loose=joker_points
    )


def _table(rules: RummikubRules) -> PointTable:
    return _point_table(rules.initial_meld_joker_value == "zero", rules.scoring_joker_points)


def set_points(formation: Formation, rules: RummikubRules) -> int:
    """Face-value points of one set (docs/rules.md §2.5): each tile its number, a joker the
    number of the tile it stands for (its rank; in a 3-tile group the group's number), or 0 when
    ``initial_meld.joker_value = zero``.

    >>> from remi.core.formations import parse_formation
    >>> from remi.variants.rummikub.rules import RummikubRules
    >>> set_points(parse_formation("[B5 B6 J]"), RummikubRules())
    18
    """
    return formation_points(formation, _table(rules))


def initial_meld_points(formations: Iterable[Formation], rules: RummikubRules) -> int:
    """Total face-value points of the sets of an initial meld (docs/rules.md §2.5), in points."""
    return sum(set_points(f, rules) for f in formations)


def judge_formation(
    slots: Sequence[SlotToken], rules: FormationRules
) -> Formation | InvalidFormationError:
    """How ``read_formation`` judges ``slots``, without raising: the one reading it gives, or
    the error it would raise (an ``AmbiguousFormationError`` when the jolys' identities must be
    stated, ``joly.identity``, docs/rules.md §2.3). The working table's marks, the initial
    meld's running count and ``done`` all judge a set with it, so they always agree.

    >>> from remi.core.notation import parse_formation_tokens
    >>> frules = RummikubRules().formation_rules
    >>> judge_formation(parse_formation_tokens("R3 R4 R5"), frules).kind.name
    'RUN'
    >>> type(judge_formation(parse_formation_tokens("R9 J J"), frules)).__name__
    'AmbiguousFormationError'
    """
    try:
        return read_formation(slots, rules)
    except InvalidFormationError as exc:
        return exc


def laid_set_points(slots: Sequence[SlotToken], rules: RummikubRules) -> int:
    """Points of a set being laid in the initial-meld turn, as the initial meld will count them
    (docs/rules.md §2.5): a set that ``done`` reads as one run or group (``judge_formation``;
    marked ✓ while editing) counts
    ``set_points`` (a joker the tile it stands for, or 0 under ``initial_meld.joker_value =
    zero``); a set not valid yet (too short, mixed: marked … or ✗) counts 0 until it is, as does
    an ambiguous one (``[K11 J J]``, marked ``?``: ``joly.identity``). In points.

    >>> from remi.core.notation import parse_formation_tokens
    >>> rules = RummikubRules()
    >>> laid_set_points(parse_formation_tokens("R6 R7 J"), rules)
    21
    >>> laid_set_points(parse_formation_tokens("R10 R11"), rules)
    0
    >>> laid_set_points(parse_formation_tokens("K11 J J"), rules)
    0
    >>> laid_set_points(parse_formation_tokens("K11 J[K12] J[K13]"), rules)
    36
    """
    judged = judge_formation(slots, rules.formation_rules)
    return set_points(judged, rules) if isinstance(judged, Formation) else 0


def check_initial_meld(formations: Sequence[Formation], rules: RummikubRules) -> int:
    """Check that new sets from the rack make a valid initial meld; return their points.

    Raises:
        IllegalActionError: ``initial_meld.min_points`` when they total less than the minimum
            (RK-5, RK-6), or ``turn.play_or_draw`` when there is no set at all.
    """
    if not formations:
        raise illegal("error.rk.initial_no_set", "turn.play_or_draw")
    points = initial_meld_points(formations, rules)
    if points < rules.initial_meld_min_points:
        raise illegal_n(
            "error.rk.initial_points",
            points,
            "initial_meld.min_points",
            needs=rules.initial_meld_min_points,
        )
    return points


def tile_points(tile: Tile, rules: RummikubRules) -> int:
    """Points of a tile left on a rack (docs/rules.md §2.9): its number, a joker
    ``scoring.joker_points``."""
    return rules.scoring_joker_points if tile.is_joly else tile.number


def rack_points(rack: Iterable[Tile], rules: RummikubRules) -> int:
    """Points of a rack at the end of a game (docs/rules.md §2.9), in points.

    >>> from remi.core.notation import parse_tiles
    >>> rack_points(parse_tiles("Y5 K9 J"), RummikubRules())
    44
    """
    return sum(tile_points(t, rules) for t in rack)


def revalidate(formation: Formation, rules: RummikubRules) -> Formation:
    """The same set read again under ``rules`` (jokers with their identities), for sets built
    elsewhere (e.g. under Remi rules).

    Raises:
        InvalidFormationError: with the rule id (``run.ace_high`` for ``[R12 R13 R1]``...).
    """
    if _reads_back(formation, rules.formation_rules):
        return formation
    again = read_formation(formation.slots(explicit=True), rules.formation_rules)
    if again != formation:
        raise formation_error(
            N_("error.rk.reads_differently"),
            "formation.kind",
            tiles_text=formation.text(),
            formation=formation.text(),
        )
    return formation


#: ``_reads_back`` keeps the most recently used answers for this many sets (memory stays flat;
#: random play never asks: its plays are built valid by the move generator).
_READS_BACK_LIMIT = 1 << 12


@functools.lru_cache(maxsize=_READS_BACK_LIMIT)
def _reads_back(formation: Formation, frules: FormationRules) -> bool:
    """``formation`` is the one reading of its own explicit slots under ``frules`` (memoised)."""
    return formation_readings(formation.slots(explicit=True), frules) == [formation]
