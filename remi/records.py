"""Game records: a hand's setup plus its action log, as versioned JSON; loading, saving, replay.

STYLE.md 3 (actions are the game log) and issue 4; the format is documented in docs/records.md::

    {"format": "remi-record", "version": 1,
     "family": "remi", "preset": "remi-pe-tabla", "overrides": {"opening.min_points": "50"},
     "players": [{"name": "Ana", "kind": "human"}, {"name": "greedy-2", "kind": "greedy"}],
     "seed": 7,                       # or, for a stacked deal:
     "deal": {"racks": ["R5 R6 ...", "..."], "stock": "K5 K7"},
     "actions": ["p1 discard K2", "p2 draw", ...],
     "created": "2024-05-01T12:00:00+00:00",
     "match": {"hands_played": 1, "totals": {"Ana": 120, "greedy-2": -40}, "base_seed": 7}}

``match`` is optional (a hand inside a ``remi play --match``). Files are written atomically
(``dump_record``: a temporary file in the same directory, fsync, ``os.replace``), so a crash
never leaves a half-written save; ``load_record`` only reads, and every defect is a
``RecordError`` naming the field, the version or the action (with its 1-based index). No pickle.

``replay`` re-plays a record through the variant of its rules (``remi.core.variant``) and stops at
the first illegal action, reporting its position, text and rule id.
"""

from __future__ import annotations

import datetime as _dt
import functools
import json
import os
import tempfile
from collections import Counter
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Final

import attrs

from remi.core.errors import IllegalActionError, NotationError, RemiError
from remi.core.files import MAX_RECORD_BYTES, read_capped
from remi.core.notation import parse_tiles
from remi.core.presets import load_rules
from remi.core.rulespec import RuleSet
from remi.core.scoring import PlayerScore

__all__ = [
    "EXPORT_FORMAT",
    "FORMAT",
    "HIDDEN_TILE",
    "HUMAN",
    "VERSION",
    "GameRecord",
    "MatchProgress",
    "PlayerEntry",
    "RecordError",
    "ReplayError",
    "ReplayResult",
    "StackedDeal",
    "dump_record",
    "export_for_player",
    "load_record",
    "now_iso",
    "parse_record",
    "record_actions",
    "record_rules",
    "record_to_json",
    "replay",
    "start_state",
]

FORMAT: Final = "remi-record"
VERSION: Final = 1
#: ``format`` of a record exported for one player (``export_for_player``).
EXPORT_FORMAT: Final = "remi-record-export"
#: Stands for one tile that the exporting player has not seen (another player's draw).
HIDDEN_TILE: Final = "?"
#: The ``kind`` of a seat played by a person (the other kinds are bot kinds).
HUMAN: Final = "human"
_KEYS: Final = frozenset(
    {
        "format",
        "version",
        "family",
        "preset",
        "overrides",
        "players",
        "seed",
        "deal",
        "actions",
        "created",
        "match",
    }
)
_Scalar = str | int | float | bool


class RecordError(RemiError, ValueError):
    """A game record that cannot be read: bad JSON, wrong format or version, a bad field or a
    bad action text. The file is never changed by the attempt to read it.

    Attributes:
        path: the file concerned (``""`` for an in-memory record).
        field: the field at fault (``"version"``, ``"players[1].kind"``, ``"actions[5]"``), or ``""``.
        index: for a bad action, its 1-based position in ``actions``; else None.
    """

    def __init__(self, message: str, *, path: str = "", field: str = "", index: int | None = None):
        super().__init__(f"{path}: {message}" if path else message)
        self.path = path
        self.field = field
        self.index = index


@attrs.frozen
class PlayerEntry:
    """One seat of a record: the player's name and kind (``"human"`` or a bot kind)."""

    name: str
    kind: str = HUMAN


