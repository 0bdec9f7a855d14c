"""Can one machine serve a classroom? The new server (tornado) and the old one, side by side in one run.

    python benchmarks/bench_classroom.py [--clients 32] [--requests 20] [--processes 2] [--servers new,old]

For each server, started in its own process (``python -m fcourse serve`` for the new one,
``benchmarks/legacy_server.py`` for the old ``ThreadingHTTPServer``), four measurements:

1. **A room of learners, raw HTTP.** ``--clients`` learners, each a thread holding one keep-alive
   connection (``http.client``), post ``--requests`` questions each, the kind a chapter asks (three
   tools; English and Chinese in turn), from ``--processes`` load-generator processes. Every reply
   is checked (a tool call with the expected argument); anything else, an exception included, is an
   error. Figures: requests/s, p50 and p99 latency, errors, and the CPU time per request of the
   server process (from /proc) and of the load generator (``time.process_time``). A client this
   light (a fraction of the server's CPU per request) measures the server, not itself.
2. **The same room through the SDK.** Each learner an SDK client made by ``fcourse.connect("server")``
   (so each sends its ``FCOURSE_LEARNER`` name, as a notebook does): what a real classroom looks
   like, where the SDK's own CPU (several times the server's per request) is most of the load.
3. **Idle and half-sent connections.** 300 connections that send nothing and 50 that stop halfway
   (25 in the headers, 25 in the body) stay open while 20 new requests are made one after another,
   each on a new connection. Figures: the slowest of them and the median, and how many of the 350
   the server kept open.
4. **A slow streaming client.** 8 learners x ``--requests`` requests, once alone and once while one
   more client streams replies (``stream=true``) and reads them a few bytes at a time with a pause
   (a receive buffer of 1 KB), over and over. Figure: the others' p50 and p99 both times.

Judged only on what the project controls, never on an absolute figure of this shared machine: the
new server's CPU per request (<= 1.0 ms), its raw-HTTP throughput and p99 against the old server's in
the same run (at least as many requests/s, a p99 no longer), every held connection kept open and a
new request among them no slower than 3x the median of the same requests (+ 10 ms), the others' p99
beside a slow client within 1.5x (+ 10 ms) of it alone, and no error reply. Exit code 1 when the new
server misses one of these. Bounded: every request has a 30 s client timeout, every loop a fixed
count, and everything goes to 127.0.0.1 only.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import re
import socket
import statistics
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench_teaching_model import TOOLS  # noqa: E402

MODEL = "fcourse-teacher"
QUESTIONS = [("What's the weather like in Paris today?", "Paris"), ("北京今天天气怎么样？", "北京")]
SERVERS: dict[str, list[str]] = {
    "new": [sys.executable, "-m", "fcourse", "serve", "--port", "0", "--quiet"],
    "old": [sys.executable, str(ROOT / "benchmarks" / "legacy_server.py"), "--port", "0", "--quiet"],
}
IDLE, HALF_SENT, PROBES = 300, 50, 20
QUIET_LEARNERS = 8

# --------------------------------------------------------------------------- the servers


def start_server(command: list[str]) -> tuple[subprocess.Popen[str], str]:
    """Start a server on a free port; return it with its base URL once it answers."""
    import httpx2

    proc = subprocess.Popen(
        command,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    assert proc.stdout is not None
    match = re.search(r"http://127\.0\.0\.1:\d+/v1", proc.stdout.readline())
    if not match:
        proc.kill()
        raise SystemExit(f"the server did not start: {command}")
    threading.Thread(target=proc.stdout.read, daemon=True).start()  # keep its other lines from blocking it
    base = match.group(0)
    deadline = time.monotonic() + 30
    while httpx2.get(base + "/models", timeout=5).status_code != 200:
        if time.monotonic() > deadline:
            proc.kill()
            raise SystemExit("the server did not answer")
        time.sleep(0.1)
    return proc, base


def stop_server(proc: subprocess.Popen[str]) -> None:
    proc.terminate()
    try:
        proc.wait(timeout=40)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


def _port(base: str) -> int:
    return int(base.rsplit(":", 1)[1].split("/")[0])


# --------------------------------------------------------------------------- 1. a room of learners


def _learner(base: str, requests: int, number: int, latencies: list[float], errors: list[str]) -> None:
    from fcourse.client import connect

    env = {"FCOURSE_BASE_URL": base, "FCOURSE_LEARNER": f"bench learner {number}"}
    client = connect("server", env=env, quiet=True, max_retries=0, timeout=30).client
    for i in range(requests):
        question, city = QUESTIONS[(number + i) % len(QUESTIONS)]
        start = time.perf_counter()
        try:
            reply = client.chat.completions.create(
                model=MODEL, messages=[{"role": "user", "content": question}], tools=TOOLS
            )
            call = reply.choices[0].message.tool_calls[0]
            if json.loads(call.function.arguments).get("city") != city:
                errors.append(f"wrong argument: {call.function.arguments}")
        except Exception as err:  # every failure is a figure here, not a crash
            errors.append(f"{type(err).__name__}: {err}")
        latencies.append(time.perf_counter() - start)


def _raw_learner(base: str, requests: int, number: int, latencies: list[float], errors: list[str]) -> None:
    """One learner on one keep-alive connection, with the standard library's HTTP client."""
    import http.client

    conn = http.client.HTTPConnection("127.0.0.1", _port(base), timeout=30)
    headers = {"Content-Type": "application/json", "X-Fcourse-Learner": f"bench-learner-{number}",
               "X-Fcourse-Client": f"bench-client-{number}"}
    try:
        for i in range(requests):
            question, city = QUESTIONS[(number + i) % len(QUESTIONS)]
            body = _BODIES[question]
            start = time.perf_counter()
            try:
                conn.request("POST", "/v1/chat/completions", body=body, headers=headers)
                reply = conn.getresponse()
                data = reply.read()
                if reply.status != 200:
                    errors.append(f"HTTP {reply.status}: {data[:200]!r}")
                else:
                    call = json.loads(data)["choices"][0]["message"]["tool_calls"][0]
                    if json.loads(call["function"]["arguments"]).get("city") != city:
                        errors.append(f"wrong argument: {call['function']['arguments']}")
            except Exception as err:  # every failure is a figure here, not a crash
                errors.append(f"{type(err).__name__}: {err}")
                conn.close()
                conn = http.client.HTTPConnection("127.0.0.1", _port(base), timeout=30)
            latencies.append(time.perf_counter() - start)
    finally:
        conn.close()


