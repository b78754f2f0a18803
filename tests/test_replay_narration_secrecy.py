"""``remi replay`` narrates a game as an onlooker sees it, in every language: a tile drawn face
down from the stock (grămadă; the pool of the Rummikub family) or offered in the exchange of
doubles is never named, while a tile taken from the face-up șir, discarded or laid is
(docs/records.md, "Replaying a record"; the principle: nothing hidden is derivable)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from remi.bots import make_bot, play_hand
from remi.cli import app
from remi.core.actions import Action
from remi.core.presets import load_rules
from remi.core.record_files import dump_record, load_record
from remi.core.records import GameRecord, PlayerEntry
from remi.core.replay import replay
from remi.core.variant import registered_variants

runner = CliRunner()
PRESET = {"remi": "remi-pe-tabla", "rummikub": "rummikub"}
#: How each language tells a stock draw, per family (the English turn list gives the notation).
DRAW_WORDS = {
    ("remi", "en"): "draw",
    ("remi", "ro"): "a tras o piesă din grămadă",
    ("rummikub", "en"): "draw",
    ("rummikub", "ro"): "a tras o piesă",
}
GAMES = Path(__file__).resolve().parent.parent / "examples" / "games"


def _record(family: str, seed: int, length: int, overrides: dict[str, object]) -> GameRecord:
    """A two-player bot hand of ``family`` cut after ``length`` actions: a game in progress."""
    rules = load_rules(PRESET[family], overrides)
    variant = next(v for v in registered_variants() if v.name == family)
    state = variant.new_game(rules, 2, seed=seed)
    _, log = play_hand(state, [make_bot("greedy", seed + i) for i in range(2)])
    return GameRecord(
        family=family,
        preset=PRESET[family],
        overrides=tuple(overrides.items()),
        players=(PlayerEntry("Ana", "human"), PlayerEntry("Bob", "human")),
        seed=seed,
        created="2024-05-01T12:00:00+00:00",
    ).with_actions(log[:length])


def _parts(output: str) -> list[str]:
    """The per-action texts of a ``remi replay`` turn list, in order."""
    out: list[str] = []
    for line in output.splitlines():
        number, _, rest = line.strip().partition(". ")
        if number.isdigit() and ": " in rest:
            out.extend(rest.split(": ", 1)[1].split(" · "))
    return out


def _narrate(path: Path, lang: str) -> list[str]:
    result = runner.invoke(app, ["replay", str(path), "--lang", lang])
    assert result.exit_code == 0, result.output
    return _parts(result.output)


def _drawn(record: GameRecord) -> list[tuple[int, Action, tuple[str, ...]]]:
    """Each applied action with the tiles it moved from the stock to a rack (its index)."""
    variant = next(v for v in registered_variants() if v.name == record.family)
    result = replay(record)
    state = variant.new_game(load_rules(record.preset, dict(record.overrides)), 2, seed=record.seed)
    out = []
    for i, action in enumerate(result.actions):
        stock = variant.tile_zones(state).stock
        state = variant.apply(state, action)
        n = len(stock) - len(variant.tile_zones(state).stock)
        out.append((i, action, tuple(str(t) for t in stock[: max(n, 0)])))
    return out


@pytest.mark.parametrize("family", ["remi", "rummikub"])
@pytest.mark.parametrize("lang", ["en", "ro"])
def test_replay_of_a_game_in_progress_never_names_a_stock_draw(
    family: str, lang: str, tmp_path: Path
) -> None:
    record = _record(family, 9, 30, {})
    assert not replay(record).over  # in progress
    path = tmp_path / "game.json"
    dump_record(record, path)
    parts = _narrate(path, lang)
    drawn = _drawn(load_record(path))
    assert len(parts) == len(drawn) == 30
    draws = [(parts[i], tiles) for i, action, tiles in drawn if action.VERB == "draw"]
    assert draws and all(tiles for _, tiles in draws)
    for text, tiles in draws:
        assert text == DRAW_WORDS[family, lang]
        assert not set(tiles) & set(text.split())


def test_replay_names_the_face_up_sir_take_and_hides_the_draws_in_romanian() -> None:
    # sir-break.json: Bogdan draws K5 (hidden), later takes from the face-up șir (public)
    en = _narrate(GAMES / "sir-break.json", "en")
    ro = _narrate(GAMES / "sir-break.json", "ro")
    assert len(en) == len(ro)
    for e, r in zip(en, ro):
        if e == "draw":
            assert r == "a tras o piesă din grămadă"
    takes = [r for e, r in zip(en, ro) if e.startswith("take ")]
    assert takes and all("din șir" in r for r in takes)
    assert ro[1:3] == [
        "a tras o piesă din grămadă",
        "a aruncat N5",
    ]  # discarded: public (K5, N in Romanian)


def test_replay_hides_the_tiles_of_the_exchange_of_doubles(tmp_path: Path) -> None:
    # seed 1: Ana (p1) offers Bob one Y7 of her pair face down; Bob gives one Y13 back: only the two of them see the tiles
    rules = load_rules("remi-pe-tabla", {"deal.doubles_exchange": "free"})
    variant = next(v for v in registered_variants() if v.name == "remi")
    state = variant.new_game(rules, 2, seed=1)
    rack_a = [str(t) for t in variant.view(state, 0).rack]
    rack_b = [str(t) for t in variant.view(state, 1).rack]
    double_a = next(t for t in rack_a if rack_a.count(t) == 2)
    double_b = next(t for t in rack_b if rack_b.count(t) == 2)
    game = GameRecord(
        family="remi",
        preset="remi-pe-tabla",
        overrides=(("deal.doubles_exchange", "free"),),
        players=(PlayerEntry("Ana", "human"), PlayerEntry("Bob", "human")),
        seed=1,
        created="2024-05-01T12:00:00+00:00",
        actions=(f"p1 offer {double_a} p2", f"p2 accept {double_b}"),
    )
    path = tmp_path / "exchange.json"
    dump_record(game, path)
    assert _narrate(path, "en") == [
        "offered a tile of a double to Bob",
        "exchanged a tile of a double with Ana",
    ]
    ro = _narrate(path, "ro")
    assert (double_a, double_b) == ("Y7", "Y13")
    assert len(ro) == 2 and not {"G7", "G13", "Y7", "Y13"} & set(" ".join(ro).split())
