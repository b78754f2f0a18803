"""CLI: ``remi score`` and ``remi check meld|opening|file`` (CliRunner): the numbers of
docs/rules.md §4, JSON shape, option changes touching exactly the right lines, and bad input
(exit 2, one line, no traceback)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from clikit import assert_bad_input, json_of, lines, points
from test_disputes import BAD_FILES, EXAMPLES, EXPECTED, _bad_text
from typer.testing import CliRunner

from remi.cli import app

runner = CliRunner()


def run(*args: str) -> Any:
    return runner.invoke(app, list(args))


def score_json(path: Path | str, *extra: str, code: int = 0) -> dict[str, Any]:
    result = run("score", str(path), "--json", *extra)
    assert result.exit_code == code, result.output
    return json_of("score", result)


@pytest.mark.parametrize("stem", sorted(EXPECTED))
def test_cli_score_examples_json(stem: str) -> None:
    data = score_json(EXAMPLES / f"{stem}.toml")
    assert set(data) - {"expect", "expect_met"} == {"rules", "hand", "scores"}
    if "expect" in data:  # the file's [expect] table holds: exit 0
        assert data["expect_met"] is True
        assert all(e["met"] and e["got"] == e["expected"] for e in data["expect"])
        assert {e["name"]: e["got"] for e in data["expect"]}.items() <= points(data).items()
    assert data["rules"]["preset"] == "remi-pe-tabla"
    assert points(data) == EXPECTED[stem]
    assert [s["seat"] for s in data["scores"]] == list(range(1, len(data["scores"]) + 1))
    for score in data["scores"]:
        assert all(set(line) == {"rule", "points", "parts", "text"} for line in score["lines"])
        assert sum(line["points"] for line in score["lines"]) == score["points"]


def test_cli_score_table_output() -> None:
    result = run("score", str(EXAMPLES / "RF-1.toml"))
    assert result.exit_code == 0
    for needle in ("scoring.closing_bonus", "Totals", "155", "-15", "scoring.values"):
        assert needle in result.stdout


def test_cli_score_rules_option_overrides_file() -> None:
    data = score_json(EXAMPLES / "RF-1.toml", "--rules", "rummy-45")
    assert data["rules"]["preset"] == "rummy-45" and points(data) == {"A": 155, "B": -15}


def _lines(data: dict[str, Any]) -> dict[str, list[tuple[str, int]]]:
    return {name: [(ln["rule"], ln["points"]) for ln in got] for name, got in lines(data).items()}


def _diff(before: dict[str, Any], after: dict[str, Any]) -> set[tuple[str, str]]:
    """(player, rule id) of every line that differs between two --json outputs."""
    out = set()
    b, a = _lines(before), _lines(after)
    for name in b:
        for old, new in zip(b[name], a[name], strict=True):
            if old != new:
                out.add((name, old[0]))
    return out


@pytest.mark.parametrize(
    ("stem", "setting", "changed"),
    [
        ("RF-1", "scoring.closing_bonus=20", {("A", "scoring.closing_bonus")}),
        ("RF-5", "scoring.joly_close_multiplier=3", {("A", "scoring.joly_close_multiplier")}),
        ("RF-3", "scoring.non_opener=flat", {("C", "scoring.non_opener")}),
        ("RF-1", "scoring.value_ace=15", {("A", "scoring.values"), ("B", "scoring.values")}),
        ("RF-6", "atu.bonus_points=25", {("B", "atu.bonus_points")}),
        ("RF-12", "scoring.value_high=20", {("A", "scoring.values"), ("D", "layoff.credit")}),
        ("joly-swap", "scoring.swapped_joly_points=0", {("A", "scoring.swapped_joly_points")}),
        ("RF-4", "announce.penalty_points=200", {("D", "announce.penalty_points")}),
    ],
)
def test_cli_score_set_changes_exactly_its_lines(
    stem: str, setting: str, changed: set[tuple[str, str]]
) -> None:
    path = EXAMPLES / f"{stem}.toml"
    before, after = score_json(path), score_json(path, "--set", setting)
    assert _diff(before, after) == changed


def test_cli_score_options_table_changes_exactly_its_lines(tmp_path: Path) -> None:
    """The same option given in the file's [options] table, and --set overriding it."""
    text = (EXAMPLES / "RF-5.toml").read_text()
    path = tmp_path / "rf5.toml"
    path.write_text(
        text.replace(
            'rules = "remi-pe-tabla"',
            'rules = "remi-pe-tabla"\n[options]\n"scoring.joly_close_doubles" = "everyone"',
        )
    )
    # the edited file's own [expect] (B = -15) no longer holds under its new [options]: exit 1
    before, after = score_json(EXAMPLES / "RF-5.toml"), score_json(path, code=1)
    assert after["expect_met"] is False
    assert [(e["name"], e["expected"], e["got"], e["met"]) for e in after["expect"]] == [
        ("A", 310, 310, True),
        ("B", -15, -30, False),
    ]
    assert points(after) == {"A": 310, "B": -30}
    assert len(lines(after)["B"]) == len(lines(before)["B"]) + 1
    assert lines(after)["B"][-1]["rule"] == "scoring.joly_close_multiplier"
    assert _lines(after)["A"] == _lines(before)["A"]
    assert points(score_json(path, "--set", "scoring.joly_close_doubles=none")) == {
        "A": 155,
        "B": -15,
    }


