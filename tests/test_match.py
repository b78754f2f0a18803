"""Matches through the library API (``remi.match``): bots play a match to its end in both
families, and the winner is checked against the family's match rules (Remi: ``match.end``,
``match.target_points``, ``match.hands``; Rummikub-style: ``session.end``, ``session.games``,
``session.target_points``): the single highest total wins, a tie for the highest plays on.
``remi play --match --auto`` reaches the same winner and totals through the same API."""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

import pytest
from typer.testing import CliRunner

from remi.bots import make_bot
from remi.cli import app
from remi.core.presets import load_rules
from remi.core.rulespec import RuleSet
from remi.core.scoring import PlayerScore
from remi.match import Chooser, Match, new_match, play_match

NAMES = ("Ana", "Bogdan", "Ion")


def _greedy(match: Match) -> list[Chooser]:
    """Greedy bots seeded as ``remi play`` seeds them at the start of a hand."""
    return [make_bot("greedy", match.seed * 16 + seat).choose for seat in range(len(match.names))]


def _check_played(match: Match) -> None:
    """The totals are the sums of the hands' scores; the seats rotated once per hand; no
    earlier hand ended the match; the winner has the single highest total."""
    sums: Counter[str] = Counter()
    step = new_match(match.rules, NAMES, seed=match.base_seed)
    for scores in match.hands:
        assert step.winner is None
        sums.update({ps.name: ps.score for ps in scores})
        step = step.after_hand(scores)
    assert step.totals == match.totals
    assert dict(match.totals) == {name: sums[name] for name in NAMES}
    assert match.hands_played == len(match.hands)
    turns = match.hands_played % len(NAMES)
    assert match.names == NAMES[turns:] + NAMES[:turns]
    assert match.seed == match.base_seed + match.hands_played
    best = max(total for _, total in match.totals)
    assert [name for name, total in match.totals if total == best] == [match.winner]


@pytest.mark.parametrize("target", [300, 1000])
def test_remi_match_to_the_target_match_target_points(target: int) -> None:
    rules = load_rules("remi-pe-tabla", {"match.target_points": str(target)})
    match = play_match(rules, NAMES, _greedy, seed=3)
    _check_played(match)
    assert match.winner is not None and match.total(match.winner) >= target


def test_remi_match_of_hands_match_hands() -> None:
    rules = load_rules("remi-pe-tabla", {"match.end": "hands", "match.hands": "2"})
    match = play_match(rules, NAMES, _greedy, seed=5)
    _check_played(match)
    assert match.hands_played >= 2
    assert match.outcome()[1].endswith("after the last hand")


@pytest.mark.parametrize(
    ("overrides", "games"),
    [({}, 4), ({"session.games": "2"}, 2)],
)
def test_rummikub_session_of_games_session_games(overrides: dict[str, str], games: int) -> None:
    rules = load_rules("rummikub", overrides)
    match = play_match(rules, NAMES, _greedy, seed=3)
    _check_played(match)
    assert match.hands_played >= games  # more only after a tie for the highest total
    assert match.outcome()[1].endswith("after the last game")


def test_rummikub_session_to_a_target_session_target_points() -> None:
    rules = load_rules("rummikub", {"session.end": "target", "session.target_points": "100"})
    match = play_match(rules, NAMES, _greedy, seed=3)
    _check_played(match)
    assert match.winner is not None and match.total(match.winner) >= 100


def _at(rules: RuleSet, totals: dict[str, int], hands: int = 1) -> Match:
    return Match(rules=rules, names=tuple(totals), totals=tuple(totals.items()), hands_played=hands)


def test_match_winner_worked_values_through_the_variant() -> None:
    """The worked values of ``match_winner`` (docs/scoring.md) and of ``session_outcome``,
    reached through ``Match`` and ``Variant.match_outcome``."""
    remi = load_rules("remi-pe-tabla")
    assert _at(remi, {"A": 1065, "B": 990}).winner == "A"
    assert _at(remi, {"A": 1065, "B": 1010}).winner == "A"  # several at the target: highest
    assert _at(remi, {"A": 1065, "B": 1065}).winner is None  # a tie plays on
    assert _at(remi, {"A": 885, "B": 700}).winner is None  # nobody at 1000 yet
    assert _at(remi, {"A": 1200, "B": 1200}).outcome() == (
        None,
        "A and B tie for the highest total, 1200: play another hand",
    )
    rk = load_rules("rummikub")
    assert _at(rk, {"A": 40, "B": -40}, hands=3).winner is None  # 3 of 4 games
    assert _at(rk, {"A": 40, "B": -40}, hands=4).winner == "A"
    assert _at(rk, {"A": 0, "B": 0}, hands=4).winner is None


def test_after_hand_adds_scores_and_rotates_seats() -> None:
    match = new_match(load_rules("remi-pe-tabla"), ("A", "B", "C"), seed=7)
    scores = tuple(PlayerScore(name=n, score=s, lines=()) for n, s in (("A", 50), ("B", -20)))
    after = match.after_hand(scores + (PlayerScore(name="C", score=-30, lines=()),))
    assert after.names == ("B", "C", "A") and after.seed == 8 and after.hands_played == 1
    assert after.totals == (("B", -20), ("C", -30), ("A", 50))
    with pytest.raises(KeyError):
        after.after_hand((PlayerScore(name="Z", score=1, lines=()),))


def _cli_totals(output: str) -> tuple[str, dict[str, int]]:
    last = output[output.rindex("Match totals after hand") :]
    totals = {name: int(points) for name, points in re.findall(r"^  (\S+): ([+-]\d+)$", last, re.M)}
    winner = re.search(r"^(\S+) wins the match with", last, re.M)
    assert winner is not None
    return winner.group(1), totals


@pytest.mark.parametrize(
    ("preset", "extra"),
    [("remi-pe-tabla", ["--set", "match.target_points=300"]), ("rummikub", [])],
)
def test_play_match_auto_is_the_library_match(preset: str, extra: list[str]) -> None:
    """``remi play --match --auto`` plays the same match as ``play_match`` with its bots."""
    args = ["play", "--rules", preset, "--match", "--auto", "--seed", "3", "--players", "3"]
    result = CliRunner().invoke(app, [*args, *extra])
    assert result.exit_code == 0, result.output
    winner, totals = _cli_totals(result.output)
    names = ("greedy-1", "greedy-2", "greedy-3")
    rules: Any = load_rules(preset, dict(e.split("=", 1) for e in extra[1::2]))
    match = play_match(rules, names, _greedy, seed=3)
    assert (winner, totals) == (match.winner, dict(match.totals))
