"""``POST /v1/responses``: the teaching model in the shape of OpenAI's Responses API.

Introduced in chapter 2 (the same round trip, two shapes). The same model, the same decisions, the
same glass box as ``/v1/chat/completions``: a Responses request is checked
(``responses_validation``), turned into the Chat Completions request it is equivalent to, answered
by the shared policy through the endpoint's ``reply_decision`` (cached by the request's digest), and
shaped as a ``response`` (``responses_shaping``). The endpoint (``fcourse.teaching.wire.endpoint``)
passes ``reply_decision`` in, so this module never imports it.

Served::

    POST   /v1/responses            input (a string or items: message, function_call,
                                    function_call_output), instructions, tools (flat function
                                    tools, strict schemas), tool_choice (none/auto/required, a named
                                    function, allowed_tools), parallel_tool_calls, temperature, top_p
                                    (echoed), max_output_tokens, text.format (text, json_object,
                                    json_schema), metadata, store, previous_response_id, stream
    GET    /v1/responses/{id}       a stored response
    DELETE /v1/responses/{id}       forget a stored response

Refused with a 400 (a 404 for the two lookups), in the hosted API's words where public reports give
them: hosted tools (``Hosted tool 'web_search' is not supported with fcourse-teacher.``), a
Chat-shaped tool (``Missing required parameter: 'tools[0].name'.``), ``messages``
(``... this parameter has moved to 'input' ...``), Chat-only fields (``seed``, ``n``, ``stop``,
``max_tokens``: ``Unknown parameter``), an unanswered call and an orphan output (the two pairing
errors), an unknown ``previous_response_id``, ``conversation`` and ``prompt`` ids (none exist here),
``reasoning.effort`` (not a reasoning model), ``background``, logprobs, and input items other than
the three above (``reasoning``, ``item_reference``, ...).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from fcourse.errors import InvalidRequestError
from fcourse.teaching.deciding.decision import Decision
from fcourse.teaching.wire import responses_store
from fcourse.teaching.wire.responses_shaping import conversation_items, response_body, stream_events
from fcourse.teaching.wire.responses_validation import ResponsesRequest, validate_responses_request
from fcourse.teaching.wire.shaping import (
    Reply,
    error_reply,
    json_reply,
    prompt_tokens,
    request_digest,
    request_id,
    sse_reply,
)
from fcourse.teaching.wire.validation import parse_json_body

__all__ = ["ReplyDecision", "create", "create_response", "item_route", "prepare"]

#: ``reply_decision(chat_request, digest) -> Decision``: the endpoint's cached, checked policy call.
ReplyDecision = Callable[[dict[str, Any], bytes], Decision]


def prepare(body: object, context_window: int, namespace: str = "") -> tuple[ResponsesRequest, int]:
    """A validated request and its estimated prompt tokens; the hosted 400 if it is too long.
    ``namespace`` is the client's: its stored responses are the ones ``previous_response_id`` may name."""
    request = validate_responses_request(body, namespace)
    tokens = sum(prompt_tokens(request.chat))
    if tokens > context_window:
        raise InvalidRequestError(
            "Your input exceeds the context window of this model. Please adjust your input and try again.",
            param="input",
            code="context_length_exceeded",
        )
    return request, tokens


def _answer(
    body: object, reply_decision: ReplyDecision, context_window: int, namespace: str
) -> tuple[ResponsesRequest, dict[str, Any]]:
    request, tokens = prepare(body, context_window, namespace)
    decision = reply_decision(request.chat, request_digest(request.chat))
    response = response_body(request, decision, request_digest(request.canonical()))
    if request.store:
        responses_store.put(response["id"], [*request.items, *conversation_items(response)], response, tokens,
                            namespace)
    return request, response


def create_response(body: dict[str, Any], reply_decision: ReplyDecision, context_window: int,
                    namespace: str = "") -> dict[str, Any]:
    """Answer a Responses request body (a dict) with the ``response`` object as a dict (``stream`` ignored)."""
    return _answer(body, reply_decision, context_window, namespace)[1]


def create(raw: bytes, reply_decision: ReplyDecision, context_window: int, namespace: str = "") -> Reply:
    """``POST /v1/responses``: the response as JSON, or its events when ``stream`` is true; stored (``store``)
    in the client's ``namespace``."""
    request, response = _answer(parse_json_body(raw), reply_decision, context_window, namespace)
    extra = (("x-request-id", request_id(request_digest(request.canonical()))),)
    if request.stream:
        return sse_reply(stream_events(response), extra)
    return json_reply(response, extra)


def item_route(method: str, response_id: str, namespace: str = "") -> Reply:
    """``GET`` or ``DELETE /v1/responses/{id}``: a response this client (``namespace``) stored, or the 404 for
    an id it did not store - another client's response is not found, exactly like one never made."""
    if method not in ("GET", "DELETE"):
        err = InvalidRequestError(f"Method Not Allowed: {method} /v1/responses/{response_id} (use GET, DELETE)",
                                  status=405)
        return error_reply(err, (("allow", "GET, DELETE"),))
    stored = responses_store.get(response_id, namespace)
    if stored is None:
        return error_reply(InvalidRequestError(f"Response with id '{response_id}' not found.", status=404))
    if method == "GET":
        return json_reply(stored.body)
    responses_store.delete(response_id, namespace)
    return json_reply({"id": response_id, "object": "response", "deleted": True})
