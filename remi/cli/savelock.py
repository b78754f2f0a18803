"""The exclusive lock a game holds on each of its save files for its whole life (``filelock``),
so that two games never save over each other: a second ``remi play --save F`` is refused at
once, naming the game that holds ``F``.

The lock is the file ``.NAME.lock`` beside the save ``NAME`` (an OS lock, ``flock``, released
by the OS when the process ends, even by ``kill -9``); while it is held, the lock file names
the game that holds it (players, start time, process id).
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

import attrs
import filelock

from remi.core.errors import Reason, RemiError
from remi.core.file_reasons import os_reason
from remi.core.files import probe_writable
from remi.core.messages import N_
from remi.core.records import GameRecord

__all__ = ["SaveLockError", "SaveLocks", "lock_path"]


class SaveLockError(RemiError):
    """A save file that another game (or another process) holds, or whose lock cannot be made.

    ``str(exc)`` says which game holds it, or why the lock file cannot be created (in English;
    ``localized(m)`` in the language of ``m``: a catalogue message ``error.save.*``).
    """


def lock_path(save: Path) -> Path:
    """The lock file of the save file ``save``: ``.NAME.lock`` in the same folder."""
    return save.with_name(f".{save.name}.lock")


def _describe(record: GameRecord) -> str:
    return f"{record.preset}, {', '.join(record.names)}, {record.created or '?'}, pid {os.getpid()}"


@attrs.define
class SaveLocks:
    """The save-file locks a ``remi play`` holds, by resolved save path, kept until it ends."""

    held: dict[Path, filelock.BaseFileLock] = attrs.field(factory=dict)

    def hold(self, save: Path, record: GameRecord) -> None:
        """Lock ``save`` for this game (nothing to do when it is already ours).

        Raises:
            SaveLockError: another game holds it (its description), or the lock file cannot
                be created (a missing or read-only folder, a bad name).
        """
        try:
            key = save.resolve()
        except (OSError, RuntimeError, ValueError) as exc:  # a symlink loop, a NUL byte
            why = Reason(N_("error.file.loop")) if isinstance(exc, RuntimeError) else os_reason(exc)
            raise SaveLockError.from_id(N_("error.save.lock"), why=why) from None
        if key.is_symlink():  # Python 3.13 resolves a symlink loop to itself instead of raising
            raise SaveLockError.from_id(N_("error.save.lock"), why=Reason(N_("error.file.loop")))
        if key in self.held:
            return
        if not key.parent.is_dir():  # filelock would create the folder
            raise SaveLockError.from_id(N_("error.save.no_folder"), folder=str(key.parent))
        where = lock_path(key)
        _check_writable(save, where)
        lock = filelock.FileLock(str(where), timeout=0)
        try:
            lock.acquire()
        except filelock.Timeout:
            raise SaveLockError.from_id(N_("error.save.locked"), owner=_owner(where)) from None
        except (OSError, ValueError) as exc:
            raise SaveLockError.from_id(
                N_("error.save.lock_file"), name=where.name, why=os_reason(exc)
            ) from None
        try:
            where.write_text(_describe(record) + "\n", encoding="utf-8")
        except OSError:
            pass  # the lock holds; only the description of the game is missing
        self.held[key] = lock

    def release(self) -> None:
        """Release every lock and remove its lock file (the OS releases the locks too when the
        process ends, but leaves the files).

        The file is removed while the lock is still held, so no other game can hold it then; a
        game that opened it just before sees an unlinked file and tries again (``filelock``).
        """
        for lock in self.held.values():
            with contextlib.suppress(OSError):
                os.unlink(lock.lock_file)
            lock.release()
        self.held.clear()


def _check_writable(save: Path, where: Path) -> None:
    """Raise ``SaveLockError`` ("cannot write FILE: reason") when the lock file ``where`` can
    be neither created nor opened for writing: a read-only folder, ``/proc``, a bad name. Only
    a lock held by another process then gets the "another game" message."""
    try:
        probe_writable(where, keep=True)  # filelock opens it next
    except (OSError, ValueError) as exc:
        raise SaveLockError.from_id(
            N_("error.save.cannot_write"), file=str(save), why=os_reason(exc)
        ) from None


def _owner(where: Path) -> str:
    """The game named in the lock file ``where`` (``"another remi play"`` when unreadable)."""
    try:
        with open(where, "rb") as handle:
            text = handle.read(400).decode("utf-8", "replace").strip()
    except OSError:
        text = ""
    return text if text and text.isprintable() else "remi play"