@attrs.frozen
class StackedDeal:
    """A stacked deal: the racks in seat order and the top of the stock (next draw first), in
    notation. Stock tiles not listed follow in the order the record's ``seed`` (default 0) gives
    them (``remi.variants.remi_pe_tabla.state.new_game``)."""

    racks: tuple[str, ...]
    stock: str = ""


@attrs.frozen(kw_only=True)
class MatchProgress:
    """Where a match stood when this hand began (PD 14, §A.13).

    Attributes:
        hands_played: hands finished before this one.
        totals: each player's cumulative score in points before this hand, ``(name, points)``.
        base_seed: hand ``k`` (0-based) of the match is dealt with seed ``base_seed + k``.
    """

    hands_played: int
    totals: tuple[tuple[str, int], ...]
    base_seed: int


@attrs.frozen(kw_only=True)
class GameRecord:
    """One hand as setup plus action log (the unit ``remi play --save`` and ``remi replay`` use).

    Attributes:
        family: the rule family (``"remi"``); selects the variant that replays it.
        preset: the rule preset name (``"remi-pe-tabla"``) or a rule file path.
        overrides: rule ids changed with ``--set``, ``(id, value)`` pairs in order.
        players: one ``PlayerEntry`` per seat, seat order (``p1`` first).
        seed: the shuffle seed (a seeded deal), or with ``deal`` the order of the unlisted stock.
        deal: a stacked deal, or None for a seeded deal.
        actions: the action lines, with seat prefixes (``"p1 discard K2"``).
        created: ISO 8601 time the record was first written.
        match: the match progress when the hand is part of a match, else None.
    """

    family: str = "remi"
    preset: str = "remi-pe-tabla"
    overrides: tuple[tuple[str, _Scalar], ...] = ()
    players: tuple[PlayerEntry, ...]
    seed: int | None = None
    deal: StackedDeal | None = None
    actions: tuple[str, ...] = ()
    created: str = ""
    match: MatchProgress | None = None

    def with_actions(self, actions: Sequence[Any]) -> GameRecord:
        """A copy whose action log is ``actions`` (``Action`` values or lines, as ``str``)."""
        return attrs.evolve(self, actions=tuple(str(a) for a in actions))

    @property
    def names(self) -> tuple[str, ...]:
        """The player names in seat order."""
        return tuple(p.name for p in self.players)


def now_iso() -> str:
    """The current UTC time in ISO 8601, to the second (``2024-05-01T12:00:00+00:00``)."""
    return _dt.datetime.now(_dt.UTC).replace(microsecond=0).isoformat()


# --- JSON <-> record ---------------------------------------------------------------------------


def record_to_json(record: GameRecord) -> dict[str, Any]:
    """The JSON object of ``record`` (format and version first; see docs/records.md)."""
    out: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "family": record.family,
        "preset": record.preset,
        "overrides": dict(record.overrides),
        "players": [{"name": p.name, "kind": p.kind} for p in record.players],
    }
    if record.seed is not None:
        out["seed"] = record.seed
    if record.deal is not None:
        out["deal"] = {"racks": list(record.deal.racks), "stock": record.deal.stock}
    out["actions"] = list(record.actions)
    out["created"] = record.created
    if record.match is not None:
        out["match"] = {
            "hands_played": record.match.hands_played,
            "totals": dict(record.match.totals),
            "base_seed": record.match.base_seed,
        }
    return out


def _need(
    data: Mapping[str, Any],
    key: str,
    kind: type | tuple[type, ...],
    path: str,
    what: str,
    field: str = "",
) -> Any:
    if key not in data:
        raise RecordError(f"missing field '{field or key}' ({what})", path=path, field=field or key)
    value = data[key]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        raise RecordError(
            f"field '{field or key}' must be {what}, got {json.dumps(value, ensure_ascii=False)}",
            path=path,
            field=field or key,
        )
    return value


