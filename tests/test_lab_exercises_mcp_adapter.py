"""fcourse.lab.exercises.mcp_adapter: the adapter checker passes the reference and names each wrong adapter's mistake.

The wrong adapters are test data (tests/data/wrong_solutions/mcp_adapter/*.py): each docstring's first line says
MISTAKE: or SHORTCUT:, and POINTS_AT is words the report's hints must contain for it.
"""

from __future__ import annotations

from types import ModuleType
from typing import Any

import pytest
from wrong_solutions import load

from fcourse.lab.exercises.mcp_adapter import HINTS, check_mcp_adapter
from fcourse.remote import adapter

WRONG = {m.__name__.removeprefix("wrong_mcp_adapter_"): m for m in load("mcp_adapter")}


def check(module: Any) -> Any:
    return check_mcp_adapter(module.chat_tools, module.responses_tools, module.tool_message, module.function_output)


def test_the_reference_passes_every_case() -> None:
    report = check(adapter)
    assert report.passed, report.text()
    assert len(report.cases) == 10
    assert report.text().endswith("10/10 cases passed: tools/list and tools/call travel whole in both APIs")


def test_there_are_plausible_mistakes_and_shortcuts() -> None:
    kinds = [m.__doc__.split(":", 1)[0] for m in WRONG.values()]
    assert set(kinds) == {"MISTAKE", "SHORTCUT"}
    assert kinds.count("MISTAKE") >= 5 and kinds.count("SHORTCUT") >= 2


@pytest.mark.parametrize("name", sorted(WRONG))
def test_a_wrong_adapter_fails_and_a_hint_names_its_mistake(name: str) -> None:
    wrong: ModuleType = WRONG[name]
    report = check(wrong)
    assert not report.passed
    assert any(wrong.POINTS_AT in hint for hint in report.hints()), report.hints()


def test_every_hint_can_be_reached_by_some_wrong_adapter_or_a_raise() -> None:
    reached = {hint for m in WRONG.values() for hint in check(m).hints()}

    def broken(*args: Any) -> Any:
        raise KeyError("description")

    reached |= set(check_mcp_adapter(broken, broken, broken, broken).hints())
    assert {f"look at: {hint}" for hint in HINTS.values()} <= reached


def test_a_raising_function_is_a_failed_case_and_the_report_prints_no_schema() -> None:
    def broken(*args: Any) -> Any:
        raise KeyError("description")

    report = check_mcp_adapter(broken, adapter.responses_tools, broken, adapter.function_output)
    failed = [case.case for case in report.failures()]
    assert failed[0].startswith("Chat Completions") and all("raised KeyError" in c.got for c in report.failures())
    assert len(failed) == 5
    assert "book_table" not in report.text() and "party" not in report.text()  # the hidden tools stay hidden
