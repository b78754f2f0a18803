"""The table-editing session of one Rummikub-style turn, and the turn timer (library objects, no I/O).

docs/rules.md §2.4 (a turn is played by rearranging the table and ends with "done"), §2.6
(free rearrangement after the initial meld), §2.8 (timer; timeout and invalid-turn penalties).
As in the physical game nothing is validated before ``done``: the commands only move tiles.

Commands (``TableEditor.command``; sets are numbered from 1 as shown, tiles within a set too)::

    put R5 3       put rack tile R5 into set 3 (``put J[R4] 3`` states a joker's place);
                   ``put R5 2:1 2:2 3`` puts several tiles at once, rack tiles and table
                   tiles (``S:T``: tile T of set S) alike
    move 2:1 4     move tile 1 of set 2 into set 4
    split 2 3      split set 2 before its 3rd tile; the tail becomes a new last set
    new R7 R8 R9   a new last set from rack tiles and table tiles ``S:T``, in the order given
                   (``new`` alone: an empty set to move into)
    table [..] [..]  the whole new table at once (as ``hint`` shows a rearrangement): the rack
                   keeps the tiles the new table does not use
    undo           take back the last command
    done           end the turn: the ``play`` action when the table is valid, a ``draw`` (or
                   ``pass`` when the pool is empty) when nothing was changed, else a
                   ``Refusal`` with the rule id and the ``penalty invalid`` action to apply

A tile put or moved into a set goes to its place by number (a plain joker goes last); empty sets
stay numbered until ``done`` drops them.

Before his initial meld a player may only build new sets from his rack (docs/rules.md §2.5):
unless ``initial_meld.manipulate_same_turn`` allows it, a command that touches a set that was on
the table at the start of the turn is refused when it is made (``IllegalActionError`` with that
rule id), not fined at ``done``. Every command names the sets it touches to ``_guard``, the one
place such turn checks live.
"""

from __future__ import annotations

import math
import time
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Final

import attrs

from remi.core.errors import (
    IllegalActionError,
    InvalidFormationError,
    RemiError,
    Seat,
    formation_error,
    illegal,
)
from remi.core.formations import Formation, read_formation
from remi.core.messages import N_, Messages
from remi.core.notation import (
    SlotToken,
    format_tiles,
    parse_formation_tokens,
    parse_formations_text,
)
from remi.core.tiles import sort_tiles
from remi.variants.rummikub.actions import Draw, Pass, Penalty, Play, Timeout
from remi.variants.rummikub.engine import check
from remi.variants.rummikub.keep_three import check_keep_three
from remi.variants.rummikub.melds import laid_set_points
from remi.variants.rummikub.state import RummikubState

__all__ = ["EDIT_COMMANDS", "EditError", "Refusal", "TableEditor", "TurnTimer"]

#: The table-editing commands of a turn (``undo`` is the program's own word too).
EDIT_COMMANDS: Final = ("put", "move", "split", "new", "table", "done")


class EditError(RemiError, ValueError):
    """A command that cannot be carried out (unknown command, no such set or tile, a tile the
    player does not hold). Nothing changes; this is bad input, not a rule refusal."""


@attrs.frozen(kw_only=True)
class Refusal:
    """``done`` on an invalid table (docs/rules.md §2.8): why, and the penalty action the CLI
    applies.

    Attributes:
        rule_id: the rule the table breaks (``table.tiles_kept``, ``run.ace_high``...).
        message: the explanation, quoting the set.
        penalty: ``p1 penalty invalid`` for the player whose turn it is.
    """

    rule_id: str
    message: str
    penalty: Penalty
    error: RemiError | None = None

    def localized(
        self, m: Messages, typed: str | None = None, *, names: Sequence[str] | None = None
    ) -> str:
        """The explanation in the language of ``m``, the rule id in brackets; ``typed`` quotes
        the refused play as the player would type it (``Ana: masa [R8 G8 A8]`` in Romanian
        play, ``IllegalActionError.localized``) in place of its canonical notation; ``names``
        (seat order) names the players it names by seat (``remi.core.errors.Seat``)."""
        if isinstance(self.error, IllegalActionError):
            return self.error.localized(m, typed, names=names)
        if self.error is not None:
            return self.error.localized(m, names=names)
        if f"[{self.rule_id}]" in self.message:
            return self.message
        return f"{self.message} [{self.rule_id}]"


def _number(slot: SlotToken) -> int | None:
    known = slot.stated if slot.tile.is_joly else slot.tile
    return None if known is None else known.number


