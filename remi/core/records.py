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

from remi.core.errors import Reason, RemiError
from remi.core.messages import N_, Messages

__all__ = [
    "FORMAT",
    "HUMAN",
    "VERSION",
    "GameRecord",
    "MatchProgress",
    "READ_VERSIONS",
    "PlayerEntry",
    "RecordError",
    "StackedDeal",
    "now_iso",
    "record_to_json",
]

FORMAT: Final = "remi-record"
#: The version ``record_to_json`` writes.
VERSION: Final = 2
#: Every version ``remi.core.record_files.parse_record`` reads.
READ_VERSIONS: Final = (1, 2)
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
        "seed_chosen",
        "program",
        "rules",
        "events",
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

    def localized(self, m: Messages, *, names: Sequence[str] | None = None) -> str:
        """The error in the language of ``m``, after the file name (``names``: as
        ``RemiError.localized``)."""
        text = super().localized(m, names=names) if self.message_id else str(self)
        return f"{self.path}: {text}" if self.path and self.message_id else text


@attrs.frozen
class PlayerEntry:
    """One seat of a record: the player's name and kind (``"human"`` or a bot kind)."""

    name: str
    kind: str = HUMAN


@attrs.frozen
class StackedDeal:
    """A stacked deal: the racks in seat order and the top of the stock (next draw first), in
    notation. Stock tiles not listed follow in the order the record's ``seed`` (default 0) gives
    them (``remi.variants.remi_pe_tabla.state.new_game``); a version 2 record written by remi
    lists the whole stock, so its deal follows from nothing else.

    Attributes:
        racks: each seat's dealt rack, seat order, in notation.
        stock: the stock (Rummikub: the pool), next draw first, in notation.
        starter: the seat (0-based) that plays first; None for seat 0 (Rummikub: docs/rules.md
            §2.2, the start draw decides).
        start_draw: Rummikub's start draw, each round as ``"pN TILE"`` texts (public; kept so the
            record shows who started and why); empty for Remi.
    """

    racks: tuple[str, ...]
    stock: str = ""
    starter: int | None = None
    start_draw: tuple[tuple[str, ...], ...] = ()


@attrs.frozen(kw_only=True)
class MatchProgress:
    """Where a match stood when this hand began (docs/rules.md §1.13).

    Attributes:
        hands_played: hands finished before this one.
        totals: each player's cumulative score in points before this hand, ``(name, points)``.
        base_seed: hand ``k`` (0-based) of the match is dealt with seed ``base_seed + k``.
        hands: each finished hand's points, ``(name, points)`` in that hand's seat order, in
            play order; ``None`` in a version 1 record (it kept only the totals). When given,
            there are ``hands_played`` of them and they add up to ``totals``.
    """

    hands_played: int
    totals: tuple[tuple[str, int], ...]
    base_seed: int
    hands: tuple[tuple[tuple[str, int], ...], ...] | None = None


@attrs.frozen(kw_only=True)
class GameRecord:
    """One hand as setup plus action log (the unit ``remi play --save`` and ``remi replay`` use).

    Attributes:
        family: the rule family (``"remi"``); selects the variant that replays it.
        preset: the rule preset name (``"remi-pe-tabla"``) or a rule file path.
        overrides: rule ids changed with ``--set``, ``(id, value)`` pairs in order.
        players: one ``PlayerEntry`` per seat, seat order (``p1`` first).
        seed: the shuffle seed (a seeded deal), or with ``deal`` the order of the unlisted stock.
            A new game's seed has 128 random bits (``remi.core.deal.fresh_seed``).
        seed_chosen: the seed was chosen by a person (``remi play --seed N``), so the deal is
            reproducible by anyone who knows it, not secret.
        deal: a stacked deal, or None for a seeded deal.
        actions: the action lines, with seat prefixes (``"p1 discard K2"``).
        created: ISO 8601 time the record was first written.
        match: the match progress when the hand is part of a match, else None.
        program: the program and version that wrote the record (``"remi-rummy 0.1.0"``).
        rules: every rule id's value in force, ``(id, value)`` in declaration order; None for a
            version 1 record (then the preset and overrides give the rules). When given, the
            record replays under these values and ``preset`` is only a label.
        events: each action's events as text (``Event.__str__``), one tuple per action, when the
            writer had them; else None.
        lang: the language the game is played in (``"en"``, ``"ro"``), or ``""`` when the
            record does not say; ``remi play --load`` resumes in it.
    """

    family: str = "remi"
    preset: str = "remi-pe-tabla"
    overrides: tuple[tuple[str, _Scalar], ...] = ()
    players: tuple[PlayerEntry, ...]
    seed: int | None = None
    seed_chosen: bool = False
    deal: StackedDeal | None = None
    actions: tuple[str, ...] = ()
    created: str = ""
    match: MatchProgress | None = None
    program: str = ""
    rules: tuple[tuple[str, _Scalar], ...] | None = None
    events: tuple[tuple[str, ...], ...] | None = None
    lang: str = ""

    def with_actions(self, actions: Sequence[object]) -> GameRecord:
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
    """The JSON object of ``record`` (format and version first; see docs/records.md). A record
    as written is complete (``remi.core.record_setup.complete_record``: program, every rule
    value, the whole deal); ``remi.core.record_files.dump_record`` completes it first."""
    out: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "program": record.program,
        "family": record.family,
        "preset": record.preset,
        "overrides": dict(record.overrides),
    }
    if record.rules is not None:
        out["rules"] = dict(record.rules)
    out["players"] = [{"name": p.name, "kind": p.kind} for p in record.players]
    if record.seed is not None:
        out["seed"] = record.seed
        out["seed_chosen"] = record.seed_chosen
    if record.deal is not None:
        deal: dict[str, Any] = {"racks": list(record.deal.racks), "stock": record.deal.stock}
        if record.deal.starter is not None:
            deal["starter"] = record.deal.starter + 1
        if record.deal.start_draw:
            deal["start_draw"] = [list(r) for r in record.deal.start_draw]
        out["deal"] = deal
    out["actions"] = list(record.actions)
    if record.events is not None:
        out["events"] = [list(e) for e in record.events]
    out["created"] = record.created
    if record.match is not None:
        match: dict[str, Any] = {
            "hands_played": record.match.hands_played,
            "totals": dict(record.match.totals),
            "base_seed": record.match.base_seed,
        }
        if record.match.hands is not None:
            match["hands"] = [dict(hand) for hand in record.match.hands]
        out["match"] = match
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
    """``data[key]`` checked to be of ``kind``; ``what``: the catalogue id (``record.what.*``)
    of the words saying what the field holds."""
    name = field or key
    if key not in data:
        raise RecordError.from_id(
            N_("error.record.missing_field"),
            fields={"path": path, "field": name},
            field=name,
            what=Reason(what),
        )
    value = data[key]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        raise RecordError.from_id(
            N_("error.record.field_type"),
            fields={"path": path, "field": name},
            field=name,
            what=Reason(what),
            got=json.dumps(value, ensure_ascii=False),
        )
    return value


def _refuse_unknown(
    table: Mapping[str, Any], allowed: AbstractSet[str], prefix: str, path: str
) -> None:
    """Raise for the first field of ``table`` (by name) outside ``allowed``; ``prefix`` names
    the table (``"deal."``, ``""`` for the top level)."""
    extra = sorted(set(table) - allowed)
    if extra:
        raise RecordError.from_id(
            "error.record.unknown_field",
            fields={"path": path, "field": f"{prefix}{extra[0]}"},
            field=f"{prefix}{extra[0]}",
            version=VERSION,
        )
