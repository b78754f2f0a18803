"""The dispute checker's public names: dispute files for ``remi score``, check files and
reports for ``remi check``, with the built-in Remi family's support registered.

The parts every family shares live in ``remi.disputefile`` (reading a dispute file, typed keys,
``DisputeError``, the ``Dispute`` value), ``remi.dispute_support`` (the ``DisputeSupport``
registry, ``load_dispute``, ``score_dispute``),
``remi.reports`` (``MeldReport``, ``OpeningReport``, ``MatchReport``) and ``remi.checkfiles``
(``CheckCase``, ``run_check``); each family answers through its ``DisputeSupport``: Remi pe
tablă in ``remi.remi_disputes`` (imported here, so it registers), the Rummikub-style family in
``remi.variants.rummikub.disputes`` (registered when that variant is loaded).
"""

from __future__ import annotations

from remi import remi_disputes as _remi_disputes  # registers family "remi"
from remi.checkfiles import (
    CheckCase,
    expectation_misses,
    load_check_file,
    parse_check,
    run_check,
)
from remi.dispute_support import (
    DisputeSupport,
    dispute_support,
    load_dispute,
    parse_dispute,
    register_dispute_support,
    score_dispute,
)
from remi.disputefile import (
    DEFAULT_PRESET,
    Dispute,
    DisputeError,
    read_toml,
)
from remi.reports import (
    MatchReport,
    MeldReport,
    OpeningReport,
    check_formations_report,
    joly_identity_text,
    refuse_overuse,
)
from remi.rules import RuleSet

__all__ = [
    "DEFAULT_PRESET",
    "CheckCase",
    "Dispute",
    "DisputeError",
    "DisputeSupport",
    "MatchReport",
    "MeldReport",
    "OpeningReport",
    "REMI_DISPUTES",
    "check_formations_report",
    "dispute_support",
    "expectation_misses",
    "joly_identity_text",
    "load_check_file",
    "load_dispute",
    "meld_report",
    "opening_report",
    "parse_check",
    "parse_dispute",
    "read_toml",
    "refuse_overuse",
    "register_dispute_support",
    "run_check",
    "score_dispute",
]

#: The built-in Remi family's support (imported for its registration).
REMI_DISPUTES = _remi_disputes.REMI_DISPUTES


def meld_report(text: str, rules: RuleSet) -> MeldReport:
    """Check one formation written in notation (``"R3 J R5"``, ``"[K12 K13 K1]"``) with the
    ``DisputeSupport`` of the rules' family.

    Raises:
        NotationError: bad tile notation (bad input, not an invalid formation).
        DisputeError: the family has no dispute support (key ``--rules``).
    """
    return dispute_support(rules, "--rules").meld_report(text, rules)


def opening_report(text: str, rules: RuleSet) -> OpeningReport:
    """Check whether the formations in ``text`` (``"[R5 R6 R7] [R10 Y10 B10]"``) make a valid
    opening (etalare, or the family's first meld) with the rules' family.

    Raises:
        NotationError: bad notation (bad input).
        DisputeError: the family has no dispute support (key ``--rules``).
    """
    return dispute_support(rules, "--rules").opening_report(text, rules)
