"""atheris harness: game records (JSON), loaded and replayed.

    /work/venv/bin/python fuzz/fuzz_records.py -max_total_time=120 -artifact_prefix=fuzz/artifacts/

The input bytes are written to a file and read with ``load_record``; a record that loads is
replayed (``remi.core.replay.replay``: an illegal action is a ``ReplayError`` in the result, not an
exception) and, when it loads, exported for seat 1 (``export_for_player``). The file must be
unchanged afterwards. Only ``RemiError`` may escape. The corpus starts from
``examples/games/*.json``.
"""

from __future__ import annotations

import sys

import atheris
from _common import ROOT, run, scratch_file

with atheris.instrument_imports(include=["remi"]):
    from remi.core.errors import RemiError
    from remi.core.export import export_for_player
    from remi.core.record_files import load_record
    from remi.core.replay import replay

_FILE = scratch_file("input.json")


def test_one_input(data: bytes) -> None:
    """One input: the bytes of a record file."""
    _FILE.write_bytes(data)
    try:
        record = load_record(_FILE)
    except RemiError:
        return
    finally:
        assert _FILE.read_bytes() == data, "load_record changed the file"
    try:
        result = replay(record)
        assert result.error is None or result.error.position >= 1
    except RemiError:
        pass
    try:
        export_for_player(record, 0)
    except RemiError:
        pass


if __name__ == "__main__":
    run(test_one_input, sorted((ROOT / "examples" / "games").glob("*.json")))
    sys.exit(0)
