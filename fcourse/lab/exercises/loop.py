"""Chapter 2's second exercise: the tool loop - ask, run every call, answer each by id, ask again, stop.

Introduced in chapter 2 ("Your turn 2"). The learner writes
``tool_loop(client, model, messages, tools, handlers, max_rounds=5)`` and
returns the whole conversation (a list of message dicts). :func:`check_loop`
runs it on cases the notebook has not shown, each against a scripted model
(``fcourse.protocol.scripted``: the real openai SDK, every request checked by
the teaching model's own protocol validation, replies from a script), so a
protocol mistake is a real HTTP 400:

- ``one call``: one round trip, then the answer;
- ``three calls in one reply``: every one executed and answered under its own id;
- ``two-round dependency``: the second call needs a value from the first result;
- ``never-ending model`` / ``round limit 3``: the model asks for a tool every
  time; the loop stops after ``max_rounds`` requests (5 by default), and the
  conversation it returns still answers every call (a transcript that can be
  sent again; the notebook answers the last round's calls "not executed");
- ``outside input``: a tool that was not offered and truncated JSON; neither
  reaches a handler (the loop's ``run_call`` from the exercise before).

What counts is what the loop *sent* (the requests the scripted model
received) and the conversation it returned. :data:`CASES` and the helpers are
shared with chapter 2's third checker (:mod:`fcourse.lab.exercises.parallel`);
:func:`run_case` and :func:`never_ending_case` also run the Responses checker
(:mod:`fcourse.lab.exercises.responses_loop`) on its own scripted model.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from fcourse.lab.exercises import solutions
from fcourse.lab.exercises.compare import changed, compare_when_cases_pass, run_all, snapshot
from fcourse.lab.exercises.integrity import finish, keep, restore, shortcut
from fcourse.lab.exercises.loop_compare import (
    TIMES,
    compare_loops,
    conversations,
    function_tool,
    normalize,
    show_script,
)
from fcourse.lab.exercises.report import CheckCase, CheckReport
from fcourse.protocol.lint import lint_messages
from fcourse.protocol.loop import run_tool_loop
from fcourse.protocol.scripted import Reply, ScriptedModel, call, text

__all__ = [
    "CASES",
    "TIMES",
    "LoopCase",
    "calls_in",
    "check_loop",
    "function_tool",
    "never_ending_case",
    "results_by_id",
    "run_case",
    "value",
]


def results_by_id(messages: list[dict[str, Any]]) -> dict[str, str]:
    """``{tool_call_id: content}`` of every tool message."""
    return {m["tool_call_id"]: m.get("content") or "" for m in messages if m.get("role") == "tool"}


def calls_in(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Every tool call the assistant messages made, in order."""
    return [c for m in messages if m.get("role") == "assistant" for c in m.get("tool_calls") or []]


def value(content: str) -> Any:
    """A tool result as data: JSON when it parses (``"09:00"`` and ``09:00`` are the same result)."""
    try:
        return json.loads(content)
    except ValueError:
        return content


@dataclass
class LoopCase:
    """One scripted conversation: the question, the menu, the handlers, the script and the verdict on the run."""

    name: str
    expected: str
    question: str
    tools: list[dict[str, Any]]
    script: Callable[[list[dict[str, Any]]], Reply]
    verify: Callable[[Any, LoopCase, Any], str | None]  # (the scripted model, the case, what the loop returned)
    hint: str
    options: dict[str, Any] = field(default_factory=dict)
    handlers: dict[str, Callable[..., Any]] = field(default_factory=dict)
    ran: list[tuple[str, dict[str, Any]]] = field(default_factory=list)

    def handler(self, name: str, function: Callable[..., Any]) -> None:
        """Register ``function`` as the handler of ``name``, recording every call it gets."""
        def recorded(**kwargs: Any) -> Any:
            self.ran.append((name, kwargs))
            return function(**kwargs)
        self.handlers[name] = recorded


# ----------------------------------------------------------------------------- the cases

_ID_HINT = ("append the assistant message as it is, then one role \"tool\" message per call "
            "with that call's own id (tool_call_id=tool_call[\"id\"])")


