"""The teaching model's OpenAI-compatible Chat Completions endpoint, as plain Python.

Introduced in chapter 0 (start here); its protocol checks are the subject of
chapter 2. ``handle(method, path, body)`` takes an HTTP request's method, path
and raw body and returns a ``Reply`` (status, headers, and either a body or the
server-sent-event chunks of a streaming answer). It never opens a socket: the
in-process transport (``fcourse.teaching.transport``) and the HTTP server
(``fcourse.teaching.server``) are both thin wrappers around it.

Routes::

    POST /v1/chat/completions    the model (stream=true answers with SSE)
    GET  /v1/models              the one model, in the hosted list format
    GET  /v1/models/{id}
    POST /v1/fcourse/explain     glass box: same body, returns the decision record

What the model *says* comes from ``fcourse.teaching.policy.decide``; this module
only validates the request (``fcourse.teaching.validation``) and shapes the
answer exactly like the hosted API: ids, ``created``, ``usage``, streaming.

Everything is deterministic: ids and ``created`` are derived from a SHA-256 of
the canonical (normalised) request, so the same request always gives a
byte-identical reply, and a streamed reply reassembles to the non-streamed one.
``usage`` is an *estimate* (``estimate_tokens``), and the same estimate enforces
the context window (``CONTEXT_WINDOW``), as the hosted API's 400
``context_length_exceeded`` does.
"""

from __future__ import annotations

import hashlib
import json
import re
import traceback
from collections.abc import Iterator
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

from fcourse.errors import InvalidRequestError
from fcourse.teaching.decision import Decision, ProposedCall
from fcourse.teaching.validation import (
    MODEL_NAME,
    parse_json_body,
    validate_chat_request,
)

__all__ = [
    "CONTEXT_WINDOW",
    "CREATED_EPOCH",
    "MAX_BODY_BYTES",
    "MODEL_NAME",
    "SYSTEM_FINGERPRINT",
    "PolicyContractError",
    "Reply",
    "chat_completion",
    "error_reply",
    "estimate_tokens",
    "explain",
    "handle",
]

#: ``created`` is this fixed epoch (2026-01-01T00:00:00Z) plus an offset under a
#: year taken from the request hash, so it looks like a real timestamp but never moves.
CREATED_EPOCH = 1_767_225_600

#: Constant for this model: the hosted API changes it when its backend changes.
SYSTEM_FINGERPRINT = "fp_" + hashlib.sha256(f"{MODEL_NAME}/1".encode()).hexdigest()[:10]

#: Request bodies larger than this are refused with 413 (the server does not even read them).
MAX_BODY_BYTES = 1024 * 1024

#: The teaching model's context window, in estimated tokens (see ``estimate_tokens``).
CONTEXT_WINDOW = 128_000

_ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
_JSON_HEADERS = (("content-type", "application/json"),)
_SSE_HEADERS = (("content-type", "text/event-stream; charset=utf-8"), ("cache-control", "no-cache"))


@dataclass(frozen=True)
class Reply:
    """An HTTP answer: status, headers, and a body or (when streaming) SSE chunks."""

    status: int
    headers: tuple[tuple[str, str], ...] = _JSON_HEADERS
    body: bytes = b""
    chunks: tuple[bytes, ...] | None = field(default=None, repr=False)

    @property
    def streaming(self) -> bool:
        """True when the answer is a stream of server-sent events."""
        return self.chunks is not None

    def iter_bytes(self) -> Iterator[bytes]:
        """The bytes to send, chunk by chunk (one chunk when not streaming)."""
        if self.chunks is None:
            yield self.body
        else:
            yield from self.chunks

    def json(self) -> Any:
        """The body parsed as JSON (not for streaming replies)."""
        return json.loads(self.body)


# --------------------------------------------------------------------------- helpers


def _dumps(obj: object) -> bytes:
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def _base62(data: bytes, length: int) -> str:
    number = int.from_bytes(data, "big")
    chars = []
    for _ in range(length):
        number, rest = divmod(number, 62)
        chars.append(_ALPHABET[rest])
    return "".join(chars)


