"""How long does the teaching model's policy take to decide? Median per request, warm and cold.

    python benchmarks/bench_teaching_policy.py [--rounds N]

Prints, it does not assert: timings depend on the machine and its load, so they
belong here and not in the tests. This used to be a test ("median under 5 ms")
that mostly timed ``functools.lru_cache`` hits, because it repeated three
requests. Both numbers are printed now:

- *warm*: the same three requests again and again, so the caches on tool
  descriptions, parsed patterns and analysed texts answer most of the work;
- *cold*: every cache of the teaching package cleared before each call, so
  each request pays for analysing its tool descriptions and text from scratch
  (jieba's dictionary, loaded once per process, stays loaded).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from fcourse.teaching.policy import decide  # noqa: E402

ORDER_ID = {"type": "string", "description": "Order id, such as O-100"}


def _tool(name: str, description: str, properties: dict[str, Any], required: list[str]) -> dict[str, Any]:
    parameters = {"type": "object", "properties": properties, "required": required}
    return {"type": "function", "function": {"name": name, "description": description, "parameters": parameters}}


TOOLS = [
    _tool("get_weather", "Get the current weather for a city.", {"city": {"type": "string"}}, ["city"]),
    _tool("refund_order", "Refund a paid order: give the customer their money back.", {"order_id": ORDER_ID},
          ["order_id"]),
    _tool("cancel_order", "Cancel an unpaid order so it is never charged.", {"order_id": ORDER_ID}, ["order_id"]),
]
REQUESTS = [
    {"model": "fcourse-teacher", "messages": [{"role": "user", "content": text}], "tools": TOOLS}
    for text in ("I paid for order O-100, please refund it.", "北京和上海今天天气怎么样？",
                 "When will order O-100 arrive?")
]


def _clear_caches() -> None:
    for name, module in list(sys.modules.items()):
        if name.startswith("fcourse.teaching"):
            for value in vars(module).values():
                clear = getattr(value, "cache_clear", None)
                if callable(clear):
                    clear()


def _median_ms(rounds: int, before: Callable[[], None]) -> float:
    times = []
    for i in range(rounds):
        before()
        start = time.perf_counter()
        decide(REQUESTS[i % len(REQUESTS)])
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=300)
    args = parser.parse_args(argv)
    for request in REQUESTS:  # load jieba and the lexicon once, outside the timings
        decide(request)
    warm = _median_ms(args.rounds, lambda: None)
    cold = _median_ms(args.rounds, _clear_caches)
    print(f"policy.decide, {args.rounds} requests of {len(REQUESTS)} kinds, {len(TOOLS)} tools")
    print(f"  warm (caches hit):     median {warm:.2f} ms")
    print(f"  cold (caches cleared): median {cold:.2f} ms")


if __name__ == "__main__":
    main()
