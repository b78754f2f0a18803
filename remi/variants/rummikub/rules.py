"""Rummikub-style rule set: the frozen ``RummikubRules`` (family ``rummikub``), one field per rule id.

docs/rules.md §2 (Rummikub, Sabra rules, and Schmidt MyRummy, with every option), §3.24–§3.29
(the readings chosen) and §0.3 (the presets ``rummikub``, ``myrummy``, ``myrummy-small``). Every
option is a dotted rule id declared with ``remi.core.rulespec.rule``; the field name is the rule
id with dots replaced by underscores (``initial_meld.min_points`` -> ``initial_meld_min_points``).
rules/README.md ("Family rummikub") documents every id.
"""

from __future__ import annotations

from typing import ClassVar, Final

import attrs

from remi.core.errors import RulesError
from remi.core.formations import FormationRules
from remi.core.rulespec import RuleSet, rule

__all__ = [
    "FAMILY",
    "RummikubRules",
]

FAMILY: Final = "rummikub"


@attrs.frozen(kw_only=True, repr=False)
class RummikubRules(RuleSet):
    """Rules of the Rummikub-style family (Rummikub, MyRummy, MyRummy Small).

    Defaults are the rules of docs/rules.md §2 (preset ``rummikub``,
    current publisher rules): 14 tiles, highest drawn tile starts, a 30-point initial meld from
    the rack with the joker at the value of the tile it stands for, no manipulation on the
    initial-meld turn, 60-second timer, restore + draw 3 on a timeout or an invalid turn, a
    joker on a rack counts 30, runs with the 1 low only, zero-sum pool-empty scoring.

    Derived value: ``formation_rules`` (the ``remi.core.formations.FormationRules`` of runs and
    groups: ``run.ace_high``, ``set.max_tiles``, ``formation.min_natural_tiles``).
    """

    FAMILY: ClassVar[str] = FAMILY
    TIMER_RULE: ClassVar[str] = "timer.seconds"

    players_min: int = rule(
        "players.min", 2, "fewest players at the table", "docs/rules.md §2.1", low=2, high=4
    )
    players_max: int = rule(
        "players.max", 4, "most players at the table", "docs/rules.md §2.1", low=2, high=4
    )
    deal_tiles: int = rule(
        "deal.tiles", 14, "tiles dealt to every player", "docs/rules.md §2.2, §3.24", low=1, high=20
    )
    start_player: str = rule(
        "start.player",
        "highest_draw",
        "who starts: each player draws one tile, the highest number starts (ties draw again), or by lot",
        "docs/rules.md §2.2, §3.29",
        choices=("highest_draw", "lot"),
    )
    turn_direction: str = rule(
        "turn.direction",
        "clockwise",
        "play passes to the left (seat order p1, p2, ...) or to the right (p1, pN, ...)",
        "docs/rules.md §2.2, §3.29",
        choices=("clockwise", "counter_clockwise"),
    )
    initial_meld_min_points: int = rule(
        "initial_meld.min_points",
        30,
        "face-value points the initial meld (new sets from the rack only) must reach",
        "docs/rules.md §2.5, §3.24",
        low=0,
        high=500,
    )
    initial_meld_joker_value: str = rule(
        "initial_meld.joker_value",
        "represented",
        "a joker in the initial meld counts as the tile it stands for, or 0",
        "docs/rules.md §2.5, §3.26",
        choices=("represented", "zero"),
    )
    initial_meld_manipulate_same_turn: bool = rule(
        "initial_meld.manipulate_same_turn",
        False,
        "table sets may be added to or rearranged in the initial-meld turn",
        "docs/rules.md §2.5, §3.25",
    )
    timer_seconds: int = rule(
        "timer.seconds",
        60,
        "seconds per turn (0 = no timer)",
        "docs/rules.md §2.8, §3.24",
        low=0,
        high=3600,
    )
    penalty_timeout: str = rule(
        "penalty.timeout",
        "restore_draw",
        "when the timer runs out: restore table and rack and draw penalty.draw_count tiles, or restore only",
        "docs/rules.md §2.8, §3.24",
        choices=("restore_draw", "restore"),
    )
    penalty_invalid_turn: str = rule(
        "penalty.invalid_turn",
        "restore_draw",
        "an invalid table at the end of the turn: restore and draw penalty.draw_count tiles, or restore only",
        "docs/rules.md §2.8, §3.24",
        choices=("restore_draw", "restore"),
    )
    penalty_draw_count: int = rule(
        "penalty.draw_count",
        3,
        "penalty tiles drawn (fewer when the pool holds fewer)",
        "docs/rules.md §2.8, §3.24",
        low=0,
        high=20,
    )
    scoring_joker_points: int = rule(
        "scoring.joker_points",
        30,
        "a joker left on a rack at the end counts this much",
        "docs/rules.md §2.7, §2.9",
        low=0,
        high=500,
    )
    joker_retrieve_before_initial: bool = rule(
        "joker.retrieve_before_initial",
        False,
        "a joker may be retrieved in the player's initial-meld turn (freed joker in the meld, the "
        "replacing tile not counted)",
        "docs/rules.md §2.7, §3.27",
    )
    joker_replacement_from: str = rule(
        "joker.replacement_from",
        "rack_or_table",
        "where the tile that frees a joker may come from",
        "docs/rules.md §2.7, §3.27",
        choices=("rack_or_table", "rack"),
    )
    joker_group_of_three: str = rule(
        "joker.group_of_three",
        "either_missing",
        "a joker in a 3-tile group is freed by either missing colour, or only by both missing tiles",
        "docs/rules.md §2.7, §3.27",
        choices=("either_missing", "both_missing"),
    )
    joker_freed_use: str = rule(
        "joker.freed_use",
        "same_turn_any_set",
        "a freed joker must be used on the table that turn in any valid set, or in a set with at "
        "least two tiles played from the rack that turn",
        "docs/rules.md §2.7, §3.27",
        choices=("same_turn_any_set", "new_set_with_rack"),
    )
    joker_locks_meld: bool = rule(
        "joker.locks_meld",
        False,
        "a set holding a joker may be extended but not broken up, and the joker not moved, "
        "unless the joker is retrieved",
        "docs/rules.md §2.7, §3.27",
    )
    table_keep_three: bool = rule(
        "table.keep_three",
        False,
        "tiles may be taken out of a table set only if at least 3 of its own tiles stay "
        "together in one set",
        "docs/rules.md §2.6, §3.30",
    )
    run_ace_high: bool = rule(
        "run.ace_high",
        False,
        "a 1 may end a run after 13 (12-13-1); false = the 1 is low only",
        "docs/rules.md §2.3",
    )
    set_max_tiles: int = rule(
        "set.max_tiles",
        4,
        "most tiles in a group (set of one number)",
        "docs/rules.md §2.3",
        low=3,
        high=4,
    )
    formation_min_natural_tiles: int = rule(
        "formation.min_natural_tiles",
        1,
        "natural (non-joker) tiles every set must hold",
        "docs/rules.md §2.3",
        low=1,
        high=3,
    )
    pool_empty_scoring: str = rule(
        "pool_empty.scoring",
        "difference",
        "scoring when the pool is empty and nobody can play: losers -(own - lowest), winner the "
        "sum (difference), or losers -own (own)",
        "docs/rules.md §2.10, §3.28",
        choices=("difference", "own"),
    )
    session_end: str = rule(
        "session.end",
        "games",
        "a session ends after a number of games, or at a target score",
        "docs/rules.md §2.9",
        choices=("games", "target"),
    )
    session_games: int = rule(
        "session.games",
        4,
        "games in a session when session.end = games",
        "docs/rules.md §2.9",
        low=1,
        high=1000,
    )
    session_target_points: int = rule(
        "session.target_points",
        200,
        "session target when session.end = target",
        "docs/rules.md §2.9",
        low=1,
        high=100000,
    )

    formation_rules: FormationRules = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        super().__attrs_post_init__()
        if self.players_min > self.players_max:
            raise RulesError(
                f"{self.name}: players.min = {self.players_min} exceeds players.max = {self.players_max}",
                source=self.name,
                key="players.min",
                value=self.players_min,
            )
        object.__setattr__(
            self,
            "formation_rules",
            FormationRules(
                ace_high=self.run_ace_high,
                ace_both_ends=False,
                set_max_tiles=self.set_max_tiles,
                min_natural_tiles=self.formation_min_natural_tiles,
                joker_term="joker",
            ),
        )

    @property
    def timer_enabled(self) -> bool:
        """True when ``timer.seconds`` is not 0."""
        return self.timer_seconds > 0
