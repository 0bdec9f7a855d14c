"""fcourse.lab.exercises.parallel: concurrency proved by a barrier, matching by id by results that finish in
reverse, the user from the session; the reference and the package loop pass, every committed wrong loop fails."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import jsonschema  # noqa: F401 - imported before the clock starts: its first import takes seconds
import pytest
from exercise_support import load, reference, wrong_solutions

from fcourse.lab.exercises.parallel import BARRIER_TIMEOUT, CASES, check_parallel_loop
from fcourse.protocol.loop import run_tool_loop


def test_the_reference_passes_every_case_without_waiting_at_the_barrier() -> None:
    started = time.perf_counter()
    report = check_parallel_loop(reference("parallel_loop").tool_loop)
    assert report.passed, report.text()
    assert len(report.cases) == len(CASES)
    assert time.perf_counter() - started < BARRIER_TIMEOUT  # nobody waited for a barrier that never opens


def test_the_package_loop_passes() -> None:
    def package(*args: Any, **options: Any) -> list[dict[str, Any]]:
        return run_tool_loop(*args, **options).messages

    assert check_parallel_loop(package).passed


@pytest.mark.parametrize("path", wrong_solutions("parallel_loop"), ids=lambda p: p.stem)
def test_a_wrong_loop_fails_and_the_report_points_at_its_mistake(path: Path) -> None:
    module = load(path)
    report = check_parallel_loop(module.tool_loop)
    assert not report.passed
    assert module.MISTAKE in report.text(), report.text()


def test_the_package_loop_run_one_call_at_a_time_fails_only_the_concurrency_case() -> None:
    def sequential(*args: Any, **options: Any) -> list[dict[str, Any]]:
        return run_tool_loop(*args, parallel=False, **options).messages

    report = check_parallel_loop(sequential)
    assert [case.case for case in report.failures()] == ["two calls at once"]