def _worker(
    base: str, clients: int, requests: int, first: int, start_at: float, raw: bool
) -> tuple[list[float], list[str], float, float, float]:
    if not raw:
        import openai  # noqa: F401  (imported before the clock starts)

        import fcourse.client  # noqa: F401

    latencies: list[float] = []
    errors: list[str] = []
    learner = _raw_learner if raw else _learner
    threads = [
        threading.Thread(target=learner, args=(base, requests, first + n, latencies, errors)) for n in range(clients)
    ]
    time.sleep(max(0.0, start_at - time.time()))  # all processes start together
    began, cpu = time.time(), time.process_time()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return latencies, errors, began, time.time(), time.process_time() - cpu


def _p99(latencies: list[float]) -> float:
    ordered = sorted(latencies)
    return ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]


def _cpu_seconds(pid: int) -> float:
    """CPU time (user + system) a process has used so far, from /proc (Linux); NaN elsewhere."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return float("nan")
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def room_load(base: str, clients: int, requests: int, processes: int, pid: int, raw: bool) -> dict[str, Any]:
    per = [clients // processes + (1 if p < clients % processes else 0) for p in range(processes)]
    server_cpu = _cpu_seconds(pid)
    with multiprocessing.get_context("spawn").Pool(processes) as pool:
        start_at = time.time() + 3.0  # time for every worker to start and import the SDK
        jobs = [pool.apply_async(_worker, (base, n, requests, sum(per[:p]), start_at, raw)) for p, n in enumerate(per)]
        results = [job.get(timeout=600) for job in jobs]
    server_cpu = _cpu_seconds(pid) - server_cpu  # the workers' start-up costs it nothing: it idles
    # from the first request sent to the last reply received, whatever each process's start-up took
    elapsed = max(r[3] for r in results) - min(r[2] for r in results)
    latencies = [t for r in results for t in r[0]]
    errors = [e for r in results for e in r[1]]
    return {
        "requests": len(latencies),
        "throughput": len(latencies) / elapsed,
        "p50_ms": statistics.median(latencies) * 1000,
        "p99_ms": _p99(latencies) * 1000,
        "errors": len(errors),
        "first_error": errors[0] if errors else "",
        "server_cpu_ms": server_cpu / len(latencies) * 1000,
        "client_cpu_ms": sum(r[4] for r in results) / len(latencies) * 1000,
    }


# --------------------------------------------------------------------------- 2. idle and half-sent


def _body(question: str = QUESTIONS[0][0], stream: bool = False) -> bytes:
    request: dict[str, Any] = {"model": MODEL, "messages": [{"role": "user", "content": question}], "tools": TOOLS}
    if stream:
        request["stream"] = True
    return json.dumps(request, ensure_ascii=False).encode()


_BODIES = {question: _body(question) for question, _ in QUESTIONS}


def crowded(base: str) -> dict[str, Any]:
    """New requests while ``IDLE`` connections send nothing and ``HALF_SENT`` stop halfway."""
    import httpx2

    port = _port(base)
    body = _body()
    head = f"POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\nContent-Length: {len(body)}\r\n\r\n".encode()
    held: list[socket.socket] = []
    refused = 0
    deadline = time.monotonic() + 120  # a server that cannot take them all costs at most this long
    try:
        for n in range(IDLE + HALF_SENT):
            if time.monotonic() > deadline:
                refused += 1
                continue
            try:
                sock = socket.create_connection(("127.0.0.1", port), timeout=5)
                if n >= IDLE:  # half-sent: half the headers, or the headers and half the body
                    sock.sendall(head[: len(head) // 2] if n % 2 else head + body[: len(body) // 2])
            except OSError:  # its listen queue is full, and stays so
                refused += 1
                continue
            held.append(sock)
        time.sleep(0.5)  # every connection accepted (the old server: a thread each)
        times = []
        for _ in range(PROBES):
            with httpx2.Client(timeout=30) as fresh:  # a new connection each time
                start = time.perf_counter()
                reply = fresh.post(base + "/chat/completions", content=body)
                times.append(time.perf_counter() - start)
                if reply.status_code != 200:
                    raise SystemExit(f"a new request among held connections got {reply.status_code}")
        still_open = sum(1 for sock in held if _open(sock))
    finally:
        for sock in held:
            sock.close()
    return {
        "max_ms": max(times) * 1000,
        "p50_ms": statistics.median(times) * 1000,
        "still_open": still_open,
        "refused": refused,
    }


def _open(sock: socket.socket) -> bool:
    """True while the server has not closed ``sock`` (nothing to read and no end of stream)."""
    sock.setblocking(False)
    try:
        return sock.recv(1, socket.MSG_PEEK) != b""
    except BlockingIOError:
        return True
    except OSError:
        return False


# --------------------------------------------------------------------------- 3. a slow streaming client


@dataclass
class SlowReader:
    """Streams replies over one connection and reads each a few bytes at a time, until told to stop."""

    port: int
    stop: threading.Event = field(default_factory=threading.Event)
    streams: int = 0
    seconds: list[float] = field(default_factory=list)
    sizes: list[int] = field(default_factory=list)

    def run(self) -> None:
        body = _body(QUESTIONS[1][0], stream=True)
        request = (
            f"POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\nContent-Length: {len(body)}\r\n\r\n".encode() + body
        )
        with socket.socket() as sock:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1024)  # before connecting: a small window
            sock.settimeout(30)
            sock.connect(("127.0.0.1", self.port))
            while not self.stop.is_set():
                start = time.perf_counter()
                sock.sendall(request)
                received = b""
                while not received.endswith(b"0\r\n\r\n"):  # the chunked reply's end
                    piece = sock.recv(64)
                    if not piece:
                        return
                    received += piece
                    time.sleep(0.01)
                self.streams += 1
                self.seconds.append(time.perf_counter() - start)
                self.sizes.append(len(received))


def _quiet_learners(base: str, requests: int) -> tuple[list[float], list[str]]:
    latencies: list[float] = []
    errors: list[str] = []
    threads = [
        threading.Thread(target=_learner, args=(base, requests, n, latencies, errors)) for n in range(QUIET_LEARNERS)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return latencies, errors


def slow_stream(base: str, requests: int) -> dict[str, Any]:
    alone, errors = _quiet_learners(base, requests)
    reader = SlowReader(_port(base))
    streamer = threading.Thread(target=reader.run, daemon=True)
    streamer.start()
    time.sleep(0.5)  # its first stream is under way
    beside, more = _quiet_learners(base, requests)
    reader.stop.set()
    streamer.join(60)
    return {
        "alone_p50_ms": statistics.median(alone) * 1000,
        "alone_p99_ms": _p99(alone) * 1000,
        "beside_p50_ms": statistics.median(beside) * 1000,
        "beside_p99_ms": _p99(beside) * 1000,
        "errors": len(errors) + len(more),
        "streams": reader.streams,
        "stream_s": statistics.median(reader.seconds) if reader.seconds else float("nan"),
        "stream_bytes": statistics.median(reader.sizes) if reader.sizes else 0,
    }


# --------------------------------------------------------------------------- the report


def measure(name: str, clients: int, requests: int, processes: int) -> dict[str, Any]:
    print(f"[{name}] load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}", flush=True)
    proc, base = start_server(SERVERS[name])
    figures: dict[str, Any] = {}
    try:
        _quiet_learners(base, 3)  # warm-up: connections, both languages
        for phase, run in (
            ("room", lambda: room_load(base, clients, requests, processes, proc.pid, raw=True)),
            ("sdk", lambda: room_load(base, clients, requests, processes, proc.pid, raw=False)),
            ("crowded", lambda: crowded(base)),
            ("slow", lambda: slow_stream(base, requests)),
        ):
            began = time.perf_counter()
            figures[phase] = run()
            print(f"[{name}] {phase}: {time.perf_counter() - began:.1f} s", flush=True)
    finally:
        stop_server(proc)
    return figures


#: (label, how to read it from the figures, format)
ROWS: list[tuple[str, Callable[[dict[str, Any]], float], str]] = [
    ("raw HTTP: requests/s", lambda f: f["room"]["throughput"], "{:.0f}"),
    ("raw HTTP: p50 ms", lambda f: f["room"]["p50_ms"], "{:.1f}"),
    ("raw HTTP: p99 ms", lambda f: f["room"]["p99_ms"], "{:.1f}"),
    ("raw HTTP: server CPU ms per request", lambda f: f["room"]["server_cpu_ms"], "{:.2f}"),
    ("raw HTTP: load generator CPU ms/request", lambda f: f["room"]["client_cpu_ms"], "{:.2f}"),
    ("SDK: requests/s", lambda f: f["sdk"]["throughput"], "{:.0f}"),
    ("SDK: p50 ms", lambda f: f["sdk"]["p50_ms"], "{:.1f}"),
    ("SDK: p99 ms", lambda f: f["sdk"]["p99_ms"], "{:.1f}"),
    ("SDK: server CPU ms per request", lambda f: f["sdk"]["server_cpu_ms"], "{:.2f}"),
    ("SDK: load generator CPU ms per request", lambda f: f["sdk"]["client_cpu_ms"], "{:.2f}"),
    ("errors", lambda f: f["room"]["errors"] + f["sdk"]["errors"] + f["slow"]["errors"], "{:.0f}"),
    ("new request, 350 held: slowest ms", lambda f: f["crowded"]["max_ms"], "{:.1f}"),
    ("new request, 350 held: median ms", lambda f: f["crowded"]["p50_ms"], "{:.1f}"),
    ("of the 350 held, still open", lambda f: f["crowded"]["still_open"], "{:.0f}"),
    ("of the 350, never connected", lambda f: f["crowded"]["refused"], "{:.0f}"),
    ("8 learners alone: p99 ms", lambda f: f["slow"]["alone_p99_ms"], "{:.1f}"),
    ("8 learners + slow stream: p99 ms", lambda f: f["slow"]["beside_p99_ms"], "{:.1f}"),
    ("8 learners alone: p50 ms", lambda f: f["slow"]["alone_p50_ms"], "{:.1f}"),
    ("8 learners + slow stream: p50 ms", lambda f: f["slow"]["beside_p50_ms"], "{:.1f}"),
    ("slow client: streams read, s each", lambda f: f["slow"]["stream_s"], "{:.2f}"),
]


def _not_slowed(slow: dict[str, Any]) -> bool:
    return bool(slow["beside_p99_ms"] <= 1.5 * slow["alone_p99_ms"] + 10)


def verdicts(results: dict[str, dict[str, Any]]) -> list[tuple[str, bool]]:
    """(what is judged, whether the new server meets it): only ratios, CPU per request and correctness."""
    new = results["new"]
    out = [
        ("no error reply (raw HTTP, SDK, slow-client runs)",
         new["room"]["errors"] + new["sdk"]["errors"] + new["slow"]["errors"] == 0),
        ("server CPU per request <= 1.0 ms (raw HTTP run)", new["room"]["server_cpu_ms"] <= 1.0),
        ("every held connection kept open", new["crowded"]["still_open"] == IDLE + HALF_SENT),
        ("a new request among 350 held <= 3x the median + 10 ms",
         new["crowded"]["max_ms"] <= 3 * new["crowded"]["p50_ms"] + 10),
        ("the others beside a slow client: p99 <= 1.5x alone + 10 ms", _not_slowed(new["slow"])),
    ]
    if "old" in results:
        old = results["old"]
        out += [
            ("raw HTTP requests/s >= the old server's", new["room"]["throughput"] >= old["room"]["throughput"]),
            ("raw HTTP p99 <= the old server's", new["room"]["p99_ms"] <= old["room"]["p99_ms"]),
        ]
    return out


def report(results: dict[str, dict[str, Any]], clients: int, requests: int) -> bool:
    names = list(results)
    print(f"\nclassroom over loopback HTTP, {clients} learners x {requests} requests each run")
    print(f"{'':42}" + "".join(f"{name + ' server':>14}" for name in names))
    for label, read, fmt in ROWS:
        print(f"{label:42}" + "".join(f"{fmt.format(read(results[name])):>14}" for name in names))
    for name in names:
        slow = results[name]["slow"]
        print(f"[{name}] slow client: {slow['streams']} streams of ~{slow['stream_bytes']:.0f} bytes, "
              f"{slow['stream_s']:.2f} s each")
        for phase in ("room", "sdk"):
            if results[name][phase]["first_error"]:
                print(f"[{name}] first error ({phase}): {results[name][phase]['first_error']}")
    if "new" not in results:
        return True
    print()
    judged = verdicts(results)
    for what, ok in judged:
        print(f"{'met   ' if ok else 'MISSED'}  {what}")
    return all(ok for _, ok in judged)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=32)
    parser.add_argument("--requests", type=int, default=20, help="requests per client")
    parser.add_argument("--processes", type=int, default=2, help="load-generator processes")
    parser.add_argument("--servers", default="new,old", help="which servers, in order (new, old)")
    args = parser.parse_args()
    results = {
        name: measure(name, args.clients, args.requests, args.processes) for name in args.servers.split(",") if name
    }
    met = report(results, args.clients, args.requests)
    if "new" in results:
        print("new server: every judged figure met" if met else "new server: a judged figure was MISSED (see above)")
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
