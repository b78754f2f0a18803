"""Determinizations of a Rummikub-style view: full game states consistent with what it shows.

``determinize(view, rng)`` builds a ``RummikubState`` from a ``RummikubView`` only: the viewer's
own rack, the table, every seat's rack size and opened flag, the pool count, the passes and the
start draw come from the view; the tiles it cannot see (the 106-tile set, docs/rules.md §2.1,
less its rack and the table) are shuffled with ``rng`` and dealt to the other racks (their
public sizes) and the pool (``view.pool_count``, in that shuffled order). A draw is face down
(§2.4), so what each player drew is public by count only, and what he played lies on the table:
every such deal is consistent with the public record. The ``club`` strategy plays its candidate
turns out on such states; nothing hidden of the true state is read.

*Inference from draws* (``NoPlay``): a player who drew (or passed) rather than played had no
valid play on the table of his turn (docs/rules.md §2.4), and before his initial meld no meld
of ``initial_meld.min_points`` from his rack (§2.5). Given such facts, ``determinize`` deals
that player's rack before the draw first, rejecting a rack with a play the move generator lists
(``has_listed_play``: a new set from the rack, one tile added to a table set, a joker
retrieval, a greedy initial meld; every player who finds any play finds these), up to
``tries`` times (then built tile by tile, each tile kept unless it makes a play), then the
drawn tile from the tiles left: the sample follows what his draw
revealed rather than the bare counts.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Final

import attrs

from remi.core.formations import Formation
from remi.core.tiles import FULL_SET, Tile, sort_tiles
from remi.variants.rummikub.actions import Play
from remi.variants.rummikub.engine import is_legal
from remi.variants.rummikub.movegen import generate_actions
from remi.variants.rummikub.rules import RummikubRules
from remi.variants.rummikub.state import RummikubState
from remi.variants.rummikub.views import RummikubView

__all__ = ["NoPlay", "determinize", "has_listed_play", "unseen_tiles"]

#: Racks tried per ``NoPlay`` fact before the last one is kept (``determinize``).
TRIES: Final = 200


@attrs.frozen
class NoPlay:
    """A public fact of the game's course: ``seat`` drew (or passed) on ``table``, so his rack
    then, his present rack less the ``drawn`` tiles he has drawn since (0 or 1), had no valid
    play there (docs/rules.md §2.4, §2.5).

    Attributes:
        seat: the player (0-based).
        table: the table at his turn.
        drawn: tiles on his present rack drawn at that turn (1 for a draw, 0 for a pass).
    """

    seat: int
    table: tuple[Formation, ...]
    drawn: int


def has_listed_play(
    rules: RummikubRules, table: tuple[Formation, ...], rack: Sequence[Tile], *, opened: bool
) -> bool:
    """Whether the move generator lists a play of ``rack`` on ``table`` (``movegen``: a new set
    of rack tiles, a rack tile added to a table set, a joker retrieval; before the initial meld,
    docs/rules.md §2.5, a greedy meld of ``initial_meld.min_points``). A player who has none of
    these may still have a rearrangement of the table; one who has one has a valid play."""
    state = RummikubState(
        rules=rules,
        racks=(sort_tiles(rack),),
        pool=(),
        table=table,
        opened=(opened,),
    )
    actions, _ = generate_actions(state, is_legal)
    return any(isinstance(a, Play) for a in actions)


def unseen_tiles(view: RummikubView) -> list[Tile]:
    """The tiles ``view.seat`` cannot see (the other racks and the pool), in a fixed order
    (sorted by code): the 106-tile set less his rack and the table's sets."""
    counts = Counter(FULL_SET)
    counts.subtract(view.rack)
    for f in view.table:
        counts.subtract(f.tiles)
    return sorted(counts.elements(), key=lambda t: t.code)


def determinize(
    view: RummikubView,
    rng: random.Random,
    facts: Sequence[NoPlay] = (),
    tries: int = TRIES,
) -> RummikubState | None:
    """A state consistent with ``view``, its hidden tiles shuffled by ``rng`` (module docstring),
    with the view's seat to play; the racks of the players of ``facts`` dealt first, each
    without a listed play on his fact's table (up to ``tries`` racks at random, then one built
    tile by tile: ``_built_without_play``);
    None when the view's counts do not add up to the tile set (never for a view of a real
    state)."""
    hidden = unseen_tiles(view)
    sizes = [0 if s == view.seat else n for s, n in enumerate(view.tile_counts)]
    if sum(sizes) + view.pool_count != len(hidden):
        return None
    rng.shuffle(hidden)
    dealt: dict[int, tuple[Tile, ...]] = {}
    for fact in facts:
        if fact.seat == view.seat or fact.seat in dealt or not 0 <= fact.drawn <= sizes[fact.seat]:
            continue
        keep = sizes[fact.seat] - fact.drawn
        opened = view.opened[fact.seat]
        for _ in range(max(1, tries)):
            if not has_listed_play(view.rules, fact.table, hidden[:keep], opened=opened):
                break
            rng.shuffle(hidden)
        else:
            hidden = _built_without_play(hidden, keep, fact.table, view.rules, opened)
        dealt[fact.seat] = sort_tiles(hidden[: sizes[fact.seat]])
        hidden = hidden[sizes[fact.seat] :]
    racks: list[tuple[Tile, ...]] = []
    at = 0
    for seat, size in enumerate(sizes):
        if seat == view.seat:
            racks.append(tuple(view.rack))
        elif seat in dealt:
            racks.append(dealt[seat])
        else:
            racks.append(sort_tiles(hidden[at : at + size]))
            at += size
    state = RummikubState(
        rules=view.rules, racks=tuple(racks), pool=tuple(hidden[at:]), opened=view.opened
    )
    # the public course of the game: table, seat to play, start draw, passes
    starter = view.start_draw.starter if view.start_draw is not None else view.current
    state = attrs.evolve(state, table=view.table, current=view.current, passes=view.passes)
    return attrs.evolve(state, starter=starter, start_draw=view.start_draw)


def _built_without_play(
    tiles: list[Tile],
    keep: int,
    table: tuple[Formation, ...],
    rules: RummikubRules,
    opened: bool,
) -> list[Tile]:
    """``tiles`` reordered so that its first ``keep`` have no listed play on ``table``
    (``has_listed_play``) when a walk in order finds them: each tile joins the rack unless it
    makes a play; the others follow in their order (and fill the rack if the walk falls
    short)."""
    rack: list[Tile] = []
    rest: list[Tile] = []
    for tile in tiles:
        if len(rack) < keep and not has_listed_play(rules, table, [*rack, tile], opened=opened):
            rack.append(tile)
        else:
            rest.append(tile)
    short = keep - len(rack)
    return rack + rest[:short] + rest[short:] if short <= 0 else rack + rest
