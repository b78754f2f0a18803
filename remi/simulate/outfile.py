"""Per-game results of a simulation in a file (``--out``): CSV, JSON lines or Parquet.

One row per hand: ``arm``, ``seed``, ``turns``, ``closed``, ``first_open`` and ``scores`` (seat
lists as JSON text in CSV), ``exposure`` (rule id -> situations). CSV and JSON lines are appended
batch by batch, so a run that dies keeps what it played, and ``--resume`` reads them back;
Parquet (``.parquet``, needs pyarrow) is written whole at the end.
"""

from __future__ import annotations

import csv
import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from remi.core.file_reasons import os_reason
from remi.core.files import probe_writable
from remi.core.messages import N_
from remi.simulate.run import SimulationError
from remi.stats import GameSummary

__all__ = [
    "COLUMNS",
    "OUT_SUFFIXES",
    "append_rows",
    "check_writable",
    "cannot_write",
    "read_rows",
    "write_parquet",
]

#: The columns of a per-game file, in order.
COLUMNS = ("arm", "seed", "turns", "closed", "first_open", "scores", "exposure")
#: The per-game file formats, by suffix: CSV, JSON lines, Parquet.
OUT_SUFFIXES = (".csv", ".jsonl", ".parquet")


def cannot_write(path: Path, exc: OSError | ValueError) -> SimulationError:
    """The error "cannot write PATH: reason" (the OS reason told in the reader's language)."""
    error: SimulationError = SimulationError.from_id(
        N_("simulate.error.cannot_write"), path=str(path), why=os_reason(exc)
    )
    return error


def check_writable(path: Path) -> None:
    """Make sure ``path`` can be written before any hand is played (it is opened for writing
    and, when this made it, removed again).

    Raises:
        SimulationError: it cannot ("cannot write PATH: permission denied").
    """
    try:
        probe_writable(path)
    except (OSError, ValueError) as exc:
        raise cannot_write(path, exc) from None


def _record(g: GameSummary) -> dict[str, Any]:
    return {
        "arm": g.preset,
        "seed": g.seed,
        "turns": g.turns,
        "closed": g.closed,
        "first_open": list(g.first_open),
        "scores": list(g.scores),
        "exposure": dict(g.exposure),
    }


def _summary(r: dict[str, Any]) -> GameSummary:
    return GameSummary.from_tuple(
        (
            r["arm"],
            r["seed"],
            r["turns"],
            r["closed"],
            r["first_open"],
            r["scores"],
            r["exposure"].items(),
        )
    )


def append_rows(path: Path, games: Iterable[GameSummary]) -> None:
    """Append ``games`` to a CSV (``.csv``) or JSON lines file (``.jsonl``; see
    ``OUT_SUFFIXES``); a new CSV gets its header first."""
    records = [_record(g) for g in games]
    if path.suffix.lower() == ".csv":
        new = not path.exists() or path.stat().st_size == 0
        with path.open("a", newline="", encoding="utf-8") as f:
            writer = csv.writer(f)
            if new:
                writer.writerow(COLUMNS)
            for r in records:
                writer.writerow(
                    [
                        r["arm"],
                        r["seed"],
                        r["turns"],
                        int(r["closed"]),
                        json.dumps(r["first_open"]),
                        json.dumps(r["scores"]),
                        json.dumps(r["exposure"], sort_keys=True),
                    ]
                )
        return
    with path.open("a", encoding="utf-8") as f:
        for r in records:
            f.write(json.dumps(r, sort_keys=True) + "\n")


def write_parquet(path: Path, games: Iterable[GameSummary]) -> None:
    """Write ``games`` as a Parquet file (pyarrow; seat lists as lists, exposure as JSON text).

    Raises:
        ImportError: pyarrow is not installed.
    """
    import pyarrow as pa  # type: ignore[import-not-found, unused-ignore]
    import pyarrow.parquet as pq  # type: ignore[import-not-found, unused-ignore]

    records = [_record(g) for g in games]
    for r in records:
        r["exposure"] = json.dumps(r["exposure"], sort_keys=True)
    pq.write_table(pa.Table.from_pylist(records), path)


def read_rows(path: Path) -> list[GameSummary]:
    """The games of a per-game file (any of the three formats; a torn last line is skipped).

    Raises:
        ValueError: a row that cannot be read.
    """
    suffix = path.suffix.lower()
    if suffix == ".parquet":
        import pyarrow.parquet as pq  # type: ignore[import-not-found, unused-ignore]

        rows = pq.read_table(path).to_pylist()
        for r in rows:
            r["exposure"] = json.loads(r["exposure"])
        return [_summary(r) for r in rows]
    text = path.read_text(encoding="utf-8")
    if suffix == ".csv":
        out = []
        for r in csv.DictReader(text.splitlines()):
            if None in r.values():
                continue
            r2: dict[str, Any] = dict(r)
            for key in ("first_open", "scores", "exposure"):
                r2[key] = json.loads(r[key])
            r2["closed"] = r["closed"] == "1"
            out.append(_summary(r2))
        return out
    games = []
    for line in text.splitlines():
        try:
            games.append(_summary(json.loads(line)))
        except json.JSONDecodeError:
            continue
    return games
