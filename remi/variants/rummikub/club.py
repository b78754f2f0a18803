"""The Rummikub family's ``club`` strategy: candidate turns from the exact move solver, judged by
determinized rollouts over the hidden racks and pool, from views only.

``RummikubClubStrategy`` lists candidate turns (``candidates``): the ``solver`` bot's own move
(most tiles placed, ``best_move``), the move placing the most points (``objective="points"``:
rid the rack of its high tiles), the best move holding back every joker (the joker, 30 points
on a rack when an opponent goes out, docs/rules.md §2.9, kept for a later turn), after the
initial meld the best moves holding back a new set made of rack tiles only (``hold_sets``: kept
on the rack, it saves a later turn's draw, §2.4, and gives the others nothing to rearrange,
§2.6), and drawing instead of playing (§2.4; before the initial meld, §2.5: waiting for a bigger
one). A turn that empties the rack is played at once. ``advise`` gives the chosen action with
why, in a sentence (``hint``; message ids ``hint.why.rk_*``), recorded while deciding.

Each candidate is played out on ``samples`` determinizations of the view (``determinize``: the
unseen tiles dealt at random to the other racks, of their public sizes, and the pool; the same
samples for every candidate: common random numbers). A rollout plays every seat with a fast
solver policy (``RolloutPolicy``: the solver's most-tiles move within a small work budget, no
tie-break, else the greedy listed play) for ``rollout_turns`` turns after the candidate (default
one round: the other players, then this player's next turn), or to the game's end.

Evaluation (points): at the game's end, this player's score minus the others' mean
(``score_state``, §2.9, §2.10); otherwise the same difference "as if it ended now" of each
player's ``rack_cost``: his rack's points (a joker ``scoring.joker_points``) plus ``tile_weight``
points a tile, a player who has not made his initial meld charged ``closed_penalty`` more.
``race_weight`` above 0 blends in each player's expected final score under the race model
(``race_scores``, ``remi.variants.rummikub.race``: the chance that each player goes out first,
from the tile counts, the opened flags and the seat to move, fitted on self-play hands of the
``solver`` bot, and the racks' points); measured no stronger than the flat price, it is off by
default. A candidate replaces the solver's move only when the mean of its paired differences
with it (the same samples) beats ``margin_points`` by more than ``margin_se`` standard errors
(the candidate with the highest such lower bound; 0 by default: the best mean); that
candidate and the solver's move are then played out on ``duel_samples`` more samples (0 by
default), and it must pass the same test on all of them (a duel: the extra rollouts go where
the decision is close); ``samples=4:se=1:duel=4`` costs about 0.75x the CPU, measured no
stronger nor proved weaker (docs/bots.md). ``others_states`` 0 plays
the other players' rollout turns with the greedy listed play (half the CPU; measured no
stronger, so off by default).
``infer_draws`` deals the racks of the players who drew since this player's last turn
without a play on the table of their turn (``determinize.NoPlay``: inference from draws,
docs/rules.md §2.4, §2.5; ``_observe`` reads it from the views alone); ``look_ahead`` prices
each rack at the horizon after its owner's best listed play (``looked_rack_cost``). Both were
measured no stronger (docs/bots.md), so both are off by default.

Rules: every rule id is respected; the rule values the move solver does not model
(``check_solver_rules``: ``run.ace_high``, ``joker.locks_meld``, ``joker.group_of_three =
both_missing``, ``joker.freed_use = new_set_with_rack``, ``table.keep_three``) are refused
(``ClubRulesError``, before a game through ``remi.bots.check_bots``).

Budget (``ClubSettings``): ``samples`` x candidates (at most 5 + ``hold_sets``) rollouts of
``rollout_turns`` turns per decision, and 2 x ``duel_samples`` more when a candidate challenges
the solver's move. Reproducible: the samples come from ``random.Random`` seeded by the bot
seed, the seat and the public position (pool count, rack sizes, table size).
"""

from __future__ import annotations

import random
import statistics
from collections import Counter
from collections.abc import Sequence
from typing import ClassVar

import attrs

