"""Remi pe tablă's dispute files and checks: the ``DisputeSupport`` of family ``remi``.

A Remi dispute file gives the players (``rack``, ``opened``, ``announced``, ``atu``,
``pe_tabla``), the formations on the table with their ``owner`` and the tiles others ``added``
(lipire), ``exchanged`` for a joly or ``swapped``, and the ``[end]`` (the closer and the closing
tile, or ``stock_exhausted``); docs/disputes.md gives every key. ``parse_dispute`` validates
all of it (tile counts against the 106-tile set, formations, attached tiles, the close) and
``remi.variants.remi_pe_tabla.scoring.score_hand`` scores it. The family's variant hands
``REMI_DISPUTES`` to the core as ``Variant.disputes``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

import attrs

from remi.core.disputefile import (
    Dispute,
    DisputeError,
    bad_tiles,
    because,
    check_tile_counts,
    make_dispute,
    no_unknown,
    player_name,
    rack_uses,
    read_end,
    read_one_tile,
    read_players,
    read_racks,
    read_tiles,
    show,
    typed,
)
from remi.core.errors import InvalidFormationError, NotationError, Told
from remi.core.formations import Formation, Kind, formation_points, read_formation
from remi.core.handend import (
    VIA_LAYOFF,
    VIA_SWAP,
    HandEnd,
    HandEndError,
    PlacedFormation,
    PlacedTile,
    PlayerEnd,
)
from remi.core.messages import N_
from remi.core.notation import parse_formation_tokens
from remi.core.reports import (
    MatchReport,
    MeldReport,
    OpeningReport,
    check_formations_report,
    formation_report,
)
from remi.core.rulespec import RuleSet
from remi.core.scoring import PlayerScore
from remi.core.tiles import Tile
from remi.variants.remi_pe_tabla.opening import check_opening, opening_points
from remi.variants.remi_pe_tabla.rules import RemiRules
from remi.variants.remi_pe_tabla.scoring import check_hand_end, match_outcome, score_hand

__all__ = ["REMI_DISPUTES", "RemiDisputes"]

_TOP_KEYS: Final = (
    "rules",
    "description",
    "atu",
    "options",
    "players",
    "formations",
    "end",
    "expect",
)
_PLAYER_KEYS: Final = ("rack", "opened", "announced", "claimed", "atu", "pe_tabla")
_FORMATION_KEYS: Final = ("owner", "tiles", "added", "exchanged", "swapped")
_END_KEYS: Final = ("closed_by", "closing_tile", "stock_exhausted", "pe_tabla", "atu")


def _remi(rules: RuleSet) -> RemiRules:
    """``rules`` as ``RemiRules`` (the registry hands this family only its own rule sets)."""
    assert isinstance(rules, RemiRules), rules.family
    return rules


class RemiDisputes:
    """The ``remi.core.dispute_support.DisputeSupport`` of Remi pe tablă (family ``remi``)."""

    def parse_dispute(self, data: Mapping[str, Any], rules: RuleSet, source: str) -> Dispute:
        """Validate the parsed TOML of a Remi dispute file and build the ``HandEnd``.

        Raises:
            DisputeError: unknown keys, wrong types, missing ``[players]``/``[end]``, a player
                count outside ``players.min``..``players.max``, unknown players
                (``formations[i].owner``, ``added``, ``exchanged``, ``end.closed_by``,
                ``expect``), bad tile notation, invalid or ambiguous formations (with the rule
                id), an ``added``/``exchanged`` tile that is not in its formation, a joly
                attached to another player's formation (``joly.layoff_own_only``), more
                ``swapped`` jolys than the formation holds, more copies of a tile than the
                106-tile set holds, ``closed_by`` with ``stock_exhausted`` (or neither), a
                closer with tiles on his rack, an atu announced without an atu tile or rules
                without atu, a non-opener or pe-tablă player with tiles on the table.
        """
        return _parse(data, _remi(rules), source)

    def score_dispute(self, dispute: Dispute) -> tuple[PlayerScore, ...]:
        """``remi.variants.remi_pe_tabla.scoring.score_hand`` of the dispute's hand end."""
        return score_hand(dispute.end, _remi(dispute.rules))

    def meld_report(self, text: str, rules: RuleSet) -> MeldReport:
        """Check one formation (``"R3 J R5"``, ``"[K12 K13 K1]"``), valued by the opening table
        (``opening.*``) and the end-of-hand table (``scoring.values``).

        Raises:
            NotationError: bad tile notation (bad input, not an invalid formation).
        """
        rr = _remi(rules)
        return formation_report(
            text,
            rr.formation_rules,
            opening_value=lambda f: formation_points(f, rr.opening_points),
            final_value=lambda f: formation_points(f, rr.final_points),
        )

    def opening_report(self, text: str, rules: RuleSet) -> OpeningReport:
        """Would the formations in ``text`` (``"[R5 R6 R7] [R10 Y10 B10]"``) make a valid
        opening (etalare; ``remi.variants.remi_pe_tabla.opening.check_opening``)?

        Raises:
            NotationError: bad notation (bad input).
        """
        rr = _remi(rules)
        return check_formations_report(
            text,
            rr.formation_rules,
            check=lambda forms: check_opening(forms, rr),
            points=lambda forms: opening_points(forms, rr),
        )

    def match_report(
        self, totals: Mapping[str, int], rules: RuleSet, *, hands_played: int | None
    ) -> MatchReport:
        """The match winner by ``match.end`` / ``match.target_points``
        (``remi.variants.remi_pe_tabla.scoring.match_outcome``)."""
        rr = _remi(rules)
        winner, reason = match_outcome(totals, rr, hands_played=hands_played)
        return MatchReport(
            winner=winner, totals=totals, target_points=rr.match_target_points, reason=reason
        )


