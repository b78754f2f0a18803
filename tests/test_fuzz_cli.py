"""The fuzz layer of issue 20 (hypothesis over every command's arguments and every file format,
the adversarial cases of the trial included): each run of the CLI is under a timeout and must
end with exit 0, 1 or 2, never a traceback and never a hang; bad input (exit 2) is exactly one
``error:`` line, with no raw control character in it. Surfaces: game records (random JSON,
mutated version 1 and version 2 records, deep nesting, surrogates, control characters) through
``replay``, ``score --from-record`` and ``play --load``; TOML through ``score``, ``check file``
and ``play --rules``; the arguments of ``play``, ``simulate`` and ``score --from-record``; the
in-game ``save`` command and standard input bytes; non-regular files.

Every test counts its inputs in ``TRIED`` (``pytest -s`` prints the counts per surface).
"""

from __future__ import annotations

import collections
import json
import os
import signal
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from types import FrameType
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_fuzz import flipped, json_values, mutated, toml_docs
from typer.testing import CliRunner

from remi.cli import main
from remi.core.messages import LANGUAGES, Messages
from remi.core.presets import list_presets
from remi.core.record_files import load_record
from remi.core.record_setup import complete_record
from remi.core.records import record_to_json

#: the label of the one error line, in every language
ERROR_LABELS = tuple(Messages(lang)("cli.error").rstrip() for lang in LANGUAGES)

