"""Chapter 4 exercise: the idempotency claim, raced across real processes.

Introduced in chapter 4. A learner writes ``claim(conn, key) -> bool``: True
when *this* caller is the first to claim the idempotency key (and may now
execute the refund), False when someone already has (replay instead). The
learner also writes ``schema``, the SQL that creates the table their claim
uses. Looks right when called twice in a row; the question is what happens
when two copies of one request arrive at the same moment.

:func:`race_claim` (:mod:`fcourse.lab.exercises.claim_race`) answers it by
experiment: ``workers`` spawned processes claim the *same* new key at the same
moment, ``tries`` times, and a ledger counts the refunds per key.

:func:`check_claim` adds the cases the notebook does not show (a replay after
the first claim finished, two different keys, keys that differ only in case or
length, a fresh key while another key's claim holds the write lock - "database
is locked" is not "already claimed" - and the return type), compares the claim
with the reference on generated sequences of keys, and gives a verdict.

The package's tested version of the claim is ``RefundDomain._claim`` in the
refund domain (``BEGIN IMMEDIATE`` plus ``PRIMARY KEY (user_id,
idempotency_key)``, and the ledger's own ``UNIQUE`` as the last line of
defence).
"""

from __future__ import annotations

import sqlite3
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from fcourse.db import open_database
from fcourse.lab.exercises.claim_race import RaceResult, race_claim
from fcourse.lab.exercises.compare import first_difference, generated_row, run_all
from fcourse.lab.exercises.generated import keys as keys_strategy
from fcourse.lab.exercises.integrity import finish, keep, restore, shortcut
from fcourse.lab.exercises.report import CheckCase, CheckReport

__all__ = [
    "SOLUTION_SCHEMA",
    "ClaimReport",
    "RaceResult",
    "check_claim",
    "race_claim",
    "solution_claim",
]

#: The reference solution's table: the database itself refuses a second claim of one key.
SOLUTION_SCHEMA = "CREATE TABLE claims (idempotency_key TEXT PRIMARY KEY)"


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


# ------------------------------------------------------------------------ the check


@dataclass(frozen=True, repr=False)
class ClaimReport(CheckReport):
    """``check_claim``'s verdict: the sequential cases, then the race (kept in ``race`` with its counts)."""

    race: RaceResult | None = None


def _call(claim: Callable[..., Any], conn: sqlite3.Connection, key: str) -> Any:
    """The claim's answer: True/False as returned, else a text (``raised ...``, ``... with a transaction left
    open``)."""
    try:
        answer = claim(conn, key)
    except Exception as error:  # noqa: BLE001 - a raising claim is a finding
        answer = f"raised {type(error).__name__}: {error}"
    if conn.in_transaction:
        conn.execute("ROLLBACK")
        answer = f"{answer!r} with a transaction left open"
    return answer


_LONG = "refund-O-100-" + "x" * 300
def _steps() -> tuple[tuple[str, str], ...]:
    """(case, key): one claim at a time; "LOCKED" claims a fresh key while another connection holds the write lock."""
    return (
        ("first claim of key A", "refund-A-0001"),
        ("key A again, after the first finished", "refund-A-0001"),
        ("a different key B", "refund-B-0002"),
        ("key A a third time", "refund-A-0001"),
        ("key A in capitals: another key", "REFUND-A-0001"),
        ("a key of 313 characters", _LONG),
        ("the same key with one more character", _LONG + "y"),
        ("the long key again", _LONG),
        ("a fresh key while another key's claim holds the lock", "LOCKED"),
        ("that key again, once the lock is free", "refund-C-0003"),
    )


#: how long the other connection holds the write lock at most (it lets go once the claim has answered), and how long
#: the claim's connection waits for it (seconds)
_HOLD, _WAIT = 2.0, 0.2


def _claims(claim: Callable[..., Any], schema: str, keys: list[str]) -> list[Any]:
    """Claim ``keys`` one at a time on a fresh database (run in the learner's worker thread: the connection is
    made there). ``"LOCKED"`` claims ``refund-C-0003`` while another connection holds the write lock."""
    if "LOCKED" not in keys:
        return _claim_all(claim, schema, keys, ":memory:")
    with tempfile.TemporaryDirectory(prefix="fcourse-claim-") as tmp:  # a lock needs a file two connections share
        return _claim_all(claim, schema, keys, str(Path(tmp) / "sequential.db"))


