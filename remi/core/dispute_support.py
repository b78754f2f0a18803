"""Which rule family answers a dispute or check file: the ``DisputeSupport`` protocol, its
registry, and loading, parsing and scoring a dispute file through it.

The core picks the preset (the file's ``rules``, or ``--rules``), applies ``[options]`` and
``--set``, and hands the rest to the ``DisputeSupport`` of the preset's family: Remi pe tablă
reads players, formations and the close (``remi.variants.remi_pe_tabla.disputes``); the Rummikub-style family
reads the racks only (``remi.variants.rummikub.disputes``). A family hands its support over as
``Variant.disputes``; the core never imports a family.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from remi.core.disputefile import (
    DEFAULT_PRESET,
    Dispute,
    DisputeError,
    DisputeSupport,
    because,
    read_toml,
    show,
    typed,
)
from remi.core.errors import RulesError, Told, UnknownVariantError
from remi.core.messages import N_
from remi.core.presets import load_rules
from remi.core.reports import MeldReport, OpeningReport
from remi.core.rulespec import RuleSet
from remi.core.scoring import PlayerScore
from remi.core.variant import variant_for_rules

__all__ = [
    "dispute_support",
    "load_dispute",
    "load_preset",
    "meld_report",
    "opening_report",
    "parse_dispute",
    "score_dispute",
]


def dispute_support(rules: RuleSet, key: str = "rules") -> DisputeSupport:
    """The ``DisputeSupport`` of the family of ``rules`` (``Variant.disputes``).

    Raises:
        DisputeError: naming ``key`` when the family is not registered.
    """
    try:
        return variant_for_rules(rules).disputes
    except UnknownVariantError as exc:
        raise DisputeError(key, because(exc), rules.name) from None


def meld_report(text: str, rules: RuleSet) -> MeldReport:
    """Check one formation written in notation (``"R3 J R5"``, ``"[K12 K13 K1]"``) with the
    ``DisputeSupport`` of the rules' family.

    Raises:
        NotationError: bad tile notation (bad input, not an invalid formation).
    """
    return dispute_support(rules, "--rules").meld_report(text, rules)


def opening_report(text: str, rules: RuleSet) -> OpeningReport:
    """Check whether the formations in ``text`` (``"[R5 R6 R7] [R10 Y10 B10]"``) make a valid
    opening (etalare, or the family's first meld) with the rules' family.

    Raises:
        NotationError: bad notation (bad input).
    """
    return dispute_support(rules, "--rules").opening_report(text, rules)


def load_preset(
    data: Mapping[str, Any], rules: str | None, overrides: Mapping[str, Any] | None
) -> RuleSet:
    """The file's preset of any family (or ``rules``, from ``--rules``), then its ``[options]``,
    then ``overrides`` (``--set``).

    Raises:
        DisputeError: an unknown preset, a ``rules`` that is not a string, an ``[options]``
            value that is a table, an array, a float or a date.
        RulesError: an unknown rule id or a bad value in ``[options]`` or ``overrides``.
    """
    if rules is not None:
        name, key = rules, "--rules"
    else:
        name, key = typed(data, "rules", "rules", str, DEFAULT_PRESET), "rules"
    try:
        loaded = load_rules(name)
    except (UnknownVariantError, RulesError) as exc:
        raise DisputeError(key, because(exc), name) from None
    options = typed(data, "options", "options", dict, {})
    for rule_id, value in options.items():
        if isinstance(value, (dict, list)):
            raise DisputeError(
                f"options.{rule_id}", Told(N_("error.dispute.single_value"), got=show(value)), value
            )
        if not isinstance(value, (bool, int, str)):  # a float or a date: no rule takes one
            raise DisputeError(
                f"options.{rule_id}",
                Told(N_("error.dispute.option_type"), got=show(value)),
                value,
            )
    result = loaded.with_overrides(options, "options") if options else loaded
    if overrides:
        result = result.with_overrides(overrides, "--set")
    return result


def load_dispute(
    path: str | Path, *, rules: str | None = None, overrides: Mapping[str, Any] | None = None
) -> Dispute:
    """Read and validate a dispute file.

    Args:
        path: the TOML file.
        rules: a preset name or rule file that replaces the file's ``rules`` (``--rules``).
        overrides: rule id -> value applied after the file's ``[options]`` (``--set``).

    Raises:
        DisputeError: any problem, naming the file, the key and the value (see
            ``parse_dispute``).
        RulesError: an unknown rule id or a bad value in ``[options]`` or ``--set``.
    """
    data = read_toml(path)  # its errors name the file already
    try:
        return parse_dispute(data, source=str(path), rules=rules, overrides=overrides)
    except DisputeError as exc:
        raise exc.in_file(path) from None


def parse_dispute(
    data: Mapping[str, Any],
    *,
    source: str = "<dispute>",
    rules: str | None = None,
    overrides: Mapping[str, Any] | None = None,
) -> Dispute:
    """Validate the parsed TOML of a dispute file: the preset (``load_preset``), then the
    family's ``DisputeSupport.parse_dispute``.

    Raises:
        DisputeError: naming the key and value; with ``--rules`` of another family than the
            file's own, a top-level key that family does not know is reported as such
            (key ``--rules``).
        RulesError: an unknown rule id or bad value in ``[options]`` or ``overrides``.
    """
    loaded = load_preset(data, rules, overrides)
    support = dispute_support(loaded, "--rules" if rules is not None else "rules")
    try:
        return support.parse_dispute(data, loaded, source)
    except DisputeError as exc:
        if rules is None or exc.key not in data:
            raise
        try:
            own = load_preset(data, None, None)
        except (DisputeError, RulesError):
            raise exc from None
        if own.family == loaded.family:
            raise
        family = own.family.capitalize()
        raise DisputeError(
            "--rules",
            Told(
                N_("error.dispute.family"),
                preset=repr(loaded.name),
                family=repr(loaded.family),
                file_family=family,
                found=repr(exc.key),
            ),
            rules,
        ) from None


def score_dispute(dispute: Dispute) -> tuple[PlayerScore, ...]:
    """Score a dispute with its family's ``DisputeSupport.score_dispute``: one explained
    ``PlayerScore`` per player, in file order.

    Raises:
        DisputeError: the family registered no dispute support.
    """
    return dispute_support(dispute.rules).score_dispute(dispute)
