"""The opening meld (etalare): its value by the opening table and whether it is a valid opening.

docs/rules.md §1.5: the formations laid in the opening turn must be worth
at least ``opening.min_points`` (45) by the opening values table (2-9 = 5, 10-13 = 10, a 1 = 5
in 1-2-3, 10 in 12-13-1, 25 in a set; a joly = the tile it stands for), and must contain a run
(suită), or else consist of one set (terță) of 1s alone (``opening.ones_set_exception``).
The tile a player gives in exchange for a joly goes into another formation, so it never counts.
"""

from __future__ import annotations

from collections.abc import Sequence

from remi.core.errors import illegal, illegal_n
from remi.core.formations import Formation, Kind, formation_points
from remi.variants.remi_pe_tabla.rules import RemiRules

__all__ = ["check_opening", "opening_points", "opening_shape_ok"]


def opening_points(formations: Sequence[Formation], rules: RemiRules) -> int:
    """Total opening value of ``formations``, in points, by the opening values of ``rules``
    (docs/rules.md §1.5).

    >>> from remi.core.formations import parse_formation
    >>> from remi.core.presets import load_rules
    >>> r = load_rules()
    >>> opening_points([parse_formation("K12 K13 K1"), parse_formation("B7 B8 B9")], r)  # RE-2
    45
    """
    return sum(formation_points(f, rules.opening_points) for f in formations)


def opening_shape_ok(formations: Sequence[Formation], rules: RemiRules) -> bool:
    """True when the formations satisfy ``opening.needs_run`` (a run, or one set of 1s alone)
    and ``opening.needs_set`` (a set too: "a run and a set", docs/rules.md §1.14)."""
    if rules.opening_needs_set and not any(f.kind is Kind.SET for f in formations):
        return False
    if not rules.opening_needs_run:
        return bool(formations)
    if any(f.kind is Kind.RUN for f in formations):
        return True
    return (
        rules.opening_ones_set_exception
        and len(formations) == 1
        and formations[0].kind is Kind.SET
        and formations[0].number == 1
    )


def check_opening(formations: Sequence[Formation], rules: RemiRules, action: object = None) -> int:
    """Check that ``formations`` make a valid opening and return its value in points.

    Args:
        formations: every formation laid in the opening turn (already valid formations).
        rules: the rule set in force.
        action: the action being checked, quoted in the error message (optional).

    Raises:
        IllegalActionError: ``opening.needs_run`` when there is no run and the formations are
            not one set of 1s alone (RE-4, RE-5 under rummy-45); ``opening.needs_set`` when a
            set is required and missing; ``opening.min_points`` when the
            total is below the minimum (RE-7).
    """
    if not formations:
        raise illegal("error.opening.empty", "opening.min_points", action)
    points = opening_points(formations, rules)
    if not opening_shape_ok(formations, rules):
        if rules.opening_needs_set and not any(f.kind is Kind.SET for f in formations):
            raise illegal("error.opening.needs_set", "opening.needs_set", action)
        if rules.opening_ones_set_exception:
            raise illegal("error.opening.needs_run_or_ones", "opening.needs_run", action)
        raise illegal("error.opening.needs_run", "opening.needs_run", action)
    if points < rules.opening_min_points:
        raise illegal_n(
            "error.opening.min_points",
            points,
            "opening.min_points",
            action,
            needs=rules.opening_min_points,
        )
    return points
