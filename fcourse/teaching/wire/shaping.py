"""Shaping the teaching model's answer exactly like the hosted API: ids, usage, body, stream.

Introduced in chapter 0 (start here), read closely in chapter 2. The endpoint
(``fcourse.teaching.wire.endpoint``) validates a request and asks the policy for a
``Decision``; this module turns the decision into the bytes the hosted API
would send: a ``chat.completion`` body, or the server-sent-event chunks of a
stream that reassemble to it.

Everything is deterministic: ids are derived from a SHA-256 of the canonical
(normalised) request, and ``created`` (``created_at`` in the Responses API) is
read from the course's clock (``fcourse.clock``), which stands at
``DEMO_EPOCH`` (2026-04-14T00:00:00Z, the day the source post appeared) - the
same instant every chapter's timestamps start from. So the same request always
gives a byte-identical reply; ``created`` says when on the course's clock, not
when on the wall clock. ``usage`` is an *estimate* (``estimate_tokens``).
"""

from __future__ import annotations

import functools
import hashlib
import json
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from fcourse.clock import DEMO_EPOCH, FakeClock
from fcourse.errors import InvalidRequestError
from fcourse.teaching.deciding.decision import Decision
from fcourse.teaching.wire.validation import MODEL_NAME

__all__ = [
    "CLOCK",
    "CREATED_EPOCH",
    "SYSTEM_FINGERPRINT",
    "Reply",
    "completion_body",
    "completion_id",
    "created",
    "dumps",
    "error_reply",
    "estimate_tokens",
    "fragments",
    "json_reply",
    "prompt_tokens",
    "request_digest",
    "request_id",
    "sse_reply",
    "stream_chunks",
    "tool_call_id",
    "usage_estimate",
]

#: ``created`` of the model object (``GET /v1/models``): when the teaching model was "released",
#: 2026-01-01T00:00:00Z.
CREATED_EPOCH = 1_767_225_600

#: The course's clock every reply's ``created`` / ``created_at`` is read from: a ``FakeClock`` standing at
#: ``fcourse.clock.DEMO_EPOCH``, so replies stay byte-stable (a test may move it).
CLOCK = FakeClock(DEMO_EPOCH)

#: Constant for this model: the hosted API changes it when its backend changes.
SYSTEM_FINGERPRINT = "fp_" + hashlib.sha256(f"{MODEL_NAME}/1".encode()).hexdigest()[:10]

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


def dumps(obj: object) -> bytes:
    """Compact UTF-8 JSON, as the hosted API sends it."""
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def _base62(data: bytes, length: int) -> str:
    number = int.from_bytes(data, "big")
    chars = []
    for _ in range(length):
        number, rest = divmod(number, 62)
        chars.append(_ALPHABET[rest])
    return "".join(chars)