def _digest(request: dict[str, Any]) -> bytes:
    canonical = json.dumps(request, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(canonical.encode("utf-8")).digest()


def _completion_id(digest: bytes) -> str:
    return "chatcmpl-" + _base62(digest, 29)


def _call_id(digest: bytes, index: int) -> str:
    return "call_" + _base62(hashlib.sha256(digest + b"call" + index.to_bytes(4, "big")).digest(), 24)


def _created(digest: bytes) -> int:
    return CREATED_EPOCH + int.from_bytes(digest[:4], "big") % 31_536_000


def _request_id(digest: bytes) -> str:
    return "req_" + hashlib.sha256(digest + b"request").hexdigest()[:32]


def error_reply(err: InvalidRequestError, extra: tuple[tuple[str, str], ...] = ()) -> Reply:
    """The hosted API's error envelope for ``err``, with its status code."""
    return Reply(err.status, _JSON_HEADERS + extra, _dumps(err.to_body()))


_TOKEN = re.compile(
    r"[A-Za-z0-9_]+"
    r"|[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]"
    r"|[^\sA-Za-z0-9_]"
)


def estimate_tokens(text: str) -> int:
    """A deterministic token *estimate*: words + CJK characters + punctuation marks.

    Each run of ASCII letters/digits counts as one token, each CJK character as
    one, and each other non-space character as one. Real tokenizers differ;
    this is only meant to move the right way when text grows.
    """
    return len(_TOKEN.findall(text))


def _prompt_tokens(request: dict[str, Any]) -> tuple[int, int]:
    """Estimated prompt tokens: (in the messages, in the tool definitions)."""
    in_messages = 3  # the reply is primed with a few tokens, as the hosted API counts it
    for message in request["messages"]:
        in_messages += 3 + estimate_tokens(message.get("content") or "")
        for call in message.get("tool_calls", ()):
            in_messages += estimate_tokens(call["function"]["name"] + call["function"]["arguments"])
    in_tools = estimate_tokens(json.dumps(request["tools"], ensure_ascii=False)) if request["tools"] else 0
    return in_messages, in_tools


def _usage(request: dict[str, Any], content: str | None, calls: list[dict[str, Any]]) -> dict[str, int]:
    prompt = sum(_prompt_tokens(request))
    completion = estimate_tokens(content or "")
    for call in calls:
        completion += estimate_tokens(call["function"]["name"] + call["function"]["arguments"])
    return {"prompt_tokens": prompt, "completion_tokens": completion, "total_tokens": prompt + completion}


def _check_context(request: dict[str, Any]) -> None:
    """Refuse a prompt longer than the context window, as the hosted API does."""
    in_messages, in_tools = _prompt_tokens(request)
    total = in_messages + in_tools
    if total <= CONTEXT_WINDOW:
        return
    if in_tools:
        detail = (
            f"{total} tokens ({in_messages} in the messages, {in_tools} in the functions). "
            "Please reduce the length of the messages or functions."
        )
    else:
        detail = f"{total} tokens. Please reduce the length of the messages."
    raise InvalidRequestError(
        f"This model's maximum context length is {CONTEXT_WINDOW} tokens. However, your messages "
        f"resulted in {detail}",
        param="messages",
        code="context_length_exceeded",
    )


# --------------------------------------------------------------------------- the policy


def _policy() -> ModuleType:
    """The policy module (imported lazily: it is the heavy part of the model)."""
    from fcourse.teaching import policy

    return policy


class PolicyContractError(RuntimeError):
    """The policy returned something that breaks the contract in ``decision.py``."""


def _decide(request: dict[str, Any]) -> Decision:
    decision = _policy().decide(request)
    if not isinstance(decision, Decision):
        raise PolicyContractError(f"decide() returned {type(decision).__name__}, not a Decision")
    if decision.kind not in ("tool_calls", "ask", "answer", "text"):
        raise PolicyContractError(f"unknown decision kind {decision.kind!r}")
    if decision.finish_reason not in ("stop", "tool_calls", "length"):
        raise PolicyContractError(f"unknown finish_reason {decision.finish_reason!r}")
    if decision.content is not None and not isinstance(decision.content, str):
        raise PolicyContractError("content must be a string or None")
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


# --------------------------------------------------------------------------- shaping


def _message(decision: Decision, digest: bytes) -> tuple[str | None, list[dict[str, Any]]]:
    calls = [
        {
            "id": _call_id(digest, i),
            "type": "function",
            "function": {
                "name": call.name,
                "arguments": json.dumps(call.arguments, ensure_ascii=False),
            },
        }
        for i, call in enumerate(decision.tool_calls)
    ]
    content = decision.content
    if calls and not content:
        content = None  # as hosted: a reply that only calls tools has content null
    elif content is None:
        content = ""
    return content, calls


def _completion_body(request: dict[str, Any], decision: Decision, digest: bytes) -> dict[str, Any]:
    content, calls = _message(decision, digest)
    message: dict[str, Any] = {"role": "assistant", "content": content}
    if calls:
        message["tool_calls"] = calls
    message["refusal"] = None
    return {
        "id": _completion_id(digest),
        "object": "chat.completion",
        "created": _created(digest),
        "model": request["model"],
        "choices": [
            {"index": 0, "message": message, "logprobs": None, "finish_reason": decision.finish_reason}
        ],
        "usage": _usage(request, content, calls),
        "system_fingerprint": SYSTEM_FINGERPRINT,
    }


_PIECE = re.compile(r"\s*(?:[A-Za-z0-9_]+|\S)|\s+")


def _fragments(text: str, per_chunk: int) -> list[str]:
    """Split text into token-sized fragments that concatenate back to it exactly."""
    pieces = _PIECE.findall(text)
    return ["".join(pieces[i : i + per_chunk]) for i in range(0, len(pieces), per_chunk)]


def _stream_chunks(
    request: dict[str, Any], decision: Decision, digest: bytes, include_usage: bool
) -> tuple[bytes, ...]:
    content, calls = _message(decision, digest)
    head = {
        "id": _completion_id(digest),
        "object": "chat.completion.chunk",
        "created": _created(digest),
        "model": request["model"],
        "system_fingerprint": SYSTEM_FINGERPRINT,
    }

    def chunk(delta: dict[str, Any], finish: str | None = None) -> bytes:
        body = {**head, "choices": [{"index": 0, "delta": delta, "logprobs": None, "finish_reason": finish}]}
        if include_usage:
            body["usage"] = None
        return b"data: " + _dumps(body) + b"\n\n"

    out: list[bytes] = []
    if calls and not content:
        first = calls[0]
        out.append(
            chunk(
                {
                    "role": "assistant",
                    "content": None,
                    "tool_calls": [_call_head(0, first)],
                    "refusal": None,
                }
            )
        )
    else:
        out.append(chunk({"role": "assistant", "content": "", "refusal": None}))
        for piece in _fragments(content or "", 2):
            out.append(chunk({"content": piece}))
    for i, call in enumerate(calls):
        if i > 0 or content:
            out.append(chunk({"tool_calls": [_call_head(i, call)]}))
        for piece in _fragments(call["function"]["arguments"], 3):
            out.append(chunk({"tool_calls": [{"index": i, "function": {"arguments": piece}}]}))
    out.append(chunk({}, decision.finish_reason))
    if include_usage:
        usage = {**head, "choices": [], "usage": _usage(request, content, calls)}
        out.append(b"data: " + _dumps(usage) + b"\n\n")
    out.append(b"data: [DONE]\n\n")
    return tuple(out)


def _call_head(index: int, call: dict[str, Any]) -> dict[str, Any]:
    return {
        "index": index,
        "id": call["id"],
        "type": "function",
        "function": {"name": call["function"]["name"], "arguments": ""},
    }


# --------------------------------------------------------------------------- Python API


def _validated(body: object) -> tuple[dict[str, Any], dict[str, bool]]:
    request, delivery = validate_chat_request(body)
    _check_context(request)
    return request, delivery


def chat_completion(body: dict[str, Any]) -> dict[str, Any]:
    """Answer a Chat Completions request body (a dict) with the completion as a dict.

    The same as ``POST /v1/chat/completions`` without HTTP; ``stream`` is ignored.
    Raises ``fcourse.errors.InvalidRequestError`` for a request the API would reject.
    """
    request, _ = _validated(body)
    digest = _digest(request)
    return _completion_body(request, _decide(request), digest)


def explain(body: dict[str, Any]) -> dict[str, Any]:
    """The glass box: why the teaching model answers this request the way it does.

    Takes the same body as ``chat_completion`` and returns the policy's decision
    record together with the reply it leads to (chapter 3 reads it). Raises
    ``fcourse.errors.InvalidRequestError`` for a request the API would reject.
    """
    request, _ = _validated(body)
    digest = _digest(request)
    decision = _decide(request)
    completion = _completion_body(request, decision, digest)
    return {
        "object": "fcourse.explanation",
        "id": completion["id"],
        "model": request["model"],
        "decision": {
            "kind": decision.kind,
            "finish_reason": decision.finish_reason,
            "message": completion["choices"][0]["message"],
        },
        "record": decision.record,
    }


# --------------------------------------------------------------------------- HTTP


def _model_object() -> dict[str, Any]:
    return {"id": MODEL_NAME, "object": "model", "created": CREATED_EPOCH, "owned_by": "fcourse"}


def _chat(raw: bytes) -> Reply:
    request, delivery = _validated(parse_json_body(raw))
    digest = _digest(request)
    decision = _decide(request)
    extra = (("x-request-id", _request_id(digest)),)
    if delivery["stream"]:
        chunks = _stream_chunks(request, decision, digest, delivery["include_usage"])
        return Reply(200, _SSE_HEADERS + extra, b"", chunks)
    return Reply(200, _JSON_HEADERS + extra, _dumps(_completion_body(request, decision, digest)))


def _explain(raw: bytes) -> Reply:
    body = parse_json_body(raw)
    return Reply(200, _JSON_HEADERS, _dumps(explain(body)))  # type: ignore[arg-type]


def _route(method: str, path: str, raw: bytes) -> Reply:
    routes: dict[str, dict[str, Any]] = {
        "/v1/chat/completions": {"POST": lambda: _chat(raw)},
        "/v1/fcourse/explain": {"POST": lambda: _explain(raw)},
        "/v1/models": {
            "GET": lambda: Reply(200, _JSON_HEADERS, _dumps({"object": "list", "data": [_model_object()]}))
        },
    }
    if path.startswith("/v1/models/"):
        model = path[len("/v1/models/") :]
        if method != "GET":
            return _method_not_allowed(method, path, ("GET",))
        if model != MODEL_NAME:
            return error_reply(
                InvalidRequestError(
                    f"The model '{model}' does not exist", param="model", code="model_not_found", status=404
                )
            )
        return Reply(200, _JSON_HEADERS, _dumps(_model_object()))
    if path not in routes:
        return error_reply(InvalidRequestError(f"Invalid URL ({method} {path})", status=404))
    handlers = routes[path]
    if method not in handlers:
        return _method_not_allowed(method, path, tuple(handlers))
    return handlers[method]()


def _method_not_allowed(method: str, path: str, allowed: tuple[str, ...]) -> Reply:
    err = InvalidRequestError(f"Method Not Allowed: {method} {path} (use {', '.join(allowed)})", status=405)
    return error_reply(err, (("allow", ", ".join(allowed)),))


def handle(method: str, path: str, body: bytes = b"") -> Reply:
    """Answer one HTTP request to the teaching model. Never raises.

    ``path`` may carry a query string (it is ignored). A request the hosted API
    would reject gets its 4xx error body; only a bug in the policy or here can
    give a 500, whose message names the exception.
    """
    try:
        path = path.split("?", 1)[0].split("#", 1)[0].encode("utf-8", "replace").decode("utf-8")
        method = method.encode("utf-8", "replace").decode("utf-8")
        if len(body) > MAX_BODY_BYTES:
            raise InvalidRequestError(
                f"Request body too large: {len(body)} bytes. The teaching model accepts at most "
                f"{MAX_BODY_BYTES} bytes.",
                code="request_too_large",
                status=413,
            )
        return _route(method.upper(), path, body)
    except InvalidRequestError as err:
        return error_reply(err)
    except Exception as err:  # a bug, not a bad request: say so, never crash the caller
        where = traceback.extract_tb(err.__traceback__)[-1]
        message = (
            "The server had an error while processing your request. Sorry about that! "
            f"(teaching model bug: {type(err).__name__}: {err} at "
            f"{where.filename.rsplit('/', 1)[-1]}:{where.lineno})"
        )
        return error_reply(InvalidRequestError(message, status=500, type="server_error"))
