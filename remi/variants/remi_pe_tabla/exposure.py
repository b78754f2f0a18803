"""Exposure counters of Remi pe tablă: for every rule id, the situations it governs in a hand.

``EXPOSURE`` is the family's table (``Variant.exposure_counters``; ``remi.core.exposure``): one
line per rule id, naming the counter of the situations that rule decides. A new rule id adds one
line here. Counters read the hand's events (``remi.variants.remi_pe_tabla.events``) and states.
Rules of a whole match (``match.*``) count 0 in a single hand: simulations play hands.
"""

from __future__ import annotations

from remi.core.events import Drew
from remi.core.exposure import ExposureCounter, HandTrace, every_hand, no_hand
from remi.core.formations import Kind
from remi.variants.remi_pe_tabla.doubles import double_tiles
from remi.variants.remi_pe_tabla.events import (
    AnnouncedAtu,
    AnnouncementMissed,
    Closed,
    Declared,
    Discarded,
    LaidOff,
    Melded,
    Opened,
    Swapped,
    Took,
)
from remi.variants.remi_pe_tabla.state import GameState

__all__ = ["EXPOSURE"]


def atu_turned(trace: HandTrace) -> int:
    """1 when an atu (trump) was turned face up after the deal (``atu.enabled``)."""
    return int(trace.steps[0].before.atu is not None) if trace.steps else 0


def atu_announced(trace: HandTrace) -> int:
    """Announcements of the atu's twin (``atu.bonus_points``)."""
    return trace.count(AnnouncedAtu)


def atu_ace_or_joly(trace: HandTrace) -> int:
    """1 when the atu turned is a 1 or a joly (``atu.doubles_if_ace_or_joly``)."""
    atu = trace.steps[0].before.atu if trace.steps else None
    return int(atu is not None and (atu.is_joly or atu.number == 1))


def atu_then_missed(trace: HandTrace) -> int:
    """Players who announced the atu and missed an announcement (``atu.lost_on_penalty``)."""
    atu = {e.seat for e in trace.events() if isinstance(e, AnnouncedAtu)}
    return trace.count(AnnouncementMissed, lambda e: e.seat in atu)


def _turn_starts(trace: HandTrace) -> list[GameState]:
    """The states in which a player draws or takes from the șir (his turn begins)."""
    return [s.before for s in trace.steps if any(isinstance(e, (Drew, Took)) for e in s.events)]


def first_discard_only(trace: HandTrace) -> int:
    """Turns begun with only the first discard on the șir (``sir.first_discard_dead``)."""
    return sum(1 for st in _turn_starts(trace) if len(st.sir) == 1)


def take_before_opening(trace: HandTrace) -> int:
    """Last șir tiles taken by a player who had not opened (``sir.take_last_for_opening``)."""
    return sum(
        1
        for s in trace.steps
        for e in s.events
        if isinstance(e, Took) and not e.after and not s.before.players[e.seat].opened
    )


def declarations(trace: HandTrace) -> int:
    """Pe-tablă declarations (``sir.take_last_without_meld``, ``scoring.pe_tabla_close``)."""
    return trace.count(Declared)


def breaks(trace: HandTrace) -> int:
    """Șir breaks: a tile taken before the last one, with every later one (rupere)."""
    return trace.count(Took, lambda e: bool(e.after))


def three_tile_turns(trace: HandTrace) -> int:
    """Turns begun with 3 tiles on the rack and 2 or more on the șir (``sir.three_tiles_last_only``)."""
    return sum(
        1 for st in _turn_starts(trace) if len(st.players[st.current].rack) == 3 and len(st.sir) > 1
    )


def one_two_tile_turns(trace: HandTrace) -> int:
    """Turns begun with 1 or 2 tiles on the rack (``turn.one_two_tiles_attach_only``)."""
    return sum(1 for st in _turn_starts(trace) if len(st.players[st.current].rack) in (1, 2))


