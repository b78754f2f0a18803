"""Rule sets: the frozen, validated value of every rule id, and loading them from rules/*.toml.

A rule id is a dotted snake_case name, ``section.key`` (``opening.min_points``); in a TOML file
it is the key ``min_points`` of the table ``[opening]`` (STYLE.md 9). Every rule id is an attrs
field whose metadata holds the id, its meaning, the allowed values and the source in
``shared/rules/REFERENCE.md``; that metadata is the single place rules/README.md is checked
against.

A preset file names its ``family`` (``remi`` here; plugins add families with
``register_rules_family``), may ``extends`` another preset, and lists rule ids; unknown keys and
bad values raise ``RulesError`` naming the file, the key and the value.
"""

from __future__ import annotations

import importlib.resources
import re
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any, ClassVar, Final, TypeVar

import attrs

from remi.errors import RulesError, UnknownVariantError
from remi.files import MAX_TOML_BYTES, read_capped
from remi.formations import FormationRules, PointTable

__all__ = [
    "RemiRules",
    "RuleSet",
    "RuleSpec",
    "list_presets",
    "load_rules",
    "preset_path",
    "register_rules_family",
    "rule_specs",
    "rules_family",
]

_SPEC_KEY: Final = "remi_rule"
_INT_TEXT: Final = re.compile(r"[+-]?[0-9]+")  # an integer rule value in --set / record text


@attrs.frozen
class RuleSpec:
    """What one rule id means and which values it takes.

    Attributes:
        rule_id: dotted id, ``section.key``.
        kind: the Python type of its value: ``bool``, ``int`` or ``str``.
        default: the value when a preset does not set it.
        meaning: one line, in English with the Romanian term where there is one.
        source: where the rule comes from (a "Project decisions" number or a section of
            REFERENCE.md, e.g. ``"PD 4; §A.5"``).
        choices: for ``str`` rules, the allowed values.
        low, high: for ``int`` rules, the inclusive range.
        field_name: the attribute of the rule-set class that holds it.
    """

    rule_id: str
    kind: type
    default: Any
    meaning: str
    source: str
    choices: tuple[str, ...] = ()
    low: int | None = None
    high: int | None = None
    field_name: str = ""

    def describe_range(self) -> str:
        """The allowed values in words (``"one of closer, everyone, none"``, ``"0-500"``)."""
        if self.kind is bool:
            return "true or false"
        if self.kind is str:
            return "one of " + ", ".join(self.choices)
        low = "" if self.low is None else str(self.low)
        high = "" if self.high is None else str(self.high)
        return f"integer {low}..{high}"

    def validate(self, value: Any, source: str) -> Any:
        """Return ``value`` if it suits this rule.

        Raises:
            RulesError: naming ``source``, the rule id and the value, when it does not.
        """
        ok = isinstance(value, self.kind) and not (self.kind is int and isinstance(value, bool))
        if ok and self.kind is str and value not in self.choices:
            ok = False
        if ok and self.kind is int:
            if (self.low is not None and value < self.low) or (
                self.high is not None and value > self.high
            ):
                ok = False
        if not ok:
            raise RulesError(
                f"{source}: rule '{self.rule_id}' = {value!r} is not allowed: expected "
                f"{self.describe_range()}",
                source=source,
                key=self.rule_id,
                value=value,
            )
        return value

    def parse_text(self, text: str, source: str) -> Any:
        """Convert a ``--set ID=VALUE`` string to this rule's type and validate it.

        Raises:
            RulesError: when the text is not a value of the rule's type or range.
        """
        value: Any = text
        if self.kind is bool:
            low = text.strip().lower()
            if low in ("true", "yes", "on", "1"):
                value = True
            elif low in ("false", "no", "off", "0"):
                value = False
        elif self.kind is int and _INT_TEXT.fullmatch(text.strip()):
            # ASCII digits only: int() would also take '4_5', '٤٥' or '4５' (found by a new user)
            try:
                value = int(text.strip())
            except ValueError:  # over Python's 4300-digit limit
                value = text
        return self.validate(value, source)


