"""Self-contained records (version 2, docs/records.md): the program, every rule value in force,
the dealt racks and the whole stock (Rummikub: the start draw and the starter), each finished
hand of a match; checked against the published JSON Schema on load; replayed under their own
rules, saying when those differ from the preset of the same name; version 1 still loads.
"""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from typer.testing import CliRunner

from remi.cli import app
from remi.core.presets import load_rules
from remi.core.record_files import dump_record, load_record, parse_record
from remi.core.record_schema import record_schema
from remi.core.record_setup import complete_record, record_rules, rules_note
from remi.core.records import RecordError
from remi.core.replay import replay
from remi.core.tiles import FULL_SET

ROOT = Path(__file__).resolve().parent.parent
GAMES = ROOT / "examples" / "games"
runner = CliRunner()


def _auto(tmp_path: Path, *args: str) -> tuple[Path, dict[str, Any]]:
    path = tmp_path / "game.json"
    result = runner.invoke(app, ["play", "--auto", "--players", "3", *args, "--save", str(path)])
    assert result.exit_code == 0, result.output
    return path, json.loads(path.read_text(encoding="utf-8"))


def test_schemas_ship_in_the_package_and_are_valid() -> None:
    for version in (1, 2):
        text = (
            resources.files("remi.core")
            .joinpath("schemas", f"record-v{version}.schema.json")
            .read_text(encoding="utf-8")
        )
        schema = json.loads(text)
        jsonschema.Draft202012Validator.check_schema(schema)
        assert schema == record_schema(version)
        assert schema["properties"]["version"] == {"const": version}


@pytest.mark.parametrize(("preset", "first"), [("remi-pe-tabla", 15), ("rummikub", 14)])
def test_saved_record_is_self_contained(tmp_path: Path, preset: str, first: int) -> None:
    path, data = _auto(tmp_path, "--rules", preset)
    jsonschema.validate(data, record_schema(2))
    assert data["version"] == 2 and data["program"].startswith("remi-rummy ")
    rules = load_rules(preset)
    assert data["rules"] == rules.values()  # every rule id, with its value
    racks = [r.split() for r in data["deal"]["racks"]]
    stock = data["deal"]["stock"].split()
    assert len(racks) == 3 and len(racks[0]) == first
    assert sorted([t for r in racks for t in r] + stock) == sorted(str(t) for t in FULL_SET)
    if preset == "rummikub":
        assert data["deal"]["start_draw"] and all(len(r) >= 2 for r in data["deal"]["start_draw"])
    # the deal alone replays the game: without the seed, the same scores
    alone = dict(data)
    alone.pop("seed")
    alone.pop("seed_chosen")
    record = load_record(path)
    assert replay(parse_record(alone)).scores == replay(record).scores != ()


def _edited(tmp_path: Path, value: int) -> Path:
    """illegal-opening.json (a 40-point opening, refused at action 6 by the preset's 45) as a
    version 2 record whose ``opening.min_points`` was edited to ``value``."""
    record = load_record(GAMES / "illegal-opening.json")
    path = tmp_path / "edited.json"
    dump_record(record, path)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["rules"]["opening.min_points"] == 45
    data["rules"]["opening.min_points"] = value
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_edited_rules_replay_under_the_records_own_rules(tmp_path: Path) -> None:
    path = _edited(tmp_path, 40)
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 0, result.output
    assert (
        "rules: the record's own, which DIFFER from preset 'remi-pe-tabla': "
        "opening.min_points = 40 (the preset: 45)" in result.output
    )
    assert record_rules(load_record(path)).get("opening.min_points") == 40
    out = json.loads(runner.invoke(app, ["replay", "--json", str(path)]).output)
    assert "DIFFER" in out["rules"]["text"] and out["ok"]
    assert out["rules"]["overrides"] == {"opening.min_points": 40}  # what differs from the preset


def test_unedited_rules_replay_as_the_preset_and_refuse(tmp_path: Path) -> None:
    path = _edited(tmp_path, 45)
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 1
    assert "the same as preset 'remi-pe-tabla'" in result.output
    assert "[opening.min_points]" in result.output


