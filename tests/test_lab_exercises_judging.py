"""Chapter 3's judge exercise: the checker passes the reference as pasted, judges generated replies beside it, and
the reference plugged into the harness agrees with the package's verdict."""

from __future__ import annotations

import pytest
from exercise_support import learner_object, pasted

import fcourse
from fcourse.evaluation.cases import Case, ExpectedCall
from fcourse.evaluation.grading import verdict
from fcourse.evaluation.harness import run_cases
from fcourse.lab.exercises.judging import JUDGEMENTS, _cases, as_grade, check_judge, solution_judge


def _reference() -> object:
    return pasted(solution_judge)["solution_judge"]


def test_the_reference_as_pasted_passes_every_case_and_the_generated_replies() -> None:
    report = check_judge(_reference())
    assert report.passed, report.text()
    assert report.cases[-1].case.startswith("generated replies to judge (")
    assert report.text().endswith("cases passed: your judge tells every kind of reply apart")


def test_every_judgement_is_some_case_s_answer() -> None:
    assert {case.expected for case in check_judge(_reference()).cases[:-1]} == set(JUDGEMENTS)


def test_the_package_s_verdict_agrees_with_the_reference_on_every_hidden_case() -> None:
    for name, expected, got, _ in _cases():
        case = Case(name, "en", "single", "-", expected["kind"],
                    tuple(ExpectedCall(c["name"], c["arguments"]) for c in expected["calls"]))
        package = verdict(case, got["kind"], [(c["name"], c["arguments"]) for c in got["calls"]])
        reference = solution_judge(expected, got)
        assert package == ("pass" if reference.startswith("right_") else reference), name


def test_a_judge_whose_answer_is_a_str_subclass_fails_every_case() -> None:
    reference = _reference()

    class Verdict(str):
        def __eq__(self, other: object) -> bool:
            return True

        __hash__ = str.__hash__

    report = check_judge(lambda expected, got: Verdict(reference(expected, got)))
    assert not report.passed and not any(case.passed for case in report.cases)
    assert "your judge returned a Verdict, not a str" in report.text()
    case = fcourse.load_cases("reference")[0]
    with pytest.raises(ValueError, match="answer one of"):
        as_grade(lambda expected, got: Verdict("right_call"))(case, "call", [("refund_order", {"order_id": "O-100"})])


def test_a_judge_that_raises_is_reported_not_raised() -> None:
    def crashes(expected: dict, got: dict) -> str:
        raise KeyError("calls")

    report = check_judge(crashes)
    assert not report.passed and all("raised KeyError" in case.got for case in report.cases)


def test_a_judge_that_edits_its_input_is_told_not_to() -> None:
    reference = _reference()

    def reverses_in_place(expected: dict, got: dict) -> str:
        got["calls"].reverse()
        return reference(expected, got)

    report = check_judge(reverses_in_place)
    assert not report.passed
    assert any("your judge changed its input" in note for note in report.notes)


@pytest.fixture(scope="module")
def connection() -> fcourse.Connection:
    return fcourse.connect("offline", quiet=True)


def test_the_reference_plugged_into_the_harness_agrees_with_the_package(connection: fcourse.Connection) -> None:
    cases = list(fcourse.load_cases("selection"))
    mine = run_cases(cases, connection.client, connection.model, grade=as_grade(solution_judge))
    package = run_cases(cases, connection.client, connection.model, grade=verdict)
    assert [r.verdict for r in mine.results] == [r.verdict for r in package.results]


def test_a_wrong_judge_in_the_harness_changes_the_figures(connection: fcourse.Connection) -> None:
    names_only = learner_object("check_judge", "names_only")
    explicit = fcourse.run_prompt_only(fcourse.load_cases("selection").where(category="single"), connection.client,
                                       connection.model, template="explicit")
    regraded = [as_grade(names_only)(r.case, r.kind, list(r.calls)) for r in explicit.results]
    assert regraded.count("pass") > explicit.passed  # it passes a call with the wrong order id


def test_the_harness_refuses_a_judge_that_answers_something_else() -> None:
    case = fcourse.load_cases("reference")[0]
    with pytest.raises(ValueError, match="answer one of"):
        as_grade(lambda expected, got: "pass")(case, "call", [("refund_order", {"order_id": "O-100"})])
