"""The wheel ships rules/ as remi/rule_files and every preset loads from an installed wheel.

rules/ lives outside remi/, so the build maps it into the wheel and the loader finds it with
importlib.resources. This test builds the wheel, installs it into a fresh target folder
(no dependencies: attrs, typer and rich come from the running environment) and, in a separate
interpreter that imports remi from that folder, loads every preset file.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--no-build-isolation",
            "-q",
            "-w",
            str(out),
            str(ROOT),
        ],
        check=True,
    )
    wheels = list(out.glob("remi_rummy-*.whl"))
    assert len(wheels) == 1
    return wheels[0]


def test_wheel_contains_rule_files(wheel: Path) -> None:
    names = zipfile.ZipFile(wheel).namelist()
    shipped = sorted(
        n.rsplit("/", 1)[1]
        for n in names
        if n.startswith("remi/rule_files/") and n.endswith(".toml")
    )
    in_repo = sorted(p.name for p in (ROOT / "rules").glob("*.toml"))
    assert shipped == in_repo
    assert "remi/py.typed" in names


def test_installed_wheel_loads_every_preset(wheel: Path, tmp_path: Path) -> None:
    target = tmp_path / "site"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "--no-deps",
            "-q",
            "--target",
            str(target),
            str(wheel),
        ],
        check=True,
    )
    code = (
        "import json, remi, remi.core.presets as r\n"
        "out = {'file': remi.__file__, 'dirs': [str(d) for d in r.preset_dirs()], 'presets': {}}\n"
        "for name in r.list_presets():\n"
        "    try:\n"
        "        out['presets'][name] = r.load_rules(name).family\n"
        "    except Exception as exc:\n"
        "        out['presets'][name] = 'ERROR ' + repr(exc)\n"
        "print(json.dumps(out))\n"
    )
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(
        [str(target)] + [p for p in sys.path if p and "site-packages" in p]
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        check=True,
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
    )
    report = json.loads(done.stdout)
    assert report["file"].startswith(str(target))
    assert report["dirs"][0].startswith(str(target))
    expected = sorted(p.stem for p in (ROOT / "rules").glob("*.toml"))
    assert sorted(report["presets"]) == expected
    assert all(not str(v).startswith("ERROR") for v in report["presets"].values()), report[
        "presets"
    ]
    assert report["presets"]["remi-pe-tabla"] == "remi"


def test_wheel_ships_the_licence_and_no_invented_urls(wheel: Path) -> None:
    archive = zipfile.ZipFile(wheel)
    licences = [n for n in archive.namelist() if n.endswith("licenses/LICENSE")]
    assert len(licences) == 1
    text = archive.read(licences[0]).decode()
    assert text == (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert text.startswith("MIT License") and "the remi authors" in text
    metadata = next(n for n in archive.namelist() if n.endswith(".dist-info/METADATA"))
    fields = archive.read(metadata).decode().splitlines()
    urls = {
        line.split(": ", 1)[1].split(", ", 1)[0]
        for line in fields
        if line.startswith("Project-URL: ")
    }
    # The project has no public home yet: no URL is invented for it.
    assert urls == set()
    assert "License: MIT" in fields


def test_python_dash_m_remi_runs_the_command_line() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "remi", "--help"], capture_output=True, text=True, check=True
    )
    assert "Usage: python -m remi" in done.stdout
    assert "solve" in done.stdout and "play" in done.stdout
