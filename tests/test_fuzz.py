"""Fuzzing every parser (bad input always gets a clear error): notation, dispute and check files,
game records, rule files and CLI arguments.

The property is the same everywhere: an input either parses or raises a ``RemiError`` subclass;
no other exception escapes. At the CLI edge: no traceback, exit code 2 for bad input (1 where
the command documents "invalid"/"illegal"), and exit 0 only when the library agrees the input
is good. Inputs are random text from a notation-shaped alphabet, random TOML/JSON documents,
and mutations of the example files (deleted keys, wrong types, random strings, byte flips).

Every crash found (here or by the atheris harnesses in ``fuzz/``) is kept below as a named
regression test (``test_fuzz_regression_*``).
"""

from __future__ import annotations

import copy
import json
import math
import re
import tempfile
import tomllib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from remi.cli import app
from remi.core.checkfiles import load_check_file, parse_check
from remi.core.dispute_support import load_dispute, parse_dispute
from remi.core.errors import NotationError, RemiError, RulesError
from remi.core.formations import parse_formation
from remi.core.notation import parse_formation_tokens, parse_formations_text, parse_tiles
from remi.core.presets import list_presets, load_rules, preset_path
from remi.core.record_files import load_record, parse_record
from remi.core.records import RecordError
from remi.core.tiles import Tile
from remi.core.variant import registered_variants
from remi.variants.remi_pe_tabla.actions import parse_action

ROOT = Path(__file__).resolve().parent.parent
DISPUTES = sorted((ROOT / "examples" / "disputes").glob("*.toml"))
GAMES = sorted((ROOT / "examples" / "games").glob("*.json"))
PRESETS = list_presets()
PRESET_FILES = [preset_path(p) for p in PRESETS]
RULE_SETS: list[Any] = [load_rules(p) for p in PRESETS]
FORMATION_RULES = list({id(r.formation_rules): r.formation_rules for r in RULE_SETS}.values())

FAST = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
MEDIUM = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SLOW = settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])

T = TypeVar("T")


def parses_or_remi_error(fn: Callable[..., T], *args: Any, **kwargs: Any) -> T | RemiError:
    """Call ``fn``: its value, or the ``RemiError`` it raised; any other exception escapes."""
    try:
        return fn(*args, **kwargs)
    except RemiError as exc:
        return exc


@pytest.fixture(scope="module")
def scratch() -> Iterator[Path]:
    """A private directory for files written by the fuzz tests (module scope: hypothesis-safe)."""
    with tempfile.TemporaryDirectory(prefix="remi-fuzz-") as name:
        yield Path(name)


# --- strategies --------------------------------------------------------------------------------

# Pieces of the notation, so random text often comes close to valid input.
TOKENS = [
    "R",
    "Y",
    "B",
    "K",
    "J",
    "r",
    "k",
    "1",
    "3",
    "7",
    "10",
    "13",
    "14",
    "0",
    "00",
    "[",
    "]",
    "J[",
    " ",
    "  ",
    ",",
    "-",
    "\t",
    "\n",
    "p",
    "P",
    "p1 ",
    "p2 ",
    "p0 ",
    "draw",
    "take",
    "meld",
    "layoff",
    "swap",
    "announce",
    "atu",
    "declare",
    "discard",
    "undo",
    "play",
    "pass",
    "penalty",
    "timeout",
    "R7",
    "R8",
    "R9",
    "K5",
    "Y5",
    "B5",
    "J[R5]",
    "J[J]",
    "²",
    "٣",
    "𝟕",
    "ß",
    "İ",
    "\x00",
    "\u200b",
    "9" * 30,
    "-1",
    "+1",
    "1e3",
    "1_0",
    "½",
]
notation_text = st.one_of(
    st.text(max_size=40),
    st.lists(st.sampled_from(TOKENS), max_size=24).map("".join),
)

