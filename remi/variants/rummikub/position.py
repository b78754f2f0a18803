"""The Rummikub family's sections of the position notation (``remi.core.position``,
docs/notation.md).

Full form, sections in this order (``end`` only once the game is over)::

    p2 play turns=5 starter=p1 passes=0
    table [R3 R4 R5] [K1 Y1 B1 J]
    p1 opened R1 R2 ...        (one section per seat: opened or not, then the rack)
    pool R1 ...                (next draw first)
    end out winner=p2

In the view form of seat ``pN`` the other racks and the pool are counts (``#14``), as the view
shows them (docs/rules.md §2.1: the pool is face down, the racks are private); once the game is
over every rack is shown, as the view does. The start draw
and the log of actions are history, not part of a position.
"""

from __future__ import annotations

from collections.abc import Sequence

from remi.core.errors import notation_error
from remi.core.formations import parse_formation
from remi.core.messages import N_
from remi.core.position import (
    parse_seat,
    read_tiles,
    seat_name,
    section_fields,
    split_tokens,
    tiles_or_count,
)
from remi.core.tiles import sort_tiles
from remi.variants.rummikub.rules import RummikubRules
from remi.variants.rummikub.state import EndReason, RummikubState

__all__ = ["position_sections", "read_position"]


def position_sections(state: RummikubState, seat: int | None) -> tuple[str, ...]:
    """The sections of ``state``: the full form (``seat`` None) or the view form of ``seat``
    (0-based): what ``views.view(state, seat)`` shows, nothing more."""
    full = seat is None
    phase = "ended" if state.end is not None else "play"
    out = [
        f"{seat_name(state.current)} {phase} turns={state.turns} "
        f"starter={seat_name(state.starter)} passes={state.passes}"
    ]
    frules = state.rules.formation_rules
    out.append(" ".join(["table", *(f.text(frules) for f in state.table)]))
    for i, rack in enumerate(state.racks):
        flag = ["opened"] if state.opened[i] else []
        tiles = tiles_or_count(rack, hidden=not full and i != seat and state.end is None)
        out.append(" ".join([seat_name(i), *flag, *([tiles] if tiles else [])]))
    out.append(f"pool {tiles_or_count(state.pool, not full)}".rstrip())
    if state.end is not None:
        winner = f" winner={seat_name(state.winner)}" if state.winner is not None else ""
        out.append(f"end {state.end.value}{winner}")
    return tuple(out)


def _int(value: str, text: str) -> int:
    if not value.isdigit():
        raise notation_error("position.token", text=text, token=value)
    return int(value)


def read_position(sections: Sequence[str], rules: RummikubRules, text: str) -> RummikubState:
    """The state of a full-form position's sections (``position_sections(state, None)``).

    Raises:
        NotationError: a missing or bad section, naming the token; a view form's ``#N`` count.
    """
    named = {split_tokens(s)[0]: s for s in sections if split_tokens(s)}
    seats = [s for s in sections if s.split()[0][:1] == "p" and s.split()[0][1:].isdigit()]
    if len(seats) < 2 or not {"table", "pool"} <= set(named):
        raise notation_error("position.section", text=text, token="", expected="table/pool")
    count = len(seats) - 1
    head = split_tokens(seats[0])
    current = parse_seat(head[0], count, text)
    values, _, rest = section_fields(seats[0], head[0], (), text)
    if rest not in (["play"], ["ended"]):
        raise notation_error("position.token", text=text, token=" ".join(rest))
    racks, opened = [], []
    for i, section in enumerate(seats[1:]):
        _, flags, tiles = section_fields(section, seat_name(i), ("opened",), text)
        racks.append(sort_tiles(read_tiles(tiles, text)))
        opened.append("opened" in flags)
    frules = rules.formation_rules
    table = tuple(parse_formation(tok, frules) for tok in split_tokens(named["table"])[1:])
    end = winner = None
    if "end" in named:
        end_values, _, end_rest = section_fields(named["end"], "end", (), text)
        try:
            end = EndReason(end_rest[0] if len(end_rest) == 1 else "")
        except ValueError:
            raise notation_error("position.token", text=text, token=" ".join(end_rest)) from None
        if "winner" in end_values:
            winner = parse_seat(end_values["winner"], count, text)
    return RummikubState(
        rules=rules,
        racks=tuple(racks),
        pool=read_tiles(split_tokens(named["pool"])[1:], text),
        table=table,
        opened=tuple(opened),
        current=current,
        starter=parse_seat(values.get("starter", "p1"), count, text),
        passes=_int(values.get("passes", "0"), text),
        turns=_int(values.get("turns", "0"), text),
        winner=winner,
        end=end,
    )


def move_problem(text: str) -> tuple[RummikubRules, str, str, bool]:
    """What ``remi solve move --position`` solves: the rules, the table, the rack of the player to
    act and whether he has yet to make his initial meld, from a position (full form, or the view
    form of the player to act).

    Raises:
        NotationError: a bad position, or one that hides the rack of the player to act.
        RulesError: a position of another family.
    """
    from remi.core.errors import RulesError
    from remi.core.position import parse_position

    parsed = parse_position(text)
    if not isinstance(parsed.rules, RummikubRules):
        raise RulesError.from_id(
            N_("error.position.family"),
            fields={"key": "rules", "value": parsed.rules.family},
            family=parsed.rules.family,
        )
    sections = {split_tokens(s)[0]: s for s in parsed.sections if split_tokens(s)}
    first = split_tokens(parsed.sections[0]) if parsed.sections else []
    seat = first[0] if first else ""
    if seat not in sections or "table" not in sections:
        raise notation_error("position.section", text=text, token=seat, expected="table")
    _, flags, rack = section_fields(sections[seat], seat, ("opened",), text)
    read_tiles(rack, text)  # a hidden rack (#14) is refused here
    table = " ".join(split_tokens(sections["table"])[1:])
    return parsed.rules, table, " ".join(rack), "opened" not in flags
