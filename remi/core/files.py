"""Reading the files users hand to remi (rule files, dispute files, game records) with a size
cap, so that a wrong path such as ``/dev/zero`` or a huge file gets a clear error instead of
filling the memory (bad input always gets a clear error)."""

from __future__ import annotations

import errno
import os
import stat
from typing import Final

__all__ = [
    "MAX_DEPTH",
    "MAX_RECORD_BYTES",
    "MAX_TOML_BYTES",
    "check_tree",
    "file_kind",
    "printable",
    "probe_writable",
    "read_capped",
]

MAX_DEPTH: Final = 32
"""Deepest nesting of arrays and tables accepted in a JSON or TOML file (real files nest 4 deep)."""

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


def check_tree(data: object, limit: int = MAX_DEPTH) -> None:
    """Check decoded JSON or TOML: nested at most ``limit`` levels, and no string or key holding
    a lone surrogate (``"\\ud800"`` in JSON), which can be neither printed nor written back.

    Iterative, so a file nested thousands deep costs no recursion.

    Raises:
        ValueError: ``nested deeper than 32 levels at $.a[0][0]...`` or ``a lone surrogate
            U+D800 in a text at $.players[0].name`` (a JSON path of the place).
    """
    stack: list[tuple[object, str, int]] = [(data, "$", 0)]
    while stack:
        value, where, depth = stack.pop()
        if isinstance(value, str):
            bad = next((c for c in value if 0xD800 <= ord(c) <= 0xDFFF), None)
            if bad is not None:
                raise ValueError(f"a lone surrogate U+{ord(bad):04X} in a text at {where}")
            continue
        if not isinstance(value, (dict, list)):
            continue
        if depth >= limit:
            raise ValueError(f"nested deeper than {limit} levels at {where[:200]}")
        if isinstance(value, dict):
            for key, item in value.items():
                stack.append((key, f"{where} (a key)", depth))
                stack.append((item, f"{where}.{printable(str(key))[:40]}", depth + 1))
        else:
            stack.extend((item, f"{where}[{i}]", depth + 1) for i, item in enumerate(value))


_BIDI = frozenset(range(0x202A, 0x202F)) | frozenset(range(0x2066, 0x206A))


def printable(text: str) -> str:
    """``text`` safe to print on a terminal: every control character (C0, DEL, C1), every bidi
    override and every lone surrogate replaced by its escape (``\\x1b``, ``\\u202e``), so a
    name from a shared file can neither clear the screen nor fake a line."""
    out = []
    for char in text:
        code = ord(char)
        if code < 0x20 or 0x7F <= code < 0xA0 or code in _BIDI or 0xD800 <= code <= 0xDFFF:
            out.append(f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}")
        else:
            out.append(char)
    return "".join(out)


def probe_writable(path: str | os.PathLike[str], *, keep: bool = False) -> None:
    """Open ``path`` for writing (creating it) and close it again, so that a file that cannot be
    written is found before the work that fills it; a file this made is removed again unless
    ``keep`` (a lock file, which another process may open at once: never unlinked under it).

    Raises:
        OSError: the file cannot be created or opened for writing (its ``errno`` says why:
            a read-only folder, ``/proc``, a folder in its place).
        ValueError: a NUL byte in the name.
    """
    existed = os.path.lexists(path)
    handle = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_NONBLOCK, 0o644)
    os.close(handle)
    if not existed and not keep:
        try:
            os.unlink(path)
        except OSError:
            pass  # it stays empty; the work writes it soon
