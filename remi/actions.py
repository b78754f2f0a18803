"""Actions: what a player does in a turn, as plain data with a text form that parses back.

STYLE.md 3 and 7, issue 2: a game record is its setup plus its list of actions. Text forms
(seats are 1-based, ``p1``..``p4``; formations and șir positions are 1-based too)::

    p1 draw                      draw the top tile of the stock
    p2 take                      take the last tile of the șir (rupere)
    p2 take 4                    break the șir at its 4th tile, taking it and every later tile
    p1 meld [R7 R8 R9]           lay one or more new formations (etalare)
    p1 meld [R7 R8 R9] [K1 Y1 B1]
    p3 layoff 2 R10              attach (lipire) tiles to table formation 2
    p3 layoff 1 J[R2]            attach a joly, stating where it goes
    p1 swap 3 Y12                give Y12 for the joly standing for Y12 in formation 3
    p1 announce                  announce three tiles or fewer left
    p2 atu                       announce holding the atu's twin (first turn)
    p1 declare                   declare pe tablă after taking the last șir tile
    p1 discard Y12               end the turn; the last discard closes the hand (închidere)
    p1 undo                      take back this turn's actions (a drawn tile stays drawn)

``str(action)`` is canonical and ``parse_action(str(action)) == action``. Input is
case-insensitive and accepts the separators of ``remi.notation``.
"""

from __future__ import annotations

import re
from typing import ClassVar, Final

import attrs

from remi.errors import InvalidFormationError, NotationError
from remi.formations import REMI_FORMATIONS, Formation, FormationRules, read_formation
from remi.notation import SlotToken, format_tiles, parse_formations_text
from remi.tiles import JOLY, Tile

__all__ = [
    "Action",
    "Announce",
    "AnnounceAtu",
    "Declare",
    "Discard",
    "Draw",
    "LayOff",
    "Meld",
    "Swap",
    "Take",
    "Undo",
    "parse_action",
]


@attrs.frozen
class Action:
    """Base of every action: the seat (0-based) of the player who acts.

    ``VERB`` is the action's word in the text form.
    """

    VERB: ClassVar[str] = ""
    player: int

    @property
    def seat_text(self) -> str:
        """The player as written in notation (``p1`` for seat 0)."""
        return f"p{self.player + 1}"

    def args_text(self) -> str:
        """The text after the verb (empty for actions without arguments)."""
        return ""

    def __str__(self) -> str:
        args = self.args_text()
        return f"{self.seat_text} {self.VERB}" + (f" {args}" if args else "")


@attrs.frozen
class Draw(Action):
    """Draw the top tile of the stock (grămezi), §A.3 (a)."""

    VERB: ClassVar[str] = "draw"


@attrs.frozen
class Take(Action):
    """Take from the șir (rupere): the last tile (``position=None``) or, breaking the șir,
    the tile at 1-based ``position`` and every later one (PD 5, 6; §A.3, §A.7)."""

    VERB: ClassVar[str] = "take"
    position: int | None = None

    def args_text(self) -> str:
        """The șir position, or nothing for the last tile."""
        return "" if self.position is None else str(self.position)


@attrs.frozen
class Meld(Action):
    """Lay one or more new formations from the rack (etalare), PD 4; §A.5, §A.6."""

    VERB: ClassVar[str] = "meld"
    formations: tuple[Formation, ...] = ()

    def args_text(self) -> str:
        """The formations in bracket notation."""
        return " ".join(str(f) for f in self.formations)

    @property
    def tiles(self) -> tuple[Tile, ...]:
        """Every tile the meld takes from the rack."""
        return tuple(t for f in self.formations for t in f.tiles)


@attrs.frozen
class LayOff(Action):
    """Attach tiles to table formation ``target`` (1-based), lipire; PD 4, 8; §A.6.

    ``tiles`` are slots: a joly attached to a run may state its identity (``J[R2]``).
    """

    VERB: ClassVar[str] = "layoff"
    target: int = 1
    tiles: tuple[SlotToken, ...] = ()

    def args_text(self) -> str:
        """The formation number and the tiles."""
        return f"{self.target} {format_tiles(self.tiles)}"


@attrs.frozen
class Swap(Action):
    """Give ``tile`` for the joly standing for it in table formation ``target`` (1-based);
    the freed joly must be laid in the player's own formation this turn (PD 8; §A.8)."""

    VERB: ClassVar[str] = "swap"
    target: int = 1
    tile: Tile = JOLY

    def args_text(self) -> str:
        """The formation number and the tile given."""
        return f"{self.target} {self.tile}"


@attrs.frozen
class Announce(Action):
    """Announce having at most ``announce.max_tiles`` (3) tiles left (PD 11; §A.9)."""

    VERB: ClassVar[str] = "announce"


@attrs.frozen
class AnnounceAtu(Action):
    """Announce holding the twin of the face-up atu, in one's first turn (§A.2.7)."""

    VERB: ClassVar[str] = "atu"


@attrs.frozen
class Declare(Action):
    """Declare "pe tablă" after taking the last șir tile without laying it (PD 5, 10; §A.11)."""

    VERB: ClassVar[str] = "declare"


