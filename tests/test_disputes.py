"""remi.core.checkfiles: the example files of docs/rules.md §4, [options] precedence, and bad dispute files."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from remi.cli.messages import messages
from remi.core.checkfiles import expectation_misses, load_check_file, run_check
from remi.core.dispute_support import load_dispute, meld_report, opening_report
from remi.core.disputefile import DisputeError
from remi.core.errors import NotationError, RemiError, RulesError
from remi.core.formations import parse_formation
from remi.core.presets import load_rules
from remi.core.reports import MatchReport, MeldReport, OpeningReport, joly_identity_text
from remi.variants.remi_pe_tabla.rules import RemiRules
from remi.variants.remi_pe_tabla.scoring import score_hand

EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "disputes"
# RK-* files are Rummikub-style disputes, tested in tests/test_rummikub_examples.py.
_REMI_FILES = [p for p in EXAMPLES.glob("*.toml") if not p.stem.startswith("RK-")]
DISPUTE_FILES = sorted(
    p
    for p in _REMI_FILES
    if not p.read_text().count("\nkind = ") and not p.read_text().startswith("kind")
)
CHECK_FILES = sorted(set(_REMI_FILES) - set(DISPUTE_FILES))

# The exact numbers of docs/rules.md §4.2 (and of the constructed hands, see each file's comment).
EXPECTED = {
    "RF-1": {"A": 155, "B": -15},
    "RF-3": {"A": 155, "C": -170},
    "RF-4": {"A": 155, "D": -500},
    "RF-4-closer": {"A": -500, "D": 70},
    "RF-5": {"A": 310, "B": -15},
    "RF-6": {"A": 155, "B": 35},
    "RF-7": {"A": 310, "B": -30},
    "RF-7-joly-close": {"A": 620, "B": -30},
    "RF-8": {"A": 95, "B": -15},
    "RF-9": {"A": 275, "B": -5},
    "RF-12": {"A": 15, "D": 100},
    "RF-15": {"A": 20, "B": 95},
    "RF-15-contrast": {"A": 20, "B": -500},
    "joly-swap": {"A": 145, "B": 0},
    "pe-tabla-close": {"A": 10, "B": -35, "C": 310},
}


def scores_of(path: Path | str, **kw: Any) -> dict[str, int]:
    d = load_dispute(path, **kw)
    return {s.name: s.score for s in score_hand(d.end, d.rules)}


def test_disputes_example_inventory() -> None:
    names = {p.stem for p in EXAMPLES.glob("*.toml")}
    for n in (1, 3, 4, 5, 6, 7, 8, 9, 12, 13, 15):
        assert f"RF-{n}" in names
    for n in (1, 2, 3, 4, 5, 7, 8):  # docs/rules.md §4.1 has no RE-6
        assert f"RE-{n}" in names
    assert {p.stem for p in DISPUTE_FILES} == set(EXPECTED)


@pytest.mark.parametrize("path", DISPUTE_FILES, ids=lambda p: p.stem)
def test_disputes_example_scores(path: Path) -> None:
    assert scores_of(path) == EXPECTED[path.stem]
    assert dict(load_dispute(path).expect) == EXPECTED[path.stem]


def test_disputes_example_options() -> None:
    assert scores_of(EXAMPLES / "RF-3.toml", overrides={"scoring.non_opener": "flat"})["C"] == -100
    assert (
        scores_of(EXAMPLES / "RF-4-closer.toml", overrides={"announce.forgive_closer": True})["A"]
        == 155
    )
    assert scores_of(
        EXAMPLES / "RF-5.toml", overrides={"scoring.joly_close_doubles": "everyone"}
    ) == {"A": 310, "B": -30}
    assert (
        scores_of(EXAMPLES / "RF-5.toml", overrides={"scoring.joly_close_doubles": "none"})["A"]
        == 155
    )
    assert scores_of(EXAMPLES / "RF-6.toml", overrides={"atu.bonus_points": 25})["B"] == 10
    assert scores_of(EXAMPLES / "RF-8.toml", overrides={"scoring.stock_exhausted": "nobody"}) == {
        "A": 0,
        "B": 0,
    }
    assert scores_of(EXAMPLES / "RF-9.toml", overrides={"scoring.values": "opening"})["A"] == 200
    assert scores_of(EXAMPLES / "RF-12.toml", overrides={"layoff.credit": "owner"}) == {
        "A": 30,
        "D": 85,
    }
    assert scores_of(EXAMPLES / "joly-swap.toml", overrides={"joly.swap_credit": "owner"}) == {
        "A": 140,
        "B": 5,
    }


@pytest.mark.parametrize("path", CHECK_FILES, ids=lambda p: p.stem)
def test_disputes_check_files(path: Path) -> None:
    case = load_check_file(path)
    report = run_check(case)
    assert case.expect, "every check file states what it expects"
    assert expectation_misses(case, report) == []
    if isinstance(report, MatchReport):
        assert (report.winner or "") == case.expect["winner"]
        return
    assert report.valid is case.expect["valid"]
    if isinstance(report, OpeningReport) and "points" in case.expect:
        assert report.points == case.expect["points"]
    if "rule" in case.expect:
        assert report.rule == case.expect["rule"]


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ('kind = "meld"\ntiles = "R1 R2 R3"\nexpect_winner = "A"', "expect_winner"),
        ('kind = "meld"\ntiles = "R1 R2 R3"\nformations = "[R1 R2 R3]"', "formations"),
        (
            'kind = "opening"\nformations = "[R1 R2 R3]"\nexpect_final_points = 6',
            "expect_final_points",
        ),
        ('kind = "match"\n[totals]\nA = 10\nexpect_valid = true', "totals.expect_valid"),
        ('kind = "match"\nexpect_valid = true\n[totals]\nA = 10', "expect_valid"),
    ],
)
def test_disputes_check_file_claims_fit_the_kind(tmp_path: Path, text: str, key: str) -> None:
    """A claim or key that cannot apply to the check's kind is refused, naming it (it used to
    be reported as a miss: ``expect_winner = 'A': differs: None`` for a meld)."""
    path = tmp_path / "c.toml"
    path.write_text(text)
    with pytest.raises(DisputeError) as info:
        load_check_file(path)
    assert info.value.key == key
    assert str(info.value).startswith(f"{path}: {key}: ")


def test_disputes_re_examples_exact() -> None:
    r = load_rules()
    assert isinstance(r, RemiRules)
    expected = {
        "RE-1": (True, 45),
        "RE-2": (True, 45),
        "RE-3": (True, 60),
        "RE-4": (False, 60),
        "RE-5": (True, 75),
        "RE-5-with-sevens": (False, 90),
        "RE-5-rummy-45": (False, 75),
        "RE-7": (False, 40),
        "RE-7-min-50": (False, 40),
    }
    for stem, (valid, points) in expected.items():
        report = run_check(load_check_file(EXAMPLES / f"{stem}.toml"))
        assert isinstance(report, OpeningReport)
        assert (report.valid, report.points) == (valid, points), stem
    re8 = run_check(load_check_file(EXAMPLES / "RE-8.toml"))
    assert isinstance(re8, MeldReport) and not re8.valid and re8.rule == "run.no_wrap"


def test_disputes_meld_report() -> None:
    r = load_rules()
    assert isinstance(r, RemiRules)
    rep = meld_report("R3 J R5", r)
    assert (rep.valid, rep.kind, rep.jokers, rep.opening_points, rep.final_points) == (
        True,
        "run",
        ("R4",),
        15,
        60,
    )
    rep = meld_report("Y11 J[Y12] Y13", r)
    assert (rep.opening_points, rep.final_points) == (30, 70)  # RF-9
    rep = meld_report("R5 Y5 J", r)
    assert rep.kind == "set" and rep.jokers == ("B5 or K5",)
    amb = meld_report("R9 J J", r)
    assert not amb.valid and amb.rule == "joly.identity" and len(amb.readings) == 2
    with pytest.raises(NotationError):
        meld_report("R3 X4 R5", r)


def test_disputes_joly_identity_text() -> None:
    f = parse_formation("R5 Y5 K5 J")
    assert joly_identity_text(f, 3) == "B5"


def test_disputes_opening_report() -> None:
    r = load_rules()
    assert isinstance(r, RemiRules)
    bad = opening_report("[R5 R6 R7] [B13 B1 B2]", r)
    assert not bad.valid and bad.rule == "run.no_wrap" and bad.points is None


def test_disputes_rules_precedence(tmp_path: Path) -> None:
    text = (
        (EXAMPLES / "RF-1.toml")
        .read_text()
        .replace(
            'rules = "remi-pe-tabla"',
            'rules = "remi-pe-tabla"\n\n[options]\n"scoring.closing_bonus" = 20',
        )
    )
    path = tmp_path / "d.toml"
    path.write_text(text)
    assert scores_of(path)["A"] == 125
    assert scores_of(path, overrides={"scoring.closing_bonus": "0"})["A"] == 105  # --set wins
    d = load_dispute(path, rules="rummy-45")  # --rules replaces the file's preset
    assert d.rules.name == "rummy-45" and d.rules.scoring_closing_bonus == 20


def test_disputes_rules_of_another_family_named_as_such() -> None:
    """``--rules rummikub`` on a Remi dispute (it has formations): the error says so, instead of
    calling ``formations`` an unknown key of a Rummikub file."""
    path = EXAMPLES / "RF-1.toml"
    with pytest.raises(DisputeError) as info:
        load_dispute(path, rules="rummikub")
    assert info.value.key == "--rules"
    assert "is of family 'rummikub', but the file is a Remi dispute (it has 'formations')" in str(
        info.value
    )


BASE = """
[players.Ana]
rack = "Y4 R11"