from remi.core.actions import Action
from remi.core.advice import Advice, deals
from remi.core.errors import IllegalActionError
from remi.core.formations import Formation
from remi.core.messages import N_
from remi.core.rulespec import RuleSet
from remi.core.strategy import require_legal
from remi.variants.rummikub import engine
from remi.variants.rummikub.actions import Draw, Pass, Play
from remi.variants.rummikub.club_reasons import (
    Kind,
    Reason,
    first_reason,
    placed_tiles,
    replaced_reason,
)
from remi.variants.rummikub.determinize import NoPlay, determinize
from remi.variants.rummikub.melds import rack_points
from remi.variants.rummikub.movegen import generate_actions
from remi.variants.rummikub.race import expected_scores
from remi.variants.rummikub.rules import RummikubRules
from remi.variants.rummikub.scoring import score_state
from remi.variants.rummikub.state import RummikubState
from remi.variants.rummikub.strategies import (
    SolverRulesError,
    best_legal_play,
    check_solver_rules,
    solved_play,
)
from remi.variants.rummikub.views import RummikubView, view

__all__ = [
    "ClubRulesError",
    "ClubSettings",
    "RolloutPolicy",
    "RummikubClubStrategy",
    "check_club_rules",
    "looked_rack_cost",
    "race_scores",
    "rack_cost",
]


@attrs.frozen(kw_only=True)
class ClubSettings:
    """The search budget and evaluation weights of the Rummikub ``club`` strategy.

    Attributes:
        samples: determinizations per decision (shared by the candidates).
        rollout_turns: turns played out after the candidate (None: one round, the other
            players then this player's next turn); the game's end stops it earlier.
        margin_points: a candidate replaces the solver's move only when its mean evaluation is
            higher by more than this (points).
        tile_weight: points a tile left on a rack costs at the rollout's horizon.
        closed_penalty: points a player who has not made his initial meld costs more.
        policy_states: the rollout policy's solver budget per turn (state expansions).
        hold_sets: after the initial meld, candidates holding back a new set made of rack
            tiles only (the first ``hold_sets`` such sets of the solver's move, one at a time,
            and all of them; 0: none).
        race_weight: how the horizon is priced: 0 (the default), "as if the game ended now"
            (``rack_cost``); 1, the expected final score of the race model
            (``race.expected_scores``: who is likely to go out first, from the tile counts,
            opened flags and turn order; measured no stronger, docs/bots.md); in between,
            that blend.
        margin_se: a candidate replaces the solver's move only when the mean of its paired
            differences with it (the same samples: common random numbers) beats
            ``margin_points`` by more than this many standard errors of that mean (0: the
            mean alone decides, the default; against the winner's curse of picking the best
            of several noisy means; measured no stronger, docs/bots.md).
        duel_samples: when the best candidate's mean beats ``margin_points`` after ``samples``,
            this many more samples played out for it and the solver's move only (a duel:
            the extra rollouts go where the decision is close); 0: none, the default.
        others_states: the rollout policy's solver budget on the other players' turns (None:
            ``policy_states``, as on this player's own turn; 0: no solver, the greedy listed
            play: half the CPU, a weaker model of the ``solver`` opponents).
        infer_draws: deal the racks of the players who drew (or passed) since this player's
            last turn without a play on the table of their turn (``determinize.NoPlay``:
            inference from draws, docs/rules.md §2.4, §2.5; measured no stronger, off by
            default).
        look_ahead: price each rack at the horizon after its owner's best listed play
            (``looked_rack_cost``: what of the sampled rack could not be laid at once),
            rather than whole (``rack_cost``; measured no stronger, off by default).
    """

    samples: int = 6
    rollout_turns: int | None = None
    margin_points: float = 1.0
    tile_weight: float = 6.0
    closed_penalty: float = 20.0
    policy_states: int = 20_000
    hold_sets: int = 2
    race_weight: float = 0.0
    margin_se: float = 0.0
    duel_samples: int = 0
    others_states: int | None = None
    infer_draws: bool = False
    look_ahead: bool = False


def check_club_rules(rules: RuleSet) -> None:
    """Check that the ``club`` bot models every rule value of ``rules`` (its candidates come
    from the move solver: ``check_solver_rules``).

    Raises:
        ClubRulesError: a rule value the move solver does not model (``run.ace_high`` true,
            ``joker.locks_meld`` true, ``joker.group_of_three = both_missing``,
            ``joker.freed_use = new_set_with_rack``, ``table.keep_three`` true).
    """
    if not isinstance(rules, RummikubRules):
        return
    try:
        check_solver_rules(rules)
    except SolverRulesError as exc:
        raise ClubRulesError(exc.preset, exc.rule, exc.value) from None