def rule(
    rule_id: str,
    default: Any,
    meaning: str,
    source: str,
    *,
    choices: tuple[str, ...] = (),
    low: int | None = None,
    high: int | None = None,
) -> Any:
    """Declare one rule id as an attrs field of a rule-set class (with its ``RuleSpec``)."""
    spec = RuleSpec(
        rule_id=rule_id,
        kind=type(default),
        default=default,
        meaning=meaning,
        source=source,
        choices=choices,
        low=low,
        high=high,
        field_name=rule_id.replace(".", "_"),
    )
    return attrs.field(default=default, metadata={_SPEC_KEY: spec})


@attrs.frozen(kw_only=True, cache_hash=True)
class RuleSet:
    """Base of every family's rule set: the preset's name, family and description.

    Subclasses add one attrs field per rule id (declared with ``rule``). Values are validated
    on construction, so a ``RuleSet`` that exists is always consistent.

    Attributes:
        name: the preset name (``remi-pe-tabla``) or a label for a file.
        family: the rule family, which selects the state machine (``remi``, ``rummikub``).
        description: one line about the preset.
        overrides: the rule ids changed after loading the preset, as ``(id, value)`` pairs, in
            the order given (kept so records and score sheets can say what was changed).
    """

    FAMILY: ClassVar[str] = ""

    name: str = "custom"
    family: str = ""
    description: str = ""
    overrides: tuple[tuple[str, Any], ...] = ()

    def __attrs_post_init__(self) -> None:
        for spec in rule_specs(type(self)):
            spec.validate(getattr(self, spec.field_name), self.name)

    def get(self, rule_id: str) -> Any:
        """The value of ``rule_id``.

        Raises:
            RulesError: when this family has no such rule id.
        """
        spec = _spec_by_id(type(self)).get(rule_id)
        if spec is None:
            raise RulesError(f"unknown rule id '{rule_id}' for family '{self.family}'", key=rule_id)
        return getattr(self, spec.field_name)

    def values(self) -> dict[str, Any]:
        """Every rule id and its value, in declaration order."""
        return {s.rule_id: getattr(self, s.field_name) for s in rule_specs(type(self))}

    def with_overrides(self, overrides: Mapping[str, Any], source: str = "--set") -> RuleSet:
        """A copy with some rule ids changed; string values are converted (as from ``--set``).

        Raises:
            RulesError: naming ``source``, the key and the value, for an unknown id or bad value.
        """
        specs = _spec_by_id(type(self))
        changes: dict[str, Any] = {}
        recorded = list(self.overrides)
        for key, raw in overrides.items():
            spec = specs.get(key)
            if spec is None:
                raise RulesError(
                    f"{source}: unknown rule id '{key}' for family '{self.family}'"
                    f"{_suggest(key, specs)}",
                    source=source,
                    key=key,
                    value=raw,
                )
            value = (
                spec.parse_text(raw, source)
                if isinstance(raw, str) and spec.kind is not str
                else spec.validate(raw, source)
            )
            changes[spec.field_name] = value
            recorded.append((key, value))
        return attrs.evolve(self, overrides=tuple(recorded), **changes)


_T = TypeVar("_T", bound=RuleSet)


def rule_specs(cls: type[RuleSet]) -> list[RuleSpec]:
    """The ``RuleSpec`` of every rule id of a rule-set class, in declaration order."""
    return [f.metadata[_SPEC_KEY] for f in attrs.fields(cls) if _SPEC_KEY in f.metadata]


def _spec_by_id(cls: type[RuleSet]) -> dict[str, RuleSpec]:
    return {s.rule_id: s for s in rule_specs(cls)}


def _suggest(key: str, specs: Mapping[str, RuleSpec]) -> str:
    import difflib

    close = difflib.get_close_matches(key, list(specs), n=1)
    return f" (did you mean '{close[0]}'?)" if close else ""


