"""Where a list of things stands in a text, and its elements (issue 38: arrays in a response schema).

Introduced with Structured Outputs. A tool's arguments are mostly single values; a response schema often asks
for a list - line items ``[{"sku", "quantity"}]``, tags, attendees. The argument filler already takes every
value of one *shape* for an array (all the e-mail addresses, all the ids); this module reads the rest:

- ``region(text, words)``: the stretch that holds the list - the text after a colon (not a clock's ``10:30``),
  or after the words that name the list followed by "are", "include", 是, 包括 ... ("the tags are ..."),
  up to the end of that sentence; else the whole text;
- ``elements(text)``: that stretch cut at list separators (``,`` ``;`` "and" "plus" ``、`` 和 以及 ...), each
  element stripped of an article and of the punctuation around it;
- ``enum_items(text, values)``: the enum values the text names, in the order it names them, each once.

Nothing here decides whether an element *is* an item: the caller fills each element with the same reader that
fills a tool's arguments and keeps those that give a value (``fcourse.teaching.deciding.schema_fill``).
"""

from __future__ import annotations

import re
from typing import Any

from fcourse.teaching.reading.analysis import analyse
from fcourse.teaching.reading.params import value_pattern, word_search

__all__ = ["elements", "enum_items", "led_elements", "named_region", "region", "strip_lead"]

#: a colon that opens a list (not the one inside a clock time such as 10:30)
_COLON = re.compile(r"(?<!\d)[:：]|[:：](?!\d)")
#: what stands between two elements of a list (a closed class of separators, English and Chinese)
_SEPARATOR = re.compile(r"\s*(?:[;；\n•]|,\s*(?:and|or|plus)\s+|,|，|、|\s+(?:and|plus|&)\s+|以及|和|及|还有|跟)\s*",
                        re.IGNORECASE)
#: the verb or mark after the words that name a list ("the tags are", "attendees include", 标签是)
_NAMES_LIST = re.compile(r"\s*(?:[:：]|\b(?:are|were|is|include|includes|including|will be)\b|是|有|包括|为)\s*",
                         re.IGNORECASE)
_SENTENCE_END = re.compile(r"[.!?。！？](?:\s|$)")
_ARTICLE = re.compile(r"^(?:a|an|the|some|also)\s+", re.IGNORECASE)


def _sentence_end(text: str, start: int) -> int:
    m = _SENTENCE_END.search(text, start)
    return m.start() if m else len(text)


def named_region(text: str, words: frozenset[str]) -> str | None:
    """The stretch after the words that name the list ("Tags: a, b", "the attendees are A and B"), or None."""
    for term in analyse(text).terms:
        if term.key not in words:
            continue
        cue = _NAMES_LIST.match(text, term.end)
        if cue:
            end = _sentence_end(text, cue.end())
            stretch = text[cue.end():end].strip()
            if stretch:
                return stretch
    return None


def region(text: str, words: frozenset[str] = frozenset()) -> str:
    """Where the list stands in ``text`` (see the module docstring)."""
    named = named_region(text, words) if words else None
    if named:
        return named
    colon = _COLON.search(text)
    if colon and text[colon.end():].strip():
        return text[colon.end():].strip()
    return text


def _clean(part: str) -> str:
    return _ARTICLE.sub("", part.strip(" \t\"'“”‘’()（）[]【】.。!！?？"))


def elements(text: str) -> list[str]:
    """The elements of a list, in order (see the module docstring)."""
    return [kept for part in _SEPARATOR.split(text) if (kept := _clean(part))]


def led_elements(text: str) -> list[str]:
    """The elements of a list, each after the word that joins it to the one before ("and Bob Stone"), so a
    name that opens an element is not read as a capitalised first word of a sentence."""
    out: list[str] = []
    start, lead = 0, ""
    for m in [*_SEPARATOR.finditer(text), None]:
        end = m.start() if m is not None else len(text)
        kept = _clean(text[start:end])
        if kept:
            out.append(f"{lead} {kept}" if lead else kept)
        if m is not None:
            start, lead = m.end(), m.group().strip(" ,，;；\n•")
    return out


def strip_lead(text: str) -> str:
    """``text`` without the joining word a led element opens with."""
    m = _SEPARATOR.match(" " + text)
    return text[max(0, m.end() - 1):].strip() if m else text


def enum_items(text: str, values: list[Any]) -> list[Any]:
    """The enum values ``text`` names, in the order it names them, each once."""
    found: list[tuple[int, Any]] = []
    for value in values:
        if value is None:
            continue
        word = str(value)
        m = value_pattern(word).search(text) if word.isascii() else None
        pos = m.start() if m else word_search(text, word)
        if pos >= 0:
            found.append((pos, value))
    return [v for _, v in sorted(found, key=lambda p: p[0])]
