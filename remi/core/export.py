"""A game record exported for one player: the hand as that seat saw it, with the hidden
information removed (docs/records.md, "Export for one player").
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Final

from remi.core.errors import RemiError
from remi.core.record_setup import record_rules, start_state
from remi.core.records import GameRecord, RecordError
from remi.core.replay import replay

__all__ = ["EXPORT_FORMAT", "EXPORT_VERSION", "HIDDEN_TILE", "export_for_player"]

#: ``format`` of a record exported for one player (``export_for_player``).
EXPORT_FORMAT: Final = "remi-record-export"
#: ``version`` of an export (an export is not a record and keeps its own version).
EXPORT_VERSION: Final = 1
#: Stands for one tile that the exporting player has not seen (another player's draw).
HIDDEN_TILE: Final = "?"


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
        "version": EXPORT_VERSION,
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
        if record.match.hands is not None:  # finished hands' points are public
            out["match"]["hands"] = [dict(hand) for hand in record.match.hands]
    return out
