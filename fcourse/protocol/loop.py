"""The tool loop: ask, check and run every call, answer each by id, ask again.

Introduced in chapter 2 (the native tools protocol), where the learner writes
the same loop by hand first. One round is one request to the model:

1. send the conversation with the ``tools`` menu;
2. keep the assistant message *as it is* (``message.to_dict()``) in the history;
3. no ``tool_calls``: that is the answer, stop;
4. otherwise execute **every** call (``fcourse.protocol.execute.execute_call``:
   allow-list, parse, session values, schema, run; failures become results),
   independent calls concurrently, and append one ``role: "tool"`` message per
   call with its ``tool_call_id``, in the order of the calls, matched by id;
5. go round again, at most ``max_rounds`` times (default 5). If the model still
   asks in the last round, its calls are answered "not executed" (so the
   transcript stays valid) and the result says the limit ended the loop.

``on_event`` receives a :class:`LoopEvent` at each step (the transcript
inspector and the notebook's diagrams read them); events are emitted from the
calling thread only, in a deterministic order.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from fcourse.protocol.execute import (
    NOT_EXECUTED,
    ToolOutcome,
    error_content,
    execute_call,
)
from fcourse.protocol.messages import as_dict, call_parts

__all__ = ["DEFAULT_MAX_ROUNDS", "LoopEvent", "LoopResult", "run_calls", "run_tool_loop"]

#: The round limit: at most this many requests to the model per loop.
DEFAULT_MAX_ROUNDS = 5


@dataclass(frozen=True)
class LoopEvent:
    """One step of the loop: ``kind`` is request, reply, override, result, answer or limit.

    ``round`` counts requests to the model from 1; ``index`` is the position in
    ``messages`` of the message this event is about (None for a request).
    """

    kind: str
    round: int
    index: int | None = None
    data: Mapping[str, Any] = field(default_factory=dict)

    def __str__(self) -> str:
        where = f" #{self.index}" if self.index is not None else ""
        details = ", ".join(f"{key}={value}" for key, value in self.data.items())
        return f"round {self.round}{where} {self.kind}: {details}"


@dataclass
class LoopResult:
    """The whole conversation after the loop, and why it stopped.

    ``stopped`` is ``"answer"`` (the model replied without tool calls) or
    ``"round_limit"``; ``answer`` is the model's final text (None at the limit).
    """

    messages: list[dict[str, Any]]
    answer: str | None
    rounds: int
    stopped: str
    events: list[LoopEvent]
    outcomes: list[ToolOutcome]

    @property
    def reason(self) -> str:
        """One sentence: how the loop ended."""
        if self.stopped == "answer":
            return f"answered after {self.rounds} round(s), {len(self.outcomes)} tool call(s) executed"
        return (f"stopped by the round limit: {self.rounds} requests and the model was still asking for "
                f"tools; its last {self._last_calls()} call(s) were not executed")

    def _last_calls(self) -> int:
        return sum(1 for outcome in self.outcomes if outcome.error_code == NOT_EXECUTED)

    def __str__(self) -> str:
        return self.reason


def run_calls(
    calls: Sequence[Any],
    execute: Callable[[Any], ToolOutcome],
    parallel: bool = True,
) -> list[ToolOutcome]:
    """``execute`` every call; independent calls run concurrently when ``parallel``.

    The outcomes come back in the order of ``calls``, each found by its call
    id, whichever finished first: results are matched by id, not by position.
    """
    if not parallel or len(calls) < 2:
        return [execute(call) for call in calls]
    with ThreadPoolExecutor(max_workers=len(calls), thread_name_prefix="fcourse-tool") as pool:
        futures = {str(call_parts(as_dict(call))[0]): pool.submit(execute, call) for call in calls}
        return [futures[str(call_parts(as_dict(call))[0])].result() for call in calls]


def _not_executed(call: Any, max_rounds: int) -> ToolOutcome:
    call_id, name, _ = call_parts(as_dict(call))
    message = f"not executed: the loop's limit of {max_rounds} rounds was reached"
    return ToolOutcome(str(call_id), str(name), False, error_content(NOT_EXECUTED, message), error_code=NOT_EXECUTED)


def run_tool_loop(
    client: Any,
    model: str,
    messages: Sequence[Any],
    tools: Sequence[Mapping[str, Any]],
    handlers: Mapping[str, Callable[..., Any]],
    *,
    max_rounds: int = DEFAULT_MAX_ROUNDS,
    session: Mapping[str, Any] | None = None,
    parallel: bool = True,
    on_event: Callable[[LoopEvent], None] | None = None,
    **params: Any,
) -> LoopResult:
    """Run the tool loop until the model answers or ``max_rounds`` requests were made.

    ``client`` is an ``openai.OpenAI`` client (``fcourse.connect()``), ``messages``
    the conversation so far (not modified: the result has its own copy),
    ``tools`` the menu, ``handlers`` the Python function behind each tool.
    ``session`` holds values the model must never choose (``{"user_id": ...}``):
    they overwrite the model's. ``parallel=False`` runs a reply's calls one by
    one. Other keyword arguments (``tool_choice``, ``parallel_tool_calls``,
    ``seed``, ...) go to every request.
    """
    if max_rounds < 1:
        raise ValueError(f"max_rounds must be at least 1, not {max_rounds}")
    history = [as_dict(message) for message in messages]
    events: list[LoopEvent] = []
    outcomes: list[ToolOutcome] = []

    def emit(kind: str, round_: int, index: int | None = None, **data: Any) -> None:
        event = LoopEvent(kind, round_, index, data)
        events.append(event)
        if on_event is not None:
            on_event(event)

    def execute(call: Any) -> ToolOutcome:
        return execute_call(call, handlers, tools, session)

    for round_ in range(1, max_rounds + 1):
        emit("request", round_, None, messages=len(history))
        request = {"tools": list(tools)} if tools else {}
        response = client.chat.completions.create(model=model, messages=history, **request, **params)
        choice = response.choices[0]
        history.append(choice.message.to_dict())  # the assistant message, as it is
        calls = history[-1].get("tool_calls") or []
        emit("reply", round_, len(history) - 1, finish_reason=choice.finish_reason, calls=len(calls))
        if not calls:
            emit("answer", round_, len(history) - 1)
            return LoopResult(history, history[-1].get("content"), round_, "answer", events, outcomes)
        if round_ == max_rounds:  # still asking at the limit: answer the calls, run nothing
            results = [_not_executed(call, max_rounds) for call in calls]
        else:
            results = run_calls(calls, execute, parallel)
        for outcome in results:  # one tool message per call, in the order of the calls
            outcomes.append(outcome)
            history.append(outcome.to_message())
            for key, model_value, session_value in outcome.overrides:
                emit("override", round_, len(history) - 1, call_id=outcome.call_id, key=key,
                     model_value=model_value, session_value=session_value)
            emit("result", round_, len(history) - 1, call_id=outcome.call_id, name=outcome.name,
                 ok=outcome.ok, error_code=outcome.error_code)
    emit("limit", max_rounds, len(history) - 1, max_rounds=max_rounds)
    return LoopResult(history, None, max_rounds, "round_limit", events, outcomes)
