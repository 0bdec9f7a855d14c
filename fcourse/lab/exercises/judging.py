"""Your turn (chapter 3): the verdict a harness gives one reply, written by the learner.

A learner writes ``judge(expected, got) -> str``. Both arguments are plain dicts::

    expected = {"kind": "call", "calls": [{"name": "refund_order", "arguments": {"order_id": "O-100"}}]}
    got      = {"kind": "call", "calls": [{"name": "refund_order", "arguments": {"order_id": "O-100"}}]}

``kind`` is ``"call"``, ``"ask"`` (a question back for something a tool needs) or ``"answer"``;
``calls`` lists the tool calls (empty for ``ask`` and ``answer``). An expected call's
``arguments`` may be ``None``: any arguments will do (a free-text search query). A call the
model made has ``arguments`` ``None`` when they were not a JSON object. The answer is one of
:data:`JUDGEMENTS`.

:func:`check_judge` runs the learner's function on cases the notebook does not show, built to
defeat the shortcuts: the right tool with another order id, two calls in the other order, the
same tool twice, keys in another order, a number sent as a string, "any arguments" ... Each
failure names the case and says what it is about. :func:`as_grade` plugs a judge into the
harness (``run_cases(..., grade=as_grade(judge))``), so the rest of the chapter runs on the
learner's verdicts; ``fcourse.evaluation.grading.verdict`` is the package's tested version.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from fcourse.evaluation.cases import Case
from fcourse.lab.exercises.report import CheckCase, CheckReport

__all__ = ["CASES", "JUDGEMENTS", "as_grade", "check_judge", "solution_judge"]

#: every answer a judge may give: three right ones, five kinds of mistake
JUDGEMENTS = ("right_call", "right_ask", "right_answer", "wrong_tool", "wrong_arguments", "missed_call",
              "unnecessary_call", "wrong_reply")
_RIGHT = {"right_call", "right_ask", "right_answer"}

Judge = Callable[[dict[str, Any], dict[str, Any]], str]


def _call(name: str, arguments: Any = None) -> dict[str, Any]:
    return {"name": name, "arguments": arguments}


def _calls(*calls: dict[str, Any]) -> dict[str, Any]:
    return {"kind": "call", "calls": list(calls)}


def _no_call(kind: str) -> dict[str, Any]:
    return {"kind": kind, "calls": []}


_R100 = _call("refund_order", {"order_id": "O-100"})
_C200 = _call("cancel_order", {"order_id": "O-200"})

#: (case, expected, got, the right judgement, what the case is about - shown when a judge gets it wrong)
CASES: tuple[tuple[str, dict[str, Any], dict[str, Any], str, str], ...] = (
    ("the expected call", _calls(_R100), _calls(_R100), "right_call",
     "the same tool with the same arguments is a right call"),
    ("the right tool, another order id", _calls(_R100), _calls(_call("refund_order", {"order_id": "O-101"})),
     "wrong_arguments", "the tool names match but the arguments do not: compare the arguments too"),
    ("a value the user never gave", _calls(_R100),
     _calls(_call("refund_order", {"order_id": "O-100", "amount_cents": 89900})), "wrong_arguments",
     "an extra argument is a value the model made up: the arguments must be exactly the expected ones"),
    ("arguments that were not JSON", _calls(_R100), _calls(_call("refund_order", None)), "wrong_arguments",
     "arguments None means the model's arguments did not parse: that is never the expected arguments"),
    ("a number sent as a string", _calls(_call("get_weather", {"city": "Oslo", "days": 3})),
     _calls(_call("get_weather", {"city": "Oslo", "days": "3"})), "wrong_arguments",
     "'3' is not 3: compare the values themselves, not their text"),
    ("the same arguments, keys in another order",
     _calls(_call("get_weather", {"city": "Berlin", "unit": "celsius"})),
     _calls(_call("get_weather", {"unit": "celsius", "city": "Berlin"})), "right_call",
     "key order carries no meaning in a JSON object: compare the dicts, not their text"),
    ("two calls, the other way round", _calls(_R100, _C200), _calls(_C200, _R100), "right_call",
     "parallel calls come in any order: compare them as a collection, not position by position"),
    ("any arguments will do", _calls(_call("search_web", None)),
     _calls(_call("search_web", {"query": "return policy for shoes"})), "right_call",
     "expected arguments None means any arguments: only the tool is checked"),
    ("another tool", _calls(_R100), _calls(_call("cancel_order", {"order_id": "O-100"})), "wrong_tool",
     "a different tool is a wrong tool, whatever its arguments"),
    ("one call of the two", _calls(_R100, _C200), _calls(_R100), "wrong_tool",
     "a call is missing: count how many times each tool is called, not only which tools appear"),
    ("the same call twice", _calls(_R100), _calls(_R100, _R100), "wrong_tool",
     "one call too many (a second refund!): count the calls per tool, a set of names hides it"),
    ("the same tool twice, one of them wrong",
     _calls(_R100, _call("refund_order", {"order_id": "O-101"})), _calls(_R100, _R100), "wrong_arguments",
     "each expected call must be matched by its own call: one made call cannot count for two"),
    ("a call where an ask-back was due", _no_call("ask"), _calls(_R100), "unnecessary_call",
     "no call was wanted, so any call is an unnecessary call (not a wrong tool)"),
    ("a call where a plain answer was due", _no_call("answer"), _calls(_call("search_web", {"query": "1+1"})),
     "unnecessary_call", "no call was wanted, so any call is an unnecessary call (not a wrong tool)"),
    ("asked back where a call was due", _calls(_R100), _no_call("ask"), "missed_call",
     "a call was wanted and the model only talked: a missed call"),
    ("answered where a call was due", _calls(_C200), _no_call("answer"), "missed_call",
     "a call was wanted and the model only talked: a missed call"),
    ("asked back, as wanted", _no_call("ask"), _no_call("ask"), "right_ask",
     "an ask-back where one was wanted is right: right_ask"),
    ("answered, as wanted", _no_call("answer"), _no_call("answer"), "right_answer",
     "a plain answer where one was wanted is right: right_answer"),
    ("asked back where an answer was due", _no_call("answer"), _no_call("ask"), "wrong_reply",
     "no call either way, but the wrong kind of reply: compare got's kind with expected's"),
    ("answered where an ask-back was due", _no_call("ask"), _no_call("answer"), "wrong_reply",
     "no call either way, but the wrong kind of reply: compare got's kind with expected's"),
)


def solution_judge(expected: dict[str, Any], got: dict[str, Any]) -> str:
    """The reference judge (the notebook reveals it on request)."""
    if expected["kind"] != "call":
        if got["kind"] == "call":
            return "unnecessary_call"
        if got["kind"] != expected["kind"]:
            return "wrong_reply"
        return "right_ask" if got["kind"] == "ask" else "right_answer"
    if got["kind"] != "call":
        return "missed_call"
    if Counter(c["name"] for c in got["calls"]) != Counter(c["name"] for c in expected["calls"]):
        return "wrong_tool"
    unmatched = list(got["calls"])  # each expected call takes its own made call
    for want in expected["calls"]:
        match = next((c for c in unmatched if c["name"] == want["name"]
                      and (want["arguments"] is None or _same(c["arguments"], want["arguments"]))), None)
        if match is None:
            return "wrong_arguments"
        unmatched.remove(match)
    return "right_call"


def _same(a: Any, b: Any) -> bool:
    """Equal as JSON values: 3 is not "3", and True is not 1."""
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    return type(a) is type(b) and a == b


def _copy(value: dict[str, Any]) -> dict[str, Any]:
    return {"kind": value["kind"], "calls": [{"name": c["name"], "arguments": _deep(c["arguments"])}
                                             for c in value["calls"]]}


def _deep(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _deep(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_deep(v) for v in value]
    return value


def check_judge(judge: Judge) -> CheckReport:
    """Run ``judge`` on the hidden cases; each failure says what the case is about."""
    rows, notes = [], []
    for name, expected, got, right, about in CASES:
        try:
            answer = judge(_copy(expected), _copy(got))  # copies: a judge that edits its input changes nothing here
            shown = repr(answer)
        except Exception as error:  # noqa: BLE001 - a raising judge is a finding, not a crash
            answer, shown = None, f"raised {type(error).__name__}: {error}"
        passed = answer == right
        rows.append(CheckCase(name, right, shown, passed))
        if not passed:
            if answer is not None and answer not in JUDGEMENTS:
                notes.append(f"{name}: {shown} is not a judgement; answer one of {', '.join(JUDGEMENTS)}")
            else:
                notes.append(f"{name}: {about}")
    return CheckReport(tuple(rows), tuple(notes), "your judge tells every kind of reply apart")


def as_grade(judge: Judge) -> Callable[[Case, str, list[tuple[str, Any]]], str]:
    """The harness's ``grade`` from a judge: right_* become ``pass``, the mistakes keep their names."""
    def grade(case: Case, kind: str, calls: list[tuple[str, Any]]) -> str:
        if kind == "error":
            return "error"
        expected = {"kind": case.kind,
                    "calls": [{"name": c.name, "arguments": _deep(c.arguments)} for c in case.calls]}
        got = {"kind": kind, "calls": [{"name": name, "arguments": _deep(args)} for name, args in calls]}
        answer = judge(expected, got)
        if answer not in JUDGEMENTS:
            raise ValueError(f"the judge answered {answer!r} for case {case.id}; answer one of {', '.join(JUDGEMENTS)}")
        return "pass" if answer in _RIGHT else answer

    return grade