def parse_record(data: Any, path: str = "") -> GameRecord:
    """A ``GameRecord`` from decoded JSON, every field checked.

    Checks: ``format`` is ``"remi-record"``; ``version`` is 1 (another version is an error that
    names it); the fields have their types; players have unique names and known kinds
    (``"human"``, ``remi.bots.BOT_KINDS``); ``seed`` or ``deal`` is present; the deal's tiles
    parse; the preset loads with the overrides; every action line parses (the error gives its
    1-based index). Legality of the actions is ``replay``'s business.

    Raises:
        RecordError: naming the field, version or action at fault.
    """
    from remi.bots import BOT_KINDS

    if not isinstance(data, dict):
        raise RecordError('a record is a JSON object {"format": "remi-record", ...}', path=path)
    fmt = data.get("format")
    if fmt != FORMAT:
        raise RecordError(
            f"not a remi game record: 'format' is {json.dumps(fmt, ensure_ascii=False)}, expected \"{FORMAT}\"",
            path=path,
            field="format",
        )
    version = data.get("version")
    if version != VERSION or isinstance(version, bool):
        raise RecordError(
            f"unsupported record version {json.dumps(version, ensure_ascii=False)}: this remi reads version {VERSION}",
            path=path,
            field="version",
        )
    unknown = sorted(set(data) - _KEYS)
    if unknown:
        raise RecordError(
            f"unknown field '{unknown[0]}' in a version {VERSION} record",
            path=path,
            field=unknown[0],
        )
    family = _need(data, "family", str, path, 'a rule family name like "remi"')
    preset = _need(data, "preset", str, path, 'a preset name like "remi-pe-tabla"')
    raw_overrides = data.get("overrides", {})
    if not isinstance(raw_overrides, dict) or not all(
        isinstance(v, (str, int, float, bool)) for v in raw_overrides.values()
    ):
        raise RecordError(
            "field 'overrides' must be an object of rule id -> value", path=path, field="overrides"
        )
    overrides = tuple((str(k), v) for k, v in raw_overrides.items())
    raw_players = _need(data, "players", list, path, 'a list of {"name", "kind"}')
    players = []
    for i, entry in enumerate(raw_players):
        where = f"players[{i + 1}]"
        if not isinstance(entry, dict):
            raise RecordError(
                f'\'{where}\' must be an object {{"name", "kind"}}', path=path, field=where
            )
        extra = sorted(set(entry) - {"name", "kind"})
        if extra:
            raise RecordError(
                f"unknown field '{where}.{extra[0]}' in a version {VERSION} record",
                path=path,
                field=f"{where}.{extra[0]}",
            )
        name = _need(entry, "name", str, path, "a non-empty name", f"{where}.name")
        kind = _need(entry, "kind", str, path, '"human" or a bot kind', f"{where}.kind")
        if not name.strip():
            raise RecordError(f"'{where}.name' is empty", path=path, field=f"{where}.name")
        if kind != HUMAN and kind not in BOT_KINDS:
            raise RecordError(
                f"'{where}.kind' is '{kind}'; expected human or one of {', '.join(BOT_KINDS)}",
                path=path,
                field=f"{where}.kind",
            )
        players.append(PlayerEntry(name, kind))
    names = [p.name for p in players]
    dupes = sorted({n for n in names if names.count(n) > 1})
    if dupes:
        raise RecordError(f"player name '{dupes[0]}' appears twice", path=path, field="players")
    seed = data.get("seed")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        raise RecordError(
            f"field 'seed' must be an integer, got {json.dumps(seed)}", path=path, field="seed"
        )
    deal = None
    if "deal" in data:
        raw_deal = data["deal"]
        if not isinstance(raw_deal, dict):
            raise RecordError(
                'field \'deal\' must be {"racks": [...], "stock": "..."}', path=path, field="deal"
            )
        extra = sorted(set(raw_deal) - {"racks", "stock"})
        if extra:
            raise RecordError(
                f"unknown field 'deal.{extra[0]}' in a version {VERSION} record",
                path=path,
                field=f"deal.{extra[0]}",
            )
        racks = _need(raw_deal, "racks", list, path, "a list of racks in notation", "deal.racks")
        stock = raw_deal.get("stock", "")
        if not all(isinstance(r, str) for r in racks) or not isinstance(stock, str):
            raise RecordError(
                "'deal.racks' and 'deal.stock' hold tiles in notation (strings)",
                path=path,
                field="deal",
            )
        for i, text in enumerate([*racks, stock]):
            where = f"deal.racks[{i + 1}]" if i < len(racks) else "deal.stock"
            try:
                parse_tiles(text)
            except NotationError as exc:
                raise RecordError(f"'{where}': {exc}", path=path, field=where) from None
        deal = StackedDeal(tuple(racks), stock)
        if len(racks) != len(players):
            raise RecordError(
                f"'deal.racks' has {len(racks)} racks for {len(players)} players",
                path=path,
                field="deal.racks",
            )
    elif seed is None:
        raise RecordError(
            "a record needs 'seed' (a seeded deal) or 'deal' (a stacked deal)",
            path=path,
            field="seed",
        )
    raw_actions = _need(data, "actions", list, path, 'a list of action lines like "p1 discard K2"')
    for i, line in enumerate(raw_actions):
        if not isinstance(line, str):
            raise RecordError(
                f"action {i + 1} must be a line of text, got {json.dumps(line, ensure_ascii=False)}",
                path=path,
                field=f"actions[{i + 1}]",
                index=i + 1,
            )
    created = data.get("created", "")
    if not isinstance(created, str):
        raise RecordError(
            "field 'created' must be an ISO 8601 time string", path=path, field="created"
        )
    match = None
    if data.get("match") is not None:
        match = _parse_match(data["match"], names, path)
    record = GameRecord(
        family=family,
        preset=preset,
        overrides=overrides,
        players=tuple(players),
        seed=seed,
        deal=deal,
        actions=tuple(raw_actions),
        created=created,
        match=match,
    )
    rules = _rules_or_error(record, path)
    record_actions(record, rules, path=path)
    try:
        start_state(record, rules)
    except RemiError as exc:
        raise RecordError(f"the deal cannot start a hand: {exc}", path=path, field="deal") from None
    return record


