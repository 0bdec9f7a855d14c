"""A tool result's facts as a sentence a person reads, in English or Chinese (issue 26).

Introduced in chapter 2. ``sentence(reading, zh, cues)`` turns a :class:`~fcourse.teaching.wording.facts.Reading`
into one sentence per fact (issue 36; each fact's sentence is ``clauses``'s): "In Berlin, the temperature is
3°C. The condition is light snow." / "Berlin：温度是3°C。状况是「light snow」。" Values are shown the way
people write them - a unit after the number, money with two decimals and its currency, a date as
"14 June 2024" / 2024年6月14日, a month as May 2025 - and never changed: facts from the tool, wording from
the model. A list of more than five records is said with its count and its first five. Chinese replies keep
names and places as the tool wrote them, say codes and statuses in Chinese when the glossary has them
(``reading.glossary``, the sense chosen by ``cues``: the result's field names and the tool's words), and
quote other English text in 「」; a field no glossary has a label for is said by its value alone.
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

from fcourse.teaching.wording.clauses import clause_en, clause_zh, value_in_zh
from fcourse.teaching.wording.facts import Fact, Reading

__all__ = ["and_list", "quoted", "sentence", "show_text", "show_value"]

_MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
           "November", "December")
_CJK = re.compile(r"[\u4e00-\u9fff]")
_ISO_TIME = re.compile(r"^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})(?::\d{2}(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$")
#: the last word of a label that makes it a phrase of its own ("delivered at", "signed by"), not a noun
_PREPOSITIONS = frozenset({"at", "on", "by", "until", "since", "from", "to", "before", "after", "in", "of", "within"})
#: a count that is zero says nothing was found
_COUNTS = frozenset({"total", "count", "results", "matches", "hits", "found"})
#: labels of the place a result is about ("In Berlin, ...")
_PLACES = frozenset({"city", "town", "location", "place", "country", "region", "area", "destination", "station"})
#: labels of the parts of an address: a group of them reads as its values alone ("Memphis, TN")
_ADDRESS = _PLACES | {"state", "province", "district", "street", "zip", "postcode", "postal", "address", "line",
                      "county", "suburb", "neighbourhood", "neighborhood", "building", "floor", "room", "unit"}
#: words of a subject's label that its value already shows ("order ID A-1001" is "order A-1001")
_SAID_BY_VALUE = frozenset({"id", "sku", "number", "no", "code", "identifier", "ref", "reference"})


def and_list(parts: list[str], zh: bool) -> str:
    """"a, b and c" / "a、b和c"."""
    if len(parts) <= 1:
        return "".join(parts)
    if zh:
        return "、".join(parts[:-1]) + "和" + parts[-1]
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def _number(value: Any) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _date(text: str, zh: bool) -> str:
    try:
        day = dt.date.fromisoformat(text)
    except ValueError:
        return text
    return f"{day.year}年{day.month}月{day.day}日" if zh else f"{day.day} {_MONTHS[day.month - 1]} {day.year}"


def _datetime(text: str, zh: bool) -> str:
    m = _ISO_TIME.match(text)
    if not m:
        return text
    zone = m.group(3)
    tail = "" if not zone else " UTC" if zone == "Z" else f" (UTC{zone})"
    return f"{_date(m.group(1), zh)} {m.group(2)}{tail}" if zh else f"{_date(m.group(1), zh)} at {m.group(2)}{tail}"


_ISO_MONTH = re.compile(r"^(\d{4})-(\d{2})$")


def show_text(text: str, zh: bool) -> str:
    """A date, a time or a month written as people write them ("2025-04-18" -> 18 April 2025 / 2025年4月18日);
    any other text as it is."""
    text = str(text).strip()
    if re.fullmatch(r"\d{4}-\d{2}-\d{2}", text):
        return _date(text, zh)
    if _ISO_TIME.match(text):
        return _datetime(text, zh)
    month = _ISO_MONTH.match(text)
    if month and 1 <= int(month.group(2)) <= 12:
        m = int(month.group(2))
        return f"{month.group(1)}年{m}月" if zh else f"{_MONTHS[m - 1]} {month.group(1)}"
    return text


def show_value(fact: Fact, zh: bool, cues: frozenset[str] = frozenset()) -> str:
    """A fact's value as a reply writes it (no label)."""
    kind, value, unit = fact.kind, fact.value, fact.unit
    if kind == "money" and unit is not None:
        amount = f"{value:.2f}" if isinstance(value, (int, float)) and round(value, 2) == value else _number(value)
        return f"{amount} {unit.zh if zh else unit.en}"
    if kind == "number":
        if unit is None:
            return _number(value)
        shown = unit.zh if zh else unit.en
        return f"{_number(value)}{shown}" if shown in ("%", "°C", "°F") or zh else f"{_number(value)} {shown}"
    if kind == "date":
        return _date(str(value), zh)
    if kind == "datetime":
        return _datetime(str(value), zh)
    if kind == "flag":
        return ("是" if value else "否") if zh else ("yes" if value else "no")
    if kind == "list":
        return and_list([str(v) for v in value], zh) if value else ("无" if zh else "none")
    if kind == "group":
        return _group(fact, zh, cues)
    if kind == "items":
        return _items(fact, zh, cues)
    if zh:
        return value_in_zh(fact, cues) or show_text(str(value), zh)
    return show_text(str(value), zh)


