"""Chapter 2's fourth exercise: the tool loop adapted to the Responses API.

Introduced in chapter 2 (the same round trip, two shapes). The learner writes
``responses_loop(client, model, input, tools, handlers, max_rounds=5)`` on ``client.responses.create``:
``input`` is a list of items (it starts with the user's message), ``tools`` the flat menu, and it returns
the whole conversation as items, as ``tool_loop`` returns the messages. :func:`check_responses_loop` runs
it on cases the notebook has not shown, each against a scripted model
(``fcourse.protocol.scripted_responses``: the real openai SDK, every request checked by the teaching
model's own Responses validation, replies from a script), so a pairing mistake is a real HTTP 400:

- ``parallel calls``: three calls in one response; each must be answered by its own ``call_id``
  (call ids do not sort in call order, so pairing by position shows);
- ``text beside calls``: a ``message`` item ("Checking both cities.") comes with two calls: text in
  the output is not the answer while calls are pending;
- ``two-round dependency``: the second call needs a value from the first result;
- ``never-ending model`` / ``round limit 3``: the model asks for a tool every time; the loop stops after
  ``max_rounds`` requests and the items it returns still answer every call;
- ``failing tool``: the handler raises; carry on, say it failed, leak no traceback or secret;
- ``outside input``: a call to a tool not offered, truncated JSON and a wrong type; none may run.

The caller's input list must come back unedited, and at the limit the last round's calls are answered
NOT_EXECUTED, not run. Then the learner's loop and the reference run side by side on generated scripts
(parallel, repeated and failing calls, round limits).

The cases run through :func:`fcourse.lab.exercises.loop.run_case`, as the Chat Completions loop's do;
an HTTP error the endpoint answers is reported with a hint that names the usual cause (the item's
``id`` used for ``call_id``, calls not sent back before their outputs, a call left unanswered, an
output that is not a string, the Chat Completions endpoint).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

from fcourse.lab.exercises import solutions
from fcourse.lab.exercises.compare import compare_when_cases_pass
from fcourse.lab.exercises.integrity import finish, keep, restore, shortcut
from fcourse.lab.exercises.loop import TIMES, LoopCase, function_tool, never_ending_case, run_case, value
from fcourse.lab.exercises.loop_compare import compare_loops, conversations, show_script
from fcourse.lab.exercises.report import CheckReport
from fcourse.protocol.responses_loop import flat_tools, run_responses_loop
from fcourse.protocol.scripted import Reply, call, text
from fcourse.protocol.scripted_responses import ScriptedResponsesModel

__all__ = ["CASES", "check_responses_loop", "error_hint"]

_SECRET = "hunter2"
_BY_CALL_ID = ("answer every function_call item with a function_call_output whose call_id is that item's "
               "call_id, after sending the response's output items back in input")


def _tools(*tools: dict[str, Any]) -> list[dict[str, Any]]:
    return flat_tools(tools)


def _outputs(items: list[Any]) -> dict[str, str]:
    """``{call_id: output}`` of every function_call_output item."""
    return {i["call_id"]: i.get("output") for i in items if isinstance(i, dict) and i.get("type") ==
            "function_call_output"}


def _calls(items: list[Any]) -> list[dict[str, Any]]:
    """Every function_call item, in order."""
    return [i for i in items if isinstance(i, dict) and i.get("type") == "function_call"]


def _pending(items: list[dict[str, Any]]) -> bool:
    """The conversation does not end with an output: the model is to propose (the script's first turn)."""
    return items[-1]["type"] != "function_call_output"


def _unanswered(returned: list[Any]) -> int:
    items = [i if isinstance(i, dict) else i.to_dict() for i in returned]
    return len({c["call_id"] for c in _calls(items)} - set(_outputs(items)))


def _answer_by_call_id(items: list[dict[str, Any]]) -> Reply:
    """The model's answer: each output read under its own call's city (whatever shape the result has)."""
    cities = {c["call_id"]: json.loads(c["arguments"]).get("city", "?") for c in _calls(items)}
    found = {i: re.search(r"\d\d:\d\d", str(o)) for i, o in _outputs(items).items()}
    return text("; ".join(f"{cities.get(i, '?')} {m.group(0) if m else '?'}" for i, m in found.items()))


def _not_the_items(case: LoopCase, returned: Any) -> str | None:
    """Why ``returned`` is not the conversation ending in the answer's message item (None when it is)."""
    last = returned[-1] if isinstance(returned, list) and returned else None
    if isinstance(returned, list) and not all(isinstance(item, dict) for item in returned):
        case.hint = "append item.to_dict() for each output item, so the conversation is plain data the caller can " \
            "read, store and send again"
        return "the items returned are SDK objects, not plain dicts"
    if (last.get("type") if isinstance(last, dict) else getattr(last, "type", None)) == "message":
        return None
    case.hint = "return the conversation: the whole list of items, the answer's message item last"
    return f"returned {type(returned).__name__}, not the items"


def _times_verify(model: ScriptedResponsesModel, case: LoopCase, returned: Any) -> str | None:
    ran = sorted(kwargs.get("city", "?") for _, kwargs in case.ran)
    expected = sorted(c for c in TIMES if c in case.question)
    if ran != expected:
        return f"{len(expected)} calls proposed, the handlers ran for {ran or 'none'}"
    wrong = [city for city in expected if f"{city} {TIMES[city]}" not in model.final_answer]
    return f"outputs under the wrong call_id for {', '.join(wrong)}" if wrong else _not_the_items(case, returned)


def _time_case(name: str, expected: str, question: str, first: Reply, verify: Any, hint: str) -> LoopCase:
    def script(items: list[dict[str, Any]]) -> Reply:
        return first if _pending(items) else _answer_by_call_id(items)

    case = LoopCase(name, expected, question, _tools(function_tool("get_local_time", "Current local time in a city.",
                                                                   city="string")), script, verify, hint)
    case.handler("get_local_time", lambda city: TIMES[city])
    return case


def _parallel() -> LoopCase:
    return _time_case("parallel calls", "3 calls, each output by call_id",
                      "Tokyo, Paris and Lima: what time is it there?",
                      call(*(("get_local_time", {"city": city}) for city in TIMES)), _times_verify,
                      "run every function_call item, not only the first; " + _BY_CALL_ID)


def _text_beside_calls() -> LoopCase:
    def verify(model: ScriptedResponsesModel, case: LoopCase, returned: Any) -> str | None:
        if len(model.requests) < 2:
            case.hint = "stop only when the output has no function_call items: a message item beside calls is not " \
                "the answer"
            return "took the message item for the answer; the calls never ran"
        said = [i for i in model.conversations[1] if i.get("type") == "message" and i.get("role") == "assistant"]
        if not said:
            case.hint = "send the response's output items back as they are, the message item beside the calls too: " \
                "the model must see what it said"
            return "the message item beside the calls was not sent back"
        return _times_verify(model, case, returned)

    return _time_case("text beside calls", "the calls run, then the answer", "What time is it in Paris and in Lima?",
                      Reply(content="Checking both cities.", calls=(("get_local_time", {"city": "Paris"}),
                                                                    ("get_local_time", {"city": "Lima"}))),
                      verify, _BY_CALL_ID)


def _two_rounds() -> LoopCase:
    def script(items: list[dict[str, Any]]) -> Reply:
        calls, outputs = _calls(items), _outputs(items)
        if not calls:
            return call(("find_customer", {"email": "ana@example.com"}))
        if len(calls) == 1:
            found = value(outputs.get(calls[0]["call_id"], ""))
            customer = found.get("customer_id") if isinstance(found, dict) else None
            return call(("open_tickets", {"customer_id": customer or "unknown"}))
        return text(f"You have {value(outputs.get(calls[1]['call_id'], '?'))} open tickets.")

    def verify(model: ScriptedResponsesModel, case: LoopCase, returned: Any) -> str | None:
        if [name for name, _ in case.ran] != ["find_customer", "open_tickets"]:
            return f"the handlers ran: {[n for n, _ in case.ran]}"
        if case.ran[1][1] != {"customer_id": "C-88"}:
            return f"the second call did not get the first result: {case.ran[1][1]}"
        if "2 open tickets" not in model.final_answer:
            return "stopped before the model answered"
        return _not_the_items(case, returned)

    case = LoopCase("two-round dependency", "2 rounds of calls, then the answer",
                    "How many open tickets do I have? I'm ana@example.com.",
                    _tools(function_tool("find_customer", "Find a customer by email.", email="string"),
                           function_tool("open_tickets", "Count a customer's open tickets.", customer_id="string")),
                    script, verify, "after the outputs, ask again with all the items; stop only when the output "
                    "has no function_call items")
    case.handler("find_customer", lambda email: {"customer_id": "C-88"})
    case.handler("open_tickets", lambda customer_id: 2)
    return case


def _never_ending(limit: int | None) -> LoopCase:
    return never_ending_case(limit, _tools(function_tool("job_status", "Status of a background job.",
                                                         job_id="string")), _unanswered, responses=True)


def _failing_tool() -> LoopCase:
    def broken(invoice_id: str) -> Any:
        raise ConnectionError(f"billing-db postgres://billing:{_SECRET}@10.1.2.3/billing refused the connection")

    def script(items: list[dict[str, Any]]) -> Reply:
        return call(("get_invoice", {"invoice_id": "INV-1"})) if _pending(items) else text("INV-1 is unavailable.")

    def verify(model: ScriptedResponsesModel, case: LoopCase, returned: Any) -> str | None:
        outputs = _outputs(model.last_items)
        if len(model.requests) < 2 or not outputs:
            return "the model was never told (no output, no second request)"
        content = " ".join(str(o) for o in outputs.values())
        if "Traceback" in content or _SECRET in content:
            case.hint = "say which tool failed and the exception's type, never its text (a password leaks)"
            return "the output carries the exception's text"
        return None if content.strip() else "the output is empty: say that the tool failed"

    case = LoopCase("failing tool", "the model is told it failed", "What is the total of invoice INV-1?",
                    _tools(function_tool("get_invoice", "Look up an invoice.", invoice_id="string")), script, verify,
                    "a failing handler is an output too: run each call through run_call")
    case.handler("get_invoice", broken)
    return case


def _outside_input() -> LoopCase:
    def script(items: list[dict[str, Any]]) -> Reply:
        if _pending(items):
            return call(("drop_tables", {}), ("get_invoice", '{"invoice_id": "INV-2"'),
                        ("get_invoice", {"invoice_id": 42}))
        return text("Some of those requests could not be run.")

    def verify(model: ScriptedResponsesModel, case: LoopCase, returned: Any) -> str | None:
        if case.ran:
            return f"a handler ran: {case.ran[0][0]}"
        return None if len(model.requests) == 2 else "the model was not told (no second request)"

    case = LoopCase("outside input", "no handler runs, all 3 answered", "Show me invoice INV-2.",
                    _tools(function_tool("get_invoice", "Look up an invoice.", invoice_id="string")), script, verify,
                    "send every call through your run_call: it refuses a tool that was not offered, broken JSON "
                    "and a wrong type")
    case.handler("get_invoice", lambda invoice_id: {"total": "12.00"})
    case.handler("drop_tables", lambda: "all tables dropped")
    return case


CASES: tuple[Callable[[], LoopCase], ...] = (
    _parallel, _text_beside_calls, _two_rounds, lambda: _never_ending(None), lambda: _never_ending(3),
    _failing_tool, _outside_input)


def error_hint(message: str) -> str:
    """The usual cause of an error the Responses endpoint answered, in one clause."""
    if "with call_id fc_" in message:
        return "answer with the function_call's call_id (call_...), not its item id (fc_...)"
    if message.startswith("No tool call found"):
        return "send the response's output items (its function_call items) back in input before their outputs, " \
            "each output under the call_id of the call it answers"
    if message.startswith("No tool output found"):
        return "every function_call needs a function_call_output with its call_id, in the same request"
    if ".output'" in message:
        return "a function_call_output's output is a string: json.dumps the result"
    if "chat/completions" in message:
        return "this exercise is the Responses API: call client.responses.create, not chat.completions"
    return "read the message: the request broke the protocol"


def check_responses_loop(loop: Callable[..., Any]) -> CheckReport:
    """Run ``loop(client, model, input, tools, handlers, max_rounds=5)`` on every case, then on generated scripts
    beside the reference; say what went wrong."""
    replaced = restore()
    if (early := shortcut(loop, _REFERENCES, replaced, _VERDICT)) is not None:
        return early
    rows = [run_case(loop, factory(), ScriptedResponsesModel, error_hint) for factory in CASES]
    notes: list[str] = []
    compare_when_cases_pass(rows, notes, "conversations", conversations,
                            compare_loops(loop, solutions.responses_loop, True, error_hint), show=show_script,
                            examples=15, budget=40)
    return finish(rows, notes, _VERDICT, learner=loop, replaced=replaced, references=_REFERENCES)


#: the last words of a report whose every case passed
_VERDICT = "items in, items out, every output under its call_id"
#: the reference and the package's tested version: a learner's code that is (or calls) one is not theirs
_REFERENCES = {
    "fcourse.lab.exercises.solutions.responses_loop": solutions.responses_loop,
    "fcourse.run_responses_loop": run_responses_loop,
}

keep(__name__)