def test_house_rules_labelled_as_a_preset_are_not_taken_for_it(tmp_path: Path) -> None:
    """A record whose label is a preset name but whose rules raise the opening to 60 refuses
    the 45-point opening of sir-break.json's deal as its own rules say, and says they differ."""
    record = complete_record(load_record(GAMES / "illegal-opening.json"))
    assert record.rules is not None
    house = tuple((k, 30 if k == "opening.min_points" else v) for k, v in record.rules)
    import attrs

    mine = attrs.evolve(record, rules=house)
    assert "opening.min_points = 30 (the preset: 45)" in rules_note(mine)
    assert replay(mine).ok and not replay(record).ok


def test_version_1_records_still_load_and_say_so() -> None:
    for path in sorted(GAMES.glob("*.json")):
        assert json.loads(path.read_text(encoding="utf-8"))["version"] == 1
        record = load_record(path)
        assert record.rules is None
        assert "version 1 record" in rules_note(record)
    result = runner.invoke(app, ["replay", str(GAMES / "sir-break.json")])
    assert result.exit_code == 0 and "rules: preset 'remi-pe-tabla' as installed" in result.output


@pytest.mark.parametrize(
    ("edit", "where", "problem"),
    [
        (lambda d: d["players"][1].update(kind=5), "$.players[1].kind", "5 is not a text"),
        (lambda d: d.update(actions="p1 draw"), "$.actions", '"p1 draw" is not a list'),
        (
            lambda d: d["rules"].update({"opening.min_points": [1]}),
            "$.rules['opening.min_points']",
            "[1] is not a text, an integer, true or false or a number",
        ),
        (lambda d: d.pop("rules"), "$", "the field 'rules' is missing"),
        (lambda d: d["deal"].update(starter=0), "$.deal.starter", "0 is less than 1"),
        (lambda d: d["match"].update(hands_played=-5), "$.match.hands_played", "-5 is less than 0"),
        (
            lambda d: d["match"]["totals"].update(Ana=10**30),
            "$.match.totals.Ana",
            "is more than 1000000000",
        ),
    ],
)
def test_schema_errors_name_file_path_and_problem(
    tmp_path: Path, edit: Any, where: str, problem: str
) -> None:
    path = _edited(tmp_path, 45)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["match"] = {"hands_played": 0, "totals": {"Ana": 0, "Bogdan": 0}, "base_seed": 1}
    edit(data)
    path.write_text(json.dumps(data), encoding="utf-8")
    before = path.read_bytes()
    with pytest.raises(RecordError) as info:
        load_record(path)
    text = str(info.value)
    assert text.startswith(f"{path}: {where}: ") and problem in text
    assert "(record schema, version 2)" in text and info.value.field == where
    assert path.read_bytes() == before
    cli = runner.invoke(app, ["replay", str(path)])
    assert cli.exit_code == 2 and cli.output.count("error:") == 1 and where in cli.output


@pytest.mark.parametrize(
    ("match", "message"),
    [
        (
            {"hands_played": -5, "totals": {"Ana": 0, "Bogdan": 0}, "base_seed": 1},
            "-5 is less than 0",
        ),
        (
            {"hands_played": 1, "totals": {"Ana": 10**30, "Bogdan": 0}, "base_seed": 1},
            "is more than 1000000000",
        ),
        (
            {"hands_played": 2, "totals": {"Ana": 5, "Bogdan": 0}, "base_seed": 1},
            "'match.hands' lists 1 hands",
        ),
        (
            {"hands_played": 1, "totals": {"Ana": 50, "Bogdan": 0}, "base_seed": 1},
            "gives Ana 50 points, but the hands add up to 5",
        ),
    ],
)
def test_match_fields_are_checked(tmp_path: Path, match: dict[str, Any], message: str) -> None:
    path = _edited(tmp_path, 45)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["match"] = {**match, "hands": [{"Ana": 5, "Bogdan": 0}]}
    with pytest.raises(RecordError, match=message.replace("(", r"\(")):
        parse_record(data, str(path))


def test_match_record_keeps_every_finished_hand(tmp_path: Path) -> None:
    path, data = _auto(tmp_path, "--seed", "4", "--match", "--set", "match.target_points=500")
    match = data["match"]
    assert match["hands_played"] == 3 and len(match["hands"]) == match["hands_played"]
    for name, total in match["totals"].items():
        assert sum(hand[name] for hand in match["hands"]) == total
    assert load_record(path).match is not None
