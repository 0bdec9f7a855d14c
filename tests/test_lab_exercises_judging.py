"""Chapter 3's judge exercise: the checker passes the reference, and each committed wrong judge fails, pointed at."""

from __future__ import annotations

from types import ModuleType

import pytest
from wrong_solutions import load

import fcourse
from fcourse.evaluation.grading import verdict
from fcourse.evaluation.harness import run_cases
from fcourse.lab.exercises.judging import CASES, JUDGEMENTS, as_grade, check_judge, solution_judge

WRONG = load("judge")


def test_the_reference_passes_every_case() -> None:
    report = check_judge(solution_judge)
    assert report.passed, report.text()
    assert report.text().endswith(f"{len(CASES)}/{len(CASES)} cases passed: your judge tells every kind of reply apart")


def test_every_judgement_is_some_case_s_answer() -> None:
    assert {right for *_, right, _ in CASES} == set(JUDGEMENTS)


def test_there_are_at_least_five_wrong_judges() -> None:
    assert len(WRONG) >= 5


@pytest.mark.parametrize("wrong", WRONG, ids=lambda m: m.__name__.removeprefix("wrong_judge_"))
def test_a_wrong_judge_fails_and_the_report_points_at_its_mistake(wrong: ModuleType) -> None:
    report = check_judge(wrong.judge)
    assert not report.passed
    assert "FAIL" in report.text()
    assert any(wrong.POINTS_AT in note for note in report.notes), report.notes


def test_a_judge_that_raises_is_reported_not_raised() -> None:
    def crashes(expected: dict, got: dict) -> str:
        raise KeyError("calls")

    report = check_judge(crashes)
    assert not report.passed and all("raised KeyError" in case.got for case in report.cases)


def test_a_judge_that_edits_its_input_does_not_change_the_cases() -> None:
    def greedy(expected: dict, got: dict) -> str:
        result = solution_judge(expected, got)
        expected["calls"].clear()
        got["kind"] = "answer"
        return result

    assert check_judge(greedy).passed and check_judge(solution_judge).passed


@pytest.fixture(scope="module")
def connection() -> fcourse.Connection:
    return fcourse.connect("offline", quiet=True)


def test_the_reference_plugged_into_the_harness_agrees_with_the_package(connection: fcourse.Connection) -> None:
    cases = list(fcourse.load_cases("selection"))
    mine = run_cases(cases, connection.client, connection.model, grade=as_grade(solution_judge))
    package = run_cases(cases, connection.client, connection.model, grade=verdict)
    assert [r.verdict for r in mine.results] == [r.verdict for r in package.results]


def test_a_wrong_judge_in_the_harness_changes_the_figures(connection: fcourse.Connection) -> None:
    names_only = next(m for m in WRONG if m.__name__.endswith("names_only"))
    explicit = fcourse.run_prompt_only(fcourse.load_cases("selection").where(category="single"), connection.client,
                                       connection.model, template="explicit")
    regraded = [as_grade(names_only.judge)(r.case, r.kind, list(r.calls)) for r in explicit.results]
    assert regraded.count("pass") > explicit.passed  # it passes a call with the wrong order id


def test_the_harness_refuses_a_judge_that_answers_something_else() -> None:
    case = fcourse.load_cases("reference")[0]
    with pytest.raises(ValueError, match="answer one of"):
        as_grade(lambda expected, got: "pass")(case, "call", [("refund_order", {"order_id": "O-100"})])