class TableEditor:
    """The table-editing session of the current player's turn (for ``remi play``).

    Attributes:
        state: the position at the start of the turn (never changed).
        seat: the player editing (``state.current``).

    ``sets`` and ``rack`` give the working table and rack after the commands so far.
    """

    def __init__(self, state: RummikubState):
        self.state = state
        self.seat = state.current
        self._sets: list[list[SlotToken]] = [list(f.slots()) for f in state.table]
        self._rack: list[SlotToken] = [SlotToken(t) for t in state.racks[self.seat]]
        self._history: list[tuple[list[list[SlotToken]], list[SlotToken]]] = []

    @property
    def sets(self) -> tuple[tuple[SlotToken, ...], ...]:
        """The working table: each set's tiles in order (possibly empty or invalid)."""
        return tuple(tuple(s) for s in self._sets)

    @property
    def rack(self) -> tuple[SlotToken, ...]:
        """The rack tiles not yet put on the table."""
        return tuple(self._rack)

    def initial_points(self) -> int | None:
        """Before the seat's initial meld (docs/rules.md §2.5, ``initial_meld.min_points``): the
        points of his own rack tiles laid so far this turn in valid sets made of rack tiles
        only, as his initial meld will count them at ``done`` (``melds.laid_set_points``: a
        joker as the tile it stands for); a set not valid yet, the sets of the table's start
        left as they were, and a set holding a table tile count nothing. None once he has made
        his initial meld.

        >>> from remi.variants.rummikub.state import new_game
        >>> from remi.variants.rummikub.rules import RummikubRules
        >>> from remi.core.notation import parse_tiles
        >>> rack = parse_tiles("R6 R7 R8 Y10 B10 K2 K3 K5 K7 K9 K11 K13 Y2 Y4")
        >>> editor = TableEditor(new_game(RummikubRules(), racks=[rack, rack]))
        >>> editor.initial_points()
        0
        >>> editor.command("new R6 R7 R8")
        >>> editor.command("new Y10 B10")
        >>> editor.initial_points()
        21
        """
        state = self.state
        if state.opened[self.seat]:
            return None
        laid = Counter(state.racks[self.seat]) - Counter(s.tile for s in self._rack)
        unchanged = Counter(tuple(f.tiles) for f in state.table)
        points = 0
        for slots in self._sets:
            tiles = tuple(s.tile for s in slots)
            if unchanged[tiles] > 0:  # a set of the table's start, as it was
                unchanged[tiles] -= 1
                continue
            need = Counter(tiles)
            if tiles and not need - laid:  # rack tiles only
                laid -= need
                points += laid_set_points(slots, state.rules)
        return points

    def text(self) -> str:
        """The working table, numbered: ``"1: [R1 R2 R3]  2: [K5 Y5 B5 J]"``."""
        return "  ".join(f"{i}: [{format_tiles(s)}]" for i, s in enumerate(self._sets, start=1))

    # -- commands --------------------------------------------------------------------------

    def command(self, line: str) -> Play | Draw | Pass | Refusal | None:
        """Run one command line (see the module docstring); ``done`` returns its outcome, the
        others return ``None``.

        Raises:
            EditError: unknown command, bad numbers, a tile not on the rack.
            NotationError: a bad tile token.
        """
        words = line.split()
        if not words:
            raise EditError.from_id("error.rk.edit.empty")
        verb, args = words[0].lower(), words[1:]
        if verb == "done" and not args:
            return self.done()
        if verb == "undo" and not args:
            self.undo()
        elif verb == "put" and len(args) == 2 and ":" not in args[0]:
            self.put(args[0], self._int(args[1], "set"))
        elif verb == "put" and len(args) > 1:
            self.gather(args[:-1], self._int(args[-1], "set"))
        elif verb == "move" and len(args) == 2 and args[0].count(":") == 1:
            a, b = args[0].split(":")
            self.move(self._int(a, "set"), self._int(b, "tile"), self._int(args[1], "set"))
        elif verb == "split" and len(args) == 2:
            self.split(self._int(args[0], "set"), self._int(args[1], "tile"))
        elif verb == "new" and any(":" in a for a in args):
            self.gather(args, None)
        elif verb == "new":
            self.new(" ".join(args))
        elif verb == "table" and args:
            self.table(line.split(None, 1)[1])
        else:
            raise EditError.from_id("error.rk.edit.unknown", line=line.strip())
        return None

    @staticmethod
    def _int(text: str, what: str) -> int:
        if (
            not (text.isascii() and text.isdigit()) or len(text) > 9 or int(text) < 1
        ):  # '²' (fuzzing)
            raise EditError.from_id(
                N_("error.rk.edit.set_number")
                if what == "set"
                else N_("error.rk.edit.tile_number"),
                text=text,
            )
        return int(text)

    def _set(self, number: int) -> list[SlotToken]:
        if number > len(self._sets):
            raise EditError.from_id_n("error.rk.edit.no_set", len(self._sets), set=number)
        return self._sets[number - 1]

    def _save(self) -> None:
        self._history.append(([list(s) for s in self._sets], list(self._rack)))

    @staticmethod
    def _insert(target: list[SlotToken], slot: SlotToken) -> None:
        n = _number(slot)
        if n is None:
            target.append(slot)
            return
        for i, other in enumerate(target):
            m = _number(other)
            if m is not None and m > n:
                target.insert(i, slot)
                return
        target.append(slot)

    def _take_from_rack(self, slot: SlotToken) -> None:
        for i, have in enumerate(self._rack):
            if have.tile == slot.tile:
                del self._rack[i]
                return
        held = sum(1 for t in self.state.racks[self.seat] if t == slot.tile)
        if held:  # the rack held it, but every copy is placed already
            raise EditError.from_id_n(
                "error.rk.edit.all_placed", held, tile=slot.tile, seat=Seat(self.seat)
            )
        raise EditError.from_id("error.rk.edit.not_on_rack", tile=slot.tile, seat=Seat(self.seat))

    def put(self, token: str, set_number: int) -> None:
        """Put a rack tile (``R5``, ``J`` or ``J[R4]``) into set ``set_number``.

        Raises:
            EditError: no such set or the tile is not on the rack.
        """
        slots = parse_formation_tokens(token)
        if len(slots) != 1:
            raise EditError.from_id("error.rk.edit.put_one", token=token)
        target = self._set(set_number)
        self._guard(set_number)
        self._save()
        try:
            self._take_from_rack(slots[0])
        except EditError:
            self._history.pop()
            raise
        self._insert(target, slots[0])

    def move(self, from_set: int, tile_number: int, to_set: int) -> None:
        """Move tile ``tile_number`` of set ``from_set`` into set ``to_set``.

        Raises:
            EditError: no such set or tile.
            IllegalActionError: ``table.keep_three``, the set keeps fewer than 3 of its tiles.
        """
        source = self._set(from_set)
        target = self._set(to_set)
        if tile_number > len(source):
            raise EditError.from_id_n(
                "error.rk.edit.no_tile", len(source), set=from_set, tile=tile_number
            )
        self._guard(from_set, to_set)
        self._save()
        slot = source.pop(tile_number - 1)
        if slot.tile.is_joly:
            slot = SlotToken(slot.tile)
        self._insert(target, slot)
        self._keep_three()

    def split(self, set_number: int, before: int) -> None:
        """Split set ``set_number`` before its tile ``before``; the tail becomes a new last set.

        Raises:
            EditError: no such set, or ``before`` is not inside it (2..its length).
            IllegalActionError: ``table.keep_three``, neither part keeps 3 of its tiles.
        """
        source = self._set(set_number)
        if not 2 <= before <= len(source):
            raise EditError.from_id_n(
                "error.rk.edit.split", len(source), set=set_number, tile=before
            )
        self._guard(set_number)
        self._save()
        tail = source[before - 1 :]
        del source[before - 1 :]
        self._sets.append(tail)
        self._keep_three()

    def new(self, tokens: str) -> None:
        """A new last set from rack tiles (none: an empty set).

        Raises:
            EditError: a tile not on the rack.
            NotationError: a bad tile token.
        """
        slots = parse_formation_tokens(tokens) if tokens.strip() else []
        self._take_all(slots)
        self._sets.append(list(slots))

    def _take_all(self, slots: list[SlotToken]) -> None:
        """Save the table for ``undo``, then take ``slots`` from the rack; on an error the
        table and rack are as before (``EditError``)."""
        self._save()
        try:
            for slot in slots:
                self._take_from_rack(slot)
        except EditError:
            self._sets, self._rack = self._history.pop()
            raise

    def table(self, text: str) -> None:
        """Lay out the whole working table as ``text`` (``"[R1 R2 R3] [K5 Y5 J]"``): the rack
        keeps the start-of-turn rack tiles the new table does not use. Nothing is validated
        before ``done`` (a start-of-turn table tile left out is refused there,
        ``table.tiles_kept``).

        Raises:
            EditError: the new table holds a tile that is neither on the start-of-turn table
                nor on the player's rack.
            IllegalActionError: ``table.keep_three``, a set keeps fewer than 3 of its tiles.
            NotationError: bad notation.
        """
        groups = parse_formations_text(text)
        wanted = Counter(slot.tile for group in groups for slot in group)
        on_table = Counter(t for f in self.state.table for t in f.tiles)
        rack = Counter(self.state.racks[self.seat])
        from_rack = wanted - on_table
        missing = from_rack - rack
        if missing:
            raise EditError.from_id(
                "error.rk.edit.nowhere",
                tiles=" ".join(map(str, sort_tiles(missing.elements()))),
                seat=Seat(self.seat),
            )
        kept = self._start_sets_kept(groups)
        self._save()
        self._sets = [list(group) for group in groups]
        if kept is not None:  # the start-of-turn sets stay first, with their numbers
            self._sets = kept
        self._rack = [SlotToken(t) for t in sort_tiles((rack - from_rack).elements())]
        self._keep_three()

    def _keep_three(self) -> None:
        """``table.keep_three`` (docs/rules.md §2.6): undo the edit just made and refuse it
        when it leaves a start-of-turn set fewer than 3 of its own tiles together.

        Raises:
            IllegalActionError: ``table.keep_three``.
        """
        if self.state.rules.table_keep_three:
            try:
                check_keep_three(
                    self.state.table, [Counter(s.tile for s in group) for group in self._sets]
                )
            except IllegalActionError:
                self._sets, self._rack = self._history.pop()
                raise

    def gather(self, items: list[str], set_number: int | None) -> None:
        """Put several tiles at once into set ``set_number`` (None: a new last set, the tiles
        in the order given): rack tiles (``R5``, ``J``, ``J[R4]``) and table tiles
        ``S:T`` (tile T of set S, numbered as before the command). One command, one undo.

        Raises:
            EditError: no such set or tile, a tile named twice, a tile not on the rack.
            IllegalActionError: a start-of-turn set touched before the initial meld
                (``initial_meld.manipulate_same_turn``); a start-of-turn set left with fewer
                than 3 of its tiles (``table.keep_three``), the edit undone.
            NotationError: a bad tile token.
        """
        places: list[tuple[int, int]] = []
        tokens: list[SlotToken] = []
        order: list[tuple[int, int] | SlotToken] = []  # the items in the order given
        for item in items:
            if ":" in item:
                a, _, b = item.partition(":")
                number, tile = self._int(a, "set"), self._int(b, "tile")
                if tile > len(self._set(number)):
                    raise EditError.from_id_n(
                        "error.rk.edit.no_tile", len(self._set(number)), set=number, tile=tile
                    )
                if (number, tile) in places:
                    raise EditError.from_id("error.rk.edit.named_twice", tile=item)
                places.append((number, tile))
                order.append((number, tile))
            else:
                tokens.extend(parse_formation_tokens(item))
                order.extend(tokens[len(order) - len(places) :])
        target = self._set(set_number) if set_number is not None else None
        self._guard(*(n for n, _ in places), *([set_number] if set_number else []))
        self._take_all(tokens)
        taken = {p: self._sets[p[0] - 1][p[1] - 1] for p in places}
        for number, tile in sorted(places, reverse=True):
            del self._sets[number - 1][tile - 1]
        moved = [
            item
            if isinstance(item, SlotToken)
            else (SlotToken(taken[item].tile) if taken[item].tile.is_joly else taken[item])
            for item in order
        ]
        if target is None:
            self._sets.append(moved)
        else:
            for slot in moved:
                self._insert(target, slot)
        self._keep_three()

    def _guarded(self, set_number: int) -> bool:
        """Set ``set_number`` may not be touched in this turn: it was on the table at the start
        of the turn and the player has not made his initial meld (docs/rules.md §2.5); a set
        holding a joker stays open when ``joker.retrieve_before_initial`` allows freeing it."""
        rules = self.state.rules
        if self.state.opened[self.seat] or rules.initial_meld_manipulate_same_turn:
            return False
        if set_number > len(self.state.table):
            return False  # a new set of this turn (the start sets keep numbers 1..n)
        start = self.state.table[set_number - 1]
        return not (rules.joker_retrieve_before_initial and any(t.is_joly for t in start.tiles))

    def _guard(self, *set_numbers: int) -> None:
        """Refuse, before anything changes, a command touching ``set_numbers`` that the rules
        forbid in this turn.

        Raises:
            IllegalActionError: ``initial_meld.manipulate_same_turn``.
        """
        for number in set_numbers:
            if self._guarded(number):
                raise illegal(
                    "rk.edit.before_initial_meld",
                    "initial_meld.manipulate_same_turn",
                    set=number,
                )

    def _start_sets_kept(self, groups: list[list[SlotToken]]) -> list[list[SlotToken]] | None:
        """The ``table`` command's sets with the start-of-turn sets first, unchanged, when they
        may not be touched in this turn; None when they may.

        Raises:
            IllegalActionError: a start-of-turn set is changed before the initial meld
                (``initial_meld.manipulate_same_turn``).
        """
        guarded = [n for n in range(1, len(self.state.table) + 1) if self._guarded(n)]
        if not guarded:
            return None
        rest = [list(g) for g in groups]
        kept: list[list[SlotToken]] = []
        for number, start in enumerate(self.state.table, start=1):
            same = next(
                (g for g in rest if Counter(s.tile for s in g) == Counter(start.tiles)), None
            )
            if same is None:
                self._guard(number)  # raises for a guarded set
                return None  # a set that may change (a joker freed): numbers as given
            rest.remove(same)
            kept.append(list(start.slots()))
        return kept + rest

    def undo(self) -> None:
        """Take back the last command.

        Raises:
            IllegalActionError: ``turn.undo`` when there is nothing to undo (a refusal, as in
                Remi pe tablă, not a line that could not be understood).
        """
        if not self._history:
            raise illegal("error.rk.edit.no_undo", "turn.undo")
        self._sets, self._rack = self._history.pop()

    def timeout(self) -> Timeout:
        """The action to apply when the turn timer ran out (``penalty.timeout``)."""
        return Timeout(self.seat)

    def done(self) -> Play | Draw | Pass | Refusal:
        """End the turn: validate the whole working table (docs/rules.md §2.4, §2.8).

        Returns:
            the ``Play`` when every set is valid and the engine accepts it; ``Draw`` (``Pass``
            with an empty pool) when the table is exactly as at the start of the turn; else a
            ``Refusal`` with the rule id and the ``penalty invalid`` action.
        """
        sets = [s for s in self._sets if s]
        untouched = len(self._rack) == len(self.state.racks[self.seat])
        if untouched and sets == [list(f.slots()) for f in self.state.table]:
            return Draw(self.seat) if self.state.pool else Pass(self.seat)
        table: list[Formation] = []
        for n, slots in enumerate(sets, start=1):
            try:
                table.append(read_formation(slots, self.state.rules.formation_rules))
            except InvalidFormationError as exc:
                error = formation_error(
                    N_("error.rk.set_n"), exc.rule_id, set=n, reason=exc.as_reason()
                )
                return self._refuse(error)
        play = Play(self.seat, tuple(table))
        try:
            check(self.state, play)
        except IllegalActionError as exc:
            return self._refuse(exc)
        return play

    def _refuse(self, error: InvalidFormationError | IllegalActionError) -> Refusal:
        return Refusal(
            rule_id=error.rule_id,
            message=str(error),
            penalty=Penalty(self.seat, "invalid"),
            error=error,
        )


