"""The work budget of one Rummikub best-move solve, and the error raised when it runs out.

Every engine of the solver (``remi.variants.rummikub.solvers._dp``, ``remi.variants.rummikub.solvers._bb``) charges its work
to one ``Budget`` in *state expansions* (deterministic: the same position costs the same on any
machine); a branch-and-bound node is charged as ``NODE_WORK`` expansions
(``remi.variants.rummikub.solvers._objective``). The rule id of a budget running out is ``solver.budget``.
"""

from __future__ import annotations

import time

from remi.core.errors import RemiError

__all__ = ["Budget", "SolverBudgetExceeded"]


class SolverBudgetExceeded(RemiError, RuntimeError):
    """The exact Rummikub move solver ran out of its work budget before proving an optimum.

    Raised instead of returning a move that might not be optimal (no answer is ever guessed).

    Attributes:
        states: state expansions done when the budget ran out.
        seconds: seconds spent (wall clock) when the budget ran out.
        reason: ``"max_states"`` or ``"budget_seconds"``, the budget that ran out.
    """

    def __init__(self, message: str, *, states: int, seconds: float, reason: str):
        super().__init__(message)
        self.states = states
        self.seconds = seconds
        self.reason = reason


class Budget:
    """A work budget shared by every pass of one solve: state expansions and wall-clock seconds.

    ``max_states`` is deterministic (same position, same outcome on any machine);
    ``budget_seconds`` bounds the wall-clock time (the clock is read at the first charge and
    then every 4,096 expansions; the program charges once per number-colour step, so a large
    step may overrun the deadline by that step's time).
    """

    __slots__ = ("max_states", "deadline", "started", "used", "budget_seconds", "_next_clock")

    def __init__(self, max_states: int | None = None, budget_seconds: float | None = None) -> None:
        if max_states is not None and max_states < 0:
            raise ValueError(f"max_states must be >= 0, got {max_states}")
        if budget_seconds is not None and not budget_seconds >= 0:
            raise ValueError(f"budget_seconds must be >= 0, got {budget_seconds}")
        self.max_states = max_states
        self.budget_seconds = budget_seconds
        self.started = time.perf_counter()
        self.deadline = None if budget_seconds is None else self.started + budget_seconds
        self.used = 0
        self._next_clock = 0  # the first charge looks at the clock

    def child(self, max_states: int) -> Budget:
        """A budget of at most ``max_states`` more expansions within this one's limits (its
        expansions are added back with ``absorb``)."""
        limit = max_states
        if self.max_states is not None:
            limit = min(limit, max(0, self.max_states - self.used))
        sub = Budget(limit)
        sub.deadline = self.deadline
        sub.budget_seconds = self.budget_seconds
        sub.started = self.started
        return sub

    def absorb(self, sub: Budget) -> None:
        """Count the expansions of a ``child`` budget here."""
        self.used += sub.used

    def charge(self, n: int) -> None:
        """Count ``n`` expansions; raise ``SolverBudgetExceeded`` once a budget is spent."""
        self.used += n
        if self.max_states is not None and self.used > self.max_states:
            self._fail("max_states", f"more than {self.max_states} state expansions")
        if self.deadline is not None and self.used >= self._next_clock:
            self._next_clock = self.used + 4096
            if time.perf_counter() > self.deadline:
                self._fail("budget_seconds", f"more than {self.budget_seconds:g} s")

    def _fail(self, reason: str, what: str) -> None:
        seconds = time.perf_counter() - self.started
        raise SolverBudgetExceeded(
            f"the exact Rummikub move solver gave up after {what} ({self.used} expansions, "
            f"{seconds:.2f} s) without proving an optimum [solver.budget]",
            states=self.used,
            seconds=seconds,
            reason=reason,
        )
