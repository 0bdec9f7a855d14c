"""Chapter 3's "five cases of your own": the checker passes good cases and rejects each committed wrong set, pointed at.

The wrong case sets are test data (``tests/data/wrong_solutions/own_cases/*.json``): each holds the cases, what is
wrong with them, and the words the report must contain.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import fcourse
from fcourse.evaluation.cases import parse_cases
from fcourse.lab.exercises.own_cases import MINIMUM, SOLUTION_CASES, case_file, check_cases

FOLDER = Path(__file__).parent / "data" / "wrong_solutions" / "own_cases"
WRONG = [json.loads(path.read_text("utf-8")) | {"file": path.stem} for path in sorted(FOLDER.glob("*.json"))]


def test_the_solution_passes_every_check() -> None:
    report = check_cases(SOLUTION_CASES)
    assert report.passed, report.text()
    assert len(SOLUTION_CASES) >= MINIMUM
    assert report.text().endswith("cases passed: your cases are ready to run")


def test_there_are_at_least_five_wrong_case_sets() -> None:
    assert len(WRONG) >= 5


@pytest.mark.parametrize("wrong", WRONG, ids=lambda w: w["file"])
def test_a_wrong_case_set_fails_and_the_report_points_at_it(wrong: dict[str, Any]) -> None:
    report = check_cases(wrong["cases"])
    assert not report.passed
    assert any(wrong["points_at"] in note for note in report.notes), report.notes


def test_not_a_list_is_refused_with_the_reason() -> None:
    report = check_cases({"id": "x"})
    assert not report.passed and "Python list of dicts" in report.notes[0]


def test_the_case_file_loads_and_runs_on_the_harness(tmp_path: Path) -> None:
    path = tmp_path / "my_cases.json"
    path.write_text(json.dumps(case_file(SOLUTION_CASES), ensure_ascii=False), "utf-8")
    loaded = fcourse.load_cases(path)
    assert [c.id for c in loaded] == [c["id"] for c in SOLUTION_CASES]
    assert [t["function"]["name"] for t in loaded[0].tools] == [
        "refund_order", "cancel_order", "track_shipment", "get_weather", "search_web"]
    connection = fcourse.connect("offline", quiet=True)
    report = fcourse.run_cases(loaded, connection.client, connection.model)
    assert len(report) == len(SOLUTION_CASES)


def test_the_checker_does_not_edit_the_learner_s_list() -> None:
    cases = json.loads(json.dumps(SOLUTION_CASES))
    check_cases(cases)
    assert cases == SOLUTION_CASES
    assert parse_cases(case_file(cases)).name == "my-cases"