#: The one ``RemiDisputes``: ``Variant.disputes`` of family ``remi``.
REMI_DISPUTES: Final = RemiDisputes()


def _parse(data: Mapping[str, Any], rr: RemiRules, source: str) -> Dispute:
    """``RemiDisputes.parse_dispute`` under Remi rules."""
    no_unknown(data, _TOP_KEYS, "")
    players_raw = read_players(data, rr, _PLAYER_KEYS)
    racks = read_racks(players_raw)
    used = rack_uses(racks)
    flags: dict[str, dict[str, Any]] = {}
    for name, table in players_raw.items():
        key = f"players.{name}"
        flags[name] = {
            "opened": typed(table, "opened", f"{key}.opened", bool, None),
            "announced": typed(table, "announced", f"{key}.announced", bool, True),
            "claimed": typed(table, "claimed", f"{key}.claimed", bool, True),
            "atu": typed(table, "atu", f"{key}.atu", bool, False),
            "pe_tabla": typed(table, "pe_tabla", f"{key}.pe_tabla", bool, False),
        }

    end, closed_by, stock_exhausted = read_end(data, _END_KEYS, racks)
    closing_tile: Tile | None = None
    if "closing_tile" in end:
        text = typed(end, "closing_tile", "end.closing_tile", str)
        if closed_by is None:
            raise DisputeError(
                "end.closing_tile",
                Told(N_("error.dispute.closing_no_close"), tile=repr(text)),
                text,
            )
        closing_tile = read_one_tile(text, "end.closing_tile")
        used.append((closing_tile, "end.closing_tile"))
    elif closed_by is not None:
        raise DisputeError(
            "end.closing_tile", Told(N_("error.dispute.closing_missing"), name=closed_by)
        )
    if typed(end, "pe_tabla", "end.pe_tabla", bool, False):
        if closed_by is None:
            raise DisputeError("end.pe_tabla", Told(N_("error.dispute.pe_tabla_no_close")), True)
        flags[closed_by]["pe_tabla"] = True

    atu = _read_atu(data, end)
    if atu is not None and not rr.atu_enabled:
        raise DisputeError(
            "atu" if "atu" in data else "end.atu",
            Told(N_("error.dispute.atu_disabled"), tile=repr(str(atu))),
            str(atu),
        )
    for name, f in flags.items():
        if f["atu"] and atu is None:
            raise DisputeError(f"players.{name}.atu", Told(N_("error.dispute.atu_missing")), True)

    formations_raw = data.get("formations", [])
    if not isinstance(formations_raw, list):
        raise DisputeError(
            "formations",
            Told(N_("error.dispute.formations_array"), got=show(formations_raw)),
            formations_raw,
        )
    placed_formations: list[PlacedFormation] = []
    owners: dict[str, str] = {}
    placers: dict[str, str] = {}
    for i, table in enumerate(formations_raw, start=1):
        key = f"formations[{i}]"
        if not isinstance(table, dict):
            raise DisputeError(
                key, Told(N_("error.dispute.formation_table"), got=show(table)), table
            )
        pf = _read_formation_entry(table, key, rr, players_raw)
        placed_formations.append(pf)
        used += [(t, f"{key}.tiles") for t in pf.formation.tiles]
        owners.setdefault(pf.owner, key)
        for p in pf.placed:
            if p.placed_by != pf.owner:
                placers.setdefault(
                    p.placed_by,
                    f"{key}.{'exchanged' if p.via == VIA_SWAP else 'added'}.{p.placed_by}",
                )

    check_tile_counts(used)
    players = [
        _player_end(name, racks[name], flags[name], closed_by, owners, placers)
        for name in players_raw
    ]
    hand = HandEnd(
        players=tuple(players),
        formations=tuple(placed_formations),
        closed_by=closed_by,
        closing_tile=closing_tile,
        stock_exhausted=stock_exhausted,
        atu=atu,
    )
    try:
        check_hand_end(hand)
    except HandEndError as exc:  # every case is caught above with the file's keys; kept as a net
        raise DisputeError("end", because(exc)) from None
    return make_dispute(data, rr, hand, players_raw, source)


