"""The ``remi`` command line (typer + rich).

Each command lives in its own module and registers itself on ``remi.cli.app.app`` (or one of its
groups); the module is imported only when its command is looked up (``remi.cli.app.LAZY_COMMANDS``
lists every command with its module: add a row there for a new command), so that ``remi --help``
and each command import only what they use.
"""

from __future__ import annotations

from remi.cli.app import app, main

__all__ = ["app", "main"]
