"""Reading the files users hand to remi (rule files, dispute files, game records) with a size
cap, so that a wrong path such as ``/dev/zero`` or a huge file gets a clear error instead of
filling the memory (bad input always gets a clear error)."""

from __future__ import annotations

import errno
import os
import stat
from typing import Final

__all__ = ["MAX_RECORD_BYTES", "MAX_TOML_BYTES", "file_kind", "read_capped"]

MAX_TOML_BYTES: Final = 4 * 1024 * 1024
"""Largest rule or dispute file read, in bytes (4 MiB; real ones are a few kilobytes)."""

MAX_RECORD_BYTES: Final = 64 * 1024 * 1024
"""Largest game record read, in bytes (64 MiB; a 100,000-action record is about 4 MiB)."""


def file_kind(mode: int) -> str:
    """What a file of ``st_mode`` ``mode`` is, in words (``"a FIFO"``, ``"a folder"``...)."""
    kinds = (
        (stat.S_ISDIR, "a folder"),
        (stat.S_ISFIFO, "a FIFO (named pipe)"),
        (stat.S_ISCHR, "a character device"),
        (stat.S_ISBLK, "a block device"),
        (stat.S_ISSOCK, "a socket"),
    )
    return next((word for test, word in kinds if test(mode)), "not a regular file")


def read_capped(path: str | os.PathLike[str], limit: int) -> bytes:
    """The bytes of the regular file ``path``, at most ``limit`` bytes long.

    The file is opened without blocking (``O_NONBLOCK``) and checked with ``fstat`` before any
    read, so a FIFO, a device or a folder is refused at once instead of hanging; at most
    ``limit + 1`` bytes are read, so a huge file costs no more.

    Raises:
        OSError: the file cannot be read; it is not a regular file (``errno.EINVAL``,
            ``strerror`` "not a regular file: a FIFO (named pipe)"); or (``errno.EFBIG``,
            ``strerror`` "file too large: more than N MiB") it is longer than ``limit`` bytes.
        ValueError: a path holding a NUL byte.
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    fd = os.open(path, flags)
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise OSError(errno.EINVAL, f"not a regular file: {file_kind(mode)}")
    except BaseException:
        os.close(fd)
        raise
    with os.fdopen(fd, "rb") as handle:
        raw = handle.read(limit + 1)
    if len(raw) > limit:
        raise OSError(errno.EFBIG, f"file too large: more than {limit // (1024 * 1024)} MiB")
    return raw
