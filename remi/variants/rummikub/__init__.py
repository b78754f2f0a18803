"""The Rummikub-style variant plugin (family ``rummikub``): Rummikub, MyRummy, MyRummy Small.

docs/rules.md §2 (the rules and their rule ids), §3.24–§3.29 (the readings chosen) and §0.3 (the
presets ``rummikub``, ``myrummy`` and ``myrummy-small``). The core never imports this package: it
is found through the ``remi.variants`` entry point ``rummikub = "remi.variants.rummikub:VARIANT"``
of pyproject.toml.

Modules (one concept each): ``rules`` (``RummikubRules``), ``state`` (``RummikubState``,
``new_game``), ``actions`` (``Draw``, ``Play``, ``Pass``, ``Penalty``, ``parse_action``),
``engine`` (``legal_actions``, ``check``, ``apply``), ``views`` (``view``), ``scoring``
(``score_state``, ``score_going_out``, ``score_pool_empty``), ``editing`` (``TableEditor``,
``TurnTimer``), ``variant`` (``VARIANT``).
"""

from __future__ import annotations

from remi.variants.rummikub.rules import RummikubRules
from remi.variants.rummikub.variant import VARIANT, RummikubVariant

__all__ = ["VARIANT", "RummikubRules", "RummikubVariant"]
