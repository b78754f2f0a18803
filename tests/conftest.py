"""The ``slow`` tier: the tests that take seconds each (measured with ``pytest --durations``),
left out of the fast tier that .ci/run runs on Python 3.12 and 3.13 (``-m "not slow"``); the
whole suite runs on Python 3.11 (docs/testing.md)."""

from __future__ import annotations

import builtins
from collections.abc import Iterator

import pytest
from clikit import FakeClock

from remi.cli import terminal

#: Test functions (``file::name``, any parameters) of 5 s or more on two cores.
SLOW = {
    "test_deal_secrecy.py::test_attack_over_2_pow_20_seeds_finds_nothing",
    "test_rk_lp.py::test_starved_engines_still_match_the_integer_program",
    "test_rk_lp.py::test_bounds_never_below_a_valid_move",
    "test_rk_lp.py::test_most_kept_is_the_integer_programs_fewest_changes",
    "test_scoring.py::test_scoring_lines_add_up_to_score",
    "test_scoring.py::test_scoring_conservation_of_placed_points",
    "test_rummikub_solver.py::test_initial_meld_matches_integer_program",
    "test_rummikub_solver.py::test_solver_matches_integer_program_larger_tables_with_jokers",
    "test_rummikub_solver.py::test_solver_matches_integer_program_with_jokers",
    "test_stateful.py::test_variant_state_machine",
    "test_score_from_record.py::test_played_game_scores_as_printed_at_its_end",
    "test_score_from_record.py::test_hand_of_a_match",
    "test_board.py::test_board_match_scores_held_then_next_hand_with_running_totals",
    "test_board.py::test_board_whole_stacked_hand_hot_seat_scores",
    "test_saves.py::test_match_goes_on_when_saves_between_hands_fail",
    "test_records.py::test_records_of_200_bot_games_replay_identically",
    "test_fuzz.py::test_fuzz_cli_random_arguments",
    "test_board.py::test_board_discard_without_announcement_asks_announce_max_tiles",
    "test_board_snapshots.py::test_board_snapshot_end_of_hand",
    "test_position.py::test_every_state_of_a_random_game_round_trips",
}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark the tests of ``SLOW`` with ``pytest.mark.slow``."""
    for item in items:
        name = f"{item.path.name}::{item.originalname if isinstance(item, pytest.Function) else item.name}"
        if name in SLOW:
            item.add_marker(pytest.mark.slow)


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeClock]:
    """Replace the turn timer's clock (``remi.cli.terminal.clock``) by a ``FakeClock``; a line
    typed to the line mode as ``@N text`` advances it N seconds first, so no test sleeps."""
    fake = FakeClock()
    monkeypatch.setattr(terminal, "clock", fake)

    def timed_input(prompt: str = "") -> str:
        line = builtins.input(prompt)
        if line.startswith("@"):
            seconds, _, line = line[1:].partition(" ")
            fake.now += float(seconds)
        return line

    monkeypatch.setattr(terminal, "input", timed_input, raising=False)
    yield fake