def test_cli_score_set_multiplier_lines_rf7() -> None:
    data = score_json(EXAMPLES / "RF-7-joly-close.toml")
    assert points(data) == {"A": 620, "B": -30}
    assert [ln["rule"] for ln in lines(data)["A"]][-2:] == [
        "scoring.joly_close_multiplier",
        "atu.doubles_if_ace_or_joly",
    ]
    off = score_json(EXAMPLES / "RF-7-joly-close.toml", "--set", "atu.doubles_if_ace_or_joly=false")
    assert points(off) == {"A": 310, "B": -15}


# ---------------------------------------------------------------------------------------------
# check meld / opening / file


def check_json(*args: str) -> tuple[int, dict[str, Any]]:
    result = run("check", *args, "--json")
    return result.exit_code, json_of(f"check {args[0]}", result)


def test_cli_check_meld_valid() -> None:
    code, data = check_json("meld", "R3 J R5")
    assert code == 0
    assert data == {
        "check": "meld",
        "rules": {"preset": "remi-pe-tabla", "family": "remi", "overrides": {}},
        "valid": True,
        "formation": {"notation": "[R3 J R5]", "kind": "run"},
        "jokers": ["R4"],
        "opening_points": 15,
        "final_points": 60,
        "readings": [],
        "reason": None,
    }
    code, data = check_json("meld", "K12 K13 K1")
    assert (code, data["opening_points"], data["final_points"]) == (0, 30, 45)  # RF-9
    code, data = check_json("meld", "R1 Y1 B1")
    assert (data["formation"]["kind"], data["opening_points"], data["final_points"]) == (
        "set",
        75,
        75,
    )
    code, data = check_json("meld", "R5 Y5 J")
    assert data["jokers"] == ["B5 or K5"]


def test_cli_check_meld_invalid_re8() -> None:
    code, data = check_json("meld", "B13 B1 B2")
    assert code == 1
    reason = data["reason"]
    assert data["valid"] is False and reason["rule"] == "run.no_wrap"
    assert "13-1-2" in reason["message"] and reason["text"] == reason["message"]
    code, data = check_json("meld", "R9 J J")
    assert code == 1 and data["reason"]["rule"] == "joly.identity" and len(data["readings"]) == 2
    result = run("check", "meld", "B13 B1 B2")
    assert result.exit_code == 1 and "run.no_wrap" in result.stdout


@pytest.mark.parametrize(
    ("formations", "valid", "points", "rule", "extra"),
    [
        ("[R5 R6 R7] [R10 Y10 B10]", True, 45, None, ()),  # RE-1
        ("[K12 K13 K1] [B7 B8 B9]", True, 45, None, ()),  # RE-2
        ("[R1 R2 R3] [Y9 B9 K9] [R10 R11 R12]", True, 60, None, ()),  # RE-3
        ("[R10 Y10 B10] [R13 Y13 K13]", False, 60, "opening.needs_run", ()),  # RE-4
        ("[R1 Y1 B1]", True, 75, None, ()),  # RE-5
        ("[R1 Y1 B1]", False, 75, "opening.needs_run", ("--rules", "rummy-45")),  # RE-5 strict
        ("[R2 R3 R4 R5] [R9 Y9 B9 K9]", False, 40, "opening.min_points", ()),  # RE-7
        ("[R2 R3 R4 R5] [R9 Y9 B9 K9]", False, 40, "opening.min_points", ("--rules", "remi-50")),
    ],
)
def test_cli_check_opening_re(
    formations: str, valid: bool, points: int, rule: str | None, extra: tuple[str, ...]
) -> None:
    code, data = check_json("opening", formations, *extra)
    assert code == (0 if valid else 1)
    assert (data["valid"], data["points"]) == (valid, points)
    assert (data["reason"] or {}).get("rule") == rule
    if not valid:
        assert data["reason"]["message"] and data["reason"]["text"]


