"""Chapter 4's mini_execute exercise: the reference as pasted passes the ladder, the single faults and the generated
registries; the order of the checks is proved one fixed problem at a time."""

from __future__ import annotations

from exercise_support import pasted

from fcourse.lab.exercises.executor import check_executor, solution_execute

SOLUTION = pasted(solution_execute)["solution_execute"]


def test_the_reference_as_pasted_passes_every_step_and_the_generated_calls() -> None:
    report = check_executor(SOLUTION)
    assert report.passed, report.text()
    assert report.cases[-1].case.startswith("generated registries and calls (")
    assert report.text().endswith("cases passed: every check answers in order, and errors stay data")


def test_the_ladder_fixes_one_problem_per_step_and_each_code_answers_in_turn() -> None:
    ladder = check_executor(SOLUTION).cases[:6]
    assert [case.expected.split(",")[0] for case in ladder] == [
        "UNKNOWN_TOOL", "INVALID_ARGUMENT", "INVALID_ARGUMENT", "TOOL_UNAVAILABLE", "EXECUTION_ERROR", "SUCCESS"]
    assert [case.case for case in ladder][1:] == ["+ the right name", "+ JSON that breaks the schema",
                                                  "+ valid arguments", "+ the tool back online",
                                                  "+ a handler that works"]


def test_the_reference_imported_as_it_is_is_not_the_learner_s_own() -> None:
    assert [case.case for case in check_executor(solution_execute).failures()] == ["your own code"]


def test_an_answer_that_is_not_a_dict_is_a_finding() -> None:
    report = check_executor(lambda registry, call: "ok")
    assert not report.passed and all("must be a dict" in note for note in report.notes[:-1])


def test_a_registry_the_executor_edits_is_a_finding() -> None:
    def marks_the_tool(registry: dict, call: dict) -> dict:
        registry.get(call.get("name"), {})["checked"] = True
        return SOLUTION(registry, call)

    report = check_executor(marks_the_tool)
    assert not report.passed and any("changed the registry it was given" in note for note in report.notes)
