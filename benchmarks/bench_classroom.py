"""Can one machine serve a classroom? N concurrent learners x M requests over loopback HTTP.

    python benchmarks/bench_classroom.py [--clients 32] [--requests 20] [--processes 2]

Starts ``python -m fcourse serve`` in its own process, then runs the load from
``--processes`` worker processes (so the load generator's own SDK work is not
squeezed into one interpreter), each with ``clients / processes`` threads. Every
thread is one learner with its own ``openai.OpenAI`` client, asking the same
kind of question a chapter asks (three tools; English and Chinese in turn).
Every reply is checked (a tool call with the expected argument); anything else,
an exception included, counts as an error.

Prints throughput (requests/s over the whole run), p50 and p99 latency and the
error count. Bounded: N x M requests, each with a 30 s client timeout, to
127.0.0.1 only.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import statistics
import sys
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench_teaching_model import TOOLS  # noqa: E402
from bench_teaching_model import _start_server as start_server  # noqa: E402

QUESTIONS = [("What's the weather like in Paris today?", "Paris"), ("北京今天天气怎么样？", "北京")]


def _learner(base: str, requests: int, offset: int, latencies: list[float], errors: list[str]) -> None:
    import openai

    client = openai.OpenAI(api_key="classroom", base_url=base, max_retries=0, timeout=30)
    for i in range(requests):
        question, city = QUESTIONS[(offset + i) % len(QUESTIONS)]
        start = time.perf_counter()
        try:
            reply = client.chat.completions.create(
                model="fcourse-teacher", messages=[{"role": "user", "content": question}], tools=TOOLS
            )
            call = reply.choices[0].message.tool_calls[0]
            if json.loads(call.function.arguments).get("city") != city:
                errors.append(f"wrong argument: {call.function.arguments}")
        except Exception as err:  # every failure is a figure here, not a crash
            errors.append(f"{type(err).__name__}: {err}")
        latencies.append(time.perf_counter() - start)


def _worker(
    base: str, clients: int, requests: int, first: int, start_at: float
) -> tuple[list[float], list[str], float, float]:
    import openai  # noqa: F401  (imported before the clock starts)

    latencies: list[float] = []
    errors: list[str] = []
    threads = [
        threading.Thread(target=_learner, args=(base, requests, first + n, latencies, errors)) for n in range(clients)
    ]
    time.sleep(max(0.0, start_at - time.time()))  # all processes start together
    began = time.time()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return latencies, errors, began, time.time()


def run(clients: int, requests: int, processes: int) -> dict[str, Any]:
    proc, base = start_server()
    try:
        _worker(base, 2, 5, 0, 0.0)  # warm-up: connections, both languages
        per = [clients // processes + (1 if p < clients % processes else 0) for p in range(processes)]
        with multiprocessing.get_context("spawn").Pool(processes) as pool:
            start_at = time.time() + 3.0  # time for every worker to start and import the SDK
            jobs = [
                pool.apply_async(_worker, (base, n, requests, sum(per[:p]), start_at)) for p, n in enumerate(per)
            ]
            results = [job.get(timeout=600) for job in jobs]
        # from the first request sent to the last reply received, whatever each process's start-up took
        elapsed = max(r[3] for r in results) - min(r[2] for r in results)
    finally:
        proc.terminate()
        proc.wait(timeout=40)
    latencies = sorted(t for r in results for t in r[0])
    errors = [e for r in results for e in r[1]]
    return {
        "clients": clients,
        "requests": len(latencies),
        "throughput": len(latencies) / elapsed,
        "p50_ms": statistics.median(latencies) * 1000,
        "p99_ms": latencies[min(len(latencies) - 1, int(0.99 * len(latencies)))] * 1000,
        "errors": len(errors),
        "first_error": errors[0] if errors else "",
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=32)
    parser.add_argument("--requests", type=int, default=20, help="requests per client")
    parser.add_argument("--processes", type=int, default=2, help="load-generator processes")
    args = parser.parse_args()
    r = run(args.clients, args.requests, args.processes)
    print(
        f"classroom over loopback HTTP: {r['clients']} clients x {args.requests} requests = {r['requests']}: "
        f"{r['throughput']:.0f} req/s, p50 {r['p50_ms']:.1f} ms, p99 {r['p99_ms']:.1f} ms, errors {r['errors']}"
    )
    if r["errors"]:
        print(f"  first error: {r['first_error']}")
    return 1 if r["errors"] else 0


if __name__ == "__main__":
    sys.exit(main())
