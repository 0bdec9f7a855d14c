"""Checker for chapter 2's second "your turn": adapt the tool loop to the Responses API.

Introduced in chapter 2 (the same round trip, two shapes). The learner writes
``loop(client, model, input, tools, handlers)`` on ``client.responses.create``: ``input`` is a list
of items (it starts with the user's message), ``tools`` the flat menu. :func:`check_responses_loop`
runs it on six cases the notebook has not shown, each against a scripted model
(``fcourse.protocol.scripted_responses``: the real openai SDK, every request checked by the teaching
model's own Responses validation, replies from a script):

- ``parallel calls``: three calls in one response; each must be answered by its own ``call_id``
  (call ids do not sort in call order, so pairing by position shows);
- ``text beside calls``: a ``message`` item ("Checking both.") comes with two calls: text in the
  output is not the answer while calls are pending;
- ``two-round dependency``: the second call needs a value from the first result;
- ``never-ending model``: the model asks for a tool every time; stop after 5 requests;
- ``failing tool``: the handler raises; carry on, say it failed, leak no traceback or secret;
- ``outside input``: a call to a tool not offered, truncated JSON and a wrong type; none may run.

What counts is what the loop *sent*. A 400 from the endpoint is reported with a hint that names the
usual cause (the item's ``id`` used for ``call_id``, calls not sent back before their outputs, a call
left unanswered, an output that is not a string).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from fcourse.lab.exercises.loop import CaseResult, LoopReport
from fcourse.protocol.scripted import Reply, call, text
from fcourse.protocol.scripted_responses import ScriptedResponsesModel

__all__ = ["check_responses_loop"]

_LIMIT = 5
_SECRET = "hunter2"


def _tool(name: str, description: str, **properties: str) -> dict[str, Any]:
    return {"type": "function", "name": name, "description": description, "strict": True,
            "parameters": {"type": "object", "properties": {k: {"type": v} for k, v in properties.items()},
                           "required": list(properties), "additionalProperties": False}}


def _outputs(items: list[dict[str, Any]]) -> dict[str, str]:
    return {i["call_id"]: i["output"] for i in items if i["type"] == "function_call_output"}


def _calls(items: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [i for i in items if i["type"] == "function_call"]


@dataclass
class _Case:
    name: str
    question: str
    tools: list[dict[str, Any]]
    script: Callable[[list[dict[str, Any]]], Reply]
    verify: Callable[[ScriptedResponsesModel, _Case], str | None]
    handlers: dict[str, Callable[..., Any]] = field(default_factory=dict)
    ran: list[tuple[str, dict[str, Any]]] = field(default_factory=list)

    def record(self, name: str, function: Callable[..., Any]) -> Callable[..., Any]:
        def handler(**kwargs: Any) -> Any:
            self.ran.append((name, kwargs))
            return function(**kwargs)
        return handler


_TIMES = {"Tokyo": "09:00", "Paris": "02:00", "Lima": "19:00"}


def _answer_by_call_id(items: list[dict[str, Any]]) -> Reply:
    """The model's answer: each output read under its own call's city (whatever shape the result text has)."""
    cities = {c["call_id"]: json.loads(c["arguments"]).get("city", "?") for c in _calls(items)}
    found = {i: re.search(r"\d\d:\d\d", o) for i, o in _outputs(items).items()}
    return text("; ".join(f"{cities.get(i, '?')} {m.group(0) if m else '?'}" for i, m in found.items()))


def _times_verify(model: ScriptedResponsesModel, case: _Case) -> str | None:
    ran = sorted(kwargs.get("city", "?") for _, kwargs in case.ran)
    expected = sorted(c for c in _TIMES if c in case.question)
    if ran != expected:
        return f"the model asked for {len(expected)} cities in one response; the handlers ran for {ran or 'none'}"
    wrong = [city for city in expected if f"{city} {_TIMES[city]}" not in model.final_answer]
    if wrong:
        return f"outputs were not answered under their own call's call_id (wrong for {', '.join(wrong)})"
    return None


def _parallel() -> _Case:
    def script(items: list[dict[str, Any]]) -> Reply:
        if items[-1]["type"] != "function_call_output":
            return call(*(("get_local_time", {"city": city}) for city in _TIMES))
        return _answer_by_call_id(items)

    case = _Case("parallel calls", "What time is it in Tokyo, Paris and Lima?",
                 [_tool("get_local_time", "Current local time in a city.", city="string")], script, _times_verify)
    case.handlers = {"get_local_time": case.record("get_local_time", lambda city: _TIMES[city])}
    return case


def _text_beside_calls() -> _Case:
    def script(items: list[dict[str, Any]]) -> Reply:
        if items[-1]["type"] != "function_call_output":
            return Reply(content="Checking both cities.", calls=(("get_local_time", {"city": "Paris"}),
                                                                  ("get_local_time", {"city": "Lima"})))
        return _answer_by_call_id(items)

    def verify(model: ScriptedResponsesModel, case: _Case) -> str | None:
        if len(model.requests) < 2:
            return ("the response had a message item *and* function calls; the loop took the text for the answer "
                    "and never ran the calls (stop only when there are no function_call items)")
        return _times_verify(model, case)

    case = _Case("text beside calls", "What time is it in Paris and in Lima?",
                 [_tool("get_local_time", "Current local time in a city.", city="string")], script, verify)
    case.handlers = {"get_local_time": case.record("get_local_time", lambda city: _TIMES[city])}
    return case


def _two_rounds() -> _Case:
    def script(items: list[dict[str, Any]]) -> Reply:
        calls, outputs = _calls(items), _outputs(items)
        if not calls:
            return call(("find_customer", {"email": "ana@example.com"}))
        if len(calls) == 1:
            customer = re.search(r"C-\d+", outputs.get(calls[0]["call_id"], ""))
            return call(("open_tickets", {"customer_id": customer.group(0) if customer else "unknown"}))
        count = re.search(r"\b\d+\b", outputs.get(calls[1]["call_id"], ""))
        return text(f"You have {count.group(0) if count else '?'} open tickets.")

    def verify(model: ScriptedResponsesModel, case: _Case) -> str | None:
        if [name for name, _ in case.ran] != ["find_customer", "open_tickets"]:
            return f"expected find_customer, then open_tickets; the handlers ran: {[n for n, _ in case.ran]}"
        if case.ran[1][1] != {"customer_id": "C-88"}:
            return f"the second call should use the first result (C-88), got {case.ran[1][1]}"
        if "2 open tickets" not in model.final_answer:
            return "the loop stopped before the model could answer from the second result"
        return None

    case = _Case("two-round dependency", "How many open tickets do I have? I'm ana@example.com.",
                 [_tool("find_customer", "Find a customer by email.", email="string"),
                  _tool("open_tickets", "Count a customer's open support tickets.", customer_id="string")],
                 script, verify)
    case.handlers = {"find_customer": case.record("find_customer", lambda email: {"customer_id": "C-88"}),
                     "open_tickets": case.record("open_tickets", lambda customer_id: 2)}
    return case


def _never_ending() -> _Case:
    def verify(model: ScriptedResponsesModel, case: _Case) -> str | None:
        if len(model.requests) != _LIMIT:
            return (f"the model never stops asking; the loop should stop after {_LIMIT} requests, it made "
                    f"{len(model.requests)}")
        return None

    case = _Case("never-ending model", "Is export job J-7 done yet?",
                 [_tool("job_status", "Status of a background job.", job_id="string")],
                 lambda items: call(("job_status", {"job_id": "J-7"})), verify)
    case.handlers = {"job_status": case.record("job_status", lambda job_id: {"status": "running"})}
    return case


def _failing_tool() -> _Case:
    def broken(invoice_id: str) -> Any:
        raise ConnectionError(f"billing-db postgres://billing:{_SECRET}@10.1.2.3/billing refused the connection")

    def script(items: list[dict[str, Any]]) -> Reply:
        if items[-1]["type"] != "function_call_output":
            return call(("get_invoice", {"invoice_id": "INV-1"}))
        return text("I could not look up INV-1 right now.")

    def verify(model: ScriptedResponsesModel, case: _Case) -> str | None:
        outputs = _outputs(model.last_items)
        if len(model.requests) < 2 or not outputs:
            return "after the tool failed, the model was never told (no function_call_output, no second request)"
        content = " ".join(outputs.values())
        if "Traceback" in content or _SECRET in content:
            return "the output carries the traceback or the exception's text (a password leaks to the model)"
        if not content.strip():
            return "the output is empty: say that the tool failed"
        return None

    case = _Case("failing tool", "What is the total of invoice INV-1?",
                 [_tool("get_invoice", "Look up an invoice.", invoice_id="string")], script, verify)
    case.handlers = {"get_invoice": case.record("get_invoice", broken)}
    return case


def _outside_input() -> _Case:
    def script(items: list[dict[str, Any]]) -> Reply:
        if items[-1]["type"] != "function_call_output":
            return call(("drop_tables", {}), ("get_invoice", '{"invoice_id": "INV-2"'),
                        ("get_invoice", {"invoice_id": 42}))
        return text("Some of those requests could not be run.")

    def verify(model: ScriptedResponsesModel, case: _Case) -> str | None:
        if case.ran:
            return f"a handler ran on a call it should have refused: {case.ran[0][0]}({case.ran[0][1]})"
        if len(_outputs(model.last_items)) != 3 or len(model.requests) < 2:
            return "each refused call still needs a function_call_output that says why, then the model goes on"
        return None

    case = _Case("outside input", "Show me invoice INV-2.",
                 [_tool("get_invoice", "Look up an invoice.", invoice_id="string")], script, verify)
    case.handlers = {"get_invoice": case.record("get_invoice", lambda invoice_id: {"total": "12.00"}),
                     "drop_tables": case.record("drop_tables", lambda: "all tables dropped")}
    return case


_CASES = (_parallel, _text_beside_calls, _two_rounds, _never_ending, _failing_tool, _outside_input)


def _hint(message: str) -> str:
    """The usual cause of a 400 the endpoint answered, in one clause."""
    if "with call_id fc_" in message:
        return "answer with the function_call's call_id (call_…), not its item id (fc_…)"
    if message.startswith("No tool call found"):
        return "send the response's output items (its function_call items) back in input before their outputs"
    if message.startswith("No tool output found"):
        return "every function_call needs a function_call_output with its call_id, in the same request"
    if ".output'" in message:
        return "a function_call_output's output is a string: json.dumps the result"
    if "Invalid URL" in message and "chat/completions" in message:
        return "this exercise is the Responses API: call client.responses.create, not chat.completions"
    return "read the message: the request broke the protocol"


def _run(loop: Callable[..., Any], case: _Case) -> CaseResult:
    import openai

    model = ScriptedResponsesModel(case.script, max_requests=12)
    items = [{"role": "user", "content": case.question}]
    try:
        loop(model.client(), model.name, items, case.tools, case.handlers)
    except openai.APIStatusError as error:
        detail = error.body.get("message") if isinstance(error.body, dict) else str(error)
        return CaseResult(case.name, False, f"the endpoint answered HTTP {error.status_code}: {detail} "
                          f"({_hint(str(detail))})", len(model.requests))
    except Exception as error:  # noqa: BLE001 - the learner's loop must not raise; say how it did
        if len(model.requests) >= model.max_requests:
            return CaseResult(case.name, False, f"no round limit: the checker stopped it after "
                              f"{model.max_requests} requests", len(model.requests))
        return CaseResult(case.name, False, f"the loop raised {type(error).__name__}: {error}", len(model.requests))
    problem = case.verify(model, case)
    return CaseResult(case.name, problem is None, problem or "", len(model.requests))


def check_responses_loop(loop: Callable[..., Any]) -> LoopReport:
    """Run ``loop(client, model, input, tools, handlers)`` on every case; say per case what went wrong."""
    return LoopReport(tuple(_run(loop, factory()) for factory in _CASES))
