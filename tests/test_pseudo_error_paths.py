"""Every error path in the pseudo-locale (issue #19): each command is given bad input (bad
tokens, bad files, bad options, refused moves in the line mode of both families) under
``--lang qps`` and no output line may hold a word outside the catalogue's markers.

The pseudo-locale leaves every placeholder outside the markers
(``remi.core.catalogues._pseudo``), so an English text passed as a parameter (an exception's own
words, jsonschema's or click's English) is caught as well as an English line."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from test_pseudo_locale import _PRESETS, stray_words
from typer.testing import CliRunner

from remi.cli import app
from remi.core.messages import PSEUDO

runner = CliRunner()
ENV = {"COLUMNS": "250", "REMI_LANG": "", "LC_ALL": "", "LANG": "C"}
ROOT = Path(__file__).resolve().parent.parent
GOOD = json.loads((ROOT / "examples" / "games" / "illegal-opening.json").read_text("utf-8"))


def _record(**changes: object) -> str:
    """The example record with top-level ``changes`` (a value None: the field removed)."""
    data = dict(GOOD)
    for key, value in changes.items():
        if value is None:
            data.pop(key, None)
        else:
            data[key] = value
    return json.dumps(data)


_PLAYERS = GOOD["players"]
_DISPUTE = 'rules = "remi-pe-tabla"\n[players.A]\nrack = ""\n[players.B]\nrack = "Y4"\n'

#: name of the bad file -> its text
FILES: dict[str, str] = {
    "missing.json": _record(players=None),
    "wrongtype.json": _record(seed="abc"),
    "unknown.json": _record(bogus=1),
    "emptyname.json": _record(players=[{"name": "", "kind": "human"}, _PLAYERS[1]]),
    "badlang.json": _record(lang="fr"),
    "dupe.json": _record(players=[_PLAYERS[0], _PLAYERS[0]]),
    "badaction.json": _record(actions=[*GOOD["actions"], "p1 frobnicate"]),
    "illegal.json": _record(actions=[*GOOD["actions"], "p1 discard K13"]),
    "number.json": _record(actions=[*GOOD["actions"], 7]),
    "version.json": _record(version=9),
    "format.json": _record(format="other"),
    "truncated.json": '{"format": "remi-record", ',
    "notjson.json": "hello",
    "array.json": "[1, 2]",
    "latin1.json": "caf\xe9",
    "bad.toml": 'rules = "remi-pe-tabla"\n[players.A\n',
    "rack_type.toml": 'rules = "remi-pe-tabla"\n[players.A]\nrack = 5\n[players.B]\nrack = ""\n',
    "one_player.toml": 'rules = "remi-pe-tabla"\n[players.A]\nrack = ""\n',
    "rules.toml": 'rules = "nosuch"\n[players.A]\nrack = ""\n[players.B]\nrack = ""\n',
    "no_end.toml": _DISPUTE,
    "both.toml": _DISPUTE + '[end]\nclosed_by = "A"\nstock_exhausted = true\n',
    "neither.toml": _DISPUTE + "[end]\n",
    "holds.toml": _DISPUTE + '[end]\nclosed_by = "B"\nclosing_tile = "K7"\n',
    "stranger.toml": _DISPUTE + '[end]\nclosed_by = "Zoe"\n',
    "key.toml": _DISPUTE + '[end]\nclosed_by = "A"\nclosing_tile = "K7"\nextra = 1\n',
    "tile.toml": _DISPUTE.replace('"Y4"', '"Q4"') + '[end]\nclosed_by = "A"\n',
    "option.toml": _DISPUTE + "[options]\n'opening.min_points' = [1]\n",
    "closing.toml": _DISPUTE + '[end]\nstock_exhausted = true\nclosing_tile = "K7"\n',
    "no_closing.toml": _DISPUTE.replace('"Y4"', '""') + '[end]\nclosed_by = "A"\n',
    "atu.toml": _DISPUTE + '[end]\nclosed_by = "A"\nclosing_tile = "K7"\natu = "Y9"\n',
    "forms.toml": "formations = 5\n" + _DISPUTE + '[end]\nclosed_by = "A"\nclosing_tile = "K7"\n',
    "form_tiles.toml": _DISPUTE
    + '[end]\nclosed_by = "A"\nclosing_tile = "K7"\n[[formations]]\nowner = "A"\ntiles = "R1 R2 R4"\n',
    "added.toml": _DISPUTE
    + '[end]\nclosed_by = "A"\nclosing_tile = "K7"\n[[formations]]\nowner = "A"\n'
    + 'tiles = "R1 R2 R3"\nadded = {B = "K9"}\n',
    "notes.txt": "not a record",
    "rules_bad.toml": 'family = "remi"\n[opening\n',
    "rules_flat.toml": 'family = "remi"\nopening = 5\n',
    "rules_value.toml": 'family = "remi"\n[opening]\nmin_points = "x"\n',
    "rules_nested.toml": 'family = "remi"\n[opening.x]\ny = 1\n',
    "rules_name.toml": 'family = "remi"\nname = 5\n',
    "check_kind.toml": 'kind = "nope"\n',
    "check_key.toml": 'kind = "meld"\ntiles = "R1 R2 R3"\nbogus = 1\n',
    "check_tiles.toml": 'kind = "meld"\ntiles = "R1 Q2"\n',
    "check_totals.toml": 'kind = "match"\n[totals]\n',
}

_RECORDS = [n for n in FILES if n.endswith(".json")]
_DISPUTES = [n for n in FILES if n.endswith(".toml") and not n.startswith("check_")]
_CHECKS = [n for n in FILES if n.startswith("check_")]

#: the command lines given bad input (a file of FILES by its name)
CASES: list[list[str]] = [
    *(["replay", name] for name in [*_RECORDS, "nosuch.json"]),
    *(["score", "--from-record", name] for name in ["missing.json", "truncated.json"]),
    *(["score", name] for name in [*_DISPUTES, "nosuch.toml"]),
    *(["check", "file", name] for name in _CHECKS),
    ["play", "--load", "truncated.json"],
    ["play", "--load", "illegal.json"],
    ["play", "--seed", "1", "--save", "nosuch/x.json"],
    ["play", "--seed", "1", "--save", "notes.txt"],
    ["play", "--seed", "1", "--save", "illegal.json"],
    ["play", "--load", "missing.json"],
    *(["check", "meld", "R1 R2 R3", "--rules", n] for n in FILES if n.startswith("rules_")),
    ["check", "meld", "Q1 R2"],
    ["check", "meld", "[R1 R2"],
    ["check", "meld", "R1 R2 R3]"],
    ["check", "meld", "J[Q5] R6 R7"],
    ["check", "meld", "R1 R2 R4"],
    ["check", "meld", "R1 R2 R3", "--rules", "nosuch"],
    ["check", "meld", "R1 R2 R3", "--set", "opening.min_points"],
    ["check", "meld", "R1 R2 R3", "--set", "opening.min_points=lots"],
    ["check", "meld", "R1 R2 R3", "--set", "no.such_rule=1"],
    ["check", "opening", "[R1 R2 R3]"],
    ["check", "opening", "R1 R2 R3 R4 R5"],
    ["solve", "opening", " ".join(["R1"] * 61)],
    ["solve", "opening", "R1 R2", "--take", "R1 R2"],
    ["solve", "opening", "R1 R2", "--take", "Q1"],
    ["solve", "opening", "R1 R2 R3", "--rules", "rummikub"],
    ["solve", "move", "--rack", ""],
    ["solve", "move", "--rack", "R1", "--table", "[R1 R2"],
    ["solve", "move", "--rack", "R1", "--budget-seconds", "0"],
    ["solve", "move", "--rack", "R1", "--rules", "remi-pe-tabla"],
    ["solve", "move", "--rack", "R1", "--objective", "most"],
    ["solve", "move", "--rack", "R1", "--set", "run.ace_high=true"],
    ["solve", "move", "--rack", "R1", "--rules", "myrummy-small"],
    ["solve", "move", "--table", "[R1 R2 R3] [R1 R2 R3]", "--rack", "R1"],
    ["solve", "opening", "R1 R1 R1"],
    ["play", "--seed", "abc"],
    ["play", "--players", "9"],
    ["play", "--bot", "wizard"],
    ["play", "--bogus"],
    ["play", "--lang"],
    ["play", "--rules", "nosuch"],
    ["nope"],
    ["check", "meld"],
    ["rules", "show", "x", "extra"],
    ["rules", "show", "nosuch"],
    ["rules", "diff", "remi-pe-tabla", "nosuch"],
    ["simulate", "--games", "5"],
    ["simulate", "--rules", "remi-pe-tabla", "--games", "0"],
    ["simulate", "--rules", "remi-pe-tabla", "--bots", "wizard"],
    ["simulate", "--rules", "remi-pe-tabla", "--resume"],
    ["ladder", "--games", "x"],
]

#: refused and misunderstood lines in the line mode of each family
PLAY_LINES = {
    "remi-pe-tabla": [
        "discard Q9",
        "meld [R1 R2 R4]",
        "discard K13",
        "take",
        "take 9",
        "layoff 9 R1",
        "swap 1 Y12",
        "announce",
        "atu",
        "declare",
        "foo bar",
        "p1",
        "undo",
        "meld",
        "save",
    ],
    "rummikub": [
        "play [R1 R2 R4]",
        "play [Q1 R2 R3]",
        "play",
        "penalty",
        "foo",
        "discard K13",
        "undo",
    ],
}


#: the files' own keys and values, named by the errors as the files spell them
KEYS = (
    *GOOD,
    *("name", "kind", "human", "racks", "stock", "lang", "match", "rules", "events", "rack"),
    *("closed_by", "closing_tile", "stock_exhausted", "end", "options", "tiles", "totals"),
    *("formations", "description", "expect", "hands_played", "remi-record", "bogus", "extra"),
    *("nope", "Zoe", "abc", "fr", "other", "frobnicate", "remi play", "meld", "nosuch", "foo"),
    *("Ana", "Bogdan", "true", "false", "remi", "draw", "discard", "take", "layoff", "swap"),
)
#: a quoted value ('lots', "fr") or a list of code words (the allowed keys, the choices)
# (and an option, a rule id, a key path: the code's own spelling)
_QUOTED = re.compile(
    r"'[^'⟦⟧]*'|\"[^\"⟦⟧]*\"|\b[a-z0-9_.-]+(?:, [a-z0-9_.-]+){2,}\b|--[a-z][a-z-]*"
    r"|\b[a-zA-Z_]+(?:\.[a-zA-Z_0-9]+)+\b"
)


def _allowed(args: list[str]) -> tuple[str, ...]:
    """What the output may quote from the command line and the files: file names, keys,
    tokens, options."""
    return (
        *FILES,
        "nosuch.json",
        "nosuch.toml",
        *sorted([a for a in args if a], key=len, reverse=True),
        *_PRESETS,
        *KEYS,
    )


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder holding every bad file of FILES."""
    where = tmp_path_factory.mktemp("bad")
    for name, text in FILES.items():
        encoding = "latin-1" if name == "latin1.json" else "utf-8"
        (where / name).write_text(text, encoding=encoding)
    return where