def _parse_match(raw: Any, names: Sequence[str], path: str) -> MatchProgress:
    if not isinstance(raw, dict):
        raise RecordError("field 'match' must be an object", path=path, field="match")
    extra = sorted(set(raw) - {"hands_played", "totals", "base_seed"})
    if extra:
        raise RecordError(
            f"unknown field 'match.{extra[0]}' in a version {VERSION} record",
            path=path,
            field=f"match.{extra[0]}",
        )
    hands = _need(raw, "hands_played", int, path, "a count of hands", "match.hands_played")
    base = _need(raw, "base_seed", int, path, "an integer seed", "match.base_seed")
    totals = _need(raw, "totals", dict, path, "an object of player name -> points", "match.totals")
    if sorted(totals) != sorted(names) or not all(
        isinstance(v, int) and not isinstance(v, bool) for v in totals.values()
    ):
        raise RecordError(
            "'match.totals' must give integer points for every player",
            path=path,
            field="match.totals",
        )
    return MatchProgress(
        hands_played=hands, totals=tuple((n, int(totals[n])) for n in names), base_seed=base
    )


def _rules_or_error(record: GameRecord, path: str) -> RuleSet:
    try:
        return record_rules(record)
    except RecordError as exc:
        if (
            path and not exc.path
        ):  # the family check knows no path: name the file like every other defect
            raise RecordError(str(exc), path=path, field=exc.field, index=exc.index) from None
        raise
    except RemiError as exc:
        raise RecordError(f"rules: {exc}", path=path, field="preset") from None


