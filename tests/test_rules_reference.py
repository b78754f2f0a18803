"""docs/rules.md is the rules reference the code and the documents cite.

Every rule id (of both rule-set classes and of every preset file) is stated there; every section
the package cites exists there; the source of each rule id agrees with the index of docs/rules.md
(§6) and with rules/README.md; and nothing cites the rules files the project does not ship.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from remi.core.rulespec import RuleSet, RuleSpec, rule_specs
from remi.variants.remi_pe_tabla.rules import RemiRules
from remi.variants.rummikub.rules import RummikubRules

ROOT = Path(__file__).resolve().parent.parent
RULES_MD = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
RULES_README = (ROOT / "rules" / "README.md").read_text(encoding="utf-8")

FAMILIES: dict[str, type[RuleSet]] = {"remi": RemiRules, "rummikub": RummikubRules}

#: Citations of files the project does not ship: the old rules reference (its numbered project
#: decisions, its sections lettered A to F, the seed texts) and the house style file.
UNSHIPPED = re.compile(r"PD [0-9]|§ ?[A-F]\.?[0-9]|REFERENCE\.md|STYLE\.md|seed 00[0-2]")

#: A section heading of docs/rules.md: "## 1. Remi pe tablă" is §1, "### 1.5 Opening" is §1.5.
HEADING = re.compile(r"^#{2,3} ([0-9]+(?:\.[0-9]+)?)\.? ", re.MULTILINE)
#: A section number after "§".
SECTION = re.compile(r"§([0-9]+(?:\.[0-9]+)?)")
#: "docs/rules.md §1.5, §3.4" or "docs/rules.md §1.9–§1.13": the file and its list of sections.
CITATION = re.compile(r"docs/rules\.md((?:[\s,–-]*§[0-9]+(?:\.[0-9]+)?)+)")


def _sections() -> set[str]:
    return set(HEADING.findall(RULES_MD))


def _text_files(*tops: str) -> list[Path]:
    """Every file under the given folders (or the given files) of the repository, sorted."""
    out: list[Path] = []
    for top in tops:
        path = ROOT / top
        if path.is_file():
            out.append(path)
            continue
        out.extend(
            p
            for p in path.rglob("*")
            if p.is_file() and "__pycache__" not in p.parts and p.suffix != ".pyc"
        )
    return sorted(out)


def _rel(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def _specs() -> list[tuple[str, RuleSpec]]:
    return [(family, spec) for family, cls in FAMILIES.items() for spec in rule_specs(cls)]


def _index() -> dict[str, dict[str, str]]:
    """The index of docs/rules.md (§6): per family, per rule id, ``docs/rules.md <stated in>,
    <reading>`` (the reading left out when it is "—")."""
    index: dict[str, dict[str, str]] = {}
    family = ""
    for line in RULES_MD.split("## 6. Index of rule ids", 1)[1].splitlines():
        if line.startswith("### "):
            family = re.findall(r"family `([a-z]+)`", line)[0]
            continue
        row = re.match(r"\| `([a-z0-9_.]+)` \| [^|]+ \| ([^|]+) \| ([^|]+) \|", line)
        if row:
            stated, reading = row[2].strip(), row[3].strip()
            source = f"docs/rules.md {stated}" + ("" if reading == "—" else f", {reading}")
            index.setdefault(family, {})[row[1]] = source
    return index


def _readme_rows(family: str) -> dict[str, list[str]]:
    """The option rows of rules/README.md for ``family``, by rule id: their cells."""
    part = RULES_README.split(f"## Family `{family}`", 1)[1].split("\n## ", 1)[0]
    rows: dict[str, list[str]] = {}
    for line in part.splitlines():
        row = re.match(r"\| `([a-z0-9_.]+)` \|", line)
        if row and line.count("|") == 10:
            rows[row[1]] = [cell.strip() for cell in line.strip().strip("|").split("|")]
    return rows


@pytest.mark.parametrize(
    "family,spec", _specs(), ids=lambda x: x if isinstance(x, str) else x.rule_id
)
def test_rule_id_stated_in_rules_md(family: str, spec: RuleSpec) -> None:
    assert f"`{spec.rule_id}`" in RULES_MD, f"{family} {spec.rule_id} is not in docs/rules.md"


def test_every_preset_key_stated_in_rules_md() -> None:
    keys = set()
    for path in sorted((ROOT / "rules").glob("*.toml")):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        for section, table in data.items():
            if isinstance(table, dict):
                keys.update(f"{section}.{key}" for key in table)
    assert len(keys) > 50
    missing = sorted(k for k in keys if f"`{k}`" not in RULES_MD)
    assert not missing, f"preset keys not in docs/rules.md: {missing}"


@pytest.mark.parametrize(
    "family,spec", _specs(), ids=lambda x: x if isinstance(x, str) else x.rule_id
)
def test_rule_source_follows_the_index(family: str, spec: RuleSpec) -> None:
    """The source of a rule id is the section that states it and the reading behind it, as the
    index of docs/rules.md (§6) lists them; rules/README.md shows the same source."""
    assert spec.source == _index()[family][spec.rule_id]
    assert _readme_rows(family)[spec.rule_id][-1] == spec.source


def test_sections_cited_in_the_package_exist() -> None:
    """Every section the package cites (``docs/rules.md §1.5, §3.4`` in rule sources, docstrings
    and messages, and every further § number beside it) is a heading of docs/rules.md."""
    sections = _sections()
    assert {"0.1", "1", "1.5", "3.29", "4.3"} <= sections
    cited: dict[str, set[str]] = {}
    citations = 0
    for path in _text_files("remi"):
        text = path.read_text(encoding="utf-8", errors="replace")
        citations += len(CITATION.findall(text))
        for number in SECTION.findall(text):
            cited.setdefault(number, set()).add(_rel(path))
    assert citations > 100
    missing = {n: sorted(files) for n, files in cited.items() if n not in sections}
    assert not missing, f"sections not in docs/rules.md: {missing}"


def test_sections_cited_in_the_documents_exist() -> None:
    """Every ``docs/rules.md §N.M`` (and the sections listed after it) in the documents, the
    presets and the examples names a heading of docs/rules.md."""
    sections = _sections()
    missing: dict[str, list[str]] = {}
    for path in _text_files("docs", "rules", "README.md", "examples"):
        text = path.read_text(encoding="utf-8", errors="replace")
        for cited in CITATION.findall(text):
            for number in SECTION.findall(cited):
                if number not in sections:
                    missing.setdefault(_rel(path), []).append(number)
    assert not missing, f"sections not in docs/rules.md: {missing}"


def test_no_citation_of_unshipped_files() -> None:
    """The package, its documents, rules, tests, benchmarks, examples and fuzz targets cite only
    what the project ships (docs/rules.md sections and rule ids)."""
    found = [
        _rel(p)
        for p in _text_files(
            "remi", "docs", "rules", "README.md", "tests", "benchmarks", "examples", "fuzz"
        )
        if p.name != "test_rules_reference.py"
        and UNSHIPPED.search(p.read_text(encoding="utf-8", errors="replace"))
    ]
    assert not found, (
        f"cite docs/rules.md (sections, rule ids) instead of unshipped files in: {found}"
    )


# --- the Romanian translation, docs/rules.ro.md ---------------------------------------------

RULES_RO = (ROOT / "docs" / "rules.ro.md").read_text(encoding="utf-8")
#: a rule id in backquotes: `opening.min_points`
RULE_ID = re.compile(r"`([a-z][a-z0-9_]*(?:\.[a-z0-9_]+)+)`")


def test_romanian_rules_have_the_same_sections() -> None:
    """docs/rules.ro.md translates docs/rules.md section by section: the same numbers, in order."""
    assert HEADING.findall(RULES_RO) == HEADING.findall(RULES_MD)


def test_romanian_rules_state_every_rule_id() -> None:
    """Every rule id of docs/rules.md (and of the rule specs) is in docs/rules.ro.md, and the
    translation names no id the reference does not."""
    english, romanian = set(RULE_ID.findall(RULES_MD)), set(RULE_ID.findall(RULES_RO))
    specs = {spec.rule_id for _, spec in _specs()}
    assert specs <= romanian
    assert english - romanian == set()
    assert romanian - english == set()


def test_romanian_rules_per_section_ids() -> None:
    """Each section of the translation states the same rule ids as the same section of the
    reference (a translated table keeps every row)."""

    def per_section(text: str) -> dict[str, set[str]]:
        out: dict[str, set[str]] = {}
        parts = re.split(r"^(#{2,3} [0-9]+(?:\.[0-9]+)?)", text, flags=re.MULTILINE)
        for head, body in zip(parts[1::2], parts[2::2]):
            out[head.split()[1].rstrip(".")] = set(RULE_ID.findall(body))
        return out

    assert per_section(RULES_RO) == per_section(RULES_MD)


def test_romanian_rules_use_comma_below() -> None:
    """ș and ț with the comma below (U+0219, U+021B), never the cedilla forms ş ţ."""
    assert not set(RULES_RO) & set("şţŞŢ")
