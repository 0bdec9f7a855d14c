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
same tool twice, keys in another order, a number sent as a string, ``True`` or ``1.0`` where ``1``
was expected (Python's ``==`` says they are equal), the same inside a list or an object, an extra
key sent as ``null``, a full-width order id, "any arguments" beside an exact call of the same
tool, in either order (the answer must not depend on the order of the calls), a wrong tool beside
wrong arguments (``wrong_tool`` wins), an answer that is a ``str`` subclass (only a plain
``str`` will do) ... Each failure
names the case and says what it is about; the judge must not change its inputs. The right
judgement is the reference's, worked out after the learner's judge has answered; then both judge
generated replies side by side. :func:`as_grade` plugs a judge into the
harness (``run_cases(..., grade=as_grade(judge))``), so the rest of the chapter runs on the
learner's verdicts; ``fcourse.evaluation.grading.verdict`` is the package's tested version.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from fcourse.evaluation.cases import Case
from fcourse.evaluation.grading import verdict
from fcourse.lab.exercises.compare import Outcome, changed, first_difference, generated_row, run_all, short
from fcourse.lab.exercises.integrity import finish, keep, restore, shortcut
from fcourse.lab.exercises.report import CheckCase, CheckReport

__all__ = ["JUDGEMENTS", "as_grade", "check_judge", "solution_judge"]

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
_ORDER = "parallel calls come in any order: compare them as a collection, not position by position"
_ANY_FIRST = ("match the calls with given arguments first, then let the 'any arguments' ones take what is left: "
              "the answer must not depend on the order of the calls")
_VALUES = "compare the values themselves, types included: '3' is not 3, and True is not 1 (Python's == says it is)"
_NESTED = ("compare the values inside lists and objects the same way, at every depth (recurse): True is not 1 and '3' "
           "is not 3 there too, though the list or object around them is of the right type")
_FLOAT = ("compare the values as parsed, types included: 1.0 is a float, not the int 1 (Python's == says they are "
          "equal; a handler doing range(days) fails on 1.0)")
_EXACT = "compare values exactly as written: "
_MATCH = (_ANY_FIRST + "; sorting both lists and pairing them position by position is not matching: an 'any "
          "arguments' call paired with the exact call's partner leaves the exact call unmatched")


def _cases() -> list[tuple[str, dict[str, Any], dict[str, Any], str]]:
    """(case, expected, got, what it is about - shown when a judge gets it wrong); the right judgement is the
    reference's, worked out after the learner's judge has answered."""
    search_a, search_b = _call("search_web", {"query": "shoes"}), _call("search_web", {"query": "boots"})
    return [
        ("the expected call", _calls(_R100), _calls(_R100), "the same tool with the same arguments is a right call"),
        ("the right tool, another order id", _calls(_R100), _calls(_call("refund_order", {"order_id": "O-101"})),
         "the tool names match but the arguments do not: compare the arguments too"),
        ("the order id in small letters", _calls(_R100), _calls(_call("refund_order", {"order_id": "o-100"})),
         _EXACT + "'o-100' is another order id than 'O-100' (no lower(), no strip())"),
        ("the order id in full-width letters", _calls(_R100), _calls(_call("refund_order", {"order_id": "Ｏ-１００"})),
         _EXACT + "the full-width 'Ｏ-１００' is another string than 'O-100', and the tool's pattern refuses it (no "
         "unicodedata.normalize)"),
        ("a value the user never gave", _calls(_R100),
         _calls(_call("refund_order", {"order_id": "O-100", "amount_cents": 89900})),
         "an extra argument is a value the model made up: the arguments must be exactly the expected ones"),
        ("an extra argument sent as null", _calls(_R100),
         _calls(_call("refund_order", {"order_id": "O-100", "note": None})),
         "a key sent as null is still a key the user never gave: the arguments must have exactly the expected keys "
         "(compare the keys, not .get(), which answers None for a missing key too)"),
        ("arguments that were not JSON", _calls(_R100), _calls(_call("refund_order", None)),
         "arguments None means the model's arguments did not parse: that is never the expected arguments"),
        ("a number sent as a string", _calls(_call("get_weather", {"city": "Oslo", "days": 3})),
         _calls(_call("get_weather", {"city": "Oslo", "days": "3"})), _VALUES),
        ("true where 1 was expected", _calls(_call("get_weather", {"city": "Oslo", "days": 1})),
         _calls(_call("get_weather", {"city": "Oslo", "days": True})), _VALUES),
        ("1.0 where 1 was expected", _calls(_call("get_weather", {"city": "Oslo", "days": 1})),
         _calls(_call("get_weather", {"city": "Oslo", "days": 1.0})), _FLOAT),
        ("true where 1 was expected, inside a list",
         _calls(_call("tag_order", {"order_id": "O-100", "quantities": [1, 2]})),
         _calls(_call("tag_order", {"order_id": "O-100", "quantities": [True, 2]})), _NESTED),
        ("a number sent as a string, inside an object",
         _calls(_call("search_orders", {"filter": {"status": "paid", "count": 3}})),
         _calls(_call("search_orders", {"filter": {"status": "paid", "count": "3"}})), _NESTED),
        ("a list in another order", _calls(_call("tag_order", {"order_id": "O-100", "tags": ["gift", "fragile"]})),
         _calls(_call("tag_order", {"order_id": "O-100", "tags": ["fragile", "gift"]})),
         "a JSON list's order is part of its value (only an object's key order is not)"),
        ("the same arguments, keys in another order",
         _calls(_call("get_weather", {"city": "Berlin", "unit": "celsius"})),
         _calls(_call("get_weather", {"unit": "celsius", "city": "Berlin"})),
         "key order carries no meaning in a JSON object: compare the dicts, not their text"),
        ("two calls, the other way round", _calls(_R100, _C200), _calls(_C200, _R100), _ORDER),
        ("the same tool twice, the other way round",
         _calls(_R100, _call("refund_order", {"order_id": "O-101"})),
         _calls(_call("refund_order", {"order_id": "O-101"}), _R100), _ORDER),
        ("any arguments will do", _calls(_call("search_web", None)),
         _calls(_call("search_web", {"query": "return policy for shoes"})),
         "expected arguments None means any arguments: only the tool is checked"),
        ("one call with any arguments, one exact, in this order", _calls(_call("search_web", None), search_a),
         _calls(search_a, search_b), _ANY_FIRST),
        ("one call with any arguments, one exact, the other order", _calls(_call("search_web", None), search_a),
         _calls(search_b, search_a), _ANY_FIRST),
        ("one call with any arguments, one exact, the exact one made first",
         _calls(_call("search_web", None), search_b), _calls(search_b, search_a), _MATCH),
        ("another tool", _calls(_R100), _calls(_call("cancel_order", {"order_id": "O-100"})),
         "a different tool is a wrong tool, whatever its arguments"),
        ("a wrong tool beside wrong arguments", _calls(_R100, _C200),
         _calls(_call("refund_order", {"order_id": "O-101"}), _call("track_shipment", {"order_id": "O-200"})),
         "a tool missing or extra makes the reply wrong_tool, whatever the other calls' arguments: compare the tools "
         "(each with its count) before any arguments; wrong_arguments is for the right tools with other arguments"),
        ("a tool name in other letters", _calls(_R100), _calls(_call("Refund_Order", {"order_id": "O-100"})),
         "tool names are compared exactly: Refund_Order is not refund_order"),
        ("one call of the two", _calls(_R100, _C200), _calls(_R100),
         "a call is missing: count how many times each tool is called, not only which tools appear"),
        ("the same call twice", _calls(_R100), _calls(_R100, _R100),
         "one call too many (a second refund!): count the calls per tool, a set of names hides it"),
        ("the same tool twice, one of them wrong",
         _calls(_R100, _call("refund_order", {"order_id": "O-101"})), _calls(_R100, _R100),
         "each expected call must be matched by its own call: one made call cannot count for two"),
        ("a call where an ask-back was due", _no_call("ask"), _calls(_R100),
         "no call was wanted, so any call is an unnecessary call (not a wrong tool)"),
        ("a call where a plain answer was due", _no_call("answer"), _calls(_call("search_web", {"query": "1+1"})),
         "no call was wanted, so any call is an unnecessary call (not a wrong tool)"),
        ("asked back where a call was due", _calls(_R100), _no_call("ask"),
         "a call was wanted and the model only talked: a missed call"),
        ("answered where a call was due", _calls(_C200), _no_call("answer"),
         "a call was wanted and the model only talked: a missed call"),
        ("asked back, as wanted", _no_call("ask"), _no_call("ask"),
         "an ask-back where one was wanted is right: right_ask"),
        ("answered, as wanted", _no_call("answer"), _no_call("answer"),
         "a plain answer where one was wanted is right: right_answer"),
        ("asked back where an answer was due", _no_call("answer"), _no_call("ask"),
         "no call either way, but the wrong kind of reply: compare got's kind with expected's"),
        ("answered where an ask-back was due", _no_call("ask"), _no_call("answer"),
         "no call either way, but the wrong kind of reply: compare got's kind with expected's"),
    ]


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
    unmatched = list(got["calls"])  # each expected call takes its own made call, in any order:
    for want in sorted(expected["calls"], key=lambda c: c["arguments"] is None):  # "any arguments" take what is left
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


def _judge_row(answer: Outcome, inputs: tuple[Any, Any], before: tuple[Any, Any], right: str,
               about: str) -> tuple[str, str | None]:
    """(what the judge answered, the note when it is wrong)."""
    if not answer.returned:
        return answer.shown(60), about
    for name, value, old in (("expected", inputs[0], before[0]), ("got", inputs[1], before[1])):
        where = changed(old, value)
        if where:
            return repr(answer.value), f"your judge changed its input ({name}{where}): compare, don't sort, pop or " \
                "clear the caller's data (sorted(...) makes a new list)"
    if type(answer.value) is not str:  # the exact type: a str subclass can make == say anything
        return f"{type(answer.value).__name__}({answer.value!r})" if isinstance(answer.value, str) else \
            repr(answer.value), f"your judge returned a {type(answer.value).__name__}, not a str: return one of " \
            f"the plain strings {', '.join(JUDGEMENTS)}"
    if answer.value not in JUDGEMENTS:
        return repr(answer.value), f"{short(answer.value, 30)} is not a judgement; answer one of " \
            f"{', '.join(JUDGEMENTS)}"
    return repr(answer.value), None if answer.value == right else about


def check_judge(judge: Judge) -> CheckReport:
    """Run ``judge`` on the hidden cases, then on generated ones beside the reference; each failure says what the
    case is about."""
    replaced = restore()
    if (early := shortcut(judge, _REFERENCES, replaced, _VERDICT)) is not None:
        return early
    cases = _cases()
    inputs = [(_copy(expected), _copy(got)) for _, expected, got, _ in cases]
    before = [(_copy(expected), _copy(got)) for _, expected, got, _ in cases]
    answers = run_all(judge, [(pair, {}) for pair in inputs])
    rows, notes = [], []
    for (name, expected, got, about), pair, old, answer in zip(cases, inputs, before, answers):
        right = solution_judge(_copy(expected), _copy(got))
        shown, note = _judge_row(answer, pair, old, right, about)
        rows.append(CheckCase(name, right, shown, note is None))
        if note:
            notes.append(f"{name}: {note}")
    if all(row.passed for row in rows):
        difference, tried = first_difference(_replies(), _compare(judge), show=_show, examples=40, budget=120)
        rows.append(generated_row("generated replies to judge", difference, tried, notes))
    else:
        notes.append("generated replies are judged beside the reference once every case above passes")
    return finish(rows, notes, _VERDICT, learner=judge, replaced=replaced, references=_REFERENCES)


def _replies() -> Any:
    """(expected, got) pairs over a few tools and arguments: repeated names, any-arguments, True for 1, "1" and 1.0
    for 1, a null extra key, a full-width id, names in other letters, another tool, calls in any order."""
    from hypothesis import strategies as st

    arguments = st.sampled_from([{"order_id": "O-100"}, {"order_id": "O-101"}, {"order_id": "O-100", "days": 1},
                                 {"order_id": "O-100", "days": True}, {"order_id": "O-100", "days": "1"},
                                 {"order_id": "O-100", "tags": ["a", "b"]}, {"order_id": "O-100", "tags": ["b", "a"]},
                                 {"days": 1, "order_id": "O-100"}, {"order_id": "O-100", "days": 1.0},
                                 {"order_id": "O-100", "note": None}, {"order_id": "Ｏ-１００"},
                                 {"order_id": "O-100", "tags": [1, "b"]}, {"order_id": "O-100", "tags": [True, "b"]}])
    made = st.builds(_call, st.sampled_from(["refund_order", "refund_order", "search_web", "Refund_Order",
                                             "cancel_order"]),
                     st.one_of(arguments, arguments, st.none()))
    wanted = st.builds(_call, st.sampled_from(["refund_order", "refund_order", "search_web"]),
                       st.one_of(arguments, arguments, st.none()))

    def reply(calls: Any, kinds: Any) -> Any:
        return st.one_of(st.lists(calls, min_size=1, max_size=3).map(lambda c: _calls(*c)),
                         kinds.map(_no_call))

    return st.tuples(reply(wanted, st.sampled_from(["ask", "answer"])), reply(made, st.sampled_from(["ask", "answer"])))


def _show(value: Any) -> str:
    expected, got = value
    return f"expected={short(expected, 150)}, got={short(got, 150)}"


def _compare(judge: Judge) -> Callable[[Any], tuple[str, str] | None]:
    def compare(value: Any) -> tuple[str, str] | None:
        expected, got = value
        pair, before = (_copy(expected), _copy(got)), (_copy(expected), _copy(got))
        answer = run_all(judge, [(pair, {})], timeout=10)[0]
        right = solution_judge(_copy(expected), _copy(got))
        hint = _ANY_FIRST if any(c["arguments"] is None for c in expected["calls"]) and len(expected["calls"]) > 1 \
            else (_ORDER + "; " + _VALUES)
        shown, note = _judge_row(answer, pair, before, right, hint)
        return None if note is None else (f"yours: {shown}, the reference: {right!r}", note)

    return compare


def as_grade(judge: Judge) -> Callable[[Case, str, list[tuple[str, Any]]], str]:
    """The harness's ``grade`` from a judge: right_* become ``pass``, the mistakes keep their names."""
    def grade(case: Case, kind: str, calls: list[tuple[str, Any]]) -> str:
        if kind == "error":
            return "error"
        expected = {"kind": case.kind,
                    "calls": [{"name": c.name, "arguments": _deep(c.arguments)} for c in case.calls]}
        got = {"kind": kind, "calls": [{"name": name, "arguments": _deep(args)} for name, args in calls]}
        answer = judge(expected, got)
        if type(answer) is not str or answer not in JUDGEMENTS:
            raise ValueError(f"the judge answered {answer!r} for case {case.id}; answer one of {', '.join(JUDGEMENTS)}")
        return "pass" if answer in _RIGHT else answer

    return grade


#: the last words of a report whose every case passed
_VERDICT = "your judge tells every kind of reply apart"
#: the reference and the package's tested version: a learner's code that is (or calls) one is not theirs
_REFERENCES = {
    "fcourse.lab.exercises.judging.solution_judge": solution_judge,
    "fcourse.evaluation.grading.verdict": verdict,
}

keep(__name__)