def _player_end(
    name: str,
    rack: tuple[Tile, ...],
    f: Mapping[str, Any],
    closed_by: str | None,
    owners: Mapping[str, str],
    placers: Mapping[str, str],
) -> PlayerEnd:
    """One player's ``PlayerEnd``: ``opened`` as given or as the table shows it, checked
    against pe tablă (a pe-tablă player lays nothing before he closes) and the table."""
    key = f"players.{name}"
    closer = name == closed_by
    opened = f["opened"]
    if f["pe_tabla"] and not closer:
        where = owners.get(name) or placers.get(name)
        if where:
            raise DisputeError(
                f"{key}.pe_tabla",
                Told(N_("error.dispute.pe_tabla_laid"), name=name, where=where),
                True,
            )
        if opened:
            raise DisputeError(
                f"{key}.opened",
                Told(N_("error.dispute.pe_tabla_opened")),
                True,
            )
        opened = False
    if f["pe_tabla"] and closer and name in placers:
        raise DisputeError(
            placers[name],
            Told(N_("error.dispute.pe_tabla_attached"), name=name),
        )
    if opened is None:
        opened = name in owners or (closer and f["pe_tabla"])
    if closer and not opened and not f["pe_tabla"]:  # rule scoring.close (docs/rules.md)
        raise DisputeError(
            f"{key}.opened",
            Told(N_("error.dispute.closer_not_opened"), name=repr(name)),
            opened,
        )
    if not opened and not (closer and f["pe_tabla"]):
        where = owners.get(name) or placers.get(name)
        if where:
            raise DisputeError(
                f"{key}.opened",
                Told(N_("error.dispute.not_opened"), name=name, where=where),
                False,
            )
    return PlayerEnd(
        name=name,
        rack=rack,
        opened=opened,
        failed_announcement=not f["announced"],
        announcement_claimed=not f["announced"] and f["claimed"],
        atu=f["atu"],
        pe_tabla=f["pe_tabla"],
    )


def _read_atu(data: Mapping[str, Any], end: Mapping[str, Any]) -> Tile | None:
    """The atu tile from the top-level ``atu`` or ``[end] atu`` (not both)."""
    if "atu" in data and "atu" in end:
        raise DisputeError("end.atu", Told(N_("error.dispute.atu_twice")), end["atu"])
    key = "atu" if "atu" in data else "end.atu"
    table = data if "atu" in data else end
    if "atu" not in table:
        return None
    return read_one_tile(typed(table, "atu", key, str), key)


