"""Reading the files users hand to remi (rule files, dispute files, game records) with a size
cap, so that a wrong path such as ``/dev/zero`` or a huge file gets a clear error instead of
filling the memory (bad input always gets a clear error)."""

from __future__ import annotations

import errno
import os
from typing import Final

__all__ = ["MAX_RECORD_BYTES", "MAX_TOML_BYTES", "read_capped"]

MAX_TOML_BYTES: Final = 4 * 1024 * 1024
"""Largest rule or dispute file read, in bytes (4 MiB; real ones are a few kilobytes)."""

MAX_RECORD_BYTES: Final = 64 * 1024 * 1024
"""Largest game record read, in bytes (64 MiB; a 100,000-action record is about 4 MiB)."""


def read_capped(path: str | os.PathLike[str], limit: int) -> bytes:
    """The bytes of ``path``, at most ``limit`` bytes long.

    Reads at most ``limit + 1`` bytes, so an endless device or a huge file costs no more.

    Raises:
        OSError: the file cannot be read, or (``errno.EFBIG``, ``strerror`` "file too large:
            more than N MiB") it is longer than ``limit`` bytes.
        ValueError: a path holding a NUL byte.
    """
    with open(path, "rb") as handle:
        raw = handle.read(limit + 1)
    if len(raw) > limit:
        raise OSError(errno.EFBIG, f"file too large: more than {limit // (1024 * 1024)} MiB")
    return raw
