"""Every move of the Rummikub best-move solver of two checkouts, compared.

Both corpora of ``benchmarks/solver.py`` (60 standard positions, 40 hard), both objectives,
the whole move and the objective alone (``tie_break_states=0``): 400 solves per checkout, each
after ``clear_memos``. Each move is written down in full (tiles and points placed, changed
sets, the new table's sets with their jokers' identities, the placed tiles, the meld, the edits
in words); a speed change that must not change any answer shows 0 differences. A worker process
per checkout (this file with ``--worker REPO``, importing ``remi`` and the benchmark from that
checkout) prints its moves as JSON.

    python benchmarks/solver_fingerprint.py --base /work/main [--base-python PYTHON]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import subprocess
import sys
from pathlib import Path

from solver_pair import two_checkouts

HERE = Path(__file__).resolve().parent


def worker(repo: str) -> None:
    """Print ``{key: move}`` as JSON for ``repo``'s solver (key ``corpus/objective/mode/i``)."""
    sys.path[:0] = [repo, str(Path(repo) / "benchmarks")]
    import solver as bench  # the checkout's own benchmark module

    from remi.variants.rummikub.solvers.best_move import best_move

    out: dict[str, object] = {}
    for name, positions in (("standard", bench.corpus()), ("hard", bench.hard_corpus())):
        for objective in ("tiles", "points"):
            for mode, states in (("full", bench.TIE_BREAK_STATES), ("objective", 0)):
                for index, (table, rack) in enumerate(positions):
                    bench.clear_memos()
                    move = best_move(
                        table,
                        rack,
                        initial=False,
                        objective=objective,
                        rules=bench.RULES,
                        tie_break_states=states,
                    )
                    out[f"{name}/{objective}/{mode}/{index}"] = (
                        None
                        if move is None
                        else [
                            move.tiles_placed,
                            move.points_placed,
                            move.changed_sets,
                            [str(f) for f in move.table],
                            [[str(i) for i in f.identities] for f in move.table],
                            [str(t) for t in move.placed],
                            [str(f) for f in move.meld],
                            list(move.edits),
                        ]
                    )
    print(json.dumps(out, sort_keys=True))


def _moves(python: str, repo: Path) -> dict[str, object]:
    """The moves of ``repo``'s solver, run by ``python``."""
    done = subprocess.run(
        [python, str(Path(__file__).resolve()), "--worker", str(repo)],
        check=True,
        capture_output=True,
        text=True,
    )
    moves: dict[str, object] = json.loads(done.stdout)
    return moves


def main() -> None:
    args = two_checkouts(argparse.ArgumentParser(description=__doc__.splitlines()[0]), worker)
    if args is None:
        return
    this = _moves(sys.executable, HERE.parent)
    base = _moves(args.base_python, Path(args.base).resolve())
    for name, moves in (("this", this), ("base", base)):
        digest = hashlib.sha256(json.dumps(moves, sort_keys=True).encode()).hexdigest()[:16]
        print(f"{name}: {len(moves)} moves, fingerprint {digest}")
    differ = sorted(k for k in this.keys() | base.keys() if this.get(k) != base.get(k))
    for key in differ[:20]:
        print(f"  differs: {key}")
    print(f"different moves: {len(differ)} of {len(this.keys() | base.keys())}")
    sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
