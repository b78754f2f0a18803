"""atheris harness: dispute and check files (and the rule files they name).

    /work/venv/bin/python fuzz/fuzz_disputes.py -max_total_time=120 -artifact_prefix=fuzz/artifacts/

The input bytes are written to a file and read with ``load_dispute`` and ``load_check_file``
(so ``read_toml`` sees raw bytes: bad UTF-8, bad TOML), then, when the check file parses, it
is answered with ``run_check`` and a dispute is scored with ``score_dispute``; the same bytes
are also read as a rule file with ``load_rules``. Only ``RemiError`` may escape. The corpus
starts from ``examples/disputes/*.toml`` and ``rules/*.toml``.
"""

from __future__ import annotations

import sys

import atheris
from _common import ROOT, run, scratch_file

with atheris.instrument_imports(include=["remi"]):
    from remi.core.checkfiles import load_check_file, run_check
    from remi.core.dispute_support import load_dispute, score_dispute
    from remi.core.errors import RemiError
    from remi.core.presets import load_rules

_FILE = scratch_file("input.toml")


def test_one_input(data: bytes) -> None:
    """One input: the bytes of a TOML file."""
    _FILE.write_bytes(data)
    try:
        score_dispute(load_dispute(_FILE))
    except RemiError:
        pass
    try:
        run_check(load_check_file(_FILE))
    except RemiError:
        pass
    try:
        load_rules(_FILE)
    except RemiError:
        pass


if __name__ == "__main__":
    run(
        test_one_input,
        sorted((ROOT / "examples" / "disputes").glob("*.toml"))
        + sorted((ROOT / "rules").glob("*.toml")),
    )
    sys.exit(0)
