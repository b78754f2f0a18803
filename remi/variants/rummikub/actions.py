"""Rummikub-style actions: draw, play (the whole new table), pass, and the two penalties.

Text forms (seats 1-based; sets in bracket notation, ``J`` a joker, ``J[R7]`` a joker whose
identity is stated; § = a section of docs/rules.md)::

    p1 draw                              draw one tile from the pool; the turn ends (§2.4)
    p1 play [R9 R10 R11]                 end the turn with this table: EVERY set on the table,
    p2 play [R1 R2 R3] [K5 Y5 B5 J]      in table order, after this turn's rearrangement (§2.4–§2.7)
    p1 pass                              the pool is empty and the player plays nothing (§2.10)
    p1 penalty invalid                   the table was invalid at "done": restore, draw (§2.8)
    p1 timeout                           the turn timer ran out: restore, draw or not (§2.8)

A ``play`` lists the complete new arrangement, not the changes: the tiles it adds to the table
are the rack tiles played. ``str(action)`` is canonical and ``parse_action(str(a), rules) == a``;
input is case-insensitive and accepts the separators of ``remi.core.notation``.
"""

from __future__ import annotations

import functools
from typing import ClassVar, Final

import attrs

from remi.core.actions import (
    Action,
    fail,
    parse_formations_argument,
    parse_head,
    simple_action,
    unknown_verb,
)
from remi.core.formations import Formation, FormationRules
from remi.core.messages import N_

__all__ = [
    "RUMMIKUB_FORMATIONS",
    "Action",
    "Draw",
    "Pass",
    "Penalty",
    "Play",
    "Timeout",
    "parse_action",
    "table_text",
]

#: Runs and groups of the default presets: the 1 is low only (docs/rules.md §2.3).
RUMMIKUB_FORMATIONS: Final = FormationRules(ace_high=False, joker_term="joker")


def table_text(table: tuple[Formation, ...]) -> str:
    """The sets in bracket notation, separated by blanks (``"[R1 R2 R3] [K5 Y5 B5 J]"``).

    A joker is written plain when its place fixes it, else with its identity (``J[R10]``),
    as ``Formation.text`` decides; that text reads back equal under every run/group rule set
    of this family (docs/rules.md §2.3).
    """
    return " ".join(f.text() for f in table)


@attrs.frozen(repr=False)
class Draw(Action):
    """Draw the top tile of the pool; the turn ends and the tile waits for the next turn
    (docs/rules.md §2.4)."""

    VERB: ClassVar[str] = "draw"


@attrs.frozen(repr=False)
class Pass(Action):
    """Play nothing when the pool is empty (docs/rules.md §2.10, ``pool_empty``); a full round of
    passes ends the game."""

    VERB: ClassVar[str] = "pass"


@attrs.frozen(repr=False)
class Play(Action):
    """End the turn with ``table`` as the complete new arrangement of the table (docs/rules.md
    §2.4–§2.7).

    Attributes:
        table: every set on the table after the turn, in table order; the multiset difference
            with the table at the start of the turn is the rack tiles played.
    """

    VERB: ClassVar[str] = "play"
    table: tuple[Formation, ...] = ()

    def args_text(self) -> str:
        """The new table in bracket notation."""
        return table_text(self.table)


@attrs.frozen(repr=False)
class Penalty(Action):
    """The turn ended with an invalid table (``penalty.invalid_turn``): the table and rack are
    restored to the start of the turn and ``penalty.draw_count`` tiles drawn (docs/rules.md
    §2.8)."""

    VERB: ClassVar[str] = "penalty"
    reason: str = "invalid"

    def args_text(self) -> str:
        """The reason (always ``invalid``)."""
        return self.reason


@attrs.frozen(repr=False)
class Timeout(Action):
    """The turn timer ran out (``penalty.timeout``): restore, then draw ``penalty.draw_count``
    tiles (``restore_draw``) or nothing (``restore``), docs/rules.md §2.8."""

    VERB: ClassVar[str] = "timeout"


_SIMPLE: Final[dict[str, type[Action]]] = {c.VERB: c for c in (Draw, Pass, Timeout)}
_VERBS: Final = ("draw", "play", "pass", "penalty", "timeout")


def parse_action(text: str, rules: FormationRules = RUMMIKUB_FORMATIONS) -> Action:
    """Parse one action line (see the module docstring).

    Args:
        text: ``"p1 play [R9 R10 R11]"``; the seat prefix is required.
        rules: the run/group rules of the preset (``RummikubRules.formation_rules``).

    Raises:
        NotationError: unknown verb, missing or extra arguments, a bad tile, or a set that is
            not a valid run or group (the message carries the formation rule id, e.g.
            ``run.ace_high`` for ``[R12 R13 R1]``), quoting the bad token.
    """
    return _parse_action(text, rules)


@functools.lru_cache(maxsize=1024)
def _parse_action(text: str, rules: FormationRules) -> Action:
    """``parse_action``, memoised (actions are immutable; a record is read several times)."""
    head = parse_head(text, "p1 play [R9 R10 R11]")
    player, verb, rest = head.player, head.verb, head.rest
    simple = simple_action(head, text, _SIMPLE)
    if simple is not None:
        return simple
    if verb == "penalty":
        if rest.lower() != "invalid":
            raise fail(N_("notation.penalty_reason"), text, rest, rest=rest)
        return Penalty(player, "invalid")
    if verb == "play":
        if not rest:
            raise fail(N_("notation.play_table"), text)
        return Play(player, parse_formations_argument(rest, text, rules))
    raise unknown_verb(verb, text, _VERBS)
