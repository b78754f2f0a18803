"""The Rummikub family's ``club`` bot: determinized search from its view only, legal, seeded,
and refusing the rule values its move solver does not model."""

from __future__ import annotations

import pickle
import random
from collections import Counter

import attrs
import pytest
from test_hidden_information import soak

from remi.bots import check_bots, make_bot, play_hand
from remi.core.actions import Action
from remi.core.notation import parse_tiles
from remi.core.presets import load_rules
from remi.core.strategy import NoStrategyError
from remi.core.variant import get_variant
from remi.variants.rummikub import engine
from remi.variants.rummikub.actions import Draw, Play
from remi.variants.rummikub.club import (
    ClubRulesError,
    ClubSettings,
    RolloutPolicy,
    RummikubClubStrategy,
    _standing,
    looked_rack_cost,
    race_scores,
    rack_cost,
)
from remi.variants.rummikub.determinize import NoPlay, determinize, has_listed_play, unseen_tiles
from remi.variants.rummikub.melds import rack_points
from remi.variants.rummikub.race import SHRINK, expected_scores, win_chances
from remi.variants.rummikub.state import RummikubState
from remi.variants.rummikub.strategies import (
    RummikubSolverStrategy,
    best_legal_play,
    solved_play,
)
from remi.variants.rummikub.views import RummikubView, view

from rummikit import deal, rk_rules, run

RULES = load_rules("rummikub")
#: a small budget keeps the tests fast; the search itself is the same
FAST = ClubSettings(samples=2)


def _fast(seed: int) -> RummikubClubStrategy:
    return RummikubClubStrategy(seed, settings=FAST)


@attrs.define
class _FastClub:
    """A ``club`` seat with the small test budget, recording the type of what it is shown."""

    seed: int
    name: str = "club"
    shown: list[type] = attrs.Factory(list)

    def choose(self, v: RummikubView) -> Action:
        self.shown.append(type(v))
        return _fast(self.seed).choose(v)


def _club_turns(seed: int = 3) -> list[RummikubState]:
    """States of a seeded 4-player game (club against solver) where a club seat is to play."""
    states: list[RummikubState] = []
    bots = [_FastClub(1), make_bot("solver", 2), _FastClub(3), make_bot("solver", 4)]

    def keep(before: RummikubState, action: object, after: RummikubState) -> None:
        if before.current in (0, 2):
            states.append(before)

    play_hand(get_variant("rummikub").new_game(RULES, 4, seed=seed), bots, on_action=keep)
    return states


def _hidden_reshuffled(state: RummikubState, seat: int, rng: random.Random) -> RummikubState:
    """``state`` with every tile ``seat`` cannot see (other racks, the pool) dealt again."""
    hidden = list(state.pool) + [t for s, r in enumerate(state.racks) if s != seat for t in r]
    rng.shuffle(hidden)
    racks = []
    for s, rack in enumerate(state.racks):
        if s != seat:
            rack, hidden = tuple(sorted(hidden[: len(rack)])), hidden[len(rack) :]
        racks.append(rack)
    return attrs.evolve(state, racks=tuple(racks), pool=tuple(hidden))


def _own_rack(state: RummikubState, tiles: str) -> RummikubState:
    """``state`` with p1's rack exactly ``tiles`` (no fillers)."""
    return attrs.evolve(state, racks=(parse_tiles(tiles), *state.racks[1:]))


def test_club_is_the_family_strategy_of_the_club_bot() -> None:
    assert isinstance(get_variant("rummikub").strategy("club", 5), RummikubClubStrategy)
    check_bots(["club", "solver"], RULES)


@pytest.mark.parametrize(
    "settings",
    [FAST, attrs.evolve(FAST, margin_se=1.0, duel_samples=2, others_states=0)],
    ids=["defaults", "se-duel-greedy-others"],
)
def test_decisions_do_not_depend_on_the_hidden_tiles_and_are_legal(settings: ClubSettings) -> None:
    rng = random.Random(0)
    turns = _club_turns()
    assert len(turns) >= 6
    for state in turns[:8]:
        seat = state.current
        other = _hidden_reshuffled(state, seat, rng)
        assert other.racks[(seat + 1) % 4] != state.racks[(seat + 1) % 4]
        assert other.pool != state.pool
        assert view(other, seat) == view(state, seat)
        chosen = RummikubClubStrategy(7, settings=settings).choose(view(state, seat))
        assert RummikubClubStrategy(7, settings=settings).choose(view(other, seat)) == chosen
        engine.check(state, chosen)  # legal in the true state (docs/rules.md §2.4-§2.7)
        engine.check(other, chosen)