def _one_call() -> LoopCase:
    def script(messages: list[dict[str, Any]]) -> Reply:
        if messages[-1]["role"] != "tool":
            return call(("get_local_time", {"city": "Tokyo"}))
        return text(f"It is {value(messages[-1]['content'])} in Tokyo.")

    def verify(model: ScriptedModel, case: LoopCase, returned: Any) -> str | None:
        if case.ran != [("get_local_time", {"city": "Tokyo"})]:
            return f"handlers ran: {case.ran or 'none'}"
        return None if "09:00" in model.final_answer else "the model never got to answer"

    case = LoopCase("one call", "1 call, then the answer", "What time is it in Tokyo?",
                    [function_tool("get_local_time", "Current local time in a city.", city="string")],
                    script, verify, _ID_HINT)
    case.handler("get_local_time", lambda city: TIMES[city])
    return case


def _three_calls() -> LoopCase:
    def script(messages: list[dict[str, Any]]) -> Reply:
        if messages[-1]["role"] != "tool":
            return call(*(("get_local_time", {"city": city}) for city in TIMES))
        return text("done")

    def verify(model: ScriptedModel, case: LoopCase, returned: Any) -> str | None:
        ran = sorted(kwargs.get("city", "?") for _, kwargs in case.ran)
        if ran != sorted(TIMES):
            return f"3 calls proposed, the handlers ran for {ran or 'none'}"
        cities = {c["id"]: json.loads(c["function"]["arguments"])["city"] for c in calls_in(model.last_messages)}
        wrong = [cities[i] for i, content in results_by_id(model.last_messages).items()
                 if value(content) != TIMES.get(cities.get(i, ""))]
        return f"results under the wrong id for {', '.join(wrong)}" if wrong else None

    case = LoopCase("three calls in one reply", "3 calls, each answered by id", "Time in Tokyo, Paris and Lima?",
                    [function_tool("get_local_time", "Current local time in a city.", city="string")],
                    script, verify, "run every call in message[\"tool_calls\"], not only the first, " + _ID_HINT)
    case.handler("get_local_time", lambda city: TIMES[city])
    return case


def _text_beside_calls() -> LoopCase:
    def script(messages: list[dict[str, Any]]) -> Reply:
        if messages[-1]["role"] != "tool":
            return Reply(content="Let me check both cities.", calls=(("get_local_time", {"city": "Paris"}),
                                                                      ("get_local_time", {"city": "Lima"})))
        return text("Paris 02:00, Lima 19:00.")

    def verify(model: ScriptedModel, case: LoopCase, returned: Any) -> str | None:
        if len(model.requests) < 2:
            return "took the text beside the calls for the answer; the calls never ran"
        return None if sorted(kwargs["city"] for _, kwargs in case.ran) == ["Lima", "Paris"] else \
            f"the handlers ran for {case.ran}"

    case = LoopCase("text beside calls", "the calls run, then the answer", "Time in Paris and Lima?",
                    [function_tool("get_local_time", "Current local time in a city.", city="string")], script,
                    verify, "stop only when a reply has no tool_calls: text beside calls is not the answer")
    case.handler("get_local_time", lambda city: TIMES[city])
    return case


def _two_rounds() -> LoopCase:
    def script(messages: list[dict[str, Any]]) -> Reply:
        calls = calls_in(messages)
        if not calls:
            return call(("find_customer", {"email": "ana@example.com"}))
        if len(calls) == 1:
            found = value(results_by_id(messages).get(calls[0]["id"], ""))
            customer = found.get("customer_id") if isinstance(found, dict) else None
            return call(("open_tickets", {"customer_id": customer or "unknown"}))
        return text(f"You have {value(results_by_id(messages).get(calls[1]['id'], '?'))} open tickets.")

    def verify(model: ScriptedModel, case: LoopCase, returned: Any) -> str | None:
        if [name for name, _ in case.ran] != ["find_customer", "open_tickets"]:
            return f"the handlers ran: {[n for n, _ in case.ran]}"
        if case.ran[1][1] != {"customer_id": "C-88"}:
            return f"the second call did not get the first result: {case.ran[1][1]}"
        return None if "2 open tickets" in model.final_answer else "stopped before the model answered"

    case = LoopCase("two-round dependency", "2 rounds of calls, then the answer",
                    "How many open tickets do I have? I'm ana@example.com.",
                    [function_tool("find_customer", "Find a customer by email.", email="string"),
                     function_tool("open_tickets", "Count a customer's open tickets.", customer_id="string")],
                    script, verify, "after the tool messages, ask the model again with the whole history; "
                    "stop only when a reply has no tool_calls")
    case.handler("find_customer", lambda email: {"customer_id": "C-88"})
    case.handler("open_tickets", lambda customer_id: 2)
    return case


