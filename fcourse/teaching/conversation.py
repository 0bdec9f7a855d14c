"""Reading a Chat Completions request: message texts, turns, and seeded randomness.

Small helpers the teaching model's policy and its plain text model share:
the text of a message (``content`` may be a string, a list of text parts or
None), the user turns, the system/developer context, the tool results that
end a conversation, a rough token count, and a ``random.Random`` seeded from
the canonical request JSON (never from Python's ``hash()``), so the same
request always gives the same reply. Introduced in chapter 0.
"""

from __future__ import annotations

import hashlib
import json
import random
import re
from typing import Any

__all__ = [
    "canonical_json",
    "context_text",
    "estimate_tokens",
    "latest_user_index",
    "request_rng",
    "text_of",
    "trailing_tool_round",
    "truncate_tokens",
    "user_texts",
]

#: request keys that change how a reply is delivered, not what it says
_TRANSPORT_KEYS = frozenset({"stream", "stream_options", "user", "metadata", "store", "service_tier"})
_TOKEN_RE = re.compile(r"[\u3400-\u9fff]|[A-Za-z0-9_]+|[^\sA-Za-z0-9_\u3400-\u9fff]")


def text_of(content: Any) -> str:
    """The text of a message ``content``: a string, a list of parts, or None."""
    if content is None:
        return ""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        parts = []
        for part in content:
            if isinstance(part, dict) and isinstance(part.get("text"), str):
                parts.append(part["text"])
            elif isinstance(part, str):
                parts.append(part)
        return "\n".join(parts)
    return str(content)


def latest_user_index(messages: list[dict[str, Any]]) -> int | None:
    """Index of the last ``role: "user"`` message, or None."""
    for i in range(len(messages) - 1, -1, -1):
        if messages[i].get("role") == "user":
            return i
    return None


def user_texts(messages: list[dict[str, Any]]) -> list[str]:
    """The text of every user turn, oldest first."""
    return [text_of(m.get("content")) for m in messages if m.get("role") == "user"]


def context_text(messages: list[dict[str, Any]]) -> str:
    """System and developer messages joined: the context a runtime injects."""
    return "\n".join(
        text_of(m.get("content")) for m in messages if m.get("role") in ("system", "developer")
    )


def trailing_tool_round(
    messages: list[dict[str, Any]],
) -> tuple[dict[str, Any], list[dict[str, Any]]] | None:
    """If the conversation ends with tool results, ``(assistant message, tool messages)``."""
    tools: list[dict[str, Any]] = []
    i = len(messages) - 1
    while i >= 0 and messages[i].get("role") == "tool":
        tools.append(messages[i])
        i -= 1
    if not tools or i < 0 or messages[i].get("role") != "assistant":
        return None
    return messages[i], list(reversed(tools))


def canonical_json(request: dict[str, Any]) -> str:
    """The request as canonical JSON (sorted keys, no transport-only keys)."""
    body = {k: v for k, v in request.items() if k not in _TRANSPORT_KEYS}
    return json.dumps(body, sort_keys=True, ensure_ascii=False, separators=(",", ":"), default=str)


def request_rng(request: dict[str, Any], purpose: str) -> random.Random:
    """A ``random.Random`` seeded from the canonical request, its ``seed`` and a purpose."""
    material = "\x00".join((canonical_json(request), str(request.get("seed")), purpose))
    digest = hashlib.sha256(material.encode("utf-8")).digest()
    return random.Random(int.from_bytes(digest[:8], "big"))


def estimate_tokens(text: str) -> int:
    """A rough token count: one per word, CJK character or punctuation mark."""
    return len(_TOKEN_RE.findall(text))


def truncate_tokens(text: str, limit: int) -> str:
    """``text`` cut after about ``limit`` tokens (see :func:`estimate_tokens`)."""
    if limit <= 0:
        return ""
    for count, m in enumerate(_TOKEN_RE.finditer(text), start=1):
        if count == limit:
            return text[: m.end()]
    return text
