"""The JSON Schemas of the command outputs (remi/schemas/, docs/cli.md) are in the wheel, each
one a valid draft 2020-12 schema whose ``$ref`` all resolve."""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

import jsonschema
from test_packaging import wheel  # noqa: F401 - the module's built wheel, a fixture

from remi.cli.schemas import COMMAND_SCHEMAS

ROOT = Path(__file__).resolve().parents[1]


def test_wheel_ships_every_command_schema(wheel: Path) -> None:  # noqa: F811
    names = set(zipfile.ZipFile(wheel).namelist())
    in_repo = sorted(p.name for p in (ROOT / "remi" / "schemas").glob("*.schema.json"))
    assert {f"{name}.schema.json" for name in COMMAND_SCHEMAS.values()} | {
        "common.schema.json"
    } == set(in_repo)
    for name in in_repo:
        assert f"remi/schemas/{name}" in names
        schema = json.loads((ROOT / "remi" / "schemas" / name).read_text(encoding="utf-8"))
        jsonschema.Draft202012Validator.check_schema(schema)