def first_rounds(trace: HandTrace) -> int:
    """Turns begun in the first round, before every player has played once (``turn.meld_from``)."""
    return sum(1 for st in _turn_starts(trace) if st.turns_ended < st.player_count)


def full_racks(trace: HandTrace) -> int:
    """Discards from a rack at ``turn.max_rack_tiles`` + 1 tiles (the limit binds)."""
    limit = trace.rules.get("turn.max_rack_tiles")
    return sum(
        1
        for s in trace.steps
        for e in s.events
        if isinstance(e, Discarded) and len(s.before.players[e.seat].rack) > limit
    )


def openings(trace: HandTrace) -> int:
    """Openings made (etalare: ``opening.*``)."""
    return trace.count(Opened)


def joly_laid(trace: HandTrace) -> int:
    """Jolys laid in a formation or laid off (``formation.min_natural_tiles``)."""
    melded = sum(
        t.is_joly
        for e in trace.events()
        if isinstance(e, Melded)
        for f in e.formations
        for t in f.tiles
    )
    return melded + trace.count(LaidOff, lambda e: e.tile.is_joly)


def ones_in_runs(trace: HandTrace) -> int:
    """1s laid in runs, melded or laid off (``run.ace_high``, ``run.ace_both_ends``)."""
    melded = sum(
        t.number == 1
        for e in trace.events()
        if isinstance(e, Melded)
        for f in e.formations
        if f.kind is Kind.RUN
        for t in f.tiles
    )
    return melded + trace.count(LaidOff, lambda e: e.tile.number == 1 and e.end is not None)


def set_layoffs(trace: HandTrace) -> int:
    """Tiles laid off on a set (terță; ``set.max_tiles``)."""
    return trace.count(LaidOff, lambda e: e.end is None)


def foreign_layoffs(trace: HandTrace) -> int:
    """Tiles laid off on another player's formation (lipire; ``layoff.credit``)."""
    return trace.count(LaidOff, lambda e: e.owner_seat != e.seat)


def joly_layoffs(trace: HandTrace) -> int:
    """Jolys laid off (``joly.layoff_own_only``)."""
    return trace.count(LaidOff, lambda e: e.tile.is_joly)


def _swap_possible(st: GameState, seat: int) -> bool:
    rack = set(st.players[seat].rack)
    for tf in st.table:
        f = tf.formation
        for tile, ident, swapped in zip(f.tiles, f.identities, tf.swapped):
            if tile.is_joly and not swapped and ident is not None and ident in rack:
                return True
    return False


def swaps(trace: HandTrace) -> int:
    """Swaps made, and turns that ended with a swap possible but not made (``joly.swap_*``)."""
    made = trace.count(Swapped)
    possible = sum(
        1
        for s in trace.steps
        for e in s.events
        if isinstance(e, Discarded) and _swap_possible(s.before, e.seat)
    )
    return made + possible


def swaps_before_opening(trace: HandTrace) -> int:
    """Swaps made or possible by a player who had not opened (``joly.swap_requires_opened``)."""
    return sum(
        1
        for s in trace.steps
        for e in s.events
        if (
            isinstance(e, Swapped)
            or (isinstance(e, Discarded) and _swap_possible(s.before, e.seat))
        )
        and not s.before.players[e.seat].opened
    )


def locked_jolys(trace: HandTrace) -> int:
    """Jolys melded in a 3-tile set (``joly.set_of_three_locked``)."""
    return sum(
        1
        for e in trace.events()
        if isinstance(e, Melded)
        for f in e.formations
        if f.kind is Kind.SET and len(f.tiles) == 3 and any(t.is_joly for t in f.tiles)
    )


def foreign_swaps(trace: HandTrace) -> int:
    """Swaps on another player's formation (``joly.swap_credit``)."""
    return trace.count(Swapped, lambda e: e.owner_seat != e.seat)


def low_racks(trace: HandTrace) -> int:
    """Turns ended with 1 to ``announce.max_tiles`` tiles on the rack (an announcement due)."""
    top = trace.rules.get("announce.max_tiles")
    return sum(
        1
        for s in trace.steps
        for e in s.events
        if isinstance(e, Discarded) and 1 <= len(s.before.players[e.seat].rack) - 1 <= top
    )


