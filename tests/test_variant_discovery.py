"""The built-in families are found without reading the installed entry points (start-up).

``remi.core.variant.BUILT_IN_FAMILIES`` must name exactly the ``remi.variants`` entry points of
pyproject.toml; asking for a built-in family by its name loads only that family, and any other
name (an alias, a plugin) still goes through the entry points.
"""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

from remi.core.variant import BUILT_IN_FAMILIES, get_variant

ROOT = Path(__file__).resolve().parents[1]


def test_table_equals_the_entry_points_of_pyproject() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert dict(BUILT_IN_FAMILIES) == project["project"]["entry-points"]["remi.variants"]


def test_each_built_in_name_is_that_family() -> None:
    for name in BUILT_IN_FAMILIES:
        assert get_variant(name).name == name


def test_a_built_in_family_loads_alone_without_entry_points() -> None:
    code = (
        "import sys\n"
        "from remi.core.variant import get_variant\n"
        "print(get_variant('remi').name)\n"
        "print('importlib.metadata' in sys.modules, 'remi.variants.rummikub' in sys.modules)\n"
        "print(get_variant('myrummy').name)\n"
        "print('remi.variants.rummikub' in sys.modules)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
    ).stdout.split()
    assert out == ["remi", "False", "False", "rummikub", "True"]
