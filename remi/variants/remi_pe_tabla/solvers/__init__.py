"""Exact solvers: the best opening (etalare) from a rack, and arrangement helpers for bots.

See docs/solvers.md for the method and measured figures.
"""

from __future__ import annotations

from remi.variants.remi_pe_tabla.solvers.arrange import (
    formations_with,
    max_points_arrangement,
    partition_all,
    sort_formations,
)
from remi.variants.remi_pe_tabla.solvers.opening import OpeningPlan, best_opening

__all__ = [
    "OpeningPlan",
    "best_opening",
    "formations_with",
    "max_points_arrangement",
    "partition_all",
    "sort_formations",
]
