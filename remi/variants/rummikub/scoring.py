"""Rummikub-style scoring: going out (zero-sum) and the empty pool, with explained lines.

docs/rules.md §2.9 (a player empties his rack: every other player scores minus his rack, a
joker ``scoring.joker_points``; the winner scores the sum), §2.10 and §3.28 (the pool is empty
and nobody can play: the lowest rack wins; ``pool_empty.scoring = difference``: losers score
-(own - lowest) and the winner the sum; ``own``: losers score -own and the winner the sum of the
differences; tied lowest racks are all winners and share the winners' amount equally, rounded
toward zero, the remainder to the earliest winner in turn order — a house rule, §3.28).
"""

from __future__ import annotations

from collections.abc import Sequence

from remi.core.scoring import PlayerScore, line_part, score_line
from remi.core.tiles import Tile
from remi.variants.rummikub.melds import rack_points
from remi.variants.rummikub.rules import RummikubRules
from remi.variants.rummikub.state import EndReason, RummikubState

__all__ = ["default_names", "score_going_out", "score_pool_empty", "score_state"]


def default_names(player_count: int) -> tuple[str, ...]:
    """``("p1", "p2", ...)``."""
    return tuple(f"p{i + 1}" for i in range(player_count))


def _rack_text(rack: Sequence[Tile]) -> str:
    return " ".join(map(str, rack)) if rack else "empty rack"


def score_going_out(
    racks: Sequence[Sequence[Tile]],
    winner: int,
    rules: RummikubRules,
    names: Sequence[str] | None = None,
) -> tuple[PlayerScore, ...]:
    """Scores when seat ``winner`` emptied his rack (docs/rules.md §2.9), in points, seat order;
    they sum to 0.

    >>> from remi.core.notation import parse_tiles
    >>> s = score_going_out([(), parse_tiles("Y5 K9 J"), parse_tiles("R12 B13"), parse_tiles("R1 R2 R3")], 0, RummikubRules())
    >>> [p.score for p in s]
    [75, -44, -25, -6]
    """
    names = tuple(names or default_names(len(racks)))
    out: list[PlayerScore] = []
    total = 0
    for seat, rack in enumerate(racks):
        if seat == winner:
            continue
        pts = rack_points(rack, rules)
        total += pts
    for seat, rack in enumerate(racks):
        if seat == winner:
            line = score_line("scoring.going_out", total, line_part("score.rk.went_out"))
        else:
            pts = rack_points(rack, rules)
            jokers = sum(1 for t in rack if t.is_joly)
            rack_text = _rack_text(rack)
            if jokers:
                part = line_part(
                    "score.rk.rack_joker", tiles=rack_text, joker=rules.scoring_joker_points
                )
                line = score_line("scoring.joker_points", -pts, part)
            else:
                line = score_line(
                    "scoring.going_out", -pts, line_part("score.rk.rack", tiles=rack_text)
                )
        out.append(PlayerScore(name=names[seat], score=line.points, lines=(line,)))
    return tuple(out)


def score_pool_empty(
    racks: Sequence[Sequence[Tile]],
    rules: RummikubRules,
    names: Sequence[str] | None = None,
    order: Sequence[int] | None = None,
) -> tuple[PlayerScore, ...]:
    """Scores when the pool is empty and nobody can play (docs/rules.md §2.10, §3.28), in points,
    seat order.

    Args:
        racks: every rack, seat order.
        order: the seats in turn order (for the tie remainder); default seat order.
    """
    names = tuple(names or default_names(len(racks)))
    order = tuple(order if order is not None else range(len(racks)))
    totals = [rack_points(r, rules) for r in racks]
    low = min(totals)
    winners = [s for s in order if totals[s] == low]
    losers = [s for s in range(len(racks)) if totals[s] != low]
    loss = {
        s: (totals[s] - low if rules.pool_empty_scoring == "difference" else totals[s])
        for s in losers
    }
    pot = sum(totals[s] - low for s in losers)
    share = int(pot / len(winners))
    remainder = pot - share * len(winners)
    out: list[PlayerScore] = []
    for seat in range(len(racks)):
        if seat in loss:
            how = (
                f"{totals[seat]} - {low}"
                if rules.pool_empty_scoring == "difference"
                else f"{totals[seat]}"
            )
            part = line_part("score.rk.pool_empty.rack", tiles=_rack_text(racks[seat]), how=how)
            lines = (score_line("pool_empty.scoring", -loss[seat], part),)
        else:
            got = share + (remainder if seat == winners[0] else 0)
            if len(winners) > 1:
                part = line_part("score.rk.pool_empty.shared", low=low, tied=len(winners))
            else:
                part = line_part("score.rk.pool_empty.lowest", low=low)
            lines = (score_line("pool_empty.scoring", got, part),)
        out.append(PlayerScore(name=names[seat], score=sum(ln.points for ln in lines), lines=lines))
    return tuple(out)


def score_state(
    state: RummikubState, names: Sequence[str] | None = None
) -> tuple[PlayerScore, ...]:
    """Scores of a finished game (``state.is_over``).

    Raises:
        ValueError: when the game has not ended.
    """
    if state.end is EndReason.OUT and state.winner is not None:
        return score_going_out(state.racks, state.winner, state.rules, names)
    if state.end is EndReason.BLOCKED:
        return score_pool_empty(state.racks, state.rules, names, state.turn_order())
    raise ValueError("the game has not ended: nothing to score yet")
