"""The ``remi`` command line (typer + rich).

Each command lives in its own module and registers itself on ``remi.cli.app.app`` (or one of its
groups); the module is imported only when its command is looked up (``remi.cli.help_table.
LAZY_COMMANDS`` lists every command with its module: add a row there for a new command), so that
``remi --help`` and each command import only what they use. Importing this package imports
neither typer nor rich: ``main`` first lets ``remi.cli.quick_help`` answer a group's help and
``remi.cli.quick_check`` a plain ``remi check meld``, and hands every other invocation to
typer (docs/architecture.md, "Start-up"); ``remi.cli.app`` (the typer application) is imported
on first use.
"""

from __future__ import annotations

import sys
import types

TYPE_CHECKING = False
if TYPE_CHECKING:  # ``typing`` and typer are not imported at run time
    import typer

__all__ = ["app", "main"]


def main() -> None:
    """Console-script entry point (``remi``): a group's help, ``--version`` and a plain ``check
    meld`` answered without typer, everything else by ``remi.cli.app.main``."""
    from remi.cli.quick_help import answer

    argv = sys.argv[1:]
    code = None
    if not _completing():
        try:
            code = answer(argv)
            if code is None:
                from remi.cli.quick_check import answer_meld

                code = answer_meld(argv)
        except OSError as exc:  # standard output closed or full: exit 3 quietly, as typer's path
            from remi.cli.app import output_failed

            output_failed(exc)
    if code is not None:
        sys.exit(code)
    from remi.cli.app import main as typer_main

    typer_main()


def _completing() -> bool:
    """Whether the shell asks for completions (click's ``_REMI_COMPLETE``): typer answers."""
    import os

    return any(name.startswith("_") and name.endswith("_COMPLETE") for name in os.environ)


class _Package(types.ModuleType):
    """This package, whose ``app`` is the typer application (imported on first use), as
    ``from remi.cli import app`` has always given, even once the import system has bound the
    submodule ``remi.cli.app`` here."""

    @property
    def app(self) -> typer.Typer:
        """The ``remi`` typer application (``remi.cli.app.app``)."""
        from remi.cli.app import app

        return app

    @app.setter
    def app(self, value: object) -> None:
        """The import system binds the submodule ``remi.cli.app`` here: ``app`` stays the
        application."""


sys.modules[__name__].__class__ = _Package
