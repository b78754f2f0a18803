"""Game record files: writing one atomically, and reading one back with every field of the JSON
checked, then its rules, its actions and its deal, so a record that loads is one that replays
(docs/records.md). Reading never changes the file.
"""

from __future__ import annotations

import functools
import json
import os
import tempfile
from collections.abc import Collection, Sequence
from pathlib import Path
from typing import Any

from remi.core.errors import NotationError, Reason, RemiError, reason_of
from remi.core.file_reasons import json_reason, os_reason, tree_reason
from remi.core.files import MAX_DEPTH, MAX_RECORD_BYTES, check_tree, read_capped
from remi.core.messages import LANGUAGES, N_, Messages
from remi.core.notation import parse_tiles
from remi.core.record_schema import validate_record_json
from remi.core.record_setup import checked_rules, complete_record, record_actions, start_state
from remi.core.records import (
    _KEYS,
    FORMAT,
    HUMAN,
    READ_VERSIONS,
    VERSION,
    GameRecord,
    MatchProgress,
    PlayerEntry,
    RecordError,
    StackedDeal,
    _need,
    _refuse_unknown,
    record_to_json,
)

#: Top-level fields a version 2 record may have and a version 1 record may not.
_V2_KEYS = frozenset({"seed_chosen", "program", "rules", "events"})

__all__ = [
    "dump_record",
    "load_record",
    "parse_record",
    "reason_without_path",
]


