"""Position notation: one line of text for one game position, as FEN is for chess.

A position is written ``HEADER / SECTION / SECTION ...`` (docs/notation.md):

- the header names the family, the preset (with any changed rule ids) and a digest of every
  rule value, ``remi:remi-pe-tabla#5c1f0e2a`` or ``rummikub:rummikub+opening.min_points=25#...``;
  a view form adds whose view it is, ``... view p2``;
- the sections are the family's (``Variant.position_sections``): whose turn and the phase, the
  table, the discard row (șir), each rack and the stock. The full form holds every tile; the view
  form holds only what one player sees (his own rack; the other racks and the stock as counts).

Seats are ``p1``..``p4`` in every text (notation, records, output) and 0-based in code:
``p1`` is seat 0. A position holds no history: the undo checkpoint and the game log are not
part of it (a parsed position cannot undo the actions before it).

>>> from remi.core.presets import load_rules
>>> rules_header(load_rules("remi-pe-tabla"), None).startswith("remi:remi-pe-tabla#")
True
>>> split_tokens("p1[R3 J[R4] R5]{1m 1m 2l} sir K5")
['p1[R3 J[R4] R5]{1m 1m 2l}', 'sir', 'K5']
"""

from __future__ import annotations

import hashlib
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, Final
from urllib.parse import quote, unquote

import attrs

from remi.core.errors import NotationError, RemiError, notation_error
from remi.core.notation import parse_tiles
from remi.core.rulespec import RuleSet, rule_specs
from remi.core.tiles import FULL_SET, Tile

if TYPE_CHECKING:
    from remi.core.variant import AnyVariant

__all__ = [
    "SECTION_SEPARATOR",
    "PUBLIC",
    "PositionText",
    "format_position",
    "parse_position",
    "parse_seat",
    "read_position",
    "read_tiles",
    "rules_digest",
    "rules_header",
    "seat_name",
    "section_fields",
    "split_tokens",
    "tiles_or_count",
]

#: Between the header and each section of a position.
SECTION_SEPARATOR: Final = " / "
_VIEW: Final = "view"
#: The seat of no player: ``format_position(variant, state, PUBLIC)`` writes the public form,
#: what every seat sees (every rack and the stock as counts, nobody's turn bookkeeping); its
#: header ends ``public``. ``repr`` of a state shows it; it is not read back.
PUBLIC: Final = -1


def seat_name(seat: int) -> str:
    """The notation of a 0-based seat: ``p1`` for seat 0.

    >>> seat_name(0), seat_name(3)
    ('p1', 'p4')
    """
    return f"p{seat + 1}"


def parse_seat(token: str, player_count: int, text: str = "") -> int:
    """The 0-based seat of ``pN`` (1 <= N <= ``player_count``).

    Raises:
        NotationError: any other token, quoting it.
    """
    if len(token) >= 2 and token[0] in "pP" and token[1:].isdigit():
        seat = int(token[1:]) - 1
        if 0 <= seat < player_count:
            return seat
    raise notation_error("position.seat", text=text or token, token=token, seats=player_count)


def rules_digest(rules: RuleSet) -> str:
    """8 hex digits of a hash of the family and every rule value that differs from the rule's
    default: two rule sets that play alike have the same digest, whatever their preset names,
    and a rule id added later with its default (today's behaviour) leaves the digests of older
    positions as they were.

    >>> from remi.core.presets import load_rules
    >>> rules_digest(load_rules("remi-pe-tabla")) == rules_digest(load_rules("remi-pe-tabla"))
    True
    """
    defaults = {spec.rule_id: spec.default for spec in rule_specs(type(rules))}
    changed = sorted(
        (k, v) for k, v in rules.values().items() if k not in defaults or defaults[k] != v
    )
    text = rules.family + "".join(f"|{k}={v!r}" for k, v in changed)
    return hashlib.blake2b(text.encode(), digest_size=4).hexdigest()


def _value_text(value: Any) -> str:
    text = str(value).lower() if isinstance(value, bool) else str(value)
    return quote(text, safe="-._~:,")


def rules_header(rules: RuleSet, seat: int | None) -> str:
    """The header of a position: ``family:preset[+id=value...]#digest``, and ``view pN`` for
    the view form of seat ``seat`` (0-based), ``public`` for ``PUBLIC``."""
    changed = "".join(f"+{key}={_value_text(value)}" for key, value in rules.overrides)
    head = f"{rules.family}:{quote(rules.name, safe='-._~')}{changed}#{rules_digest(rules)}"
    if seat is None:
        return head
    return f"{head} public" if seat == PUBLIC else f"{head} {_VIEW} {seat_name(seat)}"


@attrs.frozen(kw_only=True)
class PositionText:
    """A position read into its parts, before a family builds a state from them.

    Attributes:
        rules: the rule set the header names (its digest checked).
        seat: the 0-based seat of a view form, or None for the full form.
        sections: the family's sections, in order, as written.
    """

    rules: RuleSet
    seat: int | None
    sections: tuple[str, ...]

    def __str__(self) -> str:
        return SECTION_SEPARATOR.join((rules_header(self.rules, self.seat), *self.sections))


