"""Grading one reply against one case: its outcome label and its verdict.

Introduced in chapter 3. A reply is one of three kinds - tool calls, an
ask-back (a question for something a call needs), or a plain answer - and the
*outcome label* says which: the tool called (``a+b`` for several different
tools), ``ask`` or ``answer``. The confusion matrix is drawn over these labels.

A failed case gets one *verdict*, so that different mistakes are counted apart:

- ``unnecessary_call``: no call was wanted (a plain answer or an ask-back) but
  the model called a tool - time, money and a failure risk for nothing;
- ``missed_call``: a call was wanted, the model only talked;
- ``wrong_tool``: it called, but not the expected tools;
- ``wrong_arguments``: the right tools with the wrong arguments (an id from the
  wrong place, an excluded id, a value the user never gave);
- ``wrong_reply``: no call either way, but it answered where it should have
  asked back, or the other way round;
- ``error``: the request itself failed (an API error), recorded, not raised.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from typing import Any

from fcourse.evaluation.cases import Case

__all__ = [
    "VERDICTS",
    "classify_text",
    "label_of",
    "parse_arguments",
    "verdict",
]

#: every verdict, passing first
VERDICTS = ("pass", "unnecessary_call", "missed_call", "wrong_tool", "wrong_arguments", "wrong_reply", "error")

_QUESTION_RE = re.compile(r"[?？]|请(?:告诉|提供|问)|please (?:tell|provide|give|share)", re.IGNORECASE)
_ZH_ASK_RE = re.compile(r"哪(?:个|一个|座|笔|单)|订单号|单号|城市|还需要")
_WORD_RE = re.compile(r"[A-Za-z][A-Za-z_]{2,}")
_COMMON = frozenset({"the", "for", "and", "example", "what", "which", "this", "that", "with"})


def label_of(kind: str, names: list[str] | tuple[str, ...] = ()) -> str:
    """The outcome label of a reply: the tools called, joined by ``+`` and sorted, or the kind."""
    if kind == "call":
        return "+".join(sorted(set(names))) or "call"
    return kind


def _parameter_words(tools: list[dict[str, Any]] | tuple[dict[str, Any], ...]) -> set[str]:
    words: set[str] = set()
    for tool in tools:
        params = ((tool.get("function") or {}).get("parameters") or {}).get("properties") or {}
        for name, schema in params.items():
            words.add(name.lower())
            words.update(part for part in name.lower().split("_") if len(part) > 2)
            description = schema.get("description", "") if isinstance(schema, dict) else ""
            words.update(w.lower() for w in _WORD_RE.findall(str(description)))
    return words - _COMMON


def classify_text(content: str | None, tools: list[dict[str, Any]] | tuple[dict[str, Any], ...] = ()) -> str:
    """``ask`` or ``answer`` for a reply without tool calls.

    A heuristic, stated so it can be argued with: an ask-back is a reply that asks
    (a question mark, or "please tell me" / 请提供) *about something a tool needs* -
    it mentions a parameter of an offered tool (its name or a word of its
    description, such as "order" or "city"), or uses a Chinese cue for it (订单号,
    哪个, 城市). "Hello! How can I help?" asks, but for nothing a tool needs: an answer.
    Pass your own ``classify`` to the harness to judge differently.
    """
    text = content or ""
    if not _QUESTION_RE.search(text):
        return "answer"
    low = text.lower()
    words = _parameter_words(tools)
    if any(re.search(rf"\b{re.escape(w)}\b", low) for w in words) or _ZH_ASK_RE.search(text):
        return "ask"
    return "answer"


def parse_arguments(raw: str | None) -> dict[str, Any] | None:
    """A tool call's ``arguments`` string as a dict, or None when it is not a JSON object."""
    try:
        value = json.loads(raw or "")
    except (TypeError, ValueError):
        return None
    return value if isinstance(value, dict) else None


def _key(name: str, arguments: Any) -> str:
    return name + json.dumps(arguments, sort_keys=True, ensure_ascii=False)


def verdict(case: Case, kind: str, calls: list[tuple[str, dict[str, Any] | None]]) -> str:
    """The verdict for a reply of ``kind`` with ``calls`` (name, parsed arguments) to ``case``."""
    if kind == "error":
        return "error"
    if case.kind != "call":
        if kind == "call":
            return "unnecessary_call"
        return "pass" if kind == case.kind else "wrong_reply"
    if kind != "call":
        return "missed_call"
    if Counter(name for name, _ in calls) != Counter(c.name for c in case.calls):
        return "wrong_tool"
    # the same tools, as many times each: compare arguments as a multiset, ignoring order. The calls with given
    # arguments are matched first, so an "any arguments" call takes what is left, whatever order the calls came in.
    remaining = [_key(name, args) for name, args in calls]
    for expected in sorted(case.calls, key=lambda c: c.arguments is None):
        if expected.arguments is None:
            match = next((r for r in remaining if r.startswith(expected.name + "{") or r == expected.name + "null"),
                         None)
        else:
            match = next((r for r in remaining if r == _key(expected.name, expected.arguments)), None)
        if match is None:
            return "wrong_arguments"
        remaining.remove(match)
    return "pass"
