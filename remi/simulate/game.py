"""One simulated hand: played by bots under an arm's rules, summarised, its exposure counted.

A hand that fails (an engine or bot error) does not stop a run: ``play_batch`` returns a failure
row instead, with everything needed to replay it (the rule contents, the seed, the bots and their
seeds, the actions played up to the failure, the error).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from remi.core.events import Event
from remi.core.exposure import HandTrace, TraceStep, count_exposure
from remi.simulate.arms import Arm
from remi.stats import GameSummary

__all__ = ["FAILED", "bot_seed", "failure_record", "play_batch", "play_game"]

#: The first field of a failure row returned by ``play_batch``.
FAILED = "__failed__"


def bot_seed(deal_seed: int, seat: int) -> int:
    """The seed of the bot at ``seat`` (0-based) for the deal ``deal_seed`` (same under every
    arm, so arms are compared on the same deals and the same bot choices of chance)."""
    return deal_seed * 16 + seat


def play_game(
    arm: Arm | str,
    seed: int,
    bots: Sequence[str],
    exposure_ids: Sequence[str] = (),
    log: list[str] | None = None,
) -> GameSummary:
    """Play one seeded hand of ``arm`` (an ``Arm`` or a preset name) with one bot kind per
    seat, summarise it and count the exposure of ``exposure_ids`` (rule ids of its family;
    others are skipped). ``log`` (when given) receives each action's text as it is played.

    Raises:
        RulesError / UnknownVariantError: an unknown preset; BotError: an unknown bot kind or a
        bot defect; RemiError: a seat count the rules do not allow.
    """
    from remi.bots import make_bot, play_hand
    from remi.core.presets import load_rules
    from remi.core.variant import variant_for_rules

    rules = arm.rules() if isinstance(arm, Arm) else load_rules(arm)
    variant = variant_for_rules(rules)
    counters = variant.exposure_counters()
    wanted = [r for r in exposure_ids if r in counters]
    players = [make_bot(kind, bot_seed(seed, s)) for s, kind in enumerate(bots)]
    state = variant.new_game(rules, len(bots), seed=seed)
    seat_turns: list[set[int]] = [set() for _ in bots]
    first_open: list[int | None] = [None] * len(bots)
    steps: list[TraceStep] = []
    # each action's events, as the engine produced them while applying it (``on_events``)
    produced: list[tuple[Event, ...]] = []

    def observe(before: Any, action: Any, after: Any) -> None:
        if log is not None:
            log.append(str(action))
        if wanted:
            steps.append(TraceStep(before=before, action=action, events=produced.pop()))
        seat = variant.current_player(before)
        summary = variant.hand_summary(before)
        seat_turns[seat].add(summary.turns)
        if first_open[seat] is None and not summary.opened[seat]:
            if variant.hand_summary(after).opened[seat]:
                first_open[seat] = len(seat_turns[seat])

    end, _ = play_hand(
        state, players, on_action=observe, on_events=produced.append if wanted else None
    )
    exposure = count_exposure(counters, HandTrace(rules=rules, steps=tuple(steps), end=end), wanted)
    final = variant.hand_summary(end)
    return GameSummary(
        preset=rules.name,
        seed=seed,
        turns=final.turns,
        closed=final.closed,
        first_open=tuple(first_open),
        scores=tuple(int(p.score) for p in variant.score(end)),
        exposure=tuple(sorted(exposure.items())),
    )


def failure_record(
    arm: Arm, seed: int, bots: Sequence[str], actions: Sequence[str], error: BaseException
) -> dict[str, Any]:
    """A failed hand as a replayable record (JSON-ready): the arm and its rule contents, the
    deal seed, the bots and their seeds, the actions played before the failure (in notation,
    ``Variant.parse_action``) and the error."""
    return {
        "arm": arm.name,
        "family": arm.family,
        "rules": dict(arm.values),
        "seed": seed,
        "bots": list(bots),
        "bot_seeds": [bot_seed(seed, s) for s in range(len(bots))],
        "actions": list(actions),
        "error": f"{type(error).__name__}: {error}",
    }


def play_batch(
    arm: Arm | str | tuple[Any, ...],
    seeds: Sequence[int],
    bots: Sequence[str],
    exposure_ids: Sequence[str] = (),
) -> list[tuple[Any, ...]]:
    """Play ``seeds`` under ``arm`` (an ``Arm``, its ``as_tuple``, or a preset name); the
    summaries as plain tuples (for worker processes and Dask workers). A hand that raises
    gives ``(FAILED, failure_record)`` instead, and the batch goes on."""
    if isinstance(arm, tuple):
        arm = Arm.from_tuple(arm)
    elif isinstance(arm, str):
        from remi.core.presets import load_rules

        arm = Arm.of(arm, load_rules(arm))
    rows: list[tuple[Any, ...]] = []
    for s in seeds:
        log: list[str] = []
        try:
            rows.append(play_game(arm, s, bots, exposure_ids, log).as_tuple())
        except Exception as exc:  # one bad hand must not end a long run: recorded and counted
            rows.append((FAILED, failure_record(arm, s, bots, log, exc)))
    return rows
