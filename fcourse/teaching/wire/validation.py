"""Request validation for the teaching model, the way the hosted API does it.

Introduced in chapter 2 (the native tools protocol): getting the protocol wrong
is an error *from the API*, not a guess by the model. Every rule here answers
with the hosted API's error envelope, status code and (as closely as public
error reports show it) its wording, for example::

    An assistant message with 'tool_calls' must be followed by tool messages
    responding to each 'tool_call_id'. The following tool_call_ids did not have
    response messages: call_…

``validate_chat_request(body)`` returns the *normalised* request the policy
sees, or raises ``fcourse.errors.InvalidRequestError``. Normalised means: every
field the policy reads is present and well-formed, message ``content`` is a
plain string (text parts joined) or ``None``, defaults are filled in
(``tool_choice`` "auto"/"none", ``parallel_tool_calls`` true; ``temperature``,
``seed`` and ``max_tokens`` stay ``None`` when unset, because the policy treats
an unset temperature as 0), ``max_completion_tokens`` is folded into
``max_tokens``, the ``fcourse`` extension object (``extra_body={"fcourse": ...}``)
is checked field by field, and fields the teaching model ignores are dropped.

This module checks the request *body* (the model, numbers, ``response_format``,
streaming, the extension) and is the entry point; the messages are checked by
``validation_messages``, the tools and ``tool_choice`` by ``validation_tools``,
both with the wording helpers of ``validation_common``. Known differences from
the hosted API are listed in ``UNVERIFIED_WORDING``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from fcourse.teaching.deciding.failure_modes import FAILURE_MODES, TOOL_FAILURE_MODES
from fcourse.teaching.wire.validation_common import (
    MAX_JSON_DEPTH,
    boolean,
    fail,
    integer,
    invalid_value,
    json_type,
    missing,
    number,
    raw_json_problem,
    string,
    type_error,
)
from fcourse.teaching.wire.validation_messages import check_messages
from fcourse.teaching.wire.validation_tools import (
    MAX_TOOLS,
    TOOL_NAME_PATTERN,
    SchemaError,
    check_schema,
    check_tool_choice,
    check_tool_name,
    check_tools,
)

__all__ = [
    "EXTENSION_FIELDS",
    "MAX_JSON_DEPTH",
    "MAX_TOOLS",
    "MODEL_NAME",
    "TOOL_NAME_PATTERN",
    "UNVERIFIED_WORDING",
    "parse_json_body",
    "validate_chat_request",
    "validate_model",
]

#: The one model the teaching endpoint serves.
MODEL_NAME = "fcourse-teacher"

#: Rules whose hosted wording could not be confirmed from public error reports.
UNVERIFIED_WORDING = (
    "duplicate tool names",
    "named tool_choice naming a tool that is not in 'tools'",
    "n > 1",
    "duplicate tool_call ids inside one assistant message",
    "regular-expression 'pattern' that Python cannot compile",
)


# Top-level fields of the Chat Completions request. Fields not used by the
# teaching model are type-checked lightly and then dropped.
_KNOWN_FIELDS = frozenset({
    "messages", "model", "tools", "tool_choice", "parallel_tool_calls", "temperature", "seed", "max_tokens",
    "max_completion_tokens", "n", "stream", "stream_options", "response_format", "top_p", "frequency_penalty",
    "presence_penalty", "stop", "user", "metadata", "store", "logit_bias", "logprobs", "top_logprobs",
    "service_tier", "reasoning_effort", "modalities", "verbosity", "prompt_cache_key", "safety_identifier",
    "functions", "function_call", "audio", "prediction", "web_search_options", "fcourse",
})
_UNSUPPORTED_FIELDS = ("functions", "function_call", "audio", "prediction", "web_search_options")


# --------------------------------------------------------------------------- JSON body


def _reject_constant(name: str) -> float:
    raise fail(f"{name} is not valid JSON")  # NaN / Infinity; parse_json_body answers with the hosted wording


_PARSE_ERROR = (
    "We could not parse the JSON body of your request. (HINT: This likely means you "
    "aren't using your HTTP library correctly. The OpenAI API expects a JSON payload, "
    "but what was sent was not valid JSON. If you have trouble figuring out how to "
    "fix this, please contact us through our help center at help.openai.com.)"
)


def parse_json_body(raw: bytes) -> object:
    """Parse a request body as strict JSON (no NaN/Infinity), as the hosted API does."""
    try:
        value = json.loads(raw.decode("utf-8"), parse_constant=_reject_constant)
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise fail(_PARSE_ERROR) from None
    problem = raw_json_problem(raw, value)
    if problem == "unicode":
        raise fail(_PARSE_ERROR)
    if problem == "depth":
        raise fail(
            f"Invalid request: the JSON body is nested more than {MAX_JSON_DEPTH} levels deep.",
            None,
            "invalid_value",
        )
    return value


# --------------------------------------------------------------------------- the rest


def _response_format(body: Mapping[str, Any], messages: list[dict[str, Any]]) -> dict[str, Any] | None:
    value = body.get("response_format")
    if value is None:
        return None
    if not isinstance(value, dict):
        raise type_error("response_format", "an object", value)
    kind = value.get("type")
    if kind is None:
        raise missing("response_format.type")
    supported = ("text", "json_object", "json_schema")
    if not isinstance(kind, str):
        raise type_error("response_format.type", "a string", kind)
    if kind not in supported:
        raise invalid_value("response_format.type", kind, supported)
    if kind == "json_object" and not any("json" in (m.get("content") or "").lower() for m in messages):
        raise fail(
            "'messages' must contain the word 'json' in some form, to use 'response_format' "
            "of type 'json_object'.",
            "messages",
        )
    if kind == "json_schema":
        spec = value.get("json_schema")
        if spec is None:
            raise missing("response_format.json_schema")
        if not isinstance(spec, dict):
            raise type_error("response_format.json_schema", "an object", spec)
        if spec.get("name") is None:
            raise missing("response_format.json_schema.name")
        check_tool_name(spec["name"], "response_format.json_schema.name")
        schema = spec.get("schema", {})
        strict = spec.get("strict")
        if strict is not None and not isinstance(strict, bool):
            raise type_error("response_format.json_schema.strict", "a boolean", strict)
        try:
            check_schema(schema, (), bool(strict))
        except SchemaError as err:
            raise fail(
                f"Invalid schema for response_format '{spec['name']}': In "
                f"context={err.context!r}, {err.problem}",
                "response_format",
                "invalid_json_schema",
            ) from None
        description = spec.get("description")
        if description is not None and not isinstance(description, str):
            raise type_error("response_format.json_schema.description", "a string", description)
        out = {"name": spec["name"], "schema": schema, "strict": bool(strict)}
        if description:
            out["description"] = description
        return {"type": kind, "json_schema": out}
    return {"type": kind}


def _light_checks(body: Mapping[str, Any]) -> None:
    """Type-check the fields the teaching model accepts but does not use."""
    for name in _UNSUPPORTED_FIELDS:
        if body.get(name) is not None:
            raise fail(
                f"Unsupported parameter: '{name}' is not supported by the teaching model.",
                name,
                "unsupported_parameter",
            )
    number(body, "top_p", 0, 1)
    number(body, "frequency_penalty", -2, 2)
    number(body, "presence_penalty", -2, 2)
    if boolean(body, "logprobs"):
        raise fail(
            "Unsupported value: 'logprobs' is not available from the teaching model.",
            "logprobs",
            "unsupported_value",
        )
    integer(body, "top_logprobs", 0, 20)
    boolean(body, "store")
    for name in (
        "user",
        "service_tier",
        "reasoning_effort",
        "verbosity",
        "prompt_cache_key",
        "safety_identifier",
    ):
        string(body, name, name)
    stop = body.get("stop")
    if stop is not None and not isinstance(stop, str):
        if not isinstance(stop, list) or not all(isinstance(s, str) for s in stop):
            raise type_error("stop", "one of a string or array of strings", stop)
        if len(stop) > 4:
            raise fail(
                "Invalid 'stop': array too long. Expected an array with maximum length 4, "
                f"but got an array with length {len(stop)} instead.",
                "stop",
                "array_above_max_length",
            )
    for name in ("metadata", "logit_bias"):
        if body.get(name) is not None and not isinstance(body[name], dict):
            raise type_error(name, "an object", body[name])
    modalities = body.get("modalities")
    if modalities is not None:
        if not isinstance(modalities, list) or not all(isinstance(m, str) for m in modalities):
            raise type_error("modalities", "an array of strings", modalities)
        for k, modality in enumerate(modalities):
            if modality != "text":
                raise invalid_value(f"modalities[{k}]", modality, ("text",))


def _stream_options(body: Mapping[str, Any]) -> tuple[bool, bool]:
    stream = bool(boolean(body, "stream"))
    options = body.get("stream_options")
    if options is None:
        return stream, False
    if not isinstance(options, dict):
        raise type_error("stream_options", "an object", options)
    if not stream:
        raise fail(
            "The 'stream_options' parameter is only allowed when 'stream' is enabled.",
            "stream_options",
        )
    include = boolean(options, "include_usage")
    return stream, bool(include)


#: The fields of the ``fcourse`` extension object the policy reads.
EXTENSION_FIELDS = ("failure_mode", "threshold")


def _extension(body: Mapping[str, Any]) -> dict[str, Any]:
    """The ``fcourse`` extension (sent with ``extra_body={"fcourse": {...}}``)."""
    extension = body.get("fcourse")
    if extension is None:
        return {}
    if not isinstance(extension, dict):
        raise type_error("fcourse", "an object", extension)
    for name in extension:
        if name not in EXTENSION_FIELDS:
            raise fail(
                f"Unrecognized fcourse extension argument supplied: {name!r}. Known: "
                f"{', '.join(EXTENSION_FIELDS)}.",
                f"fcourse.{name}",
                "invalid_value",
            )
    out: dict[str, Any] = {}
    mode = extension.get("failure_mode")
    if mode is not None:
        if not isinstance(mode, str):
            raise type_error("fcourse.failure_mode", "a string", mode)
        if mode not in FAILURE_MODES and mode not in TOOL_FAILURE_MODES:
            raise invalid_value("fcourse.failure_mode", mode, (*FAILURE_MODES, *TOOL_FAILURE_MODES))
        out["failure_mode"] = mode
    threshold = number(extension, "threshold", 0, 1000, "fcourse.threshold")
    if threshold is not None:
        out["threshold"] = threshold
    return out


def validate_model(body: Mapping[str, Any]) -> str:
    """Check the model field: present, a string, and served here (else 404)."""
    model = body.get("model")
    if model is None:
        raise fail("you must provide a model parameter")
    if not isinstance(model, str):
        raise type_error("model", "a string", model)
    if model != MODEL_NAME:
        raise fail(
            f"The model `{model}` does not exist or you do not have access to it.",
            None,
            "model_not_found",
            status=404,
        )
    return model


def validate_chat_request(body: object) -> tuple[dict[str, Any], dict[str, bool]]:
    """Validate a parsed Chat Completions body.

    Returns ``(request, delivery)``: ``request`` is the normalised body the policy
    sees (and whose hash makes ids and ``created``); ``delivery`` says how to send
    the answer (``stream``, ``include_usage``), which must not change the answer.
    Raises ``InvalidRequestError`` for anything the hosted API would reject.
    """
    if not isinstance(body, dict):
        raise fail(
            f"Invalid type for request body: expected an object, but got {json_type(body)} instead.",
            None,
            "invalid_type",
        )
    for name in body:
        if name not in _KNOWN_FIELDS:
            raise fail(f"Unrecognized request argument supplied: {name}")
    model = validate_model(body)
    messages = check_messages(body)
    tools = check_tools(body)
    tool_choice = check_tool_choice(body, tools)
    parallel = boolean(body, "parallel_tool_calls")
    if parallel is not None and not tools:
        raise fail(
            "Invalid value for 'parallel_tool_calls': 'parallel_tool_calls' is only allowed "
            "when 'tools' are specified.",
            "parallel_tool_calls",
        )
    temperature = number(body, "temperature", 0, 2)
    seed = integer(body, "seed", -(2**63), 2**63 - 1)
    max_tokens = integer(body, "max_tokens", 1, 2**31 - 1)
    max_completion = integer(body, "max_completion_tokens", 1, 2**31 - 1)
    if max_tokens is not None and max_completion is not None:
        raise fail(
            "Invalid request: set only one of 'max_tokens' and 'max_completion_tokens'.",
            "max_tokens",
            "invalid_value",
        )
    n = integer(body, "n", 1, 128)
    if n is not None and n > 1:
        raise fail(
            "Unsupported value: 'n' must be 1 for the teaching model (only n=1 is supported).",
            "n",
            "unsupported_value",
        )
    _light_checks(body)
    response_format = _response_format(body, messages)
    extension = _extension(body)
    stream, include_usage = _stream_options(body)
    request: dict[str, Any] = {
        "model": model,
        "messages": messages,
        "tools": tools,
        "tool_choice": tool_choice,
        "parallel_tool_calls": True if parallel is None else parallel,
        "temperature": temperature,
        "seed": seed,
        "max_tokens": max_tokens if max_tokens is not None else max_completion,
        "response_format": response_format,
        "fcourse": extension,
    }
    return request, {"stream": stream, "include_usage": include_usage}
