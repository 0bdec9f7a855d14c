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

__all__ = ["DateMention", "dates_in", "months_in", "today_in"]

_ISO = re.compile(r"(?<!\d)(\d{4})-(\d{1,2})-(\d{1,2})(?!\d)")
_ZH_N = r"\d{1,2}|十[一二]?|[一二三四五六七八九]|[一二三]?十[一二三四五六七八九]?"
_ZH_FULL = re.compile(rf"(?:(\d{{4}})年)?({_ZH_N})月({_ZH_N})[日号]")  # 8月20日, 八月二十日
_ZH_REL = {"今天": 0, "今日": 0, "明天": 1, "明日": 1, "后天": 2, "大后天": 3, "昨天": -1, "昨日": -1, "前天": -2}
_ZH_WEEK = re.compile(r"(下|本|这|上)?(?:个)?(?:周|星期|礼拜)([一二三四五六日天])")
_ZH_DAYS = "一二三四五六"
_MONTHS = "january|february|march|april|may|june|july|august|september|october|november|december"
_MON = rf"(?:{_MONTHS}|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec)\.?"
_WEEKDAYS = "monday|tuesday|wednesday|thursday|friday|saturday|sunday"
_EN = re.compile(
    rf"\b(?:(?:(?:{_WEEKDAYS}),?\s+)?(?:the\s+)?\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?{_MON}(?:,?\s+\d{{4}})?"
    rf"|(?:(?:{_WEEKDAYS}),?\s+)?{_MON}\s+\d{{1,2}}(?:st|nd|rd|th)?\b(?:,?\s+\d{{4}})?"
    rf"|(?:(?:next|this|coming|last)\s+)?(?:{_WEEKDAYS})"
    rf"|the\s+day\s+after\s+tomorrow|tomorrow|today|yesterday"
    rf"|(?:in\s+)?(?:the\s+)?(?:past|last)\s+\d+\s+days|\d+\s+days\s+ago)\b", re.IGNORECASE)
_TODAY_EN = re.compile(rf"(?:today(?:'s date)?|current date|date today)\s*(?:is|:)?\s*(?:(?:{_WEEKDAYS}),?\s*)?"
                       r"(?:\(\w+\)\s*)?(\d{4}-\d{2}-\d{2})|今天(?:是)?\s*[:：]?\s*(\d{4}-\d{2}-\d{2})", re.IGNORECASE)
_TODAY_ZH = re.compile(r"今天是\s*(\d{4})年(\d{1,2})月(\d{1,2})日")
_TODAY_WRITTEN = re.compile(rf"\b(?:today|current date|date today)\s*(?:is|:)\s*"
                            rf"((?:(?:{_WEEKDAYS}|(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?),?\s+)?"
                            r"(?:\d{1,2}(?:st|nd|rd|th)?\s+[A-Za-z]{3,9}|[A-Za-z]{3,9}\s+\d{1,2}(?:st|nd|rd|th)?),?\s+\d{4})\b",
                            re.IGNORECASE)


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
            d = _day(*map(int, (m.group(1) or m.group(2)).split("-")))
            if d:
                return d
        m = _TODAY_ZH.search(text)
        if m and _day(*map(int, m.groups())):
            return _day(*map(int, m.groups()))
        m = _TODAY_WRITTEN.search(text)  # "Today is Monday, 3 August 2026": a day written out, with its year
        if m:
            import dateparser

            got = dateparser.parse(m.group(1), languages=["en"], settings={"STRICT_PARSING": True})
            if got:
                return got.date()
    return None


def _iso(d: dt.date | None) -> str | None:
    return d.isoformat() if d else None


def _english(span: str, today: dt.date | None, year: int | None) -> tuple[str | None, str]:
    # "Friday 7 August": the day of the month says which day; the weekday only repeats it
    low = re.sub(rf"^(?:{_WEEKDAYS}),?\s+(?=(?:the\s+)?\d|{_MON}\s+\d)", "", span.lower())
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


# the calendar's closed vocabulary beyond dateparser's: a day part, a count of days or weeks, a day of the month,
# fixed-date holidays, and the common misspellings of "tomorrow" (read with difflib, not listed)
_NUM = r"(\d+|one|two|three|four|five|six|seven|eight|nine|ten|a|[一二两三四五六七八九十]+)"
_RELATIVE_EXTRA = re.compile(
    rf"\b(?:tonight|this (?:morning|afternoon|evening))\b|今晚|今早|明晚|明早|明天早上|"
    rf"\bin {_NUM} (days?|weeks?)\b|\b{_NUM} (days?|weeks?) from (?:now|today)\b|"
    rf"(?<!the )\bday after tomorrow\b|{_NUM}(天|周|个星期|星期)(?:以)?后|下下(?:周|星期|礼拜)([一二三四五六日天])|"
    rf"\b(?:tmrw|tmr|tomorow|tommorow|tommorrow|tomorrw|tomorro|2morrow|2moro)\b", re.IGNORECASE)
_WORD_NUM = {"one": 1, "a": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
             "nine": 9, "ten": 10}
_DAY_OF_MONTH = re.compile(r"\b(?:on )?the (\d{1,2})(?:st|nd|rd|th)\b(?! of)|(?<![\d月])(\d{1,2})[号日](?!\d)")
_HOLIDAYS = {"new year's day": (1, 1), "new year's eve": (12, 31), "christmas day": (12, 25),
             "christmas eve": (12, 24), "christmas": (12, 25), "valentine's day": (2, 14), "元旦": (1, 1),
             "圣诞节": (12, 25), "平安夜": (12, 24), "情人节": (2, 14)}
