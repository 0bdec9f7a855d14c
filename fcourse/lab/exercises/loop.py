"""Checker for chapter 2's "your turn": write the tool loop.

Introduced in chapter 2 (the native tools protocol). The learner writes
``loop(client, model, messages, tools, handlers)``; :func:`check_loop` runs it
on five cases the notebook has not shown, each against a scripted model
(``fcourse.protocol.scripted``: the real openai SDK, every request checked by
the teaching model's own protocol validation, replies from a script):

- ``parallel calls``: three calls in one reply; every one must be executed and
  answered, each result under its own call's id;
- ``two-round dependency``: the second call needs a value from the first result;
- ``never-ending model``: the model asks for a tool every time; the loop must
  stop after 5 requests, by itself;
- ``failing tool``: the handler raises; the loop must carry on, tell the model
  it failed, and leak neither a traceback nor the exception's secrets;
- ``outside input``: a call to a tool that was not offered (though a handler
  exists), truncated JSON, and a wrong type; none may reach a handler.

What counts is what the loop *sent*: the checker reads the requests the
scripted model received, so the function may return anything.
"""

from __future__ import annotations

import html
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from fcourse.protocol.lint import lint_messages
from fcourse.protocol.scripted import Reply, ScriptedModel, call, text

__all__ = ["CaseResult", "LoopReport", "check_loop"]

_LIMIT = 5
_SECRET = "hunter2"


def _tool(name: str, description: str, **properties: str) -> dict[str, Any]:
    return {"type": "function", "function": {
        "name": name, "description": description,
        "parameters": {"type": "object", "properties": {k: {"type": v} for k, v in properties.items()},
                       "required": list(properties), "additionalProperties": False}}}


def _results_by_id(messages: list[dict[str, Any]]) -> dict[str, str]:
    return {m["tool_call_id"]: m.get("content") or "" for m in messages if m.get("role") == "tool"}


def _value(content: str) -> Any:
    """A tool result as data: JSON when it parses (``"09:00"`` and ``09:00`` are the same result)."""
    try:
        return json.loads(content)
    except ValueError:
        return content