def missed(trace: HandTrace) -> int:
    """Announcements missed (``announce.penalty_points``: the −500)."""
    return trace.count(AnnouncementMissed)


def missed_then_closed(trace: HandTrace) -> int:
    """Closes by a player who had missed an announcement (``announce.forgive_closer``)."""
    late = {e.seat for e in trace.events() if isinstance(e, AnnouncementMissed)}
    return trace.count(Closed, lambda e: e.seat in late)


def closes(trace: HandTrace) -> int:
    """Closes (închidere; ``scoring.closing_bonus``)."""
    return trace.count(Closed)


def joly_closes(trace: HandTrace) -> int:
    """Closes with a joly as the closing tile (``scoring.joly_close_*``)."""
    return trace.count(Closed, lambda e: e.tile.is_joly)


def swapped_at_end(trace: HandTrace) -> int:
    """Swapped jolys (face down) on the table at the end (``scoring.swapped_joly_points``)."""
    return int(sum(sum(tf.swapped) for tf in trace.end.table))


def jolys_at_end(trace: HandTrace) -> int:
    """Jolys on the table or on a rack when the hand ended (``scoring.value_joly``)."""
    table = sum(t.is_joly for tf in trace.end.table for t in tf.formation.tiles)
    return int(table + sum(t.is_joly for p in trace.end.players for t in p.rack))


def ones_at_end(trace: HandTrace) -> int:
    """1s on the table or on a rack when the hand ended (``scoring.value_ace``)."""
    table = sum(t.number == 1 for tf in trace.end.table for t in tf.formation.tiles)
    return int(table + sum(t.number == 1 for p in trace.end.players for t in p.rack))


def non_openers(trace: HandTrace) -> int:
    """Players who never opened in the hand (``scoring.non_opener*``)."""
    return sum(not p.opened for p in trace.end.players)


def stock_out(trace: HandTrace) -> int:
    """1 when the hand ended by the stock running out (``scoring.stock_exhausted``)."""
    result = trace.end.result
    return int(result is not None and result.stock_exhausted)


def pe_tabla_closes(trace: HandTrace) -> int:
    """Closes by a player who had declared pe tablă (``scoring.pe_tabla_close``)."""
    return sum(
        1 for e in trace.events() if isinstance(e, Closed) and trace.end.players[e.seat].pe_tabla
    )


def breaks_before_opening(trace: HandTrace) -> int:
    """Șir breaks by a player who had not opened (``sir.break_requires_opened``)."""
    return sum(
        1
        for s in trace.steps
        for e in s.events
        if isinstance(e, Took) and e.after and not s.before.players[e.seat].opened
    )


def last_takes_by_opened(trace: HandTrace) -> int:
    """Last șir tiles taken by a player who had opened (``sir.take_last_layoff``: may he use it
    by lipire)."""
    return sum(
        1
        for s in trace.steps
        for e in s.events
        if isinstance(e, Took) and not e.after and s.before.players[e.seat].opened
    )


def three_tile_starts(trace: HandTrace) -> int:
    """Turns begun with 3 tiles on the rack (``turn.three_tiles_attach_only``)."""
    return sum(1 for st in _turn_starts(trace) if len(st.players[st.current].rack) == 3)


def jolys_in_openings(trace: HandTrace) -> int:
    """Jolys melded by a player who had not opened yet, that is in his opening
    (``opening.joly_value``, ``opening.joly_fixed_points``)."""
    return sum(
        t.is_joly
        for s in trace.steps
        for e in s.events
        if isinstance(e, Melded) and not s.before.players[e.seat].opened
        for f in e.formations
        for t in f.tiles
    )


def joly_swaps_made(trace: HandTrace) -> int:
    """Jolys taken from the table by a swap (``joly.freed_use``: where the freed joly goes)."""
    return trace.count(Swapped)


