"""The ``remi`` command line (typer + rich); importing this package registers every command.

Each command lives in its own module and registers itself on ``remi.cli.app.app``; add a new
command module to the import list below.
"""

from __future__ import annotations

# Command modules (each registers its commands on import).
from remi.cli import (
    check,  # noqa: E402,F401
    play,  # noqa: E402,F401
    replay,  # noqa: E402,F401
    rules_cmd,  # noqa: E402,F401
    score,  # noqa: E402,F401
    simulate,  # noqa: E402,F401
    solve,  # noqa: E402,F401
)
from remi.cli.app import app, main

__all__ = ["app", "main"]
