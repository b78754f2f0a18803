"""Shared hypothesis strategies for the remi test-suite."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from hypothesis import strategies as st

from remi.core.candidates import candidate_formations
from remi.core.formations import REMI_FORMATIONS, Formation, parse_formation
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


#: The house rules of Remi clubs (docs/rules.md §1.14): each rule id and the values the
#: stateful test and the conformance suite draw (the default first).
REMI_HOUSE_RULES: dict[str, tuple[object, ...]] = {
    "sir.break_requires_opened": (True, False),
    "sir.break_meld": ("any", "two_rack_tiles"),
    "sir.take_last_layoff": (False, True),
    "turn.three_tiles_attach_only": (False, True),
    "opening.needs_set": (False, True),
    "opening.joly_value": ("represented", "fixed"),
    "opening.joly_fixed_points": (25, 0, 10),
    "joly.limits": ("none", "apart", "ratio"),
    "joly.freed_use": ("own_formation", "new_formation", "hand"),
    "stock.exhausted": ("hand_ends", "reshuffle"),
    "deal.cancel_doubles": (0, 3),
    "turn.timer_seconds": (0, 60),
    "deal.method": ("shuffle", "wall"),
    "deal.doubles_exchange": ("none", "same_category", "free"),
    "atu.enabled": (False, True),  # not a house rule itself: atu.tile needs an atu
    "atu.tile": ("stock", "closing", "table"),
    "announce.penalty": ("automatic", "claim"),
}


@st.composite
def remi_house_rules(draw: Any) -> dict[str, object]:
    """Random values of the Remi house rule ids (``REMI_HOUSE_RULES``), as ``--set`` overrides."""
    return {rule_id: draw(st.sampled_from(values)) for rule_id, values in REMI_HOUSE_RULES.items()}


def long_run_deal(rng: Any, players: int) -> list[tuple[Tile, ...]]:
    """A stacked Remi deal that makes runs of 12 and 13 tiles likely (the lay-off of a 1 at
    either end of a run 2..13, docs/rules.md §0.1): seat 1 holds one colour's 2..13, a joly
    and that colour's 1 (15 tiles), seat 2 another colour's 2..13, the other joly and its 1;
    the other seats and the rest of both racks are drawn from the shuffled remaining tiles."""
    colours = rng.sample(["R", "Y", "B", "K"], 2)
    pool = Counter(FULL_SET)
    racks: list[list[Tile]] = []
    for seat in range(players):
        rack: list[Tile] = []
        if seat < 2:
            colour = colours[seat]
            rack = [Tile.parse(f"{colour}{n}") for n in range(2, 14)]
            rack += [Tile.parse("J"), Tile.parse(f"{colour}1")]
            pool -= Counter(rack)
        racks.append(rack)
    rest = list(pool.elements())
    rng.shuffle(rest)
    for seat, rack in enumerate(racks):
        size = 15 if seat == 0 else 14
        while len(rack) < size:
            rack.append(rest.pop())
    return [tuple(r) for r in racks]


def long_run_start(state: Any) -> tuple[Any, list[Any]]:
    """The first round of a ``long_run_deal`` hand played so that a run of 12 tiles lies on the
    table: p1 discards his spare tile, every other seat draws and discards, then p1 draws and
    opens with his colour's 2..13 and discards. Returns the state and the actions applied (all
    through ``apply``); a step the rules in force refuse (``opening.needs_set``...) is undone
    and the prefix stops there, leaving the hand to the caller."""
    from remi.core.errors import IllegalActionError
    from remi.variants.remi_pe_tabla.actions import Discard, Draw, Meld, Undo
    from remi.variants.remi_pe_tabla.engine import apply

    players = len(state.players)
    first = state.players[0].rack
    spare = first[-1] if not first[-1].is_joly else first[0]
    run_colour = Counter(t.colour for t in first if not t.is_joly).most_common(1)[0][0]
    done: list[Any] = []

    def step(action: Any) -> bool:
        nonlocal state
        try:
            state = apply(state, action)
        except IllegalActionError:
            return False
        done.append(action)
        return True

    step(Discard(0, spare))
    for seat in range(1, players):
        step(Draw(seat))
        step(Discard(seat, state.players[seat].rack[-1]))
    step(Draw(0))
    run = {t.number: t for t in state.players[0].rack if t.colour == run_colour}
    if all(n in run for n in range(2, 14)):
        formation = parse_formation(" ".join(str(run[n]) for n in range(2, 14)))
    if all(n in run for n in range(2, 14)) and step(Meld(0, (formation,))):
        rest = [t for t in state.players[0].rack if not t.is_joly and t.number != 1]
        if not rest or not step(Discard(0, rest[-1])):
            step(Undo(0))
    return state, done
