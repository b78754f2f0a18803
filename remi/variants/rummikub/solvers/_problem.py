"""The Rummikub move solver's problem values and the arrangements its engines return (internal).

The engines take one frozen value each instead of a row of abbreviated parameters:

* ``SetProblem``: tiles to arrange into sets, as counts per tile type (the table's tiles must
  all be used, the rack's may be), with the rules that shape the sets and the objective; the
  linear relaxation (``remi.variants.rummikub.solvers._lp``) and every search read it.
* ``SweepProblem``: a ``SetProblem`` plus what the number sweep (``remi.variants.rummikub.solvers._dp``) is
  asked on top: the original table sets to re-create (the tie-break, minimal disruption), a
  floor on the objective value, proven caps on what the rack can add.
* ``MoveProblem``: a ``SetProblem`` of a whole move plus the old table and the tie-break's
  budget (``remi.variants.rummikub.solvers._solve``).

Tile codes are ``colour * 13 + number - 1`` (colours R, Y, B, K as 0-3, numbers 1-13): count
vectors have 52 entries indexed by code; jokers are counted apart.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from remi.core.formations import Formation
from remi.variants.rummikub.solvers._move import MoveRules

__all__ = ["Arrangement", "DPGroup", "DPRun", "MoveProblem", "SetProblem", "SweepProblem"]


def _counts52(counts: Sequence[int]) -> tuple[int, ...]:
    """``counts`` as a tuple of 52 entries (a longer sequence is cut: no entry past 52 is used)."""
    return tuple(counts[:52])


@attrs.frozen(kw_only=True)
class SetProblem:
    """Tiles to arrange into valid sets (runs and groups, suită and terță), and how to value it.

    Attributes:
        table_counts: 52 counts, copies of each tile code that must be on the arrangement
            (the table's tiles, and in an initial meld with table play the meld's).
        rack_counts: 52 counts, copies of each tile code that may be added (the rack's).
        table_jokers: jokers that must be used (on the table), 0-2.
        rack_jokers: jokers that may be added (on the rack), 0-2; at most 2 in all.
        points: the objective is points placed (each rack tile its number, a rack joker the
            number it stands for) instead of tiles placed.
        set_max: ``set.max_tiles``, the largest group (3 or 4).
        min_natural: ``formation.min_natural_tiles``, natural tiles every set holds (1-3).
        meld_threshold: in an initial meld (etalare) without table play, the placed tiles must
            be worth at least this many points (``initial_meld.min_points``); 0 otherwise.
        joker_meld_value: a joker counts towards ``meld_threshold`` as the number it stands
            for (``initial_meld.joker_value = represented``); False: it counts 0.
    """

    table_counts: tuple[int, ...] = attrs.field(converter=_counts52)
    rack_counts: tuple[int, ...] = attrs.field(converter=_counts52)
    table_jokers: int
    rack_jokers: int
    points: bool
    set_max: int = 4
    min_natural: int = 1
    meld_threshold: int = 0
    joker_meld_value: bool = True

    @classmethod
    def of(
        cls,
        table_counts: Sequence[int],
        rack_counts: Sequence[int],
        *,
        table_jokers: int,
        rack_jokers: int,
        points: bool,
        rules: MoveRules,
        meld_threshold: int = 0,
    ) -> SetProblem:
        """The problem of these counts under ``rules`` (``set.max_tiles``,
        ``formation.min_natural_tiles``, ``initial_meld.joker_value``)."""
        return cls(
            table_counts=table_counts,
            rack_counts=rack_counts,
            table_jokers=table_jokers,
            rack_jokers=rack_jokers,
            points=points,
            set_max=rules.set_max_tiles,
            min_natural=rules.min_natural_tiles,
            meld_threshold=meld_threshold,
            joker_meld_value=rules.initial_joker_value == "represented",
        )


@attrs.frozen(kw_only=True)
class SweepProblem:
    """What the number sweep (``remi.variants.rummikub.solvers._dp.solve_dp``) is asked.

    Attributes:
        sets: the tiles, rules and objective.
        original_runs: (colour index 0-3, first number, last number, joker mask: bit ``v`` for
            a joker at number ``v``) of each original table run.
        original_groups: (number, colour mask: bit ``c`` for a natural tile of colour ``c``,
            jokers) of each original table group; with ``original_runs`` they break ties
            towards re-creating the original sets unchanged (fewest changed sets).
        floor: only arrangements worth at least this (tiles or points) are looked for; partial
            ones that cannot reach it even by placing every later rack tile are dropped (exact
            for every answer at or above it).
        min_preserved: with ``floor``, only arrangements worth ``floor`` re-creating at least
            this many original sets (or worth more) are looked for.
        later_caps: ``later_caps[v]`` (``v`` = 1..14, ``later_caps[14] = 0``): a proven bound
            on what the rack's natural tiles of numbers ``v``..13 can add (the relaxation's
            ``suffix_caps``), tightening the bound ``floor`` prunes with; None: every later
            rack tile counts.
    """

    sets: SetProblem
    original_runs: tuple[tuple[int, int, int, int], ...] = ()
    original_groups: tuple[tuple[int, int, int], ...] = ()
    floor: int = 0
    min_preserved: int = 0
    later_caps: tuple[int, ...] | None = None


@attrs.frozen(kw_only=True)
class MoveProblem:
    """A whole move to solve (``remi.variants.rummikub.solvers._solve.solve_move``).

    Attributes:
        sets: the tiles (the table's mandatory, the rack's optional), rules and objective.
        rules: the solver's rule parameters (for reading arrangements back into formations).
        old: the table's sets, for the tie-break (fewest original sets changed); empty for an
            initial meld without table play.
        tie_break_states: work budget of the tie-break in state expansions; 0 skips it.
    """

    sets: SetProblem
    rules: MoveRules
    old: tuple[Formation, ...] = ()
    tie_break_states: int


@attrs.frozen
class DPRun:
    """A run (suită) of a solved arrangement.

    Attributes:
        colour: colour index 0-3 (R, Y, B, K).
        start: its first number, 1-11.
        jokers: one flag per number ``start``, ``start + 1``, ...: a joker there (its length is
            ``len(jokers)``, 3-13).
    """

    colour: int
    start: int
    jokers: tuple[bool, ...]  # one flag per number start, start+1, ...


@attrs.frozen
class DPGroup:
    """A group (terță) of a solved arrangement.

    Attributes:
        number: its number, 1-13.
        colours: the colour indices (0-3, increasing) of its natural tiles.
        jokers: its jokers, standing for missing colours (0-2).
    """

    number: int
    colours: tuple[int, ...]
    jokers: int


@attrs.frozen(kw_only=True)
class Arrangement:
    """An arrangement an engine found: its sets and what it is worth.

    Attributes:
        runs, groups: every set on the new table.
        primary: its objective value (tiles or points placed).
        preserved: original table sets it re-creates unchanged, as far as the engine counted
            them (the tie-break's searches; 0 where not asked).
        rack_jokers_used: jokers from the rack it places.
        formations: its sets as formations, runs then groups, when the engine built them
            already (``remi.variants.rummikub.solvers._table._formations_of`` returns them);
            ``None`` otherwise. Not compared.
    """

    runs: tuple[DPRun, ...]
    groups: tuple[DPGroup, ...]
    primary: int
    preserved: int
    rack_jokers_used: int
    formations: tuple[Formation, ...] | None = attrs.field(default=None, eq=False)
