"""Benchmark of the exact best-opening solver (remi.variants.remi_pe_tabla.solvers.best_opening).

Draws N seeded random 15-tile racks from the 106-tile set and times ``best_opening`` on each
(one call per rack, wall-clock ``time.perf_counter``), then a variant with 16 tiles: a 15-tile
rack plus one more tile from the rest of the set as the taken șir tile (``must_include``).
Prints median, 95th percentile and maximum in milliseconds, and how many racks had an opening.

    python benchmarks/opening_solver.py            # N = 2000
    python benchmarks/opening_solver.py --quick    # N = 300
    python benchmarks/opening_solver.py -n 5000 --seed 7 --rules remi-50
    python benchmarks/opening_solver.py --gc-off   # without garbage-collector pauses

Targets: median under 1 ms, 95th percentile under 5 ms.
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import time

from remi.core.presets import load_rules
from remi.core.tiles import FULL_SET, Tile
from remi.variants.remi_pe_tabla.rules import RemiRules
from remi.variants.remi_pe_tabla.solvers import best_opening


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return ordered[index]


def _run(label: str, cases: list[tuple[list[Tile], Tile | None]], rules: RemiRules) -> None:
    times: list[float] = []
    found = 0
    jolys: dict[int, list[float]] = {}
    for rack, take in cases:
        start = time.perf_counter()
        plan = best_opening(rack, rules, must_include=take)
        elapsed = (time.perf_counter() - start) * 1000.0
        times.append(elapsed)
        found += plan is not None
        count = sum(t.is_joly for t in rack) + (1 if take is not None and take.is_joly else 0)
        jolys.setdefault(count, []).append(elapsed)
    print(
        f"{label}: n={len(times)}  median {statistics.median(times):.3f} ms  "
        f"p95 {_percentile(times, 0.95):.3f} ms  max {max(times):.3f} ms  "
        f"(opening found for {found})"
    )
    for count in sorted(jolys):
        part = jolys[count]
        print(
            f"    {count} joly: n={len(part)}  median {statistics.median(part):.3f} ms  "
            f"p95 {_percentile(part, 0.95):.3f} ms  max {max(part):.3f} ms"
        )


def main() -> None:
    """Parse the options, build the seeded racks, time both variants and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, default=2000, help="racks per variant (default 2000)")
    parser.add_argument("--quick", action="store_true", help="300 racks per variant")
    parser.add_argument("--seed", type=int, default=12345, help="random seed (default 12345)")
    parser.add_argument(
        "--rules", default="remi-pe-tabla", help="rule preset (default remi-pe-tabla)"
    )
    parser.add_argument(
        "--gc-off",
        action="store_true",
        help="disable the garbage collector while timing (shows GC pauses)",
    )
    args = parser.parse_args()
    n = 300 if args.quick else args.n
    rules = load_rules(args.rules)
    assert isinstance(rules, RemiRules), f"{args.rules} is not a Remi preset"
    rng = random.Random(args.seed)
    plain: list[tuple[list[Tile], Tile | None]] = []
    taken: list[tuple[list[Tile], Tile | None]] = []
    for _ in range(n):
        plain.append((rng.sample(FULL_SET, 15), None))
    for _ in range(n):
        drawn = rng.sample(FULL_SET, 16)
        taken.append((drawn[:15], drawn[15]))
    best_opening(plain[0][0], rules)  # warm-up: imports and the first engine
    if args.gc_off:
        gc.collect()
        gc.disable()
    print(f"rules {rules.name}, seed {args.seed}{', gc off' if args.gc_off else ''}")
    _run("15 tiles", plain, rules)
    _run("15 tiles + taken tile (must_include)", taken, rules)


if __name__ == "__main__":
    main()