def record_rules(record: GameRecord) -> RuleSet:
    """The rule set of ``record``: its preset with its overrides applied.

    Raises:
        RulesError / UnknownVariantError: an unknown preset or rule id, a bad value.
        RecordError: the preset's family differs from the record's ``family``.
    """
    rules = load_rules(record.preset, dict(record.overrides), source="record overrides")
    if rules.family != record.family:
        raise RecordError(
            f"preset '{record.preset}' is of family '{rules.family}', the record says '{record.family}'",
            field="family",
        )
    return rules


def record_actions(
    record: GameRecord, rules: RuleSet | None = None, *, path: str = ""
) -> list[Any]:
    """The record's action lines parsed with its variant's ``parse_action``.

    Raises:
        RecordError: for a line that does not parse, with its 1-based ``index``.
    """
    from remi.core.variant import variant_for_rules

    rules = rules if rules is not None else record_rules(record)
    variant = variant_for_rules(rules)
    out = []
    for i, line in enumerate(record.actions, start=1):
        try:
            out.append(variant.parse_action(line, rules))
        except NotationError as exc:
            raise RecordError(
                f"action {i} '{line}': {exc}", path=path, field=f"actions[{i}]", index=i
            ) from None
    return out


def start_state(record: GameRecord, rules: RuleSet | None = None) -> Any:
    """The state at the start of the record's hand (before any action).

    Raises:
        RulesError: a deal that does not fit the rules (rack sizes, too many copies of a tile).
    """
    from remi.core.variant import variant_for_rules

    rules = rules if rules is not None else record_rules(record)
    variant = variant_for_rules(rules)
    n = len(record.players)
    if record.deal is None:
        return variant.new_game(rules, n, seed=record.seed)
    return variant.new_game(
        rules,
        n,
        seed=record.seed if record.seed is not None else 0,
        racks=[parse_tiles(r) for r in record.deal.racks],
        stock=parse_tiles(record.deal.stock),
    )


# --- files ---------------------------------------------------------------------------------------


