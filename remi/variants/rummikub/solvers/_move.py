"""The Rummikub move solver's rules and answer: ``MoveRules`` and ``Move``.

Re-exported by ``remi.variants.rummikub.solvers.best_move``, where the solver itself (``best_move``,
``verify_move``) lives.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable
from typing import Any, Final

import attrs

from remi.core.errors import Reason, RulesError
from remi.core.formations import Formation, FormationRules
from remi.core.messages import N_
from remi.core.tiles import Tile

__all__ = ["DEFAULT_RULES", "OBJECTIVES", "Move", "MoveRules"]

#: Why the solver cannot honour the joker options it refuses.
_JOKERS: Final = N_("error.solver.why.jokers")
_KEEP_THREE: Final = N_("error.solver.why.keep_three")
#: The objectives ``best_move`` accepts: most tiles placed, most points placed.
OBJECTIVES: Final = ("tiles", "points")


@attrs.frozen(kw_only=True)
class MoveRules:
    """What the Rummikub move solver needs from a rule set (the defaults are rules/rummikub.toml's).

    Attributes:
        initial_min_points: ``initial_meld.min_points``; the initial meld's points (30).
        initial_joker_value: ``initial_meld.joker_value``; ``"represented"`` (a joker in the
            initial meld counts as the tile it stands for) or ``"zero"``.
        manipulate_on_initial_turn: ``initial_meld.manipulate_same_turn``; table play in the
            initial-meld turn, after the meld (False).
        ace_high: ``run.ace_high``; must be False (the 1 is low only).
        set_max_tiles: ``set.max_tiles``; groups hold 3 up to this many tiles (4).
        min_natural_tiles: ``formation.min_natural_tiles``; natural tiles every set holds (1).

    Raises:
        RulesError: ``run.ace_high`` true (12-13-1 runs are not modelled by the solver), or a
            value out of range.
    """

    initial_min_points: int = 30
    initial_joker_value: str = "represented"
    manipulate_on_initial_turn: bool = False
    ace_high: bool = False
    set_max_tiles: int = 4
    min_natural_tiles: int = 1

    def __attrs_post_init__(self) -> None:
        if self.ace_high:
            raise RulesError.from_id(
                N_("error.solver.ace_high"), fields={"key": "run.ace_high", "value": True}
            )
        if self.set_max_tiles not in (3, 4):
            raise RulesError.from_id(
                N_("error.solver.set_max_tiles"),
                fields={"key": "set.max_tiles", "value": self.set_max_tiles},
                got=self.set_max_tiles,
            )
        if not 1 <= self.min_natural_tiles <= 3:
            raise RulesError.from_id(
                N_("error.solver.min_natural"),
                fields={"key": "formation.min_natural_tiles", "value": self.min_natural_tiles},
                got=self.min_natural_tiles,
            )
        if self.initial_joker_value not in ("represented", "zero"):
            raise RulesError.from_id(
                N_("error.solver.joker_value"),
                fields={"key": "initial_meld.joker_value", "value": self.initial_joker_value},
                got=repr(self.initial_joker_value),
            )

    @classmethod
    def from_rules(cls, rules: Any) -> MoveRules:
        """Read the fields from a rule set by rule id (``rules.get("initial_meld.min_points")``).

        Rule ids the rule set does not have keep the default above. The joker options that the
        solver does not model (``joker.locks_meld`` true, ``joker.group_of_three`` =
        ``both_missing``, ``joker.freed_use`` = ``new_set_with_rack``) and MyRummy Small's
        three-stay rule (``table.keep_three`` true) are refused.

        Raises:
            RulesError: for a rule value the solver cannot honour, naming the rule id.
        """

        def read(rule_id: str, default: Any) -> Any:
            try:
                return rules.get(rule_id)
            except RulesError:
                return default

        for rule_id, fine, why in (
            ("joker.locks_meld", False, _JOKERS),
            ("joker.group_of_three", "either_missing", _JOKERS),
            ("joker.freed_use", "same_turn_any_set", _JOKERS),
            ("table.keep_three", False, _KEEP_THREE),
        ):
            value = read(rule_id, fine)
            if value != fine:
                raise RulesError.from_id(
                    N_("error.solver.unsupported"),
                    fields={"key": rule_id, "value": value},
                    why=Reason(why),
                    rule=rule_id,
                    value=json.dumps(value),
                )
        return cls(
            initial_min_points=read("initial_meld.min_points", 30),
            initial_joker_value=read("initial_meld.joker_value", "represented"),
            manipulate_on_initial_turn=read("initial_meld.manipulate_same_turn", False),
            ace_high=read("run.ace_high", False),
            set_max_tiles=read("set.max_tiles", 4),
            min_natural_tiles=read("formation.min_natural_tiles", 1),
        )

    @property
    def formation_rules(self) -> FormationRules:
        """The ``FormationRules`` of Rummikub sets under these rules."""
        return _formation_rules(self.set_max_tiles, self.min_natural_tiles)


@functools.lru_cache(maxsize=16)
def _formation_rules(set_max_tiles: int, min_natural_tiles: int) -> FormationRules:
    """``MoveRules.formation_rules``, made once per pair of values (a value: an immutable
    ``NamedTuple``; the solver asks for it several times a move)."""
    return FormationRules(
        ace_high=False,
        ace_both_ends=False,
        set_max_tiles=set_max_tiles,
        min_natural_tiles=min_natural_tiles,
        joker_term="joker",
    )


DEFAULT_RULES: Final = MoveRules()


@attrs.frozen(kw_only=True, eq=False, repr=False)
class Move:
    """A best move: the rack tiles played and the whole new table.

    Attributes:
        placed: the rack tiles played, sorted (``sort_tiles``: colour R, Y, B, K, then number;
            jokers last), not in the order the rack was given.
        table: the new table, every set: original sets first in their original order (unchanged
            or changed), then the new sets.
        tiles_placed: ``len(placed)``.
        points_placed: face values of the placed tiles; placed jokers count as the tiles they
            stand for (module docstring: the highest numbers stood for by jokers on the table,
            or by the meld's jokers for an initial meld without table play).
        edits: the move in words, e.g. ``"take Y7 from set 3"``, ``"add R5 to set 2"``,
            ``"new set [R7 R8 R9]"``; sets are numbered from 1 in the order of the old table.
            Given as ``edits=``, or told on first reading by ``telling=`` (a callable returning
            them; the solver's moves: most callers never read them, and their 20-30 texts
            are a tenth of a solve), then kept.
        changed_sets: how many original table sets are not on the new table unchanged.
        meld: for an initial-meld move, the new sets laid from the rack alone worth at least
            ``initial_meld.min_points``; empty otherwise.

    Equality and hashing compare the fields above (``edits`` told if need be).
    """

    placed: tuple[Tile, ...]
    table: tuple[Formation, ...]
    tiles_placed: int
    points_placed: int
    _edits: tuple[str, ...] | None = attrs.field(default=None, alias="edits")
    changed_sets: int
    meld: tuple[Formation, ...] = ()
    _telling: Callable[[], tuple[str, ...]] | None = attrs.field(default=None, alias="telling")

    @property
    def edits(self) -> tuple[str, ...]:
        """The move in words (class docstring), told on first reading when not given."""
        edits = self._edits
        if edits is None:
            edits = self._telling() if self._telling is not None else ()
            object.__setattr__(self, "_edits", edits)  # a cache of a derived value
        return edits

    def _fields(self) -> tuple[object, ...]:
        return (
            self.placed,
            self.table,
            self.tiles_placed,
            self.points_placed,
            self.edits,
            self.changed_sets,
            self.meld,
        )

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, Move)
        return self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        names = ("placed", "table", "tiles_placed", "points_placed", "edits", "changed_sets")
        shown = [f"{n}={v!r}" for n, v in zip(names + ("meld",), self._fields())]
        return f"Move({', '.join(shown)})"