def test_determinizations_agree_with_the_view() -> None:
    state = _club_turns()[3]
    seat = state.current
    v = view(state, seat)
    true_hidden = list(state.pool) + [t for s, r in enumerate(state.racks) if s != seat for t in r]
    assert Counter(unseen_tiles(v)) == Counter(true_hidden)
    sample = determinize(v, random.Random(1))
    assert sample is not None
    assert view(sample, seat) == v
    assert [len(r) for r in sample.racks] == [len(r) for r in state.racks]
    assert sample.all_tiles() == state.all_tiles()


def test_the_solver_move_comes_first_and_a_going_out_is_played_at_once() -> None:
    # p1 can go out: R9 R10 R11 and K1 K2 K3 (docs/rules.md §2.9)
    state = _own_rack(
        deal(["R9 R10 R11 K11 K12 K13", "Y2"], pool="Y4 Y6"), "R9 R10 R11 K11 K12 K13"
    )
    v = view(state, 0)
    club = _fast(0)
    assert club.candidates(v)[0] == RummikubSolverStrategy(0).choose(v)
    chosen = club.choose(v)
    assert isinstance(chosen, Play) and engine.apply(state, chosen).winner == 0


def test_candidates_hold_back_jokers_and_offer_the_draw() -> None:
    # the initial meld (docs/rules.md §2.5) with the joker, without it, or a draw (§2.4)
    state = deal(["R9 R10 R11 Y10 B10 K10 J", "Y2"], pool="Y4 Y6")
    v = view(state, 0)
    cands = _fast(0).candidates(v)
    assert Draw(0) in cands
    jokers = [
        sum(1 for f in c.table for t in f.tiles if t.is_joly) for c in cands if isinstance(c, Play)
    ]
    assert jokers[0] == 1 and 0 in jokers[1:]
    for c in cands:
        engine.check(state, c)


def test_rack_cost_counts_the_joker_at_30_and_the_tiles_left() -> None:
    state = _own_rack(deal(["Y5 K9 J", "Y2"]), "Y5 K9 J")
    settings = ClubSettings(tile_weight=2.0, closed_penalty=10.0)
    # 5 + 9 + 30 (scoring.joker_points) + 3 tiles x 2 + not opened 10 (docs/rules.md §2.9)
    assert [str(t) for t in state.racks[0]] == ["Y5", "K9", "J"]
    assert rack_cost(state, 0, settings) == 5 + 9 + 30 + 6 + 10


def test_club_games_are_reproducible_by_seed_and_see_only_views() -> None:
    club = _FastClub(4)

    def game() -> tuple[Action, ...]:
        end, log = play_hand(
            get_variant("rummikub").new_game(RULES, 2, seed=8), [club, make_bot("greedy", 5)]
        )
        assert end.is_over
        return log

    first = game()
    assert game() == first
    assert club.shown and set(club.shown) == {RummikubView}


def test_club_views_pass_the_information_hiding_walk() -> None:
    variant = get_variant("rummikub")
    for state in _club_turns(seed=5)[::3]:
        views = soak.check_views(variant, state, "club game")
        assert len(views) == 4


#: The rule values the move solver does not model (docs/rules.md §2.3, §2.6, §2.7), by rule id.
UNMODELLED = {
    "run.ace_high": True,
    "joker.locks_meld": True,
    "joker.group_of_three": "both_missing",
    "joker.freed_use": "new_set_with_rack",
    "table.keep_three": True,
}


@pytest.mark.parametrize(("rule", "value"), UNMODELLED.items(), ids=list(UNMODELLED))
def test_club_bot_refuses_rules_its_solver_does_not_model(rule: str, value: object) -> None:
    rules = rk_rules(**{rule.replace(".", "__"): value})
    with pytest.raises(ClubRulesError) as info:
        check_bots(["club"], rules)
    assert info.value.rule == rule and str(info.value).endswith(f"[{rule}]")
    assert "'club'" in str(info.value) and isinstance(info.value, NoStrategyError)
    back = pickle.loads(pickle.dumps(info.value))
    assert str(back) == str(info.value)
    state = deal(["R9 R10 R11 K1 K2", "Y2"], pool="Y4 Y6", rules=rules)
    with pytest.raises(ClubRulesError):
        RummikubClubStrategy(0).choose(view(state, 0))


