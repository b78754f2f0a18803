"""Dispute files, the part every rule family shares: reading the TOML (size-capped), typed
keys, the preset with ``[options]`` and ``--set``, the keys every family's file has (players and
their racks, the ``[end]``, ``[expect]``), and the ``Dispute`` value.

A dispute file describes the end of a hand as the players saw it (docs/disputes.md gives every
key). Each family reads the rest of it in its ``DisputeSupport`` (``remi.core.dispute_support``).
Every problem is a ``DisputeError`` whose one-line message starts with the key
(``players.Ana.rack``, ``formations[2].tiles``) and quotes the bad value.
"""

from __future__ import annotations

import tomllib
from collections import Counter
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Final, Protocol

import attrs

from remi.core.errors import NotationError, Reason, RemiError, Told, reason_of
from remi.core.file_reasons import os_reason, toml_reason, tree_reason
from remi.core.files import MAX_DEPTH, MAX_TOML_BYTES, check_tree, read_capped
from remi.core.handend import HandEnd
from remi.core.messages import N_, Messages
from remi.core.notation import parse_tiles
from remi.core.reports import MatchReport, MeldReport, OpeningReport
from remi.core.rulespec import RuleSet
from remi.core.scoring import PlayerScore
from remi.core.tiles import COPIES, JOLY_COUNT, Tile

__all__ = [
    "DEFAULT_PRESET",
    "Dispute",
    "DisputeError",
    "check_tile_counts",
    "DisputeSupport",
    "make_dispute",
    "no_unknown",
    "player_name",
    "read_end",
    "read_expect",
    "read_one_tile",
    "read_players",
    "read_racks",
    "rack_uses",
    "read_tiles",
    "read_toml",
    "show",
    "typed",
]

#: The preset of a dispute or check file without a ``rules`` key.
DEFAULT_PRESET: Final = "remi-pe-tabla"


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

    def localized(self, m: Messages, *, names: Sequence[str] | None = None) -> str:
        """The error in the language of ``m`` (the key and file stay as they are; ``names``
        unused: a dispute file names its players itself): the detail's
        catalogue text when it was given as a ``Told``, else the English ``str()``."""
        if not isinstance(self.detail, Told):
            return str(self)
        text = f"{self.key}: {self.detail.render(m)}" if self.key else self.detail.render(m)
        return f"{self.source}: {text}" if self.source else text

    def in_file(self, path: str | Path) -> DisputeError:
        """The same error naming the file ``path`` first (``bad.toml: players: missing``)."""
        return DisputeError(self.key, self.detail, self.value, source=str(path))


# ---------------------------------------------------------------------------------------------
# Typed keys


def show(value: Any) -> str:
    """``repr(value)`` cut to 80 characters, for quoting a bad value in a message."""
    text = repr(value)
    return text if len(text) <= 80 else text[:77] + "..."


def bad_tiles(exc: NotationError, text: str) -> Told:
    """The detail of a key whose tiles do not parse: the notation error (told in the reader's
    language) and the text as written."""
    return Told(N_("error.dispute.tiles"), why=reason_of(exc), got=show(text))


def because(exc: RemiError) -> Told:
    """The detail of a key whose value another part of remi refused: that error's own text,
    told in the reader's language."""
    return Told(N_("error.because"), why=reason_of(exc))


_TYPE_WORDS: Final = {
    str: N_("dispute.type.str"),
    bool: N_("dispute.type.bool"),
    int: N_("dispute.type.int"),
    dict: N_("dispute.type.dict"),
}


def typed(table: Mapping[str, Any], name: str, key: str, kind: type, default: Any = ...) -> Any:
    """``table[name]`` checked to be of ``kind`` (``str``, ``bool``, ``int`` or ``dict``; a
    TOML boolean is not an integer); ``default`` when absent, required when none is given.

    Raises:
        DisputeError: naming ``key``: missing (and required), or of another type.
    """
    if name not in table:
        if default is ...:
            raise DisputeError(
                key, Told(N_("error.dispute.missing"), expected=Reason(_TYPE_WORDS[kind]))
            )
        return default
    value = table[name]
    ok = isinstance(value, kind) and not (kind is int and isinstance(value, bool))
    if not ok:
        raise DisputeError(
            key,
            Told(N_("error.dispute.type"), expected=Reason(_TYPE_WORDS[kind]), got=show(value)),
            value,
        )
    return value


def no_unknown(table: Mapping[str, Any], allowed: Sequence[str], where: str) -> None:
    """Raise for the first key of ``table`` not in ``allowed`` (``where``: the table's key,
    ``""`` for the top level).

    Raises:
        DisputeError: ``players.Ana.score: unknown key (allowed in players.Ana: rack, ...)``.
    """
    for name in table:
        if name not in allowed:
            key = f"{where}.{name}" if where else name
            raise DisputeError(
                key,
                Told(N_("error.dispute.unknown_key"), allowed=", ".join(allowed))
                if not where
                else Told(
                    N_("error.dispute.unknown_key_in"), where=where, allowed=", ".join(allowed)
                ),
                table[name],
            )


