"""What does checking a tool call cost? The registry beside a direct call and two peers.

    python benchmarks/bench_registry.py [--calls N]

The same trivial tool, ``add(a: int, b: int) -> int``, called with its arguments as
the JSON string a model sends (``'{"a": 1, "b": 2}'``):

1. a direct Python call (``json.loads`` + the function): the floor;
2. fcourse's registry: look-up, parse, schema check, availability, dispatch, response;
3. langchain-core's ``StructuredTool.invoke`` (pydantic validation);
4. the OpenAI Agents SDK's ``function_tool`` → ``on_invoke_tool`` (pydantic validation).

Peer 3 is a bench-only optional dependency (``pip install -e '.[bench]'``, which ``make bench``
does); peer 4 comes with the test extra (``make install``). A peer that is not installed is
reported as such.
Each figure is the best of 5 rounds of N/5 calls, measured in one run.
An invalid call is timed too, so the speed of the valid path does not hide the
cost of reporting every schema error in full. Last, the first validation in a fresh
process (register a tool, make one call: what a chapter-4 kernel pays once) over a
fresh process that only imports fcourse.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

ARGUMENTS = '{"a": 1, "b": 2}'
INVALID = '{"a": "one", "c": 2}'


def add(a: int, b: int) -> int:
    """Add two integers."""
    return a + b


def best_us(fn: Callable[[], object], calls: int) -> float:
    per_round = max(1, calls // 5)
    for _ in range(min(per_round, 1000)):
        fn()
    best = float("inf")
    for _ in range(5):
        start = time.perf_counter()
        for _ in range(per_round):
            fn()
        best = min(best, (time.perf_counter() - start) / per_round)
    return best * 1e6


def fcourse_calls() -> tuple[Callable[[], object], Callable[[], object]]:
    from fcourse import ToolRegistry

    registry = ToolRegistry()
    registry.tool(add)
    valid = registry.execute("add", ARGUMENTS)
    invalid = registry.execute("add", INVALID)
    assert valid.data == 3, valid
    assert invalid.error_code == "INVALID_ARGUMENT" or str(invalid.error_code).endswith("INVALID_ARGUMENT"), invalid
    return (lambda: registry.execute("add", ARGUMENTS)), (lambda: registry.execute("add", INVALID))


def langchain_call() -> Callable[[], object] | str:
    try:
        from langchain_core.tools import StructuredTool
    except ImportError:
        return "not installed (pip install -e '.[bench]')"
    tool = StructuredTool.from_function(add)
    assert tool.invoke(json.loads(ARGUMENTS)) == 3
    return lambda: tool.invoke(json.loads(ARGUMENTS))


def agents_call() -> Callable[[], object] | str:
    try:
        from agents import function_tool
        from agents.tool_context import ToolContext
    except ImportError:
        return "not installed (pip install -e '.[test]')"
    tool = function_tool(add)
    context = ToolContext(context=None, tool_name="add", tool_call_id="call_1", tool_arguments=ARGUMENTS)
    loop = asyncio.new_event_loop()

    def call() -> object:
        return loop.run_until_complete(tool.on_invoke_tool(context, ARGUMENTS))

    assert int(call()) == 3
    return call


FIRST_VALIDATION = """
from fcourse import ToolRegistry
def add(a: int, b: int) -> int:
    '''Add two integers.'''
    return a + b
registry = ToolRegistry()
registry.tool(add)
assert registry.execute("add", '{"a": 1, "b": 2}').data == 3
"""


def first_validation_s(rounds: int = 3) -> tuple[float, float]:
    """Best wall time of a fresh interpreter running ``FIRST_VALIDATION``, and of one importing only fcourse."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "FCOURSE_BACKEND": "offline"}

    def best(code: str) -> float:
        times = []
        for _ in range(rounds):
            start = time.perf_counter()
            subprocess.run([sys.executable, "-c", code], env=env, check=True)
            times.append(time.perf_counter() - start)
        return min(times)

    return best(FIRST_VALIDATION), best("import fcourse")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=20_000)
    calls = parser.parse_args().calls

    direct = best_us(lambda: add(**json.loads(ARGUMENTS)), calls)
    valid, invalid = fcourse_calls()
    rows: list[tuple[str, float | str]] = [
        ("direct call (json.loads + function)", direct),
        ("fcourse registry, valid call", best_us(valid, calls)),
        ("fcourse registry, invalid call", best_us(invalid, calls)),
    ]
    for label, peer in (("langchain-core StructuredTool.invoke", langchain_call()),
                        ("openai-agents on_invoke_tool", agents_call())):
        rows.append((label, peer if isinstance(peer, str) else best_us(peer, max(1000, calls // 10))))
    print(f"tool-call overhead, add(a, b) with JSON-string arguments, best of 5 rounds ({calls} calls)")
    for label, value in rows:
        if isinstance(value, str):
            print(f"  {label:<40} {value}")
        else:
            print(f"  {label:<40} {value:9.2f} µs/call   {value / direct:7.1f}x direct")
    first, floor = first_validation_s()
    print(
        f"first validation in a fresh process: {first:.2f} s (importing fcourse alone: {floor:.2f} s;"
        f" {first - floor:.2f} s over it)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
