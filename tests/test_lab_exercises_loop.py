"""fcourse.lab.exercises.loop: the loop checker passes the reference as pasted and agrees with the package loop; the
caller's list comes back unedited, the last round at the limit is answered NOT_EXECUTED, and generated conversations
are compared with the reference."""

from __future__ import annotations

from typing import Any

import pytest
from exercise_support import learner_object, pasted

from fcourse.lab.exercises import loop, solutions
from fcourse.lab.exercises.loop import CASES, check_loop
from fcourse.protocol.loop import run_tool_loop


def test_the_reference_as_pasted_passes_every_case_and_the_generated_conversations() -> None:
    report = check_loop(pasted(solutions.tool_loop)["tool_loop"])
    assert report.passed, report.text()
    assert len(report.cases) == len(CASES) + 1
    assert report.text().endswith("cases passed: the loop asks, runs, answers by id and stops")


def test_the_package_loop_agrees(monkeypatch: pytest.MonkeyPatch) -> None:
    def package(*args: Any, **options: Any) -> list[dict[str, Any]]:
        return run_tool_loop(*args, **options).messages

    monkeypatch.setattr(loop, "_REFERENCES", {})
    assert check_loop(package).passed


def test_a_loop_that_returns_nothing_is_told_to_return_the_messages() -> None:
    reference = pasted(solutions.tool_loop)["tool_loop"]

    def returns_none(*args: Any, **options: Any) -> None:
        reference(*args, **options)

    assert "return the conversation" in check_loop(returns_none).text()


def test_a_loop_that_edits_the_caller_s_list_is_told_to_work_on_a_copy() -> None:
    reference = pasted(solutions.tool_loop)["tool_loop"]

    def appends_to_the_callers_list(client: Any, model: str, messages: list, *rest: Any, **options: Any) -> Any:
        result = reference(client, model, messages, *rest, **options)
        messages[:] = result  # the notebook reuses that list later and gets 7 messages instead of 4
        return messages

    report = check_loop(appends_to_the_callers_list)
    assert all("the caller's message list was changed" in case.got for case in report.failures())
    assert "work on a copy (messages = list(messages))" in report.text()


def test_the_report_displays_as_text_and_html() -> None:
    report = check_loop(learner_object("check_loop", "first_call_only"))
    assert report.text().splitlines()[0].split()[:3] == ["case", "expected", "got"]
    assert "FAIL" in report._repr_html_()
