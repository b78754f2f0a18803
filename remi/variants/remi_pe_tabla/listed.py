"""The last list of legal actions, so that ``apply`` can trust an action taken from it.

``remi.variants.remi_pe_tabla.movegen.legal_actions`` hands every list it builds to ``remember``
(with the state it was built for); ``remi.variants.remi_pe_tabla.engine.apply`` asks ``listed``
whether the action it is given is one of the very objects of that list, for that very state.
Only then does it skip the checks the move generator has already made (the rules' own helpers,
see movegen's docstring). The test is by identity of the state and of the action object, never by
equality: an action typed by hand, parsed from a record or built by a bot is a new object, so it
is always fully checked, even when it equals a listed one. The list is kept as a private tuple
(the caller may change the list it was given without changing what is trusted) and the entry
holds it and the state, so an identity seen here always refers to the same live object.
"""

from __future__ import annotations

from collections.abc import Sequence

from remi.core.actions import Action
from remi.variants.remi_pe_tabla.state import GameState

__all__ = ["forget", "listed", "remember"]

# (the state, its listed actions: a private copy, which also keeps every listed object alive)
_last: tuple[GameState | None, tuple[Action, ...]] = (None, ())


def remember(state: GameState, actions: Sequence[Action]) -> None:
    """Record ``actions`` as the legal actions that ``legal_actions`` listed for ``state``."""
    global _last
    _last = (state, tuple(actions))


def listed(state: GameState, action: object) -> bool:
    """Whether ``action`` is one of the objects of the last list remembered for this very
    ``state`` object (identity, not equality: an equal action built elsewhere is not)."""
    last_state, kept = _last
    if last_state is not state:
        return False
    for candidate in kept:
        if candidate is action:
            return True
    return False


def forget() -> None:
    """Drop the remembered list (tests; nothing else needs it)."""
    global _last
    _last = (None, ())
