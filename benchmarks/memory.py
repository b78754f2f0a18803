"""Memory over a long simulation: resident set size after 2,000, 4,000 and 8,000 games.

Plays seeded 4-player Remi hands one after another in one process, as ``remi simulate`` does
(``remi.simulate.play_game``, random bots by default), and prints the process's resident set
size (RSS, ``VmRSS`` of ``/proc/self/status``; the peak ``ru_maxrss`` where there is no /proc)
after each checkpoint. Flat memory means the figure stops growing after the warm-up: every memo
cache of the move generator is bounded (``functools.lru_cache`` sizes, the opening search's
per-formation table emptied beyond ``remi.variants.remi_pe_tabla.opening_facts.FACTS_LIMIT``).

With ``--vs PYTHON`` the same games are also played by another install of remi (e.g. the code
before a change) in a fresh process, and each checkpoint is printed for both with the ratio, all
from the same run.

    python benchmarks/memory.py [--checkpoints 2000,4000,8000] [--preset remi-pe-tabla]
                                [--bots random] [--vs /path/to/other/venv/bin/python]
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import time


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


def measure(checkpoints: list[int], preset: str, bots: list[str]) -> list[dict[str, float]]:
    """Play ``max(checkpoints)`` games (seeds 0, 1, ...); the RSS and CPU time at each."""
    from remi.simulate import play_game

    out = []
    start = time.process_time()
    played = 0
    for mark in sorted(checkpoints):
        while played < mark:
            play_game(preset, played, bots)
            played += 1
        out.append({"games": mark, "rss": rss_mb(), "cpu": time.process_time() - start})
    return out


def main() -> None:
    """Print the RSS at each checkpoint (and the other interpreter's, with ``--vs``)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--checkpoints", default="2000,4000,8000")
    parser.add_argument("--preset", default="remi-pe-tabla")
    parser.add_argument("--bots", default="random", help="one kind for all 4 seats")
    parser.add_argument("--vs", default=None, help="another interpreter with remi installed")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    checkpoints = [int(c) for c in args.checkpoints.split(",")]
    bots = [args.bots] * 4
    if args.worker:
        print(json.dumps(measure(checkpoints, args.preset, bots)))
        return
    sides = {"this": sys.executable}
    if args.vs:
        sides["vs"] = args.vs
    command = [__file__, "--worker", "--checkpoints", args.checkpoints, "--preset", args.preset]
    command += ["--bots", args.bots]
    runs = {}
    for name, python in sides.items():
        out = subprocess.run([python, *command], check=True, capture_output=True, text=True)
        runs[name] = json.loads(out.stdout.strip().splitlines()[-1])
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


if __name__ == "__main__":
    main()
