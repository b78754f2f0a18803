"""Game records: a hand's setup plus its action log, as versioned JSON; loading, saving, replay.

Actions are plain data and are the game log; the format is documented in docs/records.md::

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

Reading a record back (every field checked) is ``remi.core.record_reading``; its rules, actions
and starting state are ``remi.core.record_setup``; ``remi.core.replay.replay`` re-plays it through
the variant of its rules and stops at the first illegal action, reporting its position, text and
rule id; ``remi.core.export.export_for_player`` writes the record as one player saw it.
"""

from __future__ import annotations

import datetime as _dt
import json
from collections.abc import Mapping, Sequence
from collections.abc import Set as AbstractSet
from typing import Any, Final

import attrs

from remi.core.errors import RemiError

__all__ = [
    "FORMAT",
    "HUMAN",
    "VERSION",
    "GameRecord",
    "MatchProgress",
    "PlayerEntry",
    "RecordError",
    "StackedDeal",
    "now_iso",
    "record_to_json",
]

FORMAT: Final = "remi-record"
VERSION: Final = 1
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
        "lang",
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
    """Where a match stood when this hand began (docs/rules.md §1.13).

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
        lang: the language the game is played in (``"en"``, ``"ro"``), or ``""`` when the
            record does not say; ``remi play --load`` resumes in it.
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
    lang: str = ""

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
    if record.lang:
        out["lang"] = record.lang
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


def _refuse_unknown(
    table: Mapping[str, Any], allowed: AbstractSet[str], prefix: str, path: str
) -> None:
    """Raise for the first field of ``table`` (by name) outside ``allowed``; ``prefix`` names
    the table (``"deal."``, ``""`` for the top level)."""
    extra = sorted(set(table) - allowed)
    if extra:
        raise RecordError(
            f"unknown field '{prefix}{extra[0]}' in a version {VERSION} record",
            path=path,
            field=f"{prefix}{extra[0]}",
        )
