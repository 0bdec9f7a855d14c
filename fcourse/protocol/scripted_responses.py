"""A scripted model behind the real SDK's ``client.responses``, for cases the teaching model cannot play.

Introduced in chapter 2 (the same round trip, two shapes): the Responses twin of
``fcourse.protocol.scripted.ScriptedModel``. ``script(items)`` reads the conversation as normalised
Responses items (``{"type": "message", "role", "content"}``, ``{"type": "function_call", "call_id",
"name", "arguments"}``, ``{"type": "function_call_output", "call_id", "output"}``) and returns the
reply (``scripted.text`` or ``scripted.call``). Everything else is real:

- the client is a genuine ``openai.OpenAI`` on an ``httpx2.MockTransport``, serving ``/v1/responses``
  only (a Chat Completions request gets the 404 an unknown route gets);
- every request is first validated by the teaching model's own Responses checks
  (``fcourse.teaching.wire.responses_validation``), so an unanswered call, an output with the wrong
  ``call_id`` or a dict where text belongs is the same HTTP 400 the teaching model answers;
- replies are shaped by the teaching model's ``responses_shaping`` (``stream=True`` works too), kept
  in its store (``previous_response_id`` works), and their ids derive from the conversation (a hash).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from fcourse.errors import RunawayLoopError
from fcourse.protocol.scripted import Reply, scripted_client

__all__ = ["ScriptedResponsesModel"]


@dataclass
class ScriptedResponsesModel:
    """A Responses endpoint whose replies come from ``script(items)``.

    ``requests`` records every request body that passed validation, in order; ``conversations`` the
    whole conversation (normalised items, a previous response's included) each of them carried;
    ``replies`` what the script answered; ``rejections`` every 4xx error body answered. After
    ``max_requests`` requests the next one raises :class:`RunawayLoopError`.
    """

    script: Callable[[list[dict[str, Any]]], Reply]
    name: str = "scripted-model"
    max_requests: int = 12
    requests: list[dict[str, Any]] = field(default_factory=list)
    conversations: list[list[dict[str, Any]]] = field(default_factory=list)
    rejections: list[dict[str, Any]] = field(default_factory=list)
    replies: list[Reply] = field(default_factory=list)

    def client(self) -> Any:
        """A real ``openai.OpenAI`` client whose every request comes here, in-process."""
        return scripted_client(self._handle)

    def _handle(self, request: Any) -> Any:
        import httpx2

        from fcourse.errors import InvalidRequestError
        from fcourse.teaching.wire.responses_validation import validate_responses_request
        from fcourse.teaching.wire.validation import MODEL_NAME

        if request.url.path != "/v1/responses" or request.method != "POST":
            error = InvalidRequestError(f"Invalid URL ({request.method} {request.url.path})", status=404)
            self.rejections.append(error.to_body()["error"])
            return httpx2.Response(404, json=error.to_body())
        if len(self.requests) >= self.max_requests:
            raise RunawayLoopError(f"the program asked the model more than {self.max_requests} times")
        body = json.loads(request.content or b"{}")
        try:
            checked = validate_responses_request({**body, "model": MODEL_NAME} if isinstance(body, dict) else body)
        except InvalidRequestError as error:
            self.rejections.append(error.to_body()["error"])
            return httpx2.Response(error.status, json=error.to_body())
        self.requests.append(body)
        self.conversations.append(list(checked.items))
        reply = self.script(list(checked.items))
        self.replies.append(reply)
        response = self._response(checked, reply)
        if checked.stream:
            from fcourse.teaching.wire.responses_shaping import stream_events

            return httpx2.Response(200, headers={"content-type": "text/event-stream"},
                                   content=b"".join(stream_events(response)))
        return httpx2.Response(200, json=response)

    def _response(self, checked: Any, reply: Reply) -> dict[str, Any]:
        from fcourse.teaching.deciding.decision import Decision, ProposedCall
        from fcourse.teaching.wire import responses_store
        from fcourse.teaching.wire.responses_shaping import conversation_items, response_body
        from fcourse.teaching.wire.shaping import request_digest

        calls = tuple(ProposedCall(name, {}) for name, _ in reply.calls)
        decision = Decision("tool_calls" if calls else "answer", reply.content, calls,
                            "tool_calls" if calls else "stop")
        digest = request_digest({"scripted": self.name, **checked.canonical()})
        response = response_body(checked, decision, digest)
        written = iter(args if isinstance(args, str) else json.dumps(args, ensure_ascii=False)
                       for _, args in reply.calls)
        for item in response["output"]:  # the script's own argument text (broken JSON stays broken)
            if item["type"] == "function_call":
                item["arguments"] = next(written)
        response["model"] = self.name
        if checked.store:
            responses_store.put(response["id"], [*checked.items, *conversation_items(response)], response, 0)
        return response

    @property
    def final_answer(self) -> str:
        """The text of the last reply, when it was an answer (empty otherwise)."""
        last = self.replies[-1] if self.replies else None
        return last.content or "" if last is not None and not last.calls else ""

    @property
    def last_items(self) -> list[dict[str, Any]]:
        """The conversation of the last accepted request (empty if none)."""
        return list(self.conversations[-1]) if self.conversations else []
