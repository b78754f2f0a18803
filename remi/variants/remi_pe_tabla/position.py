"""Remi pe tablă's sections of the position notation (``remi.core.position``, docs/notation.md).

Full form, sections in this order (``turn``, ``atu`` and ``end`` only when they say something)::

    p2 play turns=5
    turn start=15 took=take taken=R5 freed=1 laid=1,2 opening undo=2
    table p1[R3 R4 R5] p2[K1 Y1 B1 J]{2m 2m 2m 3l}
    sir K5 R7
    atu R7                                     (``aside`` after it: out of the stock, atu.tile)
    p1 turns=3 opened announced R1 R2 ...      (one section per seat: flags, then the rack)
    stock R1 ...                               (next draw first)
    end closed=p2 tile=R5

A table formation is its owner and its notation; the suffix ``{...}`` (only when some tile was
not melded by the owner) gives, per tile, the seat that placed it (1-based) and how: ``m`` meld,
``l`` lay off (lipire), ``s`` given for a joly (docs/rules.md §1.8), and ``*`` for a joly
already swapped once. In the view form of seat ``pN`` the other racks and the stock are counts
(``#14``), the turn section is shown to the player to act only, without ``start`` and ``undo``,
and a finished hand shows every rack (as the view does).
"""

from __future__ import annotations

from collections.abc import Sequence

from remi.core.errors import NotationError, notation_error
from remi.core.formations import parse_formation
from remi.core.position import (
    parse_seat,
    read_tiles,
    seat_name,
    section_fields,
    split_tokens,
    tiles_or_count,
)
from remi.core.tiles import Tile, sort_tiles
from remi.variants.remi_pe_tabla.rules import RemiRules
from remi.variants.remi_pe_tabla.state import (
    GameState,
    HandResult,
    Phase,
    PlayerState,
    TableFormation,
    TurnState,
)

__all__ = ["position_sections", "read_position"]

_VIA = {"meld": "m", "layoff": "l", "swap": "s"}
_VIA_WORD = {v: k for k, v in _VIA.items()}
#: A player's flags in notation and the ``PlayerState`` field each stands for.
_FLAGS = {
    "opened": "opened",
    "announced": "announced",
    "failed": "failed_announcement",
    "claimed": "announcement_claimed",
    "pe-tabla": "pe_tabla",
    "atu": "atu_announced",
}


def _table_text(tf: TableFormation, rules: RemiRules) -> str:
    text = f"{seat_name(tf.owner)}{tf.formation.text(rules.formation_rules)}"
    plain = all(
        p == tf.owner and v == "meld" and not s for p, v, s in zip(tf.placed_by, tf.via, tf.swapped)
    )
    if plain:
        return text
    marks = (
        f"{p + 1}{_VIA[v]}{'*' if s else ''}" for p, v, s in zip(tf.placed_by, tf.via, tf.swapped)
    )
    return f"{text}{{{' '.join(marks)}}}"


def _turn_text(t: TurnState, full: bool) -> str:
    parts = ["turn"]
    if full and t.rack_at_start:
        parts.append(f"start={t.rack_at_start}")
    if t.took:
        parts.append(f"took={t.took}")
    if t.taken_tile is not None and (full or not t.taken_used):
        parts.append(f"taken={t.taken_tile}")
    if full and t.taken_used:
        parts.append("used")
    if t.freed_jolys:
        parts.append(f"freed={t.freed_jolys}")
    if t.laid:
        parts.append("laid=" + ",".join(str(i + 1) for i in t.laid))
    if t.opening:
        parts.append("opening")
    if t.declared:
        parts.append("declared")
    if t.swapped:
        parts.append("swapped")
    if full and t.undoable:
        parts.append(f"undo={t.undoable}")
    return " ".join(parts)


def _player_text(seat: int, p: PlayerState, hidden: bool) -> str:
    parts = [seat_name(seat)]
    if p.turns_played:
        parts.append(f"turns={p.turns_played}")
    parts += [word for word, field in _FLAGS.items() if getattr(p, field)]
    rack = tiles_or_count(p.rack, hidden)
    return " ".join(parts + [rack] if rack else parts)


