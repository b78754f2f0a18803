"""Saves that never lose a game (docs/records.md, "Writing"): a save file is locked for the life
of its game, so a second ``remi play --save F`` is refused at once naming the other game; every
save problem is reported on the board and the game goes on; a match keeps going (and keeps its
finished hands) when a save between hands fails; input files that are not regular files are
refused at once.
"""

from __future__ import annotations

import errno
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from remi.cli import app
from remi.cli.savelock import lock_path
from remi.core import record_files
from remi.core.record_files import load_record

runner = CliRunner()
REMI = [sys.executable, "-c", "from remi.cli import main; main()"]
#: p1's rack under --seed 3 with two players holds R12 (discarded as the first action).
FIRST = "discard R12"


def test_second_game_on_the_same_save_is_refused_at_once(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    first = subprocess.Popen(
        [*REMI, "play", "--players", "2", "--seed", "3", "--human", "Ana", "--save", str(save)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        deadline = time.monotonic() + 30
        while not lock_path(save).exists() or not lock_path(save).read_text(encoding="utf-8"):
            assert time.monotonic() < deadline and first.poll() is None
            time.sleep(0.05)
        started = time.monotonic()
        second = subprocess.run(
            [*REMI, "play", "--auto", "--players", "2", "--save", str(save)],
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert time.monotonic() - started < 30  # at once: no waiting for the lock
        assert second.returncode == 2
        lines = (second.stdout + second.stderr).strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("error: --save ")
        assert "another game is being played on it (remi-pe-tabla, Ana, greedy-2" in lines[0]
        assert "Traceback" not in second.stderr
        out, _ = first.communicate(f"{FIRST}\nquit\n", timeout=60)
    finally:
        if first.poll() is None:
            first.kill()
    assert first.returncode == 0, out
    assert load_record(save).actions[0] == "p1 discard R12"  # the first game's save is whole
    assert not lock_path(save).exists()  # its lock file is gone with it


@pytest.mark.skipif(not Path("/proc/self").is_dir(), reason="needs /proc (Linux)")
def test_save_file_that_cannot_be_made_is_not_another_game() -> None:
    result = runner.invoke(app, ["play", "--auto", "--players", "2", "--save", "/proc/x.json"])
    assert result.exit_code == 2, result.output
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert lines == ["error: --save /proc/x.json: cannot write /proc/x.json: no such file"]


def test_failed_in_game_saves_then_more_play_and_a_good_save(tmp_path: Path) -> None:
    loop = tmp_path / "loop.json"
    os.symlink(loop, loop)
    fifo = tmp_path / "fifo.json"
    os.mkfifo(fifo)
    folder = tmp_path / "folder.json"
    folder.mkdir()
    good = tmp_path / "good.json"
    bad = [
        str(loop),
        str(tmp_path / ("x" * 300)),
        str(tmp_path / "missing" / "a.json"),
        str(fifo),
        str(folder),
        "a\x00b.json",
    ]
    lines = [f"save {name}" for name in bad] + [FIRST, f"save {good}", "quit"]
    result = runner.invoke(
        app, ["play", "--players", "2", "--seed", "3"], input="\n".join(lines) + "\n"
    )
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output
    assert result.output.count("Could not save to") == len(bad)
    assert "not a regular file" in result.output  # the FIFO and the folder, no hang
    assert f"Saved to {good}" in result.output or "saved" in result.output.lower()
    record = load_record(good)
    assert record.actions[0] == "p1 discard R12"
    assert fifo.exists() and folder.is_dir()  # bad targets untouched


@pytest.mark.parametrize(
    ("code", "word"), [(errno.ENOSPC, "No space left"), (errno.EROFS, "Read-only")]
)
def test_disk_full_or_read_only_is_reported_and_the_game_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, code: int, word: str
) -> None:
    good = tmp_path / "good.json"
    calls = {"n": 0}
    real_fsync = os.fsync

    def failing_fsync(fd: int) -> None:
        calls["n"] += 1
        if calls["n"] == 1:
            raise OSError(code, os.strerror(code))
        real_fsync(fd)

    monkeypatch.setattr(record_files.os, "fsync", failing_fsync)
    lines = [f"save {good}", FIRST, f"save {good}", "quit"]
    result = runner.invoke(
        app, ["play", "--players", "2", "--seed", "3"], input="\n".join(lines) + "\n"
    )
    assert result.exit_code == 0, result.output
    assert f"Could not save to {good}: {word}" in result.output
    assert load_record(good).actions[0] == "p1 discard R12"
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []


def test_match_goes_on_when_saves_between_hands_fail(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    save = tmp_path / "match.json"
    real_dump = record_files.dump_record
    state = {"hands": 0}

    def dump(record: object, path: object) -> None:
        match = getattr(record, "match", None)
        if match is not None and match.hands_played == 1 and state["hands"] < 3:
            state["hands"] += 1
            raise OSError(errno.ENOSPC, "No space left on device")
        real_dump(record, path)  # type: ignore[arg-type]

    monkeypatch.setattr("remi.cli.session.dump_record", dump)
    result = runner.invoke(
        app,
        ["play", "--auto", "--players", "3", "--seed", "4", "--match"]
        + ["--set", "match.target_points=500", "--save", str(save)],
    )
    assert result.exit_code == 0, result.output
    assert "Could not save to" in result.output and "wins the match" in result.output
    data = json.loads(save.read_text(encoding="utf-8"))
    assert data["match"]["hands_played"] == 3 and len(data["match"]["hands"]) == 3


@pytest.mark.parametrize("command", [["replay"], ["play", "--load"], ["score", "--from-record"]])
def test_fifo_and_folder_inputs_are_refused_at_once(tmp_path: Path, command: list[str]) -> None:
    fifo = tmp_path / "in.json"
    os.mkfifo(fifo)
    for target in (fifo, tmp_path):
        started = time.monotonic()
        result = subprocess.run(
            [*REMI, *command, str(target)], capture_output=True, text=True, timeout=60
        )
        assert time.monotonic() - started < 30
        assert result.returncode == 2
        lines = (result.stdout + result.stderr).strip().splitlines()
        assert (
            len(lines) == 1 and lines[0].startswith("error:") and "not a regular file" in lines[0]
        )