def _claim_all(claim: Callable[..., Any], schema: str, keys: list[str], path: str) -> list[Any]:
    conn = open_database(path)
    try:
        try:
            conn.executescript(schema)
        except sqlite3.Error as error:
            return [f"the schema failed: {type(error).__name__}: {error}"]
        answers = []
        for key in keys:
            if key != "LOCKED":
                answers.append(_call(claim, conn, key))
                continue
            holder = sqlite3.connect(path, isolation_level=None, check_same_thread=False, timeout=5)
            holder.execute("BEGIN IMMEDIATE")  # another refund's claim, in the middle of its transaction
            conn.execute(f"PRAGMA busy_timeout = {int(_WAIT * 1000)}")
            once = threading.Lock()

            def let_go(h: sqlite3.Connection = holder, lock: threading.Lock = once) -> None:
                with lock:
                    if h.in_transaction:
                        h.execute("ROLLBACK")

            release = threading.Timer(_HOLD, let_go)  # a claim that waits for the lock gets it after _HOLD
            release.start()
            try:
                answers.append(_call(claim, conn, "refund-C-0003"))
            finally:
                release.cancel()
                let_go()
                holder.close()
                conn.execute(f"PRAGMA busy_timeout = {10_000}")
        return answers
    finally:
        conn.close()


def _right(keys: list[str], answers: list[Any]) -> list[tuple[str, ...]]:
    """The right answers, as the reference claim gives them: True for a key's first claim, False after; while the
    lock is held by another key, anything but False (waiting, then True; or an error: nothing was claimed)."""
    seen: set[str] = set()
    right: list[tuple[str, ...]] = []
    for key, answer in zip(keys, answers):
        if key == "LOCKED":
            right.append(("True", "raised"))
            if answer is True:
                seen.add("refund-C-0003")
            continue
        right.append(("False",) if key in seen else ("True",))
        seen.add(key)
    return right


def _matches(answer: Any, right: tuple[str, ...]) -> bool:
    if isinstance(answer, bool):
        return str(answer) in right
    return "raised" in right and isinstance(answer, str) and answer.startswith("raised") and "left open" not in answer


def _sequential(claim: Callable[..., Any], schema: str) -> list[CheckCase]:
    keys = [key for _, key in _steps()]
    outcome = run_all(_claims, [((claim, schema, keys), {})], timeout=60)[0]
    answers = outcome.value if outcome.returned else [outcome.shown()]
    if len(answers) == 1 and str(answers[0]).startswith("the schema failed"):
        return [CheckCase("create the schema", "no error", answers[0].removeprefix("the schema failed: "), False)]
    cases = []
    for (case, _), answer, right in zip(_steps(), answers, _right(keys, answers)):
        got = answer if isinstance(answer, str) else repr(answer)
        cases.append(CheckCase(case, " or ".join(right), got, _matches(answer, right)))
    return cases


def _compare(claim: Callable[..., Any], schema: str) -> Callable[[Any], tuple[str, str] | None]:
    def compare(keys: Any) -> tuple[str, str] | None:
        outcome = run_all(_claims, [((claim, schema, list(keys)), {})], timeout=30)[0]
        answers = outcome.value if outcome.returned else [outcome.shown()]
        wanted = _claims(solution_claim, SOLUTION_SCHEMA, list(keys))
        for key, answer, right in zip(keys, answers, wanted):
            if answer is not right:
                return (f"claim of {key[:40]}{'…' if len(key) > 40 else ''}: yours {answer!r}, the reference {right!r}",
                        "a key is claimed exactly as given: keys that differ only in case or length are different "
                        "keys (no lower(), no truncation, no prefix match), and nothing is kept outside the database")
        return None

    return compare


