"""fcourse.lab.exercises.mcp_adapter: the adapter checker passes the reference as pasted, says so when the reference is
imported instead, and reaches every hint. (Each wrong adapter in tests/data/wrong_solutions/check_mcp_adapter/ is run
by test_lab_exercises_wrong_solutions.py, as the notebook would run it.)
"""

from __future__ import annotations

from typing import Any

from exercise_support import learner_namespace, pasted, wrong_solutions

from fcourse.lab.exercises.mcp_adapter import HINTS, check_mcp_adapter
from fcourse.remote import adapter

PASTED = pasted(adapter._description, adapter.result_text, adapter._joined, adapter.chat_tools,
                adapter.responses_tools, adapter.tool_message, adapter.function_output)
NAMES = ("chat_tools", "responses_tools", "tool_message", "function_output")


def check(functions: Any) -> Any:
    return check_mcp_adapter(*(functions[name] for name in NAMES))


def test_the_reference_as_pasted_passes_every_case() -> None:
    report = check(PASTED)
    assert report.passed, report.text()
    assert len(report.cases) == 12
    assert report.text().endswith("12/12 cases passed: tools/list and tools/call travel whole in both APIs")


def test_the_reference_imported_as_it_is_is_not_the_learner_s_own() -> None:
    report = check(vars(adapter))
    assert [case.case for case in report.failures()] == ["your own code"]


def test_every_hint_can_be_reached_by_some_wrong_adapter_or_a_raise() -> None:
    reached: set[str] = set()
    for solution in wrong_solutions("check_mcp_adapter"):
        slug = solution.id.removeprefix("check_mcp_adapter/")
        reached |= set(check(learner_namespace("check_mcp_adapter", slug)).hints())

    def broken(*args: Any) -> Any:
        raise KeyError("description")

    reached |= set(check_mcp_adapter(broken, broken, broken, broken).hints())
    assert {f"look at: {hint}" for hint in HINTS.values()} <= reached


def test_a_raising_function_is_a_failed_case_and_the_report_prints_no_schema() -> None:
    def broken(*args: Any) -> Any:
        raise KeyError("description")

    report = check_mcp_adapter(broken, PASTED["responses_tools"], broken, PASTED["function_output"])
    failed = [case.case for case in report.failures()]
    assert failed[0].startswith("Chat Completions") and all("raised KeyError" in c.got for c in report.failures())
    assert len(failed) == 6
    assert "book_table" not in report.text() and "party" not in report.text()  # the hidden tools stay hidden
