"""Bots: they see only views, play legal actions, undo a stuck turn, and the greedy bot plays
the rules (the opening, docs/rules.md §1.5; taking the last șir tile, §1.7; the announcement,
§1.9) and beats the random bot."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from remi.bots import (
    BOT_KINDS,
    BotError,
    FamilyBot,
    GreedyBot,
    SolverBot,
    make_bot,
    play_hand,
    seat_count,
)
from remi.core.actions import Action
from remi.core.notation import parse_tiles
from remi.core.presets import load_rules
from remi.core.strategy import NoStrategyError
from remi.core.variant import get_variant
from remi.variants.remi_pe_tabla.actions import Announce, Discard, Draw, Meld, Take, Undo
from remi.variants.remi_pe_tabla.results import score_state
from remi.variants.remi_pe_tabla.solvers import best_opening
from remi.variants.remi_pe_tabla.state import GameState, Phase, new_game
from remi.variants.remi_pe_tabla.strategies import (
    RemiGreedyStrategy,
    RemiSolverStrategy,
    least_useful,
)
from remi.variants.remi_pe_tabla.views import PlayerView, view
from remi.variants.rummikub.strategies import RummikubGreedyStrategy, RummikubSolverStrategy

from gamekit import DEFAULT, run, stacked


def _reachable(root: Any) -> list[Any]:
    """Every object reachable from ``root`` through attrs fields, tuples, lists, sets, dicts."""
    seen: dict[int, Any] = {}
    stack = [root]
    while stack:
        obj = stack.pop()
        if id(obj) in seen:
            continue
        seen[id(obj)] = obj
        if isinstance(obj, (str, int, float, bool, type(None))):
            continue
        if attrs.has(type(obj)):
            stack.extend(getattr(obj, a.name) for a in attrs.fields(type(obj)))
        elif isinstance(obj, (tuple, list, set, frozenset)):
            stack.extend(obj)
        elif isinstance(obj, dict):
            stack.extend(obj.keys())
            stack.extend(obj.values())
    return list(seen.values())


def _mid_hand_states() -> list[GameState]:
    """States along a seeded 3-player greedy/random/club hand (the PLAY and TAKE phases
    included)."""
    states: list[GameState] = []
    state = new_game(DEFAULT, 3, seed=11)
    bots = [make_bot("greedy", 1), make_bot("random", 2), make_bot("club", 3)]
    play_hand(state, bots, on_action=lambda before, action, after: states.append(before))
    return states[::5]


def test_bots_hidden_information_unreachable_from_view() -> None:
    for state in _mid_hand_states():
        if state.phase is Phase.ENDED:
            continue
        for seat in range(state.player_count):
            objects = _reachable(view(state, seat))
            ids = {id(o) for o in objects}
            assert not any(isinstance(o, GameState) for o in objects)
            for other, ps in enumerate(state.players):
                if other != seat and ps.rack:
                    assert id(ps.rack) not in ids
            if len(state.stock) > 1:
                assert id(state.stock) not in ids
                assert not any(isinstance(o, tuple) and o == state.stock for o in objects)


def test_bots_receive_only_views() -> None:
    seen: list[type] = []

    @attrs.define
    class Spy:
        inner: Any
        name: str = "spy"

        def choose(self, v: PlayerView) -> Action:
            seen.append(type(v))
            return self.inner.choose(v)

    bots = [Spy(make_bot("greedy", 0)), Spy(make_bot("club", 1))]
    end, log = play_hand(new_game(DEFAULT, 2, seed=4), bots)
    assert end.phase is Phase.ENDED
    assert seen and set(seen) == {PlayerView} and len(seen) == len(log)


@pytest.mark.parametrize("kind", BOT_KINDS)
def test_bots_play_legal_actions_to_the_end(kind: str) -> None:
    for seed in range(3):
        state = new_game(DEFAULT, 2, seed=seed)
        log: list[Action] = []

        def check(
            before: GameState, action: Action, after: GameState, log: list[Action] = log
        ) -> None:
            log.append(action)
            if isinstance(action, Undo):
                return
            if kind == "random":
                assert action in view(before, before.current).legal

        end, actions = play_hand(
            state, [make_bot(kind, seed), make_bot(kind, seed + 1)], on_action=check
        )
        assert end.phase is Phase.ENDED and list(actions) == log


def test_make_bot_unknown_kind() -> None:
    with pytest.raises(BotError, match="unknown bot kind 'clever'"):
        make_bot("clever", 0)


def test_bots_undo_stuck_turn_opening_min_points() -> None:
    # RE-7: 40 points laid, nothing else to do: view.legal == [Undo]
    state = stacked(
        [
            "R2 R3 R4 R5 R9 Y9 B9 K9 K4 K6 Y2 Y4 Y6 B12 B4",
            "Y8 Y3 Y5 Y7 Y9 Y11 Y13 B1 B3 B5 B11 B13 K3 K9",
        ],
        "K5 K7",
    )
    state = run(
        state,
        "p1 discard B4",
        "p2 draw",
        "p2 discard K5",
        "p1 draw",
        "p1 meld [R2 R3 R4 R5] [R9 Y9 B9 K9]",
    )
    v = view(state, 0)
    assert v.legal == (Undo(0),)
    for kind in BOT_KINDS:
        assert make_bot(kind, 0).choose(v) == Undo(0)


def test_greedy_opening_min_points_as_soon_as_possible() -> None:
    p1 = "R5 R6 R7 R10 Y10 B10 K2 K4 K6 K8 Y2 Y4 Y6 B2 B4"
    state = stacked([p1, "Y8 Y3 Y5 Y7 Y9 Y11 Y13 B1 B3 B5 B11 B13 K3 K9"], "K5 K7")
    state = run(state, "p1 discard B4", "p2 draw", "p2 discard K5", "p1 draw")
    v = view(state, 0)
    action = GreedyBot().choose(v)
    plan = best_opening(v.rack, DEFAULT)
    assert plan is not None and plan.points >= 45
    assert isinstance(action, Meld) and action.formations == plan.formations
    assert "[R5 R6 R7]" in [str(f) for f in action.formations]


def test_greedy_sir_take_last_completes_opening() -> None:
    # sir.take_last_for_opening (docs/rules.md §1.7): the last șir tile R8 completes R5 R6 R7 R8 + [R10 Y10 B10] = 50 points
    p1 = "R5 R6 R7 R10 Y10 B10 K2 K4 K6 K8 Y2 Y4 Y6 B2 B4"
    p2 = "R8 Y3 Y5 Y7 Y9 Y11 Y13 B1 B3 B5 B11 B13 K3 K9"
    state = run(stacked([p1, p2], "K5 K7"), "p1 discard B4", "p2 draw", "p2 discard R8")
    bot = GreedyBot()
    assert bot.choose(view(state, 0)) == Take(0)
    state = run(state, "p1 take")
    meld = bot.choose(view(state, 0))
    assert isinstance(meld, Meld) and any(t == parse_tiles("R8")[0] for t in meld.tiles)


def test_greedy_draws_when_sir_tile_useless() -> None:
    p1 = "R5 R6 R7 R10 Y10 B10 K2 K4 K6 K8 Y2 Y4 Y6 B2 B4"
    p2 = "K12 Y3 Y5 Y7 Y9 Y11 Y13 B1 B3 B5 B11 B13 K3 K9"
    state = run(stacked([p1, p2], "K5 K7"), "p1 discard B4", "p2 draw", "p2 discard K12")
    assert Take(0) in view(state, 0).legal  # pe tablă could be declared, greedy does not
    assert GreedyBot().choose(view(state, 0)) == Draw(0)


def test_greedy_announce_when_due() -> None:
    p1 = "R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 K2 K4 K6 K8"
    state = stacked([p1, "Y8 Y3 Y5 Y7 Y9 Y11 Y13 B1 B3 B5 B11 B13 K3 K9"], "K5 K7 R12")
    state = run(
        state,
        "p1 discard K8",
        "p2 draw",
        "p2 discard K5",
        "p1 draw",
        "p1 meld [R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11]",
    )
    assert GreedyBot().choose(view(state, 0)) == Announce(0)


def test_greedy_least_useful_keeps_partners_and_jolys() -> None:
    rack = parse_tiles("R5 R6 J K13 B2 Y2")
    # K13 has no partner; the jolly is never discarded
    assert str(least_useful(rack, rack, (), DEFAULT)) == "K13"
    rack = parse_tiles("J R9")
    assert str(least_useful(rack, rack, (), DEFAULT)) == "R9"


def test_greedy_discards_from_legal_discards() -> None:
    state = new_game(DEFAULT, 2, seed=9)
    action = GreedyBot().choose(view(state, 0))
    assert isinstance(action, Discard) and action in view(state, 0).legal


def test_greedy_beats_random_paired_sample() -> None:
    """Issue 4 acceptance on a deterministic sample (the full 200 in benchmarks/ladder.py)."""
    wins = games = 0
    for deal_seed in range(30):
        for greedy_seat in (0, 1):
            kinds = ["greedy", "random"] if greedy_seat == 0 else ["random", "greedy"]
            bots = [make_bot(k, deal_seed * 7 + s) for s, k in enumerate(kinds)]
            end, _ = play_hand(new_game(DEFAULT, 2, seed=deal_seed), bots)
            scores = [p.score for p in score_state(end)]
            games += 1
            wins += scores[greedy_seat] > scores[1 - greedy_seat]
    assert wins / games >= 0.9, f"greedy won {wins}/{games}"


def test_family_strategies_reached_through_the_variant_interface() -> None:
    """Each family hands out its own strategy per kind (``Variant.strategy``); the shells keep the
    one of each family they met, and a seeded Remi hand plays the same actions either way."""
    remi, rummikub = get_variant("remi"), get_variant("rummikub")
    assert isinstance(remi.strategy("greedy", 3), RemiGreedyStrategy)
    assert isinstance(remi.strategy("solver", 3), RemiSolverStrategy)
    assert isinstance(rummikub.strategy("greedy", 3), RummikubGreedyStrategy)
    assert isinstance(rummikub.strategy("solver", 3), RummikubSolverStrategy)
    state = new_game(DEFAULT, 2, seed=4)
    _, by_bots = play_hand(state, [GreedyBot(1), SolverBot(2)])

    @attrs.define
    class Direct:
        strategy: Any
        name: str = "direct"

        def choose(self, v: PlayerView) -> Action:
            return self.strategy.choose(v)  # type: ignore[no-any-return]

    direct = [Direct(remi.strategy("greedy", 1)), Direct(remi.strategy("solver", 2))]
    assert play_hand(state, direct)[1] == by_bots


def test_family_without_the_strategy_kind_is_an_error() -> None:
    """A kind the family does not provide raises, naming the family and the kind; it is never
    replaced by another kind."""
    with pytest.raises(NoStrategyError, match="'rummikub' has no 'clever'.*greedy, solver"):
        get_variant("rummikub").strategy("clever", 0)

    class CleverBot(FamilyBot):
        kind = "clever"

    with pytest.raises(BotError, match="'clever' bot cannot play.*'remi' has no 'clever'") as err:
        CleverBot(0).choose(view(new_game(DEFAULT, 2, seed=0), 0))
    assert err.value.kind == "clever"


def test_seat_count_through_the_variant() -> None:
    assert seat_count(new_game(DEFAULT, 3, seed=1)) == 3
    rummikub = get_variant("rummikub")
    assert seat_count(rummikub.new_game(load_rules("rummikub"), 4, seed=1)) == 4
    with pytest.raises(BotError, match="2 bots for 3 seats"):
        play_hand(new_game(DEFAULT, 3, seed=1), [make_bot("random", 0)] * 2)


def test_bots_and_families_import_without_cycles() -> None:
    """Layers: the core imports no family and no bot; a family never imports ``remi.bots``; no
    module of ``remi.bots`` or ``remi.core`` is in an import cycle (imports inside functions
    count)."""
    grimp = pytest.importorskip("grimp")
    graph = grimp.build_graph("remi", cache_dir=None)
    families = ("remi.variants.remi_pe_tabla", "remi.variants.rummikub")
    for family in families:
        assert not graph.chain_exists(importer=family, imported="remi.bots", as_packages=True)
        assert not graph.chain_exists(importer="remi.bots", imported=family, as_packages=True)
    core = sorted(m for m in graph.modules if m.startswith("remi.core."))
    for module in core:
        for upper in (*families, "remi.bots"):
            assert not graph.chain_exists(importer=module, imported=upper, as_packages=True)
    checked = [m for m in graph.modules if m.startswith(("remi.bots", "remi.core."))]
    checked += [m for m in graph.modules if ".strategies" in m]
    for module in checked:
        for imported in graph.find_modules_directly_imported_by(module):
            assert not graph.chain_exists(importer=imported, imported=module), (module, imported)
