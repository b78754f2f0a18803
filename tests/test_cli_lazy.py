"""The CLI imports a command's module only when that command is looked up: the table of lazy
commands in ``remi.cli.app`` must name every command with its module and help, and ``remi
--help`` must import no command module and no family."""

from __future__ import annotations

import importlib
import json
import subprocess
import sys

import typer.main
from typer.testing import CliRunner

from remi.cli.app import LAZY_COMMANDS, app, check_app, rules_app, solve_app

GROUPS = {"": app, "check": check_app, "solve": solve_app, "rules": rules_app}
MODULES = ["check", "ladder", "play", "replay", "rules_cmd", "score", "simulate", "solve"]


def test_lazy_table_matches_the_registered_commands() -> None:
    for name in MODULES:
        importlib.import_module(f"remi.cli.{name}")
    for group, typer_app in GROUPS.items():
        built = typer.main.get_command(typer_app)
        found = {
            name: (command.callback.__module__, (command.help or "").split("\n\n")[0])
            for name, command in built.commands.items()  # type: ignore[attr-defined]
            if name not in GROUPS
        }
        assert found == LAZY_COMMANDS[group], group


def _run_loading(argv: list[str]) -> tuple[str, list[str]]:
    """Run ``remi *argv`` in a fresh interpreter: its output and every module it loaded."""
    code = (
        f"import sys, json; sys.argv = ['remi', *{argv!r}]\n"
        "from remi.cli import main\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        "print(json.dumps(sorted(sys.modules)))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], check=True, capture_output=True, text=True
    ).stdout
    return out, json.loads(out.strip().splitlines()[-1])


def test_help_imports_no_command_module_no_family_and_no_typer() -> None:
    """`remi --help` is drawn from the command table (remi.cli.quick_help): neither a command's
    module nor a family, nor typer, click, rich or attrs is imported."""
    for argv in (["--help"], ["check"], ["--lang", "ro", "rules", "--help"]):
        _, loaded = _run_loading(argv)
        assert not [m for m in loaded if m.startswith(("remi.variants", "remi.core.variant"))]
        shared = {"remi.cli.help_table", "remi.cli.quick_help", "remi.cli.quick_check"}
        assert not [m for m in loaded if m.startswith("remi.cli.") and m not in shared], argv
        assert not set(loaded) & {"typer", "click", "rich", "attrs", "typing"}, argv


def test_help_lists_every_command() -> None:
    result = CliRunner().invoke(app, ["--help"])
    assert result.exit_code == 0
    for name in [*LAZY_COMMANDS[""], "check", "solve", "rules"]:
        assert f"│ {name} " in result.output
    for group in ("check", "solve", "rules"):
        result = CliRunner().invoke(app, [group, "--help"])
        for name in LAZY_COMMANDS[group]:
            assert f"│ {name} " in result.output


def test_short_commands_read_no_entry_points_and_build_no_pydantic_adapter() -> None:
    """`remi check meld` (a built-in family, options given or not, --lang a choice) loads
    neither pydantic (typer's adapters, remi.cli.coercion) nor the installed entry points
    (remi.core.variant.BUILT_IN_FAMILIES), nor the other family."""
    argv = ["check", "meld", "R1 R2 R3", "--lang", "ro", "--rules", "rummy-45"]
    out, loaded = _run_loading(argv)
    assert "validă: da" in out
    assert not set(loaded) & {"pydantic", "importlib.metadata", "remi.variants.rummikub"}
