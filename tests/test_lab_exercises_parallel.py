"""fcourse.lab.exercises.parallel: concurrency proved by a barrier, matching by id by results that finish in
reverse, the user from the session (two users at once too); the reference as pasted and the package loop pass."""

from __future__ import annotations

import time
from typing import Any

import jsonschema  # noqa: F401 - imported before the clock starts: its first import takes seconds
import pytest
from exercise_support import pasted

from fcourse.lab.exercises import parallel, solutions
from fcourse.lab.exercises.parallel import BARRIER_TIMEOUT, check_parallel_loop
from fcourse.protocol.loop import run_tool_loop


def _reference() -> Any:
    return pasted(solutions.run_call_in_session, solutions.parallel_tool_loop)["parallel_tool_loop"]


def test_the_reference_as_pasted_passes_every_case_without_waiting_at_the_barrier() -> None:
    reference = _reference()
    check_parallel_loop(reference)  # warm up: the first run imports and builds what the later ones reuse
    started = time.perf_counter()
    report = check_parallel_loop(reference)
    assert report.passed, report.text()
    assert time.perf_counter() - started < 2 * BARRIER_TIMEOUT + 2  # nobody waited at a barrier that never opens


def test_the_package_loop_agrees(monkeypatch: pytest.MonkeyPatch) -> None:
    def package(*args: Any, **options: Any) -> list[dict[str, Any]]:
        return run_tool_loop(*args, **options).messages

    monkeypatch.setattr(parallel, "_REFERENCES", {})
    assert check_parallel_loop(package).passed


def test_the_package_loop_run_one_call_at_a_time_fails_only_the_concurrency_case(monkeypatch: pytest.MonkeyPatch) \
        -> None:
    def sequential(*args: Any, **options: Any) -> list[dict[str, Any]]:
        return run_tool_loop(*args, parallel=False, **options).messages

    monkeypatch.setattr(parallel, "_REFERENCES", {})
    report = check_parallel_loop(sequential)
    assert [case.case for case in report.failures()] == ["two calls at once"]
