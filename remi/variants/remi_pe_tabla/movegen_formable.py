"""Which șir tiles a take could use, and a rack's candidate formations, over tables kept as
dictionaries.

The take phase of an opened player asks, for every tile of the șir (docs/rules.md §1.7 rupere:
the pool of a take at a tile is his rack plus the șir from that tile on), whether some formation
of that pool holds the tile. ``remi.core.candidates.formable_as_added`` answers it by adding the
tiles from the end and reading, for each, the run cover of its colour and the set cover of its
number; those covers sit behind bounded ``lru_cache`` tables keyed by (colour, numbers present,
jolys, formation rules), whose call, key building and hashing of the rules cost more than the
rest of the step. ``formable_from`` gives the same answers, in the same order, reading the same
covers from plain dictionaries keyed by one integer per formation rules: the run covers' holds
at most ``_COVERS_LIMIT`` entries (of 4 colours x 8,192 number masks x 3 joly counts, which the
pools of the șir reach slowly over tens of thousands of games), the set covers' is bounded by its
domain (13 numbers x 16 colour masks x 3). ``rack_candidates`` is
``candidate_formations`` reading each colour's runs the same way (a table of at most
``_RUNS_LIMIT`` entries per formation rules; the sets are read from the core's own table).
``loose_after_adding`` is the cheap count before the pe-tablă closing search of a take: the tiles
of a held rack that no formation can hold stay so when a tile of another colour and number joins.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from remi.core.candidates import (
    _COLOUR_COUNT,
    _LANE_ONES,
    _TILE_COLOUR,
    _TILE_INDEX,
    _can_form,
    _lane_cover,
    _lanes_of,
    _masks_of,
    _run_cover,
    _runs_for,
    _set_cover,
    _sets_for,
)
from remi.core.formations import Formation, FormationRules
from remi.core.tiles import Tile

__all__ = ["formable_from", "loose_after_adding", "rack_candidates", "rack_pieces"]

#: Run covers kept at once per formation rules (emptied beyond this: memory stays flat).
_COVERS_LIMIT = 1 << 14
# formation rules -> (run covers by numbers << 4 | colour << 2 | jolys, set covers by
# colours << 6 | number - 1 << 2 | jolys)
_COVERS: dict[FormationRules, tuple[dict[int, int], dict[int, int]]] = {}


def formable_from(
    tiles: Iterable[Tile], added: Iterable[Tile], rules: FormationRules
) -> list[bool]:
    """``remi.core.candidates.formable_as_added(tiles, added, rules)``: add the tiles of
    ``added`` to ``tiles`` one at a time; for each, whether some candidate formation of the
    tiles so far (which include it) holds it."""
    covers = _COVERS.get(rules)
    if covers is None:
        covers = _COVERS[rules] = ({}, {})
    run_covers, set_covers = covers
    runs, sets, jolys = _masks_of(tiles)
    out: list[bool] = []
    for t in added:
        ci = _TILE_COLOUR[t]
        if ci < 0:  # a joly: rare, read from the formations themselves
            jolys = min(2, jolys + 1)
            out.append(_can_form(t, runs, sets, jolys, rules))
            continue
        n = _TILE_INDEX[t]
        run_mask = runs[ci] | 1 << n
        runs[ci] = run_mask
        set_mask = sets[n] | 1 << ci
        sets[n] = set_mask
        key = run_mask << 4 | ci << 2 | jolys
        cover = run_covers.get(key)
        if cover is None:
            if len(run_covers) >= _COVERS_LIMIT:
                run_covers.clear()
            cover = run_covers[key] = _run_cover(ci, run_mask, jolys, rules)
        if cover >> n & 1:
            out.append(True)
            continue
        key = set_mask << 6 | n << 2 | jolys
        cover = set_covers.get(key)
        if cover is None:
            cover = set_covers[key] = _set_cover(n + 1, set_mask, jolys, rules)
        out.append(bool(cover >> ci & 1))
    return out


#: Run tables of ``rack_candidates`` kept at once per formation rules (emptied beyond this, as
#: ``remi.core.candidates`` bounds its own).
_RUNS_LIMIT = 1 << 14
# formation rules -> runs by numbers << 4 | colour << 2 | jolys
_RUNS: dict[FormationRules, dict[int, tuple[Formation, ...]]] = {}


def rack_candidates(tiles: Sequence[Tile], rules: FormationRules) -> list[Formation]:
    """``remi.core.candidates.candidate_formations(tiles, rules)``, the same formations in the
    same order (runs by colour, start and length, then sets by number), with the runs of each
    colour read from a dictionary keyed by one integer instead of a cached call."""
    out: list[Formation] = []
    for piece in rack_pieces(tiles, rules):
        out.extend(piece)
    return out


def rack_pieces(tiles: Sequence[Tile], rules: FormationRules) -> list[tuple[Formation, ...]]:
    """The candidate formations of ``tiles`` in pieces, in ``rack_candidates`` order: the runs
    of each colour present (one shared tuple per colour, numbers and jolys), then the sets of
    each number present in enough colours (one shared tuple per number, colours and jolys)."""
    runs_of = _RUNS.get(rules)
    if runs_of is None:
        runs_of = _RUNS[rules] = {}
    run_masks, set_masks, jolys = _masks_of(tiles)
    out: list[tuple[Formation, ...]] = []
    for ci in range(4):
        mask = run_masks[ci]
        if mask:
            key = mask << 4 | ci << 2 | jolys
            runs = runs_of.get(key)
            if runs is None:
                if len(runs_of) >= _RUNS_LIMIT:
                    runs_of.clear()
                runs = runs_of[key] = _runs_for(ci, mask, jolys, rules)
            out.append(runs)
    short = rules.min_tiles - jolys  # fewer colours than this make no set
    for n in range(13):
        mask = set_masks[n]
        if mask and _COLOUR_COUNT[mask] >= short:
            out.append(_sets_for(n + 1, mask, jolys, rules))
    return out


#: Held racks whose loose tiles are kept at once (emptied beyond this: memory stays flat).
_LOOSE_LIMIT = 4096
# (rack, formation rules) -> lane bits of its first and second copies no formation can hold
_LOOSE: dict[tuple[tuple[Tile, ...], FormationRules], tuple[int, int]] = {}


def loose_after_adding(rack: tuple[Tile, ...], tile: Tile, rules: FormationRules) -> int:
    """A lower bound on the tiles of ``rack`` plus ``tile`` that belong to no candidate formation
    (``remi.core.candidates.unformable_count`` of them is at least this).

    A natural tile's formations are runs of its colour (suită) and sets of its number (terță),
    with the jolys: a tile of ``rack`` in none stays in none when ``tile`` joins, unless ``tile``
    has its colour or its number. So this counts the loose tiles of ``rack`` (kept per rack:
    the rack a player holds between turns is asked about once per take) of another colour and
    number than ``tile``; 0 for a joly. Used before the exact pe-tablă closing search (docs/rules.md
    §1.10), which needs at most one tile left over.
    """
    key = (rack, rules)
    loose = _LOOSE.get(key)
    if loose is None:
        first, second, jolys = _lanes_of(rack)
        cover = _lane_cover(first, min(jolys, 2), rules)
        if len(_LOOSE) >= _LOOSE_LIMIT:
            _LOOSE.clear()
        loose = _LOOSE[key] = (first & ~cover, second & ~cover)
    ci = _TILE_COLOUR[tile]
    if ci < 0:
        return 0  # a joly can join any formation
    touched = (0xFFFF << (16 * ci)) | (_LANE_ONES << _TILE_INDEX[tile])
    return (loose[0] & ~touched).bit_count() + (loose[1] & ~touched).bit_count()