@attrs.frozen(kw_only=True, cache_hash=True)
class RemiRules(RuleSet):
    """Rules of Romanian Remi pe tablă (Remi etalat with a discard row, șir).

    Defaults are the binding "Project decisions" of REFERENCE.md (preset ``remi-pe-tabla``);
    every field is one rule id, documented in rules/README.md. Derived values:
    ``formation_rules`` (for ``remi.formations``), ``opening_points`` (§A.5 table) and
    ``final_points`` (§A.12 table).
    """

    FAMILY: ClassVar[str] = "remi"

    players_min: int = rule("players.min", 2, "fewest players at the table", "PD 1", low=2, high=4)
    players_max: int = rule("players.max", 4, "most players at the table", "PD 1", low=2, high=4)
    deal_first_player_tiles: int = rule(
        "deal.first_player_tiles",
        15,
        "tiles dealt to the first player",
        "PD 1; §A.2",
        low=1,
        high=20,
    )
    deal_other_player_tiles: int = rule(
        "deal.other_player_tiles",
        14,
        "tiles dealt to every other player",
        "PD 1; §A.2",
        low=1,
        high=20,
    )
    atu_enabled: bool = rule(
        "atu.enabled",
        False,
        "turn one stock tile face up as the atu (trump) after the deal",
        "PD presets; §A.2.7",
    )
    atu_bonus_points: int = rule(
        "atu.bonus_points",
        50,
        "bonus for announcing the atu's twin in one's first turn",
        "§A.2.7; §A.12",
        low=0,
        high=1000,
    )
    atu_doubles_if_ace_or_joly: bool = rule(
        "atu.doubles_if_ace_or_joly",
        False,
        "every score doubles when the atu is a 1 or a joly",
        "§A.12.5; §D-6",
    )
    atu_lost_on_penalty: bool = rule(
        "atu.lost_on_penalty",
        True,
        "a player penalised for not announcing loses the atu bonus too",
        "§D-4",
    )
    sir_first_discard_dead: bool = rule(
        "sir.first_discard_dead",
        True,
        "the first discard starts the șir (discard row) and can never be taken",
        "PD 2",
    )
    sir_take_last_for_opening: bool = rule(
        "sir.take_last_for_opening",
        True,
        "a player who has not opened may take the last șir tile to use it in his opening (etalare)",
        "PD 5; §C.1 lastDiscardForOpening",
    )
    sir_take_last_without_meld: str = rule(
        "sir.take_last_without_meld",
        "pe_tabla",
        "taking the last șir tile without laying it: only by declaring pe tablă, or never",
        "PD 5, 10",
        choices=("pe_tabla", "forbidden"),
    )
    sir_break_enabled: bool = rule(
        "sir.break_enabled",
        True,
        "breaking the șir elsewhere (rupere): take an earlier tile and every later one",
        "PD 6; §A.7",
    )
    sir_break_min_rack_tiles: int = rule(
        "sir.break_min_rack_tiles",
        4,
        "tiles a player must hold to break the șir elsewhere than its last tile",
        "PD 6; §A.7",
        low=0,
        high=20,
    )
    sir_three_tiles_last_only: bool = rule(
        "sir.three_tiles_last_only",
        True,
        "with 3 tiles on the rack only the last șir tile may be taken",
        "PD 7; §A.9",
    )
    turn_one_two_tiles_attach_only: bool = rule(
        "turn.one_two_tiles_attach_only",
        True,
        "with 1 or 2 tiles: draw from the stock, attach only (no new formation)",
        "PD 7; §A.9",
    )
    turn_meld_from: str = rule(
        "turn.meld_from",
        "first_round",
        "when laying and taking from the șir become possible: after one full round, or after one's own first turn",
        "PD 3; §D-1",
        choices=("first_round", "own_first_turn"),
    )
    turn_max_rack_tiles: int = rule(
        "turn.max_rack_tiles",
        14,
        "most tiles a rack may hold when a turn ends",
        "seed 002; §A.3",
        low=1,
        high=106,
    )
    opening_min_points: int = rule(
        "opening.min_points",
        45,
        "points (opening values) the first etalare must reach",
        "PD 4; §A.5",
        low=0,
        high=500,
    )
    opening_needs_run: bool = rule(
        "opening.needs_run", True, "the opening must contain a run (suită)", "PD 4; §A.5"
    )
    opening_ones_set_exception: bool = rule(
        "opening.ones_set_exception",
        True,
        "a set (terță) of 1s alone is a valid opening without a run",
        "PD 4; §A.5; §D-2",
    )
    opening_layoff_same_turn: bool = rule(
        "opening.layoff_same_turn",
        False,
        "lipire (laying off) is allowed in the opening turn",
        "PD 4; §A.6",
    )
    opening_value_low: int = rule(
        "opening.value_low", 5, "opening value of a 2-9", "§A.5", low=0, high=100
    )
    opening_value_high: int = rule(
        "opening.value_high", 10, "opening value of a 10-13", "§A.5", low=0, high=100
    )
    opening_value_ace_low_run: int = rule(
        "opening.value_ace_low_run", 5, "opening value of a 1 in 1-2-3", "§A.5", low=0, high=100
    )
    opening_value_ace_high_run: int = rule(
        "opening.value_ace_high_run", 10, "opening value of a 1 in 12-13-1", "§A.5", low=0, high=100
    )
    opening_value_ace_set: int = rule(
        "opening.value_ace_set",
        25,
        "opening value of a 1 in a set (terță)",
        "§A.5",
        low=0,
        high=100,
    )
    formation_min_natural_tiles: int = rule(
        "formation.min_natural_tiles",
        1,
        "natural (non-joly) tiles every formation must hold",
        "PD 9; §D-11",
        low=1,
        high=4,
    )
    run_ace_high: bool = rule("run.ace_high", True, "a 1 may end a run after 13 (12-13-1)", "§A.4")
    run_ace_both_ends: bool = rule(
        "run.ace_both_ends", False, "a run may use a 1 at both ends (1-2-...-13-1)", "§D-10"
    )
    set_max_tiles: int = rule(
        "set.max_tiles", 4, "most tiles in a set (terță)", "§A.4", low=3, high=4
    )
    layoff_credit: str = rule(
        "layoff.credit",
        "attacher",
        "who scores a tile laid off (lipit) on another player's formation",
        "PD 13; §A.6",
        choices=("attacher", "owner"),
    )
    joly_layoff_own_only: bool = rule(
        "joly.layoff_own_only",
        True,
        "a joly may be attached only to the attacher's own formations",
        "PD 8; §A.6",
    )
    joly_swap_enabled: bool = rule(
        "joly.swap_enabled",
        True,
        "a joly on the table may be swapped for the tile it stands for",
        "PD 8; §A.8",
    )
    joly_swap_requires_opened: bool = rule(
        "joly.swap_requires_opened",
        False,
        "only a player who opened in an earlier turn may swap a joly",
        "PD 8; §D-12",
    )
    joly_set_of_three_locked: bool = rule(
        "joly.set_of_three_locked",
        True,
        "a joly in a 3-tile set is locked until both missing colours are attached",
        "PD 8; §A.8",
    )
    joly_swap_credit: str = rule(
        "joly.swap_credit",
        "swapper",
        "who scores the tile given in exchange for a joly",
        "PD 13; §D-8",
        choices=("swapper", "owner"),
    )
    announce_max_tiles: int = rule(
        "announce.max_tiles",
        3,
        "a player ending a turn with 1 to this many tiles must have announced",
        "PD 11; §A.9",
        low=0,
        high=14,
    )
    announce_required: bool = rule(
        "announce.required",
        True,
        "the announcement is the player's duty (false: announced automatically, no penalty)",
        "PD 11; §D-3",
    )
    announce_penalty_points: int = rule(
        "announce.penalty_points",
        500,
        "a player who failed to announce scores minus this, replacing his score",
        "PD 11; §A.9",
        low=0,
        high=10000,
    )
    announce_forgive_closer: bool = rule(
        "announce.forgive_closer",
        False,
        "the player who closes is not penalised for a missed announcement",
        "§E RF-4 option",
    )
    scoring_values: str = rule(
        "scoring.values",
        "final",
        "table of end-of-hand values: final (§A.12) or the opening table (§A.5)",
        "PD 13",
        choices=("final", "opening"),
    )
    scoring_value_low: int = rule(
        "scoring.value_low", 5, "final value of a 2-9", "PD 13; §A.12", low=0, high=100
    )
    scoring_value_high: int = rule(
        "scoring.value_high", 10, "final value of a 10-13", "PD 13; §A.12", low=0, high=100
    )
    scoring_value_ace: int = rule(
        "scoring.value_ace", 25, "final value of a 1", "PD 13; §A.12", low=0, high=100
    )
    scoring_value_joly: int = rule(
        "scoring.value_joly", 50, "final value of a joly", "PD 13; §A.12", low=0, high=500
    )
    scoring_swapped_joly_points: int = rule(
        "scoring.swapped_joly_points",
        50,
        "final value of a joly that was swapped (turned face down)",
        "§D-9",
        low=0,
        high=500,
    )
    scoring_closing_bonus: int = rule(
        "scoring.closing_bonus",
        50,
        "bonus for the player who closes (închidere)",
        "PD 13; §A.12",
        low=0,
        high=1000,
    )
    scoring_joly_close_doubles: str = rule(
        "scoring.joly_close_doubles",
        "closer",
        "whose score is multiplied when the closing tile is a joly",
        "PD 13; §D-6",
        choices=("closer", "everyone", "none"),
    )
    scoring_joly_close_multiplier: int = rule(
        "scoring.joly_close_multiplier",
        2,
        "the multiplier for a joly closing tile",
        "PD 13; §D-6",
        low=1,
        high=10,
    )
    scoring_non_opener: str = rule(
        "scoring.non_opener",
        "rack",
        "score of a player who never opened: minus his rack, or a flat amount",
        "PD 13; §D-13",
        choices=("rack", "flat"),
    )
    scoring_non_opener_points: int = rule(
        "scoring.non_opener_points",
        -100,
        "the flat score of a non-opener when scoring.non_opener = flat",
        "§D-13",
        low=-10000,
        high=0,
    )
    scoring_stock_exhausted: str = rule(
        "scoring.stock_exhausted",
        "normal",
        "scoring when the stock ran out: normal without bonus, or nobody scores",
        "PD 12, 13; §D-5",
        choices=("normal", "nobody"),
    )
    scoring_pe_tabla_close: str = rule(
        "scoring.pe_tabla_close",
        "joly_doubles",
        "a pe-tablă close: laid tiles + bonus, doubled by a joly closing tile, or always doubled",
        "PD 10, 13; §D-7",
        choices=("joly_doubles", "always_doubles"),
    )
    match_end: str = rule(
        "match.end",
        "target",
        "a match ends at a points target or after a fixed number of hands",
        "PD 14",
        choices=("target", "hands"),
    )
    match_target_points: int = rule(
        "match.target_points",
        1000,
        "match target; the single highest total at or above it wins",
        "PD 14; §A.13",
        low=1,
        high=100000,
    )
    match_hands: int = rule(
        "match.hands", 4, "hands in a match when match.end = hands", "§A.13", low=1, high=1000
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
                joly_in_formation=None,
                joly_loose=self.scoring_value_joly,
            ),
        )
        if self.scoring_values == "opening":
            final = attrs.evolve(self.opening_points)
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


