"""What a family needs from the program that plays it with people: ``TurnIO``, and ``HandOutcome``.

A family plays a person's turn itself (``Variant.human_turn(io, seat)``: the commands it
understands, what it shows, what ends the turn) and reaches the terminal, the record being
played and the bots only through the small ``TurnIO`` protocol that the program (the CLI's
session) implements, so a family never imports the CLI. ``HandOutcome`` is how a finished hand
ended, in the same shape for every family (``Variant.hand_end``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Final, Literal, Protocol

import attrs

from remi.core.messages import Messages
from remi.core.tiles import Tile

if TYPE_CHECKING:  # annotations only (rich: a command that prints no board never loads it)
    from rich.console import RenderableType

    from remi.core.advice import Advice

__all__ = ["TIME_UP", "HandOutcome", "TimeUp", "TurnIO", "answers_line"]


@attrs.frozen(kw_only=True)
class HandOutcome:
    """How a finished hand ended.

    Attributes:
        closed_by: the seat (0-based) that closed (închidere) or went out, or None.
        closing_tile: the last discard that closed the hand, or None (also for families whose
            hand ends without a discard).
        stock_exhausted: the stock (pool) ran out and nobody closed.
    """

    closed_by: int | None
    closing_tile: Tile | None
    stock_exhausted: bool


@attrs.frozen
class TimeUp:
    """The value ``TurnIO.read`` returns when the turn timer ran out while the player typed."""


#: The one ``TimeUp`` value.
TIME_UP: Final = TimeUp()


class TurnIO(Protocol):
    """The session a family's human turn runs in: the position, the words, the screen, input,
    and the way an action is applied (checked, recorded, saved by the program).

    Attributes:
        state: the current position (a new value after each ``apply``).
        names: the players' names, seat order.
        m: the messages of the player's language.
        hand: the number of the hand in a match (1 for the first or only hand).
        action_count: the actions played so far in this hand.
        timer_on: False when the turn timer is turned off (``--no-timer``).
    """

    @property
    def state(self) -> Any:
        """The current position."""
        ...

    @property
    def names(self) -> tuple[str, ...]:
        """The players' names, seat order."""
        ...

    @property
    def m(self) -> Messages:
        """The messages of the player's language."""
        ...

    @property
    def hand(self) -> int:
        """The number of the hand in a match (1 for the first or only hand)."""
        ...

    @property
    def action_count(self) -> int:
        """The actions played so far in this hand."""
        ...

    @property
    def timer_on(self) -> bool:
        """False when the turn timer is turned off."""
        ...

    def clock(self) -> float:
        """The time in seconds (monotonic) that turn timers read."""
        ...

    def show(self, item: RenderableType) -> None:
        """Print a renderable (a screen, a table, a styled line)."""
        ...

    def say(self, text: str, style: str | None = None) -> None:
        """Print one line of plain text (never read as markup), in ``style`` when given."""
        ...

    def read(
        self, prompt: Callable[[], str], remaining: Callable[[], float] | None = None
    ) -> str | None | TimeUp:
        """One input line after ``prompt()``; None at the end of input; ``TIME_UP`` when
        ``remaining()`` (seconds left on the turn timer) reached 0 while the player typed."""
        ...

    def ask(self, question: str, answers: Sequence[tuple[str, str]]) -> str | None:
        """Ask ``question``, answered by one key: ``answers`` are (key, what it does) pairs,
        shown after it with the way back (Esc on the board, Enter in the line mode). Returns
        the chosen key, ``""`` for going back (any other answer changes nothing), None at the
        end of input or when the board closed."""
        ...

    def apply(self, action: Any) -> None:
        """Apply and record ``action``; raises ``IllegalActionError`` and changes nothing when
        it is refused."""
        ...

    def acted(self, seat: int) -> None:
        """Seat ``seat`` has seen every action so far (his own included); the game is saved."""
        ...

    def recent(self, seat: int) -> list[str]:
        """What the other players did since ``seat`` last acted, one line each."""
        ...

    def common(
        self, text: str, show_help: Callable[[], None], show_hint: Callable[[], None]
    ) -> Literal["done", "quit"] | None:
        """Carry out the input every family shares: an empty line, ``help`` (``show_help``),
        ``hint`` (``show_hint``), ``save FILE``; ``"done"`` when it was one of them, ``"quit"``
        for ``quit``, else None (a game command)."""
        ...

    def suggest(self, view: Any) -> Any:
        """The action the hint bot would choose from ``view`` (for ``hint``)."""
        ...

    def advise(self, view: Any) -> tuple[str, Advice]:
        """The hint bot's kind (the family's ``club`` bot where it has one, else ``greedy``)
        and its ``Advice`` for ``view``: the action and why."""
        ...

    def complete(self, words: Sequence[str]) -> None:
        """Offer ``words`` (the rack's tiles) to the input's tab completion."""
        ...


def answers_line(answers: Sequence[tuple[str, str]], back: str) -> str:
    """The keys of a question and what each does, then the way back (``a: announce now, then
    discard   w: discard without announcing   Esc: back``): the line under a ``TurnIO.ask``
    question."""
    return "   ".join([*(f"{key}: {text}" for key, text in answers), back])