def test_cli_check_opening_invalid_formation_re8() -> None:
    code, data = check_json("opening", "[R5 R6 R7] [B13 B1 B2]")
    assert code == 1 and data["reason"]["rule"] == "run.no_wrap"


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("R[EF]-*.toml")), ids=lambda p: p.stem)
def test_cli_example_files_from_cli(path: Path) -> None:
    text = path.read_text()
    if "kind = " in text:
        result = run("check", "file", str(path), "--json")
        data = json_of("check file", result)
        expect_valid = "expect_valid = true" in text
        if data["check"] == "match":
            assert data["winner"] == {"seat": 1, "name": "A"} and result.exit_code == 0
        else:
            assert data["valid"] is expect_valid
            assert result.exit_code == (0 if expect_valid else 1)
    else:
        assert points(score_json(path)) == EXPECTED[path.stem]


def test_cli_check_file_match_rf13(tmp_path: Path) -> None:
    result = run("check", "file", str(EXAMPLES / "RF-13.toml"))
    assert result.exit_code == 0 and "winner: A" in result.stdout
    tie = tmp_path / "tie.toml"
    tie.write_text('kind = "match"\n[totals]\nA = 1065\nB = 1065\n')
    result = run("check", "file", str(tie), "--json")
    assert result.exit_code == 1 and json_of("check file", result)["winner"] is None


# ---------------------------------------------------------------------------------------------
# bad input


@pytest.mark.parametrize(
    ("what", "change", "needle", "exc"), BAD_FILES, ids=[b[0] for b in BAD_FILES]
)
def test_cli_score_bad_files(tmp_path: Path, what: str, change: Any, needle: str, exc: Any) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(_bad_text(change))
    assert_bad_input(run("score", str(path)))
    assert needle in run("score", str(path)).stderr
    result = run("score", str(path), "--json")
    error = assert_bad_input(result, json_out=True)
    json_of("score", result)
    assert needle in error["message"]


@pytest.mark.parametrize(
    "args",
    [
        ("score", "/no/such/file.toml"),
        ("score", str(EXAMPLES / "RF-1.toml"), "--rules", "remi-99"),
        ("score", str(EXAMPLES / "RF-1.toml"), "--set", "scoring.closing_bonus=lots"),
        ("score", str(EXAMPLES / "RF-1.toml"), "--set", "scoring.nope=1"),
        ("score", str(EXAMPLES / "RF-1.toml"), "--set", "no-equals-sign"),
        ("check", "meld", "R3 X4 R5"),
        ("check", "meld", "R3 R4 R5", "--rules", "remi-99"),
        ("check", "opening", "[R3 R4 R5"),
        ("check", "opening", "[R3 R4 R5] [K1 Y1 B1]", "--rules", "nope"),
        ("check", "file", "/no/such/check.toml"),
    ],
)
def test_cli_bad_input_exit_2(args: tuple[str, ...]) -> None:
    assert_bad_input(run(*args))
    result = run(*args, "--json")
    assert_bad_input(result, json_out=True)
    json_of(" ".join(args[:2]) if args[0] == "check" else args[0], result)


def test_cli_check_file_bad(tmp_path: Path) -> None:
    for text in (
        'kind = "poker"\n',
        'kind = "meld"\ntiles = 5\n',
        'kind = "meld"\ntiles = "R3 X4"\n',
        'kind = "opening"\n',
        'kind = "meld"\ntiles = "R3 R4 R5"\nextra = 1\n',
    ):
        path = tmp_path / "c.toml"
        path.write_text(text)
        assert_bad_input(run("check", "file", str(path)))
        result = run("check", "file", str(path), "--json")
        assert_bad_input(result, json_out=True)
        json_of("check file", result)