def _unanswered_messages(returned: list[Any]) -> int:
    return sum(p.rejected for p in lint_messages(returned))


def last_round(returned: Any, responses: bool = False) -> list[str]:
    """The kinds of the results that answer the last round of calls in a returned conversation
    (``ERROR NOT_EXECUTED``, a value ...)."""
    rows = normalize(returned, responses)
    if not isinstance(rows, list):
        return []
    last: set[str] = set()
    previous = None
    for row in rows:
        if row[0] == "assistant" and row[2]:
            last = {c[1] for c in row[2]}
        elif row[0] == "call":
            last = last | {row[1]} if previous == "call" else {row[1]}
        previous = row[0]
    return [row[2] for row in rows if row[0] == "result" and row[1] in last]


def never_ending_case(limit: int | None, tools: list[dict[str, Any]] | None = None,
                      unanswered: Callable[[list[Any]], int] = _unanswered_messages,
                      responses: bool = False) -> LoopCase:
    """The model asks for ``job_status`` forever; ``limit`` is the loop's ``max_rounds`` (None: its default, 5).

    ``tools`` is the menu in the API's shape, ``unanswered`` counts the calls the returned conversation
    leaves unanswered (Chat Completions by default); ``responses`` says the conversation is Responses items.
    """
    wanted = limit or 5

    def verify(model: ScriptedModel, case: LoopCase, returned: Any) -> str | None:
        if len(model.requests) != wanted:
            case.hint = "make at most max_rounds requests: `for round_number in range(1, max_rounds + 1)`"
            return f"{len(model.requests)} requests"
        if not isinstance(returned, list):
            case.hint = "return the conversation: the whole list, tool results included"
            return f"returned {type(returned).__name__}, not the list"
        left = unanswered(returned)
        if left:
            return f"{left} call(s) left unanswered in the returned list"
        if len(case.ran) != wanted - 1 or any(kind != "ERROR NOT_EXECUTED" for kind in last_round(returned, responses)):
            return f"{len(case.ran)} calls ran in {wanted} rounds; the last round's were run, not answered NOT_EXECUTED"
        return None

    name = "never-ending model" if limit is None else f"round limit {limit}"
    case = LoopCase(name, f"{wanted} requests, the last round NOT_EXECUTED", "Is export job J-7 done yet?",
                    tools or [function_tool("job_status", "Status of a background job.", job_id="string")],
                    lambda messages: call(("job_status", {"job_id": "J-7"})), verify,
                    "in the last round answer each call with error_result(\"NOT_EXECUTED\", ...) instead of "
                    "running it (nobody would read its result), so the conversation you return answers every call",
                    {} if limit is None else {"max_rounds": limit})
    case.handler("job_status", lambda job_id: {"status": "running"})
    return case


def _outside_input() -> LoopCase:
    def script(messages: list[dict[str, Any]]) -> Reply:
        if messages[-1]["role"] != "tool":
            return call(("drop_tables", {}), ("get_invoice", '{"invoice_id": "INV-2"'))
        return text("Neither request could be run.")

    def verify(model: ScriptedModel, case: LoopCase, returned: Any) -> str | None:
        if case.ran:
            return f"a handler ran: {case.ran[0][0]}"
        return None if len(model.requests) == 2 else "the model was not told (no second request)"

    case = LoopCase("outside input", "no handler runs, both answered", "Show me invoice INV-2.",
                    [function_tool("get_invoice", "Look up an invoice.", invoice_id="string")], script, verify,
                    "send every call through your run_call: it refuses a tool that was not offered and broken JSON")
    case.handler("get_invoice", lambda invoice_id: {"total": "12.00"})
    case.handler("drop_tables", lambda: "all tables dropped")
    return case


