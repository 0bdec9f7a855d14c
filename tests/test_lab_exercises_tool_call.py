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
    assert [case.case for case in report.cases if case.passed] == ["checks that still run under python -O"]
    assert "raised RuntimeError" in report.text()
    assert "once every case above passes" in report.text()  # no generated inputs before the named cases pass


def test_refusing_everything_fails_exactly_the_cases_the_reference_runs() -> None:
    report = check_run_tool_call(lambda name, arguments, tools, handlers: {"error": "no"})
    assert [case.case for case in report.failures()] == [
        "a valid call", "a valid call with a number", "a number written with an exponent",
        "the largest number of days", "a tool whose schema allows more keys", "an extra key the schema allows"]
    assert all(case.expected == "the handler's result" for case in report.failures())


def test_the_report_prints_the_first_failing_input_only() -> None:
    report = check_run_tool_call(lambda name, arguments, tools, handlers: {"error": "no"})
    firsts = [note for note in report.notes if note.startswith("first failure:")]
    assert firsts == ['first failure: get_air_quality({"city": "Chengdu"}) - a valid call did not run as proposed']


def test_checks_written_as_asserts_fail_their_own_row_and_say_why() -> None:
    cell = pasted(solutions.run_tool_call)  # then a check written as an assert in front of it, as a notebook cell
    exec(compile("""
def run_tool_call_with_asserts(name, arguments, tools, handlers):
    try:
        assert name in handlers, "unknown"
    except AssertionError:
        return {"error": "unknown_tool"}
    return run_tool_call(name, arguments, tools, handlers)
""", "<cell>", "exec"), cell)  # noqa: S102 - the test's own code (pytest would rewrite an assert written here)
    report = check_run_tool_call(cell["run_tool_call_with_asserts"])
    assert [case.case for case in report.failures()] == ["checks that still run under python -O"]
    assert "`python -O` removes every assert" in report.text()
