"""The ``remi`` entry point turns typer's usage errors (a missing argument, a value of the wrong
type, an unknown command or option) into one error line with exit code 2, like every other bad
input; ``remi`` alone prints its help."""

from __future__ import annotations

import subprocess
import sys

import pytest


def _remi(*args: str) -> subprocess.CompletedProcess[str]:
    code = "import sys; from remi.cli import main; sys.argv = ['remi', *sys.argv[1:]]; main()"
    return subprocess.run(
        [sys.executable, "-c", code, *args], capture_output=True, text=True, timeout=60
    )


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (("play", "--seed", "abc"), "error: Invalid value for '--seed'"),
        (("check", "meld"), "error: Missing argument 'tiles'. (see 'remi check meld --help')"),
        (("rules", "show", "x", "extra"), "error: Got unexpected extra argument(s) (extra)"),
        (("nope",), "error: No such command 'nope'. (see 'remi --help')"),
        (("score", "--bogus", "f.toml"), "error: No such option: --bogus"),
    ],
)
def test_usage_error_is_one_line_exit_2(args: tuple[str, ...], needle: str) -> None:
    result = _remi(*args)
    assert result.returncode == 2
    assert result.stdout == ""
    assert needle in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert "Traceback" not in result.stderr


def test_no_command_prints_help() -> None:
    result = _remi()
    assert result.returncode == 2
    assert "Usage: remi" in result.stdout and "Commands" in result.stdout


def test_version_prints_the_package_version() -> None:
    from remi import __version__

    result = _remi("--version")
    assert result.returncode == 0
    assert result.stdout.strip() == f"remi {__version__}"


def test_exit_codes_pass_through() -> None:
    assert _remi("check", "meld", "R1 R2 R3").returncode == 0
    assert _remi("check", "meld", "R1 R2 R4").returncode == 1
