"""Files saved by editors that write a UTF-8 byte-order mark (Windows Notepad) read the same as
without it: rule files, dispute files and game records."""

from __future__ import annotations

from pathlib import Path

from remi.core.dispute_support import load_dispute, score_dispute
from remi.core.presets import load_rules
from remi.core.record_files import load_record

ROOT = Path(__file__).resolve().parent.parent
BOM = b"\xef\xbb\xbf"


def _with_bom(source: Path, target: Path) -> Path:
    target.write_bytes(BOM + source.read_bytes())
    return target


def test_rule_file_with_bom(tmp_path: Path) -> None:
    path = _with_bom(ROOT / "rules" / "remi-50.toml", tmp_path / "remi-50.toml")
    assert load_rules(path).opening_min_points == load_rules("remi-50").opening_min_points == 50


def test_dispute_file_with_bom(tmp_path: Path) -> None:
    source = ROOT / "examples" / "disputes" / "RF-1.toml"
    path = _with_bom(source, tmp_path / "rf1.toml")
    got = {ps.name: ps.score for ps in score_dispute(load_dispute(path))}
    assert got == {"A": 155, "B": -15}  # RF-1, docs/rules.md §4.2


def test_game_record_with_bom(tmp_path: Path) -> None:
    source = ROOT / "examples" / "games" / "sir-break.json"
    path = _with_bom(source, tmp_path / "game.json")
    assert load_record(path) == load_record(source)
