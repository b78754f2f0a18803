"""Bot specs ``KIND:NAME=VALUE`` (docs/bots.md): syntax, the club settings of both families,
the budget's sample count, and every place the CLI names a bot kind."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st
from typer.testing import CliRunner

from remi.bots import make_bot
from remi.cli.app import app
from remi.core.bot_settings import SettingError, parse_bot_spec
from remi.core.presets import load_rules
from remi.core.variant import get_variant
from remi.variants.remi_pe_tabla.strategies.club import ClubSettings, RemiClubStrategy
from remi.variants.remi_pe_tabla.strategies.tuning import CLUB, ROLLOUT_SECONDS
from remi.variants.rummikub.club import ClubSettings as RummikubClubSettings
from remi.variants.rummikub.club import RummikubClubStrategy
from remi.variants.rummikub.club_tuning import CLUB as RUMMIKUB_CLUB
from remi.variants.rummikub.club_tuning import SAMPLE_SECONDS

runner = CliRunner()


def test_a_spec_is_a_kind_and_colon_separated_settings() -> None:
    spec = parse_bot_spec(" Club:Samples=20:budget=0.2s ")
    assert (spec.kind, spec.options) == ("club", (("samples", "20"), ("budget", "0.2s")))
    assert spec.text == "Club:Samples=20:budget=0.2s"
    assert parse_bot_spec("greedy").options == ()
    for bad, token in (("club:samples", "samples"), (":x=1", ":x=1"), ("club:=3", "=3")):
        with pytest.raises(SettingError) as err:
            parse_bot_spec(bad)
        assert err.value.token == token
    with pytest.raises(SettingError, match="twice"):
        parse_bot_spec("club:samples=2:samples=3")


_WORD = st.text(alphabet="abcdefghijklmnopqrstuvwxyz_0123456789.", min_size=1, max_size=8)


@given(_WORD, st.dictionaries(_WORD, _WORD, max_size=4))
def test_a_spec_written_from_its_parts_reads_back(kind: str, options: dict[str, str]) -> None:
    text = ":".join([kind, *(f"{n}={v}" for n, v in options.items())])
    spec = parse_bot_spec(text)
    assert (spec.kind, spec.options, spec.text) == (kind, tuple(options.items()), text)


def test_the_remi_club_settings_reach_its_strategy() -> None:
    remi = get_variant("remi-pe-tabla")
    strategy = remi.strategy(
        "club", 3, (("samples", "4"), ("candidates", "2"), ("tolerance", "none"))
    )
    assert isinstance(strategy, RemiClubStrategy)
    assert strategy.club == ClubSettings(samples=4, candidates=2, safe_tolerance=None)
    assert isinstance(remi.strategy("club", 3), RemiClubStrategy)  # the defaults


def test_a_budget_picks_a_sample_count_not_a_clock() -> None:
    # budget = candidates x samples x rollout turns x ROLLOUT_SECONDS: with 3 candidates and
    # one turn, 0.2 s buys 0.2 / (3 x ROLLOUT_SECONDS) samples, whatever the machine.
    assert CLUB.configure("club", [("budget", "0.2s")]).samples == round(
        0.2 / (3 * ROLLOUT_SECONDS)
    )
    # the budget is spread over the other settings given, in any order
    two = CLUB.configure("club", [("budget", "200ms"), ("candidates", "2"), ("rollout", "2")])
    assert two.samples == round(0.2 / (2 * 2 * ROLLOUT_SECONDS))
    assert CLUB.configure("club", [("budget", "0.001")]).samples == 1  # never fewer than one
    rk = RUMMIKUB_CLUB.configure("club", [("budget", "0.9s")])
    assert rk.samples == round(0.9 / SAMPLE_SECONDS)


def test_the_rummikub_club_has_its_own_settings() -> None:
    rk = get_variant("rummikub")
    strategy = rk.strategy(
        "club",
        1,
        (
            ("samples", "2"),
            ("rollout", "round"),
            ("states", "500"),
            ("race", "0.5"),
            ("se", "1.5"),
            ("duel", "4"),
            ("others", "0"),
            ("infer", "1"),
            ("look", "0"),
        ),
    )
    assert isinstance(strategy, RummikubClubStrategy)
    assert strategy.settings == RummikubClubSettings(
        samples=2,
        rollout_turns=None,
        policy_states=500,
        race_weight=0.5,
        margin_se=1.5,
        duel_samples=4,
        others_states=0,
        infer_draws=True,
        look_ahead=False,
    )
    with pytest.raises(SettingError, match="no setting 'candidates'"):
        rk.strategy("club", 1, (("candidates", "2"),))


def _ladder(*args: str) -> dict[str, object]:
    out = runner.invoke(app, ["ladder", "--players", "2", "--deals", "1", "--json", *args])
    assert out.exit_code == 0, out.output
    data: dict[str, object] = json.loads(out.stdout)
    return data


def test_ladder_ranks_two_settings_of_one_kind_reproducibly() -> None:
    bots = "club:samples=1:candidates=2,club:budget=0.01s"
    first = _ladder("--bots", bots, "--seed", "4")
    (pair,) = first["pairs"]  # type: ignore[misc]
    assert (pair["a"], pair["b"]) == ("club:samples=1:candidates=2", "club:budget=0.01s")
    assert set(first["feeding"]) == {"club:samples=1:candidates=2", "club:budget=0.01s"}  # type: ignore[arg-type]
    again = _ladder("--bots", bots, "--seed", "4")
    assert again["pairs"] == first["pairs"] and again["feeding"] == first["feeding"]


@pytest.mark.parametrize(
    ("args", "token"),
    [
        (["ladder", "--bots", "club:samples=x,solver"], "samples=x"),
        (["ladder", "--bots", "club:sample=3,solver"], "sample"),
        (["ladder", "--bots", "club:samples,solver"], "samples"),
        (["ladder", "--bots", "greedy:samples=3,solver"], "samples=3"),
        (["ladder", "--bots", "club:budget=fast,solver"], "budget=fast"),
        (["ladder", "--bots", "club:candidates=2,solver", "--rules", "rummikub"], "candidates"),
        (["play", "--bot", "club:samples=0", "--auto"], "samples=0"),
        (["play", "--bot", "random:x=1", "--auto"], "x=1"),
        (["play", "--bot", "clu", "--auto"], "clu"),
        (
            ["simulate", "--rules", "remi-pe-tabla", "--bots", "club:tolerance=-1,solver"],
            "tolerance=-1",
        ),
        (["simulate", "--rules", "rummikub", "--bots", "club:states=9,solver"], "states=9"),
        (["ladder", "--bots", "club:race=2,solver", "--rules", "rummikub"], "race=2"),
        (["ladder", "--bots", "club:se=-1,solver", "--rules", "rummikub"], "se=-1"),
        (["ladder", "--bots", "club:others=x,solver", "--rules", "rummikub"], "others=x"),
    ],
)
@pytest.mark.parametrize("lang", ["en", "ro"])
def test_a_bad_setting_is_one_line_naming_the_token(args: list[str], token: str, lang: str) -> None:
    out = runner.invoke(app, [*args, "--lang", lang])
    assert out.exit_code == 2, out.output
    lines = out.output.strip().splitlines()
    assert len(lines) == 1 and token in lines[0], lines
    assert lines[0].startswith("eroare:" if lang == "ro" else "error:")


def test_play_and_simulate_take_a_spec() -> None:
    out = runner.invoke(
        app,
        ["simulate", "--rules", "remi-pe-tabla", "--bots", "club:samples=1,solver"]
        + ["--games", "1", "--json", "--seed", "2"],
    )
    assert out.exit_code == 0, out.output
    data = json.loads(out.stdout)
    assert data["bots"] == ["club:samples=1", "solver"]
    assert [p["name"] for p in data["players"]] == ["club(samples=1)-1", "solver-2"]
    bot = make_bot("club:samples=1", 5)
    assert bot.name == "club:samples=1"
    rules = load_rules("remi-pe-tabla")
    state = get_variant("remi-pe-tabla").new_game(rules, 2, seed=1)
    view = get_variant("remi-pe-tabla").view(state, 0)
    assert bot.choose(view) in view.legal
