"""What a tool result says, read as facts a sentence can be built from (issue 26).

Introduced in chapter 2 (the answer after a tool result) and used by every chapter that feeds a result
back. ``read_result(value, arguments)`` turns a JSON result (or plain text) into a :class:`Reading`: the
*subject* (a place the call was made for, repeated by the result - "Berlin" for ``city``), and every other
field as a :class:`Fact` (issue 36: a field repeating the call is said too - a booking's start time), each
knowing its label (the key in words, through ``field_words``), what kind of value it holds and how to show
it:

- ``number`` with the unit its key names (``distance_km`` 12.4 -> 12.4 km, ``temp_c`` 3 -> 3 °C);
- ``money``: an amount beside a ``currency`` field, or with a currency suffix (187.6 + "EUR" -> 187.60 EUR);
- ``flag``: a true/false field (``in_stock`` false -> "not in stock");
- ``date`` / ``datetime``: an ISO date or time (2024-06-14 -> 14 June 2024);
- ``text``: anything else; a snake_case code as words (``in_transit`` -> "in transit");
- ``items``: a list of records (each an item with a title and its own facts); ``list``: plain values;
  ``group``: a nested record.

Facts come from the tool; this module never adds a value. Fields that only wrap the result (``ok``,
``success``, ``retry_safe``, a runtime envelope's ``status`` around its ``data``) are not facts.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from fcourse.teaching.reading.field_words import Label, Unit, label_of, unit_of_currency

__all__ = ["PLACES", "Fact", "Reading", "read_result", "stated_currency", "unwrap"]

#: fields that say how the call went, not what it found (the caller reads them for failures)
_META = frozenset({"ok", "success", "retry_safe", "retryable", "error", "error_code", "code"})
_CURRENCY_KEYS = frozenset({"currency", "currency_code", "ccy", "curr"})
#: the words of a key that make a number beside a currency an amount of money (a count stays a count)
_MONEY_WORDS = frozenset({"amount", "total", "price", "cost", "balance", "fee", "fees", "charge", "charges", "refund",
                          "paid", "spent", "subtotal", "payment", "fare", "deposit", "rent", "credit", "debit", "due",
                          "tax", "tip", "value", "sum", "owed", "budget", "salary", "cash"})
#: labels of the place a result is about ("In Berlin, ...")
PLACES = frozenset({"city", "town", "location", "place", "country", "region", "area", "destination", "station"})
_ISO_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
_ISO_TIME = re.compile(r"^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})(?::\d{2}(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$")
_CODE_VALUE = re.compile(r"^(?:[a-z]+(?:_[a-z0-9]+)+|[A-Z]+(?:_[A-Z0-9]+)+)$")
#: keys that name the thing a record is about (its title when it is one item of a list)
_TITLE_WORDS = ("name", "title", "label", "dish", "product", "item", "city", "branch", "restaurant", "hotel")


@dataclass(frozen=True)
class Fact:
    """One field of a result: its label, its kind, and its value as the tool gave it."""

    label: Label
    kind: str  # number, money, flag, date, datetime, text, list, items, group
    value: Any
    unit: Unit | None = None
    parts: tuple[Fact, ...] = ()  # a group's fields
    items: tuple[Reading, ...] = ()  # a list of records


@dataclass(frozen=True)
class Reading:
    """A result read as facts: ``subject`` (what it is about) and ``facts``; ``text`` for a plain-text result."""

    subject: Fact | None = None
    facts: tuple[Fact, ...] = ()
    text: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)


def unwrap(result: Any) -> tuple[Any, str | None]:
    """A runtime envelope's data and message (``{"status": "SUCCESS", "data": {...}, "message": ...}``);
    any other result as it is, with no message."""
    if isinstance(result, dict) and isinstance(result.get("status"), str) and "data" in result:
        message = result.get("message") if isinstance(result.get("message"), str) else None
        return result["data"], message
    return result, None


def _currency(record: dict[str, Any]) -> str | None:
    return next((str(v) for k, v in record.items() if k.lower() in _CURRENCY_KEYS and isinstance(v, str) and v), None)


def _scalar(key: str, value: Any, currency: str | None) -> Fact:
    label = label_of(key)
    if isinstance(value, bool):
        return Fact(label, "flag", value)
    if isinstance(value, (int, float)):
        unit = label.unit
        if unit is not None and unit.kind == "currency":
            return Fact(label, "money", value, unit)
        if currency and unit is None and set(label.words) & _MONEY_WORDS:
            return Fact(label, "money", value, unit_of_currency(currency))
        return Fact(label, "number", value, unit)
    text = str(value).strip()
    if _ISO_DATE.match(text):
        return Fact(label, "date", text)
    if _ISO_TIME.match(text):
        return Fact(label, "datetime", text)
    if _CODE_VALUE.match(text):
        return Fact(label, "text", text.replace("_", " ").lower())
    return Fact(label, "text", text)


def _fact(key: str, value: Any, currency: str | None, asked: frozenset[str]) -> Fact | None:
    if value is None or value == "" or value == {}:
        return None
    if isinstance(value, dict):
        inner = _facts(value, asked, currency)
        return Fact(label_of(key), "group", value, parts=inner) if inner else None
    if isinstance(value, list):
        if value and all(isinstance(v, dict) for v in value):
            return Fact(label_of(key), "items", len(value), items=tuple(_record(v, asked, currency) for v in value))
        shown = [v for v in value if v not in (None, "")]
        return Fact(label_of(key), "list", tuple(shown))
    return _scalar(key, value, currency)


def _amounts(value: Any) -> bool:
    """Whether a value holds a number, at any depth (a currency beside it is shown with those numbers)."""
    if isinstance(value, dict):
        return any(_amounts(v) for v in value.values())
    if isinstance(value, list):
        return any(_amounts(v) for v in value)
    return isinstance(value, (int, float)) and not isinstance(value, bool)


#: a currency a tool's text states for its amounts: "(元)", "in euros", "price in GBP" (closed class of codes and names)
_STATED_CURRENCY = re.compile(r"[（(]\s*(元|人民币|RMB|CNY|EUR|€|GBP|£)\s*[)）]"
                              r"|\bin (CNY|RMB|yuan|EUR|euros?|GBP|pounds?)\b|以(元|人民币)(?:为单位|计)",
                              re.IGNORECASE)
_CODES = {"元": "CNY", "人民币": "CNY", "rmb": "CNY", "cny": "CNY", "yuan": "CNY", "eur": "EUR", "€": "EUR",
          "euro": "EUR", "euros": "EUR", "gbp": "GBP", "£": "GBP", "pound": "GBP", "pounds": "GBP"}


def stated_currency(texts: list[str]) -> str | None:
    """The one currency the tools' texts state for amounts, or None (none, or more than one)."""
    found = {_CODES[next(g for g in m.groups() if g).lower()] for t in texts for m in _STATED_CURRENCY.finditer(t)}
    return found.pop() if len(found) == 1 else None


