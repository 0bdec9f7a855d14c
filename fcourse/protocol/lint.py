"""A protocol linter: what is wrong with a message list, before it is sent.

Introduced in chapter 2 (the native tools protocol). ``lint_messages(messages)``
walks the conversation the way the API checks it (an assistant message with
``tool_calls`` must be followed, right away, by one ``role: "tool"`` message per
call, each naming its call's id) and returns one :class:`Problem` per thing it
finds, each explained in one sentence.

Each problem says whether the API **rejects** it (HTTP 400: the request never
reaches the model) or **accepts** it (the model reads it and the damage is
silent: arguments no program can parse). The teaching model's endpoint is the
reference for "rejects", and the tests check that the linter agrees with it on
every transcript they try.

Problem codes::

    unanswered_call        a call with no tool message before the next non-tool message (or the end)
    result_as_user         the message right after the calls is a user message (a result sent as "user"?)
    unknown_call_id        a tool message names an id the calls right before it did not make
    result_before_call     a tool message answers a call that is only made later
    duplicate_result       a second tool message for the same call
    orphan_tool_message    a tool message with no tool call before it at all
    missing_tool_call_id   a tool message without a string tool_call_id
    duplicate_call_id      two calls of one message share an id
    arguments_not_string   function.arguments is not a string (the API wants JSON text)
    unparsable_arguments   function.arguments is not valid JSON (accepted by the API)
    non_object_arguments   function.arguments is JSON but not an object (accepted by the API)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from fcourse.protocol.execute import parse_arguments
from fcourse.protocol.messages import as_dict, call_parts, tool_calls_of

__all__ = ["Problem", "lint_messages", "rejected"]


@dataclass(frozen=True)
class Problem:
    """One protocol problem at ``messages[index]``, in one sentence."""

    code: str
    index: int
    message: str
    rejected: bool
    call_id: str | None = None

    def __str__(self) -> str:
        verdict = "the API rejects this" if self.rejected else "the API accepts this"
        return f"messages[{self.index}] {self.code}: {self.message} ({verdict})"

    def to_dict(self) -> dict[str, Any]:
        """The problem as JSON-ready data."""
        return {"code": self.code, "index": self.index, "message": self.message,
                "rejected": self.rejected, "call_id": self.call_id}


def rejected(problems: Iterable[Problem]) -> bool:
    """True when any of ``problems`` makes the API answer 400."""
    return any(problem.rejected for problem in problems)


def _check_calls(i: int, calls: list[dict[str, Any]], out: list[Problem]) -> list[tuple[str, str]]:
    seen: set[str] = set()
    made: list[tuple[str, str]] = []
    for call in calls:
        call_id, name, raw = call_parts(call)
        if isinstance(call_id, str) and call_id in seen:
            out.append(Problem("duplicate_call_id", i, f"two calls in messages[{i}] share the id {call_id}; "
                               "each call needs its own id", True, call_id))
        if not isinstance(raw, str):
            out.append(Problem("arguments_not_string", i, f"the arguments of {call_id} ({name}) are a "
                               f"{type(raw).__name__}, but the API wants them as a JSON string", True, call_id))
        else:
            _, problem = parse_arguments(raw)
            if problem is not None:
                code = "non_object_arguments" if "object" in problem else "unparsable_arguments"
                out.append(Problem(code, i, f"the arguments of {call_id} ({name}): {problem}; no program "
                                   "can run this call as written", False, call_id))
        if isinstance(call_id, str):
            seen.add(call_id)
            made.append((call_id, str(name)))
    return made


def lint_messages(messages: Iterable[Any]) -> list[Problem]:
    """Every protocol problem in ``messages`` (dicts or SDK objects), in message order.

    An empty list means the API will accept the conversation's tool protocol
    (other parts of a request, such as the model name, are not checked here).
    """
    items = [as_dict(message) for message in messages]
    made_at: dict[str, int] = {}
    for i, message in enumerate(items):
        for call in tool_calls_of(message):
            call_id = call_parts(call)[0]
            if isinstance(call_id, str):
                made_at.setdefault(call_id, i)
    out: list[Problem] = []
    pending: list[tuple[str, str]] = []  # (id, name) of calls still waiting for their tool message
    owner = -1
    answered: set[str] = set()
    for i, message in enumerate(items):
        role = message.get("role")
        if role == "tool":
            call_id = message.get("tool_call_id")
            if not isinstance(call_id, str):
                out.append(Problem("missing_tool_call_id", i, "this tool message has no tool_call_id, so it "
                                   "cannot say which call it answers", True))
            elif call_id in {c for c, _ in pending}:
                pending = [(c, n) for c, n in pending if c != call_id]
                answered.add(call_id)
            elif call_id in answered:
                out.append(Problem("duplicate_result", i, f"{call_id} was already answered; each call gets "
                                   "exactly one tool message", True, call_id))
            elif made_at.get(call_id, -1) > i:
                out.append(Problem("result_before_call", i, f"this answers {call_id}, which is only made later "
                                   f"in messages[{made_at[call_id]}]; a tool result must follow its call",
                                   True, call_id))
            elif pending:
                waiting = ", ".join(c for c, _ in pending)
                out.append(Problem("unknown_call_id", i, f"this answers {call_id}, but messages[{owner}] made no "
                                   f"such call; it is still waiting for {waiting}", True, call_id))
            else:
                out.append(Problem("orphan_tool_message", i, f"this tool message answers {call_id}, but no "
                                   "assistant message right before it asked for a tool", True, call_id))
            continue
        if pending:
            if role == "user" and i == owner + 1:
                out.append(Problem("result_as_user", i, "a user message follows the tool calls directly: a "
                                   "tool result must be sent with role \"tool\" and its tool_call_id", True))
            for call_id, name in pending:
                out.append(Problem("unanswered_call", owner, f"{call_id} ({name}) has no tool message before "
                                   f"messages[{i}]; every call must be answered right after it", True, call_id))
            pending = []
        if role == "assistant":
            calls = tool_calls_of(message)
            if calls:
                pending, owner = _check_calls(i, calls, out), i
    for call_id, name in pending:
        out.append(Problem("unanswered_call", owner, f"{call_id} ({name}) has no tool message; every call "
                           "must be answered before the model is asked again", True, call_id))
    return sorted(out, key=lambda problem: problem.index)
