"""fcourse.lab.exercises.recovery: the grader runs a learner's decision on the real runtime per fault, then on harder
situations; the reference passes, each committed wrong decision fails, pointed at."""

from __future__ import annotations

import sys
from typing import Any

import pytest
from exercise_support import pasted

from fcourse.lab.exercises.recovery import RecoveryReport, check_recovery_policy, solution_decide
from fcourse.runtime.recovery import RuntimeAction, decide_recovery
from fcourse.shop.faults import Fault

SOLUTION = pasted(solution_decide)["solution_decide"]
SITUATIONS = 9  # the harder situations a first timeout never shows
ALL_FAULTS = {str(f) for f in Fault if f is not Fault.NONE}


@pytest.mark.parametrize(
    ("policy", "passing"),
    [
        (SOLUTION, set(Fault) - {Fault.NONE}),
        (lambda situation: "RETRY_ONCE", {Fault.TIMEOUT_BEFORE_EXECUTION, Fault.SERVICE_DOWN}),
        (
            lambda situation: RuntimeAction.REPLAY_SUCCESS,
            {Fault.TIMEOUT_AFTER_SUCCESS, Fault.CRASH_AFTER_LEDGER, Fault.SLOW},
        ),
        (lambda situation: "MANUAL_REVIEW", {Fault.CRASH_IN_FLIGHT, Fault.STATUS_LOOKUP_FAILS}),
        (lambda situation: None, set()),
    ],
    ids=["solution", "always-retry", "always-replay", "always-review", "returns-None"],
)
def test_check_recovery_policy_runs_the_real_runtime(policy: Any, passing: set[Fault]) -> None:
    report = check_recovery_policy(policy)
    assert isinstance(report, RecoveryReport)
    assert {check.fault for check in report.checks} == ALL_FAULTS
    assert {check.fault for check in report.checks if check.passed} == {str(f) for f in passing}
    assert all(check.problem for check in report.failures())


def test_the_solution_as_pasted_passes_every_fault_every_situation_and_the_generated_ones() -> None:
    report = check_recovery_policy(SOLUTION)
    assert report.passed, repr(report)
    assert report.situations[-1].case.startswith("generated situations, in sequence (")
    assert repr(report).endswith(f"7/7 faults handled correctly, {SITUATIONS + 1}/{SITUATIONS + 1} harder situations")


def test_the_reference_imported_as_it_is_is_not_the_learner_s_own() -> None:
    report = check_recovery_policy(solution_decide)
    assert not report.passed and [case.case for case in report.situations] == ["your own code"]


def test_the_situations_are_the_three_the_issue_names_and_their_neighbours() -> None:
    names = " | ".join(case.case for case in check_recovery_policy(SOLUTION).situations)
    assert "the retry timed out too" in names and "lookup itself is down" in names and "other arguments" in names


def test_the_package_rule_needs_only_the_status_because_the_runtime_settles_the_rest() -> None:
    report = check_recovery_policy(lambda situation: decide_recovery(situation["status"] or "UNKNOWN"))
    assert all(check.passed for check in report.checks)
    failed = {case.case for case in report.situations if not case.passed}
    assert failed == {"the retry timed out too; NOT_EXECUTED again", "NOT_EXECUTED after two retries",
                      "SUCCEEDED, under other arguments", "SUCCEEDED, arguments unknown"}


def test_policy_report_messages_and_rendering() -> None:
    report = check_recovery_policy(lambda situation: "RETRY_ONCE")
    by_fault = {check.fault: check for check in report.checks}
    assert by_fault["TIMEOUT_AFTER_SUCCESS"].problem.startswith("retried after SUCCEEDED")
    assert "refund requests=2" in by_fault["TIMEOUT_AFTER_SUCCESS"].problem
    assert by_fault["TIMEOUT_AFTER_SUCCESS"].handler_execution_count == 1
    text = repr(report)
    assert text.splitlines()[0].split() == ["fault", "status", "action", "final", "executions", "verdict"]
    assert text.endswith(f"2/7 faults handled correctly, 0/{SITUATIONS} harder situations")
    html = report._repr_html_()
    assert html.startswith("<table>") and html.count("<tr") == 8 + 1 + SITUATIONS and "#fce8e6" in html
    always_replay = repr(check_recovery_policy(lambda s: "REPLAY_SUCCESS"))
    assert always_replay.count("reported success without a ledger effect") == 3
    assert repr(check_recovery_policy(SOLUTION)) == repr(check_recovery_policy(SOLUTION))  # byte-stable


def test_grading_loads_the_shop_but_the_runtime_does_not() -> None:
    assert "fcourse.shop.world" in sys.modules  # the grader needs the example business ...
    assert "check_recovery_policy" not in vars(sys.modules["fcourse.runtime.recovery"])  # ... the runtime does not
