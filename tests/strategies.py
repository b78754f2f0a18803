"""Shared hypothesis strategies for the remi test-suite."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from hypothesis import strategies as st

from remi.core.candidates import candidate_formations
from remi.core.formations import REMI_FORMATIONS, Formation
from remi.core.handend import (
    VIA_LAYOFF,
    VIA_MELD,
    VIA_SWAP,
    HandEnd,
    PlacedFormation,
    PlacedTile,
    PlayerEnd,
)
from remi.core.rulespec import RuleSet, rule_specs
from remi.core.tiles import FULL_SET, Tile


def _fits(formation: Formation, pool: Counter[Tile]) -> bool:
    need = Counter(formation.tiles)
    return all(pool[t] >= n for t, n in need.items())


@st.composite
def hand_ends(draw: Any, *, allow_penalties: bool = True, allow_atu: bool = True) -> HandEnd:
    """A random consistent end of a Remi hand: 2-4 players, formations dealt out of one 106-tile
    set, tiles attached or given for jolys by other opened players, racks from the remaining
    tiles, and either a closer (empty rack) or an exhausted stock."""
    rnd = draw(st.randoms(use_true_random=False))
    tiles = list(FULL_SET)
    rnd.shuffle(tiles)
    n_players = draw(st.integers(2, 4))
    names = [f"P{i}" for i in range(n_players)]
    pool: Counter[Tile] = Counter(tiles[:60])
    candidates = candidate_formations(pool.elements(), REMI_FORMATIONS)
    rnd.shuffle(candidates)
    opened = {name: draw(st.booleans()) for name in names}
    closer_name = draw(st.sampled_from(names + [None]))
    if closer_name is not None:
        opened[closer_name] = True
    openers = [n for n in names if opened[n]]
    formations: list[PlacedFormation] = []
    for f in candidates[: draw(st.integers(0, 12))]:
        if not openers or not _fits(f, pool):
            continue
        pool -= Counter(f.tiles)
        owner = rnd.choice(openers)
        placed = []
        for t in f.tiles:
            via = (
                rnd.choice([VIA_MELD, VIA_MELD, VIA_LAYOFF, VIA_SWAP])
                if not t.is_joly
                else VIA_MELD
            )
            by = owner if via == VIA_MELD else rnd.choice(openers)
            swapped = t.is_joly and rnd.random() < 0.3
            placed.append(PlacedTile(tile=t, placed_by=by, via=via, swapped=swapped))
        formations.append(PlacedFormation(owner=owner, formation=f, placed=tuple(placed)))
    rest = list(pool.elements()) + tiles[60:]
    rnd.shuffle(rest)
    players = []
    for name in names:
        count = 0 if name == closer_name else draw(st.integers(0, 8))
        rack = tuple(rest[:count])
        del rest[:count]
        players.append(
            PlayerEnd(
                name=name,
                rack=rack,
                opened=opened[name],
                failed_announcement=allow_penalties and draw(st.booleans()),
                atu=allow_atu and draw(st.booleans()),
            )
        )
    closing = rest[0] if closer_name is not None else None
    atu = (
        draw(st.sampled_from([None, Tile.parse("K1"), Tile.parse("J"), Tile.parse("Y9")]))
        if allow_atu
        else None
    )
    return HandEnd(
        players=tuple(players),
        formations=tuple(formations),
        closed_by=closer_name,
        closing_tile=closing,
        stock_exhausted=closer_name is None,
        atu=atu,
    )


# --- Rummikub family: house-rule values drawn at random --------------------------------------------

#: Per family, the rule ids whose values the stateful test and the conformance suite draw at
#: random (the soak draws the same, benchmarks/soak.py ``HOUSE_RULES``).
HOUSE_RULE_IDS: dict[str, tuple[str, ...]] = {
    "rummikub": ("table.keep_three", "joker.locks_meld", "run.ace_high"),
}


def house_rule_overrides(
    rules: RuleSet, pick: Callable[[Sequence[Any]], Any]
) -> tuple[tuple[str, Any], ...]:
    """``(rule id, value)`` for each ``HOUSE_RULE_IDS`` id of ``rules``' family, the value
    chosen by ``pick`` among the allowed ones (``random.Random(seed).choice``, or
    ``lambda values: data.draw(st.sampled_from(values))``)."""
    specs = {spec.rule_id: spec for spec in rule_specs(type(rules))}
    return tuple(
        (rule_id, pick((False, True) if specs[rule_id].kind is bool else specs[rule_id].choices))
        for rule_id in HOUSE_RULE_IDS.get(rules.family, ())
    )
