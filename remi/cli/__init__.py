"""The ``remi`` command line (typer + rich); importing this package registers every command.

Each command lives in its own module and registers itself on ``remi.cli.app.app``; add a new
command module to the import list below.
"""

from __future__ import annotations

from remi.cli.app import app, main

# Command modules (each registers its commands on import).
from remi.cli import rules_cmd  # noqa: E402,F401
from remi.cli import score  # noqa: E402,F401
from remi.cli import check  # noqa: E402,F401
from remi.cli import solve  # noqa: E402,F401
from remi.cli import play  # noqa: E402,F401
from remi.cli import simulate  # noqa: E402,F401

__all__ = ["app", "main"]
