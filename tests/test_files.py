"""Input files are read with a size cap: an endless device or a huge file is one clear error
(exit 2 at the CLI), never a memory blow-up or a traceback."""

from __future__ import annotations

import errno
from pathlib import Path

import pytest
from typer.testing import CliRunner

from remi.cli import app
from remi.core.errors import RemiError
from remi.core.files import MAX_TOML_BYTES, probe_writable, read_capped
from remi.core.presets import load_rules
from remi.core.record_files import load_record


def test_read_capped_returns_small_files_and_refuses_big_ones(tmp_path: Path) -> None:
    path = tmp_path / "f.bin"
    path.write_bytes(b"x" * 10)
    assert read_capped(path, 10) == b"x" * 10
    with pytest.raises(OSError) as info:
        read_capped(path, 9)
    assert info.value.errno == errno.EFBIG


def test_huge_rule_file_and_record_are_clear_errors(tmp_path: Path) -> None:
    big = tmp_path / "big.toml"
    big.write_bytes(b"# " + b"x" * MAX_TOML_BYTES + b"\n")
    with pytest.raises(RemiError, match="file too large: more than 4 MiB"):
        load_rules(big)
    record = tmp_path / "big.json"
    record.write_bytes(b" " * 10)  # readable size: the cap does not get in the way
    with pytest.raises(RemiError, match="malformed JSON"):
        load_record(record)


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
@pytest.mark.parametrize(
    "args",
    [
        ["replay", "/dev/zero"],
        ["score", "/dev/zero"],
        ["check", "file", "/dev/zero"],
        ["play", "--load", "/dev/zero"],
    ],
)
def test_cli_endless_file_is_one_error_line(args: list[str]) -> None:
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 2
    assert "not a regular file: a character device" in result.output  # refused before reading
    assert len(result.output.strip().splitlines()) == 1


def test_probe_writable_leaves_the_folder_as_it_was(tmp_path: Path) -> None:
    new, old = tmp_path / "new.csv", tmp_path / "old.csv"
    old.write_text("kept\n", encoding="utf-8")
    probe_writable(new)
    probe_writable(old)
    assert not new.exists() and old.read_text(encoding="utf-8") == "kept\n"
    probe_writable(new, keep=True)  # a lock file stays for the lock that opens it next
    assert new.read_bytes() == b""
    with pytest.raises(OSError) as missing:
        probe_writable(tmp_path / "no-folder" / "x.csv")
    assert missing.value.errno == errno.ENOENT
    with pytest.raises(OSError) as folder:
        probe_writable(tmp_path)
    assert folder.value.errno == errno.EISDIR
