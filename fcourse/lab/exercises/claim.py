"""Chapter 4 exercise: the idempotency claim, raced across real processes.

Introduced in chapter 4. A learner writes ``claim(conn, key) -> bool``: True
when *this* caller is the first to claim the idempotency key (and may now
execute the refund), False when someone already has (replay instead). The
learner also writes ``schema``, the SQL that creates the table their claim
uses. Looks right when called twice in a row; the question is what happens
when two copies of one request arrive at the same moment.

:func:`race_claim` answers it by experiment: a fresh SQLite file in a
temporary directory, ``workers`` processes started with ``spawn`` (each with
its own connection, as ``fcourse.db`` requires), and ``tries`` rounds in which
every worker claims the *same* new key at the same moment (a barrier releases
them together). A worker whose claim returns True performs the effect: it
appends one row to the ``ledger`` table, like the refund domain's ledger.
Afterwards the ledger is counted per key: two rows for one key is a double
refund; zero rows is a request nobody served.

:func:`check_claim` adds the cases the notebook does not show (a replay after
the first claim finished, two different keys, the return type) and gives a
verdict.

Why the learner's *source* travels to the workers instead of the function: a
function defined in a notebook lives in the kernel's ``__main__``, which a
spawned process cannot import, so pickle cannot send it. The worker compiles
the same text in a namespace with ``sqlite3`` and ``time`` imported; the claim
must not need anything else from the notebook. (cloudpickle could ship
closures too, but it is not a dependency, and the source is what the learner
can read.)

The package's tested version of the claim is ``RefundDomain._claim`` in the
refund domain (``BEGIN IMMEDIATE`` plus ``PRIMARY KEY (user_id,
idempotency_key)``, and the ledger's own ``UNIQUE`` as the last line of
defence).
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
from fcourse.lab.exercises.report import CheckCase, CheckReport

__all__ = [
    "SOLUTION_SCHEMA",
    "ClaimReport",
    "RaceResult",
    "check_claim",
    "race_claim",
    "solution_claim",
]

#: The checker's own table: one row per executed effect (a refund that moved money).
LEDGER_SCHEMA = """
CREATE TABLE ledger (
    seq             INTEGER PRIMARY KEY AUTOINCREMENT,
    idempotency_key TEXT NOT NULL,
    worker          INTEGER NOT NULL
);
"""

#: The reference solution's table: the database itself refuses a second claim of one key.
SOLUTION_SCHEMA = "CREATE TABLE claims (idempotency_key TEXT PRIMARY KEY)"

#: How long the whole race may take before the workers are stopped (seconds).
RACE_DEADLINE = 120.0
#: How long a worker waits at the barrier for the others (seconds).
BARRIER_TIMEOUT = 30.0


def solution_claim(conn: sqlite3.Connection, key: str) -> bool:
    """The reference claim: take the write lock *before* reading, so read-then-write is one step."""
    conn.execute("BEGIN IMMEDIATE")  # nobody else can write until COMMIT
    try:
        seen = conn.execute("SELECT 1 FROM claims WHERE idempotency_key = ?", (key,)).fetchone()
        if seen is None:
            time.sleep(0.005)  # the same window as the naive claim: now nobody can write in it
            conn.execute("INSERT INTO claims (idempotency_key) VALUES (?)", (key,))
        conn.execute("COMMIT")
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    return seen is None


# ------------------------------------------------------------------------- the race


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
        return self.problem is None and self.single == self.tries and not self.errors and not self.not_bool

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
    effects = {key: int(counts.get(key, 0)) for key in keys}
    errors = tuple(line for _, errs, _, _ in sorted(reports) for line in errs)
    not_bool = tuple(line for _, _, bad, _ in sorted(reports) for line in bad)
    if problem is None and any(stop for *_, stop in reports):
        problem = "a worker stopped early"
    extra = sum(count - 1 for count in effects.values() if count > 1)
    return RaceResult(tries, workers, effects, errors, not_bool, extra, problem)


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


# ------------------------------------------------------------------------ the check


@dataclass(frozen=True, repr=False)
class ClaimReport(CheckReport):
    """``check_claim``'s verdict: the sequential cases, then the race (kept in ``race`` with its counts)."""

    race: RaceResult | None = None


