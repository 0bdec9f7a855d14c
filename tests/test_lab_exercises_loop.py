"""fcourse.lab.exercises.loop: the loop checker accepts the reference and the package loop, and rejects every
committed wrong loop (no limit, an off-by-one, the first call only, numbered ids, ...) with a hint at its mistake."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from exercise_support import load, reference, wrong_solutions

from fcourse.lab.exercises.loop import CASES, check_loop
from fcourse.protocol.loop import run_tool_loop


def test_the_reference_passes_every_case() -> None:
    report = check_loop(reference("loop").tool_loop)
    assert report.passed, report.text()
    last = f"{len(CASES)}/{len(CASES)} cases passed: the loop asks, runs, answers by id and stops"
    assert report.text().endswith(last)


def test_the_package_loop_passes() -> None:
    def package(*args: Any, **options: Any) -> list[dict[str, Any]]:
        return run_tool_loop(*args, **options).messages

    assert check_loop(package).passed


@pytest.mark.parametrize("path", wrong_solutions("loop"), ids=lambda p: p.stem)
def test_a_wrong_loop_fails_and_the_report_points_at_its_mistake(path: Path) -> None:
    module = load(path)
    report = check_loop(module.tool_loop)
    assert not report.passed
    assert module.MISTAKE in report.text(), report.text()


def test_a_loop_that_returns_nothing_is_told_to_return_the_messages() -> None:
    module = reference("loop")

    def returns_none(*args: Any, **options: Any) -> None:
        module.tool_loop(*args, **options)

    report = check_loop(returns_none)
    assert "return the conversation" in report.text()


def test_the_report_displays_as_text_and_html() -> None:
    report = check_loop(load(wrong_solutions("loop")[0]).tool_loop)
    assert report.text().splitlines()[0].split()[:3] == ["case", "expected", "got"]
    assert "FAIL" in report._repr_html_()
