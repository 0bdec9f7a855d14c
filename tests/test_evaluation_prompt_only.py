"""Prompt-only selection: templates, the minimal parser, and the measured gap to native tools."""

from __future__ import annotations

import pytest

import fcourse
from fcourse.evaluation.cases import load_cases
from fcourse.evaluation.harness import run_cases
from fcourse.evaluation.prompt_only import explicit_prompt, minimal_parse, run_prompt_only, vague_prompt
from fcourse.evaluation.scenarios import reference_tools

TOOLS = reference_tools()


@pytest.mark.parametrize(("text", "expected"), [
    ('{"action": "refund_order", "order_id": "O-1"}', ("refund_order", {"order_id": "O-1"})),
    ('Sure! Here it is:\n{"action": "cancel_order", "order_id": "O-2"}\nAnything else?', ("cancel_order",
                                                                                         {"order_id": "O-2"})),
    ('```json\n{"tool": "refund_order", "arguments": {"order_id": "O-3"}}\n```', ("refund_order", {"order_id": "O-3"})),
    ("{'action': 'refund_order', 'order_id': 'O-4'}", ("refund_order", {"order_id": "O-4"})),
    ('{"action": "refund_order", "order_id": "O-5', ("refund_order", {"order_id": "O-5"})),  # truncated, repaired
    ('{"action": "refund_order", "order_id": null}', None),  # a placeholder left unfilled
    ('{"action": "refund_order", "order_id": "<order_id>"}', None),
    ('{"action": "delete_everything"}', None),  # not an offered tool
    ("I have refunded your order.", None),
    ("", None),
])
def test_minimal_parse(text: str, expected: tuple | None) -> None:
    assert minimal_parse(text, TOOLS) == expected


def test_templates() -> None:
    vague, explicit = vague_prompt(TOOLS), explicit_prompt(TOOLS)
    assert "output JSON" in vague and "{" not in vague
    assert '{"action": "refund_order", "order_id": "<order_id>"}' in explicit
    assert '{"action": "cancel_order", "order_id": "<order_id>"}' in explicit


def test_prompt_only_sends_no_tools_and_measures_the_gap() -> None:
    client, model = fcourse.connect("offline", quiet=True)
    cases = load_cases("selection").where(category="single")
    native = run_cases(cases, client, model)
    vague = run_prompt_only(cases, client, model, template="vague", parser=minimal_parse)
    explicit = run_prompt_only(cases, client, model, template="explicit", parser=minimal_parse)
    # measured, not asserted as numbers: the vague template loses calls that the explicit one recovers
    assert vague.verdicts()["missed_call"] > explicit.verdicts()["missed_call"]
    assert vague.accuracy < explicit.accuracy <= native.accuracy
    assert all(r.usage for r in explicit.results)


def test_prompt_only_grades_with_the_judge_it_is_given() -> None:
    client, model = fcourse.connect("offline", quiet=True)
    cases = load_cases("selection").where(category="single")[:3]
    graded: list[tuple[str, str]] = []

    def judge(case, kind, calls):
        graded.append((case.id, kind))
        return "pass"  # a judge that passes everything

    report = run_prompt_only(cases, client, model, template="explicit", grade=judge)
    assert report.passed == len(cases) == len(graded)
    assert [case_id for case_id, _ in graded] == [case.id for case in cases]
    assert run_prompt_only(cases, client, model, template="vague").passed < len(cases)  # the default judge differs
