"""Romanian Remi pe tablă (family ``remi``): rummy on a rack with a discard row, the șir.

106 tiles, 15 to the first player, the șir and taking from it (rupere), the 45-point opening
(etalare), runs (suită) 1-2-3 and 12-13-1 never 13-1-2, sets (terță), lipire, the two jolys and
their one swap, the announcement at three tiles, closing (închidere) and explained end-of-hand
scoring; docs/rules.md §1. The core never imports this package: it is found through the
``remi.variants`` entry point ``remi = "remi.variants.remi_pe_tabla:VARIANT"`` of pyproject.toml.

Modules (one concept each): ``rules`` (``RemiRules``), ``actions`` (``Draw`` .. ``Undo``,
``parse_action``), ``state`` (``GameState``, ``Phase``, ``new_game``), ``engine`` (``check``,
``apply``, ``legal_actions``), ``opening`` (the opening's value and shape), ``views``
(``view``), ``scoring`` (``score_hand``), ``results`` (a finished state's scores), ``solvers``
(best opening, arrangements, the bots' planner), ``variant`` (``VARIANT``).
"""

from __future__ import annotations

from remi.variants.remi_pe_tabla.rules import RemiRules
from remi.variants.remi_pe_tabla.variant import VARIANT, RemiVariant

__all__ = ["VARIANT", "RemiRules", "RemiVariant"]