def test_cli_score_expect_table_compared(tmp_path: Path) -> None:
    """[expect] is checked against the file's own rules: a wrong claim exits 1 and says which
    player differs; under --set the claim is not compared (exit 0)."""
    text = (EXAMPLES / "RF-4.toml").read_text()
    assert "A = 155" in text
    path = tmp_path / "claim.toml"
    path.write_text(text.replace("A = 155", "A = 150"))
    result = run("score", str(path))
    assert result.exit_code == 1
    assert "[expect] A: 150 points, scored 155: differs" in result.stdout
    assert "[expect] D: -500 points, scored -500: as expected" in result.stdout
    data = score_json(path, code=1)
    assert data["expect_met"] is False
    overridden = run("score", str(path), "--set", "announce.penalty_points=200")
    assert overridden.exit_code == 0
    assert "not compared" in overridden.stdout


@pytest.mark.parametrize("preset", ["remi-pe-tabla", "rummikub"])
@pytest.mark.parametrize(
    ("command", "text"),
    [("meld", "R5 R5 R5"), ("opening", "[R5 R6 R7] [R5 R6 R7] [R5 R6 R7]")],
)
def test_cli_check_refuses_more_copies_than_the_set_holds(
    preset: str, command: str, text: str
) -> None:
    """docs/rules.md §0.1: two copies of each numbered tile; three R5 are bad input (exit 2), not a
    valid 45-point opening."""
    result = run("check", command, text, "--rules", preset)
    assert result.exit_code == 2
    assert "R5 appears 3 times; the 106-tile set holds it 2 times" in result.output


def test_cli_solve_opening_caps_the_rack() -> None:
    """A 106-tile "rack" is refused at once (exit 2) instead of searching for minutes."""
    from remi.core.tiles import FULL_SET

    result = run("solve", "opening", " ".join(map(str, sorted(FULL_SET))))
    assert result.exit_code == 2
    assert "the rack holds 106 tiles; solve opening takes at most 40" in result.output


def test_cli_check_file_compares_its_claims(tmp_path: Path) -> None:
    """expect_* claims are compared with the answer: a wrong one exits 1 even for a valid
    opening (RE-1: 45 points, docs/rules.md §4.1), and says what was found."""
    text = (EXAMPLES / "RE-1.toml").read_text()
    assert "expect_points = 45" in text
    path = tmp_path / "claim.toml"
    path.write_text(text.replace("expect_points = 45", "expect_points = 50"))
    result = run("check", "file", str(path))
    assert result.exit_code == 1
    assert "expect_points = 50: differs: 45" in result.stdout
    assert "expect_valid = true: as expected" in result.stdout
    data = json_of("check file", run("check", "file", str(path), "--json"))
    assert data["expect_met"] is False and data["valid"] is True
    assert {e["claim"]: (e["expected"], e["got"], e["met"]) for e in data["expect"]} == {
        "valid": (True, True, True),
        "points": (50, 45, False),
    }
    assert run("check", "file", str(EXAMPLES / "RE-1.toml")).exit_code == 0


@pytest.mark.parametrize(
    ("totals", "code", "reason"),
    [
        (
            "A = 1200\nB = 1200",
            1,
            "reason: A and B tie for the highest total, 1200: play another hand",
        ),
        ("A = 900\nB = 800", 1, "reason: no total reaches 1000 yet: play another hand"),
        ("A = 1065\nB = 990", 0, "reason: A has the single highest total, 1065, at or above 1000"),
    ],
)
def test_cli_check_match_says_why_match_target_points(
    tmp_path: Path, totals: str, code: int, reason: str
) -> None:
    """A match check says why there is (no) winner (docs/rules.md §1.13, RF-13): a tie for the highest total
    or no total at the target means another hand; booleans are spelled as in the file."""
    path = tmp_path / "match.toml"
    path.write_text(f'kind = "match"\n[totals]\n{totals}\n')
    result = run("check", "file", str(path))
    assert result.exit_code == code
    assert reason in result.stdout
    data = json_of("check file", run("check", "file", str(path), "--json"))
    assert data["reason"]["message"] == reason.removeprefix("reason: ")
    assert data["reason"]["rule"] == "match.target_points"