def test_candidates_hold_back_a_set_of_rack_tiles_after_the_initial_meld() -> None:
    # p1 has made his initial meld (docs/rules.md §2.5); K1 K2 K3 is a new set of rack tiles
    # only: one candidate lays R9 on the run and keeps the group on the rack (§2.4, §2.6)
    state = deal(["R10 R11 R12 R13 R9 K1 Y1 B1", "Y2"], pool="Y4 Y6 Y7")
    state = run(state, "p1 play [R10 R11 R12 R13]", "p2 draw")
    v = view(state, 0)
    cands = _fast(0).candidates(v)

    def kept(actions: list[Action]) -> list[Action]:
        run9 = parse_tiles("R9 R10 R11 R12 R13")
        return [
            c
            for c in actions
            if isinstance(c, Play)
            and run9 in [f.tiles for f in c.table]
            and not any(t.number == 1 for f in c.table for t in f.tiles)
        ]

    assert len(kept(cands)) == 1
    assert isinstance(cands[0], Play) and len(cands[0].table) == 2  # the solver lays both
    for c in cands:
        engine.check(state, c)
    off = RummikubClubStrategy(0, settings=ClubSettings(samples=2, hold_sets=0))
    assert kept(off.candidates(v)) == []
    # the choice among them is the same whatever the hidden racks and pool hold
    other = _hidden_reshuffled(state, 0, random.Random(2))
    assert other.racks[1] != state.racks[1] and view(other, 0) == v
    assert _fast(3).choose(view(other, 0)) == _fast(3).choose(v)


def test_race_chances_favour_few_tiles_and_the_player_to_move() -> None:
    # the fitted race table (remi.variants.rummikub.race): fewer tiles, a made initial meld
    # (docs/rules.md §2.5) and an earlier turn each raise the chance to go out first
    even = win_chances([14, 14, 14, 14], [False] * 4, 0)
    assert sum(even) == pytest.approx(1.0)
    assert even[0] > even[1] > even[2] > even[3]  # the same racks: the player to move first
    chances = win_chances([1, 5, 9, 14], [True, True, True, False], 2)
    assert sum(chances) == pytest.approx(1.0)
    assert chances[0] > chances[1] > chances[2] > chances[3]
    assert win_chances([3, 0, 2, 7], [True] * 4, 0) == [0.0, 1.0, 0.0, 0.0]  # went out (§2.9)


def test_race_expected_scores_are_zero_sum_and_price_the_racks() -> None:
    # §2.9: the one who goes out scores the others' racks; each other player loses his own
    points = [10.0, 40.0, 60.0, 80.0]
    scores = expected_scores([2, 6, 8, 10], [True] * 4, 0, points)
    assert sum(scores) == pytest.approx(0.0)
    chances = win_chances([2, 6, 8, 10], [True] * 4, 0)
    racks = [SHRINK * p for p in points]
    assert scores[1] == pytest.approx(
        chances[1] * (sum(racks) - racks[1]) - (1 - chances[1]) * racks[1]
    )
    assert scores == sorted(scores, reverse=True)
    # a horizon where p2 has gone out is his certain win (the racks' points, shrunk)
    assert expected_scores([3, 0, 2, 7], [True] * 4, 0, points)[1] == pytest.approx(
        SHRINK * (10 + 60 + 80)
    )


def test_race_scores_read_the_state_and_race_weight_zero_is_the_flat_price() -> None:
    state = deal(["R9 R10 R11 K1 K2", "Y2 Y3"], pool="Y4 Y6")
    state = attrs.evolve(state, racks=(parse_tiles("R9 R10 R11 K1 K2"), parse_tiles("Y2 Y3")))
    scores = race_scores(state)
    assert scores == pytest.approx(expected_scores([5, 2], [False, False], 0, [33.0, 5.0]))
    flat = ClubSettings()  # the default: race_weight 0
    # "as if it ended now": the others' rack_cost minus one's own (2 players)
    assert _standing(state, 0, flat) == pytest.approx(
        rack_cost(state, 1, flat) - rack_cost(state, 0, flat)
    )
    assert _standing(state, 0, ClubSettings(race_weight=1.0)) == pytest.approx(
        scores[0] - scores[1]
    )


