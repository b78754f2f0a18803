"""The Remi engine compiled with mypyc against the same code as pure Python (a measurement only).

The project installs as pure Python and ships no compiled code (docs/solvers.md, "A compiled
core, measured: mypyc"). This script builds two scratch copies of this checkout's ``remi``
package (and ``rules/``) in a temporary directory, compiles the hot modules of one of them with
mypyc in place (``.so`` files beside the sources), and plays the same seeded random-legal
4-player hands with both, each ``--repeat`` times in alternation, each pass in a fresh process
of this interpreter (``engine_throughput.py --worker``); it prints each side's best pass and
the ratio. ``--vs-openspiel PYTHON`` also alternates OpenSpiel's gin rummy run by PYTHON
(``openspiel_gin.py``) and prints both copies' ratios to it; ``--fingerprint GAMES`` checks
that the compiled copy lists the same actions (``fingerprint.py``, Remi only).

Needs mypy (which brings ``mypyc``), setuptools, a C compiler and the Python headers; without
``mypyc`` it stops with a one-line message (exit 2). Not used by the tests or CI.

    python benchmarks/mypyc_compare.py [--hands 300] [--repeat 3] [--fingerprint 1000]
                                       [--vs-openspiel /path/to/venv/bin/python] [--keep DIR]
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ENGINE = "remi/variants/remi_pe_tabla"
# What mypyc compiles: the hot modules it accepts. Left as Python (docs/solvers.md, "A compiled
# core, measured: mypyc"): remi/core/tiles.py (``Tile`` subclasses ``int``: refused),
# remi/variants/remi_pe_tabla/state.py (``if TYPE_CHECKING:`` in class bodies: refused; its
# ``evolve`` is generated at import), remi/core/formations.py (``__repr__ = __str__`` in a class
# body fails at import), the attrs classes with a ``ClassVar`` (remi/core/actions.py, the
# family's actions.py and events.py: attrs takes the class variable for a field at import) and
# the family's rules.py (configuration, not hot).
MODULES = [
    *(
        f"{ENGINE}/{name}.py"
        for name in (
            "movegen",
            "movegen_formable",
            "movegen_melds",
            "movegen_opening",
            "engine",
            "engine_common",
            "engine_end",
            "engine_lay",
            "engine_take",
            "engine_exchange",
            "shared_actions",
            "listed",
            "claims",
            "opening",
            "opening_facts",
            "opening_search",
            "turn",
            "solvers/_search",
        )
    ),
    "remi/core/candidates.py",
]


def copy_checkout(target: Path) -> None:
    """Copy ``remi/``, ``rules/`` and the two benchmark scripts into ``target``; the scripts sit
    beside the package, so a script run from there imports this copy (``sys.path[0]``)."""
    ignore = shutil.ignore_patterns("__pycache__", "*.so", "*.pyc")
    shutil.copytree(ROOT / "remi", target / "remi", ignore=ignore)
    shutil.copytree(ROOT / "rules", target / "rules")
    for script in ("engine_throughput.py", "fingerprint.py"):
        shutil.copy(ROOT / "benchmarks" / script, target / script)


def compile_copy(target: Path) -> None:
    """Compile ``MODULES`` of the copy in ``target`` with mypyc, in place; raise
    ``SystemExit`` with mypyc's last lines when it fails."""
    (target / "mypy.ini").write_text("[mypy]\nstrict = True\n")
    mypyc = [sys.executable, "-m", "mypyc", *MODULES]
    done = subprocess.run(mypyc, cwd=target, capture_output=True, text=True)
    if done.returncode:
        tail = (done.stdout + done.stderr).strip().splitlines()[-5:]
        raise SystemExit("mypyc failed:\n" + "\n".join(tail))


def worker(python: str, script: Path, args: argparse.Namespace) -> dict[str, float]:
    """One fresh process's pass: its CPU seconds and steps (``--worker`` JSON line)."""
    command = [python, str(script), "--hands", str(args.hands), "--seed", str(args.seed)]
    if script.name == "engine_throughput.py":
        command += ["--worker", "--players", "4", "--rules", "remi-pe-tabla"]
    out = subprocess.run(command, check=True, capture_output=True, text=True).stdout
    result: dict[str, float] = json.loads(out.strip().splitlines()[-1])
    if "missing" in result:
        raise SystemExit(f"OpenSpiel is not installed for {python}: {result['missing']}")
    return result


def main() -> None:
    """Build both copies, check the fingerprint when asked, alternate the passes, print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=300)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--fingerprint", type=int, default=0, metavar="GAMES")
    parser.add_argument("--vs-openspiel", default=None, metavar="PYTHON")
    parser.add_argument("--keep", type=Path, default=None, help="build here and keep it")
    args = parser.parse_args()
    for module, package in (("mypyc", "mypy"), ("setuptools", "setuptools")):
        if not _has_module(module):
            message = f"{module} is not installed for {sys.executable}: `pip install {package}`"
            print(message, file=sys.stderr)
            sys.exit(2)
    base = args.keep or Path(tempfile.mkdtemp(prefix="remi-mypyc-"))
    try:
        run(base, args)
    finally:
        if args.keep is None:
            shutil.rmtree(base, ignore_errors=True)


def _has_module(name: str) -> bool:
    import importlib.util

    return importlib.util.find_spec(name) is not None


def run(base: Path, args: argparse.Namespace) -> None:
    """Copy, compile, check and measure in ``base`` (see the module docstring)."""
    sides = {"compiled": base / "compiled", "python": base / "python"}
    for path in sides.values():
        copy_checkout(path)
    print(f"compiling {len(MODULES)} modules with mypyc in {sides['compiled']} ...", flush=True)
    compile_copy(sides["compiled"])
    if args.fingerprint:
        command = [sys.executable, "fingerprint.py", "--family", "remi"]
        command += ["--games", str(args.fingerprint)]
        out = subprocess.run(command, cwd=sides["compiled"], check=True, capture_output=True)
        print("compiled " + out.stdout.decode().strip())
    scripts = {name: path / "engine_throughput.py" for name, path in sides.items()}
    peers = {name: (sys.executable, script) for name, script in scripts.items()}
    if args.vs_openspiel:
        peers["openspiel"] = (args.vs_openspiel, ROOT / "benchmarks" / "openspiel_gin.py")
    best: dict[str, dict[str, float]] = {}
    for _ in range(args.repeat):
        for name, (python, script) in peers.items():
            result = worker(python, script, args)
            if name not in best or result["cpu"] < best[name]["cpu"]:
                best[name] = result
    rate = {name: r["steps"] / r["cpu"] for name, r in best.items()}
    for name, r in best.items():
        what = "2-player gin rummy hands" if name == "openspiel" else "4-player Remi hands"
        print(
            f"{name}: {args.hands} random-legal {what}, best of {args.repeat}: "
            f"{args.hands / r['cpu']:.1f} hands per CPU-second, {rate[name]:,.0f} actions "
            "per CPU-second"
        )
    print(f"ratio compiled / python: {best['python']['cpu'] / best['compiled']['cpu']:.2f}x")
    if args.vs_openspiel:
        for name in sides:
            print(
                f"ratio {name} / openspiel (actions per CPU-second): "
                f"{rate[name] / rate['openspiel']:.2f}x"
            )


if __name__ == "__main__":
    main()
