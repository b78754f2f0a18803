"""Actions: what a player does in a turn, as plain data with a text form that parses back.

Actions are plain data and are the game log: a game record is its setup plus its list of
actions, and every text form parses back exactly. Text forms (docs/rules.md §0.1; seats are
1-based, ``p1``..``p4``; formations and șir positions are 1-based too)::

    p1 draw                      draw the top tile of the stock
    p2 take                      take the last tile of the șir (rupere)
    p2 take 4                    break the șir at its 4th tile, taking it and every later tile
    p2 take atu                  take the atu set aside, to close this turn (atu.tile = closing)
    p1 offer R5 p3               offer p3 one tile of the double R5 (deal.doubles_exchange)
    p3 accept K7                 give K7 of a double for the tile offered (deal.doubles_exchange)
    p1 pass                      make no offer, or refuse the offer (deal.doubles_exchange)
    p1 meld [R7 R8 R9]           lay one or more new formations (etalare)
    p1 meld [R7 R8 R9] [K1 Y1 B1]
    p3 layoff 2 R10              attach (lipire) tiles to table formation 2
    p3 layoff 1 J[R2]            attach a joly, stating where it goes
    p3 layoff 1 J[R1]>           a 1 that fits both ends of run 1: ``<`` low end, ``>`` high end
    p1 swap 3 Y12                give Y12 for the joly standing for Y12 in formation 3
    p1 announce                  announce three tiles or fewer left
    p2 atu                       announce holding the atu's twin (first turn)
    p1 declare                   declare pe tablă after taking the last șir tile
    p3 claim p2                  claim p2's missed announcement (announce.penalty = claim)
    p1 discard Y12               end the turn; the last discard closes the hand (închidere)
    p1 undo                      take back this turn's actions (a drawn tile stays drawn)

``str(action)`` is canonical and ``parse_action(str(action)) == action``. Input is
case-insensitive and accepts the separators of ``remi.core.notation``.
"""

from __future__ import annotations

import re
from typing import ClassVar, Final

import attrs

from remi.core.actions import (
    Action,
    fail,
    parse_formations_argument,
    parse_head,
    positive_number,
    simple_action,
    unknown_verb,
)
from remi.core.errors import Reason
from remi.core.formations import REMI_FORMATIONS, Formation, FormationRules
from remi.core.messages import N_
from remi.core.notation import SlotToken, format_tiles, parse_formations_text
from remi.core.tiles import JOLY, Tile

__all__ = [
    "Action",
    "Accept",
    "Announce",
    "AnnounceAtu",
    "Claim",
    "Declare",
    "Discard",
    "Draw",
    "LayOff",
    "Meld",
    "Offer",
    "Pass",
    "Swap",
    "Take",
    "TakeAtu",
    "Undo",
    "ACTION_VERBS",
    "parse_action",
]


@attrs.frozen(repr=False)
class Draw(Action):
    """Draw the top tile of the stock (grămezi), docs/rules.md §1.3."""

    VERB: ClassVar[str] = "draw"


@attrs.frozen(repr=False)
class Take(Action):
    """Take from the șir (rupere): the last tile (``position=None``) or, breaking the șir,
    the tile at 1-based ``position`` and every later one (docs/rules.md §1.7)."""

    VERB: ClassVar[str] = "take"
    position: int | None = None

    def args_text(self) -> str:
        """The șir position, or nothing for the last tile."""
        return "" if self.position is None else str(self.position)


@attrs.frozen(repr=False)
class TakeAtu(Action):
    """Take the atu set aside beside the stock instead of drawing, and close this very turn
    (``atu.tile = closing``, docs/rules.md §1.14)."""

    VERB: ClassVar[str] = "take"

    def args_text(self) -> str:
        """The word ``atu``."""
        return "atu"


@attrs.frozen(repr=False)
class Offer(Action):
    """Before play, offer seat ``partner`` (0-based) one tile of a double (dublă) held, face
    down (``deal.doubles_exchange``, docs/rules.md §1.14)."""

    VERB: ClassVar[str] = "offer"
    tile: Tile = JOLY
    partner: int = 0

    def args_text(self) -> str:
        """The tile offered and the partner (``R5 p3``)."""
        return f"{self.tile} p{self.partner + 1}"


