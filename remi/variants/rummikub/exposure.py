"""Exposure counters of the Rummikub family: for every rule id, the situations it governs in a game.

``EXPOSURE`` is the family's table (``Variant.exposure_counters``; ``remi.core.exposure``): one
line per rule id, naming the counter of the situations that rule decides. A new rule id adds one
line here. Counters read the game's events (``remi.variants.rummikub.events``) and final state.
Rules of a session (``session.*``) count 0 in a single game: simulations play games.
"""

from __future__ import annotations

from collections import Counter

from remi.core.exposure import ExposureCounter, HandTrace, every_hand, no_hand
from remi.core.formations import Kind
from remi.variants.rummikub.events import GameBlocked, PenaltyDrawn, Played, TimedOut
from remi.variants.rummikub.jokers import freed_jokers
from remi.variants.rummikub.keep_three import kept_tiles

__all__ = ["EXPOSURE"]


def initial_melds(trace: HandTrace) -> int:
    """Initial melds made (``initial_meld.min_points``)."""
    return trace.count(Played, lambda e: e.initial)


def initial_with_joker(trace: HandTrace) -> int:
    """Initial melds holding a joker (``initial_meld.joker_value``)."""
    return trace.count(Played, lambda e: e.initial and any(t.is_joly for t in e.tiles))


def initial_on_table(trace: HandTrace) -> int:
    """Initial melds made with sets already on the table (``initial_meld.manipulate_same_turn``)."""
    return trace.count(Played, lambda e: e.initial and bool(e.table_before))


def timeouts(trace: HandTrace) -> int:
    """Turn timers that ran out (``timer.seconds``, ``penalty.timeout``)."""
    return trace.count(TimedOut)


def invalid_turns(trace: HandTrace) -> int:
    """Turns ended with an invalid table (``penalty.invalid_turn``)."""
    return trace.count(PenaltyDrawn, lambda e: e.reason == "invalid")


def penalties(trace: HandTrace) -> int:
    """Penalty draws of any kind (``penalty.draw_count``)."""
    return trace.count(PenaltyDrawn)


def jokers_on_racks(trace: HandTrace) -> int:
    """Jokers left on a rack when the game ended (``scoring.joker_points``)."""
    return sum(t.is_joly for rack in trace.end.racks for t in rack)


def initial_with_table_joker(trace: HandTrace) -> int:
    """Initial melds made with a joker on the table (``joker.retrieve_before_initial``)."""
    return trace.count(
        Played,
        lambda e: e.initial and any(t.is_joly for f in e.table_before for t in f.tiles),
    )


def freed(trace: HandTrace) -> int:
    """Table jokers freed (retrieved) by a play (``joker.replacement_from``, ``joker.group_of_three``, ``joker.freed_use``)."""
    return sum(
        len(freed_jokers(e.table_before, e.table_after))
        for e in trace.events()
        if isinstance(e, Played)
    )


def joker_table_plays(trace: HandTrace) -> int:
    """Plays made with a joker on the table (``joker.locks_meld``)."""
    return trace.count(Played, lambda e: any(t.is_joly for f in e.table_before for t in f.tiles))


def sets_broken(trace: HandTrace) -> int:
    """Plays that took tiles out of a table set: a start-of-turn set no longer whole in one set
    of the new table (``table.keep_three``)."""
    return trace.count(
        Played,
        lambda e: any(
            max(
                (sum(kept_tiles(old, Counter(new.tiles)).values()) for new in e.table_after),
                default=0,
            )
            < len(old.tiles)
            for old in e.table_before
        ),
    )


def ones_in_runs(trace: HandTrace) -> int:
    """1s in runs on the table when the game ended (``run.ace_high``)."""
    return sum(
        t.number == 1
        for f in trace.end.table
        if f.kind is Kind.RUN
        for t in f.tiles
        if not t.is_joly
    )


def groups(trace: HandTrace) -> int:
    """Groups (sets of one number) on the table when the game ended (``set.max_tiles``)."""
    return sum(1 for f in trace.end.table if f.kind is Kind.SET)


def jokers_played(trace: HandTrace) -> int:
    """Jokers played from a rack (``formation.min_natural_tiles``)."""
    return sum(t.is_joly for e in trace.events() if isinstance(e, Played) for t in e.tiles)


def blocked(trace: HandTrace) -> int:
    """1 when the game ended with the pool empty and nobody able to play (``pool_empty.scoring``)."""
    return trace.count(GameBlocked)


#: rule id -> the counter of the situations it governs (one line per rule id).
EXPOSURE: dict[str, ExposureCounter] = {
    "players.min": every_hand,
    "players.max": every_hand,
    "deal.tiles": every_hand,
    "start.player": every_hand,
    "turn.direction": every_hand,
    "initial_meld.min_points": initial_melds,
    "initial_meld.joker_value": initial_with_joker,
    "initial_meld.manipulate_same_turn": initial_on_table,
    "timer.seconds": timeouts,
    "penalty.timeout": timeouts,
    "penalty.invalid_turn": invalid_turns,
    "penalty.draw_count": penalties,
    "scoring.joker_points": jokers_on_racks,
    "joker.retrieve_before_initial": initial_with_table_joker,
    "joker.replacement_from": freed,
    "joker.group_of_three": freed,
    "joker.freed_use": freed,
    "joker.locks_meld": joker_table_plays,
    "table.keep_three": sets_broken,
    "run.ace_high": ones_in_runs,
    "set.max_tiles": groups,
    "formation.min_natural_tiles": jokers_played,
    "pool_empty.scoring": blocked,
    "session.end": no_hand,
    "session.games": no_hand,
    "session.target_points": no_hand,
}
