"""The harness: cases go through an SDK-shaped client, replies are graded, API errors become results."""

from __future__ import annotations

import json
from types import SimpleNamespace
from typing import Any

import pytest

import fcourse
from fcourse.evaluation.cases import load_cases
from fcourse.evaluation.harness import grade_message, run_case, run_cases


class FakeClient:
    """Answers each request with the next scripted message; records what it was sent."""

    def __init__(self, replies: list[Any]) -> None:
        self.replies, self.sent = list(replies), []
        self.chat = SimpleNamespace(completions=SimpleNamespace(create=self.create))

    def create(self, **request: Any) -> Any:
        self.sent.append(request)
        reply = self.replies.pop(0)
        if isinstance(reply, Exception):
            raise reply
        usage = SimpleNamespace(prompt_tokens=10, completion_tokens=2, total_tokens=12)
        return SimpleNamespace(choices=[SimpleNamespace(message=reply)], usage=usage)


def call(name: str, **args: Any) -> dict[str, Any]:
    return {"id": "call_1", "type": "function", "function": {"name": name, "arguments": json.dumps(args)}}


def test_run_case_sends_messages_and_tools_and_grades() -> None:
    case = load_cases("reference")["paid-refund"]
    client = FakeClient([{"content": None, "tool_calls": [call("refund_order", order_id="O-100")]}])
    result = run_case(case, client, "m", temperature=0)
    assert result.passed and result.got_label == "refund_order"
    assert result.usage == {"prompt_tokens": 10, "completion_tokens": 2, "total_tokens": 12}
    sent = client.sent[0]
    assert sent["model"] == "m" and sent["temperature"] == 0
    assert sent["messages"] == case.messages() and sent["tools"] == case.tool_list()


def test_api_errors_are_results_not_exceptions() -> None:
    case = load_cases("reference")["no-intent"]
    result = run_case(case, FakeClient([RuntimeError("400 bad request")]), "m")
    assert result.verdict == "error" and "400 bad request" in result.error


def test_grade_message_text_replies() -> None:
    cases = load_cases("reference")
    ask = grade_message(cases["no-order-id"], {"content": "Which order id do you mean?", "tool_calls": None})
    assert ask.kind == "ask" and ask.passed
    wrong = grade_message(cases["no-order-id"], {"content": "Refunds take 5 days.", "tool_calls": []})
    assert wrong.kind == "answer" and wrong.verdict == "wrong_reply"
    custom = grade_message(cases["no-intent"], {"content": "?"}, classify=lambda content, tools: "answer")
    assert custom.passed


def test_k_runs_per_case_and_per_run_seeds() -> None:
    cases = list(load_cases("reference"))[:2]
    replies = [{"tool_calls": [call("refund_order", order_id="O-100")]}, {"content": "no"},
               {"tool_calls": [call("cancel_order", order_id="O-200")]}, {"tool_calls": [call("cancel_order",
                                                                                                order_id="O-200")]}]
    client = FakeClient(replies)
    report = run_cases(cases, client, "m", k=2, seed="per-run")
    assert [s["seed"] for s in client.sent] == [0, 1, 0, 1]
    assert report.runs_by_case() == {"paid-refund": [True, False], "unpaid-cancel": [True, True]}
    assert report.accuracy == 1.0 and report.pass_hat_k(2) == 0.5
    with pytest.raises(ValueError):
        run_cases(cases, client, "m", k=0)


def test_reference_scenarios_pass_on_the_teaching_model() -> None:
    client, model = fcourse.connect("offline", quiet=True)
    report = run_cases(load_cases("reference"), client, model)
    assert report.accuracy == 1.0, [(r.case.id, r.got_text()) for r in report.failures()]
    assert all(r.usage.get("prompt_tokens", 0) > 0 for r in report.results)


def test_teaching_model_is_deterministic_so_pass_k_equals_pass_1() -> None:
    client, model = fcourse.connect("offline", quiet=True)
    report = run_cases(list(load_cases("selection"))[:6], client, model, k=3)
    assert report.pass_hat_k(3) == report.pass_hat_k(1) == report.accuracy
