"""The chapter 1 exercise checker accepts a correct extractor and rejects plausible wrong ones."""

from __future__ import annotations

import json

from fcourse.lab.exercises.parsing import check_extractor, exercise_cases

_decoder = json.JSONDecoder()


def _actions(reply: str) -> list[dict]:
    actions, start = [], reply.find("{")
    while start != -1:
        try:
            obj, end = _decoder.raw_decode(reply, start)
        except json.JSONDecodeError:
            start = reply.find("{", start + 1)
            continue
        if isinstance(obj, dict) and "action" in obj:
            actions.append(obj)
        start = reply.find("{", end)
    return actions


def solution(reply: str) -> dict | None:
    actions = _actions(reply)
    if len({json.dumps(a, sort_keys=True) for a in actions}) != 1:
        return None
    return actions[0]


def first_wins(reply: str) -> dict | None:  # the chapter's starting point
    actions = _actions(reply)
    return actions[0] if actions else None


def refuse_if_many_braces(reply: str) -> dict | None:
    return None if reply.count("{") > 1 else first_wins(reply)


def compare_names_only(reply: str) -> dict | None:
    actions = _actions(reply)
    return actions[0] if actions and len({a["action"] for a in actions}) == 1 else None


def only_newline_separated(reply: str) -> dict | None:
    return None if "}\n{" in reply else first_wins(reply)


def refuse_everything(reply: str) -> dict | None:
    return None


def crashes(reply: str) -> dict | None:
    raise KeyError("action")


def test_the_solution_passes_every_case() -> None:
    report = check_extractor(solution)
    assert report.passed and report.failures() == []
    assert report.text().startswith(f"{len(report.results)} of {len(report.results)} cases passed")


def test_plausible_wrong_answers_fail() -> None:
    for wrong in (first_wins, refuse_if_many_braces, compare_names_only, only_newline_separated,
                  refuse_everything):
        report = check_extractor(wrong)
        assert not report.passed, wrong.__name__
        assert "FAIL" in report.text()


def test_an_extractor_that_raises_is_reported_not_raised() -> None:
    report = check_extractor(crashes)
    assert not report.passed
    assert all(r.problem == "raised KeyError: 'action'" for r in report.results)


def test_cases_include_fresh_replies_from_the_teaching_model() -> None:
    cases = exercise_cases()
    sampled = [c for c in cases if c.label.startswith("a sampled reply")]
    assert len(sampled) >= 2
    assert {c.expected is None for c in sampled} == {True, False}
    assert len({c.reply for c in cases}) == len(cases)


def test_report_renders_html() -> None:
    html = check_extractor(first_wins)._repr_mimebundle_()["text/html"]
    assert "❌" in html and "✅" in html
