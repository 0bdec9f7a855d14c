"""Metrics on hand-made results: accuracy, per group, confusion matrix, pass^k arithmetic."""

from __future__ import annotations

import pytest

from fcourse.evaluation.cases import Case, ExpectedCall
from fcourse.evaluation.metrics import CaseResult, Report, accuracy, confusion_matrix, pass_hat_k, verdict_counts

REFUND = Case("r", "en", "single", "x", "call", (ExpectedCall("refund_order", {"order_id": "O-1"}),))
CANCEL = Case("c", "zh", "single", "x", "call", (ExpectedCall("cancel_order", {"order_id": "O-2"}),))
ASK = Case("q", "en", "ask", "x", "ask")
HELLO = Case("h", "zh", "dont_call", "x", "answer")


def result(case: Case, kind: str, calls: tuple = (), verdict: str = "pass", run: int = 0, **kw) -> CaseResult:
    return CaseResult(case=case, kind=kind, calls=calls, verdict=verdict, run=run, **kw)


RESULTS = (
    result(REFUND, "call", (("refund_order", {"order_id": "O-1"}),)),
    result(CANCEL, "call", (("refund_order", {"order_id": "O-2"}),), "wrong_tool"),
    result(ASK, "ask"),
    result(HELLO, "call", (("refund_order", {"order_id": "O-9"}),), "unnecessary_call"),
)


def test_accuracy_and_counts() -> None:
    assert accuracy(RESULTS) == 0.5
    assert accuracy([]) == 0.0
    counts = verdict_counts(RESULTS)
    assert counts["pass"] == 2 and counts["wrong_tool"] == 1 and counts["unnecessary_call"] == 1
    assert counts["missed_call"] == 0


def test_confusion_matrix_rows_expected_columns_got() -> None:
    labels, matrix = confusion_matrix(RESULTS)
    assert labels == ["refund_order", "cancel_order", "ask", "answer"]
    assert matrix == [[1, 0, 0, 0], [1, 0, 0, 0], [0, 0, 1, 0], [1, 0, 0, 0]]
    assert sum(map(sum, matrix)) == len(RESULTS)


def test_confusion_matrix_adds_labels_only_got() -> None:
    labels, matrix = confusion_matrix([result(ASK, "call", (("search_web", {}),), "unnecessary_call")])
    assert labels == ["ask", "answer", "search_web"]
    assert matrix[0][2] == 1


@pytest.mark.parametrize(("runs", "k", "expected"), [
    ([[True, True, False, True]], 1, 0.75),
    ([[True, True, False, True]], 2, 0.5),      # C(3,2)/C(4,2) = 3/6
    ([[True, True, False, True]], 4, 0.0),
    ([[True] * 5, [True, False, True, True, True]], 3, (1 + 0.4) / 2),  # C(4,3)/C(5,3) = 4/10
    ([[True], [False]], 1, 0.5),
])
def test_pass_hat_k_arithmetic(runs: list[list[bool]], k: int, expected: float) -> None:
    assert pass_hat_k(runs, k) == pytest.approx(expected)


def test_pass_hat_k_rejects_too_few_runs_and_bad_k() -> None:
    with pytest.raises(ValueError, match="at least 3 runs"):
        pass_hat_k([[True, True]], 3)
    with pytest.raises(ValueError):
        pass_hat_k([[True]], 0)
    assert pass_hat_k([], 1) == 0.0


def test_report_figures() -> None:
    repeated = RESULTS + (result(REFUND, "answer", (), "missed_call", run=1),)
    report = Report(results=repeated, k=2, model="m")
    assert len(report) == 4 and report.passed == 2 and report.accuracy == 0.5
    assert report.unnecessary_calls == 1 and report.wrong_calls == 1
    assert report.by("lang") == {"en": (2, 2, 1.0), "zh": (0, 2, 0.0)}
    assert report.runs_by_case()["r"] == [True, False]
    with pytest.raises(ValueError):
        report.pass_hat_k()  # three cases ran only once
    single = Report(results=RESULTS, k=1, model="m").summary()
    assert single["accuracy"] == 0.5 and single["by_language"] == {"en": "2/2", "zh": "0/2"}
    assert single["unnecessary_calls"] == 1 and single["wrong_calls"] == 1 and single["pass^1"] == 0.5


def test_result_texts_and_usage() -> None:
    r = result(REFUND, "call", (("refund_order", {"order_id": "O-1"}),), usage={"prompt_tokens": 3, "total_tokens": 4})
    assert r.expected_text() == r.got_text() == 'refund_order({"order_id": "O-1"})'
    assert result(ASK, "error", (), "error", error="boom").got_text() == "error: boom"
    report = Report(results=(r, r))
    assert report.usage() == {"prompt_tokens": 6, "total_tokens": 8}
