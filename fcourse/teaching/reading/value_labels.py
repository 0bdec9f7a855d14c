"""The words a parameter's description gives each enum value, and the request's words among them (chapter 3).

Used by ``fcourse.teaching.deciding.given_enums``. A description often says what each value
covers: "standard=日常保洁；deep_clean=深度保洁", "terraced = terraced or row house",
"vermin = 老鼠等有害动物". An item of such a list said in the request (``label_said``),
or a content word of the request inside one value's item (``label_word``), chooses
that value when no other value's words hold it.
"""

from __future__ import annotations

import re
from typing import Any

from fcourse.teaching.reading.exclusion import inside, negated_spans
from fcourse.teaching.reading.rx import rx

__all__ = ["NUMBER_WORDS", "described_labels", "label_said", "label_word", "shared_words"]

#: number words a gloss may hold ("one tenth of a tael" for 钱): a value's number only when the word says one
NUMBER_WORDS = frozenset("one two three four five six seven eight nine ten first second third half".split())

#: how a description pairs a value with its words: "a = words", "a: words", "a (words)", "a为words", "a means words"
_LABEL = (r"(?:\s*[=＝:：]\s*|\s*[（(]\s*|\s*(?:为|是|指|表示|即)\s*|\s+(?:is|means|-|–|—)\s+)"
          r"([^；;，,。.（(=＝:：)）]+)")


#: what separates the items of a value's list of words
_ITEMS = re.compile(r"/|、|\s+or\s+")


def described_labels(schema: dict[str, Any]) -> dict[str, list[str]]:
    """The words a parameter's description pairs with its values ("standard=日常保洁；deep_clean=深度保洁",
    "downtown (city centre)", "senior is 65+")."""
    values = {str(v) for v in schema.get("enum", [])}
    about = str(schema.get("description", ""))
    out: dict[str, list[str]] = {}
    for value in sorted(values):
        for said in rx(rf"(?<![\w-]){re.escape(value)}{_LABEL}").findall(about):
            # 外套/大衣, "水管、马桶、水龙头", "terraced or row house": each item of a list names the value
            for label in (part.strip() for part in _ITEMS.split(said)):
                if label not in values and re.search(r"[A-Za-z]{2}|[\u4e00-\u9fff]", label):
                    out.setdefault(value, []).append(label)
    return out


def label_said(values: list[Any], labels: dict[str, list[str]], text: str, tool_words: frozenset[str],
               spans: list[tuple[int, int]] | None = None) -> tuple[Any, str] | None:
    """(value, words) when the request says, outside a negated clause, an item the description lists for one
    value only ("马桶" where plumbing = 水管、马桶、水龙头; "row house" where terraced = terraced or row house) -
    not a word of the tool's description, which names the tool, not a value; ``spans`` are where negations reach
    (read from ``text`` when not given)."""
    spans = negated_spans(text) if spans is None else spans
    low = text.lower()
    found: dict[Any, str] = {}
    for value in values:
        for label in labels.get(str(value), ()):
            item = label.strip().lower()
            if item in tool_words or (len(item) < 2 if not item.isascii() else len(item) < 4):
                continue
            pattern = re.escape(item) if not item.isascii() else rf"(?<![\w-]){re.escape(item)}(?![\w-])"
            if any(not inside(spans, m.start()) for m in rx(pattern).finditer(low)):
                found.setdefault(value, label.strip())
    return next(iter(found.items())) if len(found) == 1 else None


#: English words of place and time that name no value, besides the stop words ("after" in "after a dive")
_RELATIONS = frozenset("after before during through between against above below around near across".split())


def label_word(values: list[Any], labels: dict[str, list[str]], text: str, tool_words: frozenset[str],
               spans: list[tuple[int, int]], zh_spans: list[tuple[str, int]]) -> tuple[Any, str, str] | None:
    """(value, word, item) when a content word of the request, outside a negated clause, is a word of an item the
    description lists for one value only ("老鼠" where vermin = 老鼠等有害动物; "open" where public_skate = open
    general skating): not a word of the tool's description, a function word (有人 "someone") or a number;
    ``zh_spans`` are the request's Chinese words and where they start."""
    from fcourse.teaching.reading.analysis import EN_STOPWORDS, stem
    from fcourse.teaching.reading.segmenter import function_word

    found: dict[Any, tuple[str, str]] = {}
    for word, start in zh_spans:
        if len(word) < 2 or word in tool_words or inside(spans, start) or function_word(word):
            continue
        holders = [(v, label) for v in values for label in labels.get(str(v), ()) if word in label]
        if len({v for v, _ in holders}) == 1:
            found.setdefault(holders[0][0], (word, holders[0][1]))
    if not found:
        items = {v: {stem(w): label for label in labels.get(str(v), ())
                     for w in re.findall(r"[a-z]{4,}", label.lower())}
                 for v in values}
        for m in re.finditer(r"(?<![\w-])[A-Za-z]{4,}", text):  # not "word" of "1,200-word"
            w = stem(m.group().lower())
            if (w in EN_STOPWORDS or w in _RELATIONS or w in NUMBER_WORDS or w in tool_words
                    or inside(spans, m.start())):
                continue
            holders = [v for v in values if w in items[v]]
            if len(holders) == 1:
                found.setdefault(holders[0], (m.group(), items[holders[0]][w]))
    return (next(iter(found)), *next(iter(found.values()))) if len(found) == 1 else None


def shared_words(values: list[Any], text: str) -> set[str]:
    """The request's Latin words that are a whole part of two or more enum values ("pickup" of pickup_depot and
    pickup_central_office): they say which kind of value, not which one."""
    parts = [str(v).lower().split("_") for v in values]
    return {w for w in re.findall(r"[A-Za-z]+", text) if sum(w.lower() in p for p in parts) > 1}