class ClubRulesError(SolverRulesError):
    """The ``club`` bot cannot play a rule set: the move solver generating its candidates does
    not model one of its rule values (docs/rules.md §2.3, §2.6, §2.7).

    Attributes:
        preset: the rule set's name; rule: the rule id; value: its value.
    """

    KIND: ClassVar[str] = "club"
    MESSAGE: ClassVar[str] = N_("error.bot.club_rule")


class RolloutPolicy:
    """The fast policy of the rollouts: the solver's most-tiles move within ``max_states``
    expansions and no tie-break, else the greedy listed play (``best_legal_play``).

    The solver's answers are remembered (at most ``MEMO_SIZE``, then forgotten at once): the
    same table, rack and opened flag give the same move, and an initial meld without table
    play in the same turn (``initial_meld.manipulate_same_turn`` false, docs/rules.md §2.5)
    depends on the rack alone, so an opponent's first rollout turn is solved once per sample,
    not once per candidate. A pure cache: the moves are those the solver would find again."""

    MEMO_SIZE: ClassVar[int] = 20_000

    def __init__(self, max_states: int) -> None:
        self.max_states = max_states
        self._memo: dict[object, tuple[Formation, ...] | None] = {}

    def choose(self, state: RummikubState) -> Action:
        """The action of ``state.current`` in ``state`` (a determinized state, never the true
        one); with ``max_states`` 0 the greedy listed play alone."""
        seat = state.current
        if self.max_states == 0:
            return best_legal_play(view(state, seat))
        play = self._solved(state, seat)
        if play is not None:
            return play
        if state.pool:
            return Draw(seat)
        return best_legal_play(view(state, seat))

    def _solved(self, state: RummikubState, seat: int) -> Play | None:
        """``solved_play`` of ``seat``'s whole rack (the policy's budget, no tie-break),
        remembered: an initial meld without table play by the rack (its new sets laid after
        the table), any other move by table and rack."""
        rack, opened, rules = state.racks[seat], state.opened[seat], state.rules
        meld_only = not opened and not rules.initial_meld_manipulate_same_turn
        key: object = (rules, rack) if meld_only else (rules, opened, state.table, rack)
        if key in self._memo:
            found = self._memo[key]
        else:
            play = solved_play(
                seat,
                state.table,
                rack,
                opened=opened,
                rules=rules,
                max_states=self.max_states,
                tie_break_states=0,
            )
            if play is None:
                found = None
            elif meld_only:
                found = tuple((Counter(play.table) - Counter(state.table)).elements())
            else:
                found = play.table
            if len(self._memo) >= self.MEMO_SIZE:
                self._memo.clear()
            self._memo[key] = found
        if found is None:
            return None
        return Play(seat, state.table + found if meld_only else found)


def rack_cost(state: RummikubState, seat: int, settings: ClubSettings) -> float:
    """What ``seat``'s position costs him at a rollout's horizon, in points: his rack's points
    (docs/rules.md §2.9) plus ``tile_weight`` a tile, plus ``closed_penalty`` before his
    initial meld."""
    rack = state.racks[seat]
    cost = rack_points(rack, state.rules) + settings.tile_weight * len(rack)
    return cost + (0.0 if state.opened[seat] else settings.closed_penalty)


def looked_rack_cost(state: RummikubState, seat: int, settings: ClubSettings) -> float:
    """``rack_cost`` of ``seat``'s rack after his best listed play on the horizon's table
    (``movegen``: a new set, a tile added, a joker retrieval, a greedy initial meld; docs/rules.md
    §2.4, §2.5): what of the sampled rack could not be laid at once."""
    _, played = generate_actions(attrs.evolve(state, current=seat), engine.is_legal)
    best = max((p for p in played if p is not None), key=len, default=())
    if best:
        left = tuple((Counter(state.racks[seat]) - Counter(best)).elements())
        racks = state.racks[:seat] + (left,) + state.racks[seat + 1 :]
        opened = state.opened[:seat] + (True,) + state.opened[seat + 1 :]
        state = attrs.evolve(state, racks=racks, opened=opened)
    return rack_cost(state, seat, settings)


