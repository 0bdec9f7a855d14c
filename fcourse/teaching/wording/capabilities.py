"""What a tool does, in a few plain words, from its own description (issue 26).

Introduced in chapter 0 ("What can you do?"). ``capability(tool, zh)`` is the first clause of a tool's
description as a phrase a reply can use after "I can" / "我可以": "get the current weather for a city",
"查询订单状态". A Chinese reply to a tool described in English gets the phrase in Chinese when the glossary
(``field_words``) has every word of its verb and object ("cancel an order that has not shipped" ->
取消订单), else the English phrase quoted in 「」 as the tool's own words - never half a translation. Never the
tool's name.
"""

from __future__ import annotations

import re
from typing import Any

from fcourse.teaching.reading.field_words import in_chinese
from fcourse.teaching.reading.params import function_of
from fcourse.teaching.reading.verbs import looks_up

__all__ = ["capabilities", "capability", "looks_up"]

_CJK = re.compile(r"[\u4e00-\u9fff]")
#: where a clause of a description ends
_STOPS = ("。", ". ", "；", ";", "：", ": ", "\n", "! ", "? ")
#: where the object of a description's verb ends, for a Chinese rendering ("get the weather | for a city")
_OBJECT_ENDS = re.compile(r"\b(?:for|in|with|by|from|to|so|that|which|who|when|if|on|at|into|via|using|without|"
                          r"including|only|e\.g|such)\b|[(,]", re.IGNORECASE)


def _lower_first(text: str) -> str:
    """"Refund a paid order" -> "refund a paid order" (but "ISO code" stays)."""
    return text[:1].lower() + text[1:] if text[1:2].islower() else text


_PARENS = re.compile(r"\s*(?:\([^)]*\)|（[^）]*）)")
def _first_clause(description: str) -> str:
    """A description's first clause, without what it says in brackets ("reserve (place a hold on) a book")."""
    text = _PARENS.sub("", description.strip())
    for stop in (*_STOPS, ", "):
        if stop in text:
            text = text.split(stop)[0]
    return text.strip().rstrip(".。")


def _english_in_chinese(phrase: str) -> str | None:
    """"look up the status of an order for a customer" -> 查询订单的状态 (verb, then its object), or None."""
    words = re.findall(r"[A-Za-z]+(?:'[a-z]+)?|\d+", _OBJECT_ENDS.split(phrase, maxsplit=1)[0])
    if not words:
        return None
    for n in (2, 1):  # the verb: a two-word one ("look up") first
        verb = in_chinese(words[:n]) if len(words) >= n else None
        if verb is not None:
            rest = in_chinese(words[n:], nouns=True) if words[n:] else ""
            return verb + rest if rest is not None else None
    return None


def capability(tool: dict[str, Any], zh: bool) -> str:
    """The tool's first clause of description as a verb phrase, in the reply's language when it can be."""
    fn = function_of(tool)
    first = _first_clause(str(fn.get("description") or ""))
    if not first:
        return "使用一个工具" if zh else "use a tool"
    if zh and not _CJK.search(first):  # an English description a Chinese reply cannot put in Chinese is quoted
        return _english_in_chinese(first) or f"「{_lower_first(first)}」"
    return _lower_first(first)


def capabilities(tools: list[dict[str, Any]], zh: bool, limit: int = 5) -> list[str]:
    """The capabilities of the first ``limit`` tools, each once."""
    return list(dict.fromkeys(capability(t, zh) for t in tools[:limit]))
