"""The JSON vocabulary every command's ``--json`` output is made of (docs/cli.md; each
command's JSON Schema in remi/schemas/ names these shapes in ``common.schema.json``).

One shape each, whatever the command: a **player** ``{"seat", "name"}`` (seats numbered from 1,
as the notation's ``p1``); a **score** ``{"seat", "name", "points", "lines"}``, a list of them
under ``scores``; a score **line** ``{"rule", "points", "parts", "text"}``; the **rules**
``{"preset", "family", "overrides"}``; a **formation** ``{"notation", "kind"}``; an **error**
``{"message", "text", "id", "params", "rule", "path", "field", "token"}``. Every object that
carries a sentence holds it language-neutral (a message id and its parameters, a rule id,
numbers) and as ``text`` in the command's ``--lang``; ``message`` is the English sentence.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from remi.core.errors import (
    IllegalActionError,
    InvalidFormationError,
    NotationError,
    RemiError,
    RulesError,
)
from remi.core.messages import Messages
from remi.core.presets import load_rules
from remi.core.rulespec import RuleSet
from remi.core.scoring import PlayerScore, ScoreLine

if TYPE_CHECKING:  # records are read by a few commands only (start-up of the others)
    from remi.core.records import GameRecord

__all__ = [
    "error_object",
    "exception_error",
    "formation_object",
    "jsonable",
    "player_object",
    "record_rules_object",
    "rules_object",
    "score_object",
    "scores_list",
]


def jsonable(value: Any) -> Any:
    """``value`` as JSON holds it: numbers, strings, booleans and null as they are, lists for
    tuples, objects for mappings, any other value as its text."""
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, Mapping):
        return {str(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [jsonable(v) for v in value]
    return str(value)


def player_object(seat: int, name: str, kind: str | None = None) -> dict[str, Any]:
    """A player: ``{"seat": seat + 1, "name": name}`` (``seat`` 0-based in code, 1-based in
    notation and output), with ``"kind"`` (``"human"`` or a bot kind) when known."""
    out: dict[str, Any] = {"seat": seat + 1, "name": name}
    if kind is not None:
        out["kind"] = kind
    return out


def _line_object(line: ScoreLine, m: Messages) -> dict[str, Any]:
    """A score line: its rule id, points, catalogue parts and text in the language of ``m``."""
    return {
        "rule": line.rule_id,
        "points": line.points,
        "parts": [{"id": key, "params": jsonable(dict(params))} for key, params in line.parts],
        "text": line.localized(m),
    }


def score_object(seat: int, score: PlayerScore, m: Messages) -> dict[str, Any]:
    """One player's score: the player (``seat`` 0-based), ``points`` and the explained
    ``lines`` (docs/rules.md §1.9, §2.9); ``sum(line.points) == points``."""
    return {
        **player_object(seat, score.name),
        "points": score.score,
        "lines": [_line_object(line, m) for line in score.lines],
    }


def scores_list(scores: Iterable[PlayerScore], m: Messages) -> list[dict[str, Any]]:
    """The ``scores`` of every command: one score object per player, in seat order."""
    return [score_object(seat, ps, m) for seat, ps in enumerate(scores)]


def rules_object(rules: RuleSet, text: str | None = None) -> dict[str, Any]:
    """The rules in force: ``{"preset", "family", "overrides"}`` (the rule ids changed from the
    preset by ``--set`` or a file's options, id -> value), plus ``text`` (a note on them) when
    given."""
    out: dict[str, Any] = {
        "preset": rules.name,
        "family": rules.family,
        "overrides": {key: jsonable(value) for key, value in rules.overrides},
    }
    if text is not None:
        out["text"] = text
    return out


def record_rules_object(record: GameRecord) -> dict[str, Any]:
    """The rules a game record is replayed under (``remi.core.record_setup.record_rules``):
    ``overrides`` are the rule ids whose value differs from the preset of the same name as
    installed here (the record's own overrides when that preset is unknown here), ``text``
    says which in English (``rules_note``)."""
    from remi.core.record_setup import record_rules, rules_note

    rules = record_rules(record)
    out = rules_object(rules, rules_note(record))
    try:
        preset = load_rules(record.preset)
    except RemiError:
        out["overrides"] = {key: jsonable(value) for key, value in record.overrides}
        return out
    if preset.family == rules.family:
        theirs = preset.values()
        out["overrides"] = {
            key: jsonable(value)
            for key, value in rules.values().items()
            if value != theirs.get(key)
        }
    return out


def formation_object(notation: str, kind: str | None, points: int | None = None) -> dict[str, Any]:
    """A formation: its canonical ``notation`` and ``kind`` (``"run"`` suită, ``"set"`` terță),
    with ``points`` when the command values it."""
    out: dict[str, Any] = {"notation": notation, "kind": kind}
    if points is not None:
        out["points"] = points
    return out


def error_object(
    message: str,
    *,
    text: str | None = None,
    message_id: str | None = None,
    params: Mapping[str, object] | None = None,
    rule: str | None = None,
    path: str | None = None,
    field: str | None = None,
    token: str | None = None,
) -> dict[str, Any]:
    """An error: the English ``message``, its ``text`` in the command's language (the message
    when none is given), the catalogue ``id`` and ``params`` when it has them, the ``rule`` id
    it names, the file (``path``), the place in it or the option (``field``) and the offending
    ``token``; null for what does not apply."""
    return {
        "message": message,
        "text": message if text is None else text,
        "id": message_id or None,
        "params": jsonable(dict(params)) if params else {},
        "rule": rule or None,
        "path": path or None,
        "field": field or None,
        "token": token or None,
    }


def exception_error(exc: RemiError, m: Messages, message: str | None = None) -> dict[str, Any]:
    """The error object of ``exc``: its English text (``message`` when given: a shortened
    one), its text in the language of ``m``, and what it names (rule id, file, field, token)."""
    english = str(exc) if message is None else message
    localized = exc.localized(m) if exc.message_id else english
    rule: str | None = None
    if isinstance(exc, IllegalActionError | InvalidFormationError):
        rule = exc.rule_id
    elif isinstance(exc, RulesError):
        rule = exc.key
    path = getattr(exc, "path", None) or getattr(exc, "source", None)
    field = getattr(exc, "field", None)
    if field is None and not isinstance(exc, RulesError):
        field = getattr(exc, "key", None)
    token = exc.token if isinstance(exc, NotationError) else None
    params = dict(exc.params) if exc.message_id else {}
    if exc.message_id and exc.count is not None:
        params["count"] = exc.count
    return error_object(
        english,
        text=localized,
        message_id=exc.message_id,
        params=params,
        rule=rule,
        path=str(path) if path else None,
        field=str(field) if field else None,
        token=token,
    )
