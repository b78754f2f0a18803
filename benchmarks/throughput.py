"""4-player Remi hands per second with bots, on one core and over local processes.

Each hand is played by ``remi.bots.play_hand`` (every bot receives only its ``view``), for the
``random``, ``greedy`` and ``solver`` bots, then the same batch for one kind with ``--jobs 2``
in batches over a ``ProcessPoolExecutor`` as ``remi.simulate`` does (workers report their CPU
time). Wall-clock and CPU time (``time.process_time``) are both printed: the machine may be
shared, and hands per CPU-second is the figure that does not depend on other load. With
``--repeat N`` each one-core batch is played N times, each pass in a newly spawned process (so
no pass replays another's memo caches), and the fastest pass is reported (the machine's own
speed may vary by a quarter from one minute to the next). Targets: random >= 100 hands/s (aim
400), greedy >= 50 hands/s, ``--jobs 2`` close to twice one job.

    python benchmarks/throughput.py [--hands 300] [--bots random,greedy,solver] [--jobs 2]
                                    [--jobs-bot greedy] [--repeat N]
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import time
from concurrent.futures import ProcessPoolExecutor

from remi.bots import make_bot, play_hand
from remi.core.presets import load_rules
from remi.simulate import bot_seed, play_batch, simulate
from remi.variants.remi_pe_tabla.state import new_game


def one_pass(kind: str, hands: int, seed: int, preset: str) -> tuple[float, float]:
    """Wall and CPU seconds for ``hands`` 4-player hands of ``kind`` bots, in this process."""
    rules = load_rules(preset)
    start, cpu = time.perf_counter(), time.process_time()
    for i in range(seed, seed + hands):
        bots = [make_bot(kind, bot_seed(i, s)) for s in range(4)]
        play_hand(new_game(rules, 4, seed=i), bots)
    return time.perf_counter() - start, time.process_time() - cpu


def fresh_pass(kind: str, hands: int, seed: int, preset: str) -> tuple[float, float]:
    """``one_pass`` in a freshly started interpreter (no memo cache of an earlier pass), after
    the same warm-up as ``main``'s."""
    one_pass("greedy", 3, 10**6, preset)
    return one_pass(kind, hands, seed, preset)


def one_core(kind: str, hands: int, seed: int, preset: str, repeat: int = 1) -> tuple[float, float]:
    """Wall and CPU seconds for ``hands`` 4-player hands of ``kind`` bots: one pass in this
    process, or with ``repeat`` above 1 the fastest of that many passes over the same hands, each
    in a newly spawned process (one at a time), so that none replays what another computed."""
    if repeat == 1:
        return one_pass(kind, hands, seed, preset)
    context = multiprocessing.get_context("spawn")
    best_wall = best_cpu = float("inf")
    for _ in range(repeat):
        with ProcessPoolExecutor(max_workers=1, mp_context=context) as pool:
            wall, cpu = pool.submit(fresh_pass, kind, hands, seed, preset).result()
        best_wall, best_cpu = min(best_wall, wall), min(best_cpu, cpu)
    return best_wall, best_cpu


def timed_batch(preset: str, seeds: list[int], kind: str) -> float:
    """CPU seconds a worker spends on ``remi.simulate.play_batch`` for ``seeds``."""
    cpu = time.process_time()
    play_batch(preset, seeds, [kind] * 4)
    return time.process_time() - cpu


def jobs_run(preset: str, hands: int, seed: int, kind: str, jobs: int) -> float:
    """Play ``hands`` hands in batches over ``jobs`` processes (as ``simulate`` does); the
    workers' CPU seconds."""
    size = max(1, hands // (jobs * 4))
    seeds = list(range(seed, seed + hands))
    context = multiprocessing.get_context(
        "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else None
    )
    with ProcessPoolExecutor(max_workers=jobs, mp_context=context) as pool:
        futures = [
            pool.submit(timed_batch, preset, seeds[i : i + size], kind)
            for i in range(0, hands, size)
        ]
        return sum(f.result() for f in futures)


def main() -> None:
    """Measure and print the figures."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--hands", type=int, default=300)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--rules", default="remi-pe-tabla")
    parser.add_argument("--bots", default="random,greedy,solver")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--jobs-bot", default="greedy")
    parser.add_argument(
        "--repeat",
        type=int,
        default=1,
        help="play each one-core batch this many times, each in a new process, and keep the "
        "fastest (a noisy shared machine)",
    )
    args = parser.parse_args()
    for option, value in (("--hands", args.hands), ("--repeat", args.repeat)):
        if value < 1:
            parser.error(f"{option} {value}: give 1 or more")
    one_pass("greedy", 3, 10**6, args.rules)  # warm imports and caches
    # every measurement gets its own seeds: the engine's caches (and forked workers, which
    # inherit them) must not replay hands already seen
    for k, kind in enumerate(args.bots.split(",")):
        wall, cpu = one_core(
            kind, args.hands, args.seed + 100_000 * (k + 1), args.rules, args.repeat
        )
        print(
            f"{kind:>7}: {args.hands} hands in {wall:.2f} s = {args.hands / wall:6.1f} hands/s; CPU {cpu:.2f} s = {args.hands / cpu:6.1f} hands per CPU-second"
        )
    start = time.perf_counter()
    simulate(
        [args.rules],
        games=args.hands,
        seed=args.seed + 10_000_000,
        bots=[args.jobs_bot] * 4,
        jobs=1,
    )
    wall1 = time.perf_counter() - start
    start = time.perf_counter()
    workers_cpu = jobs_run(args.rules, args.hands, args.seed + 20_000_000, args.jobs_bot, args.jobs)
    wall = time.perf_counter() - start
    print(
        f"{args.jobs_bot:>7} --jobs {args.jobs}: {args.hands / wall:6.1f} hands/s "
        f"({wall:.2f} s; --jobs 1 through remi.simulate {args.hands / wall1:.1f} hands/s, speed-up {wall1 / wall:.2f}x; "
        f"worker CPU {workers_cpu:.2f} s, i.e. {workers_cpu / wall:.2f} cores busy on average; load average {os.getloadavg()[0]:.1f})"
    )


if __name__ == "__main__":
    main()
