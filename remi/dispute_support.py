"""Which rule family answers a dispute or check file: the ``DisputeSupport`` protocol, its
registry, and loading, parsing and scoring a dispute file through it.

The core picks the preset (the file's ``rules``, or ``--rules``), applies ``[options]`` and
``--set``, and hands the rest to the ``DisputeSupport`` of the preset's family: Remi pe tablă
reads players, formations and the close (``remi.remi_disputes``); the Rummikub-style family
reads the racks only (``remi.variants.rummikub.disputes``). A family registers its support with
``register_dispute_support`` when its module is imported; the core never imports a family.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any, Protocol

from remi.disputefile import Dispute, DisputeError, load_preset, read_toml
from remi.errors import RulesError
from remi.reports import MatchReport, MeldReport, OpeningReport
from remi.rules import RuleSet
from remi.scoring import PlayerScore

__all__ = [
    "DisputeSupport",
    "dispute_support",
    "load_dispute",
    "parse_dispute",
    "register_dispute_support",
    "score_dispute",
]


class DisputeSupport(Protocol):
    """What a rule family provides for ``remi score`` and ``remi check``: its dispute files,
    their scoring, and the meld, opening and match questions of check files."""

    def parse_dispute(self, data: Mapping[str, Any], rules: RuleSet, source: str) -> Dispute:
        """Validate the parsed TOML of a dispute file under ``rules`` (already loaded, with
        ``[options]`` and ``--set``); ``source`` labels the ``Dispute``.

        Raises:
            DisputeError: naming the key and the value.
        """
        ...

    def score_dispute(self, dispute: Dispute) -> tuple[PlayerScore, ...]:
        """The explained scores of the hand, one per player in file order."""
        ...

    def meld_report(self, text: str, rules: RuleSet) -> MeldReport:
        """Is ``text`` one valid formation, and what is it worth.

        Raises:
            NotationError: bad tile notation.
        """
        ...

    def opening_report(self, text: str, rules: RuleSet) -> OpeningReport:
        """Would the formations in ``text`` make a valid opening (first meld).

        Raises:
            NotationError: bad notation.
        """
        ...

    def match_report(
        self, totals: Mapping[str, int], rules: RuleSet, *, hands_played: int | None
    ) -> MatchReport:
        """Who won the match with these cumulative ``totals``, in points.

        Raises:
            DisputeError: the family keeps no match (key ``kind``).
        """
        ...


_SUPPORT: dict[str, DisputeSupport] = {}


def register_dispute_support(family: str, support: DisputeSupport) -> None:
    """Make ``support`` answer the dispute and check files of rule family ``family``; a family
    module calls it when it is imported (the last registration of a family wins)."""
    _SUPPORT[family] = support


def dispute_support(rules: RuleSet, key: str = "rules") -> DisputeSupport:
    """The ``DisputeSupport`` of the family of ``rules`` (plugins are discovered first).

    Raises:
        DisputeError: naming ``key`` when the family registered none.
    """
    found = _SUPPORT.get(rules.family)
    if found is None:
        from remi.variants import discover  # the core registry: imports the plugin families

        discover()
        found = _SUPPORT.get(rules.family)
    if found is None:
        raise DisputeError(
            key,
            f"preset {rules.name!r} is of family {rules.family!r}, which has no dispute support "
            f"(families with one: {', '.join(sorted(_SUPPORT)) or 'none'})",
            rules.name,
        )
    return found


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
            f"preset {loaded.name!r} is of family {loaded.family!r}, but the file is a {family} "
            f"dispute (it has {exc.key!r}): score it under a {family} preset",
            rules,
        ) from None


def score_dispute(dispute: Dispute) -> tuple[PlayerScore, ...]:
    """Score a dispute with its family's ``DisputeSupport.score_dispute``: one explained
    ``PlayerScore`` per player, in file order.

    Raises:
        DisputeError: the family registered no dispute support.
    """
    return dispute_support(dispute.rules).score_dispute(dispute)