CASES: tuple[Callable[[], LoopCase], ...] = (
    _one_call, _three_calls, _text_beside_calls, _two_rounds, lambda: never_ending_case(None),
    lambda: never_ending_case(3), _outside_input)


# ----------------------------------------------------------------------------- running


def run_case(loop: Callable[..., Any], case: LoopCase, scripted: Callable[..., Any] = ScriptedModel,
             error_hint: Callable[[str], str] | None = None) -> CheckCase:
    """Run ``loop`` on one case against a fresh scripted model, in a worker thread; the verdict as a report row.

    ``scripted`` builds the model (``ScriptedModel``, or the Responses twin); an HTTP error the
    endpoint answers gets ``error_hint(message)`` as its hint when given, else the case's. The
    caller's message list (and session) must come back unedited.
    """
    import openai

    model = scripted(case.script, max_requests=12)
    messages = [{"role": "user", "content": case.question}]
    before = (snapshot(messages), snapshot(case.options.get("session")))
    outcome = run_all(loop, [((model.client(), model.name, messages, case.tools, case.handlers), case.options)],
                      timeout=30)[0]
    if isinstance(outcome.error, openai.APIStatusError):
        error = outcome.error
        detail = str(error.body.get("message") if isinstance(error.body, dict) else error)
        return CheckCase(case.name, case.expected, f"HTTP {error.status_code}: {detail[:70]}", False,
                         error_hint(detail) if error_hint else case.hint)
    if not outcome.returned:
        if len(model.requests) >= model.max_requests:
            return CheckCase(case.name, case.expected, f"still asking after {model.max_requests} requests", False,
                             "the loop needs a round limit: at most max_rounds requests")
        if isinstance(outcome.error, KeyError) and outcome.error.args == ("function",):
            return CheckCase(case.name, case.expected, outcome.shown(50), False,
                             "run_call reads the Chat Completions shape (tool[\"function\"][\"name\"]): hand it the "
                             "nested tools, not the flat Responses menu")
        return CheckCase(case.name, case.expected, outcome.shown(50), False,
                         "the loop must not raise: every failure of a call is a tool result (run_call)")
    if changed(before[0], messages) or changed(before[1], case.options.get("session")):
        edited = "message list" if changed(before[0], messages) else "session"
        return CheckCase(case.name, case.expected, f"the caller's {edited} was changed", False,
                         "work on a copy (messages = list(messages)) and read the session, never edit it: the "
                         "caller reuses them (the notebook runs the same list again)")
    bare = [number for number, request in enumerate(model.requests, start=1) if not request.get("tools")]
    if bare:
        return CheckCase(case.name, case.expected, f"request {bare[0]} had no tools", False,
                         "send tools=tools with every request, not only the first: without the menu the model "
                         "cannot call a tool in the next round")
    problem = case.verify(model, case, outcome.value)
    return CheckCase(case.name, case.expected, problem or "as expected", problem is None, case.hint)


def check_loop(loop: Callable[..., Any]) -> CheckReport:
    """Run ``loop(client, model, messages, tools, handlers, max_rounds=5)`` on every case, then on generated scripts
    beside the reference; say what went wrong."""
    replaced = restore()
    if (early := shortcut(loop, _REFERENCES, replaced, _VERDICT)) is not None:
        return early
    rows = [run_case(loop, factory()) for factory in CASES]
    notes: list[str] = []
    compare_when_cases_pass(rows, notes, "conversations", conversations, compare_loops(loop, solutions.tool_loop),
                            show=show_script, examples=15, budget=40)
    return finish(rows, notes, _VERDICT, learner=loop, replaced=replaced, references=_REFERENCES)


#: the last words of a report whose every case passed
_VERDICT = "the loop asks, runs, answers by id and stops"
#: the reference and the package's tested version: a learner's code that is (or calls) one is not theirs
_REFERENCES = {
    "fcourse.lab.exercises.solutions.tool_loop": solutions.tool_loop,
    "fcourse.lab.exercises.solutions.parallel_tool_loop": solutions.parallel_tool_loop,
    "fcourse.run_tool_loop": run_tool_loop,
}

keep(__name__)
