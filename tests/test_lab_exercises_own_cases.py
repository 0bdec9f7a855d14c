"""Chapter 3's "five cases of your own": the checker passes good cases and rejects cases wrong on their face - an id
the user wrote only as part of a longer one, an ask-back where nothing is missing, a no-call case that needs a tool,
a language that is not the request's, a bundled request with a word added (test_lab_exercises_wrong_solutions runs
every committed wrong case set)."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

import fcourse
from fcourse.evaluation.cases import parse_cases
from fcourse.lab.exercises.own_cases import MINIMUM, SOLUTION_CASES, case_file, check_cases


def _solution() -> list[dict]:
    return json.loads(json.dumps(SOLUTION_CASES))  # the revealed cases as a learner pastes them: plain dicts


def test_the_solution_as_pasted_passes_every_check() -> None:
    report = check_cases(_solution())
    assert report.passed, report.text()
    assert len(SOLUTION_CASES) >= MINIMUM
    assert report.text().endswith("cases passed: your cases are ready to run")


def test_the_solution_imported_as_it_is_is_not_the_learner_s_own() -> None:
    report = check_cases(SOLUTION_CASES)
    assert not report.passed and "imported: write five of your own" in report.text()


@pytest.mark.parametrize("take", [copy.deepcopy, list, lambda cases: cases[:], lambda cases: [{**c} for c in cases]])
def test_a_copy_of_the_solution_s_cases_is_not_the_learner_s_own(take: object) -> None:
    report = check_cases(take(SOLUTION_CASES))  # type: ignore[operator]
    assert not report.passed and "imported: write five of your own" in report.text()
    assert report.cases[0].got == "a copy of SOLUTION_CASES"


def test_one_case_taken_from_the_solution_among_the_learner_s_own_is_named() -> None:
    cases = _solution()
    cases[4] = copy.deepcopy(SOLUTION_CASES[4])
    cases[4]["id"] = "my-own-poem"
    report = check_cases(cases)
    assert not report.passed and "my-own-poem: taken from SOLUTION_CASES" in report.text(), report.text()


@pytest.mark.parametrize(("index", "change", "says"), [
    (2, {"user": "Refund o-703, and where is the parcel of O-704?"},
     "my-parallel: refund_order expects order_id='O-703', but the user or the context writes it in other letters"),
    (0, {"context": "Verified order: O-700, status: unpaid."},
     "the context says the order is unpaid, but the case expects refund_order"),
    (1, {"user": "订单 O-701 已付款了，帮我取消。"},
     "the user says the order is paid, but the case expects cancel_order"),
    (0, {"context": "Verified order: O-700.", "user": "I haven't paid for it yet, give me my money back."},
     "the user says the order is unpaid, but the case expects refund_order"),
    (1, {"user": "我不想要了，订单 O-7019 还没付款，帮我取消。"}, "the id is the user's, whole"),
    (3, {"user": "Where is my parcel for O-705?"}, "nothing a tool needs is missing"),
    (4, {"user": "Please refund order O-706."}, "a no-call case is a request no tool serves"),
    (4, {"user": "What's the weather in Oslo tomorrow?"}, "which get_weather serves"),
    (1, {"lang": "en"}, "but the request is written in Chinese"),
    (4, {"user": "What is your refund policy for damaged items? Thanks!"}, "nearly word for word"),
    (0, {"user": "Refund O-702, the blender arrived broken."}, "the order the user asks about is the user's"),
])
def test_a_case_wrong_on_its_face_is_named(index: int, change: dict, says: str) -> None:
    cases = _solution()
    cases[index].update(change)
    report = check_cases(cases)
    assert not report.passed and says in report.text(), report.text()


def test_a_number_is_given_only_as_a_whole_number() -> None:
    from fcourse.lab.exercises.own_cases import _given

    assert _given("O-73", "refund O-73, please") and not _given("O-73", "refund O-739, please")
    assert _given(70, "about 70 yuan") and not _given(70, "order O-700")
    assert _given("北京", "北京的天气") and _given("Oslo", "Oslo's weather")
    assert _given("O-73", "refund o-73") and not _given("O-73", "refund o-73", exact=True)  # an id: the same letters


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
    cases = _solution()
    check_cases(cases)
    assert cases == SOLUTION_CASES
    assert parse_cases(case_file(cases)).name == "my-cases"
