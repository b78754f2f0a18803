"""The dispute checker: dispute files (TOML) for ``remi score``, check files and reports for
``remi check``.

A dispute file describes the end of a hand as the players saw it (docs/disputes.md gives every
key); ``load_dispute`` validates all of it (types, unknown keys and players, tile counts against
the 106-tile set, formations, attached tiles, the close) before ``remi.variants.remi_pe_tabla.scoring.score_hand``
scores it. Every problem is a ``DisputeError`` whose one-line message starts with the key
(``players.Ana.rack``, ``formations[2].tiles``; formations are numbered from 1, the first
``[[formations]]`` block) and quotes the bad value.

A check file (``kind = "meld"``, ``"opening"`` or ``"match"``) holds one question for
``remi check file``: a formation, an opening (§E.1) or a match's totals (RF-13).

Other rule families (the Rummikub-style plugin): a dispute file of such a preset gives only
the racks and ``[end] closed_by`` or ``stock_exhausted = true``; it is scored by the variant's
optional ``score_racks`` hook, and ``meld_report`` / ``opening_report`` delegate to the
variant's hooks of the same names (see ``remi.core.variant``).

Rules reference: Project decisions 8-14, §A.1, §A.4-§A.13, §E.
"""

from __future__ import annotations

import tomllib
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, Final

import attrs

from remi.core.errors import (
    AmbiguousFormationError,
    IllegalActionError,
    InvalidFormationError,
    NotationError,
    RemiError,
    RulesError,
    UnknownVariantError,
)
from remi.core.files import MAX_TOML_BYTES, read_capped
from remi.core.formations import Formation, FormationRules, Kind, formation_points, read_formation
from remi.core.notation import SlotToken, parse_formation_tokens, parse_formations_text, parse_tiles
from remi.core.presets import load_rules
from remi.core.rulespec import RuleSet
from remi.core.scoring import PlayerScore
from remi.core.tiles import COLOURS, COPIES, JOLY_COUNT, Tile
from remi.variants.remi_pe_tabla.opening import check_opening, opening_points
from remi.variants.remi_pe_tabla.rules import RemiRules
from remi.variants.remi_pe_tabla.scoring import (
    VIA_LAYOFF,
    VIA_SWAP,
    HandEnd,
    HandEndError,
    PlacedFormation,
    PlacedTile,
    PlayerEnd,
    check_hand_end,
    match_outcome,
    score_hand,
    tile_overuse,
)

__all__ = [
    "DEFAULT_PRESET",
    "CheckCase",
    "Dispute",
    "DisputeError",
    "MatchReport",
    "MeldReport",
    "OpeningReport",
    "joly_identity_text",
    "load_check_file",
    "load_dispute",
    "meld_report",
    "opening_report",
    "parse_check",
    "parse_dispute",
    "run_check",
    "score_dispute",
]

DEFAULT_PRESET: Final = "remi-pe-tabla"
_TOP_KEYS: Final = (
    "rules",
    "description",
    "atu",
    "options",
    "players",
    "formations",
    "end",
    "expect",
)
_PLAYER_KEYS: Final = ("rack", "opened", "announced", "atu", "pe_tabla")
_FORMATION_KEYS: Final = ("owner", "tiles", "added", "exchanged", "swapped")
_END_KEYS: Final = ("closed_by", "closing_tile", "stock_exhausted", "pe_tabla", "atu")
_CHECK_COMMON: Final = ("kind", "rules", "description", "options")
#: The keys each kind of check file may hold besides ``_CHECK_COMMON``: a claim that cannot
#: apply to the kind (``expect_winner`` of a meld) is refused, not reported as a miss.
_CHECK_KIND_KEYS: Final = {
    "meld": ("tiles", "expect_valid", "expect_points", "expect_final_points", "expect_rule"),
    "opening": ("formations", "expect_valid", "expect_points", "expect_rule"),
    "match": ("totals", "hands_played", "expect_winner"),
}
_CHECK_KEYS: Final = _CHECK_COMMON + tuple(
    dict.fromkeys(k for keys in _CHECK_KIND_KEYS.values() for k in keys)
)


class DisputeError(RemiError, ValueError):
    """A dispute or check file (or its command-line overrides) is malformed or inconsistent.

    The message is one line: the key, what is wrong, and the bad value.

    Attributes:
        key: the key concerned (``players.Ana.rack``, ``formations[2].added.Bogdan``, ``end``).
        value: the offending value as read (``None`` when the key is missing).
        detail: the message without the key.
        source: the file it was read from, named first in the message (``""``: none).
    """

    def __init__(self, key: str, message: str, value: Any = None, *, source: str = ""):
        text = f"{key}: {message}" if key else message
        super().__init__(f"{source}: {text}" if source else text)
        self.key = key
        self.value = value
        self.detail = message
        self.source = source

    def in_file(self, path: str | Path) -> DisputeError:
        """The same error naming the file ``path`` first (``bad.toml: players: missing``)."""
        return DisputeError(self.key, self.detail, self.value, source=str(path))


