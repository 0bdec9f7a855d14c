"""fcourse.lab.exercises.responses_loop: the Responses-loop checker passes the reference as pasted and agrees with
the package loop; a protocol mistake is the endpoint's own error, with a hint that names its usual cause."""

from __future__ import annotations

import json
from typing import Any

import pytest
from exercise_support import learner_object, pasted

from fcourse.lab.exercises import responses_loop, solutions
from fcourse.lab.exercises.responses_loop import CASES, check_responses_loop, error_hint
from fcourse.protocol.responses_loop import run_responses_loop
from fcourse.protocol.scripted import call
from fcourse.protocol.scripted_responses import ScriptedResponsesModel


def test_the_reference_as_pasted_passes_every_case_and_the_generated_conversations() -> None:
    report = check_responses_loop(pasted(solutions.responses_loop)["responses_loop"])
    assert report.passed, report.text()
    assert len(report.cases) == len(CASES) + 1 and report.cases[-1].case.startswith("generated conversations (")
    assert report.text().endswith("cases passed: items in, items out, every output under its call_id")


def test_the_package_loop_agrees(monkeypatch: pytest.MonkeyPatch) -> None:
    def package(*args: Any, **options: Any) -> list[dict[str, Any]]:
        return run_responses_loop(*args, **options).items

    monkeypatch.setattr(responses_loop, "_REFERENCES", {})
    assert check_responses_loop(package).passed


@pytest.mark.parametrize(("wrong", "case", "got"), [
    ("first_call_only", "parallel calls", "HTTP 400: No tool output found for function call call_"),
    ("outputs_without_calls", "parallel calls", "HTTP 400: No tool call found for function call output with call_id"),
    ("chat_loop_unchanged", "parallel calls", "HTTP 404: Invalid URL (POST /v1/chat/completions)"),
    ("no_round_limit", "never-ending model", "still asking after 12 requests"),
])
def test_a_protocol_mistake_is_the_endpoints_own_error(wrong: str, case: str, got: str) -> None:
    report = check_responses_loop(learner_object("check_responses_loop", wrong))
    row = next(c for c in report.cases if c.case == case)
    assert row.got.startswith(got), row


def test_an_unknown_error_still_gets_a_hint() -> None:
    assert error_hint("Missing required parameter: 'input'.") == "read the message: the request broke the protocol"


def test_the_parallel_case_defeats_pairing_by_sorted_id() -> None:
    case = CASES[0]()
    model = ScriptedResponsesModel(case.script)
    response = model.client().responses.create(model=model.name, input=[{"role": "user", "content": case.question}],
                                               tools=case.tools)
    ids = [item.call_id for item in response.output]
    assert ids != sorted(ids) and ids != sorted(ids, reverse=True)
    assert [json.loads(item.arguments)["city"] for item in response.output] == ["Tokyo", "Paris", "Lima"]


def test_the_scripted_model_is_checked_by_the_teaching_models_rules() -> None:
    model = ScriptedResponsesModel(lambda items: call(("get_local_time", {"city": "Oslo"})))
    client = model.client()
    first = client.responses.create(model=model.name, input="Time in Oslo?")
    with pytest.raises(Exception, match="No tool output found for function call"):
        client.responses.create(model=model.name, input=[{"role": "user", "content": "Time in Oslo?"},
                                                         first.output[0].to_dict()])
    assert model.rejections[-1]["param"] == "input" and len(model.requests) == 1
    follow = client.responses.create(model=model.name, previous_response_id=first.id, input=[
        {"type": "function_call_output", "call_id": first.output[0].call_id, "output": "10:00"}])
    assert follow.model == model.name
    assert [i["type"] for i in model.conversations[-1]] == ["message", "function_call", "function_call_output"]


def test_the_report_displays_as_text_and_html() -> None:
    report = check_responses_loop(learner_object("check_responses_loop", "first_call_only"))
    assert report.text().splitlines()[0].split()[:3] == ["case", "expected", "got"]
    assert "FAIL" in report._repr_html_()
