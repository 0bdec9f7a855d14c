"""fcourse.lab.exercises.strict_json: the strict_loads checker accepts the reference and the package's version,
and rejects every committed wrong solution with a hint at its mistake."""

from __future__ import annotations

from pathlib import Path

import pytest
from exercise_support import load, reference, wrong_solutions

from fcourse.lab.exercises.strict_json import check_strict_loads, strict_cases
from fcourse.prompting.scan import strict_loads


def test_the_reference_and_the_package_version_pass() -> None:
    for candidate in (reference("strict_json").strict_loads, strict_loads):
        report = check_strict_loads(candidate)
        assert report.passed, report.text()
    assert len(strict_cases()) >= 12
    assert {case.accept for case in strict_cases()} == {True, False}


@pytest.mark.parametrize("path", wrong_solutions("strict_json"), ids=lambda p: p.stem)
def test_a_wrong_solution_fails_and_the_report_points_at_its_mistake(path: Path) -> None:
    module = load(path)
    report = check_strict_loads(module.strict_loads)
    assert not report.passed
    assert module.MISTAKE in report.text(), report.text()


def test_plain_json_loads_fails_exactly_the_cases_it_lets_through() -> None:
    import json

    report = check_strict_loads(json.loads)
    let_through = {case.label for case in strict_cases() if not case.accept and case.label != "a trailing comma"}
    assert {case.case for case in report.failures()} == let_through
