"""The bot ladders.

- ``remi.ladder.pairs``: the 2-player paired ladder (``ladder``, ``paired_deal``, ``PairResult``),
  used by ``benchmarks/ladder.py``;
- ``remi.ladder.duplicate``: the duplicate tournament of ``remi ladder`` for 2-4 players (the
  same deals with the bots rotated over the seats, per-deal paired statistics), with
  ``remi.ladder.feeding`` (the feeding measure of the discard row, șir) and
  ``remi.ladder.rating`` (Bradley-Terry ratings).
"""

from __future__ import annotations

from remi.ladder.pairs import PairResult, ladder, paired_deal

__all__ = ["PairResult", "ladder", "paired_deal"]
