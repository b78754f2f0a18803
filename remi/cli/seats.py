"""The seats of a new ``remi play`` game, from the command line.

``--human NAME`` and ``--bot KIND`` seats keep their command-line order (``SeatOrderCommand``
keeps the raw arguments); bots are named by kind and seat (``greedy-2``); a human needs a
printable name, two seats never share one. ``--players N`` must lie within the rules'
``players.min``..``players.max``, and ``--bot`` seats alone must leave a seat for the player.
Every refusal is one line and exit 2 (``remi.cli.app.fail_message``).
"""

from __future__ import annotations

from typing import Any

from typer.core import TyperCommand

from remi.bots import seat_name
from remi.cli.app import fail_message
from remi.core.errors import RulesError
from remi.core.messages import N_
from remi.core.records import HUMAN, PlayerEntry
from remi.core.rulespec import RuleSet

__all__ = [
    "SeatOrderCommand",
    "check_player_count",
    "check_room_for_you",
    "default_table",
    "name_seats",
    "seat_order",
]


class SeatOrderCommand(TyperCommand):
    """Keeps the raw arguments so that ``--human`` / ``--bot`` seats keep their command-line order."""

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        """Keep ``args`` in ``ctx.meta["remi.raw_args"]``, then parse them as typer does."""
        ctx.meta["remi.raw_args"] = list(args)
        return super().parse_args(ctx, args)


def seat_order(raw: list[str], humans: list[str], bots: list[str]) -> list[PlayerEntry]:
    """Seats in the order ``--human`` / ``--bot`` appear on the command line."""
    out: list[PlayerEntry] = []
    hi = bi = 0
    for token in raw:
        if token == "--":
            break
        if token == "--human" or token.startswith("--human="):
            if hi < len(humans):
                out.append(PlayerEntry(humans[hi], HUMAN))
                hi += 1
        elif (token == "--bot" or token.startswith("--bot=")) and bi < len(bots):
            out.append(PlayerEntry("", bots[bi]))
            bi += 1
    out.extend(PlayerEntry(h, HUMAN) for h in humans[hi:])
    out.extend(PlayerEntry("", b) for b in bots[bi:])
    return out


def name_seats(entries: list[PlayerEntry]) -> tuple[PlayerEntry, ...]:
    """The seats with their names: a bot is named by kind and seat (``greedy-2``).

    Raises:
        typer.Exit: (exit 2) a human seat with an empty or unprintable name, or two seats
            with the same name.
    """
    named = []
    for seat, entry in enumerate(entries):
        if entry.kind == HUMAN and not entry.name.strip():
            fail_message(N_("play.human_needs_name"), name=entry.name)
        if entry.kind == HUMAN and not entry.name.isprintable():  # terminal escape codes...
            fail_message(N_("play.human_printable"), name=repr(entry.name))
        named.append(
            entry if entry.kind == HUMAN else PlayerEntry(seat_name(entry.kind, seat), entry.kind)
        )
    names = [e.name for e in named]
    for name in names:
        if names.count(name) > 1:
            fail_message(N_("play.same_name"), name=name)
    return tuple(named)


def _rule(rules: RuleSet, rule_id: str, default: int) -> int:
    """The value of ``rule_id``, or ``default`` for a family without that rule id."""
    try:
        return int(rules.get(rule_id))
    except RulesError:
        return default


def check_player_count(rules_name: str, overrides: dict[str, str], players: int) -> None:
    """Refuse ``--players N`` outside the rules' ``players.min``..``players.max`` (exit 2)."""
    from remi.core.presets import load_rules

    loaded = load_rules(rules_name, overrides)
    low, high = _rule(loaded, "players.min", 2), _rule(loaded, "players.max", 4)
    if not low <= players <= high:
        fail_message(
            N_("cli.error.players_count"), field="--players", players=players, low=low, high=high
        )


def check_room_for_you(
    rules_name: str, overrides: dict[str, str], bots: int, players: int | None
) -> None:
    """Refuse ``--bot`` seats (without ``--human``) that leave no seat for the player: every
    seat of ``--players`` or of the rules' ``players.max`` taken by a bot (exit 2; ``--auto``
    plays bots only)."""
    from remi.core.presets import load_rules

    seats = (
        players
        if players is not None
        else _rule(load_rules(rules_name, overrides), "players.max", 4)
    )
    if bots >= seats:
        fail_message(N_("play.no_seat_for_you"), bots=bots, seats=seats)


def default_table(rules_name: str, overrides: dict[str, str]) -> int:
    """The seats of a game without ``--players``: four, or fewer when the rules allow fewer
    (``players.max``)."""
    from remi.core.presets import load_rules

    return min(4, _rule(load_rules(rules_name, overrides), "players.max", 4))