[players.Bogdan]
rack = ""

[[formations]]
owner = "Bogdan"
tiles = "R3 R4 R5 R6 R7"
added = { Ana = "R7" }

[[formations]]
owner = "Ana"
tiles = "K2 K3 K4"

[end]
closed_by = "Bogdan"
closing_tile = "K7"
"""

# (description, replace old -> new in BASE (or a whole new text), key named in the message, exception)
BAD_FILES: list[tuple[str, tuple[str, str] | str, str, type[RemiError]]] = [
    ("malformed TOML", ("[end]", "[end"), "not valid TOML", DisputeError),
    ("rack not a string", ('rack = "Y4 R11"', "rack = 4"), "players.Ana.rack", DisputeError),
    (
        "opened not a bool",
        ('rack = ""', 'rack = ""\nopened = "yes"'),
        "players.Bogdan.opened",
        DisputeError,
    ),
    (
        "unknown player key",
        ('rack = ""', 'rack = ""\nscore = 10'),
        "players.Bogdan.score",
        DisputeError,
    ),
    ("unknown top key", "colour = 1\n" + BASE, "colour: unknown key", DisputeError),
    ("unknown owner", ('owner = "Ana"', 'owner = "Zoe"'), "formations[2].owner", DisputeError),
    (
        "unknown added player",
        ('added = { Ana = "R7" }', 'added = { Zoe = "R7" }'),
        "formations[1].added.Zoe",
        DisputeError,
    ),
    (
        "added inside a run",
        ('added = { Ana = "R7" }', 'added = { Ana = "R5" }'),
        "no 3 tiles of Bogdan's lie side by side in the run [R3 R4 R5 R6 R7] (the others are "
        "added: R5), but a run is laid with 3 in a row and lipire adds tiles only at its ends "
        "[layoff.fits]",
        DisputeError,
    ),
    (
        "laid part under three tiles",
        ('added = { Ana = "R7" }', 'added = { Ana = "R3 R6 R7" }'),
        "Bogdan laid only 2 of the tiles of [R3 R4 R5 R6 R7]; a formation is laid with at "
        "least 3 [formation.min_tiles]",
        DisputeError,
    ),
    (
        "closed_by unknown",
        ('closed_by = "Bogdan"', 'closed_by = "Zoe"'),
        "end.closed_by",
        DisputeError,
    ),
    ("bad tile", ('rack = "Y4 R11"', 'rack = "Y4 X11"'), "players.Ana.rack", DisputeError),
    (
        "too many copies",
        ('rack = "Y4 R11"', 'rack = "K2 K2"'),
        "tile K2 is used 3 times",
        DisputeError,
    ),
    ("three jolys", ('rack = "Y4 R11"', 'rack = "J J J"'), "tile J is used 3 times", DisputeError),
    (
        "invalid formation",
        ('tiles = "K2 K3 K4"', 'tiles = "K2 K3 K5"'),
        "formations[2].tiles",
        DisputeError,
    ),
    (
        "ambiguous formation",
        ('tiles = "K2 K3 K4"', 'tiles = "K9 J J"'),
        "joly.identity",
        DisputeError,
    ),
    (
        "added tile not in formation",
        ('added = { Ana = "R7" }', 'added = { Ana = "R8" }'),
        "formations[1].added.Ana",
        DisputeError,
    ),
    (
        "closer with rack tiles",
        ('[players.Bogdan]\nrack = ""', '[players.Bogdan]\nrack = "B9"'),
        "players.Bogdan.rack",
        DisputeError,
    ),
    (
        "closed_by with stock_exhausted",
        ('closing_tile = "K7"', 'closing_tile = "K7"\nstock_exhausted = true'),
        "end.closed_by",
        DisputeError,
    ),
    (
        "missing [end]",
        ('[end]\nclosed_by = "Bogdan"\nclosing_tile = "K7"', ""),
        "end",
        DisputeError,
    ),
    ("missing closing tile", ('closing_tile = "K7"', ""), "end.closing_tile", DisputeError),
    (
        "unknown rule id",
        ("[end]", '[options]\n"scoring.bonus" = 5\n[end]'),
        "scoring.bonus",
        RulesError,
    ),
    (
        "bad option value",
        ("[end]", '[options]\n"scoring.closing_bonus" = "lots"\n[end]'),
        "scoring.closing_bonus",
        RulesError,
    ),
    (
        "unknown preset",
        'rules = "remi-99"\n' + BASE,
        "rules: unknown variant or preset 'remi-99'",
        DisputeError,
    ),
    ("rules not a string", "rules = 45\n" + BASE, "rules: must be a string", DisputeError),
    (
        "atu given twice",
        'atu = "Y9"\n' + BASE.replace("[end]", '[end]\natu = "Y9"'),
        "end.atu",
        DisputeError,
    ),
    (
        "formations not an array",
        'formations = "R3 R4 R5"\n[players.Ana]\nrack = ""\n[players.Bo]\nrack = ""\n[end]\nstock_exhausted = true\n',
        "formations: must be an array",
        DisputeError,
    ),
    (
        "joly on another's formation",
        ('added = { Ana = "R7" }', 'added = { Ana = "J" }'),
        "joly.layoff_own_only",
        DisputeError,
    ),
    ("atu without atu rules", ("[end]", '[end]\natu = "Y9"'), "end.atu", DisputeError),
    (
        "non-opener with formations",
        ('[players.Ana]\nrack = "Y4 R11"', '[players.Ana]\nrack = "Y4 R11"\nopened = false'),
        "players.Ana.opened",
        DisputeError,
    ),
    (
        "too many swapped",
        ('tiles = "K2 K3 K4"', 'tiles = "K2 K3 K4"\nswapped = 1'),
        "formations[2].swapped",
        DisputeError,
    ),
    (
        "negative swapped",
        ('tiles = "K2 K3 K4"', 'tiles = "K2 K3 K4"\nswapped = -1'),
        "formations[2].swapped: must be 0 or more, got -1",
        DisputeError,
    ),
    (
        "pe tabla player who laid",
        ('[players.Ana]\nrack = "Y4 R11"', '[players.Ana]\nrack = "Y4 R11"\npe_tabla = true'),
        "players.Ana.pe_tabla",
        DisputeError,
    ),
    (
        "atu announced without atu tile",
        ('[players.Ana]\nrack = "Y4 R11"', '[players.Ana]\nrack = "Y4 R11"\natu = true'),
        "players.Ana.atu",
        DisputeError,
    ),
    (
        "closing tile not a tile",
        ('closing_tile = "K7"', 'closing_tile = "K7 K8"'),
        "end.closing_tile",
        DisputeError,
    ),
    (
        "closer never opened nor declared pe tablă",
        '[players.Ana]\nrack = "Y4"\n[players.Bob]\nrack = ""\n'
        '[end]\nclosed_by = "Bob"\nclosing_tile = "K7"\n',
        "players.Bob.opened: the closer 'Bob' neither opened nor declared pe tablă",
        DisputeError,
    ),
    (
        "one player",
        'rules = "remi-pe-tabla"\n[players.Ana]\nrack = ""\n[end]\nstock_exhausted = true\n',
        "players",
        DisputeError,
    ),
]


def _bad_text(change: tuple[str, str] | str) -> str:
    if isinstance(change, str):
        return change
    old, new = change
    assert old in BASE, old
    return BASE.replace(old, new, 1)


def test_disputes_base_file_is_valid(tmp_path: Path) -> None:
    path = tmp_path / "base.toml"
    path.write_text(BASE)
    assert scores_of(path) == {"Ana": 15 + 5 - 15, "Bogdan": 20 + 50}


@pytest.mark.parametrize(
    ("what", "change", "needle", "exc"), BAD_FILES, ids=[b[0] for b in BAD_FILES]
)
def test_disputes_bad_files(
    tmp_path: Path, what: str, change: Any, needle: str, exc: type[RemiError]
) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(_bad_text(change))
    with pytest.raises(exc) as info:
        load_dispute(path)
    message = str(info.value)
    assert needle in message
    assert "\n" not in message
    if exc is DisputeError:
        assert message.startswith(f"{path}: ")  # the file is named first


def test_dispute_announce_penalty_claimed(tmp_path: Path) -> None:
    """RF-4 under ``announce.penalty = "claim"``: D's omission is claimed unless the file says
    ``claimed = false``, and then he scores his 70 (docs/rules.md §1.14)."""
    claim = {"announce.penalty": "claim"}
    assert scores_of(EXAMPLES / "RF-4.toml", overrides=claim) == {"A": 155, "D": -500}
    text = (EXAMPLES / "RF-4.toml").read_text(encoding="utf-8")
    unclaimed = tmp_path / "RF-4-unclaimed.toml"
    unclaimed.write_text(
        text.replace("announced = false\n", "announced = false\nclaimed = false\n"),
        encoding="utf-8",
    )
    assert scores_of(unclaimed, overrides=claim) == {"A": 155, "D": 70}
    assert scores_of(unclaimed) == {"A": 155, "D": -500}  # automatic: no claim needed


#: The bad files whose error is the file's own (``DisputeError``).
BAD_DISPUTE_FILES = [b for b in BAD_FILES if b[3] is DisputeError]


@pytest.mark.parametrize(
    ("what", "change", "needle", "exc"), BAD_DISPUTE_FILES, ids=[b[0] for b in BAD_DISPUTE_FILES]
)
def test_disputes_bad_files_told_in_romanian(
    tmp_path: Path, what: str, change: Any, needle: str, exc: type[RemiError]
) -> None:
    """Every dispute-file error is told from the catalogue: in Romanian its text (after the
    file and the key, which stay as written) is not the English one."""
    path = tmp_path / "bad.toml"
    path.write_text(_bad_text(change))
    with pytest.raises(DisputeError) as info:
        load_dispute(path)
    error = info.value
    english, romanian = error.localized(messages("en")), error.localized(messages("ro"))
    assert english == str(error)
    assert romanian.startswith(f"{path}: ") and romanian != english
    assert error.detail not in romanian