def _facts(record: dict[str, Any], asked: frozenset[str], inherited: str | None = None) -> tuple[Fact, ...]:
    """A record's fields as facts; its ``currency`` (or the enclosing record's) goes with its amounts."""
    currency = _currency(record) or inherited
    out = []
    for key, value in record.items():
        low = key.lower()
        if low in _META or low in _CURRENCY_KEYS and currency is not None and any(
                _amounts(v) for k, v in record.items() if k != key):
            continue  # the currency is shown with the amounts it belongs to
        got = _fact(key, value, currency, asked)
        if got is not None:
            out.append(got)
    return tuple(out)


def _record(record: dict[str, Any], asked: frozenset[str], currency: str | None = None) -> Reading:
    """One record of a list: its title (a name-like field, else its first text) and the rest."""
    facts = _facts(record, asked, currency)
    title = next((f for f in facts if f.kind == "text" and any(w in f.label.words for w in _TITLE_WORDS)), None)
    title = title or next((f for f in facts if f.kind == "text"), None)
    return Reading(title, tuple(f for f in facts if f is not title))


def read_result(result: Any, arguments: dict[str, Any] | None = None, currency: str | None = None) -> Reading:
    """``result`` (parsed JSON, or text) as facts; a field repeating one of the call's ``arguments`` is the subject.
    ``currency``: the one the tools state for their amounts ("充值金额（元）"), for an amount the result gives bare."""
    data, message = unwrap(result)
    asked = frozenset(str(v).strip().lower() for v in (arguments or {}).values()
                      if isinstance(v, (str, int, float)) and not isinstance(v, bool))
    extra = {"message": message} if message else {}
    if isinstance(data, dict):
        facts = _facts(data, asked, currency)
        # every field is said (issue 36); a place the call was made for leads the sentence ("In Berlin, ...")
        subject = next((f for f in facts if f.kind == "text" and str(f.value).strip().lower() in asked
                        and set(f.label.words) & PLACES), None)
        return Reading(subject, tuple(f for f in facts if f is not subject), extra=extra)
    if isinstance(data, list):
        if data and all(isinstance(v, dict) for v in data):
            return Reading(None, (Fact(label_of("results"), "items", len(data),
                                       items=tuple(_record(v, asked) for v in data)),), extra=extra)
        if not data:
            return Reading(None, (Fact(label_of("results"), "items", 0),), extra=extra)
        return Reading(None, (Fact(label_of("results"), "list", tuple(data)),), extra=extra)
    if data is None:
        return Reading(None, (), text=message or "", extra=extra)
    text = str(data).strip()
    # a plain-text result says what, not of what: the call's first text argument it does not repeat is its subject
    # ("Cloudy, 25°C" for city Beijing), so two parallel results stay apart
    subject = next((Fact(label_of(str(k)), "text", v.strip()) for k, v in (arguments or {}).items()
                    if isinstance(v, str) and v.strip() and v.strip().lower() not in text.lower()), None)
    return Reading(subject, (), text=text, extra=extra)