# ---------------------------------------------------------------------------------------------
# Families and preset files

_FAMILIES: dict[str, type[RuleSet]] = {"remi": RemiRules}
_META_KEYS: Final = ("name", "family", "description", "extends")


def register_rules_family(family: str, cls: type[RuleSet]) -> None:
    """Make preset files with ``family = "<family>"`` load into ``cls`` (used by plugins)."""
    _FAMILIES[family] = cls


def rules_family(family: str) -> type[RuleSet]:
    """The rule-set class of a family.

    Raises:
        UnknownVariantError: when no such family is registered.
    """
    if family not in _FAMILIES:
        from remi import variants  # plugins register their families when discovered

        variants.discover()
    try:
        return _FAMILIES[family]
    except KeyError:
        raise UnknownVariantError(family, list(_FAMILIES)) from None


def preset_dirs() -> list[Path]:
    """Folders searched for preset files: the wheel's ``remi/rule_files``, else the checkout's ``rules/``."""
    dirs: list[Path] = []
    packaged = importlib.resources.files("remi") / "rule_files"
    if packaged.is_dir():
        dirs.append(Path(str(packaged)))
    checkout = Path(__file__).resolve().parent.parent / "rules"
    if checkout.is_dir() and checkout not in dirs:
        dirs.append(checkout)
    return dirs


