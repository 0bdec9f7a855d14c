"""fcourse.lab.exercises.report: a checker's verdict as aligned text and escaped HTML."""

from __future__ import annotations

from fcourse.lab.exercises.report import CheckCase, CheckReport


def test_text_aligns_columns_and_ends_with_the_count() -> None:
    report = CheckReport.sealed(
        (CheckCase("short", "True", "True", True), CheckCase("a longer case", "False", "True", False)),
        ("first error: none",),
        "it holds",
    )
    lines = report.text().splitlines()
    assert lines[0].startswith("case           expected  got   verdict")
    assert lines[2] == "a longer case  False     True  FAIL"
    assert lines[-2:] == ["first error: none", "1/2 cases passed"]
    assert not report.passed and [c.case for c in report.failures()] == ["a longer case"]
    assert repr(report) == report.text()


def test_the_verdict_is_shown_only_when_every_case_passed() -> None:
    report = CheckReport.sealed((CheckCase("x", "1", "1", True),), verdict="it holds")
    assert report.passed and report.last_line() == "1/1 cases passed: it holds"


def test_no_cases_is_not_a_pass() -> None:
    assert not CheckReport.sealed(()).passed


def test_a_report_built_by_hand_never_passes_and_says_so() -> None:
    forged = CheckReport((CheckCase("x", "1", "1", True),), verdict="it holds")
    assert not forged.passed
    assert forged.last_line() == "1/1 cases passed - not a checker's report (built by hand), so it does not pass"


def test_html_escapes_what_the_learner_returned() -> None:
    html = CheckReport((CheckCase("<b>", "True", "<script>", False),))._repr_html_()
    assert "<script>" not in html and "&lt;script&gt;" in html and "FAIL" in html