ROOT = Path(__file__).resolve().parent.parent
GAMES = sorted((ROOT / "examples" / "games").glob("*.json"))
DISPUTES = sorted((ROOT / "examples" / "disputes").glob("*.toml"))
V1_DOCS = [json.loads(p.read_text(encoding="utf-8")) for p in GAMES]
V2_DOCS = [record_to_json(complete_record(load_record(p))) for p in GAMES]
PRESETS = list_presets()
#: seconds one CLI run may take before it counts as a hang
TIMEOUT = 30
#: examples per surface (``REMI_FUZZ_RUNS`` raises it for a long run; the files' tests take 1/3)
_N = int(os.environ.get("REMI_FUZZ_RUNS", "30"))
RUNS = settings(max_examples=_N, deadline=None, suppress_health_check=list(HealthCheck))
FEW = settings(max_examples=max(1, _N // 3), deadline=None, suppress_health_check=list(HealthCheck))
TRIED: collections.Counter[str] = collections.Counter()
runner = CliRunner()


class Hang(Exception):
    """A CLI run that did not end within ``TIMEOUT`` seconds."""


def _alarm(signum: int, frame: FrameType | None) -> None:
    raise Hang


@attrs.frozen
class Ran:
    """One run of ``remi``: its exit code and everything it printed (stdout then stderr)."""

    exit_code: int
    output: str


def run(surface: str, args: list[str], stdin: str | bytes = "quit\n", bad: bool = False) -> Ran:
    """Run ``remi ARGS`` in-process through the real entry point (``remi.cli.main``, which turns
    usage errors into one line) under ``TIMEOUT``; assert no traceback, no hang, an exit code of
    0, 1 or 2, and for exit 2 exactly one ``error:`` line without control characters (with
    ``--json``: only a JSON error object, docs/cli.md). With ``bad``, the input is known bad:
    exit 2 is required."""
    TRIED[surface] += 1
    previous = signal.signal(signal.SIGALRM, _alarm)
    argv = sys.argv
    code: int | None = None
    signal.setitimer(signal.ITIMER_REAL, TIMEOUT)
    try:
        data = stdin.encode("utf-8", "surrogatepass") if isinstance(stdin, str) else stdin
        with runner.isolation(input=data) as (out, err, _):
            sys.argv = ["remi", *args]
            try:
                main()
            except SystemExit as exc:
                code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
            output = (out.getvalue() + err.getvalue()).decode("utf-8", "replace")
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
        sys.argv = argv
    assert code in (0, 1, 2), (args, code, output[-2000:])
    assert "Traceback" not in output, (args, output[-2000:])
    if bad:
        assert code == 2, (args, output[-2000:])
    if code == 2 and "--json" in args:
        data = json.loads(output)
        assert set(data) == {"error"} and data["error"]["exit_code"] == 2, (args, output[-2000:])
    elif code == 2:
        # the error line's label is a catalogue text: "error:" in English, "eroare:" in Romanian
        errors = [ln for ln in output.splitlines() if ln.startswith(ERROR_LABELS)]
        assert len(errors) == 1, (args, output[-2000:])
        assert not any(ord(c) < 32 or 0x7F <= ord(c) < 0xA0 for c in errors[0]), errors[0]
    return Ran(exit_code=code, output=output)


@pytest.fixture(scope="module")
def scratch() -> Iterator[Path]:
    """A private folder for the files written here (module scope: hypothesis-safe)."""
    with tempfile.TemporaryDirectory(prefix="remi-fuzz-cli-") as name:
        yield Path(name)


@pytest.fixture(scope="module", autouse=True)
def _report() -> Iterator[None]:
    yield
    print("\nfuzz inputs tried per surface:", dict(sorted(TRIED.items())))


# --- adversarial values ------------------------------------------------------------------------

nasty_text = st.one_of(
    st.text(max_size=30),
    st.sampled_from(
        [
            "[/]",
            "[bold]x",
            "\x1b[2J",
            "\x00",
            "a\nerror: fake",
            "\u202e",
            "\ud800",
            "x" * 300,
            "-1",
            "0",
            "99999999999",
            "../../etc/passwd",
            "/dev/zero",
            "/dev/null",
            "/dev/full",
            ".",
        ]
    ),
)


def _deep(depth: int, closed: bool = True) -> str:
    return "[" * depth + ("]" * depth if closed else "")


@st.composite
def record_texts(draw: st.DrawFn) -> str | bytes:
    """Text of a would-be record: a mutated version 1 or 2 record, random JSON, deep nesting,
    surrogates, control characters in names, wild match fields, or flipped bytes."""
    kind = draw(st.sampled_from(["v1", "v2", "random", "deep", "names", "match", "flip"]))
    if kind in ("v1", "v2"):
        doc = draw(st.sampled_from(V1_DOCS if kind == "v1" else V2_DOCS))
        return json.dumps(draw(mutated(doc, json_values)))
    if kind == "random":
        return json.dumps(draw(json_values))
    if kind == "deep":
        return '{"format": "remi-record", "x": ' + _deep(draw(st.integers(30, 5000))) + "}"
    doc = json.loads(json.dumps(draw(st.sampled_from(V2_DOCS))))
    if kind == "names":
        doc["players"][0]["name"] = draw(nasty_text)
        return json.dumps(doc, ensure_ascii=draw(st.booleans()))
    if kind == "match":
        names = [p["name"] for p in doc["players"]]
        doc["match"] = {
            "hands_played": draw(st.integers(-(10**6), 10**6)),
            "totals": {n: draw(st.integers(-(10**31), 10**31)) for n in names},
            "base_seed": draw(st.integers()),
            "hands": [{n: draw(st.integers(-100, 100)) for n in names}],
        }
        return json.dumps(doc)
    return draw(flipped(json.dumps(doc).encode("utf-8")))


def _write(path: Path, text: str | bytes) -> Path:
    path.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8", "surrogatepass"))
    return path


# --- records -----------------------------------------------------------------------------------


@RUNS
@given(record_texts(), st.booleans())
def test_fuzz_replay_records(scratch: Path, text: str | bytes, json_out: bool) -> None:
    path = _write(scratch / "r.json", text)
    before = path.read_bytes()
    run("replay FILE", ["replay", str(path), *(["--json"] if json_out else [])])
    assert path.read_bytes() == before


@RUNS
@given(record_texts(), st.one_of(st.none(), st.integers(-5, 10**12)))
def test_fuzz_score_from_record(scratch: Path, text: str | bytes, hand: int | None) -> None:
    path = _write(scratch / "s.json", text)
    args = ["score", "--from-record", str(path)]
    run("score --from-record", args + ([] if hand is None else ["--hand", str(hand)]))


@FEW
@given(record_texts())
def test_fuzz_play_load(scratch: Path, text: str | bytes) -> None:
    path = _write(scratch / "l.json", text)
    run("play --load", ["play", "--load", str(path)], stdin="quit\n")


# --- TOML files --------------------------------------------------------------------------------


def _toml_text(doc: dict[str, Any]) -> str:
    """A TOML text of ``doc`` (tables of scalars; what ``toml_docs`` draws), written by hand."""
    lines = []
    for key, value in doc.items():
        if isinstance(value, dict):
            lines.append(f"[{json.dumps(str(key))}]")
            lines += [f"{json.dumps(str(k))} = {json.dumps(v)}" for k, v in value.items()]
        else:
            lines.insert(0, f"{json.dumps(str(key))} = {json.dumps(value)}")
    return "\n".join(lines) + "\n"


_toml_fixed = st.one_of(
    st.sampled_from(DISPUTES).flatmap(lambda p: flipped(p.read_bytes())),
    st.integers(30, 3000).map(lambda d: "x = " + _deep(d) + "\n"),
    st.integers(30, 600).map(lambda d: "x = " + "{a = " * d + "1" + "}" * d + "\n"),
    nasty_text.map(lambda n: f'name = {json.dumps(n)}\nfamily = "remi"\n'),
)
toml_inputs = st.one_of(toml_docs.map(_toml_text), _toml_fixed)


@RUNS
@given(toml_inputs, st.sampled_from([["score"], ["check", "file"], ["play", "--auto", "--rules"]]))
def test_fuzz_toml_files(scratch: Path, text: str | bytes, command: list[str]) -> None:
    path = _write(scratch / "f.toml", text)
    run(f"{' '.join(command)} TOML", [*command, str(path)], stdin="")


# --- arguments ---------------------------------------------------------------------------------


@RUNS
@given(
    st.lists(
        st.one_of(
            st.tuples(st.just("--rules"), st.one_of(st.sampled_from(PRESETS), nasty_text)),
            st.tuples(st.just("--set"), nasty_text),
            st.tuples(st.just("--players"), st.one_of(st.integers(-3, 9).map(str), nasty_text)),
            st.tuples(st.just("--human"), nasty_text),
            st.tuples(
                st.just("--bot"), st.one_of(st.sampled_from(["greedy", "random"]), nasty_text)
            ),
            st.tuples(st.just("--seed"), st.one_of(st.integers().map(str), nasty_text)),
            st.tuples(st.just("--lang"), st.one_of(st.sampled_from(["en", "ro"]), nasty_text)),
            st.tuples(st.just("--no-timer")),
        ),
        max_size=4,
    ).map(lambda opts: [p for o in opts for p in o]),
)
def test_fuzz_play_arguments(args: list[str]) -> None:
    run("play ARGS", ["play", *args], stdin="quit\n")


@RUNS
@given(
    st.lists(
        st.one_of(
            st.tuples(st.just("--plot"), nasty_text.map(lambda t: t + ".json")),
            st.tuples(st.just("--jobs"), st.one_of(st.integers().map(str), nasty_text)),
            st.tuples(st.just("--scheduler"), nasty_text),
            st.tuples(st.just("--bots"), nasty_text),
            st.tuples(st.just("--players"), st.integers(-5, 99).map(str)),
        ),
        min_size=1,
        max_size=3,
    ).map(lambda opts: [p for o in opts for p in o]),
)
def test_fuzz_simulate_arguments(args: list[str]) -> None:
    run("simulate ARGS", ["simulate", "--rules", "remi-pe-tabla", "--games", "1", *args])


# --- the game: save commands and standard input ----------------------------------------------


@FEW
@given(st.lists(nasty_text, min_size=1, max_size=4))
def test_fuzz_in_game_save_targets(scratch: Path, names: list[str]) -> None:
    lines = [f"save {n}" for n in names if "\n" not in n] + ["quit"]
    cwd = os.getcwd()
    os.chdir(scratch)
    try:
        result = run(
            "save NAME", ["play", "--players", "2", "--seed", "3"], "\n".join(lines) + "\n"
        )
    finally:
        os.chdir(cwd)
    assert result.exit_code == 0
    for line in result.output.splitlines():
        if "Could not save" in line:  # the name is shown with escapes, never raw
            assert not any(ord(c) < 32 and c != "\t" for c in line), line


@FEW
@given(st.binary(max_size=200))
def test_fuzz_standard_input_bytes(data: bytes) -> None:
    result = run("play stdin", ["play", "--players", "2", "--seed", "3"], data + b"\nquit\n")
    assert result.exit_code == 0


# --- non-regular files -----------------------------------------------------------------------


@pytest.mark.parametrize(
    "command",
    [
        ["replay"],
        ["score"],
        ["score", "--from-record"],
        ["check", "file"],
        ["play", "--load"],
        ["play", "--rules"],
    ],
)
def test_fuzz_fifo_device_and_folder_refused_at_once(tmp_path: Path, command: list[str]) -> None:
    fifo = tmp_path / "p.json"
    os.mkfifo(fifo)
    targets = [fifo, tmp_path] + [Path(d) for d in ("/dev/zero", "/dev/null") if Path(d).exists()]
    for target in targets:
        name = str(target) + ("/x.toml" if command[-1] == "--rules" and target == tmp_path else "")
        run("non-regular files", [*command, name], stdin="", bad=True)