def position_sections(state: GameState, seat: int | None) -> tuple[str, ...]:
    """The sections of ``state``: the full form (``seat`` None) or the view form of ``seat``
    (0-based): what ``views.view(state, seat)`` shows, nothing more."""
    full = seat is None
    ended = state.phase is Phase.ENDED
    head = f"{seat_name(state.current)} {state.phase.value} turns={state.turns_ended}"
    if state.reshuffled:  # stock.exhausted = reshuffle: public, once a hand
        head += " reshuffled"
    if full and state.rules.stock_exhausted == "reshuffle" and not state.reshuffled:
        head += f" shuffle={state.shuffle_seed}"  # the coming reshuffle's seed: hidden
    if state.offer is not None:  # deal.doubles_exchange: the tile is the offerer's own
        offerer, partner, tile = state.offer
        head += f" offer={seat_name(offerer)}>{seat_name(partner)}"
        head += f":{tile}" if full or seat == offerer else ""
    out = [head]
    if full or (state.current == seat and not ended):
        out.append(_turn_text(state.turn, full))
    out.append(" ".join(["table", *(_table_text(tf, state.rules) for tf in state.table)]))
    out.append(" ".join(["sir", *(str(t) for t in state.sir)]))
    if state.atu is not None:
        out.append(f"atu {state.atu}" + (" aside" if state.atu_aside else ""))
    for i, p in enumerate(state.players):
        out.append(_player_text(i, p, hidden=not full and i != seat and not ended))
    out.append(f"stock {tiles_or_count(state.stock, not full)}".rstrip())
    if state.result is not None:
        r = state.result
        end = ["end"]
        if r.closed_by is not None:
            end.append(f"closed={seat_name(r.closed_by)}")
        if r.closing_tile is not None:
            end.append(f"tile={r.closing_tile}")
        if r.stock_exhausted:
            end.append("exhausted")
        out.append(" ".join(end))
    return tuple(out)


def _int(value: str, text: str) -> int:
    if not value.isdigit():
        raise notation_error("position.token", text=text, token=value)
    return int(value)


def _one_tile(value: str, text: str) -> Tile:
    tiles = read_tiles([value], text)
    if len(tiles) != 1:
        raise notation_error("position.token", text=text, token=value)
    return tiles[0]


def _read_table_formation(token: str, rules: RemiRules, count: int, text: str) -> TableFormation:
    at = token.find("[")
    end = token.rfind("]")
    if at < 0 or end < at:
        raise notation_error("position.token", text=text, token=token)
    owner = parse_seat(token[:at], count, text)
    try:
        formation = parse_formation(token[at : end + 1], rules.formation_rules)
    except NotationError:
        raise
    n = len(formation.tiles)
    suffix = token[end + 1 :]
    if not suffix:
        return TableFormation(
            owner=owner,
            formation=formation,
            placed_by=(owner,) * n,
            via=("meld",) * n,
            swapped=(False,) * n,
        )
    marks = suffix.strip("{}").split()
    if not (suffix.startswith("{") and suffix.endswith("}")) or len(marks) != n:
        raise notation_error("position.token", text=text, token=suffix)
    placed, via, swapped = [], [], []
    for mark in marks:
        star = mark.endswith("*")
        body = mark.rstrip("*")
        if len(body) < 2 or body[-1] not in _VIA_WORD:
            raise notation_error("position.token", text=text, token=mark)
        placed.append(parse_seat(f"p{body[:-1]}", count, text))
        via.append(_VIA_WORD[body[-1]])
        swapped.append(star)
    return TableFormation(
        owner=owner,
        formation=formation,
        placed_by=tuple(placed),
        via=tuple(via),
        swapped=tuple(swapped),
    )


