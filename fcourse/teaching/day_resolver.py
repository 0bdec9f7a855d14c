"""Dates in a request, resolved to ``YYYY-MM-DD`` against a "today" the conversation states.

Introduced in chapter 3. A tool whose schema says ``"format": "date"`` needs
``2026-06-19``, not "Friday" or "下周五". Relative dates need a "today": the
teaching model takes it only from the conversation ("Current date: 2026-06-17",
"今天是2026年6月17日") and never from the wall clock, so the same request always
gets the same reply. Without one, a relative date stays unresolved and the model
asks back. A date that does not exist ("the 31st of June") is found but not
resolved, so it is never sent.

English calendar words are read by ``dateparser`` (BSD-3-Clause licence, imported
on first use): month names, weekdays, "tomorrow", "3 days ago". Chinese
calendar forms (M月D日, 下周五, 明天) are read here, because dateparser does not
read them; they are the calendar's closed vocabulary, not phrases of any test.
Conventions: a bare weekday or "next <weekday>" is its next occurrence from
today on; a month and day without a year is in today's year; 下周X is the X of
next calendar week.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass

__all__ = ["DateMention", "dates_in", "today_in"]

_ISO = re.compile(r"(?<!\d)(\d{4})-(\d{1,2})-(\d{1,2})(?!\d)")
_ZH_FULL = re.compile(r"(?:(\d{4})年)?(\d{1,2})月(\d{1,2})[日号]")
_ZH_REL = {"今天": 0, "今日": 0, "明天": 1, "明日": 1, "后天": 2, "大后天": 3}
_ZH_WEEK = re.compile(r"(下|本|这|上)?(?:个)?(?:周|星期|礼拜)([一二三四五六日天])")
_ZH_DAYS = "一二三四五六"
_MONTHS = "january|february|march|april|may|june|july|august|september|october|november|december"
_MON = rf"(?:{_MONTHS}|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec)\.?"
_WEEKDAYS = "monday|tuesday|wednesday|thursday|friday|saturday|sunday"
_EN = re.compile(
    rf"\b(?:(?:the\s+)?\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?{_MON}(?:,?\s+\d{{4}})?"
    rf"|{_MON}\s+\d{{1,2}}(?:st|nd|rd|th)?\b(?:,?\s+\d{{4}})?"
    rf"|(?:(?:next|this|coming|last)\s+)?(?:{_WEEKDAYS})"
    rf"|the\s+day\s+after\s+tomorrow|tomorrow|today|yesterday"
    rf"|(?:in\s+)?(?:the\s+)?(?:past|last)\s+\d+\s+days|\d+\s+days\s+ago)\b", re.IGNORECASE)
_TODAY_EN = re.compile(r"(?:today|current date|date today)\s*(?:is|:)?\s*(\d{4}-\d{2}-\d{2})", re.IGNORECASE)
_TODAY_ZH = re.compile(r"今天是\s*(\d{4})年(\d{1,2})月(\d{1,2})日")


@dataclass(frozen=True)
class DateMention:
    """A date written in text: where, and its ``YYYY-MM-DD`` form (``None``: cannot be resolved)."""

    start: int
    end: int
    text: str
    iso: str | None
    why: str


def _day(y: int, m: int, d: int) -> dt.date | None:
    try:
        return dt.date(y, m, d)
    except ValueError:
        return None


def today_in(texts: list[str]) -> dt.date | None:
    """The date the conversation states as today (first one found), or ``None``."""
    for text in texts:
        m = _TODAY_EN.search(text)
        if m:
            d = _day(*map(int, m.group(1).split("-")))
            if d:
                return d
        m = _TODAY_ZH.search(text)
        if m and _day(*map(int, m.groups())):
            return _day(*map(int, m.groups()))
    return None


def _iso(d: dt.date | None) -> str | None:
    return d.isoformat() if d else None


def _english(span: str, today: dt.date | None, year: int | None) -> tuple[str | None, str]:
    low = span.lower()
    m = re.search(r"(\d+)\s+days", low)
    if m:
        return (_iso(today - dt.timedelta(int(m.group(1)))), "days before today") if today else (None, "no today")
    relative = bool(re.search(_WEEKDAYS, low)) or any(w in low for w in ("tomorrow", "today", "yesterday"))
    has_year = bool(re.search(r"\d{4}", low))
    if today is None and not has_year and (relative or year is None):
        return None, "relative date and no today in the conversation"
    import dateparser

    weekday = bool(re.search(_WEEKDAYS, low))
    cleaned = re.sub(r"^(?:the\s+|this\s+|coming\s+|next\s+)", "", low) if weekday and "last" not in low else low
    base = dt.datetime.combine(today or dt.date(year or 2000, 1, 1), dt.time())
    settings = {"RELATIVE_BASE": base, "PREFER_DATES_FROM": "future" if weekday else "current_period",
                "DATE_ORDER": "DMY", "PREFER_DAY_OF_MONTH": "first", "RETURN_AS_TIMEZONE_AWARE": False}
    if "last" in low and weekday:
        settings["PREFER_DATES_FROM"] = "past"
        cleaned = low.replace("last", "").strip()
    got = dateparser.parse(cleaned, settings=settings, languages=["en"])
    if got is None:
        return None, "not a real date"
    if weekday and today and got.date() < today and "last" not in low:
        return _iso(got.date() + dt.timedelta(7)), "weekday, next occurrence"
    return _iso(got.date()), "calendar words (dateparser)"


def dates_in(text: str, today: dt.date | None = None) -> list[DateMention]:
    """Every date written in ``text`` with its ``YYYY-MM-DD`` form where it can be resolved, in order."""
    found: list[DateMention] = []
    taken: list[tuple[int, int]] = []

    def add(start: int, end: int, iso: str | None, why: str) -> None:
        if any(s < end and start < e for s, e in taken):
            return
        taken.append((start, end))
        found.append(DateMention(start, end, text[start:end], iso, why))

    for m in _ISO.finditer(text):
        d = _day(*map(int, m.groups()))
        add(m.start(), m.end(), _iso(d), "ISO date" if d else "not a real date")
    for m in _ZH_FULL.finditer(text):
        year = int(m.group(1)) if m.group(1) else (today.year if today else None)
        d = _day(year, int(m.group(2)), int(m.group(3))) if year else None
        add(m.start(), m.end(), _iso(d), "month and day" if d else "no year known or not a real date")
    for word, offset in sorted(_ZH_REL.items(), key=lambda kv: -len(kv[0])):
        for m in re.finditer(word, text):
            add(m.start(), m.end(), _iso(today + dt.timedelta(offset)) if today else None, "days from today")
    for m in _ZH_WEEK.finditer(text):
        if today is None:
            add(m.start(), m.end(), None, "relative date and no today in the conversation")
            continue
        target = _ZH_DAYS.index(m.group(2)) if m.group(2) in _ZH_DAYS else 6
        monday = today - dt.timedelta(today.weekday())
        shift = {"下": 7, "上": -7}.get(m.group(1) or "", 0)
        d = monday + dt.timedelta(shift + target)
        if not m.group(1) and d < today:
            d += dt.timedelta(7)
        add(m.start(), m.end(), _iso(d), "weekday")
    # a month and day without a year, and no today: the year another date of the same message names
    year = int(m.group(1)) if (m := re.search(r"(?<!\d)(\d{4})(?:年|-\d|\b)", text)) else None
    for m in _EN.finditer(text):
        iso, why = _english(m.group(), today, year)
        add(m.start(), m.end(), iso, why)
    return sorted(found, key=lambda x: x.start)