class TurnTimer:
    """The turn timer (docs/rules.md §2.8, ``timer.seconds``); the clock is a parameter so tests
    need no sleep.

    Args:
        seconds: the time per turn, in seconds; 0 = no timer (never expires).
        clock: a function returning the time in seconds (``time.monotonic``).

    >>> now = [100.0]
    >>> timer = TurnTimer(60, clock=lambda: now[0])
    >>> now[0] = 145.5
    >>> timer.remaining(), timer.expired()
    (14.5, False)
    >>> now[0] = 160.0
    >>> timer.expired()
    True
    """

    def __init__(self, seconds: float, clock: Callable[[], float] = time.monotonic):
        if seconds < 0:
            raise ValueError(f"timer seconds must be 0 or more, got {seconds}")
        self.seconds = seconds
        self._clock = clock
        self._start = clock()

    def restart(self) -> None:
        """Start the time of a new turn."""
        self._start = self._clock()

    def remaining(self) -> float:
        """Seconds left (0 once expired; ``math.inf`` without a timer)."""
        if self.seconds == 0:
            return math.inf
        return max(0.0, self.seconds - (self._clock() - self._start))

    def expired(self) -> bool:
        """True once the time is up (never without a timer)."""
        return self.seconds > 0 and self.remaining() <= 0