def request_digest(request: dict[str, Any]) -> bytes:
    """SHA-256 of the canonical request: the seed of every id."""
    canonical = json.dumps(request, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(canonical.encode("utf-8")).digest()


def completion_id(digest: bytes) -> str:
    """The completion's id (``chatcmpl-`` and 29 base-62 characters)."""
    return "chatcmpl-" + _base62(digest, 29)


def tool_call_id(digest: bytes, index: int) -> str:
    """The id of the ``index``-th tool call of the reply (``call_`` and 24 base-62 characters)."""
    return "call_" + _base62(hashlib.sha256(digest + b"call" + index.to_bytes(4, "big")).digest(), 24)


def created() -> int:
    """``created`` / ``created_at``: the course's clock (``CLOCK``), in whole seconds since the epoch."""
    return int(CLOCK.now())


def request_id(digest: bytes) -> str:
    """The ``x-request-id`` header's value."""
    return "req_" + hashlib.sha256(digest + b"request").hexdigest()[:32]


def error_reply(err: InvalidRequestError, extra: tuple[tuple[str, str], ...] = ()) -> Reply:
    """The hosted API's error envelope for ``err``, with its status code."""
    return Reply(err.status, _JSON_HEADERS + extra, dumps(err.to_body()))


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


def prompt_tokens(request: dict[str, Any]) -> tuple[int, int]:
    """Estimated prompt tokens: (in the messages, in the tool definitions)."""
    global _last_prompt
    last, counts = _last_prompt
    if request is last:  # the same validated request, counted for the context window and again for ``usage``
        return counts
    in_messages = 3  # the reply is primed with a few tokens, as the hosted API counts it
    for message in request["messages"]:
        in_messages += 3 + estimate_tokens(message.get("content") or "")
        for call in message.get("tool_calls", ()):
            in_messages += estimate_tokens(call["function"]["name"] + call["function"]["arguments"])
    counts = in_messages, _tool_tokens(json.dumps(request["tools"], ensure_ascii=False)) if request["tools"] else 0
    _last_prompt = (request, counts)
    return counts


#: the last request counted and its counts. A validated request is a fresh dict that nothing changes
#: afterwards; it is held here, so its id cannot be reused by another request while it is remembered.
_last_prompt: tuple[object, tuple[int, int]] = (None, (0, 0))


@functools.lru_cache(maxsize=64)
def _tool_tokens(tools_json: str) -> int:
    """Token estimate of the tool definitions (cached: a session sends the same tools with every request)."""
    return estimate_tokens(tools_json)


def usage_estimate(request: dict[str, Any], content: str | None, calls: list[dict[str, Any]]) -> dict[str, int]:
    """``usage``: estimated prompt, completion and total tokens."""
    prompt = sum(prompt_tokens(request))
    completion = estimate_tokens(content or "")
    for call in calls:
        completion += estimate_tokens(call["function"]["name"] + call["function"]["arguments"])
    return {"prompt_tokens": prompt, "completion_tokens": completion, "total_tokens": prompt + completion}

def _message(decision: Decision, digest: bytes) -> tuple[str | None, list[dict[str, Any]]]:
    calls = [
        {
            "id": tool_call_id(digest, i),
            "type": "function",
            "function": {
                "name": call.name,
                "arguments": json.dumps(call.arguments, ensure_ascii=False),
            },
        }
        for i, call in enumerate(decision.tool_calls)
    ]
    content = decision.content
    if calls and not content or decision.refusal is not None:
        content = None  # as hosted: a reply that only calls tools, or refuses, has content null
    elif content is None:
        content = ""
    return content, calls


def completion_body(request: dict[str, Any], decision: Decision, digest: bytes) -> dict[str, Any]:
    """The ``chat.completion`` object for this decision."""
    content, calls = _message(decision, digest)
    message: dict[str, Any] = {"role": "assistant", "content": content}
    if calls:
        message["tool_calls"] = calls
    message["refusal"] = decision.refusal
    return {
        "id": completion_id(digest),
        "object": "chat.completion",
        "created": created(),
        "model": request["model"],
        "choices": [
            {"index": 0, "message": message, "logprobs": None, "finish_reason": decision.finish_reason}
        ],
        "usage": usage_estimate(request, content or decision.refusal, calls),
        "system_fingerprint": SYSTEM_FINGERPRINT,
    }


_PIECE = re.compile(r"\s*(?:[A-Za-z0-9_]+|\S)|\s+")


def fragments(text: str, per_chunk: int) -> list[str]:
    """Split text into token-sized fragments that concatenate back to it exactly."""
    pieces = _PIECE.findall(text)
    return ["".join(pieces[i : i + per_chunk]) for i in range(0, len(pieces), per_chunk)]


def stream_chunks(
    request: dict[str, Any], decision: Decision, digest: bytes, include_usage: bool
) -> tuple[bytes, ...]:
    """The server-sent-event chunks of a streamed reply (they reassemble to ``completion_body``)."""
    content, calls = _message(decision, digest)
    head = {
        "id": completion_id(digest),
        "object": "chat.completion.chunk",
        "created": created(),
        "model": request["model"],
        "system_fingerprint": SYSTEM_FINGERPRINT,
    }

    def chunk(delta: dict[str, Any], finish: str | None = None) -> bytes:
        body = {**head, "choices": [{"index": 0, "delta": delta, "logprobs": None, "finish_reason": finish}]}
        if include_usage:
            body["usage"] = None
        return b"data: " + dumps(body) + b"\n\n"

    out: list[bytes] = []
    if decision.refusal is not None:  # as hosted: the refusal arrives in its own deltas, content stays null
        out.append(chunk({"role": "assistant", "content": None, "refusal": ""}))
        for piece in fragments(decision.refusal, 2):
            out.append(chunk({"refusal": piece}))
    elif calls and not content:
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
        for piece in fragments(content or "", 2):
            out.append(chunk({"content": piece}))
    for i, call in enumerate(calls):
        if i > 0 or content:
            out.append(chunk({"tool_calls": [_call_head(i, call)]}))
        for piece in fragments(call["function"]["arguments"], 3):
            out.append(chunk({"tool_calls": [{"index": i, "function": {"arguments": piece}}]}))
    out.append(chunk({}, decision.finish_reason))
    if include_usage:
        usage = {**head, "choices": [], "usage": usage_estimate(request, content or decision.refusal, calls)}
        out.append(b"data: " + dumps(usage) + b"\n\n")
    out.append(b"data: [DONE]\n\n")
    return tuple(out)


def _call_head(index: int, call: dict[str, Any]) -> dict[str, Any]:
    return {
        "index": index,
        "id": call["id"],
        "type": "function",
        "function": {"name": call["function"]["name"], "arguments": ""},
    }


def json_reply(obj: object, extra: tuple[tuple[str, str], ...] = ()) -> Reply:
    """A 200 reply with ``obj`` as its JSON body."""
    return Reply(200, _JSON_HEADERS + extra, dumps(obj))


def sse_reply(chunks: tuple[bytes, ...], extra: tuple[tuple[str, str], ...] = ()) -> Reply:
    """A 200 reply that streams ``chunks`` as server-sent events."""
    return Reply(200, _SSE_HEADERS + extra, b"", chunks)
