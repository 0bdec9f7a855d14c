"""A tool result's facts as a sentence a person reads, in English or Chinese (issue 26).

Introduced in chapter 2. ``sentence(reading, zh)`` turns a :class:`~fcourse.teaching.wording.facts.Reading`
into one sentence: "In Berlin, the temperature is 3 °C and the condition is light snow." /
"Berlin：温度是 3°C，天气状况是 light snow。" Values are shown the way people write them - a unit after the
number, money with two decimals and its currency, a date as "14 June 2024" / 2024年6月14日, a flag as
"it is not in stock" / 有货：否 ... - and never changed: facts from the tool, wording from the model.
Chinese replies keep values as the tool wrote them (an English city stays English); labels come from the
glossary (``field_words``), or stay English words when it has none.
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

from fcourse.teaching.wording.facts import Fact, Reading

__all__ = ["and_list", "sentence", "show_value"]

_MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
           "November", "December")
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
    return f"{_date(m.group(1), zh)} {m.group(2)}{tail}" if zh else f"{_date(m.group(1), zh)}, {m.group(2)}{tail}"


def show_value(fact: Fact, zh: bool) -> str:
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
        return _group(fact, zh)
    if kind == "items":
        return _items(fact, zh)
    return str(value)


def _group(fact: Fact, zh: bool) -> str:
    """A nested record: its values alone when it is an address ("Memphis, TN"), else label and value."""
    if all(p.kind == "text" and set(p.label.words) & _ADDRESS for p in fact.parts):
        return ("，" if zh else ", ").join(str(p.value) for p in fact.parts)
    return ("，" if zh else ", ").join(_clause(p, zh, bare=True) for p in fact.parts)


def _item(reading: Reading, zh: bool) -> str:
    rest = ("，" if zh else ", ").join(_clause(f, zh, bare=True) for f in reading.facts)
    title = str(reading.subject.value) if reading.subject is not None else ""
    if title and rest:
        return f"{title}（{rest}）" if zh else f"{title} ({rest})"
    return title or rest


def _items(fact: Fact, zh: bool) -> str:
    shown = [_item(r, zh) for r in fact.items]
    return "；".join(shown) if zh else "; ".join(shown)


def _flag_zh(fact: Fact) -> str:
    """有货 / 没有货, 已支付 / 未支付, 可用 / 不可用, 开放 / 不开放; an English label: "label：是 / 否"."""
    label = fact.label.zh
    if not re.match(r"[\u4e00-\u9fff]", label):
        return f"{label}：{'是' if fact.value else '否'}"
    if fact.value:
        return label
    for yes, no in (("有", "没有"), ("已", "未"), ("可以", "不可以"), ("可", "不可"), ("能", "不能"), ("是", "不是")):
        if label.startswith(yes):
            return no + label[len(yes):]
    return "不" + label


def _flag(fact: Fact, zh: bool, bare: bool) -> str:
    words = list(fact.label.words)
    if zh:
        return _flag_zh(fact)
    if words and words[0] in ("is", "are", "was"):
        words = words[1:]
    text = " ".join(words)
    if words and words[0] in ("has", "have"):
        return (text if fact.value else f"{words[0]} no {' '.join(words[1:])}") if bare else \
            f"it {text}" if fact.value else f"it {words[0]} no {' '.join(words[1:])}"
    if words and words[0] in ("can", "may"):
        return (text if fact.value else f"{words[0]}not {' '.join(words[1:])}") if bare else \
            f"it {text}" if fact.value else f"it {words[0]}not {' '.join(words[1:])}"
    if bare:
        return text if fact.value else f"not {text}"
    return f"it is {text}" if fact.value else f"it is not {text}"


def _clause(fact: Fact, zh: bool, bare: bool = False) -> str:
    """One fact as a clause ("the temperature is 3 °C"; ``bare``: "year 1965" inside a list)."""
    if fact.kind == "flag":
        return _flag(fact, zh, bare)
    label = fact.label.zh if zh else fact.label.en
    if fact.kind == "items" and not fact.items:
        return f"没有找到{label}" if zh else f"no {label} found"
    if fact.kind == "list" and not fact.value:
        return f"没有{label}" if zh else f"there are no {label}"
    if _none_found(fact):
        return "没有找到匹配的结果" if zh else "nothing was found"
    value = show_value(fact, zh)
    if fact.kind == "items":
        count = len(fact.items)
        if zh:
            return f"{label}（{count} 项）：{value}"
        return f"the {label} is {value}" if count == 1 else f"the {count} {label} are {value}"
    words = fact.label.words
    if not zh and fact.kind == "number" and isinstance(fact.value, int) and fact.unit is None and words \
            and words[0].endswith("s") and not words[0].endswith("ss") and len(words[0]) > 3:
        first = words[0][:-1] if fact.value == 1 else words[0]  # "2 nights", "1 renewal left"
        return " ".join([str(fact.value), first, *words[1:]])
    if zh:
        return f"{label}：{value}" if bare or not re.search(r"[\u4e00-\u9fff]", label) else f"{label}是{value}"
    if bare or fact.label.words and fact.label.words[-1] in _PREPOSITIONS:
        return f"{label} {value}"
    return f"the {label} {'are' if fact.kind == 'list' and len(fact.value) > 1 else 'is'} {value}"


def _none_found(fact: Fact) -> bool:
    """A count of zero ("results": 0): nothing was found. A zero amount ("total": 0.0) is an amount."""
    counted = bool(set(fact.label.words) & _COUNTS)
    return fact.kind == "number" and type(fact.value) is int and fact.value == 0 and counted


def _subject(fact: Fact | None, zh: bool) -> str:
    if fact is None:
        return ""
    if zh or set(fact.label.words) & _PLACES or fact.label.words[-1:] == ("name",):
        return str(fact.value)
    words = [w for w in fact.label.words if w not in _SAID_BY_VALUE]
    return f"{' '.join(words)} {fact.value}" if words else str(fact.value)


def sentence(reading: Reading, zh: bool) -> str:
    """The reading as one sentence (a plain-text result: the text as the tool wrote it)."""
    if reading.text is not None:
        text = reading.text.rstrip("。.")
        subject = str(reading.subject.value) if reading.subject is not None else ""  # "O-100: refund issued"
        if subject:
            return f"{subject}：{text}。" if zh else f"{subject[:1].upper()}{subject[1:]}: {text}."
        return f"查询结果：{text}。" if zh else f"Here is what I found: {text}."
    facts = list(reading.facts)
    if any(f.kind in ("items", "list") and not (f.items or f.value) for f in facts):  # "no results" says it
        facts = [f for f in facts if not _none_found(f)]
    clauses = [_clause(f, zh) for f in facts]
    message = str(reading.extra.get("message") or "").strip().rstrip("。.")
    if message and clauses:  # the service's own words first, as a sentence of their own: "Refunded. The refund ID…"
        said = f"{message}。" if zh else f"{message[:1].upper()}{message[1:]}."
        return f"{said}{sentence(Reading(reading.subject, reading.facts, extra={}), zh)}" if zh else \
            f"{said} {sentence(Reading(reading.subject, reading.facts, extra={}), zh)}"
    if message:
        clauses.append(message)
    subject = _subject(reading.subject, zh)
    if not clauses:
        return (f"{subject}：没有更多信息。" if subject else "完成了，但没有返回任何信息。") if zh else \
            (f"For {subject}, there is nothing more to report." if subject else "It worked, but returned nothing.")
    if zh:
        body = "，".join(clauses)
        return f"{subject}：{body}。" if subject else f"查询结果：{body}。"
    body = and_list(clauses, zh=False)
    if not subject:
        return body[:1].upper() + body[1:] + "."
    lead = "In" if reading.subject is not None and set(reading.subject.label.words) & _PLACES else "For"
    return f"{lead} {subject}, {body}."