def _group(fact: Fact, zh: bool, cues: frozenset[str]) -> str:
    """A nested record: the one value when it holds one (an amount with its currency), its values alone when it
    is a place or a time ("Memphis, TN"; "Gatwick, 3 May 2025 at 09:00"), else label and value."""
    if len(fact.parts) == 1:
        return show_value(fact.parts[0], zh, cues)
    if all(p.kind in ("date", "datetime") or p.kind == "text" and set(p.label.words) & _ADDRESS
           for p in fact.parts):
        return ("，" if zh else ", ").join(show_value(p, zh, cues) for p in fact.parts)
    return ("，" if zh else ", ").join(_bare(p, zh, cues) for p in fact.parts)


def _bare(fact: Fact, zh: bool, cues: frozenset[str]) -> str:
    """A fact inside a list or a record: "year 1965", "not available" / "日期：2025年5月2日", or the value alone."""
    if fact.kind == "flag":
        if zh:
            return clause_zh(fact, "", cues)
        words = " ".join(w for w in fact.label.words if w not in ("is", "are"))
        return words if fact.value else f"not {words}"
    value = show_value(fact, zh, cues)
    if zh:
        label = fact.label.zh_in(cues)
        return f"{label}：{value}" if label else value
    return f"{fact.label.en} {value}"


def _item(reading: Reading, zh: bool, cues: frozenset[str]) -> str:
    rest = ("，" if zh else ", ").join(_bare(f, zh, cues) for f in reading.facts)
    title = show_value(reading.subject, zh, cues) if reading.subject is not None else ""
    if title and rest:
        return f"{title}（{rest}）" if zh else f"{title} ({rest})"
    return title or rest


#: a list longer than this is summarised: its count and its first few items
_SHOWN = 5


def _items(fact: Fact, zh: bool, cues: frozenset[str]) -> str:
    shown = [_item(r, zh, cues) for r in fact.items[:_SHOWN]]
    return "；".join(shown) if zh else "; ".join(shown)


