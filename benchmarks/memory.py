"""Memory over a long simulation: resident set size along 2,000-8,000 games, or sampled every N.

Plays seeded 4-player Remi hands one after another in one process, as ``remi simulate`` does
(``remi.simulate.play_game``, random bots by default), and prints the process's resident set
size (RSS, ``VmRSS`` of ``/proc/self/status``; the peak ``ru_maxrss`` where there is no /proc)
after each checkpoint. Flat memory means the figure stops growing after the warm-up: every memo
cache of the move generator is bounded (``functools.lru_cache`` sizes, the opening search's
per-formation table emptied beyond ``remi.variants.remi_pe_tabla.opening_facts.FACTS_LIMIT``).

With ``--vs PYTHON`` the same games are also played by another install of remi (e.g. the code
before a change) in a fresh process, and each checkpoint is printed for both with the ratio, all
from the same run.

With ``--games G --every N`` the RSS is sampled every N games up to G (e.g. 20,000 games every
1,000) and the slope after the warm-up (``--warmup``, default the first half) is printed in MB
per 1,000 games, by least squares: flat memory is a slope near 0. With ``--trace K``
(this interpreter only) ``tracemalloc`` snapshots are taken at the end of the warm-up and at
the end, and the K source lines whose allocations grew most in between are printed: what
still grows. Each checkpoint is also printed to stderr as it is reached (a run of 100,000 games
takes hours on a loaded machine; its table comes at the end).

    python benchmarks/memory.py [--checkpoints 2000,4000,8000] [--preset remi-pe-tabla]
                                [--bots random] [--vs /path/to/other/venv/bin/python]
    python benchmarks/memory.py --games 20000 --every 1000 [--warmup 10000] [--trace 15]
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import time
import tracemalloc
from typing import Any


def rss_mb() -> float:
    """The resident set size of this process in MB (peak RSS where /proc is missing)."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def measure(
    checkpoints: list[int], preset: str, bots: list[str], trace: int = 0, warmup: int = 0
) -> dict[str, object]:
    """Play ``max(checkpoints)`` games (seeds 0, 1, ...); the RSS and CPU time at each, and
    with ``trace`` the ``trace`` source lines whose allocations grew most from ``warmup``
    games to the end (``tracemalloc``, which slows the games down)."""
    from remi.simulate import play_game

    out = []
    start = time.process_time()
    played = 0
    first: Any = None
    if trace:
        tracemalloc.start(1)
    for mark in sorted(checkpoints):
        while played < mark:
            play_game(preset, played, bots)
            played += 1
            if trace and played == warmup:
                first = tracemalloc.take_snapshot()
        out.append({"games": mark, "rss": rss_mb(), "cpu": time.process_time() - start})
        # progress on stderr, which the parent passes through: a long run shows its
        # checkpoints as they come (its table is printed at the end)
        print(f"  {mark:>7,} games: {out[-1]['rss']:7.1f} MB", file=sys.stderr, flush=True)
    grew: list[str] = []
    if trace and first is not None:
        diff = tracemalloc.take_snapshot().compare_to(first, "lineno")
        grew = [str(d) for d in diff[:trace]]
    return {"marks": out, "grew": grew}


def slope(marks: list[dict[str, float]], warmup: int) -> float | None:
    """MB of RSS per 1,000 games after ``warmup`` games (least squares), or None with fewer
    than two samples there."""
    points = [(m["games"], m["rss"]) for m in marks if m["games"] >= warmup]
    if len(points) < 2:
        return None
    mean_x = sum(x for x, _ in points) / len(points)
    mean_y = sum(y for _, y in points) / len(points)
    sxx = sum((x - mean_x) ** 2 for x, _ in points)
    sxy = sum((x - mean_x) * (y - mean_y) for x, y in points)
    return 1000 * sxy / sxx


def main() -> None:
    """Print the RSS at each checkpoint (and the other interpreter's, with ``--vs``)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--checkpoints", default="2000,4000,8000")
    parser.add_argument("--preset", default="remi-pe-tabla")
    parser.add_argument("--bots", default="random", help="one kind for all 4 seats")
    parser.add_argument("--vs", default=None, help="another interpreter with remi installed")
    parser.add_argument("--games", type=int, default=0, help="with --every: games in all")
    parser.add_argument("--every", type=int, default=0, help="sample the RSS every N games")
    parser.add_argument("--warmup", type=int, default=0, help="games before the slope (G / 2)")
    parser.add_argument("--trace", type=int, default=0, help="print the K lines that grew most")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.every and args.games:
        args.checkpoints = ",".join(str(g) for g in range(args.every, args.games + 1, args.every))
    checkpoints = [int(c) for c in args.checkpoints.split(",")]
    warmup = args.warmup or max(checkpoints) // 2
    bots = [args.bots] * 4
    if args.worker:
        print(json.dumps(measure(checkpoints, args.preset, bots, args.trace, warmup)))
        return
    sides = {"this": sys.executable}
    if args.vs:
        sides["vs"] = args.vs
    command = [__file__, "--worker", "--checkpoints", args.checkpoints, "--preset", args.preset]
    command += ["--bots", args.bots, "--warmup", str(warmup)]
    runs: dict[str, list[dict[str, float]]] = {}
    grew: list[str] = []
    for name, python in sides.items():
        extra = ["--trace", str(args.trace)] if args.trace and name == "this" else []
        out = subprocess.run(
            [python, *command, *extra], check=True, stdout=subprocess.PIPE, text=True
        )
        result = json.loads(out.stdout.strip().splitlines()[-1])
        if isinstance(result, list):  # a --vs install whose worker predates the slope
            result = {"marks": result, "grew": []}
        runs[name] = result["marks"]
        grew = grew or result["grew"]
    print(f"{args.preset}, 4 {args.bots} bots, RSS after N games (one process per side):")
    for i, mark in enumerate(sorted(checkpoints)):
        row = f"  {mark:>6,} games: this {runs['this'][i]['rss']:7.1f} MB"
        if "vs" in runs:
            this, other = runs["this"][i]["rss"], runs["vs"][i]["rss"]
            row += f", vs {other:7.1f} MB, ratio this / vs {this / other:.2f}x"
        print(row)
    first, last = runs["this"][0], runs["this"][-1]
    print(
        f"  growth from {first['games']:,} to {last['games']:,} games: "
        f"{last['rss'] - first['rss']:+.1f} MB (this)"
        + (f", {runs['vs'][-1]['rss'] - runs['vs'][0]['rss']:+.1f} MB (vs)" if "vs" in runs else "")
    )
    for name, marks in runs.items():
        rate = slope(marks, warmup)
        if rate is not None:
            print(f"  slope after {warmup:,} games ({name}): {rate:+.2f} MB per 1,000 games")
    if grew:
        print(f"  allocations that grew most from {warmup:,} games to the end (tracemalloc):")
        for line in grew:
            print(f"    {line}")


if __name__ == "__main__":
    main()