toml_scalars = st.one_of(
    st.text(max_size=20),
    st.sampled_from(
        ["R5 R6 R7", "[R5 R6 R7] [R10 Y10 B10]", "remi-pe-tabla", "rummikub", "J", "K1"]
    ),
    st.integers(-(2**63), 2**63 - 1),
    st.booleans(),
    st.floats(allow_nan=True, allow_infinity=True),
)


def _toml_values(children: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    return st.one_of(
        st.lists(children, max_size=4), st.dictionaries(st.text(max_size=8), children, max_size=4)
    )


toml_values = st.recursive(toml_scalars, _toml_values, max_leaves=12)
toml_docs = st.dictionaries(
    st.one_of(
        st.sampled_from(
            [
                "rules",
                "description",
                "atu",
                "options",
                "players",
                "formations",
                "end",
                "expect",
                "kind",
                "tiles",
                "totals",
                "family",
                "name",
                "extends",
                "opening",
                "run",
            ]
        ),
        st.text(max_size=8),
    ),
    toml_values,
    max_size=6,
)

json_scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.floats(allow_nan=False),
    st.text(max_size=20),
    st.sampled_from(
        ["remi-record", "remi", "remi-pe-tabla", "p1 draw", "human", "greedy", "R5 R6"]
    ),
)
json_values = st.recursive(
    json_scalars,
    lambda c: st.one_of(
        st.lists(c, max_size=4), st.dictionaries(st.text(max_size=8), c, max_size=4)
    ),
    max_leaves=16,
)


def _toml_key(key: str) -> str:
    return json.dumps(key, ensure_ascii=False)


