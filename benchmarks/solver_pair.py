"""Side by side: the Rummikub best-move solver of two checkouts, position by position.

Two worker processes, one per checkout (this file with ``--worker REPO``, each importing ``remi``
and ``benchmarks/solver.py`` from its own checkout), solve the same corpus position in turn (the
order alternating from one position to the next), each the fastest of ``--repeat`` solves in
process CPU time after ``clear_memos``, the whole move (default tie-break budget). A shared
machine's speed drifts by a quarter from one minute to the next; alternating position by
position puts both versions in the same minute, so the ratio of medians is what to read.

    python benchmarks/solver_pair.py --base /work/main [--base-python /work/venv/bin/python]
                                     [--corpus standard|hard] [--repeat 3]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent


def worker(repo: str) -> None:
    """Answer ``corpus objective index repeat`` lines on stdin with the CPU milliseconds of the
    fastest of ``repeat`` solves of that position by ``repo``'s solver."""
    sys.path[:0] = [repo, str(Path(repo) / "benchmarks")]
    import solver as bench  # the checkout's own benchmark module

    from remi.variants.rummikub.solvers.best_move import best_move

    corpora = {"standard": bench.corpus(), "hard": bench.hard_corpus()}
    print("ready", flush=True)
    for line in sys.stdin:
        name, objective, index, repeat = line.split()
        table, rack = corpora[name][int(index)]
        fastest = float("inf")
        for _ in range(int(repeat)):
            bench.clear_memos()
            start = time.process_time()
            best_move(table, rack, initial=False, objective=objective, rules=bench.RULES)
            fastest = min(fastest, time.process_time() - start)
        print(f"{fastest * 1000:.6f}", flush=True)


def two_checkouts(
    parser: argparse.ArgumentParser, worker: Callable[[str], None]
) -> argparse.Namespace | None:
    """The arguments of a benchmark comparing this checkout with another (``--base``, run by
    ``--base-python``), ``parser``'s own added; in a worker process (``--worker REPO``) runs
    ``worker(REPO)`` instead and returns ``None``."""
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    parser.add_argument("--base", help="the other checkout (its repository root)")
    parser.add_argument("--base-python", default=sys.executable, help="its interpreter")
    args = parser.parse_args()
    if args.worker:
        worker(args.worker)
        return None
    if not args.base:
        parser.error("--base: give the other checkout's root")
    return args


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", default="standard", choices=("standard", "hard"))
    parser.add_argument("--repeat", type=int, default=3, help="solves per position (fastest)")
    args = two_checkouts(parser, worker)
    if args is None:
        return
    if args.repeat < 1:
        parser.error(f"--repeat {args.repeat}: give 1 or more")
    spawned = {}
    for label, python, repo in (
        ("base", args.base_python, args.base),
        ("this", sys.executable, str(HERE.parent)),
    ):
        process = subprocess.Popen(
            [python, str(HERE / "solver_pair.py"), "--worker", repo],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        assert process.stdin is not None and process.stdout is not None
        if process.stdout.readline().strip() != "ready":
            parser.error(f"the worker for {repo} did not start")
        spawned[label] = process
    count = 60 if args.corpus == "standard" else 40
    for objective in ("tiles", "points"):
        times: dict[str, list[float]] = {"base": [], "this": []}
        for index in range(count):
            for label in ("base", "this") if index % 2 == 0 else ("this", "base"):
                process = spawned[label]
                assert process.stdin is not None and process.stdout is not None
                process.stdin.write(f"{args.corpus} {objective} {index} {args.repeat}\n")
                process.stdin.flush()
                times[label].append(float(process.stdout.readline()))
        base, this = (statistics.median(times[k]) for k in ("base", "this"))
        print(
            f"{args.corpus} {objective}: median cpu base {base:.2f} ms, this {this:.2f} ms, "
            f"ratio this/base {this / base:.3f}; max base {max(times['base']):.1f} ms, this "
            f"{max(times['this']):.1f} ms; total base {sum(times['base']):.0f} ms, this "
            f"{sum(times['this']):.0f} ms",
            flush=True,
        )
    for process in spawned.values():
        assert process.stdin is not None
        process.stdin.close()
        process.wait()


if __name__ == "__main__":
    main()