def test_the_rollout_policy_remembers_an_initial_meld_by_rack() -> None:
    # an initial meld without table play in the same turn (initial_meld.manipulate_same_turn
    # false, docs/rules.md §2.5) depends on the rack alone: remembered, laid on any table
    state = deal(["R10 R11 R12 B1", "K10 K11 K12 Y5"], pool="Y4 Y6 Y7")
    state = run(state, "p1 play [R10 R11 R12]")
    policy = RolloutPolicy(20_000)
    first = policy.choose(state)
    assert first == solved_play(
        1, state.table, state.racks[1], opened=False, rules=RULES, tie_break_states=0
    )
    assert isinstance(first, Play)
    meld = Counter(first.table) - Counter(state.table)
    assert parse_tiles("K10 K11 K12") in [f.tiles[-3:] for f in meld]  # 30 points at least
    bare = attrs.evolve(state, table=())
    again = policy.choose(bare)
    assert isinstance(again, Play) and Counter(again.table) == meld
    engine.check(bare, again)
    assert policy.choose(state) == first


def test_a_candidate_replaces_the_solver_move_only_by_a_sure_paired_margin() -> None:
    # paired values on 4 shared samples: candidate 1 gains 0, 4, 0, 4 (mean 2, standard error
    # 1.15), candidate 2 gains 3 on every sample (mean 3, standard error 0)
    values = [[10.0, 20.0, 30.0, 40.0], [10.0, 24.0, 30.0, 44.0], [13.0, 23.0, 33.0, 43.0]]
    mean = ClubSettings(margin_points=1.0, margin_se=0.0)
    pick = RummikubClubStrategy(0, settings=mean)._challenger
    assert pick(values) == 2  # the best mean, 3 > 1
    assert pick(values, 1) == 1  # 2 > 1
    sure = RummikubClubStrategy(0, settings=ClubSettings(margin_points=1.0, margin_se=1.0))
    assert sure._challenger(values) == 2  # 3 - 0 > 1, and more than 2 - 1.15
    assert sure._challenger(values, 1) is None  # 2 - 1.15 < 1: the solver's move stands
    assert sure._challenger([values[0], values[0]]) is None  # no gain: never replaced


def test_the_others_rollout_turns_may_be_the_greedy_listed_play() -> None:
    # others_states 0: the other players' rollout turns are the greedy listed play; p2's is
    # the initial meld R9 R10 R11 R12 (42 points, docs/rules.md §2.5), the most tiles listed
    state = deal(["Y2 Y4", "R9 R10 R11 R12 K1"], pool="Y5 Y6")
    after_draw = run(state, "p1 draw")
    greedy = RolloutPolicy(0).choose(after_draw)
    assert greedy == best_legal_play(view(after_draw, 1))
    assert isinstance(greedy, Play) and parse_tiles("R9 R10 R11 R12") in [
        f.tiles for f in greedy.table
    ]
    club = RummikubClubStrategy(0, settings=ClubSettings(others_states=0, rollout_turns=1))
    assert club._rollout(state, Draw(0), 0) == engine.apply(after_draw, greedy)


#: the small test budget with the inference from draws (``infer_draws``)
INFER = attrs.evolve(FAST, infer_draws=True)


def test_a_listed_play_is_a_new_set_a_grown_run_or_an_initial_meld() -> None:
    # the table holds the run K9 K10 K11 (30 points, docs/rules.md §2.5)
    table = run(deal(["K9 K10 K11 B2", "Y2"]), "p1 play [K9 K10 K11]").table
    assert has_listed_play(RULES, table, parse_tiles("K12 B1 Y5"), opened=True)  # K12 grows it
    assert has_listed_play(RULES, table, parse_tiles("B1 Y1 R1 Y5"), opened=True)  # a group
    assert not has_listed_play(RULES, table, parse_tiles("B1 Y5 R13"), opened=True)
    # before the initial meld (§2.5): no lay-off, and a meld of 30 points at least
    assert not has_listed_play(RULES, table, parse_tiles("K12 B1 Y5"), opened=False)
    assert not has_listed_play(RULES, table, parse_tiles("B1 Y1 R1 Y5"), opened=False)
    assert has_listed_play(RULES, table, parse_tiles("B10 Y10 R10 Y5"), opened=False)


