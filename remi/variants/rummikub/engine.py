"""The Rummikub-style state machine: ``legal_actions``, ``check``, ``apply``.

docs/rules.md §2.4–§2.10, with the defaults of the preset ``rummikub``. One turn is one action:

=====================  ==========================================================================
action                 allowed when / effect
=====================  ==========================================================================
``p1 draw``            the pool is not empty; one tile to the rack, the turn ends (§2.4)
``p1 play [..] [..]``  the new full table: every set valid, every start-of-turn table tile still on
                       the table, at least one rack tile played; initial meld and joker rules
                       (§2.5–§2.7); an empty rack ends the game (§2.9)
``p1 pass``            only when the pool is empty (§2.10); a full round of passes ends the game
``p1 penalty invalid`` always (the CLI applies it after a refused ``play``): the table and rack stay
                       as at the start of the turn, ``penalty.draw_count`` tiles are drawn unless
                       ``penalty.invalid_turn = restore`` (fewer when the pool has fewer)
``p1 timeout``         always: the same with ``penalty.timeout``
=====================  ==========================================================================

``transition(state, action)`` is ``apply`` that also returns the turn's events
(``remi.variants.rummikub.events``).

With the pool empty, a penalty or timeout draws nothing and counts as a turn without a play.
Refusals raise ``IllegalActionError`` carrying a rule id: ``game.over``, ``turn.order``,
``turn.action``, ``turn.play_or_draw``, ``pool_empty.play_on``, ``table.tiles_kept``,
``play.own_tiles``, a formation rule id (``run.ace_high``, ``set.distinct_colours``...),
``initial_meld.min_points``, ``initial_meld.manipulate_same_turn``, the ``joker.*`` ids of
``remi.variants.rummikub.jokers`` and ``table.keep_three`` (``remi.variants.rummikub.keep_three``).
A refused action changes nothing (states are frozen).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from itertools import chain

import attrs

from remi.core.actions import Action
from remi.core.errors import (
    IllegalActionError,
    InvalidFormationError,
    Seat,
    illegal,
    illegal_n,
)
from remi.core.events import Event
from remi.core.formations import Formation
from remi.core.tiles import Tile, sort_tiles
from remi.variants.rummikub.actions import Draw, Pass, Penalty, Play, Timeout
from remi.variants.rummikub.events import events_of
from remi.variants.rummikub.jokers import check_jokers, swapped_versions
from remi.variants.rummikub.keep_three import check_keep_three
from remi.variants.rummikub.melds import check_initial_meld, revalidate, set_points
from remi.variants.rummikub.movegen import generate_actions
from remi.variants.rummikub.state import EndReason, RummikubState

__all__ = [
    "apply",
    "check",
    "is_legal",
    "legal_actions",
    "played_tiles",
    "transition",
]


def _refuse(exc: IllegalActionError, action: Action) -> IllegalActionError:
    """``exc`` again, naming ``action``."""
    return IllegalActionError(
        exc.reason,
        rule_id=exc.rule_id,
        action=action,
        message_id=exc.message_id,
        params=exc.params,
        count=exc.count,
    )


def played_tiles(state: RummikubState, table: Iterable[Formation]) -> Counter[Tile]:
    """The tiles a new arrangement adds to the table (new table minus the current one)."""
    new = Counter(t for f in table for t in f.tiles)
    return new - state.table_tiles()


def _played_by(state: RummikubState, play: Play) -> Iterable[Tile]:
    """The rack tiles ``play`` (already checked) plays: as listed by ``legal_actions``, or
    counted."""
    last, listed, _ = _PASSED[0]
    if last is state:
        entry = listed.get(id(play))
        if entry is not None and entry[0] is play and entry[1] is not None:
            return entry[1]
    return _played(state.table, play.table).elements()


def _played(old: tuple[Formation, ...], new: tuple[Formation, ...]) -> Counter[Tile]:
    """``played_tiles``: the sets both tables share at their start and end (the same objects)
    cancel out, so only the changed middle is counted."""
    low, size = 0, min(len(old), len(new))
    while low < size and old[low] is new[low]:
        low += 1
    high = 0
    while high < size - low and old[-1 - high] is new[-1 - high]:
        high += 1
    added = Counter(chain.from_iterable(f.tiles for f in new[low : len(new) - high]))
    added.subtract(chain.from_iterable(f.tiles for f in old[low : len(old) - high]))
    return +added


# The last state checked or listed, the actions ``legal_actions`` listed for it (by identity:
# the objects are held, so their ids stay unique) with the rack tiles each plays, and the
# actions found legal in it (a set, built on the first lookup by equality). ``apply`` on an
# action ``legal_actions`` just produced is then a dictionary lookup. Holding the state keeps
# its identity unique.
_Listed = dict[int, tuple[Action, "tuple[Tile, ...] | None"]]
_PASSED: list[tuple[RummikubState | None, _Listed, set[Action] | None]] = [(None, {}, None)]


def check(state: RummikubState, action: Action) -> None:
    """Raise ``IllegalActionError`` (with a rule id, see the module docstring) unless ``action``
    is legal in ``state``; never changes ``state``."""
    last, listed, passed = _PASSED[0]
    if last is state:
        entry = listed.get(id(action))
        if entry is not None and entry[0] is action:
            return
        if not isinstance(action, Action):  # refused by _check; may not even be hashable
            _check(state, action)
        if passed is None:
            passed = {a for a, _ in listed.values()}
            _PASSED[0] = (state, listed, passed)
        if action in passed:
            return
        _check(state, action)
        passed.add(action)
        return
    _check(state, action)
    _PASSED[0] = (state, {}, {action})


def _check(state: RummikubState, action: Action) -> None:
    if state.is_over:
        raise illegal("error.rk.game_over", "game.over", action)
    if not isinstance(action, (Draw, Pass, Play, Penalty, Timeout)):
        raise illegal("error.rk.not_an_action", "turn.action", action, what=action)
    if action.player != state.current:
        raise illegal("error.turn.order", "turn.order", action, seat=Seat(state.current))
    if isinstance(action, Draw):
        if not state.pool:
            raise illegal("error.rk.pool_empty", "pool_empty.play_on", action)
    elif isinstance(action, Pass):
        if state.pool:
            raise illegal_n("error.rk.pool_not_empty", len(state.pool), "turn.play_or_draw", action)
    elif isinstance(action, Play):
        try:
            _check_play(state, action)
        except IllegalActionError as exc:
            raise _refuse(exc, action) from None


def _check_play(state: RummikubState, play: Play) -> None:
    rules = state.rules
    seat = play.player
    for n, f in enumerate(play.table, start=1):
        try:
            revalidate(f, rules)
        except InvalidFormationError as exc:
            raise illegal(
                "error.rk.set_invalid",
                exc.rule_id,
                set=n,
                formation=f.text(),
                reason=exc.as_reason(),
            ) from None
    # only the sets that differ between the two tables can change the tile multisets
    old_sets, new_sets = Counter(state.table), Counter(play.table)
    old = Counter(chain.from_iterable(f.tiles for f in (old_sets - new_sets).elements()))
    new = Counter(chain.from_iterable(f.tiles for f in (new_sets - old_sets).elements()))
    gone = old - new
    if gone:
        raise illegal(
            "error.rk.tiles_kept",
            "table.tiles_kept",
            tiles=" ".join(map(str, sort_tiles(gone.elements()))),
        )
    played = new - old
    extra = played - Counter(state.racks[seat])
    if extra:
        raise illegal(
            "error.rk.own_tiles",
            "play.own_tiles",
            tiles=" ".join(map(str, sort_tiles(extra.elements()))),
            seat=Seat(seat),
        )
    if not played:
        raise illegal("error.rk.play_or_draw", "turn.play_or_draw")
    if state.opened[seat]:
        check_jokers(state.table, play.table, played, rules, initial_turn=False)
    else:
        _check_initial(state, play, played)
    if rules.table_keep_three:
        check_keep_three(state.table, [Counter(g.tiles) for g in play.table])


def _check_initial(state: RummikubState, play: Play, played: Counter[Tile]) -> None:
    """The initial meld (docs/rules.md §2.5): new sets from the rack only, worth at least
    ``initial_meld.min_points``, no manipulation."""
    rules = state.rules
    old_sets = Counter(state.table)
    new_sets = Counter(play.table)
    if rules.initial_meld_manipulate_same_turn:
        budget = Counter(played)
        meld: list[Formation] = []
        for f in sorted((new_sets - old_sets).elements(), key=lambda f: -set_points(f, rules)):
            need = Counter(f.tiles)
            if not (need - budget):
                meld.append(f)
                budget -= need
        check_initial_meld(meld, rules)
        check_jokers(state.table, play.table, played, rules, initial_turn=True)
        return
    changed = old_sets - new_sets
    meld_sets = new_sets - old_sets
    for f in changed.elements():
        swaps = [(g, rep) for g, rep in swapped_versions(f, rules) if meld_sets[g] > 0]
        if not swaps:
            raise illegal(
                "error.rk.initial_changed", "initial_meld.manipulate_same_turn", formation=f.text()
            )
        if not rules.joker_retrieve_before_initial:
            raise illegal(
                "error.rk.joker_before_initial", "joker.retrieve_before_initial", formation=f.text()
            )
        meld_sets[swaps[0][0]] -= 1
    meld = list((+meld_sets).elements())
    if changed:
        check_jokers(state.table, play.table, played, rules, initial_turn=True)
    check_initial_meld(meld, rules)


def is_legal(state: RummikubState, action: Action) -> bool:
    """True when ``check`` accepts ``action``."""
    try:
        check(state, action)
    except IllegalActionError:
        return False
    return True


def apply(state: RummikubState, action: Action) -> RummikubState:
    """The state after ``action`` (checked first with ``check``); ``state`` is not changed.

    Raises:
        IllegalActionError: as ``check``.
    """
    check(state, action)
    seat = action.player
    log = state.log + (action,)
    nxt = state.next_seat(seat)
    if isinstance(action, Draw):
        racks = _with_rack(state, seat, state.racks[seat] + state.pool[:1])
        return _evolve(
            state,
            racks=racks,
            pool=state.pool[1:],
            current=nxt,
            passes=0,
            turns=state.turns + 1,
            log=log,
        )
    if isinstance(action, Play):
        left = list(state.racks[seat])
        for t in _played_by(state, action):
            left.remove(t)
        opened = state.opened[:seat] + (True,) + state.opened[seat + 1 :]
        done = not left
        return _evolve(
            state,
            racks=_with_rack(state, seat, left),
            table=action.table,
            opened=opened,
            current=seat if done else nxt,
            passes=0,
            turns=state.turns + 1,
            winner=seat if done else None,
            end=EndReason.OUT if done else None,
            log=log,
        )
    if isinstance(action, Pass):
        return _no_play(state, seat, (), log)
    mode = (
        state.rules.penalty_invalid_turn
        if isinstance(action, Penalty)
        else state.rules.penalty_timeout
    )
    count = state.rules.penalty_draw_count if mode == "restore_draw" else 0
    drawn = state.pool[:count]
    if state.pool:
        racks = _with_rack(state, seat, state.racks[seat] + drawn)
        return _evolve(
            state,
            racks=racks,
            pool=state.pool[len(drawn) :],
            current=nxt,
            passes=0,
            turns=state.turns + 1,
            log=log,
        )
    return _no_play(state, seat, drawn, log)


def transition(state: RummikubState, action: Action) -> tuple[RummikubState, tuple[Event, ...]]:
    """``apply(state, action)`` and the events of that turn, in the order they happened.

    The state is exactly the one ``apply`` returns; the events
    (``remi.variants.rummikub.events``) are read off the action and the states before and after
    it. A refused ``play`` followed by ``penalty invalid`` gives ``PenaltyDrawn`` with the tiles
    drawn. Show a player only ``remi.core.events.events_for_player(events, seat)``.

    Raises:
        IllegalActionError: as ``apply`` (nothing changes).
    """
    after = apply(state, action)
    return after, events_of(state, action, after)


def _no_play(
    state: RummikubState, seat: int, drawn: tuple[Tile, ...], log: tuple[Action, ...]
) -> RummikubState:
    """A turn without a play while the pool is empty (docs/rules.md §2.10)."""
    passes = state.passes + 1
    over = passes >= state.player_count
    return _evolve(
        state,
        current=seat if over else state.next_seat(seat),
        passes=passes,
        turns=state.turns + 1,
        end=EndReason.BLOCKED if over else None,
        log=log,
    )


#: The state's init arguments, read once: ``attrs.evolve`` looks them up on every call, a
#: tenth of the time of a random-legal action (``benchmarks/rummikub_throughput.py``).
_STATE_FIELDS: tuple[str, ...] = tuple(
    a.alias or a.name for a in attrs.fields(RummikubState) if a.init
)


def _evolve(state: RummikubState, **changes: object) -> RummikubState:
    """``attrs.evolve(state, **changes)``: a new state, ``changes`` replacing those fields."""
    for name in _STATE_FIELDS:
        if name not in changes:
            changes[name] = getattr(state, name)
    return RummikubState(**changes)  # type: ignore[arg-type]


def _with_rack(
    state: RummikubState, seat: int, rack: Iterable[Tile]
) -> tuple[tuple[Tile, ...], ...]:
    return state.racks[:seat] + (sort_tiles(rack),) + state.racks[seat + 1 :]


# ---------------------------------------------------------------------------------------------
# Legal actions (a sound subset)


def legal_actions(state: RummikubState) -> list[Action]:
    """A sound subset of the legal actions of the player to move (every one passes ``check``);
    empty once the game is over.

    It enumerates, in this order:

    1. ``draw`` while the pool holds tiles, else ``pass`` (docs/rules.md §2.4, §2.10);
    2. before the initial meld: every single new set from the rack worth at least
       ``initial_meld.min_points``, and for each new set from the rack the greedy meld that adds
       further disjoint rack sets (highest points first) until the minimum is reached;
    3. after the initial meld: every new set from the rack alone; every addition of one rack
       tile to one table set (at either end of a run, jokers with their place stated, or into a
       group); every joker retrieval by a rack tile (the exact tile, or the missing colour(s) of
       a 3-tile group per ``joker.group_of_three``) whose freed joker goes into a new set with
       rack tiles.

    Not enumerated (legal through ``check``): other rearrangements of the table, replacements
    taken from the table, ``penalty invalid`` and ``timeout``.

    The plays are built valid by construction (``remi.variants.rummikub.movegen``); ``check``
    and ``apply`` then accept these very action objects on this very state without checking
    them again.
    """
    out, played = generate_actions(state, is_legal)
    _PASSED[0] = (state, {id(a): (a, p) for a, p in zip(out, played)}, None)
    return out
