"""Chapter 4 exercise, the race half: a learner's idempotency claim raced across real processes.

Introduced in chapter 4 (:mod:`fcourse.lab.exercises.claim` checks the claim and calls this).
:func:`race_claim` answers "what happens when two copies of one request arrive at the same
moment" by experiment: a fresh SQLite file in a temporary directory, ``workers`` processes started
with ``spawn`` (each with its own connection, as ``fcourse.db`` requires), and ``tries`` rounds in
which every worker claims the *same* new key at the same moment (a barrier releases them together).
A worker whose claim returns True performs the effect: it appends one row to the ``ledger`` table,
like the refund domain's ledger. Afterwards the ledger is counted per key: two rows for one key is
a double refund; zero rows is a request nobody served.

Why the learner's *source* travels to the workers instead of the function: a function defined in
a notebook lives in the kernel's ``__main__``, which a spawned process cannot import, so pickle
cannot send it. The worker compiles the same text in a namespace with ``sqlite3`` and ``time``
imported; the claim must not need anything else from the notebook. (cloudpickle could ship
closures too, but it is not a dependency, and the source is what the learner can read.)
"""

from __future__ import annotations

import inspect
import queue
import sqlite3
import tempfile
import textwrap
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from fcourse.db import open_database

__all__ = ["RaceResult", "race_claim"]

#: The checker's own table: one row per executed effect (a refund that moved money).
LEDGER_SCHEMA = """
CREATE TABLE ledger (
    seq             INTEGER PRIMARY KEY AUTOINCREMENT,
    idempotency_key TEXT NOT NULL,
    worker          INTEGER NOT NULL
);
"""


#: How long the whole race may take before the workers are stopped (seconds).
RACE_DEADLINE = 120.0
#: How long a worker waits at the barrier for the others (seconds).
BARRIER_TIMEOUT = 30.0
#: How many raced keys are claimed again afterwards (each must answer False).
REPLAYS = 5


@dataclass(frozen=True)
class RaceResult:
    """What ``tries`` rounds of ``workers`` simultaneous claims of one key did.

    ``effects`` maps each key to the ledger rows it got; ``doubles`` counts
    keys with more than one (double refunds), ``missing`` keys with none;
    ``errors`` are the exceptions the claim raised (``"try N, worker W: ..."``),
    ``not_bool`` the answers that were not ``True``/``False``.
    """

    tries: int
    workers: int
    effects: dict[str, int]
    errors: tuple[str, ...] = ()
    not_bool: tuple[str, ...] = ()
    extra_effects: int = 0
    problem: str | None = None
    replays_won: int = 0

    @property
    def doubles(self) -> int:
        """Keys that were refunded more than once."""
        return sum(1 for count in self.effects.values() if count > 1)

    @property
    def missing(self) -> int:
        """Keys that were not refunded at all."""
        return sum(1 for count in self.effects.values() if count == 0)

    @property
    def single(self) -> int:
        """Keys refunded exactly once: the only right answer."""
        return sum(1 for count in self.effects.values() if count == 1)

    @property
    def passed(self) -> bool:
        """Every key refunded exactly once, and every caller answered."""
        return (self.problem is None and self.single == self.tries and not self.errors and not self.not_bool
                and not self.replays_won)

    def summary(self) -> str:
        """One line: how many keys got one refund, two or more, none, and how many claims raised."""
        line = (
            f"{self.tries} tries, {self.workers} processes each: exactly one refund {self.single}, "
            f"double refunds {self.doubles} (extra refunds {self.extra_effects}), no refund {self.missing}, "
            f"claims that raised {len(self.errors)}"
        )
        if self.problem:
            line += f"; {self.problem}"
        return line

    def __str__(self) -> str:
        return self.summary()


def _claim_source(claim: Callable[..., Any]) -> tuple[str, str]:
    """The claim's source text and name, checked to be something a worker can compile."""
    name = getattr(claim, "__name__", "")
    if not callable(claim) or not name.isidentifier():
        raise TypeError("claim must be a function defined with def (a lambda has no source a worker can use)")
    try:
        source = textwrap.dedent(inspect.getsource(claim))
    except (OSError, TypeError) as error:
        raise TypeError(f"cannot read the source of {name}: {error}") from error
    return source, name


def _load_claim(source: str, name: str) -> Callable[..., Any]:
    namespace: dict[str, Any] = {"sqlite3": sqlite3, "time": time, "__name__": "learner_claim"}
    exec(compile(source, f"<claim {name}>", "exec"), namespace)  # noqa: S102 - the learner's own code
    return namespace[name]


