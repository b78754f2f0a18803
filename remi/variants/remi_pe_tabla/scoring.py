"""End-of-hand scoring (the one scoring function) and the match winner, with explained lines.

docs/rules.md §1.9–§1.13 (§1.12 the scoring formula, §1.13 the match), the readings §3.12,
§3.14–§3.20 and the worked examples of §4.2. The same ``score_hand`` serves the engine at
the end of a played hand and the dispute checker (``remi.core.dispute_support``, ``remi score``).

Per player, in points (``F`` = the values table chosen by ``scoring.values``; § = a section of
docs/rules.md)::

    failed announcement (§1.9)    -> -announce.penalty_points, nothing else (under
                                     announce.penalty = claim: only once an opponent claimed it)
                                     (+ atu bonus only when atu.lost_on_penalty is false)
    stock ran out, "nobody"       -> 0 for everyone (scoring.stock_exhausted)
    pe-tablă closer (§1.10)       -> F(tiles he laid) + closing bonus, x2 by scoring.pe_tabla_close
    never opened                  -> -F(rack)  or  scoring.non_opener_points (flat)
    otherwise                     -> F(tiles he placed) - F(rack) + closing bonus (if he closed)
    then + atu.bonus_points (announced atu twin), x joly-close multiplier, x2 atu doubling.

Each ``ScoreLine`` cites the rule id behind it; the lines of a player add up to his score
exactly (a multiplier is written as a line worth the extra points it adds).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping

import attrs

from remi.core.errors import Told, names_list
from remi.core.formations import Formation, loose_tile_points
from remi.core.handend import (
    _VIAS,
    ATU_DOUBLING_FACTOR,
    VIA_LAYOFF,
    VIA_MELD,
    VIA_SWAP,
    HandEnd,
    HandEndError,
    PlacedFormation,
    PlacedTile,
    PlayerEnd,
    tile_overuse,
)
from remi.core.messages import N_, NP_, Messages
from remi.core.scoring import PlayerScore, ScoreLine
from remi.core.tiles import Tile
from remi.variants.remi_pe_tabla.rules import RemiRules

__all__ = [
    "check_hand_end",
    "match_outcome",
    "match_winner",
    "placed_tile_points",
    "rack_points",
    "score_hand",
]

# ---------------------------------------------------------------------------------------------
# Tile values


def placed_tile_points(
    formation: Formation, index: int, placed: PlacedTile, rules: RemiRules
) -> int:
    """End-of-hand value, in points, of tile ``index`` of ``formation`` (docs/rules.md §1.12,
    §3.12).

    A swapped joly scores ``scoring.swapped_joly_points``; any other tile scores by the table
    ``scoring.values`` selects (``rules.final_points``: a joly 50 in the final table, the tile
    it stands for in the opening table; a 1 by its place in the opening table).
    """
    tile = formation.tiles[index]
    if tile.is_joly and placed.swapped:
        return rules.scoring_swapped_joly_points
    table = rules.final_points
    if tile.is_joly and table.joly_in_formation is not None:
        return table.joly_in_formation
    return table.rank_points(formation.ranks[index], formation.kind)


def rack_points(rack: Iterable[Tile], rules: RemiRules) -> int:
    """Value of loose tiles (a rack), in points, by the ``scoring.values`` table (docs/rules.md
    §1.12)."""
    return sum(loose_tile_points(t, rules.final_points) for t in rack)


# ---------------------------------------------------------------------------------------------
# Consistency of a HandEnd


def check_hand_end(end: HandEnd) -> None:
    """Check that ``end`` can be the end of a hand; ``score_hand`` calls it first.

    Raises:
        HandEndError: naming the field (0-based indexes) for: a duplicate or unknown player
            name; a ``placed`` tuple that does not match the formation's tiles; an unknown
            ``via``; ``swapped`` on a natural tile; a ``meld`` tile not placed by the owner;
            ``closed_by`` with ``stock_exhausted`` (or neither); a closing tile without a closer;
            a closer with tiles on his rack, or who neither opened nor declared pe tablă; a
            non-opener or a pe-tablă player (who did not close) with tiles on the table; more
            copies of a tile than the 106-tile set holds.
    """
    names = [p.name for p in end.players]
    if len(set(names)) != len(names):
        dup = next(n for n in names if names.count(n) > 1)
        raise HandEndError(f"player name {dup!r} appears twice", key="players")
    known = set(names)
    by_name = {p.name: p for p in end.players}
    for i, pf in enumerate(end.formations):
        key = f"formations[{i}]"
        if pf.owner not in known:
            raise HandEndError(f"owner {pf.owner!r} is not a player", key=f"{key}.owner")
        if tuple(p.tile for p in pf.placed) != pf.formation.tiles:
            raise HandEndError(
                f"placed tiles {[str(p.tile) for p in pf.placed]} do not match the formation "
                f"{pf.formation}",
                key=f"{key}.placed",
            )
        for j, p in enumerate(pf.placed):
            pkey = f"{key}.placed[{j}]"
            if p.placed_by not in known:
                raise HandEndError(f"placed_by {p.placed_by!r} is not a player", key=pkey)
            if p.via not in _VIAS:
                raise HandEndError(f"via {p.via!r} is not one of {', '.join(_VIAS)}", key=pkey)
            if p.swapped and not p.tile.is_joly:
                raise HandEndError(f"only a joly can be marked swapped, not {p.tile}", key=pkey)
            if p.via == VIA_MELD and p.placed_by != pf.owner:
                raise HandEndError(
                    f"a tile laid with the formation (via 'meld') is the owner's "
                    f"({pf.owner!r}), not {p.placed_by!r}",
                    key=pkey,
                )
            placer = by_name[p.placed_by]
            if not placer.opened and not (placer.pe_tabla and placer.name == end.closed_by):
                raise HandEndError(
                    f"{p.placed_by!r} never opened, so he placed no tile on the table "
                    "[scoring.non_opener]",
                    key=pkey,
                )
            if placer.pe_tabla and placer.name != end.closed_by:
                raise HandEndError(
                    f"{p.placed_by!r} declared pe tablă and did not close, so he placed no tile "
                    "[scoring.pe_tabla_close]",
                    key=pkey,
                )
    if end.stock_exhausted and end.closed_by is not None:
        raise HandEndError(
            f"closed_by {end.closed_by!r} and stock_exhausted: a hand ends one way only",
            key="closed_by",
        )
    if end.closed_by is None:
        if not end.stock_exhausted:
            raise HandEndError("nobody closed and the stock is not exhausted", key="closed_by")
        if end.closing_tile is not None:
            raise HandEndError(
                f"closing tile {end.closing_tile} but nobody closed", key="closing_tile"
            )
    else:
        if end.closed_by not in known:
            raise HandEndError(f"{end.closed_by!r} is not a player", key="closed_by")
        if end.closing_tile is None:
            raise HandEndError("a close needs the closing tile", key="closing_tile")
        closer = by_name[end.closed_by]
        if closer.rack:
            raise HandEndError(
                f"the closer {closer.name!r} still holds "
                f"{' '.join(str(t) for t in closer.rack)}; closing empties the rack",
                key=f"players[{names.index(closer.name)}].rack",
            )
        if not closer.opened and not closer.pe_tabla:
            raise HandEndError(
                f"the closer {closer.name!r} neither opened nor declared pe tablă",
                key=f"players[{names.index(closer.name)}].opened",
            )
    used: list[Tile] = [t for p in end.players for t in p.rack]
    used += [t for pf in end.formations for t in pf.formation.tiles]
    if end.closing_tile is not None:
        used.append(end.closing_tile)
    over = tile_overuse(used)
    if over:
        tile, count, allowed = over[0]
        raise HandEndError(
            f"tile {tile} is used {count} times; the 106-tile set holds {allowed}", key="tiles"
        )


# ---------------------------------------------------------------------------------------------
# Scoring


@attrs.define
class _Sheet:
    """Lines being collected for one player."""

    lines: list[ScoreLine] = attrs.field(factory=list)

    def add(self, rule_id: str, message_id: str, points: int, **params: object) -> None:
        self.lines.append(_line(rule_id, [_part(message_id, **params)], points))

    @property
    def total(self) -> int:
        return sum(line.points for line in self.lines)

    def multiply(self, factor: int, rule_id: str, message_id: str, **params: object) -> None:
        """Multiply the running total by ``factor``: one line worth the points it adds."""
        before = self.total
        self.add(rule_id, message_id, before * (factor - 1), before=before, factor=factor, **params)


_ENGLISH = Messages("en")
_Part = tuple[str, tuple[tuple[str, object], ...]]


def _part(message_id: str, **params: object) -> _Part:
    """One catalogue message of a score line, its parameters as text."""
    return message_id, tuple((k, str(v)) for k, v in params.items())


def _line(rule_id: str, parts: list[_Part], points: int) -> ScoreLine:
    """A score line of ``parts``, its English ``text`` from the catalogue."""
    text = "; ".join(_ENGLISH(key, **dict(params)) for key, params in parts)
    return ScoreLine(rule_id=rule_id, text=text, points=points, parts=tuple(parts))


def _credited_to(pf: PlacedFormation, placed: PlacedTile, rules: RemiRules) -> str:
    """Who scores a placed tile (docs/rules.md §1.12): ``layoff.credit``, ``joly.swap_credit``."""
    if placed.via == VIA_LAYOFF and rules.layoff_credit == "owner":
        return pf.owner
    if placed.via == VIA_SWAP and rules.joly_swap_credit == "owner":
        return pf.owner
    return placed.placed_by


def _table_lines(end: HandEnd, rules: RemiRules) -> dict[str, list[ScoreLine]]:
    """The placed-tile lines of every player (before rack, bonuses and multipliers)."""
    own: dict[str, list[str]] = {p.name: [] for p in end.players}
    own_pts: Counter[str] = Counter()
    groups: dict[tuple[str, str], list[_Part]] = {}
    group_pts: Counter[tuple[str, str]] = Counter()
    for pf in end.formations:
        mine: dict[str, tuple[list[str], int]] = {}
        for index, placed in enumerate(pf.placed):
            who = _credited_to(pf, placed, rules)
            pts = placed_tile_points(pf.formation, index, placed, rules)
            if placed.tile.is_joly and placed.swapped:
                rule_id = "scoring.swapped_joly_points"
                desc = _part(
                    N_("score.swapped_joly"), owner=pf.owner, formation=pf.formation, points=pts
                )
            elif placed.via == VIA_SWAP:
                rule_id = "joly.swap_credit"
                key = (
                    N_("score.swap_given") if who == placed.placed_by else N_("score.swap_given_by")
                )
                desc = _part(
                    key,
                    tile=placed.tile,
                    by=placed.placed_by,
                    owner=pf.owner,
                    formation=pf.formation,
                    points=pts,
                )
            elif placed.placed_by != pf.owner:
                rule_id = "layoff.credit"
                key = N_("score.attached") if who == placed.placed_by else N_("score.attached_by")
                desc = _part(
                    key,
                    tile=placed.tile,
                    by=placed.placed_by,
                    owner=pf.owner,
                    formation=pf.formation,
                    points=pts,
                )
            else:
                tiles, total = mine.get(who, ([], 0))
                tiles.append(str(placed.tile))
                mine[who] = (tiles, total + pts)
                continue
            groups.setdefault((who, rule_id), []).append(desc)
            group_pts[(who, rule_id)] += pts
        for who, (_tiles, total) in mine.items():
            own[who].append(f"{pf.formation} {total}")
            own_pts[who] += total
    out: dict[str, list[ScoreLine]] = {p.name: [] for p in end.players}
    laid = N_("score.laid.final") if rules.scoring_values == "final" else N_("score.laid.opening")
    for p in end.players:
        if own[p.name]:
            out[p.name].append(
                _line(
                    "scoring.values",
                    [_part(laid, formations=", ".join(own[p.name]))],
                    own_pts[p.name],
                )
            )
        for rule_id in ("layoff.credit", "joly.swap_credit", "scoring.swapped_joly_points"):
            descs = groups.get((p.name, rule_id))
            if descs:
                out[p.name].append(_line(rule_id, descs, group_pts[(p.name, rule_id)]))
    return out


def _rack_line(sheet: _Sheet, rack: tuple[Tile, ...], rules: RemiRules) -> None:
    if rack:
        shown = " ".join(str(t) for t in rack)
        sheet.add("scoring.values", N_("score.rack"), -rack_points(rack, rules), tiles=shown)


def score_hand(end: HandEnd, rules: RemiRules) -> tuple[PlayerScore, ...]:
    """Score every player at the end of a hand, with one explained line per item.

    Args:
        end: the table at the end of the hand (``HandEnd``; checked with ``check_hand_end``).
        rules: the rules in force; every ``scoring.*``, ``atu.*``, ``announce.*`` option,
            ``layoff.credit`` and ``joly.swap_credit`` is honoured.

    Returns:
        one ``PlayerScore`` per player, in seat order; the lines of each add up to his score
        (points).

    Raises:
        HandEndError: ``end`` is inconsistent (see ``check_hand_end``).

    Rules: docs/rules.md §1.9–§1.12, the readings §3.12, §3.14–§3.20, worked examples §4.2.

    >>> from remi.core.formations import parse_formation
    >>> from remi.core.presets import load_rules
    >>> from remi.core.notation import parse_tiles
    >>> a = PlacedFormation.laid_by("A", parse_formation("R3 R4 R5 R6"))
    >>> end = HandEnd(players=(PlayerEnd(name="A", rack=(), opened=True),
    ...     PlayerEnd(name="B", rack=parse_tiles("Y4 J"), opened=False)),
    ...     formations=(a,), closed_by="A", closing_tile=Tile.parse("K7"))
    >>> [(s.name, s.score) for s in score_hand(end, load_rules())]
    [('A', 70), ('B', -55)]
    """
    check_hand_end(end)
    table_lines = _table_lines(end, rules)
    joly_close = end.closing_tile is not None and end.closing_tile.is_joly
    atu_doubles = (
        rules.atu_enabled
        and rules.atu_doubles_if_ace_or_joly
        and end.atu is not None
        and (end.atu.is_joly or end.atu.number == 1)
    )
    out = []
    for player in end.players:
        sheet = _Sheet()
        closer = player.name == end.closed_by
        atu_bonus = rules.atu_enabled and player.atu
        penalised = rules.announce_required and player.failed_announcement
        if penalised and rules.announce_penalty == "claim" and not player.announcement_claimed:
            sheet.add("announce.penalty", N_("score.announce_unclaimed"), 0)
            penalised = False
        if penalised and closer and rules.announce_forgive_closer:
            sheet.add("announce.forgive_closer", N_("score.announce_forgiven"), 0)
            penalised = False
        if end.stock_exhausted and rules.scoring_stock_exhausted == "nobody":
            sheet.add("scoring.stock_exhausted", N_("score.stock_out.nobody"), 0)
        elif penalised:
            claimed = rules.announce_penalty == "claim"
            sheet.add(
                "announce.penalty" if claimed else "announce.penalty_points",
                N_("score.announce_claimed") if claimed else N_("score.announce_penalty"),
                -rules.announce_penalty_points,
                max=rules.announce_max_tiles,
            )
            if atu_bonus and rules.atu_lost_on_penalty:
                sheet.add("atu.lost_on_penalty", N_("score.atu_lost"), 0)
            elif atu_bonus:
                sheet.add(
                    "atu.bonus_points",
                    N_("score.atu_bonus"),
                    rules.atu_bonus_points,
                    tile=end.atu,
                )
        else:
            _score_normal(sheet, player, end, rules, table_lines[player.name], closer)
            if atu_bonus:
                sheet.add(
                    "atu.bonus_points",
                    N_("score.atu_bonus"),
                    rules.atu_bonus_points,
                    tile=end.atu,
                )
            pe_tabla_closer = closer and player.pe_tabla
            if pe_tabla_closer and rules.scoring_pe_tabla_close == "always_doubles":
                sheet.multiply(
                    rules.scoring_joly_close_multiplier,
                    "scoring.pe_tabla_close",
                    N_("score.multiply.pe_tabla"),
                )
            elif joly_close and (
                rules.scoring_joly_close_doubles == "everyone"
                or (rules.scoring_joly_close_doubles == "closer" and closer)
            ):
                sheet.multiply(
                    rules.scoring_joly_close_multiplier,
                    "scoring.joly_close_multiplier",
                    N_("score.multiply.joly_own") if closer else N_("score.multiply.joly"),
                    who=rules.scoring_joly_close_doubles,
                )
            if atu_doubles:
                sheet.multiply(
                    ATU_DOUBLING_FACTOR,
                    "atu.doubles_if_ace_or_joly",
                    N_("score.multiply.atu"),
                    tile=end.atu,
                )
        out.append(PlayerScore(name=player.name, score=sheet.total, lines=tuple(sheet.lines)))
    return tuple(out)


def _score_normal(
    sheet: _Sheet,
    player: PlayerEnd,
    end: HandEnd,
    rules: RemiRules,
    placed_lines: list[ScoreLine],
    closer: bool,
) -> None:
    """Lines of a player who is not penalised, before the atu bonus and the multipliers."""
    if closer and player.pe_tabla:
        sheet.lines.extend(placed_lines)
        sheet.add("scoring.pe_tabla_close", N_("score.pe_tabla_close"), 0)
        sheet.add(
            "scoring.closing_bonus",
            N_("score.closed"),
            rules.scoring_closing_bonus,
            tile=end.closing_tile,
        )
        return
    if not player.opened:
        shown = " ".join(str(t) for t in player.rack) or "empty"
        if rules.scoring_non_opener == "flat":
            sheet.add(
                "scoring.non_opener",
                N_("score.non_opener.flat"),
                rules.scoring_non_opener_points,
                tiles=shown,
            )
        else:
            sheet.add(
                "scoring.non_opener",
                N_("score.non_opener.rack"),
                -rack_points(player.rack, rules),
                tiles=shown,
            )
        return
    sheet.lines.extend(placed_lines)
    _rack_line(sheet, player.rack, rules)
    if closer:
        sheet.add(
            "scoring.closing_bonus",
            N_("score.closed"),
            rules.scoring_closing_bonus,
            tile=end.closing_tile,
        )
    elif end.stock_exhausted:
        sheet.add("scoring.stock_exhausted", N_("score.stock_out.no_bonus"), 0)


# ---------------------------------------------------------------------------------------------
# Match


def match_winner(
    totals: Mapping[str, int], rules: RemiRules, *, hands_played: int | None = None
) -> str | None:
    """The winner of a match from the players' cumulative totals, or ``None`` to play on.

    docs/rules.md §1.13 (RF-13): with ``match.end = "target"`` the single highest
    total wins once it is at or above ``match.target_points``; with ``match.end = "hands"`` the
    single highest total wins after ``match.hands`` hands (``hands_played``; ``None`` means the
    last hand has been played). A tie for the highest total means another hand is played.

    >>> from remi.core.presets import load_rules
    >>> match_winner({"A": 1065, "B": 990}, load_rules())
    'A'
    >>> match_winner({"A": 1065, "B": 1065}, load_rules()) is None
    True
    """
    return match_outcome(totals, rules, hands_played=hands_played)[0]


def match_outcome(
    totals: Mapping[str, int], rules: RemiRules, *, hands_played: int | None = None
) -> tuple[str | None, str]:
    """``match_winner``'s answer (docs/rules.md §1.13) and why, in one line: the single highest
    total at the target (or after the last hand), a tie for the highest total, no total at the
    target yet, or hands still to play.

    >>> from remi.core.presets import load_rules
    >>> match_outcome({"A": 1200, "B": 1200}, load_rules())
    (None, 'A and B tie for the highest total, 1200: play another hand')
    """
    if not totals:
        return None, Told(N_("match.no_totals"))
    if rules.match_end == "hands" and hands_played is not None and hands_played < rules.match_hands:
        return None, Told(
            NP_("match.hands_left"), rules.match_hands, played=hands_played, hands=rules.match_hands
        )
    best = max(totals.values())
    leaders = [name for name, total in totals.items() if total == best]
    if len(leaders) != 1:
        return None, Told(N_("match.tie"), names=names_list(leaders), best=best)
    if rules.match_end == "target" and best < rules.match_target_points:
        return None, Told(N_("match.below_target"), target=rules.match_target_points)
    if rules.match_end == "hands":
        return leaders[0], Told(N_("match.won_last_hand"), name=leaders[0], best=best)
    return leaders[0], Told(
        N_("match.won_target"), name=leaders[0], best=best, target=rules.match_target_points
    )