def race_scores(state: RummikubState) -> list[float]:
    """Each seat's expected final score at a rollout's horizon under the race model
    (``race.expected_scores``, docs/rules.md §2.9): who is likely to go out first, from the
    tile counts, opened flags and the seat to move, and the racks' points."""
    return expected_scores(
        [len(r) for r in state.racks],
        state.opened,
        state.current,
        [rack_points(r, state.rules) for r in state.racks],
    )


def _standing(state: RummikubState, seat: int, settings: ClubSettings) -> float:
    """``seat``'s score minus the others' mean: the game's scores once it has ended, else the
    same of the horizon's values: ``race_scores`` weighted ``race_weight``, and minus
    ``rack_cost`` for the rest."""
    weight = settings.race_weight
    if state.is_over:
        values = [float(p.score) for p in score_state(state)]
    else:
        values = [0.0] * state.player_count
        if weight > 0:
            values = [weight * v for v in race_scores(state)]
        if weight < 1:
            for s in range(state.player_count):
                cost = (
                    looked_rack_cost(state, s, settings)
                    if settings.look_ahead
                    else rack_cost(state, s, settings)
                )
                values[s] -= (1 - weight) * cost
    others = [v for s, v in enumerate(values) if s != seat]
    return values[seat] - sum(others) / len(others)


