"""The board's full and modal screens: the hot-seat cover, the end of a hand, and the questions
(leave the game? discard without announcing? end a Rummikub-style turn without playing?). A
yes/no question takes ``y`` and the language's own yes key (``d``, "da", in Romanian).

The cover replaces the whole board, so nothing of the previous player's rack is on the screen
until the next player confirms (``remi.ui.app.BoardApp.show_cover`` also blanks the board below).
"""

from __future__ import annotations

import shlex
from collections.abc import Mapping, Sequence

from rich.console import RenderableType
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Static

from remi.core.messages import Messages
from remi.core.play import answers_line
from remi.ui.keybar import KeyBar

__all__ = [
    "CoverScreen",
    "DrawScreen",
    "HoldScreen",
    "QuestionScreen",
    "QuitScreen",
    "yes_no_keys",
    "yes_no_labels",
]


class CoverScreen(Screen[None]):
    """The hand-over cover: no rack, no table; Enter lets the next player in."""

    BINDINGS = [Binding("enter", "dismiss", "OK", priority=True)]
    DEFAULT_CSS = """
    CoverScreen { align: center middle; }
    CoverScreen > Vertical { width: 60; height: auto; border: heavy $accent; padding: 1 2; }
    """

    def __init__(self, name: str, m: Messages) -> None:
        super().__init__()
        self.player = name
        self.m = m

    def compose(self) -> ComposeResult:
        """The title and the hand-over text."""
        m = self.m
        with Vertical():
            yield Static(m("board.cover.title"), classes="title")
            yield Static(m("board.cover.text", name=self.player))
            yield Static(m("board.cover.hidden", name=self.player), classes="dim")

    async def action_dismiss(self, result: None = None) -> None:
        """Close the cover (the next player confirmed)."""
        self.dismiss(None)


class HoldScreen(Screen[None]):
    """The end of a hand (how it ended, final table and racks, explained scores, match totals),
    kept until Enter."""

    BINDINGS = [Binding("enter", "dismiss", "OK", priority=True)]
    DEFAULT_CSS = """
    HoldScreen > VerticalScroll { height: 1fr; }
    HoldScreen > Static { height: 1; background: $accent; }
    """

    def __init__(self, item: RenderableType, m: Messages) -> None:
        super().__init__()
        self.item = item
        self.m = m

    def compose(self) -> ComposeResult:
        """The hand's end, scrollable, and the key to go on."""
        with VerticalScroll():
            yield Static(self.item)
        yield Static(self.m("board.hold.keys"))

    async def action_dismiss(self, result: None = None) -> None:
        """Go on."""
        self.dismiss(None)


def yes_no_keys(m: Messages) -> dict[str, str]:
    """The keys of a yes/no question and their answers (``"y"`` / ``"n"``): ``y`` and ``n``,
    and the language's own yes key (``board.key.yes``: ``d``, "da", in Romanian)."""
    return {"y": "y", m("board.key.yes"): "y", "n": "n"}


def yes_no_labels(m: Messages) -> dict[str, str]:
    """The key line of a yes/no question: the language's yes key and ``n``."""
    return {m("board.key.yes"): m("board.key.yes_label"), "n": m("board.key.no")}


class _Question(ModalScreen[str]):
    """A question answered by one key: each key of ``keys`` returns its answer, Esc returns
    ``""`` (back: nothing changes). The keys described in ``labels`` (key -> what it does) are
    listed in the question's own key line, which covers the board's while it is open (two
    lines at least: the board's wraps to two at 80 columns; the board's keys do not work here:
    ``d`` on the rack discards, not here)."""

    DEFAULT_CSS = """
    _Question { align: center middle; }
    _Question > Vertical { width: 70; height: auto; border: heavy $warning; padding: 0 1; }
    _Question > KeyBar { min-height: 2; }
    """

    def __init__(
        self,
        lines: list[str],
        keys: Mapping[str, str],
        labels: Mapping[str, str] | None = None,
        back: str = "",
    ) -> None:
        super().__init__()
        self.lines = lines
        self.keys = dict(keys)
        self._answered = False
        labels = labels or {}
        for key in self.keys:
            self._bindings.bind(
                key, f"answer({key!r})", labels.get(key, ""), show=key in labels, priority=True
            )
        self._bindings.bind("escape", "answer('')", back, show=bool(back), priority=True)

    def compose(self) -> ComposeResult:
        """The question's lines and its keys."""
        with Vertical():
            for line in self.lines:
                yield Static(line)
        yield KeyBar()

    def action_answer(self, key: str) -> None:
        """Answer with ``key``'s answer (``""``: Esc, back).

        Only the first answer counts: keys typed quickly after it (before the screen has gone)
        are ignored, so the question is never dismissed twice."""
        if self._answered:
            return
        self._answered = True
        self.dismiss(self.keys.get(key, ""))


def saved_line(m: Messages, saved: str, *, before: bool) -> str:
    """The line said on leaving a game last saved in ``saved``: ``quit_saved``, or
    ``quit_saved_before`` when moves were made since (the file holds the game as of that
    save); the resume command quotes the name for the shell."""
    key = "quit_saved_before" if before else "quit_saved"
    return m(key, path=saved, load=shlex.quote(saved))


class QuitScreen(_Question):
    """Leave the game? (``y``, or the language's yes key: ``d`` in Romanian / ``n``), saying
    where it was last saved."""

    def __init__(
        self,
        saved_to: str | None,
        m: Messages,
        *,
        from_position: bool = False,
        before: bool = False,
    ) -> None:
        if from_position:  # --save is refused with --position: never suggest it
            where = m("board.quit.position")
        elif saved_to is not None and before:  # moves since the save: not in the file
            where = m("board.quit.saved_before", path=saved_to, load=shlex.quote(str(saved_to)))
        elif saved_to is not None:
            where = m("board.quit.saved", path=saved_to, load=shlex.quote(str(saved_to)))
        else:
            where = m("board.quit.not_saved")
        lines = [m("board.quit.ask"), where, m("board.quit.keys")]
        super().__init__(lines, yes_no_keys(m), yes_no_labels(m), m("board.key.no"))


class QuestionScreen(_Question):
    """A question of the game (``TurnIO.ask``: a discard that would cost the missed
    announcement...): one key per answer, Esc goes back."""

    def __init__(self, question: str, answers: Sequence[tuple[str, str]], m: Messages) -> None:
        lines = [question, answers_line(answers, m("board.question.back"))]
        keys = {key: key for key, _ in answers}
        super().__init__(lines, keys, dict(answers), m("board.key.back_question"))


class DrawScreen(_Question):
    """End a Rummikub-style turn with the table unchanged, which draws a tile? (``y``, or the
    language's yes key / ``n``)

    With the turn timer on (``timed``; ``timer.seconds``, docs/rules.md §2.8) the question says
    that the timer keeps running: deciding to draw is part of the turn, as at the table, where
    the two minutes are "to finish one's turn" (the MyRummy text, §3.24) and nobody stops the
    sand-timer while the player makes up his mind. When the time runs out first, the board
    closes the question (``BoardApp``)."""

    def __init__(self, m: Messages, *, timed: bool = False) -> None:
        lines = [m("board.rk.draw.ask"), m("board.rk.draw.keys")]
        if timed:
            lines.insert(1, m("board.rk.draw.timer"))
        super().__init__(lines, yes_no_keys(m), yes_no_labels(m), m("board.key.no"))
