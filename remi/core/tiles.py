"""Tiles: the four colours, the numbered tiles 1-13, the joly (joker) and the 106-tile set.

docs/rules.md §0.1: numbers 1-13 in four colours, two copies of each (104 tiles), plus
two jolys, 106 tiles in all. The two copies of a tile are indistinguishable, so a tile is a
value (colour, number) and a collection of tiles is a multiset of those values.

Text form, which round-trips: colour letter then number, ``R7`` (red 7), ``Y12`` (yellow 12),
``B1`` (blue 1), ``K13`` (black 13); the joly is ``J``. ``str(tile)`` and ``Tile.parse``
round-trip exactly; ``repr`` is the text form too.
"""

from __future__ import annotations

import enum
import functools
from collections import Counter
from collections.abc import Iterable
from typing import Final

from remi.core.errors import NotationError

__all__ = [
    "ALL_TILE_TYPES",
    "COLOURS",
    "COPIES",
    "FULL_SET",
    "JOLY",
    "JOLY_COUNT",
    "NUMBERS",
    "NUMBERED_TILES",
    "TILE_COUNT",
    "Colour",
    "Tile",
    "sort_tiles",
    "tile_of",
    "tile_counts",
]


class Colour(enum.Enum):
    """One of the four tile colours; the value is the notation letter.

    Sources name the colours differently (red/yellow/blue/black or red/yellow/green/black,
    docs/rules.md §0.1); only four distinct values matter. ``K`` is black, as in card notation.
    """

    RED = "R"
    YELLOW = "Y"
    BLUE = "B"
    BLACK = "K"

    @property
    def index(self) -> int:
        """Position 0-3 of the colour in the sort order R, Y, B, K."""
        return _COLOUR_INDEX[self]

    @property
    def word(self) -> str:
        """English name of the colour, lower case (``"red"``)."""
        return self.name.lower()


COLOURS: Final[tuple[Colour, ...]] = (Colour.RED, Colour.YELLOW, Colour.BLUE, Colour.BLACK)
_COLOUR_INDEX: Final[dict[Colour, int]] = {c: i for i, c in enumerate(COLOURS)}
_COLOUR_BY_LETTER: Final[dict[str, Colour]] = {c.value: c for c in COLOURS}
NUMBERS: Final[range] = range(1, 14)
COPIES: Final[int] = 2
JOLY_COUNT: Final[int] = 2
TILE_COUNT: Final[int] = len(COLOURS) * len(NUMBERS) * COPIES + JOLY_COUNT  # 106


class Tile(int):
    """One tile: a colour and a number 1-13, or the joly (``colour=None, number=0``).

    A tile is an immutable value. It is stored as a small integer (``code + 1``) so that
    hashing, equality and ordering run at C speed in the engine's hot paths; it is not meant to
    be used as a number (``int(tile)`` is an implementation detail). Construction always
    returns the one shared instance of each of the 53 tile types. Because a tile is an int, it
    compares equal to the plain integer ``code + 1``: never compare tiles with numbers (compare
    ``tile.number`` or ``tile.code`` instead).

    Attributes:
        colour: the tile's colour; ``None`` only for the joly.
        number: 1-13 for a numbered tile; 0 for the joly.
        code: a small integer identifying the tile type, 0-51 for numbered tiles
            (``colour.index * 13 + number - 1``) and 52 for the joly; tiles sort by it
            (colour R, Y, B, K, then number), which is the order racks are shown in.

    Raises:
        ValueError: for a number outside 1-13, or a joly with a colour or number.

    >>> Tile.parse("r7")
    R7
    >>> str(Tile(Colour.BLACK, 13)), Tile.parse("J").is_joly
    ('K13', True)
    """

    __slots__ = ()

    def __new__(cls, colour: Colour | None, number: int) -> Tile:
        if colour is None:
            if number != 0:
                raise ValueError(f"a joly has no number, got {number}")
            code = 52
        else:
            if not isinstance(number, int) or not 1 <= number <= 13:
                raise ValueError(f"tile numbers run 1-13, got {number}")
            code = _COLOUR_INDEX[colour] * 13 + number - 1
        existing = _INSTANCES[code] if _INSTANCES else None
        if existing is not None:
            return existing
        return int.__new__(cls, code + 1)

    @property
    def code(self) -> int:
        """0-51 for numbered tiles, 52 for the joly."""
        return int(self) - 1

    @property
    def colour(self) -> Colour | None:
        """The colour, or None for the joly."""
        return _CODE_COLOUR_OBJ[int(self) - 1]

    @property
    def number(self) -> int:
        """1-13, or 0 for the joly."""
        return _CODE_NUMBER[int(self) - 1]

    @property
    def is_joly(self) -> bool:
        """True for the joly (joker), the wild tile (docs/rules.md §1.4, §2.7)."""
        return int(self) == 53

    def __str__(self) -> str:
        return _CODE_TEXT[int(self) - 1]

    __repr__ = __str__

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __reduce__(self) -> tuple[object, tuple[int]]:
        return (Tile.from_code, (int(self) - 1,))

    def __copy__(self) -> Tile:
        return self

    def __deepcopy__(self, memo: object) -> Tile:
        return self

    @classmethod
    def parse(cls, text: str) -> Tile:
        """Parse one tile from its text form (``R7``, ``k13``, ``J``); surrounding blanks are ignored.

        Raises:
            NotationError: naming the token when it is not a tile.
        """
        tile = _parse_tile_or_none(text.strip())
        if tile is None:
            raise NotationError(
                f"'{text.strip()}' is not a tile: expected a colour R, Y, B or K followed by "
                "a number 1-13 (like R7 or K13), or J for a joly",
                text=text,
                token=text.strip(),
                position=1,
            )
        return tile

    @classmethod
    def from_code(cls, code: int) -> Tile:
        """The tile whose ``code`` is ``code`` (0-52); the shared instance is returned.

        Raises:
            ValueError: for a code outside 0-52.
        """
        if not 0 <= code <= 52:
            raise ValueError(f"tile codes run 0-52, got {code}")
        return ALL_TILE_TYPES[code]


