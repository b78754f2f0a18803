"""The board's key line: the keys that work now and what each does, on as many lines as the
width needs.

Textual's own ``Footer`` keeps to one line and cuts what does not fit: at 80 columns the rack's
keys pushed F2 and F3 off the screen, and the Romanian labels are longer still. ``KeyBar`` lays
the same bindings out (``remi.ui.widgets.lay_out``) and wraps between two keys, never inside
one, so every key stays visible at any width and in every language; a click on a key runs its
action, as on Textual's footer.
"""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.screen import Screen
from textual.widgets import Static

from remi.core.messages import N_
from remi.ui.widgets import Span, lay_out, token_at

__all__ = ["KeyBar"]


class KeyBar(Static):
    """The keys of the screen's active bindings (those shown), wrapped at the width."""

    DEFAULT_CSS = """
    KeyBar {
        dock: bottom;
        height: auto;
        padding: 0 1;
        background: $footer-background;
        color: $footer-description-foreground;
    }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.spans: list[Span] = []
        #: (action, namespace) of each key shown, in order (a click runs it).
        self.actions: list[tuple[str, object]] = []

    def on_mount(self) -> None:
        """Follow the bindings of this screen (the focus moved, a mode changed)."""
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed)
        self.call_after_refresh(self.draw)

    def _bindings_changed(self, screen: Screen[object]) -> None:
        if self.is_attached and screen is self.screen:
            self.call_after_refresh(self.draw)

    def on_resize(self) -> None:
        """Wrap again at the new width."""
        self.draw()

    def draw(self) -> None:
        """Lay out the keys: ``key description`` each, two spaces apart."""
        tokens: list[Text] = []
        self.actions = []
        seen: set[str] = set()
        for namespace, binding, enabled, _ in self.screen.active_bindings.values():
            if not binding.show or binding.action in seen:
                continue
            seen.add(binding.action)
            token = Text(self._key_name(self.app.get_key_display(binding)), style="bold")
            token.append(f" {binding.description}")
            if not enabled:
                token.stylize("dim")
            tokens.append(token)
            self.actions.append((binding.action, namespace))
        width = self.size.width - 2 if self.size.width else 78
        text, self.spans = lay_out(Text(), tokens, width, gap=2)
        self.update(text)

    def _key_name(self, shown: str) -> str:
        """A key as the player's language names it: Textual writes the space bar ``space``,
        which the Romanian board shows as ``spațiu`` (``board.key_name.space``); other keys
        (``esc``, ``f2``, letters, symbols) as Textual shows them."""
        m = getattr(self.app, "m", None)
        return m(N_("board.key_name.space")) if shown == "space" and m is not None else shown

    async def on_click(self, event: events.Click) -> None:
        """Run the clicked key's action."""
        found = token_at(self.spans, event.x - 1, event.y)
        if found is not None:
            action, namespace = self.actions[found]
            await self.app.run_action(action, namespace)  # type: ignore[arg-type]