def _worker(
    index: int, source: str, name: str, path: str, keys: list[str], barrier: Any, results: Any
) -> None:
    """One racing process: for each key, wait for the others, claim, and apply the effect if it won."""
    errors: list[str] = []
    not_bool: list[str] = []
    try:
        claim = _load_claim(source, name)
        conn = open_database(path)
    except BaseException as error:  # noqa: BLE001 - reported to the parent, not lost in a child
        results.put((index, [f"worker {index} could not start: {type(error).__name__}: {error}"], [], "start"))
        barrier.abort()
        return
    stop = None
    for number, key in enumerate(keys, start=1):
        try:
            barrier.wait(BARRIER_TIMEOUT)
        except threading.BrokenBarrierError:
            stop = "barrier"
            break
        try:
            won = claim(conn, key)
        except Exception as error:  # noqa: BLE001 - a raising claim is a finding, not a crash
            errors.append(f"try {number}, worker {index}: {type(error).__name__}: {error}")
            won = None
        if conn.in_transaction:
            conn.execute("ROLLBACK")
            errors.append(f"try {number}, worker {index}: returned with a transaction still open (rolled back)")
            won = None
        if won is not None and not isinstance(won, bool):
            not_bool.append(f"try {number}, worker {index}: returned {won!r}, not True/False")
        if won is True:
            conn.execute("INSERT INTO ledger (idempotency_key, worker) VALUES (?, ?)", (key, index))
    conn.close()
    results.put((index, errors, not_bool, stop))


def race_claim(
    claim: Callable[[sqlite3.Connection, str], bool],
    schema: str,
    *,
    tries: int = 200,
    workers: int = 2,
) -> RaceResult:
    """Race ``claim`` in ``workers`` spawned processes over ``tries`` keys on a fresh SQLite file.

    ``schema`` is run once on the new database before the race (it creates
    the claim's table; the checker adds its own ``ledger`` table). Each try
    uses a new key; all workers claim it at the same moment; a True answer
    is followed by one ledger row. Returns the ledger count per key.
    """
    if tries < 1 or workers < 2:
        raise ValueError("a race needs at least one try and two workers")
    source, name = _claim_source(claim)
    keys = [f"refund-O-100-r{number:04d}" for number in range(1, tries + 1)]
    # imported here, not at the top: importing this module must not need processes (JupyterLite)
    import multiprocessing

    context = multiprocessing.get_context("spawn")
    with tempfile.TemporaryDirectory(prefix="fcourse-claim-") as tmp:
        path = str(Path(tmp) / "claims.db")
        conn = open_database(path)
        try:
            conn.executescript(LEDGER_SCHEMA)
            conn.executescript(schema)
        except sqlite3.Error as error:
            conn.close()
            return RaceResult(tries, workers, {}, problem=f"the schema failed: {error}")
        conn.close()
        barrier = context.Barrier(workers)
        results = context.Queue()
        processes = [
            context.Process(target=_worker, args=(i, source, name, path, keys, barrier, results), daemon=True)
            for i in range(1, workers + 1)
        ]
        for process in processes:
            process.start()
        reports, problem = _collect(processes, results, workers)
        conn = open_database(path)
        counts = dict(
            conn.execute("SELECT idempotency_key, COUNT(*) FROM ledger GROUP BY idempotency_key").fetchall()
        )
        conn.close()
        replays_won = _replay(source, name, path, keys[:REPLAYS])
    effects = {key: int(counts.get(key, 0)) for key in keys}
    errors = tuple(line for _, errs, _, _ in sorted(reports) for line in errs)
    not_bool = tuple(line for _, _, bad, _ in sorted(reports) for line in bad)
    if problem is None and any(stop for *_, stop in reports):
        problem = "a worker stopped early"
    extra = sum(count - 1 for count in effects.values() if count > 1)
    return RaceResult(tries, workers, effects, errors, not_bool, extra, problem, replays_won)


def _replay(source: str, name: str, path: str, keys: list[str]) -> int:
    """After the race, claim some raced keys again from this process: every answer must be False (the key is
    taken, as the database records it). How many were not."""
    answers: list[Any] = []

    def replay() -> None:
        claim, conn = _load_claim(source, name), open_database(path)
        try:
            for key in keys:
                try:
                    answers.append(claim(conn, key))
                except Exception as error:  # noqa: BLE001 - counted below
                    answers.append(error)
                if conn.in_transaction:
                    conn.execute("ROLLBACK")
        finally:
            conn.close()

    worker = threading.Thread(target=replay, daemon=True)  # its own stack: nothing of the race's in reach
    worker.start()
    worker.join(30)
    return sum(answer is not False for answer in answers) + len(keys) - len(answers)


def _collect(processes: list[Any], results: Any, workers: int) -> tuple[list[Any], str | None]:
    reports: list[Any] = []
    deadline = time.monotonic() + RACE_DEADLINE
    problem = None
    while len(reports) < workers:
        left = deadline - time.monotonic()
        if left <= 0:
            problem = f"the race did not finish within {RACE_DEADLINE:g}s; the workers were stopped"
            break
        try:
            reports.append(results.get(timeout=min(left, 1.0)))
        except queue.Empty:
            if not any(p.is_alive() for p in processes) and results.empty():
                problem = "a worker died without reporting"
                break
    for process in processes:
        process.join(timeout=5)
        if process.is_alive():
            process.terminate()
            process.join()
    return reports, problem
