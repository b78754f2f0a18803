"""Check files for ``remi check file``: one question in TOML, answered by the rules' family.

A check file (``kind = "meld"``, ``"opening"`` or ``"match"``) holds a formation, the
formations of an opening (etalare), or a match's totals (``match.target_points``), with
optional ``expect_*`` claims that ``expectation_misses`` compares to the answer. The family of
the preset answers through its ``DisputeSupport`` (``remi.core.dispute_support.dispute_support``).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any, Final

import attrs

from remi.core.dispute_support import dispute_support, load_preset
from remi.core.disputefile import DisputeError, bad_tiles, no_unknown, read_toml, show, typed
from remi.core.errors import NotationError, Told
from remi.core.messages import N_
from remi.core.reports import MatchReport, MeldReport, OpeningReport
from remi.core.rulespec import RuleSet

__all__ = ["CheckCase", "expectation_misses", "load_check_file", "parse_check", "run_check"]

_CHECK_COMMON: Final = ("kind", "rules", "description", "options")
#: The keys each kind of check file may hold besides ``_CHECK_COMMON``: a claim that cannot
#: apply to the kind (``expect_winner`` of a meld) is refused, not reported as a miss.
_CHECK_KIND_KEYS: Final = {
    "meld": ("tiles", "expect_valid", "expect_points", "expect_final_points", "expect_rule"),
    "opening": ("formations", "expect_valid", "expect_points", "expect_rule"),
    "match": ("totals", "hands_played", "expect_winner"),
}
_CHECK_KEYS: Final = _CHECK_COMMON + tuple(
    dict.fromkeys(k for keys in _CHECK_KIND_KEYS.values() for k in keys)
)


@attrs.frozen(kw_only=True)
class CheckCase:
    """A validated check file (``remi check file``).

    Attributes:
        kind: ``"meld"``, ``"opening"`` or ``"match"``.
        rules: the rules in force (preset, ``[options]``, ``--set``).
        text: the formation (meld) or formations (opening) in notation; ``""`` for a match.
        totals: for a match, player -> cumulative points; ``hands_played``: hands so far.
        description: free text.
        expect: the file's ``expect_*`` keys without the prefix (``valid``, ``points``,
            ``final_points``, ``rule``, ``winner``): the claims ``expectation_misses`` checks.
    """

    kind: str
    rules: RuleSet
    text: str = ""
    totals: Mapping[str, int] = attrs.field(factory=dict)
    hands_played: int | None = None
    description: str = ""
    expect: Mapping[str, Any] = attrs.field(factory=dict)


def load_check_file(
    path: str | Path, *, rules: str | None = None, overrides: Mapping[str, Any] | None = None
) -> CheckCase:
    """Read and validate a check file (see ``parse_check``).

    Raises:
        DisputeError: unreadable file, bad TOML, unknown keys, wrong types, missing keys.
        RulesError: a bad ``[options]`` or ``--set`` value.
    """
    data = read_toml(path)  # its errors name the file already
    try:
        return parse_check(data, rules=rules, overrides=overrides)
    except DisputeError as exc:
        raise exc.in_file(path) from None


def parse_check(
    data: Mapping[str, Any], *, rules: str | None = None, overrides: Mapping[str, Any] | None = None
) -> CheckCase:
    """Validate the parsed TOML of a check file.

    Keys: ``kind`` ("meld" | "opening" | "match"); ``tiles`` (meld) or ``formations``
    (opening) in notation; ``[totals]`` and optional ``hands_played`` (match); ``rules``,
    ``[options]``, ``description``; ``expect_valid``, ``expect_points``,
    ``expect_final_points``, ``expect_rule``, ``expect_winner`` ("" = no winner yet).

    Raises:
        DisputeError: naming the key and value.
        RulesError: a bad ``[options]`` or ``overrides`` value.
    """
    no_unknown(data, _CHECK_KEYS, "")
    kind = typed(data, "kind", "kind", str)
    if kind not in _CHECK_KIND_KEYS:
        raise DisputeError("kind", Told(N_("error.check.kind"), got=show(kind)), kind)
    allowed = _CHECK_COMMON + _CHECK_KIND_KEYS[kind]
    for name in data:
        if name not in allowed:
            raise DisputeError(
                name,
                Told(N_("error.check.key"), kind=kind, allowed=", ".join(allowed)),
                data[name],
            )
    rr = load_preset(data, rules, overrides)
    text = ""
    totals: dict[str, int] = {}
    hands_played = None
    if kind == "meld":
        text = typed(data, "tiles", "tiles", str)
    elif kind == "opening":
        text = typed(data, "formations", "formations", str)
    else:
        raw = typed(data, "totals", "totals", dict)
        if not raw:
            raise DisputeError("totals", Told(N_("error.check.totals_empty")), raw)
        totals = {name: typed(raw, name, f"totals.{name}", int) for name in raw}
        hands_played = typed(data, "hands_played", "hands_played", int, None)
        if hands_played is not None and hands_played < 0:
            raise DisputeError(
                "hands_played",
                Told(N_("error.check.hands_played"), got=hands_played),
                hands_played,
            )
    expect: dict[str, Any] = {}
    for name, kind_t in (
        ("valid", bool),
        ("points", int),
        ("final_points", int),
        ("rule", str),
        ("winner", str),
    ):
        key = f"expect_{name}"
        if key in data:
            expect[name] = typed(data, key, key, kind_t)
    return CheckCase(
        kind=kind,
        rules=rr,
        text=text,
        totals=totals,
        hands_played=hands_played,
        description=typed(data, "description", "description", str, ""),
        expect=expect,
    )


def expectation_misses(
    case: CheckCase, report: MeldReport | OpeningReport | MatchReport
) -> list[tuple[str, Any, Any]]:
    """The file's ``expect_*`` claims that ``report`` does not bear out, as (key, expected, got)
    with the key as written (``expect_points``); empty when every claim holds.

    ``expect_points`` is an opening's points, or a formation's opening value
    (``opening.min_points``); ``expect_final_points`` a formation's end-of-hand value
    (``scoring.values``); ``expect_winner`` a match winner (``""``: none yet).
    """
    got: dict[str, Any] = {}
    if isinstance(report, MatchReport):
        got["winner"] = report.winner or ""
    else:
        got["valid"] = report.valid
        got["rule"] = report.rule
        if isinstance(report, OpeningReport):
            got["points"] = report.points
        else:
            got["points"] = report.opening_points
            got["final_points"] = report.final_points
    return [
        (f"expect_{name}", wanted, got.get(name))
        for name, wanted in case.expect.items()
        if got.get(name) != wanted
    ]


def run_check(case: CheckCase) -> MeldReport | OpeningReport | MatchReport:
    """Answer a check file with the ``DisputeSupport`` of its rules' family: a ``MeldReport``,
    an ``OpeningReport`` or a ``MatchReport``.

    Raises:
        DisputeError: bad notation in ``tiles`` / ``formations`` (naming the key); a match
            check under a family that keeps no match (key ``kind``); a family without dispute
            support (key ``rules``).
    """
    support = dispute_support(case.rules)
    if case.kind == "match":
        return support.match_report(case.totals, case.rules, hands_played=case.hands_played)
    try:
        if case.kind == "meld":
            return support.meld_report(case.text, case.rules)
        return support.opening_report(case.text, case.rules)
    except NotationError as exc:
        key = "tiles" if case.kind == "meld" else "formations"
        raise DisputeError(key, bad_tiles(exc, case.text), case.text) from None