_CODE_COLOUR_OBJ: Final[tuple[Colour | None, ...]] = tuple(COLOURS[c // 13] for c in range(52)) + (
    None,
)
_CODE_NUMBER: Final[tuple[int, ...]] = tuple(c % 13 + 1 for c in range(52)) + (0,)
_CODE_TEXT: Final[tuple[str, ...]] = tuple(
    f"{COLOURS[c // 13].value}{c % 13 + 1}" for c in range(52)
) + ("J",)
_INSTANCES: list[Tile | None] = []


@functools.lru_cache(maxsize=4096)
def _parse_tile_or_none(token: str) -> Tile | None:
    """The tile written ``token`` (case-insensitive), or None when it is not one (memoised:
    records and Rummikub-style plays repeat the same few tile tokens)."""
    if not token:
        return None
    upper = token.upper()
    if upper == "J":
        return JOLY
    colour = _COLOUR_BY_LETTER.get(upper[0])
    digits = upper[1:]
    if colour is None or not digits.isdigit() or not digits.isascii() or len(digits) > 2:
        return None
    number = int(digits)
    if not 1 <= number <= 13 or digits != str(number):
        return None
    return ALL_TILE_TYPES[_COLOUR_INDEX[colour] * 13 + number - 1]


def tile_of(colour: Colour, number: int) -> Tile:
    """The shared ``Tile`` of ``colour`` and ``number`` (1-13), without building a new one.

    Raises:
        IndexError: for a number outside 1-13.
    """
    if not 1 <= number <= 13:
        raise IndexError(f"tile numbers run 1-13, got {number}")
    return ALL_TILE_TYPES[_COLOUR_INDEX[colour] * 13 + number - 1]


def sort_tiles(tiles: Iterable[Tile]) -> tuple[Tile, ...]:
    """The tiles in rack order: colour R, Y, B, K, then number, jolys last."""
    return tuple(sorted(tiles))  # tiles compare by code (Tile is an int subclass)


def tile_counts(tiles: Iterable[Tile]) -> Counter[Tile]:
    """How many copies of each tile type ``tiles`` holds (a multiset)."""
    return Counter(tiles)


NUMBERED_TILES: Final[tuple[Tile, ...]] = tuple(Tile(c, n) for c in COLOURS for n in NUMBERS)
JOLY: Final[Tile] = Tile(None, 0)
_INSTANCES.extend(NUMBERED_TILES + (JOLY,))
#: The 53 tile types indexed by ``code`` (52 numbered tiles, then the joly).
ALL_TILE_TYPES: Final[tuple[Tile, ...]] = NUMBERED_TILES + (JOLY,)
#: The full 106-tile set in rack order: two of every numbered tile, then the two jolys.
FULL_SET: Final[tuple[Tile, ...]] = (
    tuple(t for t in NUMBERED_TILES for _ in range(COPIES)) + (JOLY,) * JOLY_COUNT
)
