"""The club strategy's searched take phase: draw, take the last șir tile, or break the șir where.

At the start of its turn a player draws from the stock, takes the last tile of the șir, or, once
opened, breaks the șir (rupere: an earlier tile and every later one, docs/rules.md §1.3, §1.7).
The solver strategy decides by one-turn rules of thumb (``take_gain``, ``turn_value`` with a
margin). ``take_candidates(view)`` lists the plausible choices: the draw, the last șir tile when
it can be used this turn (a new formation for an opened player, an opening with it otherwise),
and the breaks whose taken tiles make a turn at least as good as drawing (``turn_value``).
``searched_take`` plays each candidate out on the same determinizations of the view
(``determinize``): the rest of the player's turn and the other players' turns by the solver
policy, up to the player's next turn or the hand's end, and scores the end position by
``standing`` (the player's score minus the others' mean, §1.12). Only the view is read.
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Callable

from remi.core.errors import IllegalActionError
from remi.variants.remi_pe_tabla import engine
from remi.variants.remi_pe_tabla.actions import Action, Draw, Take
from remi.variants.remi_pe_tabla.solvers.planner import take_gain, turn_value
from remi.variants.remi_pe_tabla.state import GameState, Phase
from remi.variants.remi_pe_tabla.strategies.determinize import determinize
from remi.variants.remi_pe_tabla.strategies.turn import cached_best_opening
from remi.variants.remi_pe_tabla.views import PlayerView, view

__all__ = ["play_out", "searched_take", "take_candidates"]

#: A policy for the rollouts: seat -> a function from a view to that seat's action.
Policy = Callable[[int], Callable[[PlayerView], Action]]


def take_candidates(v: PlayerView, max_breaks: int = 2) -> list[Action]:
    """The plausible take-phase actions of ``v`` (module docstring): the draw first, then the
    last șir tile when it can be used this turn, then at most ``max_breaks`` breaks of the
    șir (best ``turn_value`` first) worth at least drawing. Empty outside the take phase or
    when the draw is not listed."""
    legal = v.legal
    if v.phase is not Phase.TAKE or Draw(v.seat) not in legal:
        return []
    out: list[Action] = [Draw(v.seat)]
    me = v.players[v.seat]
    rules = v.rules
    if Take(v.seat) in legal and v.sir and not me.pe_tabla:
        tile = v.sir[-1]
        if me.opened:
            usable = take_gain(v.rack, tile, rules) > 0
        else:
            plan = cached_best_opening(tuple(sorted(v.rack)), rules, tile)
            usable = plan is not None and plan.tiles_used < len(v.rack) + 1
        if usable:
            out.append(Take(v.seat))
    if me.opened:
        base = turn_value(v.rack, rules)
        breaks: list[tuple[float, Action]] = []
        for a in legal:
            if isinstance(a, Take) and a.position is not None:
                value = turn_value(v.rack, rules, taken=v.sir[a.position - 1 :])
                if value is not None and base is not None and value >= base:
                    breaks.append((value, a))
        breaks.sort(key=lambda p: -p[0])
        out.extend(a for _, a in breaks[:max_breaks])
    return out


def play_out(
    state: GameState, first: Action, seat: int, policy: Policy, max_actions: int
) -> GameState | None:
    """``state`` after ``first`` and the play of ``policy`` (every seat, ``seat`` included)
    until ``seat``'s next take phase or the hand's end; None when the sample refuses an
    action (``IllegalActionError``) or ``max_actions`` run out."""
    try:
        state = engine.apply(state, first)
        start = state.turns_ended
        for _ in range(max_actions):
            if state.phase is Phase.ENDED or (
                state.current == seat and state.turns_ended > start and state.phase is Phase.TAKE
            ):
                return state
            s = state.current
            state = engine.apply(state, policy(s)(view(state, s)))
    except IllegalActionError:
        return None
    return None


def searched_take(
    v: PlayerView,
    candidates: list[Action],
    *,
    rng: random.Random,
    samples: int,
    policy: Policy,
    evaluate: Callable[[GameState], float],
    max_actions: int = 200,
) -> dict[Action, float] | None:
    """Each candidate's mean ``evaluate`` (points) over ``samples`` determinizations of ``v``
    (the same samples for every candidate, ``play_out``); None when fewer than two candidates
    or a candidate has no sample played out."""
    if len(candidates) < 2:
        return None
    values: dict[Action, list[float]] = {a: [] for a in candidates}
    for _ in range(samples):
        state = determinize(v, rng)
        if state is None:
            return None
        for a in candidates:
            end = play_out(state, a, v.seat, policy, max_actions)
            if end is not None:
                values[a].append(evaluate(end))
    if any(not vals for vals in values.values()):
        return None
    return {a: statistics.fmean(vals) for a, vals in values.items()}
