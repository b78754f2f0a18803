"""``hint`` in the Rummikub family: the ``club`` bot's action and why, in a sentence
(``RummikubClubStrategy.advise``), the same action ``choose`` plays, in both languages."""

from __future__ import annotations

import json
from pathlib import Path

import attrs
from typer.testing import CliRunner

from remi.bots.advice import advise
from remi.cli import app
from remi.core.advice import reason_text
from remi.core.errors import Reason
from remi.core.messages import Messages
from remi.core.notation import parse_tiles
from remi.core.record_files import load_record
from remi.core.replay import replay
from remi.variants.rummikub import engine
from remi.variants.rummikub.actions import Draw, Play
from remi.variants.rummikub.club import ClubSettings, RummikubClubStrategy
from remi.variants.rummikub.state import RummikubState
from remi.variants.rummikub.views import RummikubView, view

from rummikit import deal, run

#: a small budget keeps the tests fast; the search itself is the same
FAST = ClubSettings(samples=2)


def _advised(v: RummikubView, seed: int) -> tuple[object, str | None, dict[str, object]]:
    """The advice of a fresh strategy, checked against ``choose`` of another fresh one with
    the same seed (explaining a decision does not change it)."""
    advice = RummikubClubStrategy(seed, settings=FAST).advise(v)
    assert advice.action == RummikubClubStrategy(seed, settings=FAST).choose(v)
    assert advice.action in v.legal or isinstance(advice.action, Play)
    for lang in ("en", "ro"):
        assert advice.reason is not None
        text = reason_text(Messages(lang), advice.reason, advice.values)
        assert text and "{" not in text and advice.reason not in text
    return advice.action, advice.reason, dict(advice.values)


def _own_rack(state: RummikubState, tiles: str) -> RummikubState:
    """``state`` with p1's rack exactly ``tiles`` (no fillers)."""
    return attrs.evolve(state, racks=(parse_tiles(tiles), *state.racks[1:]))


def test_going_out_says_the_rack_is_emptied() -> None:
    # R9 R10 R11 and K11 K12 K13 (43 points) empty the rack: out (docs/rules.md §2.9)
    state = _own_rack(
        deal(["R9 R10 R11 K11 K12 K13", "Y2"], pool="Y4 Y6"), "R9 R10 R11 K11 K12 K13"
    )
    action, reason, values = _advised(view(state, 0), 0)
    assert isinstance(action, Play) and engine.apply(state, action).winner == 0
    assert (reason, values) == ("hint.why.rk_out", {})
    text = Messages("en")(reason, **values)
    assert "[scoring.going_out]" in text and "whole rack" in text


def test_no_initial_meld_of_30_draws_citing_the_rule() -> None:
    # the fillers make no set: no initial meld of initial_meld.min_points = 30 (§2.5)
    state = deal(["", "Y2"], pool="Y4 Y6")
    assert not state.opened[0]
    action, reason, values = _advised(view(state, 0), 0)
    assert action == Draw(0)
    assert reason == "hint.why.rk_no_meld"
    # 30 points: "30 points", and in Romanian "30 de puncte" (a count of 20 or more takes "de")
    assert reason_text(Messages("en"), reason, values) == (
        "no initial meld from your rack reaches 30 points [initial_meld.min_points]: draw."
    )
    assert reason_text(Messages("ro"), reason, values) == (
        "nicio etalare de pe tabla ta nu ajunge la 30 de puncte [initial_meld.min_points]: trage."
    )


def test_no_valid_play_after_the_initial_meld_draws() -> None:
    # after the initial meld, Y8 and K6 fit no set of the table nor make one (§2.4)
    state = deal(["R10 R11 R12 R13", "Y2"], pool="Y4 Y6 B8")
    state = _own_rack(run(state, "p1 play [R10 R11 R12 R13]", "p2 draw"), "Y8 K6")
    assert state.opened[0]
    action, reason, values = _advised(view(state, 0), 0)
    assert action == Draw(0)
    assert (reason, values) == ("hint.why.rk_no_play", {})


#: An initial meld of 45 (R5 R6 R7, Y9 B9 K9) on the fillers: the rollouts decide (seeds
#: found by a short search over seeds 0-7 with ``FAST``).
MELD = ["R5 R6 R7 Y9 K9 B9 Y1", "Y2"]


def test_a_kept_solver_move_says_the_tiles_and_samples() -> None:
    state = deal(MELD, pool="Y4 Y6 B8 K8 R1 Y13")
    action, reason, values = _advised(view(state, 0), 0)
    assert isinstance(action, Play)
    assert reason == "hint.why.rk_kept"
    assert (values["tiles"], values["margin"]) == (6, "1")
    text = reason_text(Messages("en"), reason, values)
    assert "(6)" in text and "over 2 deals of the hidden tiles" in text
    assert "more than +1 ahead" in text
    assert "în 2 împărțiri ale pieselor ascunse" in reason_text(Messages("ro"), reason, values)


def test_a_voluntary_draw_before_the_initial_meld_says_by_how_much() -> None:
    # seed 3: holding the 45 points back came out ahead (§2.4, §2.5: waiting for a bigger one)
    state = deal(MELD, pool="Y4 Y6 B8 K8 R1 Y13")
    action, reason, values = _advised(view(state, 0), 3)
    assert action == Draw(0)
    assert reason == "hint.why.rk_draw_wait"
    # beats margin_points (1): more than 1 point, told as "N points", over the 2 samples
    gain = values["points"]
    assert isinstance(gain, Reason) and gain.count is not None and gain.count > 1
    text = reason_text(Messages("en"), reason, values)
    assert f"ahead by {gain.count} points a hand over 2 deals of the hidden tiles" in text
    # the bot keeps playing what it played: choose alone draws too
    assert RummikubClubStrategy(3, settings=FAST).choose(view(state, 0)) == Draw(0)


ANA = "R10 R11 R12 R13 K1 K2 K3 Y5 B5 K5 B7 B8 B9 R7"
BOB = "B1 B3 B5 B7 B9 B11 B13 K1 K3 K5 K7 K9 K11 K13"


def _record(tmp_path: Path) -> Path:
    """A two-seat record of a stacked deal (Ana, Bob: two humans), no actions yet."""
    data = {
        "format": "remi-record",
        "version": 1,
        "family": "rummikub",
        "preset": "rummikub",
        "overrides": {},
        "players": [{"name": "Ana", "kind": "human"}, {"name": "Bob", "kind": "human"}],
        "seed": 5,
        "deal": {"racks": [ANA, BOB], "stock": "R9 R8 K4 Y2 Y4 Y6"},
        "actions": [],
    }
    path = tmp_path / "start.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_line_mode_hint_shows_the_sentence_in_both_languages(tmp_path: Path) -> None:
    start = _record(tmp_path)
    state = replay(load_record(start)).state
    _, advice = advise(view(state, 0))
    assert advice.reason is not None
    for lang in ("en", "ro"):
        m = Messages(lang)
        result = CliRunner().invoke(
            app,
            ["play", "--plain", "--lang", lang, "--no-timer", "--load", str(start)],
            input="\n".join(["", "hint", "quit"]) + "\n",
        )
        assert result.exit_code == 0, result.output
        why = m("hint.why", why=reason_text(m, advice.reason, advice.values))
        assert why in result.output
