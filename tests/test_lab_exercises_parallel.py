"""fcourse.lab.exercises.parallel: concurrency proved by a barrier, matching by id by results that finish in
reverse, the user from the session (two users at once too); the reference as pasted and the package loop pass."""

from __future__ import annotations

from typing import Any

import pytest
from exercise_support import pasted

from fcourse.lab.exercises import parallel, solutions
from fcourse.lab.exercises.parallel import check_parallel_loop
from fcourse.protocol.loop import run_tool_loop


def _reference() -> Any:
    return pasted(solutions.run_call_in_session, solutions.parallel_tool_loop)["parallel_tool_loop"]


def test_the_reference_as_pasted_passes_every_case_and_its_calls_met_at_the_barrier() -> None:
    report = check_parallel_loop(_reference())
    assert report.passed, report.text()
    together = next(case for case in report.cases if case.case == "two calls at once")
    assert together.passed and together.got == "as expected"  # a barrier that timed out fails this case
    assert report.cases[-1].case.startswith("generated conversations (")


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
