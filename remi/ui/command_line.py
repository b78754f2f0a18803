"""The board's command line: the engine's notation typed with Tab completion of the commands
and of the rack's tiles; PageUp / PageDown scroll the messages, Esc goes to the table or the
rack."""

from __future__ import annotations

import os
from typing import ClassVar

from textual.binding import Binding, BindingType
from textual.message import Message
from textual.widgets import Input

from remi.core.messages import Messages

__all__ = ["CommandInput", "complete_word"]


def complete_word(text: str, words: tuple[str, ...]) -> tuple[str, list[str]]:
    """Tab completion of the last word of ``text`` among ``words``: the completed text and the
    candidates (the text grows to their longest common prefix)."""
    head, _, last = text.rpartition(" ")
    found = [w for w in words if w.lower().startswith(last.lower())]
    if not found:
        return text, []
    common = os.path.commonprefix([w.lower() for w in found])
    word = found[0][: len(common)] if len(found) > 1 else found[0] + " "
    return (f"{head} {word}" if head else word), found


class CommandInput(Input):
    """The command line: Tab completes the word before the cursor (several candidates are
    posted as ``CommandInput.Candidates`` for the board to list)."""

    class Candidates(Message):
        """Tab found several words: ``words`` (the first 20)."""

        def __init__(self, words: list[str]) -> None:
            super().__init__()
            self.words = words

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("tab", "complete", "Complete", show=False),
        Binding("pageup", "app.log_page(-1)", show=False),
        Binding("pagedown", "app.log_page(1)", show=False),
    ]

    def __init__(self, m: Messages, *, id: str | None = None, placeholder: str = "") -> None:
        super().__init__(id=id, placeholder=placeholder, select_on_focus=False)
        self.cursor_blink = False  # a steady cursor (and screenshots that do not depend on time)
        self._bindings.bind("escape", "app.focus_board", m("board.key.pick"))

    words: tuple[str, ...] = ()

    def action_complete(self) -> None:
        """Complete the last word (commands, then the rack's tiles sorted by number)."""
        text, found = complete_word(self.value, self.words)
        self.value = text
        self.cursor_position = len(text)
        if len(found) > 1:
            self.post_message(self.Candidates(found[:20]))
