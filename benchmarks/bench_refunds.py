"""How fast is exactly-once? Refunds per second on a real SQLite file, and the registry's overhead.

    python benchmarks/bench_refunds.py [--refunds N] [--procs P] [--synchronous NORMAL|FULL] [--calls N]

1. one process: N refunds, each with its own idempotency key, through
   ``RefundDomain.refund`` (claim, ledger, complete: three ``BEGIN IMMEDIATE``
   transactions) on a database file in a temporary directory;
2. P processes (default 4) on one file: each refunds its own share of N keys
   and then sends every key of its neighbour's share again (duplicates that
   race the neighbour: replays or ``DUPLICATE_IN_PROGRESS``, then replays);
3. after each run, exactly-once is checked from the database: ledger rows ==
   distinct keys, no key with two rows, refunded cents == ledger total;
4. the floor, in the same run: one plain SQLite ``BEGIN IMMEDIATE``, ``INSERT``
   of the key and ``COMMIT`` per key, on a fresh file with the same settings
   (``fcourse.db.open_database``). A refund is two such transactions (the
   claim, then the ledger row with the record's completion) plus the reads and
   checks between them, so it can approach half the floor's rate, not more.
   The floor and the one-process run alternate three times; medians are
   compared;
5. the registry's validation + dispatch per call for a trivial tool
   (``add(a, b)``, arguments as a JSON string) next to a direct call.

The database runs in WAL mode with ``synchronous=NORMAL`` (durable against a
process crash, not against power loss; ``--synchronous FULL`` to compare).
Judged, never on an absolute figure of this shared machine: exactly-once holds
in every run, and one process's refunds/s is at least a quarter of the floor's
commits/s. Exit code 1 when either fails. Nothing here is random.
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from fcourse.clock import SystemClock  # noqa: E402
from fcourse.db import open_database, transaction  # noqa: E402
from fcourse.errors import DuplicateInProgressError  # noqa: E402
from fcourse.shop.refunds import RefundDomain  # noqa: E402

USER = "U-bench"
ORDERS = [f"O-{n}" for n in range(64)]
AMOUNT = 100


def _setup(path: str, synchronous: str) -> None:
    domain = RefundDomain.open(path, clock=SystemClock(), synchronous=synchronous)
    for order in ORDERS:
        domain.add_order(order, USER, 10**12)
    domain.close()


def _refund_all(domain: RefundDomain, keys: list[str]) -> int:
    replays_or_waits = 0
    for key in keys:
        order = ORDERS[int(key.rsplit("-", 1)[1]) % len(ORDERS)]
        while True:
            try:
                domain.refund(USER, order, key, AMOUNT)
                break
            except DuplicateInProgressError:
                replays_or_waits += 1  # the neighbour holds the claim right now; ask again
    return replays_or_waits


def _worker(path: str, synchronous: str, own: list[str], theirs: list[str], start: Any, out: Any) -> None:
    domain = RefundDomain.open(path, clock=SystemClock(), synchronous=synchronous)
    start.wait()
    began = time.perf_counter()
    waits = _refund_all(domain, own) + _refund_all(domain, theirs)
    out.put((time.perf_counter() - began, waits))
    domain.close()


def _check(path: str, keys: list[str]) -> tuple[int, int]:
    domain = RefundDomain.open(path, clock=SystemClock())
    rows = domain.conn.execute("SELECT COUNT(*) FROM refund_ledger").fetchone()[0]
    doubles = domain.conn.execute(
        "SELECT COUNT(*) FROM (SELECT 1 FROM refund_ledger GROUP BY user_id, idempotency_key HAVING COUNT(*) > 1)"
    ).fetchone()[0]
    refunded = domain.conn.execute("SELECT SUM(refunded_cents) FROM orders").fetchone()[0]
    distinct = len(set(keys))
    assert rows == distinct, f"ledger rows {rows} != distinct keys {distinct}"
    assert doubles == 0 and refunded == AMOUNT * distinct
    domain.close()
    return rows, doubles


def bench_one_process(n: int, synchronous: str) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="fcourse-bench-") as tmp:
        path = str(Path(tmp) / "refunds.db")
        _setup(path, synchronous)
        keys = [f"bench-key-{i}" for i in range(n)]
        domain = RefundDomain.open(path, clock=SystemClock(), synchronous=synchronous)
        began = time.perf_counter()
        _refund_all(domain, keys)
        elapsed = time.perf_counter() - began
        replay_began = time.perf_counter()
        _refund_all(domain, keys[: n // 2])  # duplicates: replays of stored results
        replay_elapsed = time.perf_counter() - replay_began
        domain.close()
        rows, doubles = _check(path, keys)
    return {
        "setup": "1 process",
        "refunds": rows,
        "calls": n + n // 2,
        "seconds": elapsed,
        "per_second": n / elapsed,
        "replays_per_second": (n // 2) / replay_elapsed,
        "double_executions": doubles,
        "waits": 0,
    }


def bench_floor(n: int, synchronous: str) -> float:
    """Plain commits per second: BEGIN IMMEDIATE, INSERT one key, COMMIT, on a fresh file with the same settings."""
    with tempfile.TemporaryDirectory(prefix="fcourse-bench-") as tmp:
        conn = open_database(str(Path(tmp) / "floor.db"), synchronous=synchronous)
        conn.execute("CREATE TABLE keys (idempotency_key TEXT PRIMARY KEY)")
        began = time.perf_counter()
        for i in range(n):
            with transaction(conn):
                conn.execute("INSERT INTO keys (idempotency_key) VALUES (?)", (f"bench-key-{i}",))
        elapsed = time.perf_counter() - began
        assert conn.execute("SELECT COUNT(*) FROM keys").fetchone()[0] == n
        conn.close()
    return n / elapsed


def bench_processes(n: int, procs: int, synchronous: str) -> dict[str, Any]:
    ctx = multiprocessing.get_context("spawn")
    with tempfile.TemporaryDirectory(prefix="fcourse-bench-") as tmp:
        path = str(Path(tmp) / "refunds.db")
        _setup(path, synchronous)
        keys = [f"bench-key-{i}" for i in range(n)]
        shares = [keys[i::procs] for i in range(procs)]
        start, out = ctx.Event(), ctx.Queue()
        workers = [
            ctx.Process(target=_worker, args=(path, synchronous, shares[i], shares[(i + 1) % procs], start, out))
            for i in range(procs)
        ]
        for worker in workers:
            worker.start()
        time.sleep(0.5)  # let every worker open its connection and wait at the barrier
        began = time.perf_counter()
        start.set()
        results = [out.get(timeout=600) for _ in workers]
        elapsed = time.perf_counter() - began
        for worker in workers:
            worker.join(timeout=60)
        rows, doubles = _check(path, keys)
    return {
        "setup": f"{procs} processes",
        "refunds": rows,
        "calls": 2 * n,
        "seconds": elapsed,
        "per_second": n / elapsed,
        "replays_per_second": None,
        "double_executions": doubles,
        "waits": sum(w for _, w in results),
    }


def bench_registry(calls: int) -> dict[str, float]:
    from fcourse.runtime.registry import ToolRegistry

    registry = ToolRegistry()

    @registry.tool
    def add(a: int, b: int) -> int:
        """Add two integers.

        Args:
            a: The first.
            b: The second.
        """
        return a + b

    arguments = '{"a": 1, "b": 2}'
    assert registry.execute("add", arguments).data == 3
    for _ in range(200):  # warm-up (validator cache, JIT-free but cache-warm)
        registry.execute("add", arguments)
        add(1, 2)

    def best_of(fn: Any, repeats: int = 5) -> float:  # the least disturbed of several runs, per call
        runs = []
        for _ in range(repeats):
            began = time.perf_counter()
            for _ in range(calls // repeats):
                fn()
            runs.append((time.perf_counter() - began) / (calls // repeats))
        return min(runs)

    direct = best_of(lambda: add(1, 2))
    through = best_of(lambda: registry.execute("add", arguments))
    return {"direct_us": direct * 1e6, "registry_us": through * 1e6, "ratio": through / direct}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--refunds", type=int, default=5_000, help="distinct idempotency keys per run")
    parser.add_argument("--procs", type=int, default=4, help="processes in the multi-process run")
    parser.add_argument("--synchronous", default="NORMAL", choices=["NORMAL", "FULL"])
    parser.add_argument("--calls", type=int, default=20_000, help="calls in the registry overhead run")
    args = parser.parse_args(argv)

    print(f"SQLite WAL, synchronous={args.synchronous}, {args.refunds} distinct keys per run\n")
    floors, singles = [], []
    try:
        for _ in range(3):  # alternating, so a burst of load on the machine hits both alike
            floors.append(bench_floor(args.refunds, args.synchronous))
            singles.append(bench_one_process(args.refunds, args.synchronous))
        rows = [sorted(singles, key=lambda r: r["per_second"])[1],  # the median run
                bench_processes(args.refunds, args.procs, args.synchronous)]
    except AssertionError as broken:
        print(f"MISSED  exactly-once: {broken}")
        return 1
    header = (
        f"{'setup':<12} {'refunds':>8} {'calls':>7} {'seconds':>8} {'refunds/s':>10} {'replays/s':>10} "
        f"{'double exec':>11} {'in-progress waits':>17}"
    )
    print(header)
    print("-" * len(header))
    for r in rows:
        replays = f"{r['replays_per_second']:>10,.0f}" if r["replays_per_second"] else f"{'-':>10}"
        print(
            f"{r['setup']:<12} {r['refunds']:>8} {r['calls']:>7} {r['seconds']:>8.2f} {r['per_second']:>10,.0f} "
            f"{replays} {r['double_executions']:>11} {r['waits']:>17}"
        )
    print("\nexactly-once checked after each run: ledger rows == distinct keys, no key twice, cents add up")
    floor = sorted(floors)[1]
    ratio = rows[0]["per_second"] / floor
    print(f"\nthe floor: plain BEGIN IMMEDIATE + INSERT + COMMIT per key, same settings, median of 3 runs "
          f"alternating with the 1-process run: {floor:,.0f} commits/s")
    print(f"refunds/s over the floor: 1 process {ratio:.3f}, {args.procs} processes "
          f"{rows[1]['per_second'] / floor:.3f} (a refund is two such commits: at most ~0.5)")
    judged = [
        ("exactly-once in every run (no double execution)", all(r["double_executions"] == 0 for r in rows)),
        (f"1 process: refunds/s >= 1/4 of the floor's commits/s ({ratio:.3f})", ratio >= 0.25),
    ]

    overhead = bench_registry(args.calls)
    print(f"\nregistry overhead, trivial tool add(a, b), best of 5 x {args.calls // 5} calls, JSON-string arguments")
    print(f"{'direct call':<34} {overhead['direct_us']:>9.2f} µs/call")
    print(f"{'registry.execute (validate+run)':<34} {overhead['registry_us']:>9.2f} µs/call")
    print(f"{'ratio':<34} {overhead['ratio']:>9.0f} x")
    print()
    for what, ok in judged:
        print(f"{'met   ' if ok else 'MISSED'}  {what}")
    return 0 if all(ok for _, ok in judged) else 1


if __name__ == "__main__":
    raise SystemExit(main())