def _toml_scalar(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if math.isnan(value):
            return "nan"
        if math.isinf(value):
            return "inf" if value > 0 else "-inf"
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ", ".join(_toml_scalar(v) for v in value) + "]"
    return "{" + ", ".join(f"{_toml_key(k)} = {_toml_scalar(v)}" for k, v in value.items()) + "}"


def to_toml(doc: dict[str, Any]) -> str:
    """A TOML text for ``doc`` (inline tables for nested dicts; enough for fuzzing)."""
    return "".join(f"{_toml_key(k)} = {_toml_scalar(v)}\n" for k, v in doc.items())


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every key path inside a JSON/TOML document."""
    out: list[tuple[Any, ...]] = []
    items: list[tuple[Any, Any]] = []
    if isinstance(value, dict):
        items = list(value.items())
    elif isinstance(value, list):
        items = list(enumerate(value))
    for key, child in items:
        out.append(prefix + (key,))
        out.extend(_paths(child, prefix + (key,)))
    return out


@st.composite
def mutated(draw: st.DrawFn, original: Any, values: st.SearchStrategy[Any]) -> Any:
    """``original`` with 1-3 mutations: a key deleted, a value replaced by a random value (a wrong
    type, a random string) or a key renamed."""
    doc = copy.deepcopy(original)
    for _ in range(draw(st.integers(1, 3))):
        paths = _paths(doc)
        if not paths:
            break
        path = draw(st.sampled_from(paths))
        parent = doc
        for key in path[:-1]:
            parent = parent[key]
        last = path[-1]
        op = draw(st.sampled_from(["delete", "replace", "replace", "rename"]))
        if op == "delete":
            del parent[last]
        elif op == "replace":
            parent[last] = draw(values)
        elif isinstance(parent, dict):
            parent[draw(st.text(max_size=8))] = parent.pop(last)
        else:
            parent[last] = draw(values)
    return doc


@st.composite
def flipped(draw: st.DrawFn, raw: bytes) -> bytes:
    """``raw`` with a few bytes flipped, deleted, inserted, or truncated."""
    data = bytearray(raw)
    for _ in range(draw(st.integers(1, 4))):
        op = draw(st.sampled_from(["flip", "delete", "insert", "truncate"]))
        if not data:
            break
        i = draw(st.integers(0, len(data) - 1))
        if op == "flip":
            data[i] ^= 1 << draw(st.integers(0, 7))
        elif op == "delete":
            del data[i]
        elif op == "insert":
            data[i:i] = draw(st.binary(min_size=1, max_size=4))
        else:
            del data[i:]
    return bytes(data)


# --- notation ----------------------------------------------------------------------------------


@FAST
@given(notation_text)
def test_fuzz_tile_parse(text: str) -> None:
    got = parses_or_remi_error(Tile.parse, text)
    if isinstance(got, Tile):
        assert Tile.parse(str(got)) == got
    else:
        assert isinstance(got, NotationError)


@FAST
@given(notation_text)
def test_fuzz_parse_tiles_and_formations_text(text: str) -> None:
    tiles = parses_or_remi_error(parse_tiles, text)
    if isinstance(tiles, tuple):
        assert parse_tiles(" ".join(map(str, tiles))) == tiles
    parses_or_remi_error(parse_formations_text, text)
    parses_or_remi_error(parse_formation_tokens, text)


@FAST
@given(notation_text, st.sampled_from(FORMATION_RULES))
def test_fuzz_parse_formation(text: str, frules: Any) -> None:
    got = parses_or_remi_error(parse_formation, text, frules)
    if not isinstance(got, RemiError):
        assert parse_formation(got.text(frules), frules) == got


@FAST
@given(notation_text, st.sampled_from(RULE_SETS))
def test_fuzz_parse_action_every_variant(text: str, rules: Any) -> None:
    variant = next(v for v in registered_variants() if v.name == rules.family)
    got = parses_or_remi_error(variant.parse_action, text, rules)
    if not isinstance(got, RemiError):
        assert variant.parse_action(str(got), rules) == got
    parses_or_remi_error(parse_action, text)


# --- dispute and check files -------------------------------------------------------------------

_DISPUTE_DOCS = {p.name: tomllib.loads(p.read_text(encoding="utf-8")) for p in DISPUTES}


def _parse_either(doc: Any) -> None:
    parses_or_remi_error(parse_dispute, doc)
    parses_or_remi_error(parse_check, doc)


@MEDIUM
@given(toml_docs)
def test_fuzz_dispute_random_documents(doc: dict[str, Any]) -> None:
    _parse_either(doc)


@MEDIUM
@given(st.data(), st.sampled_from(sorted(_DISPUTE_DOCS)))
def test_fuzz_dispute_mutated_examples(data: st.DataObject, name: str) -> None:
    doc = data.draw(mutated(_DISPUTE_DOCS[name], toml_values))
    _parse_either(doc)


@MEDIUM
@given(st.data(), st.sampled_from(DISPUTES))
def test_fuzz_dispute_files_byte_flips(scratch: Path, data: st.DataObject, path: Path) -> None:
    target = scratch / "dispute.toml"
    target.write_bytes(data.draw(flipped(path.read_bytes())))
    parses_or_remi_error(load_dispute, target)
    parses_or_remi_error(load_check_file, target)


@MEDIUM
@given(toml_docs)
def test_fuzz_dispute_random_toml_files(scratch: Path, doc: dict[str, Any]) -> None:
    target = scratch / "random.toml"
    target.write_text(to_toml(doc), encoding="utf-8")
    parses_or_remi_error(load_dispute, target)
    parses_or_remi_error(load_check_file, target)


# --- game records ------------------------------------------------------------------------------

_RECORD_DOCS = {p.name: json.loads(p.read_text(encoding="utf-8")) for p in GAMES}


@MEDIUM
@given(
    st.one_of(
        json_values,
        st.dictionaries(
            st.sampled_from(
                sorted(
                    {
                        "format",
                        "version",
                        "family",
                        "preset",
                        "overrides",
                        "players",
                        "seed",
                        "deal",
                        "actions",
                        "created",
                        "match",
                    }
                )
            ),
            json_values,
        ),
    )
)
def test_fuzz_record_random_json(doc: Any) -> None:
    got = parses_or_remi_error(parse_record, doc)
    if not isinstance(got, RemiError):
        assert got.players and (got.seed is not None or got.deal is not None)


@MEDIUM
@given(st.data(), st.sampled_from(sorted(_RECORD_DOCS)))
def test_fuzz_record_mutated_examples(data: st.DataObject, name: str) -> None:
    parses_or_remi_error(parse_record, data.draw(mutated(_RECORD_DOCS[name], json_values)))


@MEDIUM
@given(st.data(), st.sampled_from(GAMES))
def test_fuzz_record_files_byte_flips_never_change_file(
    scratch: Path, data: st.DataObject, path: Path
) -> None:
    target = scratch / "record.json"
    raw = data.draw(flipped(path.read_bytes()))
    target.write_bytes(raw)
    got = parses_or_remi_error(load_record, target)
    assert isinstance(got, RecordError) or (not isinstance(got, RemiError) and got.players)
    assert target.read_bytes() == raw


# --- rule files --------------------------------------------------------------------------------

_PRESET_DOCS = {p.name: tomllib.loads(p.read_text(encoding="utf-8")) for p in PRESET_FILES}
_RULE_IDS = sorted({rid for r in RULE_SETS for rid in r.values()})


@MEDIUM
@given(toml_docs)
def test_fuzz_rules_random_files(scratch: Path, doc: dict[str, Any]) -> None:
    target = scratch / "rules-random.toml"
    target.write_text(to_toml(doc), encoding="utf-8")
    parses_or_remi_error(load_rules, target)


@MEDIUM
@given(st.data(), st.sampled_from(sorted(_PRESET_DOCS)))
def test_fuzz_rules_mutated_presets(scratch: Path, data: st.DataObject, name: str) -> None:
    target = scratch / "rules-mutated.toml"
    target.write_text(
        to_toml(data.draw(mutated(_PRESET_DOCS[name], toml_values))), encoding="utf-8"
    )
    parses_or_remi_error(load_rules, target)


@MEDIUM
@given(st.data(), st.sampled_from(PRESET_FILES))
def test_fuzz_rules_byte_flips(scratch: Path, data: st.DataObject, path: Path) -> None:
    target = scratch / "rules-flipped.toml"
    target.write_bytes(data.draw(flipped(path.read_bytes())))
    parses_or_remi_error(load_rules, target)


@FAST
@given(
    st.sampled_from(RULE_SETS),
    st.dictionaries(
        st.one_of(st.sampled_from(_RULE_IDS), st.text(max_size=12)), toml_values, max_size=4
    ),
)
def test_fuzz_rules_with_overrides(rules: Any, overrides: dict[str, Any]) -> None:
    got = parses_or_remi_error(rules.with_overrides, overrides)
    if not isinstance(got, RemiError):
        assert type(got) is type(rules)


@FAST
@given(
    st.one_of(st.text(max_size=40), st.sampled_from(PRESETS), st.text(min_size=250, max_size=400))
)
def test_fuzz_rules_preset_names(name: str) -> None:
    parses_or_remi_error(load_rules, name)


# --- CLI ---------------------------------------------------------------------------------------

runner = CliRunner()


def invoke(args: list[str], allowed: set[int]) -> Any:
    """Run ``remi ARGS``: no exception escapes, no traceback, an exit code in ``allowed``."""
    result = runner.invoke(app, args)
    assert result.exception is None or isinstance(result.exception, SystemExit), (
        args,
        result.exception,
    )
    assert "Traceback" not in result.output, (args, result.output)
    assert result.exit_code in allowed, (args, result.exit_code, result.output)
    return result


cli_text = st.one_of(
    notation_text, st.sampled_from(["--json", "--set", "--rules", "-", "--", "--help"])
)
rule_opts = st.lists(
    st.one_of(
        st.tuples(st.just("--rules"), st.one_of(st.sampled_from(PRESETS), st.text(max_size=12))),
        st.tuples(
            st.just("--set"),
            st.one_of(
                st.builds(lambda k, v: f"{k}={v}", st.sampled_from(_RULE_IDS), st.text(max_size=6)),
                st.text(max_size=12),
            ),
        ),
        st.tuples(st.just("--json")),
    ),
    max_size=3,
).map(lambda opts: [part for opt in opts for part in opt])


@MEDIUM
@given(notation_text, rule_opts)
def test_fuzz_cli_check_meld(text: str, opts: list[str]) -> None:
    result = invoke(["check", "meld", text, *opts], {0, 1, 2})
    if result.exit_code == 0:  # said valid: the text must at least be formation notation
        assert parse_formations_text(text)


@MEDIUM
@given(notation_text, rule_opts)
def test_fuzz_cli_check_opening_and_solve(text: str, opts: list[str]) -> None:
    invoke(["check", "opening", text, *opts], {0, 1, 2})
    result = invoke(["solve", "opening", text, *opts], {0, 1, 2})
    if result.exit_code != 2:
        assert not isinstance(parses_or_remi_error(parse_tiles, text), RemiError)


@SLOW
@given(st.data(), st.sampled_from(DISPUTES), rule_opts)
def test_fuzz_cli_score_and_check_file(
    scratch: Path, data: st.DataObject, path: Path, opts: list[str]
) -> None:
    target = scratch / "cli.toml"
    target.write_bytes(data.draw(st.one_of(flipped(path.read_bytes()), st.just(path.read_bytes()))))
    # 1: the file's [expect] claims do not hold (a flipped digit), 2: bad file
    result = invoke(["score", str(target), *opts], {0, 1, 2})
    if result.exit_code in (0, 1):
        assert (
            not isinstance(parses_or_remi_error(load_dispute, target), RemiError)
            or "--rules" in opts
            or "--set" in opts
        )
    invoke(["check", "file", str(target), *opts], {0, 1, 2})


@FAST
@given(
    st.lists(cli_text, min_size=0, max_size=3),
    st.sampled_from(["score", "check file", "replay", "rules show"]),
)
def test_fuzz_cli_random_arguments(args: list[str], command: str) -> None:
    result = invoke([*command.split(), *args], {0, 1, 2})
    if result.exit_code == 0 and command != "rules show":
        assert "--help" in args


@SLOW
@given(st.data(), st.sampled_from(GAMES), st.booleans())
def test_fuzz_cli_replay(scratch: Path, data: st.DataObject, path: Path, json_out: bool) -> None:
    target = scratch / "cli-record.json"
    raw = data.draw(st.one_of(flipped(path.read_bytes()), st.just(path.read_bytes())))
    target.write_bytes(raw)
    result = invoke(["replay", str(target), *(["--json"] if json_out else [])], {0, 1, 2})
    loaded = parses_or_remi_error(load_record, target)
    assert (result.exit_code == 2) == isinstance(loaded, RemiError)
    assert target.read_bytes() == raw


@MEDIUM
@given(
    st.lists(st.one_of(st.sampled_from(PRESETS), st.text(max_size=30)), min_size=0, max_size=3),
    st.booleans(),
)
def test_fuzz_cli_rules_show_diff(names: list[str], json_out: bool) -> None:
    extra = ["--json"] if json_out else []
    if names:
        result = invoke(["rules", "show", names[0], *extra], {0, 2})
        assert (result.exit_code == 0) == (names[0] in PRESETS) or names[0].startswith("-")
    result = invoke(["rules", "diff", *names, *extra], {0, 2})
    if result.exit_code == 0:
        assert len(names) >= 2


@SLOW
@given(
    st.integers(-5, 2**40),
    st.one_of(st.none(), st.integers(-2, 6)),
    st.lists(st.sampled_from(["random", "greedy", "wizard", ""]), max_size=3),
    st.lists(
        st.sampled_from(
            [
                ["--rules", "remi-50"],
                ["--rules", "nope"],
                ["--set", "opening.min_points=x"],
                ["--set", "bogus"],
                ["--lang", "xx"],
                ["--lang", "ro"],
                ["--human", "Ana"],
                ["--load", "missing.json"],
            ]
        ),
        max_size=2,
    ),
)
def test_fuzz_cli_play_auto(
    scratch: Path, seed: int, players: int | None, bots: list[str], extra: list[list[str]]
) -> None:
    args = ["play", "--auto", "--seed", str(seed)]
    if players is not None:
        args += ["--players", str(players)]
    for kind in bots:
        args += ["--bot", kind]
    for opt in extra:
        args += ["--load", str(scratch / opt[1])] if opt[0] == "--load" else opt
    # a fresh save file each time: another game's save is never overwritten (exit 2)
    (scratch / "auto.json").unlink(missing_ok=True)
    args += ["--save", str(scratch / "auto.json")]
    result = invoke(args, {0, 2})
    bad = (
        bool({"wizard", ""} & set(bots))
        or any(
            o[0] in ("--human", "--load")
            or o[-1] in ("nope", "opening.min_points=x", "bogus", "xx")
            for o in extra
        )
        or (players is not None and not 2 <= players <= 4)
    )
    if not bad and (players is None or players >= len(bots)):
        assert result.exit_code == 0, result.output


# --- regressions (crashes found by the fuzzers, fixed in the module named) ---------------------


@st.composite
def _rummikub_state(draw: st.DrawFn) -> Any:
    """A Rummikub-style position some random legal actions into a seeded game."""
    import random

    rules = load_rules("rummikub")
    variant = next(v for v in registered_variants() if v.name == "rummikub")
    seed = draw(st.integers(0, 50))
    state = variant.new_game(rules, 2, seed=seed)
    rng = random.Random(seed)
    for _ in range(draw(st.integers(0, 30))):
        if variant.is_over(state):
            break
        state = variant.apply(state, rng.choice(variant.legal_actions(state)))
    return state


EDIT_TOKENS = [
    "put",
    "move",
    "split",
    "new",
    "undo",
    "done",
    "R5",
    "J",
    "J[R4]",
    "1",
    "2",
    "3",
    "0",
    "2:1",
    "1:1",
    ":",
    "::",
    "²",
    "١",
    "9" * 20,
    " ",
    " ",
    " ",
    "K13",
    "[",
    "]",
]


@MEDIUM
@given(
    _rummikub_state(),
    st.lists(st.lists(st.sampled_from(EDIT_TOKENS), max_size=5).map("".join), max_size=6),
)
def test_fuzz_rummikub_table_editor_commands(state: Any, lines: list[str]) -> None:
    from remi.variants.rummikub.editing import TableEditor

    if state.is_over:
        return
    editor = TableEditor(state)
    for line in lines:
        parses_or_remi_error(editor.command, line)


# --- regressions (crashes found by the fuzzers, fixed in the module named) ---------------------


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("p1 take ²", "must be a positive number"),
        ("p1 layoff ² R5", "must be a positive number"),
        ("p1 swap ³ Y12", "must be a positive number"),
        ("p1 take 1" + "0" * 5000, "the șir position 100000000000... does not exist"),
    ],
)
def test_fuzz_regression_action_position_not_ascii_digits(text: str, said: str) -> None:
    """remi/actions.py: ``'²'.isdigit()`` is true but ``int('²')`` raises ValueError; a 5000-digit
    position exceeded ``int``'s digit limit. Both are now a NotationError quoting the token
    (the long one is positive: no such position)."""
    with pytest.raises(NotationError, match=re.escape(said)):
        parse_action(text)


@pytest.mark.parametrize("parse", ["remi", "rummikub"])
def test_fuzz_regression_action_huge_seat_number(parse: str) -> None:
    """remi/actions.py and remi/variants/rummikub/actions.py: ``p`` followed by 5000 digits raised
    ValueError (int's digit limit) instead of a NotationError."""
    rules = load_rules("remi-pe-tabla" if parse == "remi" else "rummikub")
    variant = next(v for v in registered_variants() if v.name == rules.family)
    with pytest.raises(NotationError, match="does not exist"):
        variant.parse_action("p" + "9" * 5000 + " draw", rules)
    with pytest.raises(NotationError):  # non-ASCII digits are not a seat number
        variant.parse_action("p١ draw", rules)


def test_fuzz_regression_rummikub_editor_superscript_number() -> None:
    """remi/variants/rummikub/editing.py: ``put R5 ²`` raised ValueError from ``int('²')``."""
    from remi.variants.rummikub.editing import EditError, TableEditor

    variant = next(v for v in registered_variants() if v.name == "rummikub")
    editor = TableEditor(variant.new_game(load_rules("rummikub"), 2, seed=1))
    for line in ("put R5 ²", "split ² 1", "move 1:² 2", "put R5 " + "9" * 5000):
        with pytest.raises(EditError, match="number must be 1 or more"):
            editor.command(line)


def test_fuzz_regression_dispute_file_not_utf8(tmp_path: Path) -> None:
    """remi/disputes.py: a byte flip making the file invalid UTF-8 escaped as UnicodeDecodeError
    (``tomllib`` decodes the bytes itself); it is now a DisputeError naming the file."""
    path = tmp_path / "flipped.toml"
    path.write_bytes(b"\x80" + (ROOT / "examples/disputes/RE-1.toml").read_bytes())
    for load in (load_dispute, load_check_file):
        with pytest.raises(RemiError, match="not valid TOML: not UTF-8 text .byte 1."):
            load(path)


def test_fuzz_regression_rule_file_not_utf8(tmp_path: Path) -> None:
    """remi/rules.py: same defect in ``read_rules_file`` (a RulesError now)."""
    path = tmp_path / "flipped.toml"
    path.write_bytes(b'family = "remi"\nname = "\xff"\n')
    with pytest.raises(RulesError, match="not UTF-8 text .byte 25."):
        load_rules(path)


@pytest.mark.parametrize("name", ["0" * 300, "x" * 300 + ".toml", "/" + "a" * 300])
def test_fuzz_regression_rules_name_too_long(name: str) -> None:
    """remi/rules.py: a preset name longer than the OS allows raised OSError (ENAMETOOLONG) from
    ``Path.is_file``; it is now an unknown preset / missing rule file."""
    with pytest.raises(RemiError):
        load_rules(name)
    invoke(["rules", "show", name], {2})


def test_fuzz_regression_paths_with_nul_byte() -> None:
    """remi/disputes.py and remi/records.py: a path holding a NUL byte raised ValueError
    ('embedded null byte') from ``open``; ``remi score`` printed no traceback only by luck of
    typer. Both loaders now raise their RemiError."""
    with pytest.raises(RemiError, match="cannot read the file"):
        load_dispute("\x00")
    with pytest.raises(RecordError, match="cannot read the record"):
        load_record("bad\x00.json")
    invoke(["score", "\x00"], {2})
    invoke(["check", "file", "a\x00b"], {2})
    invoke(["replay", "\x00"], {2})


def test_fuzz_regression_integer_over_digit_limit(tmp_path: Path) -> None:
    """remi/disputes.py, remi/rules.py, remi/records.py: a 5000-digit integer in a TOML or JSON
    file raised ValueError (Python's 4300-digit ``int`` limit, not a ``TOMLDecodeError`` or
    ``JSONDecodeError``); each reader now reports the file as malformed."""
    toml_path = tmp_path / "big.toml"
    toml_path.write_text("description = 1" + "0" * 5000 + "\n", encoding="utf-8")
    with pytest.raises(RemiError, match="not valid TOML: a number too long to read"):
        load_dispute(toml_path)
    with pytest.raises(RulesError, match="not valid TOML: a number too long to read"):
        load_rules(toml_path)
    record = json.loads((ROOT / "examples/games/sir-break.json").read_text(encoding="utf-8"))
    json_path = tmp_path / "big.json"
    json_path.write_text(
        json.dumps(record).replace('"seed": 0', '"seed": 1' + "0" * 5000), encoding="utf-8"
    )
    with pytest.raises(RecordError, match="malformed JSON: a number too long to read"):
        load_record(json_path)
    invoke(["replay", str(json_path)], {2})
    invoke(["score", str(toml_path)], {2})
