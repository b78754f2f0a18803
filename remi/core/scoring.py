"""Explained scores: a player's hand score as lines, each citing the rule id behind it.

Every family's scoring returns ``PlayerScore`` values in seat order; the lines of a player add up
to his score exactly.
"""

from __future__ import annotations

import attrs

from remi.core.messages import Messages

__all__ = ["PlayerScore", "ScoreLine", "line_part", "score_line"]


@attrs.frozen(kw_only=True)
class ScoreLine:
    """One explained part of a player's score.

    Attributes:
        rule_id: the rule id behind it (``scoring.closing_bonus``...).
        text: what it counts, in English words.
        points: its value in points (negative for the rack, a penalty...).
        parts: the same words as catalogue messages, ``(message id, ((name, value), ...))``
            each, joined with "; " (``localized``); empty when the line has only ``text``.
    """

    rule_id: str
    text: str
    points: int
    parts: tuple[tuple[str, tuple[tuple[str, object], ...]], ...] = ()

    def __repr__(self) -> str:
        """``<ScoreLine scoring.closing_bonus +50: closing bonus>``."""
        return f"<ScoreLine {self.rule_id} {self.points:+d}: {self.text}>"

    def localized(self, m: Messages) -> str:
        """What the line counts in the language of ``m`` (``text`` when it has no parts)."""
        if not self.parts:
            return self.text
        return "; ".join(m(key, **dict(params)) for key, params in self.parts)


@attrs.frozen(kw_only=True)
class PlayerScore:
    """One player's hand score and its explanation.

    Attributes:
        name: the player's name.
        score: the hand score in points.
        lines: the explanation; ``sum(line.points for line in lines) == score``.
    """

    name: str
    score: int
    lines: tuple[ScoreLine, ...]

    def __repr__(self) -> str:
        """``<PlayerScore p1 -35: rack -35>``: the name, the score and each line's rule id."""
        lines = ", ".join(f"{line.rule_id} {line.points:+d}" for line in self.lines)
        return f"<PlayerScore {self.name} {self.score:+d}: {lines}>"


#: One catalogue message of a score line: (message id, ((name, value as text), ...)).
Part = tuple[str, tuple[tuple[str, object], ...]]


def line_part(message_id: str, **params: object) -> Part:
    """One catalogue message of a score line, its parameters as text (language-neutral)."""
    return message_id, tuple((k, str(v)) for k, v in params.items())


def score_line(rule_id: str, points: int, *parts: Part) -> ScoreLine:
    """A score line of ``parts`` (joined with "; "), its English ``text`` from the catalogue."""
    english = Messages("en")
    text = "; ".join(english(key, **dict(params)) for key, params in parts)
    return ScoreLine(rule_id=rule_id, text=text, points=points, parts=parts)