def _read_turn(section: str, text: str) -> TurnState:
    values, flags, rest = section_fields(
        section, "turn", ("used", "opening", "declared", "swapped"), text
    )
    if rest:
        raise notation_error("position.token", text=text, token=rest[0])
    taken = values.get("taken")
    laid = values.get("laid")
    return TurnState(
        rack_at_start=_int(values.get("start", "0"), text),
        took=values.get("took", ""),
        taken_tile=_one_tile(taken, text) if taken else None,
        taken_used="used" in flags,
        freed_jolys=_int(values.get("freed", "0"), text),
        laid=tuple(_int(i, text) - 1 for i in laid.split(",")) if laid else (),
        opening="opening" in flags,
        declared="declared" in flags,
        swapped="swapped" in flags,
        undoable=_int(values.get("undo", "0"), text),
    )


def _read_offer(value: str | None, count: int, text: str) -> tuple[int, int, Tile] | None:
    """The offer waiting for an answer, ``p1>p3:R5`` (``deal.doubles_exchange``), or None."""
    if value is None:
        return None
    seats, _, tile = value.partition(":")
    offerer, _, partner = seats.partition(">")
    if not tile or not partner:
        raise notation_error("position.token", text=text, token=value)
    return parse_seat(offerer, count, text), parse_seat(partner, count, text), _one_tile(tile, text)


def read_position(sections: Sequence[str], rules: RemiRules, text: str) -> GameState:
    """The state of a full-form position's sections (``position_sections(state, None)``).

    Raises:
        NotationError: a missing or bad section, naming the token; a view form's ``#N`` count.
    """
    by_name: dict[str, list[str]] = {}
    for section in sections:
        tokens = split_tokens(section)
        by_name.setdefault(tokens[0] if tokens else "", []).append(section)
    seats = [s for s in sections if s.split()[0][:1] == "p" and s.split()[0][1:].isdigit()]
    if len(seats) < 2 or not {"table", "sir", "stock"} <= set(by_name):
        raise notation_error("position.section", text=text, token="", expected="table/sir/stock")
    head = split_tokens(seats[0])
    count = len(seats) - 1
    current = parse_seat(head[0], count, text)
    try:
        phase = Phase(head[1])
    except (ValueError, IndexError):
        raise notation_error("position.token", text=text, token=" ".join(head[1:2])) from None
    first, first_flags, _ = section_fields(seats[0], head[0], ("reshuffled",), text)
    turns_ended = _int(first.get("turns", "0"), text)
    players = []
    for i, section in enumerate(seats[1:]):
        values, flags, rest = section_fields(section, seat_name(i), _FLAGS, text)
        players.append(
            PlayerState(
                rack=sort_tiles(read_tiles(rest, text)),
                turns_played=_int(values.get("turns", "0"), text),
                **{field: word in flags for word, field in _FLAGS.items()},
            )
        )
    table = tuple(
        _read_table_formation(tok, rules, count, text)
        for tok in split_tokens(by_name["table"][0])[1:]
    )
    atu = by_name.get("atu")
    end = by_name.get("end")
    result = None
    if end:
        values, flags, _ = section_fields(end[0], "end", ("exhausted",), text)
        closer = values.get("closed")
        tile = values.get("tile")
        result = HandResult(
            closed_by=parse_seat(closer, count, text) if closer else None,
            closing_tile=_one_tile(tile, text) if tile else None,
            stock_exhausted="exhausted" in flags,
        )
    turn = _read_turn(by_name["turn"][0], text) if "turn" in by_name else TurnState()
    return GameState(
        rules=rules,
        players=tuple(players),
        stock=read_tiles(split_tokens(by_name["stock"][0])[1:], text),
        sir=read_tiles(split_tokens(by_name["sir"][0])[1:], text),
        table=table,
        current=current,
        phase=phase,
        turns_ended=turns_ended,
        turn=turn,
        atu=_one_tile(split_tokens(atu[0])[1], text) if atu else None,
        atu_aside=atu is not None and split_tokens(atu[0])[2:] == ["aside"],
        offer=_read_offer(first.get("offer"), count, text),
        result=result,
        reshuffled="reshuffled" in first_flags,
        shuffle_seed=_int(first.get("shuffle", "0"), text),
    )
