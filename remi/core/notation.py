"""Text notation for tile lists and formations: tokenising, parsing and formatting.

Round-tripping notation (docs/rules.md §0.1; ``parse(str(x)) == x``): tiles ``R7``, ``K13``,
``J``; a joly with its stated identity ``J[R5]``; formations ``[R3 R4 R5]``; several formations
``[R3 R4 R5] [K1 Y1 B1]``. In a lay-off (lipire) only, a tile may carry an end marker: ``R1<``
or ``J[R1]<`` goes at the low end of a run (before its first tile, 1-2-3), ``R1>`` or ``J[R1]>``
at its high end (after its last tile, 12-13-1); a 1 on a run 2..13 fits both ends and says
which this way (docs/rules.md §0.1). On input,
lower case is accepted and tiles may be separated by blanks, commas or hyphens (``r3-r4-r5``).
Every bad token raises a ``NotationError`` that quotes the token and gives its 1-based position
among the tile tokens of the input.

This module only reads and writes text; whether tiles make a valid run or set is decided in
``remi.core.formations``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Final

import attrs

from remi.core.errors import notation_error
from remi.core.messages import N_
from remi.core.tiles import JOLY, Tile, _parse_tile_or_none

__all__ = [
    "SlotToken",
    "format_tiles",
    "parse_formation_tokens",
    "parse_formations_text",
    "parse_tiles",
]

# A token is: a joly with a stated identity (J[R5]), an opening or closing bracket, a run of
# characters that are not separators, or a separator (blank, comma, hyphen).
_TOKEN_RE: Final = re.compile(r"[jJ]\[[^\]\s]*\]?[<>]?|\[|\]|[^\s,\-\[\]]+|[\s,\-]+")
#: The end markers of a lay-off tile and the end each names (``SlotToken.end``).
END_MARKERS: Final = {"<": "low", ">": "high"}


@attrs.frozen
class SlotToken:
    """One tile written in a formation: the tile and, for a joly, the identity stated for it.

    Attributes:
        tile: the tile as written (``JOLY`` for ``J`` and ``J[R5]``).
        stated: for ``J[R5]``, the tile the joly is said to stand for; otherwise ``None``.
        end: ``"low"`` (written ``<`` after the tile) or ``"high"`` (``>``): the end of a run a
            laid-off tile goes to; ``""`` when not stated (lay-offs only).
        position: 1-based index of the tile token in the input it was read from.
    """

    tile: Tile
    stated: Tile | None = None
    position: int = attrs.field(default=0, eq=False)
    end: str = ""

    def __str__(self) -> str:
        marker = "<" if self.end == "low" else (">" if self.end == "high" else "")
        if self.stated is not None:
            return f"J[{self.stated}]{marker}"
        return f"{self.tile}{marker}"


def _scan(text: str) -> list[tuple[str, int]]:
    """Split ``text`` into (token, tile position) pairs; brackets get position 0, separators vanish."""
    out: list[tuple[str, int]] = []
    position = 0
    for match in _TOKEN_RE.finditer(text):
        token = match.group(0)
        if token[0].isspace() or token[0] in ",-":
            continue
        if token in ("[", "]"):
            out.append((token, 0))
            continue
        position += 1
        out.append((token, position))
    return out


def _quoted(token: str) -> str:
    """``'R3'``; a token with an invisible character shows it escaped (``'R3\\x01'``)."""
    return f"'{token}'" if token.isprintable() else repr(token)


def _read_slot(token: str, position: int, text: str) -> SlotToken:
    """Read one tile token of a formation (``R7``, ``J``, ``J[R5]``, with an end marker
    ``R1<`` / ``J[R1]>``)."""
    end = END_MARKERS.get(token[-1:], "") if len(token) > 1 else ""
    if end:
        slot = _read_slot(token[:-1], position, text)
        return SlotToken(slot.tile, slot.stated, position, end)
    if token[:2].upper() == "J[":
        if not token.endswith("]"):
            raise notation_error(
                "notation.joly_unclosed",
                text=text,
                token=token,
                position=position,
            )
        inner = token[2:-1]
        stated = _parse_tile_or_none(inner)
        if stated is None or stated.is_joly:
            raise notation_error(
                "notation.joly_identity",
                text=text,
                token=token,
                position=position,
            )
        return SlotToken(JOLY, stated, position)
    tile = _parse_tile_or_none(token)
    if tile is None:
        key = (
            N_("notation.not_a_tile.lone_colour")
            if token.upper() in ("R", "Y", "B", "K")
            else N_("notation.not_a_tile")
        )
        raise notation_error(key, text=text, token=token, position=position, quoted=_quoted(token))
    return SlotToken(tile, None, position)


def parse_tiles(text: str) -> tuple[Tile, ...]:
    """Parse a list of tiles such as a rack: ``"Y4 R11 J"``, ``"y4,r11,j"``; ``""`` is empty.

    Returns the tiles in the order written.

    Raises:
        NotationError: for a token that is not a tile (quoting it with its position), for a
            bracket, or for a joly with a stated identity (``J[R5]`` belongs to formations only).
    """
    tiles: list[Tile] = []
    for token, position in _scan(text):
        if position == 0:
            raise notation_error(
                "notation.bracket_in_list",
                text=text,
                token=token,
                position=len(tiles) + 1,
            )
        slot = _read_slot(token, position, text)
        if slot.end:
            raise notation_error("notation.end_marker", text=text, token=token, position=position)
        if slot.stated is not None:
            raise notation_error(
                "notation.identity_on_rack",
                text=text,
                token=token,
                position=position,
            )
        tiles.append(slot.tile)
    return tuple(tiles)


def parse_formations_text(text: str, *, ends: bool = False) -> list[list[SlotToken]]:
    """Parse one or more formations: ``"[R3 R4 R5] [K1 Y1 B1]"``.

    Without brackets the whole text is one formation (``"R3-R4-R5"``). Returns one list of
    slots per formation, in the order written; whether each is valid is not checked here.
    ``ends=True`` (the tiles of a lay-off) accepts the end markers ``<`` / ``>``.

    Raises:
        NotationError: for a bad tile token, an unbalanced or nested bracket, tiles outside
            brackets when brackets are used, an empty formation, no tiles at all, or an end
            marker where ``ends`` is False (``notation.end_marker``).
    """
    groups = _parse_groups(text)
    if not ends:
        for slot in (s for g in groups for s in g if s.end):
            raise notation_error(
                "notation.end_marker", text=text, token=str(slot), position=slot.position
            )
    return groups


def _parse_groups(text: str) -> list[list[SlotToken]]:
    """``parse_formations_text`` without the end-marker check."""
    tokens = _scan(text)
    if not tokens:
        raise notation_error("notation.no_tiles", text=text)
    bracketed = any(tok == "[" for tok, _ in tokens)
    if not bracketed:
        if any(tok == "]" for tok, _ in tokens):
            raise notation_error("notation.unmatched_close", text=text, token="]")
        return [[_read_slot(tok, pos, text) for tok, pos in tokens]]
    groups: list[list[SlotToken]] = []
    current: list[SlotToken] | None = None
    last_position = 0
    for token, position in tokens:
        if token == "[":
            if current is not None:
                raise notation_error(
                    N_("notation.nested") if last_position else N_("notation.nested.start"),
                    text=text,
                    token="[",
                    position=last_position + 1,
                    after=last_position,
                )
            current = []
        elif token == "]":
            if current is None:
                raise notation_error(
                    N_("notation.no_open") if last_position else N_("notation.no_open.start"),
                    text=text,
                    token="]",
                    position=last_position,
                    after=last_position,
                )
            if not current:
                raise notation_error(
                    N_("notation.empty_formation")
                    if last_position
                    else N_("notation.empty_formation.start"),
                    text=text,
                    token="[]",
                    position=last_position,
                    after=last_position,
                )
            groups.append(current)
            current = None
        else:
            last_position = position
            if current is None:
                raise notation_error(
                    "notation.outside_brackets",
                    text=text,
                    token=token,
                    position=position,
                )
            current.append(_read_slot(token, position, text))
    if current is not None:
        raise notation_error(
            "notation.unclosed",
            text=text,
            token="[",
            position=last_position,
            after=last_position,
        )
    return groups


def parse_formation_tokens(text: str) -> list[SlotToken]:
    """Parse exactly one formation, with or without brackets: ``"[R3 J R5]"``, ``"r3-j-r5"``.

    Raises:
        NotationError: as ``parse_formations_text``, or when the text holds several formations.
    """
    groups = parse_formations_text(text)
    if len(groups) != 1:
        raise notation_error("notation.one_formation", text=text, position=0, found=len(groups))
    return groups[0]


def format_tiles(tiles: Iterable[Tile | SlotToken]) -> str:
    """Tiles or slots separated by single blanks, without brackets (``"R3 R4 R5"``)."""
    return " ".join(str(t) for t in tiles)


def format_formations(groups: Sequence[Iterable[Tile | SlotToken]]) -> str:
    """Several formations in bracket notation: ``"[R3 R4 R5] [K1 Y1 B1]"``."""
    return " ".join(f"[{format_tiles(g)}]" for g in groups)