@attrs.define
class _Inferring:
    """A ``club`` seat with the inference from draws, one strategy over the whole hand,
    recording the views it is shown and the facts each decision used."""

    seed: int
    name: str = "club"
    views: list[RummikubView] = attrs.Factory(list)
    facts: list[tuple[NoPlay, ...]] = attrs.Factory(list)
    strategy: RummikubClubStrategy = attrs.field(init=False)

    def __attrs_post_init__(self) -> None:
        self.strategy = RummikubClubStrategy(self.seed, settings=INFER)

    def choose(self, v: RummikubView) -> Action:
        self.views.append(v)
        action = self.strategy.choose(v)
        self.facts.append(self.strategy.facts)
        return action


def test_a_sample_never_gives_a_player_who_drew_a_rack_with_a_listed_play() -> None:
    # a player who drew had no valid play on the table of his turn (docs/rules.md §2.4, §2.5):
    # the club's samples deal him, before the drawn tile, a rack without a listed play there
    club = _Inferring(1)
    bots = [club, make_bot("solver", 2), make_bot("solver", 3), make_bot("solver", 4)]
    turns: list[tuple[RummikubState, Action]] = []

    def keep(before: RummikubState, action: Action, after: RummikubState) -> None:
        turns.append((before, action))

    play_hand(get_variant("rummikub").new_game(RULES, 4, seed=3), bots, on_action=keep)
    starts = [i for i, (b, _) in enumerate(turns) if b.current == 0]
    assert club.facts[0] == ()  # nothing seen before the club's first turn
    checked = 0
    for start, facts in zip(starts, club.facts, strict=True):
        state = turns[start][0]
        for fact in facts:
            # the fact is the game's: at his last turn he drew, on that very table, and the
            # solver bot draws only without a play
            before, action = next(
                (b, a) for b, a in reversed(turns[:start]) if b.current == fact.seat
            )
            assert isinstance(action, Draw) and fact.drawn == 1
            assert before.table == fact.table
            opened = state.opened[fact.seat]
            assert not has_listed_play(RULES, fact.table, before.racks[fact.seat], opened=opened)
            for seed in range(3):
                sample = determinize(view(state, 0), random.Random(seed), facts)
                assert sample is not None and view(sample, 0) == view(state, 0)
                rack = Counter(sample.racks[fact.seat])
                assert any(
                    not has_listed_play(
                        RULES, fact.table, list((rack - Counter([drawn])).elements()), opened=opened
                    )
                    for drawn in rack
                )
            checked += 1
    assert checked >= 5
    # the same views, their hidden tiles dealt again, give the same facts and decisions
    rng = random.Random(5)
    again = RummikubClubStrategy(1, settings=INFER)
    for start, v, facts in zip(starts, club.views, club.facts, strict=True):
        state, played = turns[start]
        other = view(_hidden_reshuffled(state, 0, rng), 0)
        assert other == v
        assert again.choose(other) == played
        assert again.facts == facts
    # a view of another game (two players) is not read against this one's record
    again.choose(view(deal(["B1 B2 B3 B4", "Y2"]), 0))
    assert again.facts == ()


def test_the_looked_horizon_prices_a_rack_after_its_best_listed_play() -> None:
    # p2 has not made his initial meld; his best listed meld (docs/rules.md §2.5) lays the
    # group Y5 B5 K5 and the run K9 K10 K11 K12 (57 points): 7 of his 14 tiles are left
    state = deal(["R10 R11 R12 B1", "K10 K11 K12 Y5"], pool="Y4 Y6 Y7")
    state = run(state, "p1 play [R10 R11 R12]")
    rack = state.racks[1]
    assert len(rack) == 14 and rack_points(rack, RULES) == 88
    settings = ClubSettings(look_ahead=True)
    assert rack_cost(state, 1, settings) == 88 + 6 * 14 + 20
    assert looked_rack_cost(state, 1, settings) == (88 - 57) + 6 * 7  # opened, no penalty
    assert _standing(state, 0, settings) != _standing(state, 0, ClubSettings())
