"""The Rummikub-style screens: the player's screen, the table's numbered sets, the working table.

Everything shown comes from a ``RummikubView`` (what the player may see), the player names and,
during a turn, the table editor's working sets and remaining rack. Only renderables are built
here (the CLI prints them); the shared pieces come from ``remi.core.render``. The screens of a
turn are ``TurnScreen`` values: printed as they are by the line mode, and read by the board
(``remi.ui``), which lays out the same working sets and rack itself.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.table import Table
from rich.text import Text

from remi.core.errors import AmbiguousFormationError
from remi.core.formations import Formation, FormationRules
from remi.core.messages import Messages
from remi.core.notation import SlotToken
from remi.core.render import header_text, players_grid, rack_line, recent_lines, slot_text
from remi.core.tiles import Tile
from remi.variants.rummikub.melds import judge_formation
from remi.variants.rummikub.rules import RummikubRules
from remi.variants.rummikub.views import RummikubView

__all__ = [
    "TurnScreen",
    "final_table",
    "formation_slots",
    "initial_meld_text",
    "initial_progress",
    "players_table",
    "screen",
    "set_mark",
    "sets_table",
    "working_table",
]


@attrs.frozen(kw_only=True)
class TurnScreen:
    """A screen of a turn, printable as it is, with what it shows of the table being edited.

    Attributes:
        body: what is printed (a rich renderable).
        sets: the working sets shown, numbered 1.. as the editor's commands use them.
        rack: the tiles shown on the rack (the editor's remaining rack during a turn).
        full: True for the whole screen (players, pool...), False for the working table alone.
        laid_points: before the player's initial meld, the points of his rack tiles laid this
            turn (``TableEditor.initial_points``); None once he made it, or before he edits.
        needed_points: the initial meld's threshold (``initial_meld.min_points``), in points.
    """

    body: RenderableType
    sets: tuple[tuple[SlotToken, ...], ...]
    rack: tuple[Tile, ...]
    full: bool = True
    laid_points: int | None = None
    needed_points: int = 0

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        """Printed as its ``body``."""
        yield self.body


def formation_slots(formation: Formation) -> tuple[SlotToken, ...]:
    """A table set as slots, each joker with the tile it stands for when that is fixed (a joker
    of a group whose colour is open is shown plain)."""
    return tuple(
        SlotToken(tile, ident if tile.is_joly else None)
        for tile, ident in zip(formation.tiles, formation.identities)
    )


def set_mark(slots: Sequence[SlotToken], rules: FormationRules, m: Messages) -> Text:
    """How a working set stands while the table is edited, judged as ``done`` will judge it
    (``melds.judge_formation``): ``✓`` valid (a run or a group), ``…`` incomplete (fewer
    than 3 tiles), ``✗`` invalid; symbols, so that they read in any language, in monochrome and
    for colour-blind players. A set that reads two ways is marked ``?`` with its readings, the
    jokers' identities stated (``J[K12]``), and the rule id ``joly.identity`` (docs/rules.md
    §2.3): ``done`` refuses it until the jokers are written as one of them."""
    if not slots:
        return Text("")
    judged = judge_formation(slots, rules)
    if isinstance(judged, Formation):
        return Text("✓", style="bold green")
    if isinstance(judged, AmbiguousFormationError):
        readings = " | ".join(judged.readings)
        text = m("rk.mark.ambiguous", readings=readings, rule=judged.rule_id)
        return Text(text, style="bold yellow")
    if len(slots) < 3:
        return Text("…", style="bold yellow")
    return Text("✗", style="bold red")


def sets_table(
    sets: Sequence[Sequence[SlotToken]], m: Messages, rules: FormationRules | None = None
) -> RenderableType:
    """The table's sets numbered 1.. (the numbers ``put``, ``move`` and ``split`` use); an empty
    working set is shown as ``[ ]`` and keeps its number until ``done``. With ``rules``, each
    set is marked valid / incomplete / invalid (``set_mark``)."""
    if not sets:
        return Text(m("rk.table.empty"), style="dim")
    grid = Table(show_header=False, box=None, pad_edge=False, padding=(0, 1, 0, 0))
    grid.add_column("#", justify="right")
    grid.add_column(m("col.formation"))
    for number, slots in enumerate(sets, start=1):
        line = Text("[")
        for i, slot in enumerate(slots):
            if i:
                line.append(" ")
            line.append_text(slot_text(slot))
        line.append("]" if slots else " ]")
        if rules is not None:
            line.append(" ").append_text(set_mark(slots, rules, m))
        grid.add_row(f"{number}:", line)
    return grid


def final_table(view: RummikubView, m: Messages) -> RenderableType:
    """The table at the end of the game, under its heading."""
    return Group(
        Text(m("rk.final_table"), style="bold underline"),
        sets_table([formation_slots(f) for f in view.table], m),
    )


def players_table(view: RummikubView, names: Sequence[str], m: Messages) -> RenderableType:
    """Each player's tile count and initial-meld status; an arrow marks whose turn it is."""
    grid = players_grid(m)
    for seat, count in enumerate(view.tile_counts):
        status = m("rk.status.melded") if view.opened[seat] else m("rk.status.not_melded")
        arrow = "▶" if seat == view.current and view.end is None else ""
        grid.add_row(arrow, Text(f"p{seat + 1} {names[seat]}"), str(count), status)
    return grid