@functools.cache
def _umask() -> int:
    """The process umask (read once, by setting it and putting it back)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def dump_record(record: GameRecord, path: str | os.PathLike[str]) -> None:
    """Write ``record`` as JSON to ``path`` atomically.

    The text goes to a temporary file in the same directory, is flushed and fsync'ed, and then
    replaces ``path`` with ``os.replace`` (atomic on POSIX and Windows): a reader sees the old
    file or the new one, never a half-written one, and a crash leaves the previous save intact.

    An existing ``path`` is replaced only when it is itself a readable game record: a corrupted
    file, a record of an unknown version or any other file is never overwritten (the user can
    still inspect or repair it; delete it to save there).

    Raises:
        RecordError: ``path`` exists and is not a readable record (the file is left untouched).
        OSError: the directory is not writable (the temporary file is removed).
    """
    target = Path(path)
    if target.exists():
        try:
            load_record(target)
        except RecordError as exc:
            reason = str(exc).removeprefix(f"{target}: ")
            raise RecordError(
                f"not overwritten: the file is not a readable game record ({reason})",
                path=str(target),
                field=exc.field,
            ) from None
    text = json.dumps(record_to_json(record), ensure_ascii=False, indent=2) + "\n"
    directory = target.parent if str(target.parent) else Path(".")
    fd, tmp_name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=directory)
    try:
        # mkstemp makes the file private (0600); a save gets the mode of any new file (umask)
        os.chmod(tmp_name, 0o666 & ~_umask())
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp_name, target)
    except BaseException:
        try:
            os.unlink(tmp_name)
        except FileNotFoundError:
            pass
        raise
    try:  # make the rename itself durable (not possible on every platform)
        dir_fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(dir_fd)
    except OSError:
        pass
    finally:
        os.close(dir_fd)


def load_record(path: str | os.PathLike[str]) -> GameRecord:
    """Read a record written by ``dump_record`` (or by hand); the file is only read.

    Raises:
        RecordError: unreadable file, bad UTF-8, malformed JSON (with line and column), wrong
            format or version, a bad field, a bad action line (with its index).
    """
    name = str(path)
    try:
        raw = read_capped(path, MAX_RECORD_BYTES)
    except OSError as exc:
        raise RecordError(f"cannot read the record: {exc.strerror or exc}", path=name) from None
    except ValueError as exc:  # a path with a NUL byte (found by fuzzing)
        raise RecordError(f"cannot read the record: {exc}", path=name) from None
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise RecordError(f"not UTF-8 text (byte {exc.start + 1})", path=name) from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        where = f"line {exc.lineno}, column {exc.colno}"
        detail = (  # json's "Unterminated string starting at" names the place itself
            f"{exc.msg} {where}" if exc.msg.endswith(" at") else f"at {where}: {exc.msg}"
        )
        raise RecordError(
            f"malformed JSON {detail} (truncated or corrupted file?)", path=name
        ) from None
    except ValueError as exc:  # an integer over Python's 4300-digit limit (found by fuzzing)
        raise RecordError(f"malformed JSON: {exc}", path=name) from None
    return parse_record(data, name)


# --- replay --------------------------------------------------------------------------------------


@attrs.frozen(kw_only=True)
class ReplayError:
    """The first action of a record that the rules refuse.

    Attributes:
        position: its 1-based index in ``actions``.
        action: the action line as written in the record.
        rule_id: the rule that refuses it (``opening.min_points``...).
        message: the engine's full explanation.
    """

    position: int
    action: str
    rule_id: str
    message: str


@attrs.frozen(kw_only=True)
class ReplayResult:
    """What re-playing a record gave.

    Attributes:
        record: the record replayed.
        state: the state after the last legal action (the final state when all were legal).
        actions: the actions applied, in order.
        error: the first illegal action, or None when every action was legal.
        scores: the explained hand scores (``remi.core.scoring.PlayerScore``, seat order) when the
            hand has ended, else ``()``.
    """

    record: GameRecord
    state: Any = attrs.field(repr=False)
    actions: tuple[Any, ...]
    error: ReplayError | None
    scores: tuple[PlayerScore, ...]

    @property
    def ok(self) -> bool:
        """Every action of the record was legal."""
        return self.error is None

    @property
    def over(self) -> bool:
        """The hand has ended (then ``scores`` are set)."""
        return bool(self.scores)


def replay(record: GameRecord) -> ReplayResult:
    """Re-play ``record`` through its variant (``remi.core.variant.variant_for_rules``).

    Stops at the first illegal action and reports it (position, text, rule id); the state
    returned is the one just before it.

    Raises:
        RecordError: bad rules, deal or action text (as ``load_record`` would report them).
    """
    from remi.core.variant import variant_for_rules

    rules = _rules_or_error(record, "")
    variant = variant_for_rules(rules)
    actions = record_actions(record, rules)
    try:
        state = start_state(record, rules)
    except RemiError as exc:
        raise RecordError(f"the deal cannot start a hand: {exc}", field="deal") from None
    applied: list[Any] = []
    error = None
    for i, (line, action) in enumerate(zip(record.actions, actions), start=1):
        try:
            state = variant.apply(state, action)
        except IllegalActionError as exc:
            error = ReplayError(position=i, action=line, rule_id=exc.rule_id, message=str(exc))
            break
        applied.append(action)
    scores = variant.score(state, record.names) if variant.is_over(state) else ()
    return ReplayResult(
        record=record, state=state, actions=tuple(applied), error=error, scores=scores
    )


# --- export for one player -----------------------------------------------------------------------


def _hidden_count(view: Any) -> int:
    """Tiles left face down (Remi ``stock_count``, Rummikub-style ``pool_count``)."""
    for name in ("stock_count", "pool_count"):
        if hasattr(view, name):
            return int(getattr(view, name))
    raise RemiError(f"a view of type {type(view).__name__} gives no stock or pool count")


def _tiles_text(tiles: Any) -> str:
    return " ".join(str(t) for t in tiles)


def export_for_player(record: GameRecord, seat: int) -> dict[str, Any]:
    """The record as seat ``seat`` (0-based) saw the hand: JSON with the hidden information removed.

    Built only from that player's views (``variant.view(state, seat)``) along the replay, so it
    holds nothing the player could not see: his own starting rack, the public action lines, the
    tiles *he* drew, and ``"?"`` (``HIDDEN_TILE``) for each tile another player drew. Removed:
    the other racks of the deal, the stock order, the ``seed`` (it would re-create the deal) and
    ``match.base_seed`` (it would re-create every deal of the match). Once the hand has ended,
    the final racks are public and included. Format (docs/records.md, "Export for one player")::

        {"format": "remi-record-export", "version": 1, "seat": 1, "player": "Ana",
         "family": "remi", "preset": "remi-pe-tabla", "overrides": {}, "players": [...],
         "created": "...", "rack": "R5 R6 ...", "stock_count": 77,
         "actions": [{"action": "p1 discard B4"}, {"action": "p2 draw", "drew": "?"},
                     {"action": "p1 draw", "drew": "K7"}, ...],
         "error": null, "over": true, "final_racks": ["", "Y3 Y5 ..."],
         "match": {"hands_played": 1, "totals": {"Ana": 120, "Bogdan": -40}}}

    ``error`` is the first illegal action's ``position`` and ``rule_id`` (and its ``action`` text
    when the exporting player made it); the export stops there, as ``replay`` does.

    Raises:
        RecordError: a seat that is not at the table; bad rules, deal or action text (as
            ``replay``).
    """
    from remi.core.variant import variant_for_rules

    if not 0 <= seat < len(record.players):
        raise RecordError(
            f"no seat p{seat + 1} in a record of {len(record.players)} players", field="seat"
        )
    result = replay(record)
    rules = record_rules(record)
    variant = variant_for_rules(rules)
    state = start_state(record, rules)
    first = variant.view(state, seat)
    actions: list[dict[str, str]] = []
    for line, action in zip(record.actions, result.actions):
        before = variant.view(state, seat)
        state = variant.apply(state, action)
        after = variant.view(state, seat)
        entry = {"action": line}
        drawn = _hidden_count(before) - _hidden_count(after)
        if drawn > 0:
            if getattr(action, "player", None) == seat:
                gained = Counter(after.rack) - Counter(before.rack)
                entry["drew"] = (
                    _tiles_text(sorted(gained.elements()))
                    if sum(gained.values()) == drawn
                    else " ".join([HIDDEN_TILE] * drawn)
                )
            else:
                entry["drew"] = " ".join([HIDDEN_TILE] * drawn)
        actions.append(entry)
    error: dict[str, Any] | None = None
    if result.error is not None:
        error = {"position": result.error.position, "rule_id": result.error.rule_id}
        if result.error.action.strip().lower().startswith(f"p{seat + 1} "):
            error["action"] = result.error.action
    last = variant.view(state, seat)
    over = variant.is_over(state)
    out: dict[str, Any] = {
        "format": EXPORT_FORMAT,
        "version": VERSION,
        "seat": seat + 1,
        "player": record.players[seat].name,
        "family": record.family,
        "preset": record.preset,
        "overrides": dict(record.overrides),
        "players": [{"name": p.name, "kind": p.kind} for p in record.players],
        "created": record.created,
        "rack": _tiles_text(first.rack),
        "stock_count": _hidden_count(first),
        "actions": actions,
        "error": error,
        "over": over,
        "final_racks": [_tiles_text(r) for r in last.final_racks]
        if over and last.final_racks
        else None,
    }
    if record.match is not None:
        out["match"] = {
            "hands_played": record.match.hands_played,
            "totals": dict(record.match.totals),
        }
    return out
