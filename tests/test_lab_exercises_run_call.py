"""fcourse.lab.exercises.run_call: the run_call checker passes the reference as pasted and agrees with the package's
execute_call; a secret in a handler's exception never reaches the report."""

from __future__ import annotations

import pytest
from exercise_support import pasted

from fcourse.lab.exercises import run_call, solutions
from fcourse.lab.exercises.run_call import SECRET, check_run_call
from fcourse.protocol.execute import execute_call


def test_the_reference_as_pasted_passes_every_case_and_the_generated_calls() -> None:
    report = check_run_call(pasted(solutions.run_call)["run_call"])
    assert report.passed, report.text()
    assert report.text().endswith("cases passed: every call is checked, every failure is a result")


def test_the_package_execute_call_agrees(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(run_call, "_REFERENCES", {})
    report = check_run_call(lambda call, tools, handlers: execute_call(call, handlers, tools).content)
    assert report.passed, report.text()


def test_every_error_kind_is_checked_and_a_leaked_secret_is_not_repeated() -> None:
    def leaks(call: dict, tools: list, handlers: dict) -> str:
        import json

        try:
            return handlers[call["function"]["name"]](**json.loads(call["function"]["arguments"]))
        except Exception as error:  # noqa: BLE001
            return json.dumps({"error_code": "EXECUTION_ERROR", "message": str(error)})

    report = check_run_call(leaks)
    assert {case.expected for case in report.cases} >= {"the handler's result", "UNKNOWN_TOOL", "INVALID_ARGUMENT",
                                                         "EXECUTION_ERROR"}
    assert "the secret or a traceback is in it" in report.text() and SECRET not in report.text()


def test_a_handler_retried_after_it_raised_fails_only_the_rows_where_it_raised() -> None:
    namespace = pasted(solutions.run_call)
    once = namespace["run_call"]

    def retries(call: dict, tools: list, handlers: dict) -> str:
        # the reference, with every handler wrapped to be tried up to three times
        def again(handler):  # noqa: ANN001, ANN202
            def run(**arguments):  # noqa: ANN003, ANN202
                for attempt in range(3):
                    try:
                        return handler(**arguments)
                    except Exception:
                        if attempt == 2:
                            raise
                return None
            return run
        return once(call, tools, {name: again(handler) for name, handler in handlers.items()})

    report = check_run_call(retries)
    failed = {case.case: case.got for case in report.failures()}
    assert failed == {"a handler that loses its database": "the handler ran 3 times",
                      "a handler that raises ValueError": "the handler ran 3 times",
                      "a handler that times out": "the handler ran 3 times"}, report.text()
    assert "look at: run the handler once per call" in report.text()
