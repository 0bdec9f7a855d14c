"""How fast is the teaching model? Median time per request, three ways, side by side.

    python benchmarks/bench_teaching_model.py [--rounds N]

1. ``handle()``: the endpoint as a Python call (validation, policy, shaping);
2. the SDK's own floor: the same ``openai.OpenAI`` client with a transport that
   returns a canned reply (the teaching model's own reply to that request, so the
   SDK parses the same bytes) — what any in-process model costs at least;
3. the real ``openai`` SDK in-process (``fcourse.connect()``: SDK + httpx2 + transport),
   and its ratio to the floor;
4. the real ``openai`` SDK over HTTP against ``python -m fcourse serve`` on localhost;
5. the SDK in-process again, but with a *new user turn* every time (the question
   numbered ``(#1)``, ``(#2)``, ...): the endpoint remembers decisions for repeated
   requests, so columns 1, 3 and 4 show what a repeated request costs (a classroom
   re-running a notebook) and this one what a learner's own new sentence costs;
6. a fresh Python process: ``import fcourse``, then ``fcourse.connect()`` and the first
   ``chat.completions.create`` (what a learner waits for in a notebook's first cell), median of
   3 processes, beside the floor measured in the same run: ``import openai`` alone in a fresh
   process (the SDK the first decision cannot do without).

Each runs the same requests (three tools; English and Chinese), after a warm-up.

Judged, as ratios and differences from floors measured in the same run (never an absolute figure
of this shared machine): a new turn costs at most 2.0x the SDK floor, and a fresh process's first
decision at most 300 ms more than ``import openai``. Exit code 1 when one is missed.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import httpx2  # noqa: E402
import openai  # noqa: E402

from fcourse.client import connect  # noqa: E402
from fcourse.teaching.wire.endpoint import MODEL_NAME, handle  # noqa: E402


def _tool(name: str, description: str, param: str, param_description: str) -> dict[str, Any]:
    return {
        "type": "function",
        "function": {
            "name": name,
            "description": description,
            "parameters": {
                "type": "object",
                "properties": {param: {"type": "string", "description": param_description}},
                "required": [param],
            },
        },
    }


TOOLS = [
    _tool("get_weather", "Get the current weather for a city.", "city", "The city, e.g. Paris or 北京"),
    _tool("get_time", "Get the local time in a city.", "city", "The city"),
    _tool(
        "refund_order",
        "Refund a paid order: the money goes back to the customer.",
        "order_id",
        "Order id like O-100",
    ),
]
CASES = {
    "3 tools, English": "What's the weather like in Paris today?",
    "3 tools, Chinese": "北京今天天气怎么样？",
}


def _median_ms_each(fn: Callable[[int], object], rounds: int, warm: int = 20) -> float:
    """Median ms of ``fn(i)`` for i = warm..warm+rounds, after ``fn(0..warm)`` (each call a new request)."""
    for i in range(warm):
        fn(i)
    times = []
    for i in range(warm, warm + rounds):
        start = time.perf_counter_ns()
        fn(i)
        times.append(time.perf_counter_ns() - start)
    return statistics.median(times) / 1e6


def _median_ms(fn: Callable[[], object], rounds: int) -> float:
    for _ in range(min(20, rounds)):
        fn()
    times = []
    for _ in range(rounds):
        start = time.perf_counter_ns()
        fn()
        times.append(time.perf_counter_ns() - start)
    return statistics.median(times) / 1e6


def _start_server() -> tuple[subprocess.Popen[str], str]:
    proc = subprocess.Popen(
        [sys.executable, "-m", "fcourse", "serve", "--port", "0", "--quiet"],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        stdout=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None
    match = re.search(r"http://127\.0\.0\.1:\d+/v1", proc.stdout.readline())
    if not match:
        proc.kill()
        raise SystemExit("the server did not start")
    return proc, match.group(0)


_FRESH = """
import sys, time
t0 = time.perf_counter()
import fcourse
t1 = time.perf_counter()
client, model = fcourse.connect("offline", quiet=True)
client.chat.completions.create(model=model, messages=[{"role": "user", "content": sys.argv[1]}], tools=%r)
t2 = time.perf_counter()
print((t1 - t0) * 1000, (t2 - t1) * 1000)
"""


_OPENAI = "import time; t = time.perf_counter(); import openai; print((time.perf_counter() - t) * 1000)"


def _fresh_ms(question: str, runs: int = 3) -> tuple[float, float, float]:
    """Median ms of ``import fcourse``, of the first decision after it, and of ``import openai`` alone, each in
    a new process; the floor's runs interleaved with the others, so a burst of load hits both alike."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    imports, firsts, floors = [], [], []
    for _ in range(runs):
        out = subprocess.run([sys.executable, "-c", _FRESH % (TOOLS,), question], cwd=ROOT, check=True,
                             env=env, capture_output=True, text=True)
        a, b = out.stdout.split()[-2:]
        imports.append(float(a))
        firsts.append(float(b))
        floor = subprocess.run([sys.executable, "-c", _OPENAI], cwd=ROOT, check=True, env=env,
                               capture_output=True, text=True)
        floors.append(float(floor.stdout.split()[-1]))
    return statistics.median(imports), statistics.median(firsts), statistics.median(floors)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=300, help="timed requests per cell (default 300)")
    rounds = parser.parse_args().rounds

    offline, _ = connect(quiet=True, env={})
    proc, base = _start_server()
    try:
        http = openai.OpenAI(api_key="bench", base_url=base, max_retries=0)
        rows = []
        for label, question in CASES.items():
            messages = [{"role": "user", "content": question}]
            raw = json.dumps(
                {"model": MODEL_NAME, "messages": messages, "tools": TOOLS}, ensure_ascii=False
            ).encode()
            assert handle("POST", "/v1/chat/completions", raw).status == 200

            def sdk(client: openai.OpenAI, messages: list[dict[str, str]] = messages) -> object:
                return client.chat.completions.create(model=MODEL_NAME, messages=messages, tools=TOOLS)  # type: ignore[arg-type]

            def direct(raw: bytes = raw) -> object:
                return handle("POST", "/v1/chat/completions", raw)

            def new_turn(i: int, question: str = question) -> object:
                turn = [{"role": "user", "content": f"{question} (#{i})"}]
                return offline.chat.completions.create(model=MODEL_NAME, messages=turn, tools=TOOLS)  # type: ignore[arg-type]

            canned = handle("POST", "/v1/chat/completions", raw).body
            floor = openai.OpenAI(
                api_key="bench",
                base_url="http://floor.invalid/v1",
                max_retries=0,
                http_client=httpx2.Client(
                    transport=httpx2.MockTransport(
                        lambda request, body=canned: httpx2.Response(
                            200, content=body, headers={"content-type": "application/json"}
                        )
                    )
                ),
            )
            rows.append(
                (
                    label,
                    _median_ms(direct, rounds),
                    _median_ms(lambda floor=floor: sdk(floor), rounds),
                    _median_ms(lambda: sdk(offline), rounds),
                    _median_ms(lambda: sdk(http), rounds),
                    _median_ms_each(new_turn, rounds),
                )
            )
    finally:
        proc.terminate()
        proc.wait(timeout=10)

    print(f"teaching model, median ms per request ({rounds} timed requests per cell, after warm-up)")
    header = ("request", "handle()", "SDK floor", "SDK in-process", "/ floor", "SDK over HTTP", "/ floor",
              "new turn", "/ floor")
    widths = (18, 9, 10, 15, 8, 14, 8, 9, 8)
    print(" ".join(f"{h:<{w}}" if i == 0 else f"{h:>{w}}" for i, (h, w) in enumerate(zip(header, widths))))
    for label, direct, floor_ms, in_process, over_http, fresh in rows:
        print(
            f"{label:<18} {direct:>9.3f} {floor_ms:>10.3f} {in_process:>15.3f} {in_process / floor_ms:>7.2f}x"
            f" {over_http:>14.3f} {over_http / floor_ms:>7.2f}x {fresh:>9.3f} {fresh / floor_ms:>7.2f}x"
        )
    print()
    print("a fresh process, median of 3: 'import fcourse', then connect() and the first decision through the SDK,")
    print("beside 'import openai' alone in a fresh process (the floor)")
    judged = [(f"{label}: a new turn <= 2.0x the SDK floor ({fresh / floor_ms:.2f}x)", fresh / floor_ms <= 2.0)
              for label, _, floor_ms, _, _, fresh in rows]
    for label, question in CASES.items():
        imported, first, floor = _fresh_ms(question)
        print(f"{label:<18} import fcourse {imported:>5.0f} ms   first decision {first:>6.0f} ms   "
              f"import openai {floor:>5.0f} ms   over it {first - floor:>+6.0f} ms")
        judged.append((f"{label}: first decision <= 300 ms over import openai ({first - floor:+.0f} ms)",
                       first - floor <= 300))
    print()
    for what, ok in judged:
        print(f"{'met   ' if ok else 'MISSED'}  {what}")
    return 0 if all(ok for _, ok in judged) else 1


if __name__ == "__main__":
    sys.exit(main())
