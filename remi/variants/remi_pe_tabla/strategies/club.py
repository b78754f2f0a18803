"""The Remi family's ``club`` strategy: the solver's play with a searched take phase, safer,
searched discards, a joly kept to close with and more joly swaps, from views only
(docs/bots.md).

Besides the discard below: the take phase (draw, take the last șir tile, break the șir where)
is searched by ``strategies.take_search`` (``take_samples``); once opened, one joly stays on
the rack so that its discard closes the hand ×2 (``strategies.joly_close``, ``joly_close``,
docs/rules.md §1.12), a joly is never discarded while another tile can go, and a table joly
is swapped whenever the freed joly can be laid by lipire too (``swap_more``, §1.8).

``RemiClubStrategy`` plays the ``solver`` strategy's turn (``RemiSolverStrategy``) and changes:

- *the discard* (docs/rules.md §1.3, §1.7, §1.11): the legal discards are ranked by the
  solver's keep scores (``rank_discards``, with denial of the next player), the ones the next
  player could reach through the șir (``safety.sir_exposure`` above ``safe_tolerance``: he may
  break it, rupere, and lay them) moved after the others; the ``candidates`` first are each
  played out on ``samples`` determinizations of its view (``determinize``; the same samples for
  every candidate). A rollout plays the other seats with the solver policy for
  ``rollout_turns`` turns (default 1: the next player's), at most until this player's next
  turn or the hand's end (a closing, închidere, §1.11);
- *the jolys* (§1.8): a formation whose joly another player could swap
  (``exposure.exposed_formation``) stays on the rack, and a joly lay-off waits, while the hand
  is young (``guard_jolys``, off by default).

Evaluation (points): at the hand's end, this player's hand score minus the mean of the others'
(``score_state``, docs/rules.md §1.12); otherwise the same difference "as if it ended now":
each player's laid tiles (final values, owner of each tile by ``placed_by``) minus his rack's
points, the discarded candidate counted on this player's rack so that a tile's own value does
not decide, until another player has announced (anunț, §1.9): then it counts, and high tiles
go first. The best mean wins when it beats the first candidate by ``margin_points``.

``advise(view)`` gives the action with its reason (``remi.core.advice.Advice``) for ``hint``.

Budget: ``candidates`` x ``samples`` rollouts of ``rollout_turns`` turns per discard (defaults:
3 x 10, one turn), and ``take_samples`` (6) rollouts to the next turn per candidate take; a
hand of four club bots takes about 1-2 s of CPU (docs/bots.md).
Reproducible: the samples are drawn from ``random.Random`` seeded by the bot seed, the turn
number and the seat.
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Callable, Sequence

import attrs

from remi.core.advice import Advice, Tiles, deals, points
from remi.core.errors import IllegalActionError
from remi.core.formations import loose_tile_points
from remi.core.messages import N_
from remi.core.tiles import Tile
from remi.variants.remi_pe_tabla import engine
from remi.variants.remi_pe_tabla.actions import (
    Action,
    Discard,
    Draw,
    LayOff,
    Meld,
    Take,
    TakeAtu,
)
from remi.variants.remi_pe_tabla.results import score_state
from remi.variants.remi_pe_tabla.state import GameState, Phase
from remi.variants.remi_pe_tabla.strategies.determinize import determinize
from remi.variants.remi_pe_tabla.strategies.exposure import lays_joly, without_exposed
from remi.variants.remi_pe_tabla.strategies.joly_close import (
    holds_joly,
    opening_without_joly,
    placeable_swap,
    reserved_play,
)
from remi.variants.remi_pe_tabla.strategies.reasons import Reason, reason_for
from remi.variants.remi_pe_tabla.strategies.safety import ranked_safely
from remi.variants.remi_pe_tabla.strategies.solver import RemiSolverStrategy, SolverSettings
from remi.variants.remi_pe_tabla.strategies.take_search import searched_take, take_candidates
from remi.variants.remi_pe_tabla.views import PlayerView, TurnView, view

__all__ = ["ClubSettings", "RemiClubStrategy", "standing"]


@attrs.frozen(kw_only=True)
class ClubSettings:
    """The search budget of the ``club`` strategy.

    Attributes:
        candidates: discards searched (the solver's best-ranked ones).
        samples: determinizations per decision (shared by the candidates).
        margin_points: a candidate replaces the solver's choice only when its mean evaluation
            is higher by more than this (points).
        rollout_turns: the other players' turns played out after the discard (1: the next
            player's turn, the one a discard feeds; ``players - 1``: a whole round).
        max_actions: actions played per rollout at most (a safety limit).
        safe_tolerance: discards whose șir exposure (``safety.sir_exposure``) exceeds this go
            after every safer one in the candidate order; None keeps the solver's order.
        dump_when_announced: once another player has announced (anunț, he may close on his
            next turn), a candidate's own value counts: high tiles leave the rack first.
        guard_jolys: hold back a formation whose joly another player could swap
            (``exposure.exposed_formation``) and a joly lay-off, while nobody else has
            announced, the stock holds at least ``guard_stock_min`` tiles and the rack keeps
            more than three tiles after the play. Off by default: no gain measured
            (docs/bots.md).
        guard_stock_min: see ``guard_jolys``.
        joly_close: once opened, keep one joly on the rack to close with it (×2,
            ``strategies.joly_close``).
        swap_more: swap a table joly whenever its freed joly can then be laid in one of
            this player's formations, lipire included (``joly_close.placeable_swap``).
        take_samples: determinizations for the searched take phase
            (``strategies.take_search``); 0 plays the solver's take.
        take_margin_points: a searched take replaces the solver's when its mean is higher by
            more than this (points).
        joly_close_tiles: after another player's announcement the joly is still kept when
            the rack holds at most this many other tiles.
    """

    candidates: int = 3
    samples: int = 10
    rollout_turns: int = 1
    margin_points: float = 2.0
    max_actions: int = 60
    safe_tolerance: float | None = 0.5
    dump_when_announced: bool = True
    guard_jolys: bool = False
    guard_stock_min: int = 20
    joly_close: bool = True
    swap_more: bool = True
    take_samples: int = 6
    take_margin_points: float = 5.0
    joly_close_tiles: int = 2


def standing(state: GameState, seat: int, extra: Tile | None = None) -> float:
    """``seat``'s score minus the others' mean (points): the hand scores once it has ended
    (``score_state``), else laid tiles minus rack points for each player, ``extra`` counted on
    ``seat``'s rack."""
    if state.phase is Phase.ENDED:
        scores = [p.score for p in score_state(state)]
    else:
        final = state.rules.final_points
        laid = [0] * len(state.players)
        for tf in state.table:
            for tile, by in zip(tf.formation.tiles, tf.placed_by, strict=True):
                laid[by] += loose_tile_points(tile, final)
        scores = [
            laid[s] - sum(loose_tile_points(t, final) for t in p.rack)
            for s, p in enumerate(state.players)
        ]
        if extra is not None:
            scores[seat] -= loose_tile_points(extra, final)
    others = [v for s, v in enumerate(scores) if s != seat]
    return scores[seat] - sum(others) / len(others)


class RemiClubStrategy(RemiSolverStrategy):
    """The club player of the Remi family (see the module docstring)."""

    def __init__(
        self,
        seed: int = 0,
        *,
        settings: SolverSettings | None = None,
        club: ClubSettings | None = None,
    ) -> None:
        super().__init__(seed, settings=settings)
        self.club = club or ClubSettings()
        self._why: Reason | None = None

    def advise(self, view: PlayerView) -> Advice:
        """The action ``choose(view)`` returns and why (``remi.core.advice.Advice``): the
        searched discard's comparison, else the solver turn's rule of thumb
        (``strategies.reasons``).

        Raises:
            RemiError: the view has no legal action (not this player's turn).
        """
        self._why = None
        action = self.choose(view)
        why = self._why or reason_for(view, action)
        if why is None:
            return Advice(action=action)
        return Advice(action=action, reason=why[0], values=why[1])

    def _break(self, view: PlayerView) -> Action | None:
        """The take phase: the solver's choice (break, take the last șir tile, draw) unless
        the searched take (``strategies.take_search``) finds a candidate better by more than
        ``take_margin_points``; None lets the shared turn take or draw as the solver would."""
        solver_break = super()._break(view)
        if self.club.take_samples <= 0 or TakeAtu(view.seat) in view.legal:
            return solver_break
        candidates = take_candidates(view)
        if len(candidates) < 2:
            return solver_break
        rng = random.Random(f"club-take:{self.seed}:{view.turns_ended}:{view.seat}")
        policies: dict[int, RemiSolverStrategy] = {}

        def policy(seat: int) -> Callable[[PlayerView], Action]:
            return policies.setdefault(seat, RemiSolverStrategy(seat)).choose

        means = searched_take(
            view,
            candidates,
            rng=rng,
            samples=self.club.take_samples,
            policy=policy,
            evaluate=lambda end: standing(end, view.seat),
        )
        if solver_break is not None:
            usual: Action = solver_break
        elif Take(view.seat) in view.legal and self._take_pays(view):
            usual = Take(view.seat)
        else:
            usual = Draw(view.seat)
        if means is None or usual not in means:
            return solver_break
        best = max(candidates, key=lambda a: means[a])
        if means[best] > means[usual] + self.club.take_margin_points:
            self._why = (
                N_("hint.why.take_search"),
                {
                    "points": points(round(means[best] - means[usual])),
                    "deals": deals(self.club.take_samples),
                },
            )
            return best
        return solver_break

    def _lay(self, view: PlayerView) -> Action | None:
        """The solver's lay; with ``joly_close`` an opening that keeps a joly on the rack
        comes first (``strategies.joly_close.opening_without_joly``)."""
        turn = view.turn
        if self.club.joly_close and turn is not None:
            opening = opening_without_joly(view, turn)
            if opening is not None:
                return opening
        return super()._lay(view)

    def _lay_opened(self, view: PlayerView, turn: TurnView) -> Action | None:
        """The solver's play, its jolys guarded (``ClubSettings.guard_jolys``): an exposed
        formation stays on the rack, a joly lay-off waits; a play that must use the taken șir
        tile or a freed joly is never held back."""
        if self.club.swap_more and turn.taken_tile is None and not turn.freed_jolys:
            swap = placeable_swap(view)
            if swap is not None:
                return swap
        if self.club.joly_close and holds_joly(
            view, turn, max_other_tiles=self.club.joly_close_tiles
        ):
            play = reserved_play(view)
            if play is not None:
                self._why = N_("hint.why.joly_close"), {}
            if play is not None or turn.taken_tile is None:
                return play
        action = super()._lay_opened(view, turn)
        if not self._guarding(view, turn) or action is None:
            return action
        if isinstance(action, Meld):
            guarded = without_exposed(action, view)
            if guarded == action:
                return action
            if len(view.rack) - len(action.tiles) <= 3:
                return action
            if guarded is not None:
                self._why = N_("hint.why.joly_guard"), {}
                return guarded
        elif not lays_joly(action):
            return action
        self._why = N_("hint.why.joly_guard"), {}
        final = view.rules.final_points
        layoffs = [a for a in view.legal if isinstance(a, LayOff) and not lays_joly(a)]
        if not layoffs:
            return None
        return max(
            layoffs,
            key=lambda a: sum(
                loose_tile_points(t.tile, final) for t in a.tiles if t.tile is not None
            ),
        )

    def _guarding(self, view: PlayerView, turn: TurnView) -> bool:
        """Whether the joly guard applies this turn (``ClubSettings.guard_jolys``)."""
        return (
            self.club.guard_jolys
            and turn.taken_tile is None
            and not turn.freed_jolys
            and view.stock_count >= self.club.guard_stock_min
            and not any(p.announced for p in view.players if p.seat != view.seat)
        )

    def _discard_tile(self, view: PlayerView, choices: Sequence[Tile]) -> Tile:
        """The searched discard (module docstring); the solver's when the search cannot run.
        A joly is never a candidate while another tile can go: discarded before the last tile
        it scores for nobody (§1.12) instead of closing ×2 or being laid for 50."""
        solver_first = self._discard_ranking(view, choices)
        solver_first = [t for t in solver_first if not t.is_joly] or solver_first
        ranked = solver_first
        if self.club.safe_tolerance is not None:
            ranked = ranked_safely(ranked, view, self.club.safe_tolerance)
        ranked = ranked[: self.club.candidates]
        if ranked[0] != solver_first[0]:
            self._why = (
                N_("hint.why.discard_safe"),
                {
                    "tile": Tiles(str(ranked[0])),
                    "other": Tiles(str(solver_first[0])),
                },
            )
        if len(ranked) < 2:
            return ranked[0]
        rng = random.Random(f"club:{self.seed}:{view.turns_ended}:{view.seat}")
        values: dict[Tile, list[float]] = {t: [] for t in ranked}
        dump = self.club.dump_when_announced and any(
            p.announced for p in view.players if p.seat != view.seat
        )
        for _ in range(self.club.samples):
            state = determinize(view, rng)
            if state is None:
                return ranked[0]
            for tile in ranked:
                end = self._rollout(state, Discard(view.seat, tile), view.seat)
                if end is not None:
                    values[tile].append(standing(end, view.seat, None if dump else tile))
        if any(not v for v in values.values()):
            return ranked[0]
        means = {t: statistics.fmean(v) for t, v in values.items()}
        best = max(ranked, key=lambda t: means[t])
        if means[best] > means[ranked[0]] + self.club.margin_points:
            self._why = (
                N_("hint.why.discard_search"),
                {
                    "tile": Tiles(str(best)),
                    "other": Tiles(str(ranked[0])),
                    "points": points(round(means[best] - means[ranked[0]])),
                    "deals": deals(self.club.samples),
                },
            )
            return best
        return ranked[0]

    def _rollout(self, state: GameState, first: Discard, seat: int) -> GameState | None:
        """``state`` after ``first`` and the other seats' play by the solver policy for
        ``rollout_turns`` turns, up to ``seat``'s next turn or the hand's end; None when the sample refuses an action."""
        try:
            state = engine.apply(state, first)
            policies: dict[int, RemiSolverStrategy] = {}
            turns = state.turns_ended + self.club.rollout_turns
            for _ in range(self.club.max_actions):
                if (
                    state.phase is Phase.ENDED
                    or state.current == seat
                    or state.turns_ended >= turns
                ):
                    return state
                s = state.current
                policy = policies.setdefault(s, RemiSolverStrategy(s))
                state = engine.apply(state, policy.choose(view(state, s)))
        except IllegalActionError:
            return None
        return state
