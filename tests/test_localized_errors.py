"""Errors carry a message id and parameters; the rule id stays; any language tells them."""

from __future__ import annotations

import pytest

from remi.cli.messages import messages
from remi.core.errors import IllegalActionError, illegal, illegal_n
from remi.core.presets import load_rules
from remi.variants.remi_pe_tabla.actions import parse_action
from remi.variants.remi_pe_tabla.engine import apply
from remi.variants.remi_pe_tabla.state import new_game


def test_refusal_keeps_english_text_and_rule_id() -> None:
    err = illegal_n(
        "error.opening.min_points", 30, "opening.min_points", "p2 meld [R7 R8 R9]", needs=45
    )
    assert str(err) == (
        "illegal action 'p2 meld [R7 R8 R9]': opening totals 30 points, needs 45"
        " [opening.min_points]"
    )
    assert err.rule_id == "opening.min_points" and err.message_id == "error.opening.min_points"
    assert err.params == {"needs": 45} and err.count == 30


@pytest.mark.parametrize(
    ("points", "text"),
    [
        (1, "etalarea are un punct, trebuie 45"),
        (15, "etalarea are 15 puncte, trebuie 45"),
        (30, "etalarea are 30 de puncte, trebuie 45"),
    ],
)
def test_refusal_in_romanian(points: int, text: str) -> None:
    err = illegal_n("error.opening.min_points", points, "opening.min_points", "p1 meld", needs=45)
    assert (
        err.localized(messages("ro")) == f"mutare nepermisă „p1 meld”: {text} [opening.min_points]"
    )


def test_error_without_id_stays_as_given() -> None:
    err = IllegalActionError("odd", rule_id="x.y")
    assert err.localized(messages("ro")) == "mutare nepermisă: odd [x.y]"
    assert illegal("error.turn.undo", "turn.undo").localized(messages("en")) == str(
        illegal("error.turn.undo", "turn.undo")
    )


def test_engine_refusal_in_romanian() -> None:
    state = new_game(load_rules("remi-pe-tabla"), 2, seed=1)
    action = parse_action("p2 draw")
    with pytest.raises(IllegalActionError) as info:
        apply(state, action)
    assert info.value.rule_id == "turn.order"
    assert info.value.localized(messages("ro")).endswith(": e rândul lui p1 [turn.order]")


def test_dispute_score_in_romanian() -> None:
    """The 'what it counts' column of `remi score` in Romanian, plurals of negative totals."""
    from typer.testing import CliRunner

    from remi.cli import app

    result = CliRunner().invoke(
        app, ["score", "examples/disputes/RF-1.toml", "--lang", "ro"], env={"COLUMNS": "200"}
    )
    assert result.exit_code == 0, result.output
    assert "piese rămase pe tablă: Y4 R11 J" in result.output
    assert "a închis (închidere) cu K7" in result.output
    assert "B: -15 puncte" in result.output and "A: 155 de puncte" in result.output
    assert "tiles" not in result.output


def test_notation_errors_in_romanian() -> None:
    from remi.core.errors import NotationError
    from remi.core.notation import parse_tiles

    with pytest.raises(NotationError) as info:
        parse_tiles("R7 X9")
    assert str(info.value).startswith("'X9' at position 2 is not a tile")
    assert info.value.token == "X9" and info.value.position == 2
    assert info.value.localized(messages("ro")).startswith("'X9' de la poziția 2 nu e o piesă")
    with pytest.raises(NotationError) as info:
        parse_action("p1 dance")
    assert info.value.localized(messages("ro")).startswith("acțiune necunoscută „dance”")
