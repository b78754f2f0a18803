"""Helpers of the CLI tests: read the JSON vocabulary of ``--json`` outputs (docs/cli.md) and
check an output against its command's JSON Schema (remi/schemas/)."""

from __future__ import annotations

import json
from typing import Any

from remi.cli.schemas import validate_output


def points(data: dict[str, Any]) -> dict[str, int]:
    """Player name -> points of a ``scores`` list."""
    return {s["name"]: s["points"] for s in data["scores"]}


def lines(data: dict[str, Any]) -> dict[str, list[dict[str, Any]]]:
    """Player name -> score lines of a ``scores`` list."""
    return {s["name"]: s["lines"] for s in data["scores"]}


def json_of(command: str, result: Any) -> dict[str, Any]:
    """The ``--json`` output of ``result`` (a CliRunner result), checked against the schema of
    ``command`` (``"check meld"``, ``"score"``...)."""
    data: dict[str, Any] = json.loads(result.stdout)
    validate_output(command, data)
    return data


def assert_bad_input(result: Any, json_out: bool = False, code: int = 2) -> dict[str, Any]:
    """Bad input: exit ``code``, no traceback; without ``--json`` one ``error:`` line on standard
    error and nothing on standard output; with it, only an error object on standard output.
    Returns the error object (``{}`` without ``--json``)."""
    assert result.exit_code == code, result.output
    assert "Traceback" not in result.output
    if not json_out:
        assert result.stdout == ""
        out = result.stderr.strip().splitlines()
        assert len(out) == 1 and out[0].startswith("error: ")
        return {}
    assert result.stderr == ""
    data = json.loads(result.stdout)
    assert set(data) == {"error"} and data["error"]["exit_code"] == code
    error: dict[str, Any] = data["error"]
    return error


class FakeClock:
    """Seconds that move only when a test line says so (the ``clock`` fixture of conftest.py:
    an input line ``@N text`` advances it N seconds first)."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now