def list_presets() -> list[str]:
    """Names of every preset file found (file stems, sorted)."""
    names: set[str] = set()
    for d in preset_dirs():
        names.update(p.stem for p in d.glob("*.toml"))
    return sorted(names)


def preset_path(name: str) -> Path:
    """The file of preset ``name``.

    Raises:
        UnknownVariantError: when no preset has that name.
    """
    for d in preset_dirs():
        candidate = d / f"{name}.toml"
        if _is_file(candidate):
            return candidate
    raise UnknownVariantError(name, list_presets())


def _not_a_file(path: Path) -> str:
    """Why ``path`` cannot be read as a rule file, for the error message."""
    try:
        if path.is_dir():
            return "is a folder, not a rule file"
        if path.exists():
            return "is not a regular file (a rule file is a .toml file)"
    except OSError:
        pass
    return "no such rule file"


def _is_file(path: Path) -> bool:
    """``path.is_file()``, False also when the OS refuses the name (too long: found by fuzzing)."""
    try:
        return path.is_file()
    except OSError:
        return False


def read_rules_file(path: Path) -> dict[str, Any]:
    """Read a rule file as TOML.

    Raises:
        RulesError: naming the file when it cannot be read or is not valid TOML.
    """
    try:
        raw = read_capped(path, MAX_TOML_BYTES)
    except OSError as exc:
        raise RulesError(
            f"{path}: cannot read rule file: {exc.strerror}", source=str(path)
        ) from None
    try:
        return tomllib.loads(raw.decode("utf-8-sig"))
    except tomllib.TOMLDecodeError as exc:
        raise RulesError(f"{path}: not valid TOML: {exc}", source=str(path)) from None
    except UnicodeDecodeError as exc:  # found by fuzzing (byte flips)
        raise RulesError(
            f"{path}: not valid TOML: not UTF-8 text (byte {exc.start + 1})", source=str(path)
        ) from None
    except ValueError as exc:  # an integer over Python's 4300-digit limit (found by fuzzing)
        raise RulesError(f"{path}: not valid TOML: {exc}", source=str(path)) from None