def check_claim(
    claim: Callable[[sqlite3.Connection, str], bool],
    schema: str,
    *,
    tries: int = 200,
    workers: int = 2,
) -> ClaimReport:
    """Check a learner's claim: one call at a time (replays, distinct keys, keys that differ only in case or length,
    a lock another key's claim holds), then generated sequences of keys beside the reference, then a race across
    processes.

    Passes when every answer is right, the generated sequences get the reference's answers, and, in the race,
    every key got exactly one ledger row, no claim raised, and every answer was a bool. The generated sequences
    and the race run once the one-at-a-time cases pass.
    """
    replaced = restore()
    references = {"fcourse.lab.exercises.claim.solution_claim": solution_claim}
    if (early := shortcut(claim, references, replaced, "the claim holds", ClaimReport, race=None)) is not None:
        return early
    cases = _sequential(claim, schema)
    notes: list[str] = []
    if not all(case.passed for case in cases):
        notes += _hints(cases, None)
        notes.append("generated keys and the race across processes run once every case above passes")
        return finish(cases, notes, "the claim holds", learner=claim, replaced=replaced, references=references,
                      report=ClaimReport, race=None)
    difference, tried = first_difference(keys_strategy(), _compare(claim, schema), show=lambda v: repr(v),
                                         examples=10, budget=30)
    cases.append(generated_row("generated keys, one at a time", difference, tried, notes))
    race = race_claim(claim, schema, tries=tries, workers=workers)
    cases.append(CheckCase(
        f"{tries} tries, {workers} processes claim one key at once",
        f"{tries} keys refunded exactly once",
        f"{race.single} once, {race.doubles} twice or more, {race.missing} never",
        race.single == tries and race.problem is None,
    ))
    cases.append(CheckCase(
        f"{min(tries, 5)} raced keys claimed again afterwards",
        "False each time (the key is taken)",
        f"{race.replays_won} answered something else",
        not race.replays_won,
    ))
    cases.append(CheckCase(
        "every racing claim answers True or False",
        "0 raised, 0 other answers",
        f"{len(race.errors)} raised, {len(race.not_bool)} other answers",
        not race.errors and not race.not_bool,
    ))
    if race.problem:
        notes.append(f"race: {race.problem}")
    if race.errors:
        notes.append(f"first error: {race.errors[0]}")
    if race.not_bool:
        notes.append(f"first odd answer: {race.not_bool[0]}")
    notes += _hints(cases, race)
    return finish(cases, notes, "the claim holds", learner=claim, replaced=replaced, references=references,
                  report=ClaimReport, race=race)


def _hints(cases: list[CheckCase], race: RaceResult | None) -> list[str]:
    """What to change, in words, for each kind of failure the checker saw."""
    hints = []
    errors = race.errors if race else ()
    if any("transaction left open" in c.got for c in cases) or any("still open" in e for e in errors):
        hints.append("a claim returned with its transaction still open: COMMIT (or ROLLBACK) before returning")
    locked = next((c for c in cases if c.case.startswith("a fresh key while")), None)
    if locked is not None and locked.got == "False":
        hints.append("while another refund's claim held the write lock, a fresh key was answered 'already claimed': "
                     "'database is locked' is not 'already claimed' - catch only sqlite3.IntegrityError (or nothing), "
                     "and let any other error reach the caller, who may retry")
    if any(c.case.startswith(("key A in capitals", "the same key with one more")) and not c.passed for c in cases):
        hints.append("keys that differ only in case or length are different keys: store and compare the key exactly "
                     "as given (no lower(), no truncation, no prefix match)")
    if any(c.expected == "False" and c.got == "True" for c in cases):
        hints.append("a key claimed before was answered True again: answer True only when *this* call wrote the key "
                     "(INSERT and catch sqlite3.IntegrityError, or read it under BEGIN IMMEDIATE first); INSERT OR "
                     "IGNORE followed by True answers yes to everyone")
    if race is not None and race.doubles:
        hints.append(f"{race.doubles} of {race.tries} keys were refunded twice: both processes read 'not claimed' "
                     "before either wrote; make the read and the write one step (BEGIN IMMEDIATE before the SELECT, "
                     "or INSERT and catch sqlite3.IntegrityError)")
    if any("database is locked" in e for e in errors):
        hints.append("a racing claim failed with 'database is locked': take the write lock before reading, with "
                     "BEGIN IMMEDIATE (a plain BEGIN, or `with conn:`, takes it only at the first write, after both "
                     "have read)")
    if any("IntegrityError" in e for e in errors):
        hints.append("the loser of a race crashed on the constraint instead of hearing 'already claimed': answer "
                     "False for it (take the lock before reading with BEGIN IMMEDIATE - `with conn:` on this "
                     "autocommit connection begins no transaction - or catch sqlite3.IntegrityError)")
    if race is not None and race.replays_won:
        hints.append("after the race, a raced key claimed again was not answered False: the claim must be the "
                     "database's record (the INSERT under the lock), not something decided outside it")
    missing = race.missing if race else 0
    if missing or any(c.expected == "True" and c.got == "False" for c in cases):
        hints.append(f"{missing} keys were never refunded: the first claim of a key must answer True")
    steps = {name for name, _ in _steps()}
    if (race is not None and race.not_bool) or any(c.case in steps and c.got not in ("True", "False")
                                                   and not c.got.startswith("raised") for c in cases):
        hints.append("answer exactly True or False")
    return hints


keep(__name__)
