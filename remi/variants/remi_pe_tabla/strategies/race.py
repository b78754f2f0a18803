"""The closing race (închidere, docs/rules.md §1.11, §1.12): what being near to closing is worth,
from public facts only, for the ``club`` bot's rollout evaluation (docs/bots.md).

"As if the hand ended now" (laid tiles minus rack points) undervalues a player with few tiles:
he may close on his next turn, score the closing bonus and lay his rack. ``race_points`` adds
to each player's standing his chance to close on his next turn (``CLOSE_CHANCE``: by the tiles
on his rack at the start of his turn, opened players only) times what the close would be worth
to him: the closing bonus (``scoring.closing_bonus``) plus his rack's points twice (no longer
counted against him, laid for him instead).

``CLOSE_CHANCE`` was counted from the ``solver`` bot's own hands (4 solver players, the
``remi-pe-tabla`` rules, deals 0-239: 2,880 turn starts of an opened player with 1-11 tiles):
a player who has not opened never closed on the turn (he must open and lay everything at once).
"""

from __future__ import annotations

from typing import Final

from remi.core.formations import loose_tile_points
from remi.variants.remi_pe_tabla.state import GameState

__all__ = ["CLOSE_CHANCE", "race_points"]

#: Chance that an opened player holding this many tiles at the start of his turn closes on it
#: (solver hands, see the module docstring); more tiles: 0.
CLOSE_CHANCE: Final[dict[int, float]] = {
    1: 0.38,
    2: 0.08,
    3: 0.15,
    4: 0.03,
    5: 0.03,
    6: 0.01,
    7: 0.01,
    8: 0.01,
}


def race_points(state: GameState) -> list[float]:
    """Each seat's expected gain from closing on his next turn (points, seat order): 0 for a
    player who has not opened, else ``CLOSE_CHANCE`` of his tile count times the closing bonus
    plus twice his rack's final points (docs/rules.md §1.12)."""
    final = state.rules.final_points
    bonus = state.rules.scoring_closing_bonus
    gains: list[float] = []
    for p in state.players:
        chance = CLOSE_CHANCE.get(len(p.rack), 0.0) if p.opened else 0.0
        if chance == 0.0:
            gains.append(0.0)
            continue
        rack = sum(loose_tile_points(t, final) for t in p.rack)
        gains.append(chance * (bonus + 2 * rack))
    return gains
