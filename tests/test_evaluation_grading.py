"""Grading one reply: outcome labels, ask-or-answer, and the verdict kinds counted apart."""

from __future__ import annotations

import itertools

import pytest

from fcourse.evaluation.cases import Case, ExpectedCall
from fcourse.evaluation.grading import classify_text, label_of, parse_arguments, verdict

TOOLS = ({"type": "function", "function": {"name": "refund_order", "parameters": {
    "type": "object", "properties": {"order_id": {"type": "string", "description": "The order id"}}}}},)
CALL = Case(
    "c", "en", "single", "refund O-1", "call", (ExpectedCall("refund_order", {"order_id": "O-1"}),), tools=TOOLS
)
TWO = Case("p", "en", "parallel", "x", "call", (ExpectedCall("a", {"x": 1}), ExpectedCall("a", {"x": 2})))
ANY = Case("s", "en", "single", "x", "call", (ExpectedCall("search", None),))
#: the same tool twice: once with any arguments, once with given ones (the any-arguments call listed first)
ANY_AND_EXACT = Case("r", "en", "parallel", "x", "call", (ExpectedCall("a", None), ExpectedCall("a", {"x": 1})))
ANSWER = Case("d", "en", "dont_call", "hi", "answer")
ASK = Case("q", "en", "ask", "refund", "ask", tools=TOOLS)


@pytest.mark.parametrize(("case", "kind", "calls", "expected"), [
    (CALL, "call", [("refund_order", {"order_id": "O-1"})], "pass"),
    (CALL, "call", [("refund_order", {"order_id": "O-2"})], "wrong_arguments"),
    (CALL, "call", [("refund_order", None)], "wrong_arguments"),
    (CALL, "call", [("cancel_order", {"order_id": "O-1"})], "wrong_tool"),
    (CALL, "call", [("refund_order", {"order_id": "O-1"}), ("cancel_order", {"order_id": "O-2"})], "wrong_tool"),
    (CALL, "answer", [], "missed_call"),
    (CALL, "ask", [], "missed_call"),
    (ANSWER, "call", [("refund_order", {"order_id": "O-1"})], "unnecessary_call"),
    (ASK, "call", [("refund_order", {"order_id": "O-1"})], "unnecessary_call"),
    (ANSWER, "ask", [], "wrong_reply"),
    (ASK, "answer", [], "wrong_reply"),
    (ASK, "ask", [], "pass"),
    (ANSWER, "error", [], "error"),
    (TWO, "call", [("a", {"x": 2}), ("a", {"x": 1})], "pass"),  # order does not matter
    (TWO, "call", [("a", {"x": 1}), ("a", {"x": 1})], "wrong_arguments"),  # a multiset, not a set
    (TWO, "call", [("a", {"x": 1})], "wrong_tool"),
    (ANY, "call", [("search", {"query": "anything"})], "pass"),
    (ANY_AND_EXACT, "call", [("a", {"x": 1}), ("a", {"x": 2})], "pass"),  # the exact call first
    (ANY_AND_EXACT, "call", [("a", {"x": 2}), ("a", {"x": 1})], "pass"),  # ... or last
    (ANY_AND_EXACT, "call", [("a", {"x": 2}), ("a", {"x": 3})], "wrong_arguments"),
    (ANY_AND_EXACT, "call", [("a", {"x": True}), ("a", {"x": 2})], "wrong_arguments"),  # True is not 1
])
def test_verdicts(case: Case, kind: str, calls: list, expected: str) -> None:
    assert verdict(case, kind, calls) == expected


def test_labels() -> None:
    assert label_of("call", ["b", "a", "b"]) == "a+b"
    assert label_of("ask") == "ask"
    assert TWO.expected_label == "a" and ANSWER.expected_label == "answer"


@pytest.mark.parametrize(("text", "kind"), [
    ("To do that I need order_id (the order id). Could you tell me?", "ask"),
    ("Which order do you mean? Please give the order id.", "ask"),
    ("要办这件事，我还需要：order_id。请告诉我。", "ask"),
    ("请问是哪个订单？", "ask"),
    ("Hello! How can I help you today?", "answer"),  # asks, but for nothing a tool needs
    ("42.", "answer"),
    ("", "answer"),
    (None, "answer"),
])
def test_classify_text(text: str | None, kind: str) -> None:
    assert classify_text(text, TOOLS) == kind


def test_parse_arguments() -> None:
    assert parse_arguments('{"a": 1}') == {"a": 1}
    assert parse_arguments("[1]") is None and parse_arguments("{bad") is None and parse_arguments(None) is None


def test_the_verdict_of_repeated_tool_names_does_not_depend_on_the_order_of_the_calls() -> None:
    made = [("a", {"x": 1}), ("a", {"x": 2}), ("a", None), ("b", {"x": 1}), ("a", {"x": True})]
    wanted = [ExpectedCall("a", None), ExpectedCall("a", {"x": 1}), ExpectedCall("b", {"x": 1}),
              ExpectedCall("a", {"x": 2})]
    for size in (2, 3):
        for expected in itertools.permutations(wanted, size):
            case = Case("p", "en", "parallel", "x", "call", tuple(expected))
            for calls in itertools.combinations(made, size):
                verdicts = {verdict(case, "call", list(order)) for order in itertools.permutations(calls)}
                assert len(verdicts) == 1, (expected, calls, verdicts)
                shuffled = Case("p", "en", "parallel", "x", "call", tuple(reversed(expected)))
                assert verdict(shuffled, "call", list(calls)) in verdicts
