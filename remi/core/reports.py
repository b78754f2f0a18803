"""The answers of ``remi check``: the meld, opening and match reports every rule family gives,
and the builders they share.

A family values a formation its own way (the Remi opening and end-of-hand tables, or
Rummikub-style face values); reading the notation, refusing tiles beyond the 106-tile set, the
joly identities, and the verdict with its rule id are the same for all, here once.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

import attrs

from remi.core.errors import (
    AmbiguousFormationError,
    IllegalActionError,
    InvalidFormationError,
    Reason,
    notation_error,
)
from remi.core.formations import Formation, FormationRules, read_formation
from remi.core.handend import tile_overuse
from remi.core.messages import N_, NP_
from remi.core.notation import SlotToken, parse_formation_tokens, parse_formations_text
from remi.core.tiles import COLOURS, Tile

__all__ = [
    "MatchReport",
    "MeldReport",
    "OpeningReport",
    "check_formations_report",
    "formation_report",
    "joly_identity_text",
    "refuse_overuse",
]


def joly_identity_text(formation: Formation, index: int) -> str:
    """What the joly at ``index`` stands for: ``"R4"``, or for a joly in a 3-tile set whose
    identity is still open, every missing colour of the number: ``"Y5 or K5"``."""
    ident = formation.identities[index]
    if ident is not None:
        return str(ident)
    present = {t.colour for t in formation.tiles if not t.is_joly}
    options = [str(Tile(c, formation.number)) for c in COLOURS if c not in present]
    return options[0] if len(options) == 1 else f"{', '.join(options[:-1])} or {options[-1]}"


@attrs.frozen(kw_only=True)
class MeldReport:
    """The answer to ``remi check meld``: is it a valid formation, and what is it worth.

    Attributes:
        valid: a valid run (suită) or set (terță) under the rules.
        kind: ``"run"`` or ``"set"`` (``None`` when invalid).
        formation: the canonical notation (``None`` when invalid).
        jokers: each joly's identity, in table order (``joly_identity_text``).
        opening_points: its value toward an opening (etalare; ``opening.min_points``), in points.
        final_points: what it counts at the end of a hand (``scoring.values``), in points.
        error: why it is invalid; ``rule``: the rule id broken; ``readings``: for an ambiguous
            formation, every reading with the joly identities stated.
    """

    valid: bool
    kind: str | None = None
    formation: str | None = None
    jokers: tuple[str, ...] = ()
    opening_points: int | None = None
    final_points: int | None = None
    error: str | None = None
    rule: str | None = None
    readings: tuple[str, ...] = ()
    #: ``error`` to be told in any language (a ``Reason``), not part of the JSON
    why: Reason | str | None = attrs.field(default=None, eq=False, repr=False)

    def as_json(self) -> dict[str, Any]:
        """JSON object: valid, kind, formation, jokers, opening_points, final_points
        (+ error, rule, and readings for an ambiguous formation, when invalid)."""
        out: dict[str, Any] = {
            "valid": self.valid,
            "kind": self.kind,
            "formation": self.formation,
            "jokers": list(self.jokers),
            "opening_points": self.opening_points,
            "final_points": self.final_points,
        }
        if not self.valid:
            out["error"] = self.error
            out["rule"] = self.rule
            if self.readings:
                out["readings"] = list(self.readings)
        return out


def refuse_overuse(slots: Iterable[SlotToken], text: str) -> None:
    """Raise ``NotationError`` when the tiles written hold a tile more often than the 106-tile
    set does (two of each numbered tile, two jolys): no table can show them.

    Raises:
        NotationError: ``R3 appears 3 times; the 106-tile set holds it 2 times``.
    """
    overuse = tile_overuse(s.tile for s in slots)
    if overuse:
        tile, used, allowed = overuse[0]
        raise notation_error(
            NP_("error.notation.overuse"),
            text=text,
            token=str(tile),
            count=used,
            used=used,
            allowed=allowed,
        )


def formation_report(
    text: str,
    formation_rules: FormationRules,
    *,
    opening_value: Callable[[Formation], int],
    final_value: Callable[[Formation], int],
) -> MeldReport:
    """Read one formation written in notation (``"R3 J R5"``, ``"[K12 K13 K1]"``) and report
    it, valued by the family's ``opening_value`` (toward a first meld) and ``final_value`` (left
    at the end of a hand), both in points.

    Raises:
        NotationError: bad tile notation, or more copies of a tile than the set holds (bad
            input, not an invalid formation).
    """
    slots = parse_formation_tokens(text)
    refuse_overuse(slots, text)
    try:
        f = read_formation(slots, formation_rules)
    except AmbiguousFormationError as exc:
        return MeldReport(
            valid=False,
            error=str(exc),
            rule=exc.rule_id,
            readings=tuple(exc.readings),
            why=_with_rule(exc),
        )
    except InvalidFormationError as exc:
        return MeldReport(valid=False, error=str(exc), rule=exc.rule_id, why=_with_rule(exc))
    return MeldReport(
        valid=True,
        kind=f.kind.value,
        formation=f.text(formation_rules),
        jokers=tuple(joly_identity_text(f, i) for i, t in enumerate(f.tiles) if t.is_joly),
        opening_points=opening_value(f),
        final_points=final_value(f),
    )


@attrs.frozen(kw_only=True)
class OpeningReport:
    """The answer to ``remi check opening``: would these formations make a valid opening.

    Attributes:
        valid: a valid opening (etalare) or first meld under the rules.
        points: its value toward the opening, in points (``None`` when a formation is invalid).
        formations: the formations in canonical notation (those that could be read).
        kinds: the kind of each of ``formations`` (``"run"`` suită or ``"set"`` terță).
        refusal: the rules' refusal of a readable meld (its message id tells it in any
            language), or ``None``.
        error, rule: why not, and the rule id (``opening.min_points``, ``opening.needs_run``,
            ``initial_meld.min_points``, or the formation's rule id).
    """

    valid: bool
    points: int | None
    formations: tuple[str, ...] = ()
    kinds: tuple[str, ...] = ()
    error: str | None = None
    rule: str | None = None
    refusal: IllegalActionError | None = attrs.field(default=None, eq=False, repr=False)
    #: ``error`` to be told in any language (a ``Reason``), not part of the JSON
    why: Reason | str | None = attrs.field(default=None, eq=False, repr=False)

    def as_json(self) -> dict[str, Any]:
        """JSON object: valid, points, formations (+ error and rule when invalid)."""
        out: dict[str, Any] = {
            "valid": self.valid,
            "points": self.points,
            "formations": list(self.formations),
        }
        if not self.valid:
            out["error"] = self.error
            out["rule"] = self.rule
        return out


def check_formations_report(
    text: str,
    formation_rules: FormationRules,
    *,
    check: Callable[[list[Formation]], int],
    points: Callable[[list[Formation]], int],
) -> OpeningReport:
    """Read the formations in ``text`` (``"[R5 R6 R7] [R10 Y10 B10]"``) and judge them as a
    first meld with ``check``.

    Shared by the Remi opening (etalare) and the Rummikub-style initial meld: ``check`` returns
    the meld's points or raises ``IllegalActionError`` with its rule id; ``points`` values a
    refused meld, in points.

    Raises:
        NotationError: bad notation (bad input).
    """
    formations: list[Formation] = []
    groups = parse_formations_text(text)
    refuse_overuse((slot for slots in groups for slot in slots), text)
    for n, slots in enumerate(groups, start=1):
        try:
            formations.append(read_formation(slots, formation_rules))
        except InvalidFormationError as exc:
            return OpeningReport(
                valid=False,
                points=None,
                formations=tuple(f.text(formation_rules) for f in formations),
                kinds=tuple(f.kind.value for f in formations),
                error=f"formation {n}: {exc}",
                rule=exc.rule_id,
                why=Reason(N_("error.formation_n"), n=n, reason=_with_rule(exc)),
            )
    shown = tuple(f.text(formation_rules) for f in formations)
    kinds = tuple(f.kind.value for f in formations)
    try:
        total = check(formations)
    except IllegalActionError as exc:
        return OpeningReport(
            valid=False,
            points=points(formations),
            formations=shown,
            kinds=kinds,
            error=exc.reason,
            rule=exc.rule_id,
            refusal=exc,
            why=Reason(exc.message_id, exc.count, **exc.params) if exc.message_id else exc.reason,
        )
    return OpeningReport(valid=True, points=total, formations=shown, kinds=kinds)


@attrs.frozen(kw_only=True)
class MatchReport:
    """The answer to a ``kind = "match"`` check file: the match winner (``match.target_points``).

    Attributes:
        winner: the winner's name, or ``None`` when the match goes on.
        totals: cumulative totals, in points.
        target_points: ``match.target_points``.
        reason: why, in one line (``"A and B tie for the highest total, 1200: play another
            hand"``).
    """

    winner: str | None
    totals: Mapping[str, int]
    target_points: int
    reason: str = ""

    def as_json(self) -> dict[str, Any]:
        """JSON object: winner (or null), totals, target_points, rule, reason."""
        return {
            "winner": self.winner,
            "totals": dict(self.totals),
            "target_points": self.target_points,
            "rule": "match.target_points",
            "reason": self.reason,
        }


def _with_rule(exc: InvalidFormationError) -> Reason | str:
    """The formation error ``exc`` with its rule id in brackets, to be told in any language."""
    return Reason(N_("error.with_rule"), reason=exc.as_reason(), rule=exc.rule_id)