def initial_meld_text(rules: RummikubRules, m: Messages) -> str:
    """What the initial meld (etalare) asks under the rules in force (docs/rules.md §2.5):
    new sets from the rack worth ``initial_meld.min_points`` points; the table left alone
    unless ``initial_meld.manipulate_same_turn`` allows reworking it the same turn; a joker
    counting 0 under ``initial_meld.joker_value = zero``."""
    points = rules.initial_meld_min_points
    if rules.initial_meld_manipulate_same_turn:
        text = m.plural("rk.initial_meld.manipulate", points)
    else:
        text = m.plural("rk.initial_meld", points)
    if rules.initial_meld_joker_value == "zero":
        text += " " + m("rk.initial_meld.joker_zero")
    return text


def initial_progress(laid_points: int, needed_points: int, m: Messages) -> Text:
    """The points of his rack tiles a player has laid this turn ("Initial meld: 21 of 30 points
    laid") against the initial meld's threshold (docs/rules.md §2.5, ``initial_meld.min_points``);
    green once they reach it (``done`` still checks the sets)."""
    text = m.plural("rk.initial_laid", needed_points, points=laid_points)
    return Text(text, style="green" if laid_points >= needed_points else "yellow")


def _countdown(seconds_left: float | None, m: Messages) -> Text | None:
    if seconds_left is None:
        return None
    style = "bold red" if seconds_left <= 10 else "bold"
    return Text(m("rk.timer", seconds=int(seconds_left + 0.999)), style=style)


def screen(
    view: RummikubView,
    names: Sequence[str],
    m: Messages,
    *,
    last_actions: Sequence[str] = (),
    sets: Sequence[Sequence[SlotToken]] | None = None,
    rack: Sequence[Tile] | None = None,
    seconds_left: float | None = None,
    show_start_draw: bool = False,
    hand: int = 1,
) -> TurnScreen:
    """The whole Rummikub-style screen of seat ``view.seat``: the start draw (first round), the
    players with tile counts and initial-meld status, the numbered table (``sets``: the
    editor's working arrangement during a turn, else the view's table), the pool count, what
    the others did, whose turn, the countdown (``seconds_left``, seconds; None = no timer) and,
    at the bottom, the rack (``rack``: the editor's remaining tiles during a turn) sorted and
    coloured."""
    parts: list[RenderableType] = [header_text(m("rk.title", rules=view.rules.name), hand, m)]
    if show_start_draw and view.start_draw is not None:
        starter = view.start_draw.starter
        parts.append(Text(m("rk.start_draw", draws=view.start_draw.text(), name=names[starter])))
    parts.append(players_table(view, names, m))
    parts.append(Text(m("rk.table"), style="bold underline"))
    shown = sets if sets is not None else [formation_slots(f) for f in view.table]
    parts.append(sets_table(shown, m))
    parts.append(Text(m.plural("rk.pool", view.pool_count)))
    parts.extend(recent_lines(last_actions, m))
    parts.append(Text(m("rk.turn_of", name=names[view.current]), style="bold cyan"))
    if not view.opened[view.seat] and view.current == view.seat:
        parts.append(Text(initial_meld_text(view.rules, m), style="yellow"))
    clock = _countdown(seconds_left, m)
    if clock is not None:
        parts.append(clock)
    tiles = tuple(rack) if rack is not None else tuple(view.rack)
    parts.append(rack_line(list(tiles), m))
    return TurnScreen(body=Group(*parts), sets=tuple(tuple(s) for s in shown), rack=tiles)


def working_table(
    sets: Sequence[Sequence[SlotToken]],
    rack: Sequence[Tile],
    m: Messages,
    *,
    seconds_left: float | None = None,
    rules: FormationRules | None = None,
    laid_points: int | None = None,
    needed_points: int = 0,
) -> TurnScreen:
    """The table editor's working arrangement and remaining rack, shown after each command;
    with ``rules`` each set is marked valid ✓ / incomplete … / invalid ✗ (``done`` checks the
    whole table and the turn's rules). Before the initial meld (``laid_points`` given), how
    many points of his rack tiles he has laid against ``needed_points`` (``initial_progress``)."""
    parts: list[RenderableType] = [
        Text(m("rk.working"), style="bold underline"),
        sets_table(sets, m, rules),
        rack_line(rack, m),
    ]
    if laid_points is not None:
        parts.append(initial_progress(laid_points, needed_points, m))
    clock = _countdown(seconds_left, m)
    if clock is not None:
        parts.append(clock)
    return TurnScreen(
        body=Group(*parts),
        sets=tuple(tuple(s) for s in sets),
        rack=tuple(rack),
        full=False,
        laid_points=laid_points,
        needed_points=needed_points,
    )
