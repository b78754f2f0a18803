"""Shared set-up of the atheris harnesses (coverage-guided fuzzing; not collected by pytest).

Each harness feeds libFuzzer's bytes to one family of parsers and lets only ``RemiError``
through: any other exception is a crash, which atheris reports with the input that caused it
(written as ``crash-<sha1>`` under ``-artifact_prefix``). docs/testing.md tells how to run them.
"""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def scratch_file(name: str) -> Path:
    """A file path in a fresh private directory (in memory under /dev/shm when there is one)."""
    shm = "/dev/shm" if os.path.isdir("/dev/shm") else None
    return Path(tempfile.mkdtemp(prefix="remi-atheris-", dir=shm)) / name


def run(test_one_input: Callable[[bytes], None], seeds: list[Path]) -> None:
    """Start atheris on ``test_one_input``; ``seeds`` are example files copied into a corpus
    directory given on the command line (or ``fuzz/corpus/<harness>`` by default)."""
    import atheris

    argv = list(sys.argv)
    if not any(not a.startswith("-") for a in argv[1:]):
        corpus = ROOT / "fuzz" / "corpus" / Path(argv[0]).stem
        corpus.mkdir(parents=True, exist_ok=True)
        for seed in seeds:
            target = corpus / seed.name
            if not target.exists():
                target.write_bytes(seed.read_bytes())
        argv.append(str(corpus))
    atheris.Setup(argv, test_one_input)
    atheris.Fuzz()