def parse_record(
    data: Any, path: str = "", *, seat_kinds: Collection[str] | None = None
) -> GameRecord:
    """A ``GameRecord`` from decoded JSON, every field checked.

    Checks: ``format`` is ``"remi-record"``; ``version`` is 1 (another version is an error that
    names it); the fields have their types; players have unique names and non-empty kinds,
    ``"human"`` or one of ``seat_kinds`` when given (the bots layer passes
    ``remi.bots.BOT_KINDS``; ``None`` accepts any kind name, refused later by whoever makes the
    bot); ``seed`` or ``deal`` is present; the deal's tiles parse; the preset loads with the
    overrides; every action line parses (the error gives its 1-based index). Legality of the
    actions is ``remi.core.replay.replay``'s business.

    Raises:
        RecordError: naming the field, version or action at fault.
    """
    if not isinstance(data, dict):
        raise RecordError.from_id("error.record.not_object", fields={"path": path})
    fmt = data.get("format")
    if fmt != FORMAT:
        raise RecordError.from_id(
            "error.record.format",
            fields={"path": path, "field": "format"},
            found=json.dumps(fmt, ensure_ascii=False),
            expected=FORMAT,
        )
    version = data.get("version")
    if version not in READ_VERSIONS or isinstance(version, bool):
        known = ", ".join(str(v) for v in READ_VERSIONS)
        raise RecordError.from_id(
            "error.record.version",
            fields={"path": path, "field": "version"},
            version=json.dumps(version, ensure_ascii=False),
            known=known,
        )
    validate_record_json(data, version, path)
    _refuse_unknown(data, _KEYS if version == VERSION else _KEYS - _V2_KEYS, "", path)
    family = _need(data, "family", str, path, N_("record.what.family"))
    preset = _need(data, "preset", str, path, N_("record.what.preset"))
    raw_overrides = data.get("overrides", {})
    if not isinstance(raw_overrides, dict) or not all(
        isinstance(v, (str, int, float, bool)) for v in raw_overrides.values()
    ):
        raise RecordError.from_id(
            N_("error.record.overrides"), fields={"path": path, "field": "overrides"}
        )
    overrides = tuple((str(k), v) for k, v in raw_overrides.items())
    raw_players = _need(data, "players", list, path, N_("record.what.players"))
    players = []
    for i, entry in enumerate(raw_players):
        where = f"players[{i + 1}]"
        if not isinstance(entry, dict):
            raise RecordError.from_id(
                N_("error.record.player_object"), fields={"path": path, "field": where}, where=where
            )
        _refuse_unknown(entry, {"name", "kind"}, f"{where}.", path)
        name = _need(entry, "name", str, path, N_("record.what.name"), f"{where}.name")
        kind = _need(entry, "kind", str, path, N_("record.what.kind"), f"{where}.kind")
        if not name.strip():
            raise RecordError.from_id(
                N_("error.record.empty"),
                fields={"path": path, "field": f"{where}.name"},
                field=f"{where}.name",
            )
        if not kind.strip():
            raise RecordError.from_id(
                N_("error.record.empty"),
                fields={"path": path, "field": f"{where}.kind"},
                field=f"{where}.kind",
            )
        if seat_kinds is not None and kind != HUMAN and kind not in seat_kinds:
            raise RecordError.from_id(
                N_("error.record.seat_kind"),
                fields={"path": path, "field": f"{where}.kind"},
                field=f"{where}.kind",
                kind=kind,
                known=", ".join(seat_kinds),
            )
        players.append(PlayerEntry(name, kind))
    names = [p.name for p in players]
    dupes = sorted({n for n in names if names.count(n) > 1})
    if dupes:
        raise RecordError.from_id(
            N_("error.record.name_twice"), fields={"path": path, "field": "players"}, name=dupes[0]
        )
    seed = data.get("seed")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        raise RecordError.from_id(
            "error.record.field_type",
            fields={"path": path, "field": "seed"},
            field="seed",
            what=Reason(N_("record.what.seed")),
            got=json.dumps(seed),
        )
    seed_chosen = data.get("seed_chosen", False)
    if not isinstance(seed_chosen, bool):
        raise RecordError.from_id(
            "error.record.field_type",
            fields={"path": path, "field": "seed_chosen"},
            field="seed_chosen",
            what=Reason(N_("dispute.type.bool")),
            got=json.dumps(seed_chosen, default=str),
        )
    deal = None
    if "deal" in data:
        raw_deal = data["deal"]
        if not isinstance(raw_deal, dict):
            raise RecordError.from_id(
                N_("error.record.deal"), fields={"path": path, "field": "deal"}
            )
        _refuse_unknown(raw_deal, {"racks", "stock", "starter", "start_draw"}, "deal.", path)
        racks = _need(raw_deal, "racks", list, path, N_("record.what.racks"), "deal.racks")
        stock = raw_deal.get("stock", "")
        if not all(isinstance(r, str) for r in racks) or not isinstance(stock, str):
            raise RecordError.from_id(
                N_("error.record.deal_strings"), fields={"path": path, "field": "deal"}
            )
        for i, text in enumerate([*racks, stock]):
            where = f"deal.racks[{i + 1}]" if i < len(racks) else "deal.stock"
            try:
                parse_tiles(text)
            except NotationError as exc:
                raise RecordError.from_id(
                    N_("error.record.at"),
                    fields={"path": path, "field": where},
                    where=where,
                    why=reason_of(exc),
                ) from None
        starter = raw_deal.get("starter")
        deal = StackedDeal(
            tuple(racks),
            stock,
            starter=None if starter is None else int(starter) - 1,
            start_draw=tuple(tuple(r) for r in raw_deal.get("start_draw", ())),
        )
        if len(racks) != len(players):
            raise RecordError.from_id(
                N_("error.record.rack_count"),
                fields={"path": path, "field": "deal.racks"},
                racks=len(racks),
                players=len(players),
            )
    elif seed is None:
        raise RecordError.from_id(
            N_("error.record.seed_or_deal"), fields={"path": path, "field": "seed"}
        )
    raw_actions = _need(data, "actions", list, path, N_("record.what.actions"))
    for i, line in enumerate(raw_actions):
        if not isinstance(line, str):
            raise RecordError.from_id(
                N_("error.record.action_text"),
                fields={"path": path, "field": f"actions[{i + 1}]", "index": i + 1},
                index=i + 1,
                got=json.dumps(line, ensure_ascii=False),
            )
    created = data.get("created", "")
    if not isinstance(created, str):
        raise RecordError.from_id(
            N_("error.record.created"), fields={"path": path, "field": "created"}
        )
    lang = data.get("lang", "")
    if lang not in ("", *LANGUAGES):
        raise RecordError.from_id(
            N_("error.record.lang"),
            fields={"path": path, "field": "lang"},
            known=", ".join(LANGUAGES),
        )
    match = None
    if data.get("match") is not None:
        match = _parse_match(data["match"], names, path)
    raw_rules = data.get("rules")
    raw_events = data.get("events")
    if raw_events is not None and len(raw_events) != len(raw_actions):
        raise RecordError.from_id(
            N_("error.record.events"),
            fields={"path": path, "field": "events"},
            events=len(raw_events),
            actions=len(raw_actions),
        )
    record = GameRecord(
        family=family,
        preset=preset,
        overrides=overrides,
        players=tuple(players),
        seed=seed,
        seed_chosen=seed_chosen,
        deal=deal,
        actions=tuple(raw_actions),
        created=created,
        match=match,
        program=str(data.get("program", "")),
        rules=None if raw_rules is None else tuple((str(k), v) for k, v in raw_rules.items()),
        events=None if raw_events is None else tuple(tuple(e) for e in raw_events),
        lang=lang,
    )

    rules = checked_rules(record, path)
    record_actions(record, rules, path=path)
    try:
        start_state(record, rules)
    except RemiError as exc:
        raise RecordError.from_id(
            N_("error.record.deal_start"),
            fields={"path": path, "field": "deal"},
            why=reason_of(exc),
        ) from None
    return record


