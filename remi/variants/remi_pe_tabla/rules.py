"""The rule set of Romanian Remi pe tablă: ``RemiRules``, one attrs field per rule id (docs/rules.md §1)."""

from __future__ import annotations

from typing import ClassVar

import attrs

from remi.core.errors import RulesError
from remi.core.formations import FormationRules, PointTable
from remi.core.rulespec import RuleSet, rule

__all__ = [
    "RemiRules",
]


@attrs.frozen(kw_only=True, cache_hash=True, repr=False)
class RemiRules(RuleSet):
    """Rules of Romanian Remi pe tablă (Remi etalat with a discard row, șir).

    Defaults are the rules of docs/rules.md §1 (preset ``remi-pe-tabla``); every field is one
    rule id, documented in rules/README.md. Derived values: ``formation_rules`` (for
    ``remi.core.formations``), ``opening_points`` (the opening values, docs/rules.md §1.5) and
    ``final_points`` (the final values, §1.12).
    """

    FAMILY: ClassVar[str] = "remi"
    TIMER_RULE: ClassVar[str] = "turn.timer_seconds"

    players_min: int = rule(
        "players.min", 2, "fewest players at the table", "docs/rules.md §1.1", low=2, high=4
    )
    players_max: int = rule(
        "players.max", 4, "most players at the table", "docs/rules.md §1.1", low=2, high=4
    )
    deal_first_player_tiles: int = rule(
        "deal.first_player_tiles",
        15,
        "tiles dealt to the first player",
        "docs/rules.md §1.2",
        low=1,
        high=20,
    )
    deal_other_player_tiles: int = rule(
        "deal.other_player_tiles",
        14,
        "tiles dealt to every other player",
        "docs/rules.md §1.2",
        low=1,
        high=20,
    )
    deal_cancel_doubles: int = rule(
        "deal.cancel_doubles",
        0,
        "a player dealt this many doubles (duble) or more cancels the deal (strică jocul; 0: never)",
        "docs/rules.md §1.14",
        low=0,
        high=7,
    )
    deal_method: str = rule(
        "deal.method",
        "shuffle",
        "the deal: a plain shuffle, or a wall of 15 stacks of 7 whose spare tile cuts it (and is the atu)",
        "docs/rules.md §1.14, §3.1",
        choices=("shuffle", "wall"),
    )
    deal_doubles_exchange: str = rule(
        "deal.doubles_exchange",
        "none",
        "exchanging doubles (duble) before play: not allowed, same category only, or free",
        "docs/rules.md §1.14, §3.1",
        choices=("none", "same_category", "free"),
    )
    atu_enabled: bool = rule(
        "atu.enabled",
        False,
        "turn one stock tile face up as the atu (trump) after the deal",
        "docs/rules.md §1.2, §3.2",
    )
    atu_tile: str = rule(
        "atu.tile",
        "stock",
        "the atu tile: drawn when reached in the stock, set aside until a closing turn, or kept on the table",
        "docs/rules.md §1.14, §3.2",
        choices=("stock", "closing", "table"),
    )
    atu_bonus_points: int = rule(
        "atu.bonus_points",
        50,
        "bonus for announcing the atu's twin in one's first turn",
        "docs/rules.md §1.2, §3.2",
        low=0,
        high=1000,
    )
    atu_doubles_if_ace_or_joly: bool = rule(
        "atu.doubles_if_ace_or_joly",
        False,
        "every score doubles when the atu is a 1 or a joly",
        "docs/rules.md §1.12, §3.18",
    )
    atu_lost_on_penalty: bool = rule(
        "atu.lost_on_penalty",
        True,
        "a player penalised for not announcing loses the atu bonus too",
        "docs/rules.md §1.12, §3.16",
    )
    sir_first_discard_dead: bool = rule(
        "sir.first_discard_dead",
        True,
        "the first discard starts the șir (discard row) and can never be taken",
        "docs/rules.md §1.3",
    )
    sir_take_last_for_opening: bool = rule(
        "sir.take_last_for_opening",
        True,
        "a player who has not opened may take the last șir tile to use it in his opening (etalare)",
        "docs/rules.md §1.7, §3.7",
    )
    sir_take_last_without_meld: str = rule(
        "sir.take_last_without_meld",
        "pe_tabla",
        "taking the last șir tile without laying it: only by declaring pe tablă, or never",
        "docs/rules.md §1.7, §3.7",
        choices=("pe_tabla", "forbidden"),
    )
    sir_break_enabled: bool = rule(
        "sir.break_enabled",
        True,
        "breaking the șir elsewhere (rupere): take an earlier tile and every later one",
        "docs/rules.md §1.7, §3.8",
    )
    sir_break_min_rack_tiles: int = rule(
        "sir.break_min_rack_tiles",
        4,
        "tiles a player must hold to break the șir elsewhere than its last tile",
        "docs/rules.md §1.7, §3.8",
        low=0,
        high=20,
    )
    sir_three_tiles_last_only: bool = rule(
        "sir.three_tiles_last_only",
        True,
        "with 3 tiles on the rack only the last șir tile may be taken",
        "docs/rules.md §1.9",
    )
    sir_break_requires_opened: bool = rule(
        "sir.break_requires_opened",
        True,
        "only a player who has opened may break the șir (false: also for the opening itself)",
        "docs/rules.md §1.7, §3.8",
    )
    sir_break_meld: str = rule(
        "sir.break_meld",
        "any",
        "the broken tile goes into any new formation, or into one of three with exactly 2 rack tiles",
        "docs/rules.md §1.14",
        choices=("any", "two_rack_tiles"),
    )
    sir_take_last_layoff: bool = rule(
        "sir.take_last_layoff",
        False,
        "an opened player may use the taken last șir tile by lipire instead of a new formation",
        "docs/rules.md §1.14",
    )
    turn_one_two_tiles_attach_only: bool = rule(
        "turn.one_two_tiles_attach_only",
        True,
        "with 1 or 2 tiles: draw from the stock, attach only (no new formation)",
        "docs/rules.md §1.9",
    )
    turn_three_tiles_attach_only: bool = rule(
        "turn.three_tiles_attach_only",
        False,
        "with 3 tiles too: attach only (no new formation)",
        "docs/rules.md §1.14",
    )
    turn_meld_from: str = rule(
        "turn.meld_from",
        "first_round",
        "when laying and taking from the șir become possible: after one full round, or after one's own first turn",
        "docs/rules.md §1.3, §3.3",
        choices=("first_round", "own_first_turn"),
    )
    turn_max_rack_tiles: int = rule(
        "turn.max_rack_tiles",
        14,
        "most tiles a rack may hold when a turn ends",
        "docs/rules.md §1.3",
        low=1,
        high=106,
    )
    turn_timer_seconds: int = rule(
        "turn.timer_seconds",
        0,
        "seconds a person has for his turn; at 0 s left it is taken back, he draws and discards (0: no timer)",
        "docs/rules.md §1.14",
        low=0,
        high=600,
    )
    opening_min_points: int = rule(
        "opening.min_points",
        45,
        "points (opening values) the first etalare must reach",
        "docs/rules.md §1.5, §3.4",
        low=0,
        high=500,
    )
    opening_needs_run: bool = rule(
        "opening.needs_run",
        True,
        "the opening must contain a run (suită)",
        "docs/rules.md §1.5, §3.5",
    )
    opening_ones_set_exception: bool = rule(
        "opening.ones_set_exception",
        True,
        "a set (terță) of 1s alone is a valid opening without a run",
        "docs/rules.md §1.5, §3.5",
    )
    opening_layoff_same_turn: bool = rule(
        "opening.layoff_same_turn",
        False,
        "lipire (laying off) is allowed in the opening turn",
        "docs/rules.md §1.6, §3.6",
    )
    opening_needs_set: bool = rule(
        "opening.needs_set",
        False,
        "the opening must also contain a set (terță): a run and a set",
        "docs/rules.md §1.14",
    )
    opening_joly_value: str = rule(
        "opening.joly_value",
        "represented",
        "a joly's opening value: the tile it stands for, or opening.joly_fixed_points",
        "docs/rules.md §1.14",
        choices=("represented", "fixed"),
    )
    opening_joly_fixed_points: int = rule(
        "opening.joly_fixed_points",
        25,
        "a joly's opening value when opening.joly_value = fixed",
        "docs/rules.md §1.14",
        low=0,
        high=25,
    )
    opening_value_low: int = rule(
        "opening.value_low", 5, "opening value of a 2-9", "docs/rules.md §1.5", low=0, high=100
    )
    opening_value_high: int = rule(
        "opening.value_high", 10, "opening value of a 10-13", "docs/rules.md §1.5", low=0, high=100
    )
    opening_value_ace_low_run: int = rule(
        "opening.value_ace_low_run",
        5,
        "opening value of a 1 in 1-2-3",
        "docs/rules.md §1.5",
        low=0,
        high=100,
    )
    opening_value_ace_high_run: int = rule(
        "opening.value_ace_high_run",
        10,
        "opening value of a 1 in 12-13-1",
        "docs/rules.md §1.5",
        low=0,
        high=100,
    )
    opening_value_ace_set: int = rule(
        "opening.value_ace_set",
        25,
        "opening value of a 1 in a set (terță)",
        "docs/rules.md §1.5",
        low=0,
        high=100,
    )
    formation_min_natural_tiles: int = rule(
        "formation.min_natural_tiles",
        1,
        "natural (non-joly) tiles every formation must hold",
        "docs/rules.md §1.4, §3.9",
        low=1,
        high=4,
    )
    run_ace_high: bool = rule(
        "run.ace_high", True, "a 1 may end a run after 13 (12-13-1)", "docs/rules.md §1.4"
    )
    run_ace_both_ends: bool = rule(
        "run.ace_both_ends",
        False,
        "a run may use a 1 at both ends (1-2-...-13-1)",
        "docs/rules.md §1.4, §3.10",
    )
    set_max_tiles: int = rule(
        "set.max_tiles", 4, "most tiles in a set (terță)", "docs/rules.md §1.4", low=3, high=4
    )
    layoff_credit: str = rule(
        "layoff.credit",
        "attacher",
        "who scores a tile laid off (lipit) on another player's formation",
        "docs/rules.md §1.6, §1.12",
        choices=("attacher", "owner"),
    )
    joly_layoff_own_only: bool = rule(
        "joly.layoff_own_only",
        True,
        "a joly may be attached only to the attacher's own formations",
        "docs/rules.md §1.8",
    )
    joly_swap_enabled: bool = rule(
        "joly.swap_enabled",
        True,
        "a joly on the table may be swapped for the tile it stands for",
        "docs/rules.md §1.8",
    )
    joly_swap_requires_opened: bool = rule(
        "joly.swap_requires_opened",
        False,
        "only a player who opened in an earlier turn may swap a joly",
        "docs/rules.md §1.8, §3.11",
    )
    joly_set_of_three_locked: bool = rule(
        "joly.set_of_three_locked",
        True,
        "a joly in a 3-tile set is locked until both missing colours are attached",
        "docs/rules.md §1.8, §3.13",
    )
    joly_swap_credit: str = rule(
        "joly.swap_credit",
        "swapper",
        "who scores the tile given in exchange for a joly",
        "docs/rules.md §1.12, §3.14",
        choices=("swapper", "owner"),
    )
    joly_limits: str = rule(
        "joly.limits",
        "none",
        "jolys per formation: no limit; apart (at most 2, 2 natural tiles each, not adjacent); ratio (2 natural tiles per joly)",
        "docs/rules.md §1.14",
        choices=("none", "apart", "ratio"),
    )
    joly_freed_use: str = rule(
        "joly.freed_use",
        "own_formation",
        "a joly freed by a swap: laid this turn in an own formation, in a new formation, or kept in the hand",
        "docs/rules.md §1.14",
        choices=("own_formation", "new_formation", "hand"),
    )
    announce_max_tiles: int = rule(
        "announce.max_tiles",
        3,
        "a player ending a turn with 1 to this many tiles must have announced",
        "docs/rules.md §1.9, §3.15",
        low=0,
        high=14,
    )
    announce_required: bool = rule(
        "announce.required",
        True,
        "the announcement is the player's duty (false: announced automatically, no penalty)",
        "docs/rules.md §1.9, §3.15",
    )
    announce_penalty_points: int = rule(
        "announce.penalty_points",
        500,
        "a player who failed to announce scores minus this, replacing his score",
        "docs/rules.md §1.9, §3.15",
        low=0,
        high=10000,
    )
    announce_penalty: str = rule(
        "announce.penalty",
        "automatic",
        "a missed announcement is penalised automatically, or only when an opponent claims it",
        "docs/rules.md §1.9, §1.14",
        choices=("automatic", "claim"),
    )
    announce_forgive_closer: bool = rule(
        "announce.forgive_closer",
        False,
        "the player who closes is not penalised for a missed announcement",
        "docs/rules.md §1.12, §3.15",
    )
    scoring_values: str = rule(
        "scoring.values",
        "final",
        "table of end-of-hand values: final (docs/rules.md §1.12) or the opening table (§1.5)",
        "docs/rules.md §1.12, §3.21",
        choices=("final", "opening"),
    )
    scoring_value_low: int = rule(
        "scoring.value_low", 5, "final value of a 2-9", "docs/rules.md §1.12", low=0, high=100
    )
    scoring_value_high: int = rule(
        "scoring.value_high", 10, "final value of a 10-13", "docs/rules.md §1.12", low=0, high=100
    )
    scoring_value_ace: int = rule(
        "scoring.value_ace", 25, "final value of a 1", "docs/rules.md §1.12", low=0, high=100
    )
    scoring_value_joly: int = rule(
        "scoring.value_joly", 50, "final value of a joly", "docs/rules.md §1.12", low=0, high=500
    )
    scoring_swapped_joly_points: int = rule(
        "scoring.swapped_joly_points",
        50,
        "final value of a joly that was swapped (turned face down)",
        "docs/rules.md §1.12, §3.12",
        low=0,
        high=500,
    )
    scoring_closing_bonus: int = rule(
        "scoring.closing_bonus",
        50,
        "bonus for the player who closes (închidere)",
        "docs/rules.md §1.12",
        low=0,
        high=1000,
    )
    scoring_joly_close_doubles: str = rule(
        "scoring.joly_close_doubles",
        "closer",
        "whose score is multiplied when the closing tile is a joly",
        "docs/rules.md §1.12, §3.18",
        choices=("closer", "everyone", "none"),
    )
    scoring_joly_close_multiplier: int = rule(
        "scoring.joly_close_multiplier",
        2,
        "the multiplier for a joly closing tile",
        "docs/rules.md §1.12, §3.18",
        low=1,
        high=10,
    )
    scoring_non_opener: str = rule(
        "scoring.non_opener",
        "rack",
        "score of a player who never opened: minus his rack, or a flat amount",
        "docs/rules.md §1.12, §3.20",
        choices=("rack", "flat"),
    )
    scoring_non_opener_points: int = rule(
        "scoring.non_opener_points",
        -100,
        "the flat score of a non-opener when scoring.non_opener = flat",
        "docs/rules.md §1.12, §3.20",
        low=-10000,
        high=0,
    )
    scoring_stock_exhausted: str = rule(
        "scoring.stock_exhausted",
        "normal",
        "scoring when the stock ran out: normal without bonus, or nobody scores",
        "docs/rules.md §1.11, §3.17",
        choices=("normal", "nobody"),
    )
    stock_exhausted: str = rule(
        "stock.exhausted",
        "hand_ends",
        "when the stock runs out: the hand ends, or the șir but its first tile is reshuffled into a new stock once",
        "docs/rules.md §1.14",
        choices=("hand_ends", "reshuffle"),
    )
    scoring_pe_tabla_close: str = rule(
        "scoring.pe_tabla_close",
        "joly_doubles",
        "a pe-tablă close: laid tiles + bonus, doubled by a joly closing tile, or always doubled",
        "docs/rules.md §1.10, §3.19",
        choices=("joly_doubles", "always_doubles"),
    )
    match_end: str = rule(
        "match.end",
        "target",
        "a match ends at a points target or after a fixed number of hands",
        "docs/rules.md §1.13, §3.22",
        choices=("target", "hands"),
    )
    match_target_points: int = rule(
        "match.target_points",
        1000,
        "match target; the single highest total at or above it wins",
        "docs/rules.md §1.13, §3.22",
        low=1,
        high=100000,
    )
    match_hands: int = rule(
        "match.hands",
        4,
        "hands in a match when match.end = hands",
        "docs/rules.md §1.13, §3.22",
        low=1,
        high=1000,
    )

    formation_rules: FormationRules = attrs.field(init=False, eq=False, repr=False)
    opening_points: PointTable = attrs.field(init=False, eq=False, repr=False)
    final_points: PointTable = attrs.field(init=False, eq=False, repr=False)

    def _check_deal(self) -> None:
        """Refuse deal sizes no hand can be played with (each value alone may be in range):
        every rack must fit ``turn.max_rack_tiles`` once its first turn ends (the first player
        discards one tile, the others draw one and discard one, and nobody lays tiles in the
        first round), and the first player's first discard may not empty his rack (a close
        without an opening)."""
        problems = [
            (
                "deal.first_player_tiles",
                self.deal_first_player_tiles,
                self.deal_first_player_tiles < 2,
                "the first player's first discard would empty his rack; deal him at least 2",
            ),
            (
                "deal.first_player_tiles",
                self.deal_first_player_tiles,
                self.deal_first_player_tiles - 1 > self.turn_max_rack_tiles,
                f"after his first discard the first player would hold "
                f"{self.deal_first_player_tiles - 1} tiles, over turn.max_rack_tiles = "
                f"{self.turn_max_rack_tiles}",
            ),
            (
                "deal.other_player_tiles",
                self.deal_other_player_tiles,
                self.deal_other_player_tiles > self.turn_max_rack_tiles,
                f"the other players would end their first turn with "
                f"{self.deal_other_player_tiles} tiles, over turn.max_rack_tiles = "
                f"{self.turn_max_rack_tiles}",
            ),
            (
                "deal.cancel_doubles",
                self.deal_cancel_doubles,
                0 < self.deal_cancel_doubles < 3,
                "nearly every deal would be cancelled; use 3 or more (0: never cancel)",
            ),
            (
                "deal.method",
                self.deal_method,
                self.deal_method == "wall"
                and (self.deal_first_player_tiles, self.deal_other_player_tiles) != (15, 14),
                "the wall deals two stacks of 7 (15 tiles to the first player, 14 to the others)",
            ),
        ]
        for key, value, bad, why in problems:
            if bad:
                raise RulesError(
                    f"{self.name}: {key} = {value}: {why}", source=self.name, key=key, value=value
                )

    def __attrs_post_init__(self) -> None:
        super().__attrs_post_init__()
        if self.players_min > self.players_max:
            raise RulesError(
                f"{self.name}: players.min = {self.players_min} exceeds players.max = {self.players_max}",
                source=self.name,
                key="players.min",
                value=self.players_min,
            )
        self._check_deal()
        object.__setattr__(
            self,
            "formation_rules",
            FormationRules(
                ace_high=self.run_ace_high,
                ace_both_ends=self.run_ace_both_ends,
                set_max_tiles=self.set_max_tiles,
                min_natural_tiles=self.formation_min_natural_tiles,
            ),
        )
        object.__setattr__(
            self,
            "opening_points",
            PointTable(
                low=self.opening_value_low,
                high=self.opening_value_high,
                ace_low_run=self.opening_value_ace_low_run,
                ace_high_run=self.opening_value_ace_high_run,
                ace_set=self.opening_value_ace_set,
                ace_loose=self.opening_value_ace_set,
                joly_in_formation=(
                    self.opening_joly_fixed_points if self.opening_joly_value == "fixed" else None
                ),
                joly_loose=self.scoring_value_joly,
            ),
        )
        if self.scoring_values == "opening":
            final = attrs.evolve(self.opening_points, joly_in_formation=None)
        else:
            final = PointTable(
                low=self.scoring_value_low,
                high=self.scoring_value_high,
                ace_low_run=self.scoring_value_ace,
                ace_high_run=self.scoring_value_ace,
                ace_set=self.scoring_value_ace,
                ace_loose=self.scoring_value_ace,
                joly_in_formation=self.scoring_value_joly,
                joly_loose=self.scoring_value_joly,
            )
        object.__setattr__(self, "final_points", final)