def stock_runs_out(trace: HandTrace) -> int:
    """1 when the stock ran out (``stock.exhausted``: the hand ends or the șir is reshuffled)."""
    result = trace.end.result
    return int(result is not None and result.stock_exhausted) + int(trace.end.reshuffled)


def doubles_dealt(trace: HandTrace) -> int:
    """1 when a player was dealt a double (``deal.doubles_exchange``: whether it may be
    exchanged before play)."""
    start = trace.steps[0].before if trace.steps else None
    return int(start is not None and any(double_tiles(p.rack) for p in start.players))


#: rule id -> the counter of the situations it governs (one line per rule id).
EXPOSURE: dict[str, ExposureCounter] = {
    "players.min": every_hand,
    "players.max": every_hand,
    "deal.first_player_tiles": every_hand,
    "deal.other_player_tiles": every_hand,
    "atu.enabled": atu_turned,
    "atu.bonus_points": atu_announced,
    "atu.doubles_if_ace_or_joly": atu_ace_or_joly,
    "atu.lost_on_penalty": atu_then_missed,
    "sir.first_discard_dead": first_discard_only,
    "sir.take_last_for_opening": take_before_opening,
    "sir.take_last_without_meld": declarations,
    "sir.break_enabled": breaks,
    "sir.break_min_rack_tiles": breaks,
    "sir.three_tiles_last_only": three_tile_turns,
    "turn.one_two_tiles_attach_only": one_two_tile_turns,
    "turn.meld_from": first_rounds,
    "turn.max_rack_tiles": full_racks,
    "opening.min_points": openings,
    "opening.needs_run": openings,
    "opening.ones_set_exception": openings,
    "opening.layoff_same_turn": openings,
    "opening.value_low": openings,
    "opening.value_high": openings,
    "opening.value_ace_low_run": openings,
    "opening.value_ace_high_run": openings,
    "opening.value_ace_set": openings,
    "formation.min_natural_tiles": joly_laid,
    "run.ace_high": ones_in_runs,
    "run.ace_both_ends": ones_in_runs,
    "set.max_tiles": set_layoffs,
    "layoff.credit": foreign_layoffs,
    "joly.layoff_own_only": joly_layoffs,
    "joly.swap_enabled": swaps,
    "joly.swap_requires_opened": swaps_before_opening,
    "joly.set_of_three_locked": locked_jolys,
    "joly.swap_credit": foreign_swaps,
    "announce.max_tiles": low_racks,
    "announce.required": low_racks,
    "announce.penalty_points": missed,
    "announce.penalty": missed,
    "announce.forgive_closer": missed_then_closed,
    "scoring.values": every_hand,
    "scoring.value_low": every_hand,
    "scoring.value_high": every_hand,
    "scoring.value_ace": ones_at_end,
    "scoring.value_joly": jolys_at_end,
    "scoring.swapped_joly_points": swapped_at_end,
    "scoring.closing_bonus": closes,
    "scoring.joly_close_doubles": joly_closes,
    "scoring.joly_close_multiplier": joly_closes,
    "scoring.non_opener": non_openers,
    "scoring.non_opener_points": non_openers,
    "scoring.stock_exhausted": stock_out,
    "scoring.pe_tabla_close": pe_tabla_closes,
    "sir.break_requires_opened": breaks_before_opening,
    "sir.break_meld": breaks,
    "sir.take_last_layoff": last_takes_by_opened,
    "turn.three_tiles_attach_only": three_tile_starts,
    "turn.timer_seconds": no_hand,
    "opening.needs_set": openings,
    "opening.joly_value": jolys_in_openings,
    "opening.joly_fixed_points": jolys_in_openings,
    "joly.limits": joly_laid,
    "joly.freed_use": joly_swaps_made,
    "stock.exhausted": stock_runs_out,
    "deal.cancel_doubles": every_hand,
    "deal.method": every_hand,
    "deal.doubles_exchange": doubles_dealt,
    "atu.tile": atu_turned,
    "match.end": no_hand,
    "match.target_points": no_hand,
    "match.hands": no_hand,
}
