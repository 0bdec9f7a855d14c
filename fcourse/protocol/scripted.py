"""A scripted model behind the real openai SDK, for cases the teaching model cannot play.

Introduced in chapter 2 (the native tools protocol). The teaching model answers
as soon as the conversation ends with tool results, so it never makes a second
call that *depends on* the first result. To show and check such loops, a
:class:`ScriptedModel` plays the model from a Python function instead, in the
spirit of pydantic-ai's ``FunctionModel``: ``script(messages)`` returns the
reply (text, or the tool calls to make). Everything else is real:

- the client is a genuine ``openai.OpenAI`` on an ``httpx2.MockTransport``;
- every request is first validated by the teaching model's own request checks
  (``fcourse.teaching.wire.validation``), so a protocol mistake is the same
  OpenAI-shaped HTTP 400 the teaching model answers;
- call ids are derived from the conversation (a hash), never random.

Notebooks that use it say so: it is a stand-in for a model, not a model.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from fcourse.errors import RunawayLoopError

__all__ = ["Reply", "RunawayLoopError", "ScriptedModel", "call", "scripted_client", "text", "tool_results"]


@dataclass(frozen=True)
class Reply:
    """What the scripted model says: ``content`` text, or ``calls`` as ``(name, arguments)``.

    ``arguments`` may be a dict (sent as JSON text) or a string (sent as it is:
    that is how a test makes a model write broken JSON).
    """

    content: str | None = None
    calls: tuple[tuple[str, Any], ...] = ()


def text(content: str) -> Reply:
    """A plain answer."""
    return Reply(content=content)


def call(*calls: tuple[str, Any]) -> Reply:
    """One or more tool calls: ``call(("get_weather", {"city": "Oslo"}), ...)``."""
    return Reply(calls=tuple(calls))


@dataclass
class ScriptedModel:
    """An OpenAI-compatible endpoint whose replies come from ``script(messages)``.

    ``requests`` records every request body that passed validation, in order
    (what the program really sent), ``replies`` what the script answered to
    each; ``rejections`` every 400 answered;
    after ``max_requests`` requests the next one raises :class:`RunawayLoopError`
    (a loop without a limit is stopped instead of running forever).
    """

    script: Callable[[list[dict[str, Any]]], Reply]
    name: str = "scripted-model"
    max_requests: int = 12
    requests: list[dict[str, Any]] = field(default_factory=list)
    rejections: list[dict[str, Any]] = field(default_factory=list)
    replies: list[Reply] = field(default_factory=list)

    def client(self) -> Any:
        """A real ``openai.OpenAI`` client whose every request comes here, in-process."""
        return scripted_client(self._handle)

    def _handle(self, request: Any) -> Any:
        import httpx2

        from fcourse.errors import InvalidRequestError
        from fcourse.teaching.wire.validation import validate_chat_request

        body = json.loads(request.content or b"{}")
        if len(self.requests) >= self.max_requests:
            raise RunawayLoopError(f"the program asked the model more than {self.max_requests} times")
        body_for_checks = {**body, "model": _teaching_model_name()}
        try:
            validate_chat_request(body_for_checks)
        except InvalidRequestError as error:
            self.rejections.append(error.to_body()["error"])
            return httpx2.Response(error.status, json=error.to_body())
        self.requests.append(body)
        reply = self.script(list(body["messages"]))
        self.replies.append(reply)
        return httpx2.Response(200, json=self._completion(body, reply))

    def _completion(self, body: dict[str, Any], reply: Reply) -> dict[str, Any]:
        digest = hashlib.sha256(json.dumps(body["messages"], sort_keys=True).encode()).hexdigest()
        message: dict[str, Any] = {"role": "assistant", "content": reply.content}
        if reply.calls:
            message["tool_calls"] = [
                {"id": f"call_{digest[:8]}{k}", "type": "function",
                 "function": {"name": name, "arguments": args if isinstance(args, str)
                              else json.dumps(args, ensure_ascii=False)}}
                for k, (name, args) in enumerate(reply.calls)
            ]
        return {
            "id": f"chatcmpl-{digest[:16]}", "object": "chat.completion", "created": 1_767_225_600,
            "model": self.name,
            "choices": [{"index": 0, "message": message, "logprobs": None,
                         "finish_reason": "tool_calls" if reply.calls else "stop"}],
            "usage": {"prompt_tokens": 0, "completion_tokens": 0, "total_tokens": 0},
        }

    @property
    def final_answer(self) -> str:
        """The text of the last reply, when it was an answer (empty otherwise)."""
        last = self.replies[-1] if self.replies else None
        return last.content or "" if last is not None and not last.calls else ""

    @property
    def last_messages(self) -> list[dict[str, Any]]:
        """The conversation of the last accepted request (empty if none)."""
        return list(self.requests[-1]["messages"]) if self.requests else []


def _teaching_model_name() -> str:
    from fcourse.teaching.wire.validation import MODEL_NAME

    return MODEL_NAME


def tool_results(messages: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """``{tool name: parsed content}`` of the trailing tool messages, the last one per tool (helper for scripts)."""
    names: dict[str, str] = {}
    for message in messages:
        for tool_call in message.get("tool_calls") or []:
            names[tool_call["id"]] = tool_call["function"]["name"]
    out: dict[str, Any] = {}
    for message in reversed(messages):
        if message.get("role") != "tool":
            break
        try:
            value = json.loads(message.get("content") or "")
        except ValueError:
            value = message.get("content")
        out.setdefault(names.get(message.get("tool_call_id", ""), "?"), value)
    return out


def scripted_client(handle: Callable[[Any], Any]) -> Any:
    """A real ``openai.OpenAI`` client whose HTTP requests ``handle`` answers in-process (no network)."""
    import httpx2
    import openai

    return openai.OpenAI(api_key="scripted", base_url="http://scripted-model.invalid/v1", max_retries=0,
                         http_client=httpx2.Client(transport=httpx2.MockTransport(handle)))