def _count_sentence(fact: Fact, zh: bool, cues: frozenset[str]) -> str:
    """A list of records: how many, then each one (the first few of a long list)."""
    n = len(fact.items)
    label_zh = fact.label.zh_in(cues)
    if zh:
        what = f"{n}个{label_zh}" if label_zh and label_zh.endswith("项目") else f"{n}项{label_zh or ''}"
        head = f"共有{what}" + (f"，前{_SHOWN}项是" if n > _SHOWN else "")
        return f"{head}：{_items(fact, zh, cues)}。"
    words = list(fact.label.words)
    noun = " ".join(words) if n != 1 or not words or not words[-1].endswith("s") else " ".join([*words[:-1],
                                                                                                 words[-1][:-1]])
    head = f"There {'is' if n == 1 else 'are'} {n} {noun}"
    if n > _SHOWN:
        return f"{head}. The first {_SHOWN} are {_items(fact, zh, cues)}."
    return f"{head}: {_items(fact, zh, cues)}."


def _none_found(fact: Fact) -> bool:
    """A count of zero ("results": 0): nothing was found. A zero amount ("total": 0.0) is an amount."""
    counted = bool(set(fact.label.words) & _COUNTS)
    return fact.kind == "number" and type(fact.value) is int and fact.value == 0 and counted


def _one(fact: Fact, zh: bool, cues: frozenset[str]) -> str:
    """One fact as one sentence (Chinese without its final 。)."""
    if fact.kind == "items" and fact.items:
        return _count_sentence(fact, zh, cues).rstrip("。") if zh else _count_sentence(fact, zh, cues)
    if fact.kind == "items" or fact.kind == "list" and not fact.value:
        label_zh, label = fact.label.zh_in(cues), fact.label.en
        if zh:
            return f"没有找到{label_zh}" if label_zh else "没有找到结果"
        return f"No {label} {'were' if label.endswith('s') else 'was'} found."
    if _none_found(fact):
        return "没有找到匹配的结果" if zh else "Nothing was found."
    value = show_value(fact, zh, cues)
    return clause_zh(fact, value, cues) if zh else clause_en(fact, value)


def quoted(message: str, zh: bool) -> str:
    """The service's own words: as they are in English; in a Chinese reply, English words inside 「」."""
    text = message.strip().rstrip("。.")
    if zh:
        return text if _CJK.search(text) else f"服务的说明：「{text}」"
    return text[:1].upper() + text[1:]


def sentence(reading: Reading, zh: bool, cues: frozenset[str] = frozenset()) -> str:
    """The reading as sentences, one per fact (a plain-text result: the text as the tool wrote it, quoted in a
    Chinese reply when it is English). ``cues`` are the words of the result's fields and of the tool, which
    choose a Chinese label's sense (``reading.glossary``)."""
    if reading.text is not None:
        text = reading.text.rstrip("。.")
        subject = str(reading.subject.value) if reading.subject is not None else ""  # "O-100: refund issued"
        if zh and not _CJK.search(text):
            text = f"「{text}」"
        if subject:
            return f"{subject}：{text}。" if zh else f"{subject[:1].upper()}{subject[1:]}: {text}."
        return f"查询结果：{text}。" if zh else f"Here is what I found: {text}."
    facts = list(reading.facts)
    if any(f.kind in ("items", "list") and not (f.items or f.value) for f in facts):  # "no results" says it
        facts = [f for f in facts if not _none_found(f)]
    message = str(reading.extra.get("message") or "").strip()
    said = [quoted(message, zh)] if message else []
    parts = said + [p for p in (_one(f, zh, cues) for f in facts) if p]
    subject = str(reading.subject.value) if reading.subject is not None else ""
    if not parts:
        return (f"{subject}：没有更多信息。" if subject else "完成了，但没有返回任何信息。") if zh else \
            (f"For {subject}, there is nothing more to report." if subject else "It worked, but returned nothing.")
    if zh:
        body = "。".join(p.rstrip("。") for p in parts) + "。"
        return f"{subject}：{body}" if subject else body
    body = " ".join(p if p.endswith((".", "?", "!")) else p + "." for p in parts)
    if subject:
        return f"In {subject}, {body[:1].lower() + body[1:] if not body.startswith(subject) else body}"
    return body