@attrs.frozen(repr=False)
class Accept(Action):
    """Answer an offer by giving ``tile``, one tile of a double of one's own (of the offered
    tile's category under ``deal.doubles_exchange = same_category``)."""

    VERB: ClassVar[str] = "accept"
    tile: Tile = JOLY

    def args_text(self) -> str:
        """The tile given."""
        return str(self.tile)


@attrs.frozen(repr=False)
class Pass(Action):
    """Make no offer of a double, or refuse the offer made (``deal.doubles_exchange``)."""

    VERB: ClassVar[str] = "pass"


@attrs.frozen(repr=False)
class Meld(Action):
    """Lay one or more new formations from the rack (etalare), docs/rules.md §1.5, §1.6."""

    VERB: ClassVar[str] = "meld"
    formations: tuple[Formation, ...] = ()

    def args_text(self) -> str:
        """The formations in bracket notation."""
        return " ".join(str(f) for f in self.formations)

    @property
    def tiles(self) -> tuple[Tile, ...]:
        """Every tile the meld takes from the rack."""
        return tuple(t for f in self.formations for t in f.tiles)


@attrs.frozen(repr=False)
class LayOff(Action):
    """Attach tiles to table formation ``target`` (1-based), lipire; docs/rules.md §1.6, §1.8.

    ``tiles`` are slots: a joly attached to a run may state its identity (``J[R2]``), and a 1
    that fits both ends of a run 2..13 states the end (``R1<`` low, ``J[R1]>`` high;
    ``joly.identity`` refuses a joly that does not; a natural 1 without it goes low).
    """

    VERB: ClassVar[str] = "layoff"
    target: int = 1
    tiles: tuple[SlotToken, ...] = ()

    def args_text(self) -> str:
        """The formation number and the tiles."""
        return f"{self.target} {format_tiles(self.tiles)}"


@attrs.frozen(repr=False)
class Swap(Action):
    """Give ``tile`` for the joly standing for it in table formation ``target`` (1-based);
    the freed joly must be laid in the player's own formation this turn (docs/rules.md §1.8)."""

    VERB: ClassVar[str] = "swap"
    target: int = 1
    tile: Tile = JOLY

    def args_text(self) -> str:
        """The formation number and the tile given."""
        return f"{self.target} {self.tile}"


@attrs.frozen(repr=False)
class Announce(Action):
    """Announce having at most ``announce.max_tiles`` (3) tiles left (docs/rules.md §1.9)."""

    VERB: ClassVar[str] = "announce"


@attrs.frozen(repr=False)
class AnnounceAtu(Action):
    """Announce holding the twin of the face-up atu, in one's first turn (docs/rules.md §1.2)."""

    VERB: ClassVar[str] = "atu"


@attrs.frozen(repr=False)
class Claim(Action):
    """Claim the missed announcement of the opponent at 0-based seat ``target`` (``p2`` in
    notation): under ``announce.penalty = "claim"`` only a claimed omission costs
    ``announce.penalty_points`` (docs/rules.md §1.9, §1.14)."""

    VERB: ClassVar[str] = "claim"
    target: int = 0

    def args_text(self) -> str:
        """The claimed seat, ``p2``."""
        return f"p{self.target + 1}"


@attrs.frozen(repr=False)
class Declare(Action):
    """Declare "pe tablă" after taking the last șir tile without laying it (docs/rules.md §1.7,
    §1.10)."""

    VERB: ClassVar[str] = "declare"


@attrs.frozen(repr=False)
class Discard(Action):
    """Discard ``tile`` onto the end of the șir, ending the turn (docs/rules.md §1.3, §1.11)."""

    VERB: ClassVar[str] = "discard"
    tile: Tile = JOLY

    def args_text(self) -> str:
        """The discarded tile."""
        return str(self.tile)


@attrs.frozen(repr=False)
class Undo(Action):
    """Take back this turn's actions; a tile drawn from the stock stays drawn (docs/rules.md
    §1.3)."""

    VERB: ClassVar[str] = "undo"


