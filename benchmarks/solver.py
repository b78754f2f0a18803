"""Time the Rummikub best-move solver on a fixed corpus.

60 positions from seed 12345: a table of random valid sets of 20-60 tiles dealt from one 106-tile
set, a rack of 14-20 random tiles from the rest. Reports median, p90 and max per objective in
milliseconds (one core), wall clock and process CPU time (``time.process_time``, which a shared
machine disturbs less), for the whole best move (objective, then the fewest changed table sets
within the default tie-break budget) and for the objective alone (``tie_break_states=0``, what
rummikub-solver computes: it has no minimal-disruption objective). Before every solve the memo
caches of formations read from given tiles (and of the number sweep) are emptied
(``clear_memos``), so each position is timed as a first solve; with ``--repeat N`` each position
is solved N times and the fastest is kept, which takes out most of a shared machine's noise.
Every answer is checked with ``verify_move``; a position whose solve exceeds ``--budget`` seconds
raises ``SolverBudgetExceeded``, is counted as such and timed at the budget (so the max shows
it). When ``rummikub_solver`` (PyPI rummikub-solver) is importable, times it on the same
positions (the fastest of ``--repeat`` too) and prints the ratio; its backend is GLPK
(``GLPK_MI``, which needs ``cvxopt``) when installed, else its default (HiGHS). The two are timed
alternately, solve by solve (remi's solve of a position, then the peer's, ``--repeat`` times,
then the next position; in the first mode of ``--modes``), so that a change of the shared
machine's load in the middle of a run falls on both sides alike rather than on one corpus pass.

Answers: in the full mode each position's best value and changed-set count are compared with
those recorded in ``benchmarks/solver_answers.json``: ``before`` (the solver before rack jokers
were valued exactly; ``null`` where it exceeded the 10 s budget) and ``exact`` (an unbounded
tie-break, no time budget); fewer changed sets than ``before`` at the same value are listed
apart (every answer passes ``verify_move``, so ``before`` was not the fewest there), any other
difference is printed as such and counted at the end. ``--check`` solves every position again
with an unbounded tie-break and compares (``check_exact``). The ratios to rummikub-solver are
of median CPU time and median wall clock.

With ``--corpus hard``, 40 positions from seed 2468 (``hard_corpus``): tables of 64-90 tiles,
racks of 14-29 tiles, both jokers in play, half the positions with a joker on the rack and one
on the table.

    python benchmarks/solver.py [--corpus standard|hard] [--positions 60] [--seed 12345]
                                [--budget SECONDS] [--only I,J] [--modes full,objective]
                                [--repeat N] [--verbose] [--check]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path

from remi.core.candidates import candidate_formations
from remi.core.formations import Formation, _cached_readings, _formation_slots
from remi.core.tiles import FULL_SET, Tile
from remi.variants.rummikub.solvers import _dp as _rk_dp
from remi.variants.rummikub.solvers import _steps as _rk_steps
from remi.variants.rummikub.solvers.best_move import (
    TIE_BREAK_STATES,
    MoveRules,
    SolverBudgetExceeded,
    best_move,
    verify_move,
)

RULES = MoveRules()
#: Answers recorded before rack jokers were valued exactly: corpus -> objective -> per
#: position [value, changed sets] (full mode) or ``None`` (over the 10 s budget).
ANSWERS = Path(__file__).with_name("solver_answers.json")


def corpus(seed: int = 12345, count: int = 60) -> list[tuple[list[Formation], list[Tile]]]:
    """The fixed corpus: (table sets, rack) pairs."""
    rnd = random.Random(seed)
    out = []
    for _ in range(count):
        tiles = list(FULL_SET)
        rnd.shuffle(tiles)
        pool = Counter(tiles)
        target = rnd.randint(20, 60)
        table: list[Formation] = []
        size = 0
        cands = candidate_formations(pool.elements(), RULES.formation_rules)
        rnd.shuffle(cands)
        for f in cands:
            if size >= target:
                break
            if size + len(f) > 60:
                continue
            need = Counter(f.tiles)
            if any(pool[t] < k for t, k in need.items()):
                continue
            pool -= need
            table.append(f)
            size += len(f)
        rest = list(pool.elements())
        rnd.shuffle(rest)
        rack = rest[: rnd.randint(14, 20)]
        out.append((table, rack))
    return out


def hard_corpus(seed: int = 2468, count: int = 40) -> list[tuple[list[Formation], list[Tile]]]:
    """The hard corpus: tables of 64-90 tiles, racks of 14-29 tiles, both jokers in play.

    Position ``i`` puts its jokers by ``i % 4``: one on the table and one on the rack, both on
    the table, one on the rack (the other in the pool), one on the table and one on the rack
    again; so half the positions hold a rack joker and a table joker together, the case where
    the points objective used to value the rack joker above its worth.
    """
    rnd = random.Random(seed)
    joker = next(t for t in FULL_SET if t.is_joly)
    split = [(1, 1), (2, 0), (0, 1), (1, 1)]
    out = []
    for index in range(count):
        on_table, on_rack = split[index % 4]
        numbered = [t for t in FULL_SET if not t.is_joly]
        rnd.shuffle(numbered)
        pool = Counter(numbered)
        target = rnd.randint(64, 90)
        table: list[Formation] = []
        size = 0
        jokers_left = on_table
        while size < target:
            cands = [
                f
                for f in candidate_formations(
                    list(pool.elements()) + [joker] * jokers_left, RULES.formation_rules
                )
                if size + len(f) <= 90
                and (jokers_left == 0 or f.joly_count > 0)  # the table's jokers go first
            ]
            if not cands:
                break
            f = rnd.choice(cands)
            need = Counter(t for t in f.tiles if not t.is_joly)
            pool -= need
            jokers_left -= f.joly_count
            table.append(f)
            size += len(f)
        rest = list(pool.elements())
        rnd.shuffle(rest)
        rack = rest[: rnd.randint(14, 29) - on_rack] + [joker] * on_rack
        out.append((table, rack))
    return out


def _stats(times: list[float]) -> str:
    times = sorted(times)
    p90 = times[min(len(times) - 1, int(round(0.9 * (len(times) - 1))))]
    return (
        f"median {statistics.median(times):8.2f} ms   p90 {p90:8.2f} ms   max {times[-1]:8.2f} ms"
    )


def clear_memos() -> None:
    """Empty the memo caches of ``remi`` that remember formations read from given tiles and the
    number sweep's tables of given tile counts, so that no solve profits from an earlier solve of
    the same position (the caches of whole-rule tables, the same for every position, stay)."""
    _formation_slots.cache_clear()
    _cached_readings.cache_clear()
    for memo in (_rk_steps._OPTIONS_CACHE, _rk_steps._GROUP_CACHE, _rk_dp._DOMINATES):
        memo.clear()


def time_remi(
    positions: list[tuple[list[Formation], list[Tile]]],
    objective: str,
    budget: float,
    verbose: bool = False,
    tie_break_states: int = TIE_BREAK_STATES,
    repeat: int = 1,
    answers: list[list[int] | None] | None = None,
    peer: Callable[[int], tuple[float, float]] | None = None,
    peer_times: tuple[list[float], list[float]] | None = None,
) -> tuple[list[float], list[float], int]:
    """Wall-clock and CPU milliseconds per position (the fastest of ``repeat`` solves, each
    after ``clear_memos``), and how many exceeded the budget; each answer is appended to
    ``answers`` when given ([value, changed sets], ``None`` over budget). With ``peer`` (a
    solve of position ``index`` by another solver, returning its wall-clock and CPU
    milliseconds), it runs after each of remi's solves, and the fastest of its ``repeat`` per
    position is appended to ``peer_times`` (wall, CPU)."""
    times: list[float] = []
    cpu: list[float] = []
    exceeded = 0
    for index, (table, rack) in enumerate(positions):
        fastest, fastest_cpu = float("inf"), float("inf")
        peer_fastest = peer_fastest_cpu = float("inf")
        over = False
        for _ in range(repeat):
            if peer is not None:
                wall, used = peer(index)
                peer_fastest, peer_fastest_cpu = (
                    min(peer_fastest, wall),
                    min(peer_fastest_cpu, used),
                )
            clear_memos()
            start, start_cpu = time.perf_counter(), time.process_time()
            try:
                move = best_move(
                    table,
                    rack,
                    initial=False,
                    objective=objective,
                    rules=RULES,
                    budget_seconds=budget,
                    tie_break_states=tie_break_states,
                )
            except SolverBudgetExceeded:
                move = None
                over = True
            fastest = min(fastest, (time.perf_counter() - start) * 1000)
            fastest_cpu = min(fastest_cpu, (time.process_time() - start_cpu) * 1000)
        exceeded += over
        times.append(fastest)
        cpu.append(fastest_cpu)
        if peer is not None and peer_times is not None:
            peer_times[0].append(peer_fastest)
            peer_times[1].append(peer_fastest_cpu)
        if move is not None:
            verify_move(table, rack, move, initial=False, rules=RULES)
        if answers is not None:
            answers.append(
                None
                if move is None
                else [
                    move.tiles_placed if objective == "tiles" else move.points_placed,
                    move.changed_sets,
                ]
            )
        if verbose:
            value = (
                "budget"
                if move is None
                else (move.tiles_placed if objective == "tiles" else move.points_placed)
            )
            changed = "-" if move is None else move.changed_sets
            print(
                f"  {objective} #{index}: {times[-1]:9.1f} ms  cpu {cpu[-1]:9.1f} ms  value {value}"
                f"  changed sets {changed}",
                flush=True,
            )
    return times, cpu, exceeded


def rummikub_solver_peer(
    positions: list[tuple[list[Formation], list[Tile]]], objective: str
) -> tuple[Callable[[int], tuple[float, float]], str] | None:
    """A solve of position ``index`` by rummikub-solver (its wall-clock and CPU milliseconds)
    and its backend's name, or ``None`` when it is not installed. The positions are converted to
    its tiles first, outside the timing."""
    try:
        import rummikub_solver as rs
    except ImportError:
        return None
    glpk = rs.MILPSolver.GLPK_MI
    backend = glpk if glpk in rs.MILPSolver.supported() else None
    ruleset = rs.RuleSet(solver_backend=backend)
    tile_map = {}
    for t in ruleset.tiles:
        if isinstance(t, rs.Joker):
            tile_map["J"] = t
        else:
            tile_map[f"{'RYBK'[list(rs.Colour).index(t.colour)]}{t.value}"] = t  # type: ignore[attr-defined]
    mode = rs.SolverMode.TILE_COUNT if objective == "tiles" else rs.SolverMode.TOTAL_VALUE
    states = []
    for table, rack in positions:
        state = ruleset.new_game()
        state.add_table(*(tile_map[str(t)] for f in table for t in f.tiles))
        state.add_rack(*(tile_map[str(t)] for t in rack))
        state.initial = False
        states.append(state)

    def solve(index: int) -> tuple[float, float]:
        start, start_cpu = time.perf_counter(), time.process_time()
        ruleset.solve(states[index], mode)
        return (time.perf_counter() - start) * 1000, (time.process_time() - start_cpu) * 1000

    return solve, "GLPK" if backend is not None else "HiGHS (its default; cvxopt absent)"


def _compare(
    answers: list[list[int] | None], before: list[list[int] | None], objective: str
) -> int:
    """Print how the answers compare with those recorded (``ANSWERS``): the same, newly
    settled (the recorded solve exceeded its budget), fewer changed sets at the same value
    (every answer passed ``verify_move``, so the recorded one was not the fewest), or otherwise
    different (listed: a regression). Returns the number of regressions."""
    same = sum(1 for a, b in zip(answers, before) if a == b)
    settled = sum(1 for a, b in zip(answers, before) if b is None and a is not None)
    fewer = [
        f"#{i} {b[1]} -> {a[1]}"
        for i, (a, b) in enumerate(zip(answers, before))
        if a is not None and b is not None and a[0] == b[0] and a[1] < b[1]
    ]
    worse = [
        f"#{i} {b} -> {a}"
        for i, (a, b) in enumerate(zip(answers, before))
        if b is not None and a != b and not (a is not None and a[0] == b[0] and a[1] < b[1])
    ]
    print(
        f"answers vs {objective:6s}  same {same}/{len(answers)}, settled where the recorded solve "
        f"was over budget {settled}, fewer changed sets {len(fewer)}"
        + (f" ({', '.join(fewer)})" if fewer else "")
        + f", different {len(worse)}"
        + (f": {', '.join(worse)}" if worse else "")
    )
    return len(worse)


def check_exact(
    positions: list[tuple[list[Formation], list[Tile]]],
    objective: str,
    answers: list[list[int] | None],
) -> list[int]:
    """The indices of the positions whose answer (``time_remi``'s, at the default tie-break
    budget) differs from the one with an unbounded tie-break and no time budget, which always
    finishes its proof of the fewest changed sets (docs/solvers.md, "The tie-break"): the
    default budget settles a position exactly when the two agree."""
    differ = []
    for index, (table, rack) in enumerate(positions):
        move = best_move(
            table, rack, initial=False, objective=objective, rules=RULES, tie_break_states=10**15
        )
        got = (
            None
            if move is None
            else [
                move.tiles_placed if objective == "tiles" else move.points_placed,
                move.changed_sets,
            ]
        )
        if got != answers[index]:
            print(f"  {objective} #{index}: default budget {answers[index]}, unbounded {got}")
            differ.append(index)
    return differ


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=None, help="default 60 (hard: 40)")
    parser.add_argument(
        "--corpus",
        default="standard",
        choices=("standard", "hard"),
        help="standard: tables of 20-60 tiles, racks of 14-20; hard: tables of 64-90 tiles, "
        "racks of 14-29, both jokers in play (hard_corpus)",
    )
    parser.add_argument("--seed", type=int, default=12345)
    parser.add_argument(
        "--budget", type=float, default=10.0, help="seconds per solve before giving up"
    )
    parser.add_argument("--only", default="", help="comma-separated position indices")
    parser.add_argument("--verbose", action="store_true", help="one line per position")
    parser.add_argument(
        "--repeat",
        type=int,
        default=1,
        help="solve each position this many times and keep the fastest (a noisy machine; "
        "rummikub-solver too)",
    )
    parser.add_argument(
        "--check",
        action="store_true",
        help="also solve every position with an unbounded tie-break and compare (check_exact)",
    )
    parser.add_argument(
        "--modes",
        default="full,objective",
        help="full (objective then fewest changed sets) and/or objective (tie-break skipped)",
    )
    args = parser.parse_args()
    if args.positions is None:
        args.positions = 40 if args.corpus == "hard" else 60
    for option, value in (("--positions", args.positions), ("--repeat", args.repeat)):
        if value < 1:
            parser.error(f"{option} {value}: give 1 or more")
    modes = [m.strip() for m in args.modes.split(",") if m.strip()]
    if not modes or any(m not in ("full", "objective") for m in modes):
        parser.error(f"--modes {args.modes!r}: give full, objective or full,objective")
    if args.corpus == "hard":
        positions = hard_corpus(args.seed if args.seed != 12345 else 2468, args.positions)
    else:
        positions = corpus(args.seed, args.positions)
    if args.only:
        try:
            chosen = [int(i) for i in args.only.split(",")]
        except ValueError:
            parser.error(f"--only {args.only!r}: give position indices such as 3,14")
        if any(not 0 <= i < len(positions) for i in chosen):
            parser.error(f"--only {args.only!r}: indices run from 0 to {len(positions) - 1}")
        positions = [positions[i] for i in chosen]
    sizes = [sum(len(f) for f in t) for t, _ in positions]
    print(
        f"corpus: {len(positions)} positions, table {min(sizes)}-{max(sizes)} tiles, "
        f"jokers in {sum(1 for t, r in positions if any(x.is_joly for f in t for x in f.tiles) or any(x.is_joly for x in r))}"
    )
    recorded = None
    if not args.only and args.seed == 12345 and ANSWERS.exists():
        recorded = json.loads(ANSWERS.read_text())[args.corpus]
    regressions = 0
    for objective in ("tiles", "points"):
        medians: dict[str, tuple[float, float]] = {}  # mode -> (median CPU, median wall) ms
        peer = rummikub_solver_peer(positions, objective)
        theirs: list[float] = []
        theirs_cpu: list[float] = []
        for step, mode in enumerate(modes):
            states = TIE_BREAK_STATES if mode == "full" else 0
            label = f"remi {mode:9s}"
            answers: list[list[int] | None] = []
            ours, cpu, exceeded = time_remi(
                positions,
                objective,
                args.budget,
                args.verbose,
                tie_break_states=states,
                repeat=args.repeat,
                answers=answers,
                peer=peer[0] if peer is not None and step == 0 else None,
                peer_times=(theirs, theirs_cpu),
            )
            print(f"{label}      {objective:6s}  {_stats(ours)}   over budget: {exceeded}")
            print(f"{label} cpu  {objective:6s}  {_stats(cpu)}")
            medians[mode] = (statistics.median(cpu), statistics.median(ours))
            if mode == "full" and recorded is not None:
                for name in ("before", "exact"):
                    if objective in recorded.get(name, {}):
                        regressions += _compare(
                            answers,
                            recorded[name][objective][: len(answers)],
                            f"{name} {objective}",
                        )
            if mode == "full" and args.check:
                differ = check_exact(positions, objective, answers)
                print(
                    f"tie-break exact       {objective:6s}  the default budget equals the "
                    f"unbounded tie-break in {len(positions) - len(differ)}/{len(positions)}"
                )
                regressions += len(differ)
        if peer is not None:
            backend = peer[1]
            print(f"rummikub-solver      {objective:6s}  {_stats(theirs)}   backend {backend}")
            print(f"rummikub-solver cpu  {objective:6s}  {_stats(theirs_cpu)}")
            for mode, (our_cpu, our_wall) in medians.items():
                print(
                    f"ratio remi {mode:9s} / rummikub-solver  {objective:6s}  median cpu "
                    f"{our_cpu / statistics.median(theirs_cpu):.2f}, median wall "
                    f"{our_wall / statistics.median(theirs):.2f} (target: at most 0.5)"
                )
    if regressions:
        print(f"ANSWERS DIFFER: {regressions} (listed above)")


if __name__ == "__main__":
    main()
