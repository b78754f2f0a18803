"""Rule sets: presets load, every rule id is documented, bad files and values are refused."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from remi.core.errors import RulesError, UnknownVariantError
from remi.core.presets import list_presets, load_rules
from remi.core.rulespec import rule_specs
from remi.variants.remi_pe_tabla.rules import RemiRules

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "rules" / "README.md").read_text(encoding="utf-8")


def _fmt(v: object) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, str):
        return f'"{v}"'
    return str(v)


def test_remi_presets_load_with_their_differences() -> None:
    base = load_rules("remi-pe-tabla")
    r45 = load_rules("rummy-45")
    r50 = load_rules("remi-50")
    assert base.opening_min_points == 45 and r50.opening_min_points == 50
    assert r45.atu_enabled and r45.atu_bonus_points == 50
    assert not r45.opening_ones_set_exception and r45.joly_swap_requires_opened
    diff45 = {k for k, v in r45.values().items() if base.values()[k] != v}
    assert diff45 == {"atu.enabled", "opening.ones_set_exception", "joly.swap_requires_opened"}
    diff50 = {k for k, v in r50.values().items() if base.values()[k] != v}
    assert diff50 == {"opening.min_points"}


def test_default_preset_file_equals_class_defaults() -> None:
    loaded = load_rules("remi-pe-tabla")
    assert loaded.values() == RemiRules().values()


@pytest.mark.parametrize("spec", rule_specs(RemiRules), ids=lambda s: s.rule_id)
def test_every_rule_id_documented(spec) -> None:
    row = next(
        (line for line in README.splitlines() if line.startswith(f"| `{spec.rule_id}` |")), None
    )
    assert row is not None, f"{spec.rule_id} missing from rules/README.md"
    cells = [c.strip() for c in row.strip("|").split("|")]
    assert cells[3] == _fmt(spec.default)
    for preset, cell in zip(("remi-pe-tabla", "rummy-45", "remi-50"), cells[4:7]):
        assert cell == _fmt(load_rules(preset).get(spec.rule_id))


def test_rule_ids_are_dotted_snake_case() -> None:
    for spec in rule_specs(RemiRules):
        assert re.fullmatch(r"[a-z_]+\.[a-z0-9_]+", spec.rule_id), spec.rule_id


def test_every_preset_loads() -> None:
    names = list_presets()
    assert {"remi-pe-tabla", "rummy-45", "remi-50"} <= set(names)
    for name in names:
        assert load_rules(name).name == name


def test_overrides_convert_text_and_are_recorded() -> None:
    r = load_rules("remi-pe-tabla", {"opening.min_points": "50", "atu.enabled": "true"})
    assert r.opening_min_points == 50 and r.atu_enabled is True
    assert r.overrides == (("opening.min_points", 50), ("atu.enabled", True))


@pytest.mark.parametrize(
    "key,value,words",
    [
        ("opening.min_point", "50", "did you mean 'opening.min_points'"),
        ("opening.min_points", "many", "opening.min_points"),
        ("opening.min_points", "-5", "0..500"),
        ("scoring.joly_close_doubles", "sometimes", "closer, everyone, none"),
        ("atu.enabled", "perhaps", "true or false"),
    ],
)
def test_bad_override_names_key_and_value(key: str, value: str, words: str) -> None:
    with pytest.raises(RulesError) as info:
        load_rules("remi-pe-tabla", {key: value})
    assert words in str(info.value)
    assert info.value.key == key


@pytest.mark.parametrize(
    "text,words",
    [
        ('family = "remi"\n[opening]\nmin_points = "lots"\n', "opening.min_points"),
        ('family = "remi"\n[opening]\nmaximum = 3\n', "unknown rule id 'opening.maximum'"),
        ('family = "remi"\nopening = 45\n', "must be a table"),
        ('family = "remi"\n[opening\n', "not valid TOML"),
        ("[opening]\nmin_points = 50\n", "missing 'family'"),
        ('family = "chess"\n', "chess"),
        ('family = "remi"\nextends = "nope"\n', "extends unknown preset"),
        ('family = "remi"\n[players]\nmin = 4\nmax = 3\n', "players.min"),
    ],
)
def test_bad_rule_file(tmp_path: Path, text: str, words: str) -> None:
    path = tmp_path / "house.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises((RulesError, UnknownVariantError)) as info:
        load_rules(str(path))
    assert words in str(info.value)


def test_house_rule_file_extends_a_preset(tmp_path: Path) -> None:
    path = tmp_path / "club.toml"
    path.write_text(
        'family = "remi"\nextends = "rummy-45"\n[scoring]\nclosing_bonus = 100\n', encoding="utf-8"
    )
    r = load_rules(str(path))
    assert r.name == "club" and r.scoring_closing_bonus == 100 and r.atu_enabled


def test_unknown_preset() -> None:
    with pytest.raises(UnknownVariantError) as info:
        load_rules("remi-pe-tablaa")
    assert "remi-pe-tabla" in str(info.value)


@pytest.mark.parametrize(
    ("overrides", "key", "words"),
    [
        ({"turn.max_rack_tiles": 13}, "deal.first_player_tiles", "would hold 14 tiles"),
        ({"deal.other_player_tiles": 15}, "deal.other_player_tiles", "with 15 tiles"),
        ({"deal.first_player_tiles": 1}, "deal.first_player_tiles", "at least 2"),
    ],
)
def test_deal_sizes_no_hand_can_be_played_with(
    overrides: dict[str, int], key: str, words: str
) -> None:
    """Each value is in its own range, but together no hand can be played (a rack over
    turn.max_rack_tiles after the first turn, or a first discard that empties the rack)."""
    with pytest.raises(RulesError) as info:
        load_rules("remi-pe-tabla", overrides)
    assert info.value.key == key and words in str(info.value)


def test_small_deals_still_load() -> None:
    rules = load_rules(
        "remi-pe-tabla", {"deal.first_player_tiles": 2, "deal.other_player_tiles": 1}
    )
    assert (rules.deal_first_player_tiles, rules.deal_other_player_tiles) == (2, 1)


def test_rules_file_errors_say_what_the_path_is(tmp_path: Path) -> None:
    """A folder or a non-regular path is named as such, not as a missing file; an existing file
    named without ``./`` or ``.toml`` gets told how to load it (it is looked up as a preset)."""
    with pytest.raises(RulesError, match="is a folder, not a rule file"):
        load_rules(tmp_path)
    folder = tmp_path / "d.toml"
    folder.mkdir()
    with pytest.raises(RulesError, match="is a folder"):
        load_rules(str(folder))
    with pytest.raises(RulesError, match="no such rule file"):
        load_rules(str(tmp_path / "missing.toml"))
    plain = tmp_path / "myrules"
    preset = Path(__file__).resolve().parent.parent / "rules" / "remi-50.toml"
    plain.write_text(preset.read_text(encoding="utf-8"), encoding="utf-8")
    assert load_rules(str(plain)).name == "remi-50"  # a path with '/' is a file
    cwd = os.getcwd()
    os.chdir(tmp_path)
    try:
        with pytest.raises(RulesError, match=r"give its path \./myrules or name it with \.toml"):
            load_rules("myrules")
        assert load_rules("./myrules").name == "remi-50"
    finally:
        os.chdir(cwd)
