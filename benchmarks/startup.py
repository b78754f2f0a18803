"""CPU time of short CLI commands (start-up: imports), against another install in the same run.

Runs each command ``--repeat`` times with this interpreter's ``remi`` and, with ``--vs``, with
another interpreter's (e.g. a virtual environment of the code before a change), alternating, in
fresh processes; prints the best CPU time (user + system of the child) of each side and the
ratio this / vs (at most 0.5 is the second speed round's target for ``--help`` and ``check
meld``).

Each command runs as the console script runs it (``from remi.cli import main``), so it measures
what a user waits for: ``remi --help`` is answered from the command table without typer, click
or rich (``remi.cli.quick_help``), ``remi check meld TILES`` without them too
(``remi.cli.quick_check``), and every other invocation by typer (docs/architecture.md,
"Start-up"). Figures: docs/solvers.md, "Start-up, Rummikub random play, memory and the OpenSpiel
peer". For the imports behind a figure: ``python -X importtime -m remi check meld "R1 R2 R3"``.

    python benchmarks/startup.py [--vs /path/to/other/venv/bin/python] [--repeat 7]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys

COMMANDS: tuple[tuple[str, ...], ...] = (
    ("--help",),
    ("check", "meld", "R1 R2 R3"),
    ("check", "meld", "R5 J R7"),
)


# Byte code is written and reused, as for an installed remi (the first run of each side warms it).
_ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def child_cpu(python: str, args: tuple[str, ...]) -> float:
    """CPU seconds (user + system) of ``remi <args>`` under ``python`` run to the end (the
    children's ``getrusage``, microseconds; ``os.times``' clock ticks of 10 ms where it lacks)."""
    before = _children()
    code = "import sys; from remi.cli import main; sys.argv = ['remi', *sys.argv[1:]]; main()"
    subprocess.run(  # -P: remi from the interpreter's install, never the current directory
        [python, "-P", "-c", code, *args],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        check=False,
        env=_ENV,
    )
    return _children() - before


def _children() -> float:
    """CPU seconds (user + system) of the finished child processes so far."""
    try:
        import resource
    except ImportError:  # not a Unix
        times = os.times()
        return times.children_user + times.children_system
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def main() -> None:
    """Print the best CPU time of each command per side and the ratio."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--vs", default=None, help="another interpreter with remi installed")
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    sides = {"this": sys.executable}
    if args.vs:
        sides["vs"] = args.vs
    for command in COMMANDS:
        best = {name: float("inf") for name in sides}
        for python in sides.values():
            child_cpu(python, command)  # writes the byte code
        for _ in range(args.repeat):
            for name, python in sides.items():
                best[name] = min(best[name], child_cpu(python, command))
        row = f"remi {' '.join(command)!s:28} this {best['this'] * 1000:6.0f} ms CPU"
        if "vs" in best:
            row += f", vs {best['vs'] * 1000:6.0f} ms, ratio this / vs {best['this'] / best['vs']:.2f}x"
        print(row)


if __name__ == "__main__":
    main()
