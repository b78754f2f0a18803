"""Why a file could not be read, as catalogue texts: the operating system's error (by its
``errno``), the JSON decoder's and TOML parser's complaints (by their kind, with the line and
column), never the English words of Python's own messages.

Each function gives a ``remi.core.errors.Reason`` (a message id with its parameters) that an
error message carries as a parameter and that is told in the reader's language.
"""

from __future__ import annotations

import errno
import re

from remi.core.errors import Reason
from remi.core.messages import N_

__all__ = ["json_reason", "os_reason", "toml_reason", "tree_reason"]

#: errno -> message id of the common reasons a file cannot be opened.
_OS = {
    errno.ENOENT: N_("error.file.not_found"),
    errno.EACCES: N_("error.file.permission"),
    errno.EPERM: N_("error.file.permission"),
    errno.EISDIR: N_("error.file.is_dir"),
    errno.ENOTDIR: N_("error.file.not_dir"),
    errno.ELOOP: N_("error.file.loop"),
    errno.ENAMETOOLONG: N_("error.file.name_too_long"),
    errno.ENOSPC: N_("error.file.no_space"),
    errno.EROFS: N_("error.file.read_only"),
    errno.EDQUOT: N_("error.file.quota"),
}


#: ``remi.core.files.file_kind``'s words -> message ids
_KINDS = {
    "a folder": N_("error.file.kind.folder"),
    "a FIFO (named pipe)": N_("error.file.kind.fifo"),
    "a character device": N_("error.file.kind.char"),
    "a block device": N_("error.file.kind.block"),
    "a socket": N_("error.file.kind.socket"),
}
_OTHER_KIND = N_("error.file.kind.other")


def os_reason(exc: OSError | ValueError) -> Reason:
    """Why a file could not be opened: "no such file", "permission denied"... by ``errno``
    (another error: its errno name, ``EIO``); a ``ValueError`` is a path with a NUL byte."""
    if not isinstance(exc, OSError):
        return Reason(N_("error.file.bad_name"))
    if exc.errno == errno.EINVAL and str(exc.strerror).startswith("not a regular file"):
        kind = str(exc.strerror).partition(": ")[2]
        return Reason(N_("error.file.not_regular"), kind=Reason(_KINDS.get(kind, _OTHER_KIND)))
    if exc.errno == errno.EFBIG:
        return Reason(N_("error.file.too_large"), what=str(exc.strerror).rpartition("than ")[2])
    key = _OS.get(exc.errno or 0)
    if key is not None:
        return Reason(key)
    return Reason(N_("error.file.os"), code=errno.errorcode.get(exc.errno or 0, str(exc.errno)))


#: The JSON decoder's messages (``json.JSONDecodeError.msg``) and their message ids.
_JSON = {
    "Expecting value": N_("error.json.value"),
    "Expecting property name enclosed in double quotes": N_("error.json.property"),
    "Expecting ',' delimiter": N_("error.json.comma"),
    "Expecting ':' delimiter": N_("error.json.colon"),
    "Extra data": N_("error.json.extra"),
    "Unterminated string starting at": N_("error.json.unterminated"),
    "Invalid control character at": N_("error.json.control"),
    "Invalid \\escape": N_("error.json.escape"),
    "Invalid \\uXXXX escape": N_("error.json.escape"),
    "Illegal trailing comma before end of object": N_("error.json.trailing_comma"),
    "Illegal trailing comma before end of array": N_("error.json.trailing_comma"),
}


def json_reason(message: str) -> Reason:
    """The JSON decoder's ``message`` (``"Expecting value"``) as a catalogue text; a message
    this table does not know is "not valid JSON"."""
    return Reason(_JSON.get(message, N_("error.json.other")))


_AT = re.compile(r"\(at line (\d+), column (\d+)\)")


def toml_reason(exc: Exception) -> Reason:
    """Why a text is not valid TOML, with the line and column the parser names (``tomllib``'s
    own words are left out); a number too long for Python is said as such."""
    found = _AT.search(str(exc))
    if found is not None:
        return Reason(N_("error.toml.at"), line=int(found[1]), column=int(found[2]))
    if "digits" in str(exc):
        return Reason(N_("error.file.long_number"))
    return Reason(N_("error.toml.other"))


def tree_reason(exc: ValueError) -> Reason:
    """Why ``remi.core.files.check_tree`` refused a decoded file: a lone surrogate or too deep
    a nesting, with the place it names."""
    text = str(exc)
    where = text.rsplit(" at ", 1)[-1] if " at " in text else ""
    if "surrogate" in text:
        code = re.search(r"U\+[0-9A-F]{4}", text)
        return Reason(N_("error.file.surrogate"), code=code[0] if code else "", where=where)
    if "nested" in text:
        depth = re.search(r"deeper than (\d+) levels", text)
        return Reason(N_("error.file.too_deep"), depth=int(depth[1]) if depth else 0, where=where)
    return Reason(N_("error.file.long_number"))