_HOLIDAYS_RE = re.compile("|".join(re.escape(h).replace("'", "['’]") for h in sorted(_HOLIDAYS, key=len,
                                                                                     reverse=True)), re.IGNORECASE)


def _count(token: str) -> int:
    from fcourse.teaching.reading.dates import zh_number

    low = token.lower()
    return int(low) if low.isdigit() else _WORD_NUM.get(low) or zh_number(token)


def _offset(m: re.Match[str], today: dt.date) -> int:
    """Days from today of a ``_RELATIVE_EXTRA`` match."""
    word = m.group().lower()
    if m.group(7):  # 下下周X: the X two calendar weeks on
        target = _ZH_DAYS.index(m.group(7)) if m.group(7) in _ZH_DAYS else 6
        return 14 - today.weekday() + target
    for number, unit in ((1, 2), (3, 4), (5, 6)):
        if m.group(number):
            n = _count(m.group(number))
            return n * (7 if unit and re.match(r"weeks?|周|个星期|星期", m.group(unit), re.IGNORECASE) else 1)
    if word.startswith(("tonight", "this", "今")):
        return 0
    return 2 if "after" in word else 1  # "day after tomorrow"; 明晚, 明早; a misspelt "tomorrow"


def _next_day_of_month(today: dt.date, day: int) -> dt.date | None:
    d = _day(today.year, today.month, day)
    if d is not None and d >= today:
        return d
    month, year = (today.month % 12) + 1, today.year + (today.month == 12)
    return _day(year, month, day)


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
    for m in _RELATIVE_EXTRA.finditer(text):  # "tonight", "in three days", "三天后", "下下周二"
        add(m.start(), m.end(), _iso(today + dt.timedelta(_offset(m, today))) if today else None, "days from today")
    for m in _DAY_OF_MONTH.finditer(text):  # "the 20th", "20号": the next such day from today on
        day = int(m.group(1) or m.group(2))
        add(m.start(), m.end(), _iso(_next_day_of_month(today, day)) if today else None, "day of the month")
    for m in _HOLIDAYS_RE.finditer(text):
        month, day = _HOLIDAYS[m.group().lower().replace("’", "'")]
        d = _day(today.year, month, day) if today else None
        add(m.start(), m.end(), _iso(d if d is None or d >= today else _day(today.year + 1, month, day)), "holiday")
    for m in _ZH_FULL.finditer(text):
        year = int(m.group(1)) if m.group(1) else (today.year if today else None)
        d = _day(year, _count(m.group(2)), _count(m.group(3))) if year else None
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


_MONTH_NAMES = ("january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
                "november", "december")
_MONTHS_RE = re.compile(
    rf"\b(?P<name>{_MON})\s+(?P<year>\d{{4}})\b|(?P<zy>\d{{4}})年(?P<zm>\d{{1,2}})月(?!\d{{1,2}}[日号])"
    r"|(?P<iso>\d{4})-(?P<im>\d{2})(?!-\d)|(?P<rel>last month|this month|next month|上个月|上月|本月|这个月|下个月)",
    re.IGNORECASE)
#: a month alone, with no year and no day ("during June", 九月份): the next such month from today on
_MONTH_ALONE = re.compile(rf"\b(?:(?:in|for|from|during|through|until|of)\s+)(?P<name>(?!(?-i:may)\b){_MON})"
                          rf"(?!\s*\d)\b|(?<![\d年])(?P<zm>{_ZH_N})月份?(?!\s*(?:{_ZH_N})\s*[日号])(?!\d)",
                          re.IGNORECASE)


def months_in(text: str, today: dt.date | None = None) -> list[tuple[str, str, str]]:
    """Months written in ``text`` as ``(as written, YYYY-MM, why)``: "August 2026", "2026年8月", "上个月"."""
    out = []
    for m in _MONTHS_RE.finditer(text):
        if m.group("name"):
            month = next(i for i, n in enumerate(_MONTH_NAMES, 1) if n.startswith(m.group("name").lower()[:3]))
            year, why = int(m.group("year")), "month name and year"
        elif m.group("zy"):
            year, month, why = int(m.group("zy")), int(m.group("zm")), "year and month"
        elif m.group("iso"):
            year, month, why = int(m.group("iso")), int(m.group("im")), "YYYY-MM"
        else:
            if today is None:
                continue
            shift = -1 if m.group("rel").lower() in ("last month", "上个月", "上月") else (
                1 if m.group("rel").lower() in ("next month", "下个月") else 0)
            total = today.year * 12 + today.month - 1 + shift
            year, month, why = total // 12, total % 12 + 1, "months from today's"
        if 1 <= month <= 12:
            out.append((m.group(), f"{year:04d}-{month:02d}", why))
    for m in _MONTH_ALONE.finditer(text) if today and not out else ():
        name = m.group("name")
        month = next(i for i, n in enumerate(_MONTH_NAMES, 1) if n.startswith(name.lower()[:3])) if name else \
            _count(m.group("zm"))
        if 1 <= month <= 12:
            year = today.year + (month < today.month)
            out.append((m.group().split()[-1] if name else m.group(), f"{year:04d}-{month:02d}",
                        "a month without its year: the next one from today"))
    return out