@attrs.frozen
class Discard(Action):
    """Discard ``tile`` onto the end of the șir, ending the turn (PD 2, 12; §A.3)."""

    VERB: ClassVar[str] = "discard"
    tile: Tile = JOLY

    def args_text(self) -> str:
        """The discarded tile."""
        return str(self.tile)


@attrs.frozen
class Undo(Action):
    """Take back this turn's actions; a tile drawn from the stock stays drawn (issue 2)."""

    VERB: ClassVar[str] = "undo"


_SIMPLE: Final[dict[str, type[Action]]] = {
    cls.VERB: cls for cls in (Draw, Announce, AnnounceAtu, Declare, Undo)
}
_VERBS: Final = (
    "draw",
    "take",
    "meld",
    "layoff",
    "swap",
    "announce",
    "atu",
    "declare",
    "discard",
    "undo",
)
_HEAD_RE: Final = re.compile(r"^\s*[pP]([0-9]+)\s+(\S+)\s*(.*?)\s*$", re.S)
#: Seat numbers and positions have at most this many digits (``int`` refuses very long digit
#: strings with a ValueError: found by fuzzing).
_MAX_DIGITS: Final = 9


def _fail(message: str, text: str, token: str = "", position: int = 0) -> NotationError:
    return NotationError(message, text=text, token=token, position=position)


def _positive(token: str, text: str, what: str) -> int:
    if not (token.isascii() and token.isdigit()) or len(token) > _MAX_DIGITS or int(token) < 1:
        raise _fail(f"{what} must be a positive number, got '{token}'", text, token)
    return int(token)


def parse_action(text: str, rules: FormationRules = REMI_FORMATIONS) -> Action:
    """Parse an action line such as ``"p1 meld [R7 R8 R9]"`` (see the module docstring).

    Args:
        text: one action line; the seat prefix ``pN`` is required.
        rules: formation rules used to read formations in ``meld`` (Remi by default).

    Raises:
        NotationError: unknown verb, missing or extra arguments, bad tile token, bad formation
            (the message carries the formation's rule id), naming the bad token.
    """
    match = _HEAD_RE.match(text)
    if match is None:
        raise _fail(
            f"'{text.strip()}' is not an action: expected 'pN verb ...' like 'p1 draw' or "
            "'p2 discard Y12'",
            text,
            text.strip().split(" ")[0] if text.strip() else "",
        )
    seat_text, verb, rest = match.group(1), match.group(2).lower(), match.group(3)
    seat = int(seat_text) if len(seat_text) <= _MAX_DIGITS else 0
    if seat < 1 and len(seat_text) > _MAX_DIGITS:
        raise _fail(
            f"player 'p{seat_text[:12]}...' does not exist: a seat number is 1-{10**_MAX_DIGITS - 1}",
            text,
            f"p{seat_text}",
        )
    if seat < 1:
        raise _fail(
            f"player 'p{seat_text}' does not exist: seats start at p1", text, f"p{seat_text}"
        )
    player = seat - 1
    if verb in _SIMPLE:
        if rest:
            raise _fail(f"'{verb}' takes no argument, got '{rest}'", text, rest.split()[0])
        return _SIMPLE[verb](player)
    if verb == "take":
        if not rest:
            return Take(player)
        parts = rest.split()
        if len(parts) != 1:
            raise _fail(f"'take' takes at most one șir position, got '{rest}'", text, parts[1])
        return Take(player, _positive(parts[0], text, "the șir position"))
    if verb == "discard":
        tiles = _tiles(rest, text, "discard")
        if len(tiles) != 1 or tiles[0].stated is not None:
            raise _fail(f"'discard' takes exactly one tile, got '{rest}'", text, rest)
        return Discard(player, tiles[0].tile)
    if verb == "meld":
        if not rest:
            raise _fail("'meld' needs at least one formation, like [R7 R8 R9]", text)
        groups = parse_formations_text(rest)
        formations = []
        for group in groups:
            try:
                formations.append(read_formation(group, rules))
            except InvalidFormationError as exc:
                raise _fail(str(exc), text, f"[{format_tiles(group)}]") from None
        return Meld(player, tuple(formations))
    if verb in ("layoff", "swap"):
        parts = rest.split(None, 1)
        if len(parts) != 2:
            raise _fail(
                f"'{verb}' needs a formation number and tiles, like '{verb} 2 R10'", text, rest
            )
        target = _positive(parts[0], text, "the formation number")
        slots = _tiles(parts[1], text, verb)
        if verb == "layoff":
            return LayOff(player, target, tuple(slots))
        if len(slots) != 1 or slots[0].tile.is_joly:
            raise _fail("'swap' gives exactly one numbered tile, like 'swap 3 Y12'", text, parts[1])
        return Swap(player, target, slots[0].tile)
    raise _fail(f"unknown action '{verb}': expected one of {', '.join(_VERBS)}", text, verb, 0)


def _tiles(rest: str, text: str, verb: str) -> list[SlotToken]:
    if not rest:
        raise _fail(f"'{verb}' needs a tile", text)
    groups = parse_formations_text(rest)
    if len(groups) != 1:
        raise _fail(f"'{verb}' takes tiles, not several formations", text, rest)
    return groups[0]
