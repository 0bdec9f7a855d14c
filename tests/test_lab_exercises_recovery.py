"""fcourse.lab.exercises.recovery: the grader runs a learner's decision function on the real runtime, per fault."""

from __future__ import annotations

import sys
from typing import Any

import pytest

from fcourse.lab.exercises.recovery import RecoveryReport, check_recovery_policy
from fcourse.runtime.recovery import RuntimeAction, decide_recovery
from fcourse.shop.faults import Fault


@pytest.mark.parametrize(
    ("policy", "passing"),
    [
        (decide_recovery, set(Fault) - {Fault.NONE}),
        (lambda status: "RETRY_ONCE", {Fault.TIMEOUT_BEFORE_EXECUTION, Fault.SERVICE_DOWN}),
        (
            lambda status: RuntimeAction.REPLAY_SUCCESS,
            {Fault.TIMEOUT_AFTER_SUCCESS, Fault.CRASH_AFTER_LEDGER, Fault.SLOW},
        ),
        (lambda status: "MANUAL_REVIEW", {Fault.CRASH_IN_FLIGHT, Fault.STATUS_LOOKUP_FAILS}),
        (lambda status: None, set()),
    ],
    ids=["default", "always-retry", "always-replay", "always-review", "returns-None"],
)
def test_check_recovery_policy_runs_the_real_runtime(policy: Any, passing: set[Fault]) -> None:
    report = check_recovery_policy(policy)
    assert isinstance(report, RecoveryReport)
    assert {check.fault for check in report.checks} == {str(f) for f in Fault if f is not Fault.NONE}
    assert {check.fault for check in report.checks if check.passed} == {str(f) for f in passing}
    assert report.passed == (len(passing) == len(report.checks))
    assert all(check.problem for check in report.failures())


def test_policy_report_messages_and_rendering() -> None:
    report = check_recovery_policy(lambda status: "RETRY_ONCE")
    by_fault = {check.fault: check for check in report.checks}
    assert by_fault["TIMEOUT_AFTER_SUCCESS"].problem.startswith("retried after SUCCEEDED")
    assert "refund requests=2" in by_fault["TIMEOUT_AFTER_SUCCESS"].problem
    assert by_fault["TIMEOUT_AFTER_SUCCESS"].handler_execution_count == 1
    text = repr(report)
    assert text.splitlines()[0].split() == ["fault", "status", "action", "final", "executions", "verdict"]
    assert text.endswith("2/7 faults handled correctly")
    html = report._repr_html_()
    assert html.startswith("<table>") and html.count("<tr") == 8 and "#fce8e6" in html
    always_replay = repr(check_recovery_policy(lambda s: "REPLAY_SUCCESS"))
    assert always_replay.count("reported success without a ledger effect") == 3
    assert repr(check_recovery_policy()) == repr(check_recovery_policy())  # byte-stable


def test_the_solution_passes_and_plausible_wrong_answers_fail() -> None:
    def retry_unless_succeeded(status: str) -> str:  # plausible, but retries while UNKNOWN
        return "REPLAY_SUCCESS" if status == "SUCCEEDED" else "RETRY_ONCE"

    def wait_unless_succeeded(status: str) -> str:  # plausible, but gives up when a retry is safe
        return "REPLAY_SUCCESS" if status == "SUCCEEDED" else "AWAIT_RECONCILIATION"

    assert check_recovery_policy(decide_recovery).passed
    assert {c.fault for c in check_recovery_policy(retry_unless_succeeded).failures()} == {
        "CRASH_IN_FLIGHT",
        "STATUS_LOOKUP_FAILS",
    }
    assert {c.fault for c in check_recovery_policy(wait_unless_succeeded).failures()} == {
        "TIMEOUT_BEFORE_EXECUTION",
        "SERVICE_DOWN",
    }


def test_grading_loads_the_shop_but_the_runtime_does_not() -> None:
    assert "fcourse.shop.world" in sys.modules  # the grader needs the example business ...
    assert "check_recovery_policy" not in vars(sys.modules["fcourse.runtime.recovery"])  # ... the runtime does not