class RummikubClubStrategy:
    """The club player of the Rummikub family (see the module docstring)."""

    def __init__(self, seed: int = 0, *, settings: ClubSettings | None = None) -> None:
        self.seed = seed
        self.settings = settings or ClubSettings()
        self._policy = RolloutPolicy(self.settings.policy_states)
        others = self.settings.others_states
        self._others = self._policy if others is None else RolloutPolicy(others)
        self._last: _Record | None = None
        self._facts: tuple[NoPlay, ...] = ()
        self._why: Reason | None = None

    def advise(self, view: RummikubView) -> Advice:
        """The action ``choose(view)`` returns and why (``remi.core.advice.Advice``), recorded
        while deciding (``club_reasons``; docs/rules.md §2.4, §2.5, §2.9, §2.10): explaining
        a decision does not change it.

        Raises:
            ClubRulesError: a rule value the move solver does not model (``check_club_rules``).
            RemiError: the view has no legal action (not this player's turn).
        """
        self._why = None
        action = self.choose(view)
        if self._why is None:
            return Advice(action=action)
        return Advice(action=action, reason=self._why[0], values=self._why[1])

    def choose(self, view: RummikubView) -> Action:
        """The next action of ``view.seat``: the best candidate turn by rollouts (module
        docstring).

        Raises:
            ClubRulesError: a rule value the move solver does not model (``check_club_rules``).
            RemiError: the view has no legal action (not this player's turn).
        """
        check_club_rules(view.rules)
        require_legal(view.seat, view.legal)
        self._facts = self._observe(view) if self.settings.infer_draws else ()
        action = self._decide(view)
        self._last = _Record.after(view, action)
        return action

    @property
    def facts(self) -> tuple[NoPlay, ...]:
        """What the other players' draws told the last decision (``_observe``; empty unless
        ``infer_draws``)."""
        return self._facts

    def _observe(self, view: RummikubView) -> tuple[NoPlay, ...]:
        """What the other players' turns since this player's last one revealed (``NoPlay``):
        each who drew (or passed) had no valid play on the table of his turn, when that table
        is known (every player before him since then drew, so it is the table this player
        left; or every player after him drew, so it is the table now). Nothing when the last
        record is not of this game (another seat, rules or a pool count that does not add up)."""
        last = self._last
        players = len(view.tile_counts)
        if (
            last is None
            or last.seat != view.seat
            or last.rules != view.rules
            or len(last.counts) != players
        ):
            return ()
        step = 1 if view.rules.turn_direction == "clockwise" else -1
        order = [(view.seat + step * k) % players for k in range(1, players)]
        deltas = [view.tile_counts[s] - last.counts[s] for s in order]
        draws = sum(1 for d in deltas if d == 1)
        if (
            view.tile_counts[view.seat] != last.counts[view.seat]
            or last.pool - view.pool_count != draws
            or any(d > 1 for d in deltas)
        ):
            return ()
        still = [d >= 0 for d in deltas]  # drew (+1) or passed (0): no play
        facts: list[NoPlay] = []
        for k, seat in enumerate(order):
            if not still[k]:
                continue
            if all(still[:k]):
                table = last.table
            elif all(still[k + 1 :]):
                table = view.table
            else:
                continue
            facts.append(NoPlay(seat, table, deltas[k]))
        return tuple(facts)

    def _decide(self, view: RummikubView) -> Action:
        """``choose``'s action, from the candidates and their rollouts; why it is chosen is
        left in ``_why`` (``advise``)."""
        labelled = self._labelled(view)
        cands = [action for _, action in labelled]
        first = cands[0]
        self._why = first_reason(view, first)
        if len(cands) < 2 or (
            isinstance(first, Play) and placed_tiles(view, first) >= len(view.rack)
        ):
            return first
        rng = random.Random(
            f"rkclub:{self.seed}:{view.seat}:{view.pool_count}:{view.tile_counts}:"
            f"{len(view.table)}:{view.passes}"
        )
        values = self._evaluate(view, cands, self.settings.samples, rng)
        if values is None:
            return first
        best = self._challenger(values)
        if best is None:
            self._why = self._kept(view, first, len(values[0]))
            return first
        pair = [values[0], values[best]]
        duel = self.settings.duel_samples
        if duel > 0:
            more = self._evaluate(view, [first, cands[best]], duel, rng)
            if more is None:
                return first
            pair = [values[0] + more[0], values[best] + more[1]]
            if self._challenger(pair, 1) is None:
                self._why = self._kept(view, first, len(pair[0]))
                return first
        gain = statistics.fmean(pair[1]) - statistics.fmean(pair[0])
        self._why = replaced_reason(view, labelled[best][0], gain, len(pair[0]))
        return cands[best]

    def _kept(self, view: RummikubView, first: Action, samples: int) -> Reason:
        """Why the solver's move ``first`` stays after ``samples`` rollouts: no other
        candidate beat it by ``margin_points``."""
        if not isinstance(first, Play):
            return first_reason(view, first)
        return (
            N_("hint.why.rk_kept"),
            {
                "tiles": placed_tiles(view, first),
                "deals": deals(samples),
                "margin": f"{self.settings.margin_points:g}",
            },
        )

    def _challenger(self, values: list[list[float]], low: int | None = None) -> int | None:
        """The candidate that replaces the solver's move (``values[0]``), or None: the one
        whose paired differences with it (same samples) have the highest mean less
        ``margin_se`` standard errors, when that beats ``margin_points``; ``low`` (when given)
        the only candidate considered."""
        margin, k = self.settings.margin_points, self.settings.margin_se
        best, best_low = None, margin
        for i in range(1, len(values)) if low is None else [low]:
            diffs = [v - w for v, w in zip(values[i], values[0], strict=True)]
            mean = statistics.fmean(diffs)
            err = statistics.stdev(diffs) / len(diffs) ** 0.5 if k > 0 and len(diffs) > 1 else 0.0
            if mean > margin and mean - k * err > best_low:
                best, best_low = i, mean - k * err
        return best

    def candidates(self, view: RummikubView) -> list[Action]:
        """The candidate turns, the solver bot's choice first, no two leaving the same table:
        the most-tiles move (else the greedy listed play), the most-points move, the most-tiles
        move without the rack's jokers, and the listed draw (or pass)."""
        return [action for _, action in self._labelled(view)]

    def _labelled(self, view: RummikubView) -> list[tuple[Kind, Action]]:
        """``candidates`` with the kind of each (what it is for: ``_replaced`` says it)."""
        seat, opened = view.seat, view.opened[view.seat]
        base = solved_play(seat, view.table, view.rack, opened=opened, rules=view.rules)
        out: list[tuple[Kind, Action]] = [
            (("solver", ()), base if base is not None else best_legal_play(view))
        ]
        more: list[tuple[Kind, Action | None]] = [
            (
                ("points", ()),
                solved_play(
                    seat, view.table, view.rack, opened=opened, rules=view.rules, objective="points"
                ),
            )
        ]
        if any(t.is_joly for t in view.rack):
            plain = [t for t in view.rack if not t.is_joly]
            more.append(
                (
                    ("jokers", ()),
                    solved_play(seat, view.table, plain, opened=opened, rules=view.rules),
                )
            )
        if opened and isinstance(out[0][1], Play):
            more.extend((("held", held), p) for held, p in self._held(view, out[0][1]))
        more.extend((("draw", ()), a) for a in view.legal if isinstance(a, (Draw, Pass)))
        for kind, action in more:
            if action is not None and all(_key(action) != _key(a) for _, a in out):
                out.append((kind, action))
        return out

    def _held(
        self, view: RummikubView, play: Play
    ) -> list[tuple[tuple[Formation, ...], Play | None]]:
        """The solver's most-tiles moves holding back, on the rack, a new set of ``play`` made
        of rack tiles only (one at a time, then all of them): a set kept for a later turn
        saves a draw then (docs/rules.md §2.4) and gives the others nothing to rearrange."""
        placed = Counter(t for f in play.table for t in f.tiles) - Counter(
            t for f in view.table for t in f.tiles
        )
        old = Counter(view.table)
        own = [f for f in (Counter(play.table) - old).elements() if not Counter(f.tiles) - placed][
            : self.settings.hold_sets
        ]
        groups = [[f] for f in own] + ([own] if len(own) > 1 else [])
        out: list[tuple[tuple[Formation, ...], Play | None]] = []
        for held in groups:
            rest = Counter(view.rack) - Counter(t for f in held for t in f.tiles)
            out.append(
                (
                    tuple(held),
                    solved_play(
                        view.seat, view.table, list(rest.elements()), opened=True, rules=view.rules
                    ),
                )
            )
        return out

    def _evaluate(
        self, view: RummikubView, cands: Sequence[Action], samples: int, rng: random.Random
    ) -> list[list[float]] | None:
        """Each candidate's ``_standing`` on ``samples`` shared samples drawn with ``rng`` (one
        list per candidate, a sample's values at the same index in each: paired); None when
        a sample cannot be built or a candidate has no sample left."""
        totals: list[list[float]] = [[] for _ in cands]
        for _ in range(samples):
            state = determinize(view, rng, self._facts)
            if state is None:
                return None
            row = [self._rollout(state, action, view.seat) for action in cands]
            if any(end is None for end in row):
                continue  # a sample refusing a candidate: dropped for all, to keep the pairs
            for i, end in enumerate(row):
                assert end is not None
                totals[i].append(_standing(end, view.seat, self.settings))
        if not totals[0]:
            return None
        return totals

    def _rollout(self, state: RummikubState, first: Action, me: int) -> RummikubState | None:
        """``state`` after ``first`` and ``rollout_turns`` turns of the fast policy (``me``'s
        turns, the others' by their own budget: ``others_states``), or to the game's end; None
        when the sample refuses an action."""
        turns = self.settings.rollout_turns
        if turns is None:
            turns = state.player_count
        try:
            state = engine.apply(state, first)
            for _ in range(turns):
                if state.is_over:
                    break
                policy = self._policy if state.current == me else self._others
                state = engine.apply(state, policy.choose(state))
        except IllegalActionError:
            return None
        return state


@attrs.frozen
class _Record:
    """What this player left after his turn, to read the others' turns by at his next one:
    the seat, the rules, the table, every rack size and the pool count."""

    seat: int
    rules: RummikubRules
    table: tuple[Formation, ...]
    counts: tuple[int, ...]
    pool: int

    @classmethod
    def after(cls, view: RummikubView, action: Action) -> _Record:
        """The record after ``action`` on ``view`` (a play's table, a draw's tile)."""
        counts = list(view.tile_counts)
        table, pool = view.table, view.pool_count
        if isinstance(action, Play):
            table = action.table
            counts[view.seat] -= placed_tiles(view, action)
        elif isinstance(action, Draw):
            counts[view.seat] += 1
            pool -= 1
        return cls(view.seat, view.rules, table, tuple(counts), pool)


def _key(action: Action) -> object:
    """What distinguishes two candidates: the table a play leaves (as a multiset of sets),
    else the action itself."""
    if isinstance(action, Play):
        return frozenset(Counter(action.table).items())
    return action
