"""Running a simulation: batches of hands over this process, local processes or a Dask cluster.

Each batch is one arm's rule contents (``Arm.as_tuple``, never a path), a run of deal seeds, the
bots and the rule ids whose exposure is counted. Results are sorted by arm and seed, so every way
of running gives the same report. Batch sizes follow the number of workers (about four batches
per worker, at most 50 hands). A Dask cluster's workers must run the same program version.
"""

from __future__ import annotations

import math
import multiprocessing
import multiprocessing.context
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import Any

from remi.core.errors import RemiError
from remi.core.messages import N_
from remi.simulate.arms import Arm
from remi.simulate.game import play_batch

__all__ = [
    "Batch",
    "Progress",
    "SimulationError",
    "batch_size_for",
    "check_worker_versions",
    "dask_client",
    "program_version",
    "run_batches",
    "worker_version",
]

#: Progress callback: ``progress(games_done, games_total)``.
Progress = Callable[[int, int], None]
#: One unit of work: the arm's plain tuple, the seeds, the bots, the exposure rule ids.
Batch = tuple[tuple[Any, ...], tuple[int, ...], tuple[str, ...], tuple[str, ...]]


class SimulationError(RemiError, ValueError):
    """Bad simulation input (game count, bot list, seats), a missing optional extra, an
    unreachable scheduler or a Dask worker running another program version."""


def program_version() -> str:
    """This program's version (``remi-rummy`` as installed), compared with every Dask worker's."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("remi-rummy")
    except PackageNotFoundError:
        return "unknown"


def worker_version() -> str:
    """The version a worker runs (``program_version``, run on the worker by ``Client.run``)."""
    return program_version()


def check_worker_versions(versions: dict[str, str], mine: str) -> None:
    """Refuse a cluster with a worker of another version.

    Raises:
        SimulationError: naming the first worker and both versions; or no worker at all.
    """
    if not versions:
        raise SimulationError.from_id(N_("simulate.error.no_worker"))
    for worker, theirs in sorted(versions.items()):
        if theirs != mine:
            raise SimulationError.from_id(
                N_("simulate.error.worker_version"), worker=worker, theirs=theirs, mine=mine
            )


def batch_size_for(hands: int, workers: int) -> int:
    """Hands per batch: about four batches per worker, between 1 and 50 hands."""
    return max(1, min(50, math.ceil(hands / (max(1, workers) * 4))))


def make_batches(
    arms: Sequence[Arm],
    todo: dict[str, list[int]],
    bots: Sequence[str],
    ids: Sequence[str],
    size: int,
) -> list[Batch]:
    """The batches of the seeds still to play (``todo``: arm name -> seeds), ``size`` hands each."""
    out: list[Batch] = []
    for arm in arms:
        seeds = todo.get(arm.name, [])
        for i in range(0, len(seeds), size):
            out.append((arm.as_tuple(), tuple(seeds[i : i + size]), tuple(bots), tuple(ids)))
    return out


def _mp_context() -> multiprocessing.context.BaseContext:
    """``forkserver`` where it exists (POSIX): workers start from a clean single-threaded server
    rather than forking a parent that may run threads (the CLI's progress bar)."""
    if "forkserver" in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("forkserver")
    return multiprocessing.get_context()


def run_batches(
    arms: Sequence[Arm],
    todo: dict[str, list[int]],
    bots: Sequence[str],
    ids: Sequence[str],
    *,
    jobs: int = 1,
    scheduler: str | None = None,
    batch_size: int | None = None,
) -> Iterable[list[tuple[Any, ...]]]:
    """Play the seeds of ``todo`` and yield each batch's rows as it finishes (in any order).

    Raises:
        SimulationError: ``dask.distributed`` missing, the scheduler unreachable, a worker of
            another version.
    """
    hands = sum(len(v) for v in todo.values())
    if scheduler is not None:
        yield from _run_dask(scheduler, arms, todo, bots, ids, batch_size, hands)
        return
    batches = make_batches(arms, todo, bots, ids, batch_size or batch_size_for(hands, jobs))
    if jobs == 1:
        for batch in batches:
            yield play_batch(*batch)
        return
    with ProcessPoolExecutor(max_workers=jobs, mp_context=_mp_context()) as pool:
        futures = [pool.submit(play_batch, *batch) for batch in batches]
        for fut in as_completed(futures):
            yield fut.result()


def dask_client(address: str) -> Any:
    """A ``dask.distributed.Client`` of the cluster at ``address`` whose workers all run this
    program version (``check_worker_versions``); use it as a context manager.

    Raises:
        SimulationError: ``dask.distributed`` missing, the scheduler unreachable, no worker or
            a worker of another version.
    """
    try:
        from dask.distributed import Client
    except ImportError:
        raise SimulationError.from_id(N_("simulate.error.no_dask")) from None
    try:
        client = Client(address, timeout=10)  # type: ignore[no-untyped-call]
    except (OSError, ValueError, TimeoutError) as exc:
        raise SimulationError.from_id(
            N_("simulate.error.unreachable"), address=address, reason=str(exc)
        ) from None
    try:
        check_worker_versions(client.run(worker_version), program_version())
    except SimulationError:
        client.close()  # type: ignore[no-untyped-call]
        raise
    return client


def _run_dask(
    address: str,
    arms: Sequence[Arm],
    todo: dict[str, list[int]],
    bots: Sequence[str],
    ids: Sequence[str],
    batch_size: int | None,
    hands: int,
) -> Iterable[list[tuple[Any, ...]]]:
    with dask_client(address) as client:
        from dask.distributed import as_completed as dask_completed

        workers = sum(client.nthreads().values())
        size = batch_size or batch_size_for(hands, workers)
        futures = [
            client.submit(play_batch, *batch, pure=False)
            for batch in make_batches(arms, todo, bots, ids, size)
        ]
        for fut in dask_completed(futures):  # type: ignore[no-untyped-call]
            yield [tuple(r) for r in fut.result()]