def _calls(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [c for m in messages if m.get("role") == "assistant" for c in m.get("tool_calls") or []]


@dataclass
class _Case:
    name: str
    question: str
    tools: list[dict[str, Any]]
    handlers: dict[str, Callable[..., Any]]
    script: Callable[[list[dict[str, Any]]], Reply]
    verify: Callable[[ScriptedModel, _Case], str | None]
    ran: list[tuple[str, dict[str, Any]]] = field(default_factory=list)

    def record(self, name: str, function: Callable[..., Any]) -> Callable[..., Any]:
        def handler(**kwargs: Any) -> Any:
            self.ran.append((name, kwargs))
            return function(**kwargs)
        return handler


# ----------------------------------------------------------------------------- the cases

_TIMES = {"Tokyo": "09:00", "Paris": "02:00", "Lima": "19:00"}


def _parallel() -> _Case:
    def script(messages: list[dict[str, Any]]) -> Reply:
        if messages[-1]["role"] != "tool":
            return call(*(("get_local_time", {"city": city}) for city in _TIMES))
        cities = {c["id"]: json.loads(c["function"]["arguments"])["city"] for c in _calls(messages)}
        got = _results_by_id(messages)
        return text("; ".join(f"{cities.get(i, '?')} {_value(got[i])}" for i in got))

    def verify(model: ScriptedModel, case: _Case) -> str | None:
        ran = sorted(kwargs.get("city", "?") for name, kwargs in case.ran)
        if ran != sorted(_TIMES):
            return f"the model asked for 3 cities in one reply; the handlers ran for {ran or 'none'}"
        answer = _final(model)
        wrong = [city for city, time in _TIMES.items() if f"{city} {time}" not in answer]
        if wrong:
            return f"results were not answered under their own call's id (wrong for {', '.join(wrong)})"
        return None

    case = _Case("parallel calls", "What time is it in Tokyo, Paris and Lima?",
                 [_tool("get_local_time", "Current local time in a city.", city="string")], {}, script, verify)
    case.handlers = {"get_local_time": case.record("get_local_time", lambda city: _TIMES[city])}
    return case


def _two_rounds() -> _Case:
    def script(messages: list[dict[str, Any]]) -> Reply:
        calls = _calls(messages)
        if not calls:
            return call(("find_customer", {"email": "ana@example.com"}))
        if len(calls) == 1:
            found = _value(_results_by_id(messages)[calls[0]["id"]])
            customer = found.get("customer_id") if isinstance(found, dict) else None
            return call(("open_tickets", {"customer_id": customer or "unknown"}))
        return text(f"You have {_value(_results_by_id(messages)[calls[1]['id']])} open tickets.")

    def verify(model: ScriptedModel, case: _Case) -> str | None:
        if [name for name, _ in case.ran] != ["find_customer", "open_tickets"]:
            return f"expected find_customer, then open_tickets; the handlers ran: {[n for n, _ in case.ran]}"
        if case.ran[1][1] != {"customer_id": "C-88"}:
            return f"the second call should use the first result (C-88), got {case.ran[1][1]}"
        if "2 open tickets" not in _final(model):
            return "the loop stopped before the model could answer from the second result"
        return None

    case = _Case("two-round dependency", "How many open tickets do I have? I'm ana@example.com.",
                 [_tool("find_customer", "Find a customer by email.", email="string"),
                  _tool("open_tickets", "Count a customer's open support tickets.", customer_id="string")],
                 {}, script, verify)
    case.handlers = {"find_customer": case.record("find_customer", lambda email: {"customer_id": "C-88"}),
                     "open_tickets": case.record("open_tickets", lambda customer_id: 2)}
    return case


def _never_ending() -> _Case:
    def verify(model: ScriptedModel, case: _Case) -> str | None:
        if len(model.requests) != _LIMIT:
            return f"the model never stops asking; the loop should stop after {_LIMIT} requests, it made " \
                   f"{len(model.requests)}"
        return None

    case = _Case("never-ending model", "Is export job J-7 done yet?",
                 [_tool("job_status", "Status of a background job.", job_id="string")], {},
                 lambda messages: call(("job_status", {"job_id": "J-7"})), verify)
    case.handlers = {"job_status": case.record("job_status", lambda job_id: {"status": "running"})}
    return case


def _failing_tool() -> _Case:
    def broken(invoice_id: str) -> Any:
        raise ConnectionError(f"billing-db postgres://billing:{_SECRET}@10.1.2.3/billing refused the connection")

    def script(messages: list[dict[str, Any]]) -> Reply:
        if messages[-1]["role"] != "tool":
            return call(("get_invoice", {"invoice_id": "INV-1"}))
        return text("I could not look up INV-1 right now.")

    def verify(model: ScriptedModel, case: _Case) -> str | None:
        results = _results_by_id(model.last_messages)
        if len(model.requests) < 2 or not results:
            return "after the tool failed, the model was never told (no tool message, no second request)"
        content = " ".join(results.values())
        if "Traceback" in content or _SECRET in content:
            return "the tool message carries the traceback or the exception's text (a password leaks to the model)"
        if not content.strip():
            return "the tool message is empty: say that the tool failed"
        return None

    case = _Case("failing tool", "What is the total of invoice INV-1?",
                 [_tool("get_invoice", "Look up an invoice.", invoice_id="string")], {}, script, verify)
    case.handlers = {"get_invoice": case.record("get_invoice", broken)}
    return case


def _outside_input() -> _Case:
    def script(messages: list[dict[str, Any]]) -> Reply:
        if messages[-1]["role"] != "tool":
            return call(("drop_tables", {}), ("get_invoice", '{"invoice_id": "INV-2"'),
                        ("get_invoice", {"invoice_id": 42}))
        return text("Some of those requests could not be run.")

    def verify(model: ScriptedModel, case: _Case) -> str | None:
        if case.ran:
            return f"a handler ran on a call it should have refused: {case.ran[0][0]}({case.ran[0][1]})"
        if len(_results_by_id(model.last_messages)) != 3 or len(model.requests) < 2:
            return "each refused call still needs a tool message that says why, then the model goes on"
        return None

    case = _Case("outside input", "Show me invoice INV-2.",
                 [_tool("get_invoice", "Look up an invoice.", invoice_id="string")], {}, script, verify)
    case.handlers = {"get_invoice": case.record("get_invoice", lambda invoice_id: {"total": "12.00"}),
                     "drop_tables": case.record("drop_tables", lambda: "all tables dropped")}
    return case


_CASES = (_parallel, _two_rounds, _never_ending, _failing_tool, _outside_input)


def _final(model: ScriptedModel) -> str:
    return model.final_answer


# ----------------------------------------------------------------------------- running


@dataclass(frozen=True)
class CaseResult:
    """One case: passed or not, and the problem in one sentence."""

    case: str
    passed: bool
    problem: str = ""
    requests: int = 0


@dataclass(frozen=True)
class LoopReport:
    """Every case's verdict; displays as a table."""

    results: tuple[CaseResult, ...]

    @property
    def passed(self) -> bool:
        """True when every case passed."""
        return all(result.passed for result in self.results)

    def text(self) -> str:
        """The report as text."""
        width = max(len(r.case) for r in self.results)
        lines = [f"{'case'.ljust(width)}  requests  verdict"]
        lines += [f"{r.case.ljust(width)}  {str(r.requests).ljust(8)}  {'pass' if r.passed else 'FAIL: ' + r.problem}"
                  for r in self.results]
        lines.append(f"{sum(r.passed for r in self.results)}/{len(self.results)} cases passed")
        return "\n".join(lines)

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, str]:
        rows = "".join(
            f"<tr><td>{html.escape(r.case)}</td><td>{r.requests}</td><td style='text-align:left;color:"
            f"{'#1b4332' if r.passed else '#c0392b'}'>{'pass' if r.passed else 'FAIL: ' + html.escape(r.problem)}"
            "</td></tr>" for r in self.results)
        table = f"<table><thead><tr><th>case</th><th>requests</th><th>verdict</th></tr></thead><tbody>{rows}</tbody>" \
                f"</table><p>{sum(r.passed for r in self.results)}/{len(self.results)} cases passed</p>"
        return {"text/plain": self.text(), "text/html": table}


