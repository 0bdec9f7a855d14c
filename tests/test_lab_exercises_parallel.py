"""fcourse.lab.exercises.parallel: concurrency proved by a barrier, matching by id by results that finish in
reverse, the user from the session (two users at once too); the reference as pasted and the package loop pass."""

from __future__ import annotations

import inspect
import threading
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
    assert "run_call with three arguments" in [case.case for case in report.cases]
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
    assert [case.case for case in report.failures()] == ["two calls at once", "four calls at once"]


def _reference_source(**replace: str) -> dict[str, Any]:
    """The reference pasted as the notebook's run_call and tool_loop, with ``replace``'s edits (old -> new)."""
    namespace = pasted(solutions.run_call_in_session, solutions.parallel_tool_loop)
    source = "\n".join(inspect.getsource(f) for f in (solutions.run_call_in_session, solutions.parallel_tool_loop))
    source = source.replace("run_call_in_session", "run_call").replace("parallel_tool_loop", "tool_loop")
    for old, new in replace.items():
        assert old in source, old
        source = source.replace(old, new)
    exec(compile(source, "<edited reference>", "exec"), namespace)  # noqa: S102 - our own reference, edited
    return namespace


def test_a_pool_of_two_workers_fails_only_the_four_calls_at_once() -> None:
    loop = _reference_source(**{"max_workers=len(calls)": "max_workers=2"})["tool_loop"]
    report = check_parallel_loop(loop)
    assert [case.case for case in report.failures()] == ["four calls at once"], report.text()
    assert "look at: give every call of a reply its own worker" in report.text()


def test_run_call_without_a_default_session_fails_the_three_argument_call() -> None:
    loop = _reference_source(**{"handlers, session=None):": "handlers, session):"})["tool_loop"]
    report = check_parallel_loop(loop)
    assert [case.case for case in report.failures()] == ["run_call with three arguments"], report.text()
    assert report.failures()[0].got.startswith("raised TypeError")
    assert "look at: give run_call's new parameter a default (session=None)" in report.text()


def test_a_barrier_replaced_in_the_threading_module_does_not_open_the_checkers(monkeypatch: pytest.MonkeyPatch) \
        -> None:
    class OpenBarrier:  # wait() returns at once: one call alone would pass the barrier
        def __init__(self, parties: int, action: Any = None, timeout: float | None = None) -> None:
            self.parties = parties

        def wait(self, timeout: float | None = None) -> int:
            return 0

    def sequential(*args: Any, **options: Any) -> list[dict[str, Any]]:
        return run_tool_loop(*args, parallel=False, **options).messages

    monkeypatch.setattr(parallel, "_REFERENCES", {})
    monkeypatch.setattr(threading, "Barrier", OpenBarrier)
    report = check_parallel_loop(sequential)
    assert [case.case for case in report.failures()] == ["two calls at once", "four calls at once"]
    assert "threading.Barrier was replaced in this kernel" in report.text()