_SIMPLE: Final[dict[str, type[Action]]] = {
    cls.VERB: cls for cls in (Draw, Announce, AnnounceAtu, Declare, Undo, Pass)
}
#: The verbs of the text forms, in the order ``help`` lists them.
ACTION_VERBS: Final = (
    "draw",
    "take",
    "meld",
    "layoff",
    "swap",
    "announce",
    "atu",
    "claim",
    "declare",
    "discard",
    "undo",
    "offer",
    "accept",
    "pass",
)


def parse_action(text: str, rules: FormationRules = REMI_FORMATIONS) -> Action:
    """Parse an action line such as ``"p1 meld [R7 R8 R9]"`` (see the module docstring).

    Args:
        text: one action line; the seat prefix ``pN`` is required.
        rules: formation rules used to read formations in ``meld`` (Remi by default).

    Raises:
        NotationError: unknown verb, missing or extra arguments, bad tile token, bad formation
            (the message carries the formation's rule id), naming the bad token.
    """
    head = parse_head(text, "p2 discard Y12")
    player, verb, rest = head.player, head.verb, head.rest
    simple = simple_action(head, text, _SIMPLE)
    if simple is not None:
        return simple
    if verb == "take":
        if not rest:
            return Take(player)
        if rest.lower() == "atu":
            return TakeAtu(player)
        parts = rest.split()
        if len(parts) != 1:
            raise fail(N_("notation.take_one"), text, parts[1], rest=rest)
        return Take(player, positive_number(parts[0], text, Reason(N_("notation.what.sir"))))
    if verb == "claim":
        return Claim(player, _claimed_seat(rest, text))
    if verb in ("discard", "accept"):
        tiles = _tiles(rest, text, verb)
        if len(tiles) != 1 or tiles[0].stated is not None:
            if verb == "discard":
                raise fail(N_("notation.discard_one"), text, rest, rest=rest)
            raise fail(N_("notation.accept_one"), text, rest, rest=rest)
        return (Discard if verb == "discard" else Accept)(player, tiles[0].tile)
    if verb == "offer":
        parts = rest.split()
        if len(parts) != 2:
            raise fail(N_("notation.offer_form"), text, rest)
        tiles = _tiles(parts[0], text, verb)
        seat = re.fullmatch(r"[pP]([1-9][0-9]?)", parts[1])
        if len(tiles) != 1 or tiles[0].stated is not None or seat is None:
            raise fail(N_("notation.offer_form"), text, rest)
        return Offer(player, tiles[0].tile, int(seat[1]) - 1)
    if verb == "meld":
        if not rest:
            raise fail(N_("notation.meld_needs"), text)
        return Meld(player, parse_formations_argument(rest, text, rules))
    if verb in ("layoff", "swap"):
        parts = rest.split(None, 1)
        if len(parts) != 2:
            raise fail(N_("notation.target_tiles"), text, rest, verb=verb)
        target = positive_number(parts[0], text, Reason(N_("notation.what.formation")))
        slots = _tiles(parts[1], text, verb)
        if verb == "layoff":
            return LayOff(player, target, tuple(slots))
        if len(slots) != 1 or slots[0].tile.is_joly:
            raise fail(N_("notation.swap_one"), text, parts[1])
        return Swap(player, target, slots[0].tile)
    raise unknown_verb(verb, text, ACTION_VERBS)


def _claimed_seat(rest: str, text: str) -> int:
    """The 0-based seat of ``claim p2``'s argument."""
    word = rest.strip().lower()
    if len(word) < 2 or word[0] != "p" or not word[1:].isdigit() or len(word) > 4:
        raise fail(N_("notation.claim_one"), text, rest, rest=rest.strip())
    if int(word[1:]) < 1:
        raise fail(N_("notation.claim_seat"), text, word, word=word)
    return int(word[1:]) - 1


def _tiles(rest: str, text: str, verb: str) -> list[SlotToken]:
    if not rest:
        raise fail(N_("notation.needs_tile"), text, verb=verb)
    groups = parse_formations_text(rest, ends=verb == "layoff")
    if len(groups) != 1:
        raise fail(N_("notation.tiles_not_formations"), text, rest, verb=verb)
    return groups[0]
