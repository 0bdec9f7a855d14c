"""The contract between the teaching model's protocol layer and its policy.

``fcourse.teaching.wire.endpoint`` speaks HTTP and the Chat Completions protocol: it
validates a request, then asks the policy (``fcourse.teaching.policy.decide``)
what the model says, and shapes the answer (ids, ``created``, usage, streaming).
The policy never sees HTTP and never builds ids; the endpoint never routes.

Introduced in chapter 0 (start here); the record is what chapter 3 shows.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from fcourse.errors import PolicyContractError

__all__ = ["Decision", "ProposedCall", "check_decision"]


@dataclass(frozen=True)
class ProposedCall:
    """One tool call the model proposes: a tool name and its arguments (a dict)."""

    name: str
    arguments: dict[str, Any]


@dataclass(frozen=True)
class Decision:
    """What the teaching model says in reply to one validated request.

    ``kind`` is one of:
      - ``"tool_calls"``: it proposes ``tool_calls`` (``content`` is None);
      - ``"ask"``: a tool fits but a required argument is missing, so it asks back;
      - ``"answer"``: it answers in plain text (no tool fits, tool_choice none,
        or it is answering from ``role: "tool"`` results);
      - ``"text"``: there were no tools at all: it is a plain text model.
    ``finish_reason`` is ``"tool_calls"``, ``"stop"`` or ``"length"`` (a reply cut
    short, e.g. a truncated JSON failure mode or ``max_tokens``).
    ``record`` is the glass-box decision record: JSON-serialisable, it says the
    score of each tool and which words carried it, where each argument came
    from, and why it asked, answered or called.
    ``refusal`` is set (and ``content`` is None) when a strict response schema
    cannot be filled from the conversation (Structured Outputs, issue 38): the
    API's own field, ``message.refusal`` in Chat Completions and a ``refusal``
    content part in the Responses API.
    """

    kind: Literal["tool_calls", "ask", "answer", "text"]
    content: str | None = None
    tool_calls: tuple[ProposedCall, ...] = ()
    finish_reason: Literal["stop", "tool_calls", "length"] = "stop"
    record: dict[str, Any] = field(default_factory=dict)
    refusal: str | None = None


def check_decision(decision: object, request: dict[str, Any]) -> Decision:
    """``decision`` if it keeps the contract for this validated request, else ``PolicyContractError``."""
    if not isinstance(decision, Decision):
        raise PolicyContractError(f"decide() returned {type(decision).__name__}, not a Decision")
    if decision.kind not in ("tool_calls", "ask", "answer", "text"):
        raise PolicyContractError(f"unknown decision kind {decision.kind!r}")
    if decision.finish_reason not in ("stop", "tool_calls", "length"):
        raise PolicyContractError(f"unknown finish_reason {decision.finish_reason!r}")
    if decision.content is not None and not isinstance(decision.content, str):
        raise PolicyContractError("content must be a string or None")
    if decision.refusal is not None and (not isinstance(decision.refusal, str) or decision.content is not None
                                         or decision.tool_calls):
        raise PolicyContractError("a refusal is a string, with no content and no tool calls beside it")
    names = {tool["function"]["name"] for tool in request["tools"]}
    for call in decision.tool_calls:
        if not isinstance(call, ProposedCall) or not isinstance(call.arguments, dict):
            raise PolicyContractError(f"bad tool call {call!r}")
        if call.name not in names:
            raise PolicyContractError(f"tool call to {call.name!r}, which is not in tools")
    if decision.kind == "tool_calls" and not decision.tool_calls:
        raise PolicyContractError("kind 'tool_calls' without tool calls")
    if decision.tool_calls and request["tool_choice"] == "none":
        raise PolicyContractError("tool calls although tool_choice is 'none'")
    return decision