@pytest.mark.parametrize("args", CASES, ids=lambda a: " ".join(a)[:60])
def test_error_path_has_no_english(
    args: list[str], folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(folder)
    result = runner.invoke(app, [*args, "--lang", PSEUDO], env=ENV)
    assert result.exit_code in (1, 2), result.output
    assert "Traceback" not in result.output
    output = _QUOTED.sub(" ", result.output)
    assert stray_words(output, tuple(sorted(_allowed(args), key=len, reverse=True))) == []


@pytest.mark.parametrize("rules", sorted(PLAY_LINES))
def test_refused_moves_in_line_mode(rules: str) -> None:
    lines = PLAY_LINES[rules]
    args = ["play", "--seed", "9", "--players", "2", "--rules", rules, "--lang", PSEUDO]
    result = runner.invoke(app, args, input="\n".join([*lines, "quit"]) + "\n", env=ENV)
    assert result.exit_code == 0, result.output
    # the rack and the table: tiles; the typed lines come back in the prompts' echo
    output = _QUOTED.sub(" ", result.output)
    assert stray_words(output, (*sorted(lines, key=len, reverse=True), *_PRESETS, *KEYS)) == []


def test_error_paths_walked() -> None:
    """The count of bad inputs this file gives (a floor: a lost case fails here)."""
    assert len(CASES) + sum(map(len, PLAY_LINES.values())) >= 100
