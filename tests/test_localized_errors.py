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
    assert info.value.localized(messages("ro")).endswith(": e rândul jucătorului p1 [turn.order]")


def test_dispute_score_in_romanian() -> None:
    """The 'what it counts' column of `remi score` in Romanian, plurals of negative totals."""
    from typer.testing import CliRunner

    from remi.cli import app

    result = CliRunner().invoke(
        app, ["score", "examples/disputes/RF-1.toml", "--lang", "ro"], env={"COLUMNS": "200"}
    )
    assert result.exit_code == 0, result.output
    assert "piese rămase pe tablă: G4 R11 J" in result.output  # Romanian colour letters
    assert "a închis (închidere) cu N7" in result.output
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


def _rummikub_state() -> object:
    from remi.variants.rummikub.state import new_game as rk_new_game

    return rk_new_game(load_rules("rummikub"), 2, seed=5)


def test_rummikub_refusals_in_romanian() -> None:
    """Rummikub refusals carry ids: a Remi action, the wrong seat, a play of tiles not held."""
    from remi.variants.rummikub import engine as rk
    from remi.variants.rummikub.actions import parse_action as rk_action

    state = _rummikub_state()
    seat = state.current  # type: ignore[attr-defined]
    other = 1 - seat
    with pytest.raises(IllegalActionError) as info:
        rk.check(state, parse_action(f"p{seat + 1} discard K13"))  # type: ignore[arg-type]
    assert info.value.rule_id == "turn.action"
    assert "nu e o mutare de Rummikub [turn.action]" in info.value.localized(messages("ro"))
    with pytest.raises(IllegalActionError) as info:
        rk.check(state, rk_action(f"p{other + 1} draw"))  # type: ignore[arg-type]
    assert info.value.localized(messages("ro")).endswith(
        f"e rândul jucătorului p{seat + 1} [turn.order]"
    )
    held = {str(t) for t in state.racks[seat]}  # type: ignore[attr-defined]
    runs = ([f"{c}{n}", f"{c}{n + 1}", f"{c}{n + 2}"] for c in "RYBK" for n in range(1, 12))
    run = next(r for r in runs if not set(r) & held)
    with pytest.raises(IllegalActionError) as info:
        rk.check(state, rk_action(f"p{seat + 1} play [{' '.join(run)}]"))  # type: ignore[arg-type]
    assert info.value.rule_id == "play.own_tiles"
    assert f"masa nouă are {' '.join(run)}, pe care p{seat + 1} nu le are" in (
        info.value.localized(messages("ro"))
    )


def test_rummikub_formation_errors_say_joker() -> None:
    """The same formation error says joly in Remi and joker in Rummikub, in both languages."""
    from remi.core.errors import InvalidFormationError
    from remi.core.formations import read_formation
    from remi.core.notation import parse_formation_tokens
    from remi.variants.rummikub.actions import RUMMIKUB_FORMATIONS

    slots = parse_formation_tokens("J J J")
    texts = {}
    for name, rules in (
        ("remi", load_rules("remi-pe-tabla").formation_rules),
        ("rk", RUMMIKUB_FORMATIONS),
    ):
        with pytest.raises(InvalidFormationError) as info:
            read_formation(slots, rules)
        assert info.value.rule_id == "formation.min_natural_tiles"
        texts[name] = (str(info.value), info.value.localized(messages("ro")))
    assert "non-joly" in texts["remi"][0] and "nu joly" in texts["remi"][1]
    assert "non-joker" in texts["rk"][0] and "nu joker" in texts["rk"][1]
    assert "joly" not in texts["rk"][0] + texts["rk"][1]
    assert texts["rk"][1] == (
        "[J J J] nu e o formație validă: o formație are cel puțin o piesă adevărată (nu joker), "
        "nu 0 [formation.min_natural_tiles]"
    )


