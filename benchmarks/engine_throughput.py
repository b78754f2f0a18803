"""Random-legal play throughput of the Remi state machine (the engine's acceptance figure).

Plays seeded 4-player hands in which every action is drawn uniformly from ``legal_actions``,
through ``apply`` (which always checks), on one core, and prints hands per second, actions per
second and the share of hands that ended by a close. Target: at least 100 hands/s, aim 400.

With ``--vs PYTHON`` the same hands are also played by that interpreter (another install of
remi, e.g. a virtual environment of the code before a change), each side ``--repeat`` times in
alternation, each pass in a fresh process, and the ratio of the best CPU times is printed: both
figures come from the same run (the second round of speed work aims at 3x). ``--vs`` may be
given more than once (e.g. the code before the speed work and the main line): every interpreter
takes its turn in each round, and each ratio is printed.

    python benchmarks/engine_throughput.py [--hands 300] [--players 4] [--rules remi-pe-tabla]
                                           [--vs /path/to/other/venv/bin/python ...] [--repeat 3]
                                           [--vs-openspiel [/path/to/venv/bin/python]]

``--vs-openspiel`` compares with OpenSpiel's C++ gin rummy (``pyspiel``, 2 players) driven from
Python the same way: each player action drawn uniformly from ``legal_actions()``, each chance
outcome (the deal, a stock draw) by its probability; its steps are the player actions (the
chance outcomes are its dealing, as remi's deal is not an action either). Both sides run in
fresh processes, alternating, ``--repeat`` times; the ratio is of actions per CPU-second. The
peer may live in another interpreter (``pip install open_spiel`` in its own virtual
environment); without it the comparison is skipped with a message.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import time
from pathlib import Path

try:
    from remi.core.presets import load_rules
    from remi.variants.remi_pe_tabla.engine import apply
    from remi.variants.remi_pe_tabla.movegen import legal_actions
    from remi.variants.remi_pe_tabla.state import Phase, new_game
except ImportError:  # the layout before the families were split (a --vs interpreter)
    from remi.engine import apply, legal_actions  # type: ignore[no-redef]
    from remi.rules import load_rules  # type: ignore[no-redef]
    from remi.state import Phase, new_game  # type: ignore[no-redef]


def play(seed: int, players: int, rules) -> tuple[int, bool]:
    rng = random.Random(seed)
    state = new_game(rules, players, seed=seed)
    steps = 0
    while state.phase is not Phase.ENDED:
        state = apply(state, rng.choice(legal_actions(state)))
        steps += 1
    return steps, state.result is not None and state.result.closed_by is not None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=300)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--rules", default="remi-pe-tabla")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--vs", action="append", default=[], help="another interpreter with remi installed"
    )
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument(
        "--vs-openspiel",
        nargs="?",
        const=sys.executable,
        default=None,
        metavar="PYTHON",
        help="compare with OpenSpiel's gin rummy run by PYTHON (default: this interpreter)",
    )
    args = parser.parse_args()
    if args.vs_openspiel:
        compare_openspiel(args)
        return
    if args.vs:
        compare(args)
        return
    rules = load_rules(args.rules)
    play(10**6, args.players, rules)  # warm caches and imports
    start = time.perf_counter()
    cpu_start = time.process_time()
    steps = closes = 0
    for i in range(args.hands):
        s, closed = play(args.seed + i, args.players, rules)
        steps += s
        closes += closed
    elapsed = time.perf_counter() - start
    cpu = time.process_time() - cpu_start
    if args.worker:
        print(json.dumps({"cpu": cpu, "steps": steps}))
        return
    print(
        f"{args.hands} random-legal {args.players}-player hands of {args.rules} in {elapsed:.2f} s: "
        f"{args.hands / elapsed:.1f} hands/s, {steps / elapsed:,.0f} actions/s, "
        f"{steps / args.hands:.0f} actions/hand, {closes / args.hands:.0%} closed; "
        f"CPU time {cpu:.2f} s = {args.hands / cpu:.1f} hands per CPU-second"
    )


def compare(args: argparse.Namespace) -> None:
    """Play the hands with this interpreter and with each of ``args.vs``, alternating, in fresh
    processes; print each side's best pass and each ratio."""
    command = [
        __file__,
        "--worker",
        "--hands",
        str(args.hands),
        "--players",
        str(args.players),
        "--rules",
        args.rules,
        "--seed",
        str(args.seed),
    ]
    sides = {"this": sys.executable}
    for number, python in enumerate(args.vs, start=1):
        sides[f"vs{number}" if len(args.vs) > 1 else "vs"] = python
    best: dict[str, dict[str, float]] = {}
    for _ in range(args.repeat):
        for name, python in sides.items():
            out = subprocess.run(
                [python, *command], check=True, capture_output=True, text=True
            ).stdout
            result = json.loads(out.strip().splitlines()[-1])
            if name not in best or result["cpu"] < best[name]["cpu"]:
                best[name] = result
    for name, python in sides.items():
        r = best[name]
        print(
            f"{name} ({python}): {args.hands} random-legal {args.players}-player hands, best of "
            f"{args.repeat}: {args.hands / r['cpu']:.1f} hands per CPU-second, "
            f"{r['steps'] / r['cpu']:,.0f} actions per CPU-second"
        )
    for name in sides:
        if name != "this":
            ratio = best[name]["cpu"] / best["this"]["cpu"]
            print(f"ratio this / {name}: {ratio:.2f}x (target >= 3)")


def compare_openspiel(args: argparse.Namespace) -> None:
    """remi's random-legal hands (this interpreter) against OpenSpiel's gin rummy (``args.
    vs_openspiel``), alternating in fresh processes; each side's best pass and the ratio of
    actions per CPU-second. Says why and returns when ``pyspiel`` is missing there."""
    common = ["--hands", str(args.hands), "--seed", str(args.seed)]
    remi_command = [sys.executable, __file__, "--worker", *common]
    remi_command += ["--players", str(args.players), "--rules", args.rules]
    peer = str(Path(__file__).with_name("openspiel_gin.py"))  # runs without remi installed
    peer_command = [args.vs_openspiel, peer, *common]
    best: dict[str, dict[str, float]] = {}
    for _ in range(args.repeat):
        for name, command in (("remi", remi_command), ("openspiel", peer_command)):
            out = subprocess.run(command, check=True, capture_output=True, text=True).stdout
            result = json.loads(out.strip().splitlines()[-1])
            if "missing" in result:
                print(
                    f"skipped: OpenSpiel is not installed for {args.vs_openspiel} "
                    f"({result['missing']}); `pip install open_spiel` there (a virtual "
                    "environment of its own will do) and pass its python to --vs-openspiel"
                )
                return
            if name not in best or result["cpu"] < best[name]["cpu"]:
                best[name] = result
    rate = {name: r["steps"] / r["cpu"] for name, r in best.items()}
    print(
        f"remi ({sys.executable}): {args.hands} random-legal {args.players}-player hands of "
        f"{args.rules}, best of {args.repeat}: {args.hands / best['remi']['cpu']:.1f} hands "
        f"per CPU-second, {rate['remi']:,.0f} actions per CPU-second"
    )
    print(
        f"openspiel gin_rummy ({args.vs_openspiel}): {args.hands} random-legal 2-player hands, "
        f"best of {args.repeat}: {args.hands / best['openspiel']['cpu']:.1f} hands per "
        f"CPU-second, {rate['openspiel']:,.0f} player actions per CPU-second"
    )
    print(
        f"ratio remi / openspiel (actions per CPU-second): {rate['remi'] / rate['openspiel']:.2f}x"
    )


if __name__ == "__main__":
    main()
