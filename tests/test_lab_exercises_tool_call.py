"""fcourse.lab.exercises.tool_call: chapter 0's checker passes the reference as a learner pastes it, refuses the
reference imported as it is, and says per case what went wrong (its wrong solutions run in
test_lab_exercises_wrong_solutions)."""

from __future__ import annotations

from exercise_support import pasted

from fcourse.lab.exercises import solutions
from fcourse.lab.exercises.tool_call import check_run_tool_call


def test_the_reference_as_pasted_passes_every_case_and_the_generated_ones() -> None:
    report = check_run_tool_call(pasted(solutions.run_tool_call)["run_tool_call"])
    assert report.passed, report.text()
    assert report.cases[-1].case.startswith("generated tools and proposals (")
    assert report.text().endswith("cases passed: every proposal is checked before it runs")


def test_the_reference_imported_as_it_is_is_not_the_learner_s_own() -> None:
    report = check_run_tool_call(solutions.run_tool_call)
    assert not report.passed
    assert [case.case for case in report.failures()] == ["your own code"]


def test_a_function_that_raises_on_every_call_fails_every_case_without_raising() -> None:
    def broken(name: str, arguments: str, tools: list, handlers: dict) -> None:
        raise RuntimeError("boom")

    report = check_run_tool_call(broken)
    assert not any(case.passed for case in report.cases)
    assert "raised RuntimeError" in report.text()
    assert "once every case above passes" in report.text()  # no generated inputs before the named cases pass


def test_refusing_everything_fails_exactly_the_cases_the_reference_runs() -> None:
    report = check_run_tool_call(lambda name, arguments, tools, handlers: {"error": "no"})
    assert [case.case for case in report.failures()] == [
        "a valid call", "a valid call with a number", "a number written with an exponent",
        "the largest number of days"]
    assert all(case.expected == "the handler's result" for case in report.failures())


def test_the_report_prints_the_first_failing_input_only() -> None:
    report = check_run_tool_call(lambda name, arguments, tools, handlers: {"error": "no"})
    firsts = [note for note in report.notes if note.startswith("first failure:")]
    assert firsts == ['first failure: get_air_quality({"city": "Chengdu"}) - a valid call did not run as proposed']
