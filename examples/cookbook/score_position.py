"""Score a position: paste a finished game's position notation, get the explained scores
(docs/cookbook.md, docs/notation.md).

``remi.from_position`` reads the full form of a position back into a state; ``remi.score``
explains each player's points (docs/scoring.md). Run:
``python examples/cookbook/score_position.py ["POSITION"]``.
"""

from __future__ import annotations

import sys

import remi

#: A finished 2-player Rummikub game: p1 went out, p2 is left holding K7.
FINISHED = (
    "rummikub:rummikub#3b5c7f67 / p1 ended turns=131 starter=p1 passes=0 / table"
    " [R1 R2 R3 R4 R5 R6 R7 R8 R9 R10] [B10 B11 B12 B13] [R10 Y10 B10 K10] [B4 B5 B6 B7 B8 B9]"
    " [Y1 Y2 Y3 Y4 Y5 Y6] [K4 K5 K6 K7 K8 K9 K10 K11] [B1 B2 B3 B4] [R11 R12 R13] [K11 K12 K13]"
    " [R12 Y12 B12 K12] [Y4 Y5 Y6 Y7 Y8 Y9] [B5 B6 B7 B8 B9] [Y1 Y2 Y3] [R4 R5 R6 R7 R8 R9]"
    " [R11 Y11 B11] [R3 B3 K3] [K1 K2 K3 K4 K5] [R1 B1 K1] [R13 Y13 B13 K13]"
    " [Y7 Y8 Y9 J Y11 Y12 Y13] [R2 B2 K2] [J K8 K9]"
    " / p1 opened / p2 opened K7 / pool K6 Y10 / end out winner=p1"
)


def main(text: str) -> None:
    """Read ``text`` (a full-form position) and print each seat's score and its lines."""
    state = remi.from_position(text)
    if not remi.is_over(state):
        print(f"not finished: p{remi.current_player(state) + 1} to play")
        return
    for score in remi.score(state):  # named p1, p2, ... (seat 0 is p1)
        print(f"{score.name}: {score.score:+d}")
        for line in score.lines:
            print(f"  {line.points:+d} {line.rule_id}: {line.text}")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else FINISHED)