def _run(loop: Callable[..., Any], case: _Case) -> CaseResult:
    import openai

    model = ScriptedModel(case.script, max_requests=12)
    messages = [{"role": "user", "content": case.question}]
    try:
        loop(model.client(), model.name, messages, case.tools, case.handlers)
    except openai.BadRequestError as error:
        detail = error.body.get("message") if isinstance(error.body, dict) else str(error)
        return CaseResult(case.name, False, f"the endpoint answered HTTP 400: {detail}", len(model.requests))
    except Exception as error:  # noqa: BLE001 - the learner's loop must not raise; say how it did
        if len(model.requests) >= model.max_requests:
            return CaseResult(case.name, False, f"no round limit: the checker stopped it after "
                              f"{model.max_requests} requests", len(model.requests))
        return CaseResult(case.name, False, f"the loop raised {type(error).__name__}: {error}", len(model.requests))
    problems = [p for p in lint_messages(model.last_messages) if p.rejected]
    if problems:
        return CaseResult(case.name, False, problems[0].message, len(model.requests))
    problem = case.verify(model, case)
    return CaseResult(case.name, problem is None, problem or "", len(model.requests))


def check_loop(loop: Callable[..., Any]) -> LoopReport:
    """Run ``loop(client, model, messages, tools, handlers)`` on every case; say per case what went wrong."""
    return LoopReport(tuple(_run(loop, factory()) for factory in _CASES))
