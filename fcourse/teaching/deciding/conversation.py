"""Reading a Chat Completions request: stage 1 of the teaching model's policy.

``read_conversation(request)`` is the first stage of the pipeline in
``fcourse.teaching.policy``: it returns a :class:`Conversation` record (the
tools, tool_choice, the latest user turn and its language, the earlier turns,
the system/developer context, the tool results that end the conversation, and
the earlier turn a short follow-up may answer) that the later stages read.

Small helpers the policy and the plain text model share:
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
from dataclasses import dataclass
from typing import Any

from fcourse.teaching.reading.analysis import language_of
from fcourse.teaching.reading.params import function_of

__all__ = [
    "Conversation",
    "answered_turn",
    "canonical_json",
    "context_text",
    "estimate_tokens",
    "function_of",
    "latest_user_index",
    "read_conversation",
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
    """System and developer messages joined: the context a runtime injects; then the facts of the tool results
    the conversation already holds before its latest user turn, one record a line ("account ID: 4471, label: Home
    fibre."): verified data too, where "which of the two accounts?" finds its candidates (issue 36)."""
    ui = latest_user_index(messages)
    facts = [_facts_line(text_of(m.get("content"))) for m in messages[:ui] if m.get("role") == "tool"] \
        if ui is not None else []
    return "\n".join([*(text_of(m.get("content")) for m in messages if m.get("role") in ("system", "developer")),
                      *(f for f in facts if f)])


def _facts_line(content: str) -> str:
    """A tool result as lines of "label: value" - each record of a list on a line of its own."""
    from fcourse.teaching.reading.field_words import label_of

    try:
        data = json.loads(content)
    except ValueError:
        return ""
    lines: list[str] = []

    def record(value: dict[str, Any]) -> None:
        scalars = [f"{label_of(str(k)).en}: {v}" for k, v in value.items()
                   if isinstance(v, (str, int, float)) and not isinstance(v, bool) and str(v).strip()]
        if scalars:
            lines.append(", ".join(scalars) + ".")
        for v in value.values():
            walk(v)

    def walk(value: Any) -> None:
        if isinstance(value, dict):
            record(value)
        elif isinstance(value, list):
            for v in value[:50]:
                walk(v)

    walk(data)
    return "\n".join(lines)


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


def answered_turn(messages: list[dict[str, Any]], ui: int) -> int | None:
    """The user turn a short follow-up answers ("O-100" after "which order?"), if any."""
    if ui < 2:
        return None
    prev = messages[ui - 1]
    if prev.get("role") != "assistant" or prev.get("tool_calls"):
        return None
    for j in range(ui - 2, -1, -1):
        role = messages[j].get("role")
        if role == "tool" or (role == "assistant" and messages[j].get("tool_calls")):
            return None
        if role == "user":
            return j
    return None


@dataclass(frozen=True)
class Conversation:
    """Stage 1's record: what the request says, read once for the later stages.

    ``latest`` is the latest user turn (``latest_index`` its position, None
    without one), ``earlier`` the other user turns, newest first, ``context``
    the system/developer text, ``trailing`` the ``(assistant message, tool
    messages)`` that end the conversation, if any, and ``forced`` whether
    tool_choice makes a call compulsory ("required" or a named tool).
    """

    request: dict[str, Any]
    messages: list[dict[str, Any]]
    tools: list[dict[str, Any]]
    tool_choice: Any
    named: str | None
    forced: bool
    parallel: bool
    threshold: float
    trailing: tuple[dict[str, Any], list[dict[str, Any]]] | None
    latest_index: int | None
    latest: str
    language: str
    context: str
    earlier: list[str]

    @property
    def zh(self) -> bool:
        """Whether the latest user turn is Chinese (the reply is worded in Chinese)."""
        return self.language == "zh"

    def follow_up_of(self) -> int | None:
        """The earlier user turn the latest one may answer (see :func:`answered_turn`)."""
        return None if self.latest_index is None else answered_turn(self.messages, self.latest_index)

    def record(self) -> dict[str, Any]:
        """The head of the decision record: how the request was read."""
        return {
            "language": self.language,
            "tool_choice": self.tool_choice,
            "parallel_tool_calls": self.parallel,
            "threshold": self.threshold,
            "method": "BM25 over tool descriptions (names ignored), concept lexicon, jieba + Snowball",
        }


def read_conversation(request: dict[str, Any], default_threshold: float) -> Conversation:
    """Stage 1: read a validated request into a :class:`Conversation`."""
    messages: list[dict[str, Any]] = list(request.get("messages") or [])
    tools = [t for t in request.get("tools") or [] if isinstance(t, dict) and function_of(t)]
    tool_choice = request.get("tool_choice") or "auto"
    function = tool_choice.get("function") if isinstance(tool_choice, dict) else None
    named = function.get("name") if isinstance(function, dict) else None
    ext = request.get("fcourse") if isinstance(request.get("fcourse"), dict) else {}
    ui = latest_user_index(messages)
    latest = text_of(messages[ui].get("content")) if ui is not None else ""
    earlier_idx = [i for i, m in enumerate(messages) if m.get("role") == "user" and i != ui]
    return Conversation(
        request=request,
        messages=messages,
        tools=tools,
        tool_choice=tool_choice,
        named=named,
        forced=bool(tools) and (tool_choice == "required" or named is not None),
        parallel=request.get("parallel_tool_calls", True) is not False,
        threshold=float(ext.get("threshold", default_threshold)),
        trailing=trailing_tool_round(messages),
        latest_index=ui,
        latest=latest,
        language=language_of(latest),
        context=context_text(messages),
        earlier=[text_of(messages[i].get("content")) for i in reversed(earlier_idx)],
    )
