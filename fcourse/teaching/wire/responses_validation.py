"""Request validation for ``POST /v1/responses``, the way the hosted Responses API does it.

Introduced in chapter 2 (the same round trip, two shapes). ``validate_responses_request(body)``
checks a Responses body field by field with the hosted API's wording (as public conformance reports
record it: ``Unknown parameter: 'seed'.``, ``Missing required parameter: 'tools[0].name'.``,
``Invalid 'max_output_tokens': integer below minimum value. Expected a value >= 16, but got 5
instead.``, the ``messages`` hint), resolves ``previous_response_id`` from the store
(``responses_store``), pairs the calls with their outputs (``responses_items.check_pairing``) and
returns a :class:`ResponsesRequest`. Its ``chat`` is the same conversation as a *validated Chat
Completions request* (``validation.validate_chat_request``), which is what the shared policy reads:
one model, two shapes of the same protocol.

What is served and what is refused with a 400 is listed in ``fcourse.teaching.wire.responses``.
Rules whose hosted wording could not be confirmed are in ``UNVERIFIED_WORDING``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from fcourse.errors import InvalidRequestError
from fcourse.teaching.wire import responses_store
from fcourse.teaching.wire.responses_items import check_input, check_pairing, to_messages
from fcourse.teaching.wire.responses_tools import (
    check_response_tool_choice,
    check_response_tools,
    check_text,
    unknown_parameter,
)
from fcourse.teaching.wire.validation import MODEL_NAME, validate_chat_request
from fcourse.teaching.wire.validation_common import (
    boolean,
    fail,
    integer,
    invalid_value,
    number,
    string,
    type_error,
)

__all__ = ["KNOWN_FIELDS", "UNVERIFIED_WORDING", "ResponsesRequest", "validate_responses_request"]

#: Top-level fields of a Responses request (and the ``fcourse`` extension).
KNOWN_FIELDS = frozenset({
    "access_programs", "background", "background_options", "context_management", "conversation", "image",
    "include", "input", "instructions", "max_output_tokens", "max_tool_calls", "metadata", "model", "moderation",
    "parallel_tool_calls", "previous_response_id", "prompt", "prompt_cache_key", "prompt_cache_options",
    "prompt_cache_retention", "reasoning", "safety_identifier", "service_tier", "store", "stream",
    "stream_options", "temperature", "text", "tool_choice", "tools", "top_logprobs", "top_p", "truncation",
    "user", "fcourse",
})

#: Rules whose hosted wording could not be confirmed from public reports (the teaching model's own).
UNVERIFIED_WORDING = (
    "an unknown tool type (the usual \"Invalid value: ... Supported values are: ...\" form)",
    "an input item of a type the teaching model does not serve (reasoning, item_reference, ...)",
    "a function_call whose call_id appears twice",
    "tool_choice 'required' without tools (Chat Completions' wording)",
    "text.format json_object without the word 'json' in the input",
    "stream_options without stream (Chat Completions' wording)",
    "background, logprobs and a function_call_output that is neither a string nor a list of parts",
)

_INCLUDABLE = (
    "file_search_call.results", "web_search_call.results", "web_search_call.action.sources",
    "message.input_image.image_url", "computer_call_output.output.image_url", "code_interpreter_call.outputs",
    "reasoning.encrypted_content", "message.output_text.logprobs",
)
_MESSAGES_MOVED = (
    "Unsupported parameter: 'messages'. In the Responses API, this parameter has moved to 'input'. Try again "
    "with the new parameter. See the API documentation for more information: "
    "https://platform.openai.com/docs/api-reference/responses/create."
)
_NO_INPUT = "One of \"input\" or \"previous_response_id\" or 'prompt' or 'conversation' must be provided."


@dataclass(frozen=True)
class ResponsesRequest:
    """A validated Responses request.

    ``items`` is the whole conversation the model reads (a previous response's items, then this
    input), normalised; ``new_items`` only this request's input; ``chat`` the same conversation as
    a validated Chat Completions request (what the policy reads); ``echo`` the request fields the
    response object repeats; ``stream`` and ``store`` how to deliver and whether to keep it.
    """

    items: tuple[dict[str, Any], ...]
    chat: dict[str, Any]
    echo: dict[str, Any]
    stream: bool
    store: bool

    def canonical(self) -> dict[str, Any]:
        """Everything the answer depends on (its hash makes the ids)."""
        return {"items": list(self.items), "chat": self.chat, "echo": self.echo}


def _model(body: Mapping[str, Any]) -> str:
    model = body.get("model")
    if "model" not in body:
        raise fail("Missing required parameter: 'model'.", "model", "missing_required_parameter")
    if not isinstance(model, str):
        raise type_error("model", "a string", {} if model is None else model)
    return model


def _light_checks(body: Mapping[str, Any]) -> None:
    """Fields accepted and echoed or ignored, type-checked the hosted way."""
    for name in ("background", "store", "parallel_tool_calls", "stream"):
        boolean(body, name)
    integer(body, "max_output_tokens", 16, 2**31 - 1)
    integer(body, "max_tool_calls", 1, 2**31 - 1)
    integer(body, "top_logprobs", 0, 20)
    for name in ("instructions", "user", "safety_identifier", "prompt_cache_key", "previous_response_id"):
        string(body, name, name)
    enums = {"truncation": ("auto", "disabled"), "service_tier": ("auto", "default", "fast", "flex", "priority"),
             "prompt_cache_retention": ("in_memory", "24h")}
    for name, allowed in enums.items():
        value = body.get(name)
        if value is not None and value not in allowed:
            if not isinstance(value, str):
                raise type_error(name, "one of " + " or ".join(f"'{a}'" for a in allowed), value)
            raise invalid_value(name, value, allowed)
    metadata = body.get("metadata")
    if metadata is not None:
        if not isinstance(metadata, dict):
            raise type_error("metadata", "a metadata object", metadata)
        if len(metadata) > 16:
            raise fail(f"Invalid 'metadata': too many properties. Expected an object with at most 16 properties, "
                       f"but got an object with {len(metadata)} properties instead.", "metadata",
                       "object_above_max_properties")
    include = body.get("include")
    if include is not None:
        if not isinstance(include, list):
            raise type_error("include", "an array of strings", include)
        for k, value in enumerate(include):
            if value not in _INCLUDABLE:
                raise invalid_value(f"include[{k}]", value, _INCLUDABLE)
    for name in ("reasoning", "stream_options", "prompt_cache_options", "moderation", "prompt", "image"):
        if body.get(name) is not None and not isinstance(body[name], dict):
            raise type_error(name, "an object", body[name])
    reasoning = body.get("reasoning") or {}
    for key in reasoning:
        if key not in ("effort", "summary"):
            raise unknown_parameter(f"reasoning.{key}")
    options = body.get("stream_options") or {}
    for key in options:
        if key != "include_obfuscation":
            raise unknown_parameter(f"stream_options.{key}")


def _refusals(body: Mapping[str, Any]) -> None:
    """What a non-reasoning model without hosted state refuses (after the schema checks)."""
    if body.get("conversation") is not None and body.get("previous_response_id") is not None:
        raise fail("Mutually exclusive parameters: Ensure you are only providing one of: 'previous_response_id' "
                   "or 'conversation'.", None, "mutually_exclusive_parameters")
    conversation = body.get("conversation")
    if conversation is not None:
        name = conversation.get("id") if isinstance(conversation, dict) else conversation
        raise fail(f"Conversation with id '{name}' not found.", None, None, status=404)
    prompt = body.get("prompt")
    if prompt is not None:
        raise fail(f"Prompt with id '{prompt.get('id')}' not found.", None, None, status=404)
    if (body.get("reasoning") or {}).get("effort") is not None:
        raise fail("Unsupported parameter: 'reasoning.effort' is not supported with this model.",
                   "reasoning.effort", "unsupported_parameter")
    if body.get("background"):
        raise fail("Unsupported value: 'background' is not available from the teaching model: it answers at once.",
                   "background", "unsupported_value")
    if body.get("top_logprobs") or "message.output_text.logprobs" in (body.get("include") or ()):
        raise fail("Unsupported value: 'logprobs' is not available from the teaching model.",
                   "top_logprobs" if body.get("top_logprobs") else "include", "unsupported_value")
    if body.get("stream_options") is not None and not body.get("stream"):
        raise fail("The 'stream_options' parameter is only allowed when 'stream' is enabled.", "stream_options")


def _history(body: Mapping[str, Any], namespace: str) -> list[dict[str, Any]]:
    previous = body.get("previous_response_id")
    if previous is None:
        return []
    stored = responses_store.get(previous, namespace)
    if stored is None:
        raise fail(f"Previous response with id '{previous}' not found.", "previous_response_id",
                   "previous_response_not_found")
    return list(stored.items)


def _chat(body: Mapping[str, Any], items: list[dict[str, Any]], chat_tools: list[dict[str, Any]],
          chat_choice: Any, allowed: list[str] | None, response_format: dict[str, Any] | None) -> dict[str, Any]:
    """The Chat Completions request the same conversation is, validated (the policy's input)."""
    tools = [t for t in chat_tools if allowed is None or t["function"]["name"] in allowed]
    chat: dict[str, Any] = {"model": MODEL_NAME, "messages": to_messages(body.get("instructions"), items)}
    if tools:
        parallel = body.get("parallel_tool_calls")
        chat.update(tools=tools, tool_choice=chat_choice, parallel_tool_calls=True if parallel is None else parallel)
    for source, target in (("temperature", "temperature"), ("max_output_tokens", "max_tokens"),
                           ("fcourse", "fcourse")):
        if body.get(source) is not None:
            chat[target] = body[source]
    if response_format is not None:
        if response_format["type"] == "json_object" and not any(
                "json" in (m.get("content") or "").lower() for m in chat["messages"]):
            raise fail("Response input messages must contain the word 'json' in some form to use 'text.format' "
                       "of type 'json_object'.", "input")
        chat["response_format"] = response_format
    try:
        request, _ = validate_chat_request(chat)
    except InvalidRequestError as err:
        param = (err.param or "").replace("response_format", "text.format") or None
        raise fail(err.message.replace("response_format", "text.format"), param, err.code, err.status) from None
    return request


def validate_responses_request(body: object, namespace: str = "") -> ResponsesRequest:
    """Validate a parsed ``POST /v1/responses`` body; raise ``InvalidRequestError`` as the hosted API would.
    ``previous_response_id`` is looked up among the responses ``namespace`` (the client) stored."""
    if not isinstance(body, dict):
        raise type_error("request body", "an object", body)
    model = _model(body)
    for name in body:
        if name == "messages":
            raise fail(_MESSAGES_MOVED, None, "unsupported_parameter")
        if name not in KNOWN_FIELDS:
            raise unknown_parameter(name)
    if "input" not in body:
        raise fail("Missing required parameter: 'input'.", "input", "missing_required_parameter")
    new_items = check_input(body["input"]) if body["input"] != "" else []  # "" is no input, as hosted
    flat, chat_tools = check_response_tools(body, model)
    echo_choice, chat_choice, allowed = check_response_tool_choice(body, flat)
    text, response_format = check_text(body)
    temperature = number(body, "temperature", 0, 2)
    top_p = number(body, "top_p", 0, 1)
    _light_checks(body)
    if model != MODEL_NAME:
        raise fail(f"The requested model '{model}' does not exist.", "model", "model_not_found")
    _refusals(body)
    items = _history(body, namespace) + new_items
    if not new_items and not body.get("previous_response_id"):
        raise fail(_NO_INPUT, None, "missing_required_parameter")
    check_pairing(items)
    chat = _chat(body, items, chat_tools, chat_choice, allowed, response_format)
    echo = {
        "instructions": body.get("instructions"),
        "max_output_tokens": body.get("max_output_tokens"),
        "max_tool_calls": body.get("max_tool_calls"),
        "metadata": body.get("metadata") or {},
        "parallel_tool_calls": True if body.get("parallel_tool_calls") is None else body["parallel_tool_calls"],
        "previous_response_id": body.get("previous_response_id"),
        "prompt_cache_key": body.get("prompt_cache_key"),
        "safety_identifier": body.get("safety_identifier"),
        "service_tier": body.get("service_tier") or "default",
        "store": True if body.get("store") is None else body["store"],
        "temperature": temperature,  # None when unset: the teaching model then reads it as 0, not 1
        "text": text,
        "tool_choice": echo_choice,
        "tools": flat,
        "top_p": top_p,
        "truncation": body.get("truncation") or "disabled",
        "user": body.get("user"),
    }
    return ResponsesRequest(tuple(items), chat, echo, bool(body.get("stream")), echo["store"])