def _call(claim: Callable[..., Any], conn: sqlite3.Connection, key: str) -> Any:
    try:
        answer = claim(conn, key)
    except Exception as error:  # noqa: BLE001 - a raising claim is a finding
        answer = f"raised {type(error).__name__}: {error}"
    if conn.in_transaction:
        conn.execute("ROLLBACK")
        answer = f"{answer!r} with a transaction left open"
    return answer


def _sequential(claim: Callable[..., Any], schema: str) -> list[CheckCase]:
    with tempfile.TemporaryDirectory(prefix="fcourse-claim-") as tmp:
        conn = open_database(str(Path(tmp) / "sequential.db"))
        try:
            try:
                conn.executescript(schema)
            except sqlite3.Error as error:
                return [CheckCase("create the schema", "no error", f"{type(error).__name__}: {error}", False)]
            steps = [
                ("first claim of key A", "refund-A-0001", True),
                ("key A again, after the first finished", "refund-A-0001", False),
                ("a different key B", "refund-B-0002", True),
                ("key A a third time", "refund-A-0001", False),
            ]
            cases = []
            for case, key, expected in steps:
                got = _call(claim, conn, key)
                cases.append(CheckCase(case, repr(expected), got if isinstance(got, str) else repr(got),
                                       got is expected))
            return cases
        finally:
            conn.close()


def check_claim(
    claim: Callable[[sqlite3.Connection, str], bool],
    schema: str,
    *,
    tries: int = 200,
    workers: int = 2,
) -> ClaimReport:
    """Check a learner's claim: sequential replays and distinct keys, then a race across processes.

    Passes when the sequential answers are right and, in the race, every key
    got exactly one ledger row, no claim raised, and every answer was a bool.
    """
    cases = _sequential(claim, schema)
    race = race_claim(claim, schema, tries=tries, workers=workers)
    cases.append(CheckCase(
        f"{tries} tries, {workers} processes claim one key at once",
        f"{tries} keys refunded exactly once",
        f"{race.single} once, {race.doubles} twice or more, {race.missing} never",
        race.single == tries and race.problem is None,
    ))
    cases.append(CheckCase(
        "every racing claim answers True or False",
        "0 raised, 0 other answers",
        f"{len(race.errors)} raised, {len(race.not_bool)} other answers",
        not race.errors and not race.not_bool,
    ))
    notes = []
    if race.problem:
        notes.append(f"race: {race.problem}")
    if race.errors:
        notes.append(f"first error: {race.errors[0]}")
    if race.not_bool:
        notes.append(f"first odd answer: {race.not_bool[0]}")
    notes += _hints(cases, race)
    return ClaimReport(tuple(cases), tuple(notes), "the claim holds", race)


def _hints(cases: list[CheckCase], race: RaceResult) -> list[str]:
    """What to change, in words, for each kind of failure the checker saw."""
    hints = []
    if any("transaction left open" in c.got for c in cases) or any("still open" in e for e in race.errors):
        hints.append("a claim returned with its transaction still open: COMMIT (or ROLLBACK) before returning")
    if race.doubles:
        hints.append(f"{race.doubles} of {race.tries} keys were refunded twice: both processes read 'not claimed' "
                     "before either wrote; make the read and the write one step (BEGIN IMMEDIATE before the SELECT, "
                     "or INSERT and catch sqlite3.IntegrityError)")
    if any("IntegrityError" in e for e in race.errors):
        hints.append("the loser of a race crashed on the constraint instead of hearing 'already claimed': answer "
                     "False for it (take the lock before reading, or catch sqlite3.IntegrityError)")
    if race.missing or any(c.expected == "True" and c.got == "False" for c in cases):
        hints.append(f"{race.missing} keys were never refunded: the first claim of a key must answer True")
    if race.not_bool:
        hints.append("answer exactly True or False")
    return hints