def _flatten(data: Mapping[str, Any], source: str) -> dict[str, Any]:
    flat: dict[str, Any] = {}
    for key, value in data.items():
        if key in _META_KEYS:
            continue
        if not isinstance(value, Mapping):
            raise RulesError(
                f"{source}: key '{key}' must be a table of rule ids like [opening] (or one of "
                f"{', '.join(_META_KEYS)})",
                source=source,
                key=key,
                value=value,
            )
        for sub, val in value.items():
            if isinstance(val, Mapping):
                raise RulesError(
                    f"{source}: rule '{key}.{sub}' must be a value, not a table",
                    source=source,
                    key=f"{key}.{sub}",
                    value=val,
                )
            flat[f"{key}.{sub}"] = val
    return flat


def _load_file(path: Path, seen: tuple[Path, ...]) -> RuleSet:
    if path in seen:
        raise RulesError(f"{path}: 'extends' loops back to itself", source=str(path), key="extends")
    data = read_rules_file(path)
    source = str(path)
    for meta in ("name", "family", "description", "extends"):
        if meta in data and not isinstance(data[meta], str):
            raise RulesError(
                f"{source}: '{meta}' must be a string", source=source, key=meta, value=data[meta]
            )
    base: RuleSet | None = None
    if "extends" in data:
        try:
            parent = preset_path(data["extends"])
        except UnknownVariantError as exc:
            raise RulesError(
                f"{source}: extends unknown preset '{data['extends']}'",
                source=source,
                key="extends",
                value=data["extends"],
            ) from exc
        base = _load_file(parent, seen + (path,))
    family = data.get("family", base.family if base else "")
    if not family:
        raise RulesError(
            f"{source}: missing 'family' (e.g. family = \"remi\")", source=source, key="family"
        )
    cls = rules_family(family)
    if base is not None and type(base) is not cls:
        raise RulesError(
            f"{source}: family '{family}' differs from the extended preset's '{base.family}'",
            source=source,
            key="family",
            value=family,
        )
    specs = _spec_by_id(cls)
    values: dict[str, Any] = (
        {} if base is None else {s.field_name: getattr(base, s.field_name) for s in specs.values()}
    )
    for key, value in _flatten(data, source).items():
        spec = specs.get(key)
        if spec is None:
            raise RulesError(
                f"{source}: unknown rule id '{key}' (value {value!r}) for family '{family}'"
                f"{_suggest(key, specs)}",
                source=source,
                key=key,
                value=value,
            )
        values[spec.field_name] = spec.validate(value, source)
    name = data.get("name", path.stem)
    description = data.get("description", base.description if base else "")
    try:
        return cls(name=name, family=family, description=description, **values)
    except RulesError:
        raise
    except (TypeError, ValueError) as exc:  # pragma: no cover - validated above
        raise RulesError(f"{source}: {exc}", source=source) from None