def read_tiles(text: str, key: str) -> tuple[Tile, ...]:
    """The tiles written in ``text`` (``"Y4 R11 J"``).

    Raises:
        DisputeError: bad tile notation, naming ``key``.
    """
    try:
        return parse_tiles(text)
    except NotationError as exc:
        raise DisputeError(key, bad_tiles(exc, text), text) from None


def read_one_tile(text: str, key: str) -> Tile:
    """The one tile written in ``text`` (``"K7"``, ``"J"``).

    Raises:
        DisputeError: bad notation, or not exactly one tile.
    """
    tiles = read_tiles(text, key)
    if len(tiles) != 1:
        raise DisputeError(key, Told(N_("error.dispute.one_tile"), got=show(text)), text)
    return tiles[0]


def check_tile_counts(used: Sequence[tuple[Tile, str]]) -> None:
    """Raise when a tile appears more often than the 106-tile set holds it (two of each
    numbered tile, two jolys); ``used`` pairs each tile with the key it was read from.

    Raises:
        DisputeError: naming the last key that uses the tile and listing every one.
    """
    counts = Counter(t for t, _ in used)
    for tile in sorted(counts, key=lambda t: t.code):
        allowed = JOLY_COUNT if tile.is_joly else COPIES
        if counts[tile] > allowed:
            where = sorted({k for t, k in used if t == tile}, key=[k for _, k in used].index)
            raise DisputeError(
                where[-1],
                Told(
                    N_("error.dispute.tile_count"),
                    tile=str(tile),
                    used=counts[tile],
                    allowed=allowed,
                    keys=", ".join(where),
                ),
                str(tile),
            )


# ---------------------------------------------------------------------------------------------
# The file and its preset


def read_toml(path: str | Path) -> dict[str, Any]:
    """Read a TOML file (at most ``remi.core.files.MAX_TOML_BYTES``).

    Raises:
        DisputeError: the file cannot be read or is not valid TOML (one line, with line/column;
            bytes that are not UTF-8 are invalid TOML).
    """
    p = Path(path)
    try:
        raw = read_capped(p, MAX_TOML_BYTES)
    except (OSError, ValueError) as exc:  # ValueError: a path with a NUL byte (found by fuzzing)
        raise DisputeError(str(p), Told(N_("error.file.unreadable"), why=os_reason(exc))) from None
    try:
        data = tomllib.loads(raw.decode("utf-8-sig"))
        check_tree(data)
        return data
    except RecursionError:
        raise DisputeError(str(p), Told(N_("error.toml.depth"), depth=MAX_DEPTH)) from None
    except tomllib.TOMLDecodeError as exc:
        raise DisputeError(str(p), Told(N_("error.toml.bad"), why=toml_reason(exc))) from None
    except UnicodeDecodeError as exc:  # found by fuzzing (byte flips)
        raise DisputeError(str(p), Told(N_("error.toml.utf8"), byte=exc.start + 1)) from None
    except ValueError as exc:  # a lone surrogate, an integer over Python's 4300-digit limit
        raise DisputeError(str(p), Told(N_("error.toml.bad"), why=tree_reason(exc))) from None


# ---------------------------------------------------------------------------------------------
# Keys every family's dispute file has: players, the close, the expected scores


def read_players(
    data: Mapping[str, Any], rules: RuleSet, allowed: Sequence[str]
) -> dict[str, Mapping[str, Any]]:
    """The ``[players.NAME]`` tables in file order (turn order), each holding only ``allowed``
    keys, their count within ``players.min``..``players.max``.

    Raises:
        DisputeError: no ``[players]``, a player that is not a table, an unknown key, a count
            outside the rules' bounds (naming ``players.min, players.max``).
    """
    players = typed(data, "players", "players", dict)
    low, high = rules.get("players.min"), rules.get("players.max")
    if not low <= len(players) <= high:
        raise DisputeError(
            "players",
            Told(N_("error.dispute.player_count"), players=len(players), low=low, high=high),
            list(players),
        )
    for name, table in players.items():
        key = f"players.{name}"
        if not isinstance(table, dict):
            raise DisputeError(
                key, Told(N_("error.dispute.player_table"), name=name, got=show(table)), table
            )
        no_unknown(table, allowed, key)
    return dict(players)


def read_racks(players: Mapping[str, Mapping[str, Any]]) -> dict[str, tuple[Tile, ...]]:
    """Each player's final ``rack`` (required, tiles in notation), in file order.

    Raises:
        DisputeError: a missing rack, not a string, or bad tile notation (``players.Ana.rack``).
    """
    return {
        name: read_tiles(typed(table, "rack", f"players.{name}.rack", str), f"players.{name}.rack")
        for name, table in players.items()
    }


def rack_uses(racks: Mapping[str, Sequence[Tile]]) -> list[tuple[Tile, str]]:
    """Every rack tile with its key (``players.Ana.rack``), for ``check_tile_counts``."""
    return [(t, f"players.{name}.rack") for name, rack in racks.items() for t in rack]