def _read_formation_entry(
    table: Mapping[str, Any], key: str, rules: RemiRules, players: Mapping[str, Any]
) -> PlacedFormation:
    """One ``[[formations]]`` block -> a ``PlacedFormation`` (validated)."""
    no_unknown(table, _FORMATION_KEYS, key)
    owner = player_name(typed(table, "owner", f"{key}.owner", str), players, f"{key}.owner")
    text = typed(table, "tiles", f"{key}.tiles", str)
    try:
        formation = read_formation(parse_formation_tokens(text), rules.formation_rules)
    except NotationError as exc:
        raise DisputeError(f"{key}.tiles", bad_tiles(exc, text), text) from None
    except InvalidFormationError as exc:
        raise DisputeError(f"{key}.tiles", because(exc), text) from None
    placed = [PlacedTile(tile=t, placed_by=owner, via="meld") for t in formation.tiles]
    taken = [False] * len(placed)
    for field, via in (("added", VIA_LAYOFF), ("exchanged", VIA_SWAP)):
        by_player = typed(table, field, f"{key}.{field}", dict, {})
        for name, tiles_text in by_player.items():
            fkey = f"{key}.{field}.{name}"
            player_name(name, players, fkey)
            if not isinstance(tiles_text, str):
                raise DisputeError(
                    fkey,
                    Told(N_("error.dispute.tiles_string"), got=show(tiles_text)),
                    tiles_text,
                )
            for tile in read_tiles(tiles_text, fkey):
                if via == VIA_SWAP and tile.is_joly:
                    raise DisputeError(
                        fkey,
                        Told(N_("error.dispute.exchange_joly")),
                        tiles_text,
                    )
                if tile.is_joly and name != owner and rules.joly_layoff_own_only:
                    raise DisputeError(
                        fkey,
                        Told(N_("error.dispute.joly_own"), owner=owner),
                        tiles_text,
                    )
                slot = next(
                    (j for j, t in enumerate(formation.tiles) if t == tile and not taken[j]), None
                )
                if slot is None:
                    raise DisputeError(
                        fkey,
                        Told(
                            N_("error.dispute.tile_not_in"),
                            tile=str(tile),
                            formation=str(formation),
                        ),
                        tiles_text,
                    )
                taken[slot] = True
                placed[slot] = PlacedTile(tile=tile, placed_by=name, via=via)
    _check_laid_part(formation, placed, owner, rules.formation_rules.min_tiles, key)
    _check_swap_from_set(formation, placed, rules, key)
    swapped = typed(table, "swapped", f"{key}.swapped", int, 0)
    jolys = [j for j, t in enumerate(formation.tiles) if t.is_joly]
    if swapped < 0:
        raise DisputeError(
            f"{key}.swapped", Told(N_("error.dispute.swapped_negative"), got=swapped), swapped
        )
    if swapped > len(jolys):
        raise DisputeError(
            f"{key}.swapped",
            Told(
                N_("error.dispute.swapped_many"),
                swapped=swapped,
                formation=str(formation),
                jolys=len(jolys),
            ),
            swapped,
        )
    for j in jolys[:swapped]:
        placed[j] = attrs.evolve(placed[j], swapped=True)
    return PlacedFormation(owner=owner, formation=formation, placed=tuple(placed))


def _check_laid_part(
    formation: Formation, placed: Sequence[PlacedTile], owner: str, min_tiles: int, key: str
) -> None:
    """Raise unless the formation can have grown from a first lay of the owner: at least
    ``min_tiles`` of the tiles not listed in ``added`` (``formation.min_tiles``), and for a run
    ``min_tiles`` of them side by side, since lipire adds tiles only at the ends of a run
    (``layoff.fits``) and every other tile can then be attached outward from that stretch, in
    order. So a tile another player attached may end inside the run once the owner extends it
    past that tile (A lays R3 R4 R5, B attaches R6, A attaches R7), as the engine plays it. A
    tile given in exchange for a joly (``exchanged``) stands where the joly stood, so it counts
    as laid."""
    laid = [j for j, p in enumerate(placed) if p.via != VIA_LAYOFF]
    added = [str(p.tile) for p in placed if p.via == VIA_LAYOFF]
    if not added:
        return
    if len(laid) < min_tiles:
        raise DisputeError(
            f"{key}.added",
            Told(
                N_("error.dispute.laid_few"),
                added=" ".join(added),
                owner=owner,
                laid=len(laid),
                formation=str(formation),
                least=min_tiles,
            ),
            " ".join(added),
        )
    if formation.kind is Kind.RUN and _longest_stretch(laid) < min_tiles:
        raise DisputeError(
            f"{key}.added",
            Told(
                N_("error.dispute.run_stretch"),
                least=min_tiles,
                owner=owner,
                formation=str(formation),
                added=" ".join(added),
            ),
            " ".join(added),
        )


def _longest_stretch(positions: Sequence[int]) -> int:
    """The length of the longest run of consecutive integers in sorted ``positions``."""
    best = run = 0
    previous = None
    for j in positions:
        run = run + 1 if previous is not None and j == previous + 1 else 1
        best = max(best, run)
        previous = j
    return best


def _check_swap_from_set(
    formation: Formation, placed: Sequence[PlacedTile], rules: RemiRules, key: str
) -> None:
    """Raise for a joly swapped out of a set that then holds three tiles: a joly in a 3-tile set
    is locked until both missing colours are on the table, so a set a joly left by a swap holds
    four tiles (docs/rules.md §1.8, §3.13, ``joly.set_of_three_locked``)."""
    swaps = [str(p.tile) for p in placed if p.via == VIA_SWAP]
    if (
        swaps
        and rules.joly_set_of_three_locked
        and formation.kind is Kind.SET
        and len(formation.tiles) < 4
    ):
        raise DisputeError(
            f"{key}.exchanged",
            Told(N_("error.dispute.set_of_three"), tiles=" ".join(swaps), formation=str(formation)),
            " ".join(swaps),
        )
