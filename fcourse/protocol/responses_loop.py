"""The tool loop in the Responses API's shape: items in, items out, outputs paired by ``call_id``.

Introduced in chapter 2 (the same round trip, two shapes), after the Chat Completions loop
(``fcourse.protocol.loop``), which the learner first adapts by hand. One round is one request:

1. send the conversation as ``input`` items with the flat ``tools``;
2. append the response's ``output`` items *as they are* (``item.to_dict()``): each ``function_call``
   must be in the input before its answer, or the API answers ``No tool call found for function call
   output with call_id ...``;
3. no ``function_call`` items: the response's ``output_text`` is the answer, stop (a ``message`` item
   *beside* calls is not an answer: the calls still need running);
4. otherwise execute **every** call (``fcourse.protocol.execute.execute_call``: allow-list, parse,
   session values, schema, run; failures become results) and append one ``function_call_output``
   per call, naming its ``call_id`` (not the item's ``id``, ``fc_...``), its ``output`` a string;
5. go round again, at most ``max_rounds`` times; calls still asked for at the limit are answered
   "not executed", so the conversation stays valid.

``flat_tools`` and ``nested_tools`` turn a tool menu from one shape into the other.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from fcourse.protocol.execute import NOT_EXECUTED, ToolOutcome, error_content, execute_call
from fcourse.protocol.loop import DEFAULT_MAX_ROUNDS, run_calls

__all__ = ["ResponsesLoopResult", "flat_tools", "nested_tools", "run_responses_loop"]


def flat_tools(tools: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Chat Completions tools (``{"type": "function", "function": {...}}``) as Responses tools (flat)."""
    out = []
    for tool in tools:
        function = tool.get("function")
        out.append({"type": "function", **function} if isinstance(function, Mapping) else dict(tool))
    return out


def nested_tools(tools: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Responses tools (flat) as Chat Completions tools (nested under ``"function"``)."""
    out = []
    for tool in tools:
        if "function" in tool or tool.get("type") != "function":
            out.append(dict(tool))
        else:
            out.append({"type": "function", "function": {k: v for k, v in tool.items() if k != "type"}})
    return out


@dataclass
class ResponsesLoopResult:
    """The whole conversation as items after the loop, and why it stopped (``"answer"`` or ``"round_limit"``)."""

    items: list[dict[str, Any]]
    answer: str | None
    rounds: int
    stopped: str
    outcomes: list[ToolOutcome]

    @property
    def reason(self) -> str:
        """One sentence: how the loop ended."""
        if self.stopped == "answer":
            return f"answered after {self.rounds} round(s), {len(self.outcomes)} tool call(s) executed"
        return f"stopped by the round limit: {self.rounds} requests and the model was still asking for tools"

    def __str__(self) -> str:
        return self.reason


def _as_chat_call(item: Mapping[str, Any]) -> dict[str, Any]:
    """A ``function_call`` item as the Chat Completions call ``execute_call`` reads (its id is the call_id)."""
    return {"id": item.get("call_id"), "type": "function",
            "function": {"name": item.get("name"), "arguments": item.get("arguments")}}


def run_responses_loop(
    client: Any,
    model: str,
    input: str | Sequence[Any],  # the Responses API's own name for it
    tools: Sequence[Mapping[str, Any]],
    handlers: Mapping[str, Callable[..., Any]],
    *,
    max_rounds: int = DEFAULT_MAX_ROUNDS,
    session: Mapping[str, Any] | None = None,
    parallel: bool = True,
    **params: Any,
) -> ResponsesLoopResult:
    """Run the tool loop on ``client.responses`` until the model answers or ``max_rounds`` requests were made.

    ``input`` is the conversation so far (a string, or items; not modified), ``tools`` the flat
    menu, ``handlers`` the Python function behind each tool, ``session`` the values the model must
    never choose. Other keyword arguments (``instructions``, ``tool_choice``, ...) go to every request.
    """
    if max_rounds < 1:
        raise ValueError(f"max_rounds must be at least 1, not {max_rounds}")
    items: list[dict[str, Any]] = (
        [{"role": "user", "content": input}] if isinstance(input, str)
        else [dict(i) if isinstance(i, Mapping) else i.to_dict() for i in input])
    nested = nested_tools(tools)
    outcomes: list[ToolOutcome] = []
    for round_ in range(1, max_rounds + 1):
        response = client.responses.create(model=model, input=items, **({"tools": list(tools)} if tools else {}),
                                           **params)
        output = [item.to_dict() for item in response.output]
        items.extend(output)  # the model's items, as they are: calls before their outputs
        calls = [item for item in output if item.get("type") == "function_call"]
        if not calls:
            return ResponsesLoopResult(items, response.output_text, round_, "answer", outcomes)
        if round_ == max_rounds:
            message = f"not executed: the loop's limit of {max_rounds} rounds was reached"
            results = [ToolOutcome(str(c["call_id"]), str(c["name"]), False, error_content(NOT_EXECUTED, message),
                                   error_code=NOT_EXECUTED) for c in calls]
        else:
            results = run_calls([_as_chat_call(c) for c in calls],
                                lambda call: execute_call(call, handlers, nested, session), parallel)
        for outcome in results:  # one output per call, named by its call_id
            outcomes.append(outcome)
            items.append({"type": "function_call_output", "call_id": outcome.call_id, "output": outcome.content})
    return ResponsesLoopResult(items, None, max_rounds, "round_limit", outcomes)