def test_rule_file_errors_in_romanian() -> None:
    from remi.core.errors import RulesError

    with pytest.raises(RulesError) as info:
        load_rules("remi-pe-tabla", {"opening.min_pts": 3})
    assert info.value.key == "opening.min_pts"
    assert info.value.localized(messages("ro")) == (
        "--set: regula „opening.min_pts” nu există în familia „remi” (poate „opening.min_points”?)"
    )
    with pytest.raises(RulesError) as info:
        load_rules("remi-pe-tabla", {"opening.min_points": -3})
    assert str(info.value) == (
        "--set: rule 'opening.min_points' = -3 is not allowed: expected integer 0..500"
    )
    assert info.value.localized(messages("ro")).endswith("se așteaptă un număr întreg 0..500")


def test_help_and_errors_in_romanian_from_the_locale() -> None:
    """LANG=ro_RO.UTF-8 and no flag: the help and the error line are Romanian."""
    from typer.testing import CliRunner

    from remi.cli import app

    env = {"LANG": "ro_RO.UTF-8", "REMI_LANG": "", "LC_ALL": "", "LC_MESSAGES": ""}
    runner = CliRunner()
    assert "Folosire: remi play [OPȚIUNI]" in runner.invoke(app, ["play", "--help"], env=env).output
    result = runner.invoke(app, ["rules", "show", "nosuch"], env=env)
    assert result.exit_code == 2
    assert "eroare: varianta sau setul de reguli „nosuch” nu există" in result.output


@pytest.mark.parametrize(
    ("english", "romanian"),
    [
        ("Missing argument 'tiles'.", "Lipsește argumentul 'tiles'."),
        ("Missing option '--rules'.", "Lipsește opțiunea '--rules'."),
        ("No such command 'nosuch'.", "Comanda 'nosuch' nu există."),
        ("Got unexpected extra argument(s) (b)", "Argumente în plus neașteptate (b)"),
        (
            "No such option: --nope (Possible options: --no-timer)",
            "Opțiunea --nope nu există (poate: --no-timer)",
        ),
        # a usage error of another shape: no English words pass through
        ("something click says otherwise", "linia de comandă nu poate fi citită"),
    ],
)
def test_usage_errors_in_romanian(english: str, romanian: str) -> None:
    """click's usage errors (remi.cli.app.main prints them) in the chosen language."""
    from remi.cli.help_i18n import usage_error
    from remi.core.messages import Messages

    assert usage_error(english, "remi play", Messages("ro")) == (
        f"{romanian} (vezi „remi play --help”)"
    )
    assert usage_error(english, "remi play", Messages("en")) == (
        f"{english} (see 'remi play --help')"
    )
    assert usage_error(english, None, Messages("en")) == english


def test_match_and_session_reasons_in_romanian() -> None:
    """The why of a match or session outcome: English as a str, Romanian when told."""
    from remi.core.errors import Told
    from remi.variants.remi_pe_tabla.scoring import match_outcome
    from remi.variants.rummikub.session import session_outcome

    winner, why = match_outcome({"A": 1200, "B": 1200}, load_rules())
    assert winner is None and why == "A and B tie for the highest total, 1200: play another hand"
    assert isinstance(why, Told)
    assert why.render(messages("ro")) == (
        "A și B sunt la egalitate cu cel mai mare total, 1200: jucați încă o mână"
    )
    _, why = session_outcome({"A": 40, "B": -40}, load_rules("rummikub"), 3)
    assert isinstance(why, Told)
    assert why.render(messages("ro")) == (
        "3 din 4 jocuri jucate (session.games): jucați încă un joc"
    )


def test_replay_in_romanian() -> None:
    """remi replay --lang ro: the rules note and the refusal in Romanian."""
    from typer.testing import CliRunner

    from remi.cli import app

    result = CliRunner().invoke(
        app,
        ["replay", "examples/games/illegal-opening.json", "--lang", "ro"],
        env={"COLUMNS": "200"},
    )
    assert result.exit_code == 1
    assert "reguli: setul „remi-pe-tabla” așa cum e instalat aici" in result.output
    assert "etalarea are 40 de puncte, trebuie 45 [opening.min_points]" in result.output
