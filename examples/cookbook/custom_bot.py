"""Play a game of Rummikub with a custom bot against the greedy bot (docs/cookbook.md).

A bot is any object with a ``name`` and a ``choose(view)`` method (the ``remi.Bot``
protocol): it sees only its own view (``remi.view``), never the pool or another rack, and
returns one of ``view.legal``. Run: ``python examples/cookbook/custom_bot.py``.
"""

from __future__ import annotations

import remi


class LongestMoveBot:
    """Plays the legal action with the longest notation: the one that moves the most tiles
    (ties: the first; drawing when nothing can be played)."""

    name = "longest"

    def choose(self, view: remi.RummikubView) -> remi.Action:
        """The action to play from this seat's view (only called on its turn)."""
        return max(view.legal, key=lambda action: len(str(action)))


def main() -> None:
    """Deal a 2-player game (seed 4), play it out, print the result and the scores."""
    rules = remi.load_rules("rummikub")
    state = remi.new_game(rules, 2, seed=4)
    bots: list[remi.Bot] = [LongestMoveBot(), remi.make_bot("greedy", 1)]
    final, actions = remi.play_hand(state, bots)
    print(f"actions: {len(actions)}")
    print(f"winner: p{final.winner + 1}" if final.winner is not None else "winner: none")
    for score in remi.score(final, [bot.name for bot in bots]):
        print(f"{score.name}: {score.score:+d}")


if __name__ == "__main__":
    main()