def player_name(name: str, players: Mapping[str, Any], key: str) -> str:
    """``name`` when it is one of ``players``.

    Raises:
        DisputeError: ``'Zoe' is not a player (players: Ana, Bogdan)``, naming ``key``.
    """
    if name not in players:
        raise DisputeError(
            key,
            Told(N_("error.dispute.not_player"), name=repr(name), players=", ".join(players)),
            name,
        )
    return name


def read_end(
    data: Mapping[str, Any], allowed: Sequence[str], racks: Mapping[str, Sequence[Tile]]
) -> tuple[Mapping[str, Any], str | None, bool]:
    """The ``[end]`` table (only ``allowed`` keys) and how the hand ended:
    ``(end, closed_by, stock_exhausted)``. One player closed (went out) with an empty rack, or
    the stock (pool) ran out; never both, nor neither. ``racks``: player -> final rack.

    Raises:
        DisputeError: no ``[end]``, an unknown key, an unknown closer, a closer holding tiles,
            both ways or neither.
    """
    if "end" not in data:
        raise DisputeError("end", Told(N_("error.dispute.end_missing")))
    end = typed(data, "end", "end", dict)
    no_unknown(end, allowed, "end")
    closed_by = end.get("closed_by")
    if closed_by is not None:
        closed_by = player_name(
            typed(end, "closed_by", "end.closed_by", str), racks, "end.closed_by"
        )
    exhausted = typed(end, "stock_exhausted", "end.stock_exhausted", bool, False)
    if closed_by is not None and exhausted:
        raise DisputeError(
            "end.closed_by",
            Told(N_("error.dispute.end_both"), name=repr(closed_by)),
            closed_by,
        )
    if closed_by is None and not exhausted:
        raise DisputeError("end", Told(N_("error.dispute.end_neither")))
    if closed_by is not None and racks[closed_by]:
        raise DisputeError(
            f"players.{closed_by}.rack",
            Told(
                N_("error.dispute.closer_holds"),
                name=repr(closed_by),
                tiles=" ".join(map(str, racks[closed_by])),
            ),
            tuple(racks[closed_by]),
        )
    return end, closed_by, exhausted


def read_expect(data: Mapping[str, Any], players: Mapping[str, Any]) -> dict[str, int]:
    """The ``[expect]`` table (player -> points; empty when absent).

    Raises:
        DisputeError: an unknown player, or points that are not an integer.
    """
    raw = typed(data, "expect", "expect", dict, {})
    return {
        player_name(name, players, f"expect.{name}"): typed(raw, name, f"expect.{name}", int)
        for name in raw
    }


# ---------------------------------------------------------------------------------------------
# The dispute


@attrs.frozen(kw_only=True)
class Dispute:
    """A validated dispute: the rules in force and the end of the hand, ready to score.

    Attributes:
        source: the file it was read from (or a label).
        rules: the preset with ``[options]`` and ``--set`` applied (any family's rule set).
        end: the end of the hand (for a family scored on the racks only: the racks and how it
            ended, with no formations).
        description: the file's ``description`` (free text).
        expect: the file's ``[expect]`` table (player -> points), documentation checked by the
            test-suite; empty when absent.
    """

    source: str
    rules: RuleSet
    end: HandEnd
    description: str = ""
    expect: Mapping[str, int] = attrs.field(factory=dict)


def make_dispute(
    data: Mapping[str, Any],
    rules: RuleSet,
    end: HandEnd,
    players: Mapping[str, Any],
    source: str,
) -> Dispute:
    """The ``Dispute`` of a validated hand ``end``, with the file's ``description`` and
    ``[expect]`` table (``read_expect``; ``players``: the ``[players]`` tables).

    Raises:
        DisputeError: a ``description`` that is not a string, a bad ``[expect]``.
    """
    return Dispute(
        source=source,
        rules=rules,
        end=end,
        description=typed(data, "description", "description", str, ""),
        expect=read_expect(data, players),
    )


class DisputeSupport(Protocol):
    """What a rule family provides for ``remi score`` and ``remi check``: its dispute files,
    their scoring, and the meld, opening and match questions of check files."""

    def parse_dispute(self, data: Mapping[str, Any], rules: RuleSet, source: str) -> Dispute:
        """Validate the parsed TOML of a dispute file under ``rules`` (already loaded, with
        ``[options]`` and ``--set``); ``source`` labels the ``Dispute``.

        Raises:
            DisputeError: naming the key and the value.
        """
        ...

    def score_dispute(self, dispute: Dispute) -> tuple[PlayerScore, ...]:
        """The explained scores of the hand, one per player in file order."""
        ...

    def meld_report(self, text: str, rules: RuleSet) -> MeldReport:
        """Is ``text`` one valid formation, and what is it worth.

        Raises:
            NotationError: bad tile notation.
        """
        ...

    def opening_report(self, text: str, rules: RuleSet) -> OpeningReport:
        """Would the formations in ``text`` make a valid opening (first meld).

        Raises:
            NotationError: bad notation.
        """
        ...

    def match_report(
        self, totals: Mapping[str, int], rules: RuleSet, *, hands_played: int | None
    ) -> MatchReport:
        """Who won the match with these cumulative ``totals``, in points.

        Raises:
            DisputeError: the family keeps no match (key ``kind``).
        """
        ...