def _parse_match(raw: Any, names: Sequence[str], path: str) -> MatchProgress:
    if not isinstance(raw, dict):
        raise RecordError.from_id(N_("error.record.match"), fields={"path": path, "field": "match"})
    _refuse_unknown(raw, {"hands_played", "totals", "base_seed", "hands"}, "match.", path)
    hands = _need(raw, "hands_played", int, path, N_("record.what.hands"), "match.hands_played")
    if hands < 0:
        raise RecordError.from_id(
            N_("error.record.hands_negative"),
            fields={"path": path, "field": "match.hands_played"},
            hands=hands,
        )
    base = _need(raw, "base_seed", int, path, N_("record.what.seed"), "match.base_seed")
    totals = _need(raw, "totals", dict, path, N_("record.what.totals"), "match.totals")
    if sorted(totals) != sorted(names) or not all(
        isinstance(v, int) and not isinstance(v, bool) for v in totals.values()
    ):
        raise RecordError.from_id(
            N_("error.record.totals"), fields={"path": path, "field": "match.totals"}
        )
    finished = _parse_hands(raw.get("hands"), hands, totals, names, path)
    return MatchProgress(
        hands_played=hands,
        totals=tuple((n, int(totals[n])) for n in names),
        base_seed=base,
        hands=finished,
    )


def _parse_hands(
    raw: Any, count: int, totals: dict[str, int], names: Sequence[str], path: str
) -> tuple[tuple[tuple[str, int], ...], ...] | None:
    """``match.hands`` checked: ``hands_played`` of them, each scoring every player, adding up
    to ``match.totals`` (docs/rules.md §1.13: a match total is the sum of its hands)."""
    if raw is None:
        return None
    if len(raw) != count:
        raise RecordError.from_id(
            N_("error.record.hands_count"),
            fields={"path": path, "field": "match.hands"},
            listed=len(raw),
            hands=count,
        )
    sums = dict.fromkeys(names, 0)
    out = []
    for i, hand in enumerate(raw, start=1):
        if sorted(hand) != sorted(names):
            raise RecordError.from_id(
                N_("error.record.hand_points"),
                fields={"path": path, "field": f"match.hands[{i}]"},
                index=i,
            )
        for name, points in hand.items():
            sums[name] += points
        out.append(tuple((n, int(hand[n])) for n in hand))
    wrong = [n for n in names if sums[n] != totals[n]]
    if wrong:
        raise RecordError.from_id(
            N_("error.record.totals_sum"),
            fields={"path": path, "field": "match.totals"},
            name=wrong[0],
            points=totals[wrong[0]],
            total=sums[wrong[0]],
        )
    return tuple(out)


def load_record(
    path: str | os.PathLike[str], *, seat_kinds: Collection[str] | None = None
) -> GameRecord:
    """Read a record written by ``dump_record`` (or by hand); the file is only read.

    ``seat_kinds``: the bot kinds a seat may name besides ``"human"`` (see ``parse_record``).

    Raises:
        RecordError: unreadable file, bad UTF-8, malformed JSON (with line and column), wrong
            format or version, a bad field, a bad action line (with its index).
    """
    name = str(path)
    try:
        raw = read_capped(path, MAX_RECORD_BYTES)
    except OSError as exc:
        raise RecordError.from_id(
            "error.record.unreadable", fields={"path": name}, why=os_reason(exc)
        ) from None
    except ValueError as exc:  # a path with a NUL byte (found by fuzzing)
        raise RecordError.from_id(
            "error.record.unreadable", fields={"path": name}, why=exc
        ) from None
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise RecordError.from_id(
            "error.record.not_utf8", fields={"path": name}, byte=exc.start + 1
        ) from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError.from_id(
            N_("error.record.json"),
            fields={"path": name},
            line=exc.lineno,
            column=exc.colno,
            why=json_reason(exc.msg),
        ) from None
    except ValueError:  # an integer over Python's 4300-digit limit (found by fuzzing)
        raise RecordError.from_id(N_("error.record.json_number"), fields={"path": name}) from None
    except RecursionError:
        raise RecordError.from_id(
            N_("error.record.json_depth"), fields={"path": name}, depth=MAX_DEPTH
        ) from None
    try:
        check_tree(data)
    except ValueError as exc:
        raise RecordError.from_id(
            N_("error.record.json_refused"), fields={"path": name}, why=tree_reason(exc)
        ) from None
    return parse_record(data, name, seat_kinds=seat_kinds)


class _WithoutPath(Reason):
    """The text of a ``RecordError`` without its file name in front, told in any language."""

    __slots__ = ("error",)

    def __init__(self, error: RecordError):
        super().__init__("")
        self.error = error

    def render(self, m: Messages, *, names: Sequence[str] | None = None) -> str:
        """The error's text in the language of ``m``, its file name left out (``names``: as
        ``RemiError.localized``)."""
        return self.error.localized(m, names=names).removeprefix(f"{self.error.path}: ")


def reason_without_path(exc: RecordError) -> Reason:
    """The text of ``exc`` without its file name in front, as a parameter of another message
    (told in that message's language)."""
    return _WithoutPath(exc)


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
            raise RecordError.from_id(
                N_("error.record.not_overwritten"),
                fields={"path": str(target), "field": exc.field},
                why=_WithoutPath(exc),
            ) from None
    text = json.dumps(record_to_json(complete_record(record)), ensure_ascii=False, indent=2) + "\n"
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
