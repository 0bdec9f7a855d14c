"""The chapter-4 demo in a terminal: each refund scenario's trace, printed.

Introduced in chapter 4::

    python -m fcourse demo refund                              # all seven scenarios
    python -m fcourse demo refund --scenario timeout_after_success

The world lives in ``fcourse.shop.world`` and the scenarios in
``fcourse.shop.scenarios``; their names are importable from here too
(``from fcourse.shop.demo import SCENARIOS, build_world``, as notebook 04 does).
"""

from __future__ import annotations

import argparse
import sys

from fcourse.shop.scenarios import SCENARIO_DESCRIPTIONS, SCENARIOS, ScenarioResult, run_scenario
from fcourse.shop.world import (
    DEMO_ARGUMENTS,
    DEMO_KEY,
    DEMO_SESSION,
    World,
    build_world,
    register_refund_tools,
)

__all__ = [
    "DEMO_ARGUMENTS",
    "DEMO_KEY",
    "DEMO_SESSION",
    "SCENARIOS",
    "SCENARIO_DESCRIPTIONS",
    "ScenarioResult",
    "World",
    "build_world",
    "main",
    "register_refund_tools",
    "run_scenario",
]


def main(argv: list[str] | None = None) -> int:
    """``python -m fcourse demo refund [--scenario NAME]``: print each scenario's trace; return the exit code."""
    args_in = list(sys.argv[1:] if argv is None else argv)
    if args_in and args_in[0] == "demo":
        args_in = args_in[1:]
    parser = argparse.ArgumentParser(
        prog="python -m fcourse demo",
        description="Chapter 4: refund_order through the registry and idempotent recovery.",
    )
    parser.add_argument("demo", choices=["refund"], help="which demo to run")
    parser.add_argument("--scenario", choices=SCENARIOS, help="run only this scenario")
    try:
        args = parser.parse_args(args_in)
    except SystemExit as exit_:
        return int(exit_.code or 0)
    names = [args.scenario] if args.scenario else list(SCENARIOS)
    for index, name in enumerate(names):
        if index:
            print()
        result = run_scenario(name)
        print(f"== {name}: {result.description}")
        print(result)
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
