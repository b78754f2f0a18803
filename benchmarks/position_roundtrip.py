"""The position notation over whole games: every state of N seeded random games of a family.

For every state: the full form parses back to the same state (its history aside: the undo
checkpoint, Rummikub's log and start draw) and prints the same text; the view form of every seat
never holds a hidden tile: it is unchanged when the hidden tiles (the other racks, the stock or
pool) are dealt again differently. Run by .ci/run on 200 games of each family (1,000 by hand);
tests/test_position.py runs a sample.

    python benchmarks/position_roundtrip.py --games 1000 --variant remi --jobs 2
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import attrs

from remi.core.position import format_position, read_position
from remi.core.presets import load_rules
from remi.core.variant import AnyVariant, variant_for_rules

PRESETS = {"remi": "remi-pe-tabla", "rummikub": "rummikub"}


def without_history(state: Any) -> Any:
    """``state`` without what a position does not hold: Rummikub's log and start draw (Remi's
    undo checkpoint is not part of its equality)."""
    if attrs.has(type(state)) and "log" in attrs.fields_dict(type(state)):
        return attrs.evolve(state, log=(), start_draw=None)
    return state


def redeal_hidden(state: Any, seat: int, rng: random.Random) -> Any:
    """``state`` with the tiles ``seat`` cannot see (the other racks, the stock or pool; not a
    face-up atu) dealt again at random, each rack keeping its size."""
    if hasattr(state, "pool"):
        racks, stock, keep = list(state.racks), list(state.pool), 0
    else:
        racks, stock = [p.rack for p in state.players], list(state.stock)
        keep = 1 if state.atu is not None and stock else 0
    hidden = [t for i, r in enumerate(racks) if i != seat for t in r] + stock[: len(stock) - keep]
    rng.shuffle(hidden)
    at = 0
    new_racks = []
    for i, rack in enumerate(racks):
        if i == seat:
            new_racks.append(tuple(rack))
            continue
        new_racks.append(tuple(sorted(hidden[at : at + len(rack)])))
        at += len(rack)
    new_stock = tuple(hidden[at:]) + tuple(stock[len(stock) - keep :])
    if hasattr(state, "pool"):
        return attrs.evolve(state, racks=tuple(new_racks), pool=new_stock)
    players = tuple(attrs.evolve(p, rack=r) for p, r in zip(state.players, new_racks))
    return attrs.evolve(state, players=players, stock=new_stock)


def check_state(variant: AnyVariant, state: Any, rng: random.Random) -> None:
    """The round trip of the full form and the secrecy of every seat's view form.

    Raises:
        AssertionError: naming the position that failed.
    """
    text = format_position(variant, state)
    back_variant, back = read_position(text)
    assert back_variant is variant, text
    assert without_history(back) == without_history(state), text
    assert format_position(variant, back) == text, text
    if variant.is_over(state):
        return
    for seat in range(variant.player_count(state)):
        seen = format_position(variant, state, seat)
        other = format_position(variant, redeal_hidden(state, seat, rng), seat)
        assert seen == other, f"view of p{seat + 1} shows hidden tiles:\n{seen}\n{other}"


def check_game(family: str, seed: int) -> int:
    """Play one seeded random game of ``family`` and check every state; the states checked."""
    rules = load_rules(PRESETS[family])
    variant = variant_for_rules(rules)
    rng = random.Random(seed)
    state = variant.new_game(rules, rng.choice([2, 3, 4]), seed=seed)
    states = 1
    check_state(variant, state, rng)
    while not variant.is_over(state):
        state = variant.apply(state, rng.choice(variant.legal_actions(state)))
        check_state(variant, state, rng)
        states += 1
    return states


def _games(args: tuple[str, int, int]) -> int:
    family, start, stop = args
    return sum(check_game(family, seed) for seed in range(start, stop))


def main(argv: Sequence[str] | None = None) -> int:
    """Check ``--games`` games of ``--variant`` over ``--jobs`` processes; 0 when all pass."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--variant", choices=sorted(PRESETS), default="remi")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args(argv)
    step = max(1, args.games // (args.jobs * 4))
    chunks = [(args.variant, s, min(s + step, args.games)) for s in range(0, args.games, step)]
    with ProcessPoolExecutor(args.jobs) as pool:
        states = sum(pool.map(_games, chunks))
    print(f"position notation: {args.games} {args.variant} games, {states} states: round trip ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