def load_rules(
    name_or_path: str | Path = "remi-pe-tabla",
    overrides: Mapping[str, Any] | None = None,
    *,
    source: str = "--set",
) -> RuleSet:
    """Load a preset by name (``"rummy-45"``) or a rule file by path, then apply ``overrides``.

    Args:
        name_or_path: a preset name from ``list_presets()`` or the path of a ``.toml`` file.
        overrides: rule id -> value (typed, or strings as given to ``--set ID=VALUE``).
        source: how to name the overrides in error messages.

    Returns:
        the frozen rule set of the file's family (``RemiRules`` for family ``remi``).

    Raises:
        UnknownVariantError: no preset of that name and no such file.
        RulesError: a bad file, an unknown rule id or a bad value, naming file, key and value.
    """
    path = Path(name_or_path)
    if (
        isinstance(name_or_path, Path)
        or str(name_or_path).endswith(".toml")
        or "/" in str(name_or_path)
    ):
        if not _is_file(path):
            raise RulesError(f"{path}: {_not_a_file(path)}", source=str(path))
    else:
        try:
            path = preset_path(str(name_or_path))
        except UnknownVariantError as exc:
            if _is_file(path):  # a rule file without .toml or a folder: say how to name it
                raise RulesError(
                    f"{name_or_path!r} is not a preset; to load the file of that name as a rule "
                    f"file, give its path ./{name_or_path} or name it with .toml",
                    source=str(path),
                ) from None
            raise exc from None
    rules = _load_file(path, ())
    if overrides:
        rules = rules.with_overrides(overrides, source)
    return rules