def _header_rules(header: str, text: str, rules: RuleSet | None) -> RuleSet:
    """The rule set named by ``family:preset[+id=value...]#digest``, checked against its digest."""
    body, _, digest = header.partition("#")
    family, _, named = body.partition(":")
    if not family or not named or not digest:
        raise notation_error("position.header", text=text, token=header)
    preset, *changes = named.split("+")
    if rules is None:
        from remi.core.presets import load_rules

        overrides: dict[str, Any] = {}
        for change in changes:
            key, eq, value = change.partition("=")
            if not eq:
                raise notation_error("position.header", text=text, token=change)
            overrides[key] = unquote(value)
        try:
            rules = load_rules(unquote(preset), overrides, source="position")
        except RemiError as exc:
            raise notation_error(
                "position.rules", text=text, token=header, reason=str(exc)
            ) from None
    if rules.family != family or rules_digest(rules) != digest:
        raise notation_error(
            "position.digest",
            text=text,
            token=header,
            family=rules.family,
            digest=rules_digest(rules),
        )
    return rules


def parse_position(text: str, rules: RuleSet | None = None) -> PositionText:
    """Read the header of a position and split its sections.

    Args:
        text: the position (one line; surrounding blanks ignored).
        rules: the rule set to use, when its preset does not load by name (a rule file); its
            family and digest must match the header's.

    Raises:
        NotationError: a bad header, an unknown preset or rule id, a digest that differs from
            the rules' (the position was written under other rules), a bad ``view pN``.
    """
    parts = [p.strip() for p in text.strip().split(SECTION_SEPARATOR.strip())]
    head = parts[0].split()
    if not head:
        raise notation_error("position.header", text=text, token="")
    found = _header_rules(head[0], text, rules)
    seat: int | None = None
    if len(head) == 3 and head[1] == _VIEW:
        seat = parse_seat(head[2], found.get("players.max"), text)
    elif len(head) != 1:
        raise notation_error("position.header", text=text, token=" ".join(head[1:]))
    return PositionText(rules=found, seat=seat, sections=tuple(parts[1:]))


def format_position(variant: AnyVariant, state: object, seat: int | None = None) -> str:
    """The position of ``state``: the full form, or with ``seat`` (0-based) the view form of
    that seat (what ``variant.view(state, seat)`` shows, nothing more)."""
    rules = state.rules  # type: ignore[attr-defined]  # every family's state holds its rules
    sections = variant.position_sections(state, seat)
    return SECTION_SEPARATOR.join((rules_header(rules, seat), *sections))


def read_position(text: str, rules: RuleSet | None = None) -> tuple[AnyVariant, Any]:
    """The variant and the state of a full-form position (``format_position(v, s)``).

    Raises:
        NotationError: as ``parse_position``; a view form (its hidden tiles are unknown); a bad
            section or token, naming it; tiles that are not the full tile set.
    """
    from remi.core.variant import variant_for_rules

    parsed = parse_position(text, rules)
    if parsed.seat is not None:
        raise notation_error("position.view_form", text=text, token=seat_name(parsed.seat))
    variant = variant_for_rules(parsed.rules)
    state = variant.read_position(parsed.sections, parsed.rules, text)
    counts = variant.tile_counts(state)
    if counts != Counter(FULL_SET):
        wrong = sorted((counts - Counter(FULL_SET)) + (Counter(FULL_SET) - counts))
        raise notation_error("position.tiles", text=text, token=str(wrong[0]))
    return variant, state


def split_tokens(section: str) -> list[str]:
    """The blank-separated tokens of a section; a bracketed formation with its suffix
    (``p1[R3 J[R4] R5]{1m 1m 2l}``) is one token."""
    tokens: list[str] = []
    current: list[str] = []
    depth = 0
    for ch in section:
        if ch in "[{":
            depth += 1
        elif ch in "]}":
            depth -= 1
        if ch.isspace() and depth <= 0:
            if current:
                tokens.append("".join(current))
                current = []
        else:
            current.append(ch)
    if current:
        tokens.append("".join(current))
    return tokens


def section_fields(
    section: str, name: str, flags: Iterable[str], text: str
) -> tuple[dict[str, str], set[str], list[str]]:
    """A section ``name key=value... flag... rest...`` read as (its ``key=value`` pairs, the
    bare words among ``flags``, every other token in order).

    Raises:
        NotationError: the section does not start with ``name``.
    """
    tokens = split_tokens(section)
    if not tokens or tokens[0] != name:
        raise notation_error(
            "position.section", text=text, token=tokens[0] if tokens else "", expected=name
        )
    known = set(flags)
    values: dict[str, str] = {}
    found: set[str] = set()
    rest: list[str] = []
    for token in tokens[1:]:
        key, eq, value = token.partition("=")
        if eq and "[" not in key:
            values[key] = value
        elif token in known:
            found.add(token)
        else:
            rest.append(token)
    return values, found, rest


def tiles_or_count(tiles: Sequence[Tile], hidden: bool) -> str:
    """Tiles in notation, or with ``hidden`` only their count as ``#N`` (a hidden rack or the
    stock in a view form)."""
    if hidden:
        return f"#{len(tiles)}"
    return " ".join(str(t) for t in tiles)


def read_tiles(tokens: Sequence[str], text: str) -> tuple[Tile, ...]:
    """Tiles from their tokens; a ``#N`` count (a view form's hidden tiles) is refused.

    Raises:
        NotationError: a count, or a bad tile token.
    """
    for token in tokens:
        if token.startswith("#"):
            raise notation_error("position.view_form", text=text, token=token)
    try:
        return parse_tiles(" ".join(tokens))
    except NotationError as exc:
        raise notation_error("position.token", text=text, token=exc.token or "") from None