def _show(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 80 else text[:77] + "..."


_TYPE_WORDS: Final = {str: "a string", bool: "true or false", int: "an integer", dict: "a table"}


def _typed(table: Mapping[str, Any], name: str, key: str, kind: type, default: Any = ...) -> Any:
    """``table[name]`` checked to be of ``kind``; ``default`` when absent (required if none)."""
    if name not in table:
        if default is ...:
            raise DisputeError(key, f"missing (expected {_TYPE_WORDS[kind]})")
        return default
    value = table[name]
    ok = isinstance(value, kind) and not (kind is int and isinstance(value, bool))
    if not ok:
        raise DisputeError(key, f"must be {_TYPE_WORDS[kind]}, got {_show(value)}", value)
    return value


def _no_unknown(table: Mapping[str, Any], allowed: Sequence[str], where: str) -> None:
    for name in table:
        if name not in allowed:
            key = f"{where}.{name}" if where else name
            raise DisputeError(
                key,
                f"unknown key (allowed{' in ' + where if where else ''}: {', '.join(allowed)})",
                table[name],
            )


def _tiles(text: str, key: str) -> tuple[Tile, ...]:
    try:
        return parse_tiles(text)
    except NotationError as exc:
        raise DisputeError(key, f"{exc} (got {_show(text)})", text) from None


def _one_tile(text: str, key: str) -> Tile:
    tiles = _tiles(text, key)
    if len(tiles) != 1:
        raise DisputeError(key, f"expected exactly one tile, got {_show(text)}", text)
    return tiles[0]


def read_toml(path: str | Path) -> dict[str, Any]:
    """Read a TOML file.

    Raises:
        DisputeError: the file cannot be read or is not valid TOML (one line, with line/column;
            bytes that are not UTF-8 are invalid TOML).
    """
    p = Path(path)
    try:
        raw = read_capped(p, MAX_TOML_BYTES)
    except OSError as exc:
        raise DisputeError(str(p), f"cannot read the file: {exc.strerror}") from None
    except ValueError as exc:  # a path with a NUL byte (found by fuzzing)
        raise DisputeError(str(p), f"cannot read the file: {exc}") from None
    try:
        return tomllib.loads(raw.decode("utf-8-sig"))
    except tomllib.TOMLDecodeError as exc:
        raise DisputeError(str(p), f"not valid TOML: {exc}") from None
    except UnicodeDecodeError as exc:  # found by fuzzing (byte flips)
        raise DisputeError(
            str(p), f"not valid TOML: not UTF-8 text (byte {exc.start + 1})"
        ) from None
    except ValueError as exc:  # an integer over Python's 4300-digit limit (found by fuzzing)
        raise DisputeError(str(p), f"not valid TOML: {exc}") from None


def _load_rules(
    data: Mapping[str, Any], rules: str | None, overrides: Mapping[str, Any] | None
) -> RemiRules:
    """The file's Remi preset (or ``rules``), then its ``[options]``, then ``overrides`` (--set)."""
    result = _load_any_rules(data, rules, overrides)
    if not isinstance(result, RemiRules):
        key = "--rules" if rules is not None else "rules"
        raise DisputeError(
            key,
            f"preset {result.name!r} is of family {result.family!r}; disputes score Remi hands",
            result.name,
        )
    return result


def _load_any_rules(
    data: Mapping[str, Any], rules: str | None, overrides: Mapping[str, Any] | None
) -> RuleSet:
    """The file's preset of any family (or ``rules``), then ``[options]``, then ``overrides``."""
    if rules is not None:
        name, key = rules, "--rules"
    else:
        name, key = _typed(data, "rules", "rules", str, DEFAULT_PRESET), "rules"
    try:
        loaded = load_rules(name)
    except (UnknownVariantError, RulesError) as exc:
        raise DisputeError(key, str(exc), name) from None
    options = _typed(data, "options", "options", dict, {})
    for rule_id, value in options.items():
        if isinstance(value, (dict, list)):
            raise DisputeError(
                f"options.{rule_id}", f"must be a single value, got {_show(value)}", value
            )
        if not isinstance(value, (bool, int, str)):  # a float or a date: no rule takes one
            raise DisputeError(
                f"options.{rule_id}",
                f"must be true/false, an integer or a string, got {_show(value)}",
                value,
            )
    result = loaded.with_overrides(options, "options") if options else loaded
    if overrides:
        result = result.with_overrides(overrides, "--set")
    return result


def _family_hook(rules: RuleSet, hook: str, key: str = "rules") -> Any:
    """The optional ``hook`` of the variant that plays ``rules`` (a plugin's family).

    Raises:
        DisputeError: when the variant is unknown or lacks the hook.
    """
    from remi.core.variant import variant_for_rules

    try:
        variant = variant_for_rules(rules)
    except UnknownVariantError as exc:
        raise DisputeError(key, str(exc), rules.family) from None
    found = getattr(variant, hook, None)
    if found is None:
        raise DisputeError(
            key,
            f"preset {rules.name!r} is of family {rules.family!r}, whose variant has no {hook!r} hook",
            rules.name,
        )
    return found


# ---------------------------------------------------------------------------------------------
# Dispute files


@attrs.frozen(kw_only=True)
class Dispute:
    """A validated dispute: the rules in force and the end of the hand, ready for ``score_hand``.

    Attributes:
        source: the file it was read from (or a label).
        rules: the preset with ``[options]`` and ``--set`` applied (``RemiRules``, or a
            plugin family's rule set).
        end: the end of the hand (for a plugin family: the racks and how it ended, with no
            formations).
        description: the file's ``description`` (free text).
        expect: the file's ``[expect]`` table (player -> points), documentation checked by the
            test-suite; empty when absent.
    """

    source: str
    rules: RuleSet
    end: HandEnd
    description: str = ""
    expect: Mapping[str, int] = attrs.field(factory=dict)


def load_dispute(
    path: str | Path, *, rules: str | None = None, overrides: Mapping[str, Any] | None = None
) -> Dispute:
    """Read and validate a dispute file.

    Args:
        path: the TOML file.
        rules: a preset name or rule file that replaces the file's ``rules`` (``--rules``).
        overrides: rule id -> value applied after the file's ``[options]`` (``--set``).

    Raises:
        DisputeError: any problem, naming the key and the value (see ``parse_dispute``).
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
    """Validate the parsed TOML of a dispute file and build the ``HandEnd``.

    Raises:
        DisputeError: unknown keys, wrong types, missing ``[players]``/``[end]``, a player count
            outside ``players.min``..``players.max``, unknown players (``formations[i].owner``,
            ``added``, ``exchanged``, ``end.closed_by``, ``expect``), bad tile notation, invalid
            or ambiguous formations (with the rule id), an ``added``/``exchanged`` tile that is
            not in its formation, a joly attached to another player's formation
            (``joly.layoff_own_only``), more ``swapped`` jolys than the formation holds, more
            copies of a tile than the 106-tile set holds, ``closed_by`` with
            ``stock_exhausted`` (or neither), a closer with tiles on his rack, an atu announced
            without an atu tile or rules without atu, a non-opener or pe-tablă player with tiles
            on the table.
        RulesError: an unknown rule id or bad value in ``[options]`` or ``overrides``.
    """
    _no_unknown(data, _TOP_KEYS, "")
    loaded = _load_any_rules(data, rules, overrides)
    if not isinstance(loaded, RemiRules):
        remi_keys = [k for k in data if k not in _RACK_KEYS]
        if rules is not None and remi_keys:
            raise DisputeError(
                "--rules",
                f"preset {loaded.name!r} is of family {loaded.family!r}, but the file is a Remi "
                f"dispute (it has {', '.join(map(repr, remi_keys))}): score it under a Remi preset",
                rules,
            )
        return _parse_rack_dispute(data, loaded, source)
    rr = loaded
    description = _typed(data, "description", "description", str, "")
    players_raw = _typed(data, "players", "players", dict)
    names = list(players_raw)
    if not rr.players_min <= len(names) <= rr.players_max:
        raise DisputeError(
            "players",
            f"{len(names)} players, the rules allow {rr.players_min}-{rr.players_max} "
            "[players.min, players.max]",
            names,
        )
    known = ", ".join(names)

    def player(name: str, key: str) -> str:
        if name not in players_raw:
            raise DisputeError(key, f"{name!r} is not a player (players: {known})", name)
        return name

    used: list[tuple[Tile, str]] = []
    racks: dict[str, tuple[Tile, ...]] = {}
    flags: dict[str, dict[str, Any]] = {}
    for name, table in players_raw.items():
        key = f"players.{name}"
        if not isinstance(table, dict):
            raise DisputeError(
                key, f"must be a table like [players.{name}], got {_show(table)}", table
            )
        _no_unknown(table, _PLAYER_KEYS, key)
        rack_text = _typed(table, "rack", f"{key}.rack", str)
        racks[name] = _tiles(rack_text, f"{key}.rack")
        used += [(t, f"{key}.rack") for t in racks[name]]
        flags[name] = {
            "opened": _typed(table, "opened", f"{key}.opened", bool, None),
            "announced": _typed(table, "announced", f"{key}.announced", bool, True),
            "atu": _typed(table, "atu", f"{key}.atu", bool, False),
            "pe_tabla": _typed(table, "pe_tabla", f"{key}.pe_tabla", bool, False),
        }

    if "end" not in data:
        raise DisputeError(
            "end", "missing [end] table (closed_by + closing_tile, or stock_exhausted = true)"
        )
    end = _typed(data, "end", "end", dict)
    _no_unknown(end, _END_KEYS, "end")
    closed_by = end.get("closed_by")
    if closed_by is not None:
        closed_by = player(_typed(end, "closed_by", "end.closed_by", str), "end.closed_by")
    stock_exhausted = _typed(end, "stock_exhausted", "end.stock_exhausted", bool, False)
    if closed_by is not None and stock_exhausted:
        raise DisputeError(
            "end.closed_by",
            f"{closed_by!r} closed, but stock_exhausted = true: a hand ends one way only",
            closed_by,
        )
    if closed_by is None and not stock_exhausted:
        raise DisputeError("end", "give closed_by (with closing_tile) or stock_exhausted = true")
    closing_tile: Tile | None = None
    if "closing_tile" in end:
        text = _typed(end, "closing_tile", "end.closing_tile", str)
        if closed_by is None:
            raise DisputeError(
                "end.closing_tile", f"{text!r} given but nobody closed (stock_exhausted)", text
            )
        closing_tile = _one_tile(text, "end.closing_tile")
        used.append((closing_tile, "end.closing_tile"))
    elif closed_by is not None:
        raise DisputeError(
            "end.closing_tile", f'missing: the tile {closed_by} discarded last (e.g. "K7" or "J")'
        )
    end_pe_tabla = _typed(end, "pe_tabla", "end.pe_tabla", bool, False)
    if end_pe_tabla:
        if closed_by is None:
            raise DisputeError("end.pe_tabla", "true, but nobody closed", True)
        flags[closed_by]["pe_tabla"] = True
    if closed_by is not None and racks[closed_by]:
        raise DisputeError(
            f"players.{closed_by}.rack",
            f"the closer {closed_by!r} still holds {' '.join(map(str, racks[closed_by]))}; closing empties the rack",
            racks[closed_by],
        )

    atu = _read_atu(data, end)
    if atu is not None and not rr.atu_enabled:
        raise DisputeError(
            "atu" if "atu" in data else "end.atu",
            f"{str(atu)!r} given, but the rules have no atu (atu.enabled = false); "
            'add "atu.enabled" = true to [options]',
            str(atu),
        )
    for name, f in flags.items():
        if f["atu"] and atu is None:
            raise DisputeError(
                f"players.{name}.atu", 'true, but no atu tile is given (atu = "Y9")', True
            )

    formations_raw = data.get("formations", [])
    if not isinstance(formations_raw, list):
        raise DisputeError(
            "formations",
            f"must be an array of tables ([[formations]]), got {_show(formations_raw)}",
            formations_raw,
        )
    placed_formations: list[PlacedFormation] = []
    owners: dict[str, str] = {}
    placers: dict[str, str] = {}
    for i, table in enumerate(formations_raw, start=1):
        key = f"formations[{i}]"
        if not isinstance(table, dict):
            raise DisputeError(key, f"must be a table ([[formations]]), got {_show(table)}", table)
        pf = _read_formation_entry(table, key, rr, player)
        placed_formations.append(pf)
        used += [(t, f"{key}.tiles") for t in pf.formation.tiles]
        owners.setdefault(pf.owner, key)
        for p in pf.placed:
            if p.placed_by != pf.owner:
                placers.setdefault(
                    p.placed_by,
                    f"{key}.{'exchanged' if p.via == VIA_SWAP else 'added'}.{p.placed_by}",
                )

    _check_counts(used)
    players = []
    for name in names:
        f = flags[name]
        key = f"players.{name}"
        closer = name == closed_by
        opened = f["opened"]
        if f["pe_tabla"] and not closer:
            where = owners.get(name) or placers.get(name)
            if where:
                raise DisputeError(
                    f"{key}.pe_tabla",
                    f"{name} declared pe tablă and did not close, so he laid nothing (PD 10), but see {where}",
                    True,
                )
            if opened:
                raise DisputeError(
                    f"{key}.opened",
                    "true, but only a player who never opened may declare pe tablă (PD 10)",
                    True,
                )
            opened = False
        if f["pe_tabla"] and closer and name in placers:
            raise DisputeError(
                placers[name],
                f"{name} closed pe tablă: he lays his own formations and attaches nothing (PD 10)",
            )
        if opened is None:
            opened = name in owners or (closer and f["pe_tabla"])
        if not opened and not (closer and f["pe_tabla"]):
            where = owners.get(name) or placers.get(name)
            if where:
                raise DisputeError(
                    f"{key}.opened", f"false, but {name} has tiles on the table ({where})", False
                )
        players.append(
            PlayerEnd(
                name=name,
                rack=racks[name],
                opened=opened,
                failed_announcement=not f["announced"],
                atu=f["atu"],
                pe_tabla=f["pe_tabla"],
            )
        )
    expect_raw = _typed(data, "expect", "expect", dict, {})
    expect: dict[str, int] = {}
    for name in expect_raw:
        player(name, f"expect.{name}")
        expect[name] = _typed(expect_raw, name, f"expect.{name}", int)
    hand = HandEnd(
        players=tuple(players),
        formations=tuple(placed_formations),
        closed_by=closed_by,
        closing_tile=closing_tile,
        stock_exhausted=stock_exhausted,
        atu=atu,
    )
    try:
        check_hand_end(hand)
    except HandEndError as exc:  # every case is caught above with the file's keys; kept as a net
        raise DisputeError("end", str(exc)) from None
    return Dispute(source=source, rules=rr, end=hand, description=description, expect=expect)


#: The top-level keys of a plugin family's (rack-only) dispute file.
_RACK_KEYS: Final = ("rules", "description", "options", "players", "end", "expect")


def _parse_rack_dispute(data: Mapping[str, Any], rr: RuleSet, source: str) -> Dispute:
    """A plugin family's dispute file: ``[players.X] rack`` and ``[end] closed_by`` or
    ``stock_exhausted = true`` (Rummikub-style scoring uses the racks only, §B.9, §B.10).

    Raises:
        DisputeError: unknown keys (formations, atu, closing_tile...), a bad player count, bad
            tiles, too many copies, an unknown closer, a closer holding tiles, both or neither
            end.
    """
    _no_unknown(data, _RACK_KEYS, "")
    _family_hook(rr, "score_racks")
    description = _typed(data, "description", "description", str, "")
    players_raw = _typed(data, "players", "players", dict)
    low, high = rr.get("players.min"), rr.get("players.max")
    if not low <= len(players_raw) <= high:
        raise DisputeError(
            "players",
            f"{len(players_raw)} players, the rules allow {low}-{high} [players.min, players.max]",
            list(players_raw),
        )
    used: list[tuple[Tile, str]] = []
    players = []
    for name, table in players_raw.items():
        key = f"players.{name}"
        if not isinstance(table, dict):
            raise DisputeError(
                key, f"must be a table like [players.{name}], got {_show(table)}", table
            )
        _no_unknown(table, ("rack",), key)
        rack = _tiles(_typed(table, "rack", f"{key}.rack", str), f"{key}.rack")
        used += [(t, f"{key}.rack") for t in rack]
        players.append(PlayerEnd(name=name, rack=rack, opened=True))
    _check_counts(used)
    if "end" not in data:
        raise DisputeError("end", "missing [end] table (closed_by, or stock_exhausted = true)")
    end = _typed(data, "end", "end", dict)
    _no_unknown(end, ("closed_by", "stock_exhausted"), "end")
    closed_by = end.get("closed_by")
    if closed_by is not None:
        closed_by = _typed(end, "closed_by", "end.closed_by", str)
        if closed_by not in players_raw:
            raise DisputeError(
                "end.closed_by",
                f"{closed_by!r} is not a player (players: {', '.join(players_raw)})",
                closed_by,
            )
    exhausted = _typed(end, "stock_exhausted", "end.stock_exhausted", bool, False)
    if (closed_by is None) == (not exhausted):
        raise DisputeError(
            "end", "give closed_by (the player who went out) or stock_exhausted = true, not both"
        )
    if closed_by is not None and any(p.rack for p in players if p.name == closed_by):
        raise DisputeError(
            f"players.{closed_by}.rack", f"{closed_by!r} went out, so his rack is empty", closed_by
        )
    expect_raw = _typed(data, "expect", "expect", dict, {})
    expect: dict[str, int] = {}
    for name in expect_raw:
        if name not in players_raw:
            raise DisputeError(f"expect.{name}", f"{name!r} is not a player", name)
        expect[name] = _typed(expect_raw, name, f"expect.{name}", int)
    hand = HandEnd(
        players=tuple(players),
        formations=(),
        closed_by=closed_by,
        closing_tile=None,
        stock_exhausted=exhausted,
    )
    return Dispute(source=source, rules=rr, end=hand, description=description, expect=expect)


def score_dispute(dispute: Dispute) -> tuple[PlayerScore, ...]:
    """Score a dispute: ``remi.variants.remi_pe_tabla.scoring.score_hand`` for Remi, the variant's ``score_racks``
    hook (racks in file order, the closer's name or ``None``) for a plugin family."""
    if isinstance(dispute.rules, RemiRules):
        return score_hand(dispute.end, dispute.rules)
    hook = _family_hook(dispute.rules, "score_racks")
    racks = {p.name: p.rack for p in dispute.end.players}
    return tuple(hook(dispute.rules, racks, dispute.end.closed_by))


def _read_atu(data: Mapping[str, Any], end: Mapping[str, Any]) -> Tile | None:
    """The atu tile from the top-level ``atu`` or ``[end] atu`` (not both)."""
    if "atu" in data and "atu" in end:
        raise DisputeError(
            "end.atu", "the atu is given twice (top level and [end]); keep one", end["atu"]
        )
    key = "atu" if "atu" in data else "end.atu"
    table = data if "atu" in data else end
    if "atu" not in table:
        return None
    return _one_tile(_typed(table, "atu", key, str), key)


def _read_formation_entry(
    table: Mapping[str, Any], key: str, rules: RemiRules, player: Any
) -> PlacedFormation:
    """One ``[[formations]]`` block -> a ``PlacedFormation`` (validated)."""
    _no_unknown(table, _FORMATION_KEYS, key)
    owner = player(_typed(table, "owner", f"{key}.owner", str), f"{key}.owner")
    text = _typed(table, "tiles", f"{key}.tiles", str)
    try:
        formation = read_formation(parse_formation_tokens(text), rules.formation_rules)
    except NotationError as exc:
        raise DisputeError(f"{key}.tiles", f"{exc} (got {_show(text)})", text) from None
    except InvalidFormationError as exc:
        raise DisputeError(f"{key}.tiles", str(exc), text) from None
    placed = [PlacedTile(tile=t, placed_by=owner, via="meld") for t in formation.tiles]
    taken = [False] * len(placed)
    for field, via in (("added", VIA_LAYOFF), ("exchanged", VIA_SWAP)):
        by_player = _typed(table, field, f"{key}.{field}", dict, {})
        for name, tiles_text in by_player.items():
            fkey = f"{key}.{field}.{name}"
            player(name, fkey)
            if not isinstance(tiles_text, str):
                raise DisputeError(
                    fkey,
                    f'must be a string of tiles like "R7", got {_show(tiles_text)}',
                    tiles_text,
                )
            for tile in _tiles(tiles_text, fkey):
                if via == VIA_SWAP and tile.is_joly:
                    raise DisputeError(
                        fkey,
                        "the tile given in exchange for a joly is a numbered tile, not J",
                        tiles_text,
                    )
                if tile.is_joly and name != owner and rules.joly_layoff_own_only:
                    raise DisputeError(
                        fkey,
                        f"a joly may be attached only to one's own formations; this one is {owner}'s [joly.layoff_own_only]",
                        tiles_text,
                    )
                slot = next(
                    (j for j, t in enumerate(formation.tiles) if t == tile and not taken[j]), None
                )
                if slot is None:
                    raise DisputeError(
                        fkey,
                        f"tile {tile} is not in the formation {formation} (or is already accounted for)",
                        tiles_text,
                    )
                taken[slot] = True
                placed[slot] = PlacedTile(tile=tile, placed_by=name, via=via)
    _check_laid_part(formation, placed, owner, rules.formation_rules.min_tiles, key)
    swapped = _typed(table, "swapped", f"{key}.swapped", int, 0)
    jolys = [j for j, t in enumerate(formation.tiles) if t.is_joly]
    if swapped < 0:
        raise DisputeError(f"{key}.swapped", f"must be 0 or more, got {swapped}", swapped)
    if swapped > len(jolys):
        raise DisputeError(
            f"{key}.swapped",
            f"{swapped} swapped jolys, but the formation {formation} holds {len(jolys)}",
            swapped,
        )
    for j in jolys[:swapped]:
        placed[j] = attrs.evolve(placed[j], swapped=True)
    return PlacedFormation(owner=owner, formation=formation, placed=tuple(placed))


def _check_laid_part(
    formation: Formation, placed: Sequence[PlacedTile], owner: str, min_tiles: int, key: str
) -> None:
    """Raise unless the tiles not listed in ``added`` could have been laid first (§A.7, §A.9):
    at least ``min_tiles`` of them (``formation.min_tiles``), and for a run one unbroken stretch,
    since lipire adds tiles only at the ends of a run (``layoff.fits``); a tile given in exchange
    for a joly (``exchanged``) stands where the joly stood, so it counts as laid."""
    laid = [j for j, p in enumerate(placed) if p.via != VIA_LAYOFF]
    added = [str(p.tile) for p in placed if p.via == VIA_LAYOFF]
    if not added:
        return
    if len(laid) < min_tiles:
        raise DisputeError(
            f"{key}.added",
            f"with {' '.join(added)} added, {owner} laid only {len(laid)} of the tiles of "
            f"{formation}; a formation is laid with at least {min_tiles} [formation.min_tiles]",
            " ".join(added),
        )
    if formation.kind is Kind.RUN and laid != list(range(laid[0], laid[-1] + 1)):
        inside = [str(placed[j].tile) for j in range(laid[0], laid[-1] + 1) if j not in laid]
        raise DisputeError(
            f"{key}.added",
            f"{' '.join(inside)} sits inside the run {formation}, but lipire adds tiles only at "
            "the ends of a run [layoff.fits]",
            " ".join(inside),
        )


def _check_counts(used: Sequence[tuple[Tile, str]]) -> None:
    """Raise when a tile appears more often than the 106-tile set holds it (§A.1)."""
    counts = Counter(t for t, _ in used)
    for tile in sorted(counts, key=lambda t: t.code):
        allowed = JOLY_COUNT if tile.is_joly else COPIES
        if counts[tile] > allowed:
            where = sorted({k for t, k in used if t == tile}, key=[k for _, k in used].index)
            raise DisputeError(
                where[-1],
                f"tile {tile} is used {counts[tile]} times but the 106-tile set holds {allowed} "
                f"(in {', '.join(where)})",
                str(tile),
            )


# ---------------------------------------------------------------------------------------------
# Checks: one formation, an opening, a match


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
        opening_points: value by the opening table (§A.5), in points.
        final_points: value by the end-of-hand table (``scoring.values``, §A.12), in points.
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
    set does (two of each numbered tile, two jolys; §A.1): no table can show them.

    Raises:
        NotationError: ``R3 appears 3 times; the 106-tile set holds it 2 times``.
    """
    overuse = tile_overuse(s.tile for s in slots)
    if overuse:
        tile, used, allowed = overuse[0]
        raise NotationError(
            f"{tile} appears {used} times; the 106-tile set holds it {allowed} times",
            text=text,
            token=str(tile),
        )


def meld_report(text: str, rules: RuleSet) -> MeldReport:
    """Check one formation written in notation (``"R3 J R5"``, ``"[K12 K13 K1]"``); a plugin
    family's rules are answered by its variant's ``meld_report`` hook.

    Raises:
        NotationError: bad tile notation (bad input, not an invalid formation).
    """
    if not isinstance(rules, RemiRules):
        return _family_hook(rules, "meld_report", "--rules")(text, rules)  # type: ignore[no-any-return]
    slots = parse_formation_tokens(text)
    refuse_overuse(slots, text)
    try:
        f = read_formation(slots, rules.formation_rules)
    except AmbiguousFormationError as exc:
        return MeldReport(
            valid=False, error=str(exc), rule=exc.rule_id, readings=tuple(exc.readings)
        )
    except InvalidFormationError as exc:
        return MeldReport(valid=False, error=str(exc), rule=exc.rule_id)
    return MeldReport(
        valid=True,
        kind=f.kind.value,
        formation=f.text(rules.formation_rules),
        jokers=tuple(joly_identity_text(f, i) for i, t in enumerate(f.tiles) if t.is_joly),
        opening_points=formation_points(f, rules.opening_points),
        final_points=formation_points(f, rules.final_points),
    )


@attrs.frozen(kw_only=True)
class OpeningReport:
    """The answer to ``remi check opening``: would these formations make a valid opening.

    Attributes:
        valid: a valid opening (etalare) under ``opening.*`` (PD 4, §A.5).
        points: its value by the opening table, in points (``None`` when a formation is invalid).
        formations: the formations in canonical notation (those that could be read).
        error, rule: why not, and the rule id (``opening.min_points``, ``opening.needs_run``,
            or the formation's rule id).
    """

    valid: bool
    points: int | None
    formations: tuple[str, ...] = ()
    error: str | None = None
    rule: str | None = None

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


def opening_report(text: str, rules: RuleSet) -> OpeningReport:
    """Check whether the formations in ``text`` (``"[R5 R6 R7] [R10 Y10 B10]"``) make a valid
    opening, with ``remi.variants.remi_pe_tabla.opening.check_opening``; a plugin family's rules are answered by its
    variant's ``opening_report`` hook (the Rummikub-style initial meld).

    Raises:
        NotationError: bad notation (bad input).
    """
    if not isinstance(rules, RemiRules):
        return _family_hook(rules, "opening_report", "--rules")(text, rules)  # type: ignore[no-any-return]
    return check_formations_report(
        text,
        rules.formation_rules,
        check=lambda forms: check_opening(forms, rules),
        points=lambda forms: opening_points(forms, rules),
    )


def check_formations_report(
    text: str,
    formation_rules: FormationRules,
    *,
    check: Callable[[list[Formation]], int],
    points: Callable[[list[Formation]], int],
) -> OpeningReport:
    """Read the formations in ``text`` and judge them as a first meld with ``check``.

    Shared by the Remi opening (etalare, PD 4) and the plugins' first melds (the Rummikub-style
    initial meld, §B.5): ``check`` returns the meld's points or raises ``IllegalActionError``
    with its rule id; ``points`` values a refused meld, in points.

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
                error=f"formation {n}: {exc}",
                rule=exc.rule_id,
            )
    shown = tuple(f.text(formation_rules) for f in formations)
    try:
        total = check(formations)
    except IllegalActionError as exc:
        return OpeningReport(
            valid=False,
            points=points(formations),
            formations=shown,
            error=exc.reason,
            rule=exc.rule_id,
        )
    return OpeningReport(valid=True, points=total, formations=shown)


@attrs.frozen(kw_only=True)
class MatchReport:
    """The answer to a ``kind = "match"`` check file: the match winner (PD 14, RF-13).

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


@attrs.frozen(kw_only=True)
class CheckCase:
    """A validated check file (``remi check file``).

    Attributes:
        kind: ``"meld"``, ``"opening"`` or ``"match"``.
        rules: the rules in force (preset, ``[options]``, ``--set``).
        text: the formation (meld) or formations (opening) in notation; ``""`` for a match.
        totals: for a match, player -> cumulative points; ``hands_played``: hands so far.
        description: free text.
        expect: the file's ``expect_*`` keys without the prefix (``valid``, ``points``,
            ``final_points``, ``rule``, ``winner``): the claims ``expectation_misses`` checks.
    """

    kind: str
    rules: RuleSet
    text: str = ""
    totals: Mapping[str, int] = attrs.field(factory=dict)
    hands_played: int | None = None
    description: str = ""
    expect: Mapping[str, Any] = attrs.field(factory=dict)


def load_check_file(
    path: str | Path, *, rules: str | None = None, overrides: Mapping[str, Any] | None = None
) -> CheckCase:
    """Read and validate a check file (see ``parse_check``).

    Raises:
        DisputeError: unreadable file, bad TOML, unknown keys, wrong types, missing keys.
        RulesError: a bad ``[options]`` or ``--set`` value.
    """
    data = read_toml(path)  # its errors name the file already
    try:
        return parse_check(data, rules=rules, overrides=overrides)
    except DisputeError as exc:
        raise exc.in_file(path) from None


def parse_check(
    data: Mapping[str, Any], *, rules: str | None = None, overrides: Mapping[str, Any] | None = None
) -> CheckCase:
    """Validate the parsed TOML of a check file.

    Keys: ``kind`` ("meld" | "opening" | "match"); ``tiles`` (meld) or ``formations``
    (opening) in notation; ``[totals]`` and optional ``hands_played`` (match); ``rules``,
    ``[options]``, ``description``; ``expect_valid``, ``expect_points``,
    ``expect_final_points``, ``expect_rule``, ``expect_winner`` ("" = no winner yet).

    Raises:
        DisputeError: naming the key and value.
    """
    _no_unknown(data, _CHECK_KEYS, "")
    kind = _typed(data, "kind", "kind", str)
    if kind not in ("meld", "opening", "match"):
        raise DisputeError("kind", f'must be "meld", "opening" or "match", got {_show(kind)}', kind)
    allowed = _CHECK_COMMON + _CHECK_KIND_KEYS[kind]
    for name in data:
        if name not in allowed:
            raise DisputeError(
                name,
                f"not a key of a {kind} check (allowed: {', '.join(allowed)})",
                data[name],
            )
    rr = (
        _load_rules(data, rules, overrides)
        if kind == "match"
        else _load_any_rules(data, rules, overrides)
    )
    text = ""
    totals: dict[str, int] = {}
    hands_played = None
    if kind == "meld":
        text = _typed(data, "tiles", "tiles", str)
    elif kind == "opening":
        text = _typed(data, "formations", "formations", str)
    else:
        raw = _typed(data, "totals", "totals", dict)
        if not raw:
            raise DisputeError("totals", "needs at least one player = points", raw)
        totals = {name: _typed(raw, name, f"totals.{name}", int) for name in raw}
        hands_played = _typed(data, "hands_played", "hands_played", int, None)
        if hands_played is not None and hands_played < 0:
            raise DisputeError(
                "hands_played", f"a count of hands, 0 or more, got {hands_played}", hands_played
            )
    expect: dict[str, Any] = {}
    for name, kind_t in (
        ("valid", bool),
        ("points", int),
        ("final_points", int),
        ("rule", str),
        ("winner", str),
    ):
        key = f"expect_{name}"
        if key in data:
            expect[name] = _typed(data, key, key, kind_t)
    return CheckCase(
        kind=kind,
        rules=rr,
        text=text,
        totals=totals,
        hands_played=hands_played,
        description=_typed(data, "description", "description", str, ""),
        expect=expect,
    )


def expectation_misses(
    case: CheckCase, report: MeldReport | OpeningReport | MatchReport
) -> list[tuple[str, Any, Any]]:
    """The file's ``expect_*`` claims that ``report`` does not bear out, as (key, expected, got)
    with the key as written (``expect_points``); empty when every claim holds.

    ``expect_points`` is an opening's points, or a formation's opening value (§A.5);
    ``expect_final_points`` a formation's end-of-hand value (§A.12); ``expect_winner`` a
    match winner (``""``: none yet, PD 14).
    """
    got: dict[str, Any] = {}
    if isinstance(report, MatchReport):
        got["winner"] = report.winner or ""
    else:
        got["valid"] = report.valid
        got["rule"] = report.rule
        if isinstance(report, OpeningReport):
            got["points"] = report.points
        else:
            got["points"] = report.opening_points
            got["final_points"] = report.final_points
    return [
        (f"expect_{name}", wanted, got.get(name))
        for name, wanted in case.expect.items()
        if got.get(name) != wanted
    ]


def run_check(case: CheckCase) -> MeldReport | OpeningReport | MatchReport:
    """Answer a check file: a ``MeldReport``, an ``OpeningReport`` or a ``MatchReport``.

    Raises:
        DisputeError: bad notation in ``tiles`` / ``formations`` (naming the key).
    """
    key = "tiles" if case.kind == "meld" else "formations"
    try:
        if case.kind == "meld":
            return meld_report(case.text, case.rules)
        if case.kind == "opening":
            return opening_report(case.text, case.rules)
    except NotationError as exc:
        raise DisputeError(key, f"{exc} (got {_show(case.text)})", case.text) from None
    assert isinstance(case.rules, RemiRules)  # parse_check loads Remi rules for a match
    winner, reason = match_outcome(case.totals, case.rules, hands_played=case.hands_played)
    return MatchReport(
        winner=winner,
        totals=case.totals,
        target_points=case.rules.match_target_points,
        reason=reason,
    )
