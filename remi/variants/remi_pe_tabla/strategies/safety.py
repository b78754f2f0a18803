"""Șir safety: how likely a discard is to feed the next player through the discard row.

A player who has opened and holds at least ``sir.break_min_rack_tiles`` tiles may break the șir
(rupere, docs/rules.md §1.7): he takes an earlier tile and *every later one*, the discard just
made included, and may lay all of them. The solver's denial counts the șir's tiles as seen and
so as safe; here they count as the next player's. ``sir_exposure(tile, ...)`` estimates how
usable a discard is to that player, from every way he can reach it (``Reach``):

- *a partner in the șir*: the discard makes a 3-tile formation (suită or terță) with a tile
  lying in the șir at a position he may break at (not the dead first tile,
  ``sir.first_discard_dead``): he breaks there and lays both. The other tile of the formation
  is reachable with certainty when it lies there too (or a joly lies there to stand for it),
  else with the chance that he holds it (its unseen copies times his rack size over all unseen
  tiles); each such pair adds ``pair`` points times the product of both chances. Under
  ``sir.break_meld = "two_rack_tiles"`` the broken tile must go with two rack tiles, so the
  pair counts only as often as he breaks for another tile (below);
- *taken along*: he breaks for another șir tile (one that makes a formation with tiles he can
  reach), the discard comes with it, and he attaches it (lipire) to a table formation:
  ``table_fit`` points times the chance of such a break;
- *the last tile* (``take``, §1.7): it must go into a new formation, with two tiles of his own
  rack: the solver's denial already weighs that; only under ``sir.take_last_layoff`` may an
  opened player attach it, ``table_fit`` points.

What he may do comes from his public state (``reach``): taking needs the first round over and
three tiles or more on his rack (§1.9, ``turn.one_two_tiles_attach_only``); breaking needs
``sir.break_enabled``, an opening (``sir.break_requires_opened``), not pe tablă, and
``sir.break_min_rack_tiles`` tiles and more than three (``sir.three_tiles_last_only``).
Public information only (the view's rack, table, șir and counts).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator, Sequence

import attrs

from remi.core.tiles import COLOURS, JOLY, Tile
from remi.variants.remi_pe_tabla.solvers.planner import table_fits, unseen_counts
from remi.variants.remi_pe_tabla.views import PlayerView

__all__ = ["Reach", "can_break", "partner_pairs", "ranked_safely", "reach", "sir_exposure"]


def partner_pairs(tile: Tile) -> Iterator[tuple[Tile, Tile]]:
    """The pairs of tiles that make a 3-tile formation with the numbered ``tile``: the runs
    (suită, same colour, 1 low; docs/rules.md §1.4) holding it and the sets (terță, same number,
    other colours). Nothing for a joly."""
    colour, n = tile.colour, tile.number
    if colour is None:
        return
    for a, b in ((n - 2, n - 1), (n - 1, n + 1), (n + 1, n + 2)):
        if 1 <= a and b <= 13:
            yield Tile(colour, a), Tile(colour, b)
    others = [c for c in COLOURS if c is not colour]
    for i in range(len(others)):
        for j in range(i + 1, len(others)):
            yield Tile(others[i], n), Tile(others[j], n)


@attrs.frozen(kw_only=True)
class Reach:
    """How a seat may take from the șir on his next turn, as a view shows him.

    Attributes:
        last: he may take the last tile (``take``).
        break_from: the first position (0-based) he may break at (1 when the first discard is
            dead), None when he may not break.
        opened: he has opened (etalare): he may attach tiles.
    """

    last: bool
    break_from: int | None
    opened: bool


def reach(view: PlayerView, seat: int) -> Reach:
    """How ``seat`` may take from the șir on his next turn (module docstring; docs/rules.md
    §1.3, §1.7, §1.9)."""
    rules = view.rules
    p = view.players[seat]
    held = p.tile_count
    can_take = view.turns_ended >= len(view.players) - 1 and not (
        held <= 2 and rules.turn_one_two_tiles_attach_only
    )
    return Reach(
        last=can_take,
        break_from=(1 if rules.sir_first_discard_dead else 0)
        if can_take and can_break(view, seat)
        else None,
        opened=p.opened,
    )


def can_break(view: PlayerView, seat: int) -> bool:
    """Whether ``seat`` may break the șir on his next turn as the view shows him: breaking is
    on (``sir.break_enabled``), he has opened (or need not, ``sir.break_requires_opened``), is
    not pe tablă, and holds at least ``sir.break_min_rack_tiles`` tiles (and more than three,
    ``sir.three_tiles_last_only``)."""
    rules = view.rules
    p = view.players[seat]
    if not rules.sir_break_enabled or p.pe_tabla:
        return False
    if rules.sir_break_requires_opened and not p.opened:
        return False
    need = max(rules.sir_break_min_rack_tiles, 4 if rules.sir_three_tiles_last_only else 0)
    return p.tile_count >= need


def sir_exposure(
    tile: Tile, view: PlayerView, *, table_fit: float = 1.0, pair: float = 1.0
) -> float:
    """How usable ``tile`` is to the next player once discarded (module docstring), in the
    units of ``table_fit`` and ``pair``; 0.0 when he can reach it by no way the module lists,
    and for a joly (never a safe discard: the keep scores keep it)."""
    nxt = (view.seat + 1) % len(view.players)
    if tile.is_joly:
        return 0.0
    can = reach(view, nxt)
    fits = tile in table_fits(view.table)
    layoff_last = view.rules.sir_take_last_layoff and can.last and can.opened
    if can.break_from is None or len(view.sir) <= can.break_from:
        return table_fit if fits and layoff_last else 0.0
    takeable = view.sir[can.break_from :]
    hidden = _hidden_chance(view, nxt)
    other = _break_chance(takeable, hidden, two_rack=view.rules.sir_break_meld != "any")
    in_sir = Counter(takeable)
    joly = in_sir[JOLY] > 0

    def near(t: Tile) -> float:
        return 1.0 if in_sir[t] else hidden(t)

    score = 0.0
    for a, b in partner_pairs(tile):
        if in_sir[a] or in_sir[b] or joly:
            both = near(a) * near(b)
            if joly:
                both = max(both, near(a), near(b))
            score += pair * both
    if view.rules.sir_break_meld != "any":
        score *= other
    if fits:
        score += table_fit * (1.0 if layoff_last else other)
    return score


def _hidden_chance(view: PlayerView, seat: int) -> Callable[[Tile], float]:
    """Tile -> the chance that ``seat`` holds it: its unseen copies times his rack size over
    all unseen tiles, at most 1."""
    unseen = unseen_counts(view.rack, view.table, view.sir)
    total = max(1, sum(unseen))
    hand = view.players[seat].tile_count
    return lambda t: min(1.0, unseen[t.code] * hand / total)


def _break_chance(
    takeable: Sequence[Tile], hidden: Callable[[Tile], float], *, two_rack: bool
) -> float:
    """The chance that a player breaks the șir for one of ``takeable`` (the șir from the first
    position he may break at, oldest first): a tile breaks when it makes a 3-tile formation
    with two tiles he can reach, a later șir tile for sure (not under ``two_rack``, where both
    must be his), else ``hidden``; the tiles counted independent."""
    stay = 1.0
    seen: set[Tile] = set()
    for i, s in enumerate(takeable):
        if s.is_joly or s in seen:
            continue
        seen.add(s)
        later = set() if two_rack else set(takeable[i + 1 :])

        def near(t: Tile, later: set[Tile] = later) -> float:
            return 1.0 if t in later else hidden(t)

        usable = sum(near(a) * near(b) for a, b in partner_pairs(s))
        stay *= 1.0 - min(1.0, usable)
    return 1.0 - stay


def ranked_safely(ranked: Sequence[Tile], view: PlayerView, tolerance: float) -> list[Tile]:
    """``ranked`` (best discard first) with the tiles whose ``sir_exposure`` exceeds
    ``tolerance`` moved to the end (order kept within both groups); unchanged when every tile
    is exposed."""
    safe = [t for t in ranked if sir_exposure(t, view) <= tolerance]
    if not safe:
        return list(ranked)
    return safe + [t for t in ranked if t not in safe]
