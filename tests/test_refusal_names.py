"""Refusals name the players, not their seats, where the program knows the names: the engine
raises with the seat (``remi.core.errors.Seat``: ``str()`` is "p1 does not hold K13
[rack.tiles]", the engine knows no names) and the screens tell it with the players' names
("Ana does not hold K13"), the rule id kept; ``remi replay`` names the record's players."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from boardkit import GAMES
from typer.testing import CliRunner

from remi.cli import app as cli_app
from remi.cli.messages import messages
from remi.core.errors import IllegalActionError, Reason, Seat
from remi.core.presets import load_rules
from remi.core.record_files import load_record
from remi.core.record_setup import start_state
from remi.core.variant import variant_for_rules

runner = CliRunner()


def _start(tmp_path: Path, actions: list[str] | None = None) -> Path:
    """The sir-break stacked deal, Ana (p1) and Bogdan (p2), hot-seat, with a missed
    announcement penalised only when claimed (``announce.penalty = "claim"``)."""
    data = json.loads((GAMES / "sir-break.json").read_text(encoding="utf-8"))
    data["actions"] = actions or []
    data["overrides"] = {"announce.penalty": "claim"}
    path = tmp_path / "start.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_a_seat_is_named_when_the_names_are_known() -> None:
    """``Seat(1)`` is "p2" without names and "Bogdan" with them; out of range, "p2" again."""
    reason = Reason("error.turn.order", seat=Seat(1))
    m = messages("en")
    assert str(reason) == "it is p2's turn"
    assert reason.render(m, names=["Ana", "Bogdan"]) == "it is Bogdan's turn"
    assert reason.render(m, names=["Ana"]) == "it is p2's turn"
    assert reason.render(messages("ro"), names=["Ana", "Bogdan"]) == "e rândul jucătorului Bogdan"


def test_the_engine_error_keeps_the_seat(tmp_path: Path) -> None:
    """The engine knows no names: ``str()`` of its refusal names the seat, as before."""
    record = load_record(_start(tmp_path))
    rules = load_rules("remi-pe-tabla")
    variant = variant_for_rules(rules)
    state = start_state(record, rules)
    action = variant.parse_action("p1 discard K13", rules)
    with pytest.raises(IllegalActionError) as caught:
        variant.apply(state, action)
    assert str(caught.value) == (
        "illegal action 'p1 discard K13': p1 does not hold K13 [rack.tiles]"
    )
    named = caught.value.localized(messages("en"), names=record.names)
    assert named == "illegal action 'p1 discard K13': Ana does not hold K13 [rack.tiles]"


@pytest.mark.parametrize(
    ("lang", "lines", "said"),
    [
        (
            "en",
            [
                *("", "discard K13", "p2 draw", "discard B4", "", "draw", "discard K5", ""),
                *("claim p1", "claim p2", "claim p5", "quit"),
            ],
            [
                "Ana does not hold K13 [rack.tiles]",
                "it is Ana's turn [turn.order]",
                "claim an opponent's missed announcement, not Ana's [announce.penalty]",
                "Bogdan has not missed an announcement: nothing to claim [announce.penalty]",
                # no such seat at this table: named by its seat id
                "claim an opponent's missed announcement, not p5's [announce.penalty]",
            ],
        ),
        (
            "ro",
            ["", "arunc N13", "arunc A4", "", "trag", "arunc N5", "", "reclam p1", "ieși"],
            [
                "Ana nu are N13 [rack.tiles]",
                "reclami anunțul uitat al unui adversar, nu pe al jucătorului Ana [announce.penalty]",
            ],
        ),
    ],
)
def test_hot_seat_refusals_name_the_player(
    tmp_path: Path, lang: str, lines: list[str], said: list[str]
) -> None:
    """Ana's first turn: a tile she does not hold, a move typed for Bogdan's seat; in her
    second turn, claims of missed announcements (her own, Bogdan's: none missed; a seat the
    table does not have)."""
    path = _start(tmp_path)
    result = runner.invoke(
        cli_app,
        ["play", "--plain", "--lang", lang, "--load", str(path)],
        input="\n".join(lines) + "\n",
    )
    assert result.exit_code == 0, result.output
    for text in said:
        assert text in result.output
    assert "p1 does not hold" not in result.output and "p1 nu are" not in result.output


def test_replay_names_the_record_players(tmp_path: Path) -> None:
    """``remi replay`` of a record whose first action is a tile Ana does not hold: exit 1, the
    refusal names Ana (the record knows the names), the rule id kept."""
    path = _start(tmp_path, ["p1 discard K13"])
    result = runner.invoke(cli_app, ["replay", str(path)])
    assert result.exit_code == 1
    assert "Ana does not hold K13 [rack.tiles]" in result.stderr
