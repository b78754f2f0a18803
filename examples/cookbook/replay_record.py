"""Replay a game record and print what happened and the scores (docs/cookbook.md).

``remi.load_record`` reads a record file (docs/records.md), ``remi.replay`` re-applies its
actions under its rules, stopping at the first illegal one. Run:
``python examples/cookbook/replay_record.py [RECORD]`` (default: the șir-break example game).
"""

from __future__ import annotations

import sys
from pathlib import Path

import remi

EXAMPLE = Path(__file__).resolve().parent.parent / "games" / "sir-break.json"


def main(path: Path) -> None:
    """Replay ``path``; print each action, then each player's explained score."""
    record = remi.load_record(path)
    result = remi.replay(record)
    print(f"{record.preset}: {', '.join(record.names)}; {len(result.actions)} actions")
    for action in result.actions:
        print(f"  {action}")
    if result.error is not None:
        print(f"illegal: {result.error}")
    for score in result.scores:
        print(f"{score.name}: {score.score:+d}")
        for line in score.lines:
            print(f"  {line.points:+d} {line.rule_id}")


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else EXAMPLE)
