"""Dates and clock times in a user's words: finding them and, when asked, resolving them.

Part of the teaching model's argument filling (chapter 2). ``time_spans`` finds
date and time expressions ("tomorrow at 3pm", "明天下午3点", "2026-12-01");
``resolve_date`` turns "tomorrow" into YYYY-MM-DD when the parameter asks for
that format and the context states today's date, and "7pm" / "下午3点半"
into HH:MM when it asks for a clock time. Anything else is copied as written.
"""

from __future__ import annotations

import datetime
import functools
import re
from typing import Any

from fcourse.teaching.reading.params import main_type, param_text
from fcourse.teaching.reading.rx import rx

__all__ = [
    "clock_range",
    "clock_spans",
    "clock_values",
    "resolve_date",
    "time_spans",
    "wants_clock",
    "wants_day",
    "window_value",
    "zh_number",
]

_WEEKDAY = r"(?:mon|tues|wednes|thurs|fri|satur|sun)day"
_MONTH = (r"(?:january|february|march|april|may|june|july|august|september|october|november|december"
          r"|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec)\.?")
_TIME_RES = (
    re.compile(r"\d{4}-\d{1,2}-\d{1,2}(?:[ T]\d{1,2}:\d{2}(?::\d{2})?)?"),
    # a day of a month, with its weekday ("Friday 7 August", "August 7th, 2026"): 7 is no hour
    re.compile(rf"\b(?:{_WEEKDAY},?\s+)?(?:(?:the\s+)?\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?{_MONTH}"
               rf"|(?!(?-i:may)\b){_MONTH}\s+\d{{1,2}}(?:st|nd|rd|th)?)\b(?:,?\s+\d{{4}})?", re.IGNORECASE),
    re.compile(
        r"\b(?:(?:(?:the )?day after tomorrow|today|tomorrow|tonight|yesterday|this (?:morning|afternoon|evening)|"
        rf"next (?:week|month|{_WEEKDAY})|(?:on )?{_WEEKDAY})"
        r"(?:\s+(?:morning|afternoon|evening|night))?"
        r"(?:\s*(?:at\s+)?\d{1,2}(?::\d{2})?\s*(?:am|pm)?)?)|\b\d{1,2}(?::\d{2})?\s*(?:am|pm)\b"
        r"|\b\d{1,2}:\d{2}\b|\bnoon\b|\bmidnight\b",
        re.IGNORECASE,
    ),
    re.compile(
        r"(?:今天|明天|后天|昨天|今晚|明晚|明早|今早|大后天|下周[一二三四五六日天]?|本周[一二三四五六日天]?|"
        r"周[一二三四五六日天]|星期[一二三四五六日天]|(?:\d{4}年)?\d{1,2}月\d{1,2}[日号])?"
        r"(?:早上|上午|中午|下午|晚上|凌晨|傍晚)?"
        r"(?<!同)(?<!第)(?:\d{1,2}|[一二两三四五六七八九十]{1,3})[点點时](?!间)"
        r"(?:(?:\d{1,2}|[一二两三四五六七八九十]{1,3})分|半|整)?"
        r"|(?:今天|明天|后天|昨天|今晚|明晚|大后天|下周[一二三四五六日天]?|周[一二三四五六日天]|"
        r"星期[一二三四五六日天]|(?:\d{4}年)?\d{1,2}月\d{1,2}[日号])(?:早上|上午|中午|下午|晚上|凌晨|傍晚)?"
    ),
)


@functools.lru_cache(maxsize=4096)
def time_spans(text: str) -> tuple[tuple[int, int], ...]:
    """Spans of date and time expressions ("tomorrow at 3pm", "明天下午3点", "2026-12-01")."""
    return _first_spans(_TIME_RES, text)


def _first_spans(regexes: tuple[re.Pattern[str], ...], text: str) -> tuple[tuple[int, int], ...]:
    """The matches of the regexes in turn, each kept unless an earlier one overlaps it, in order of position."""
    spans: list[tuple[int, int]] = []
    for regex in regexes:
        for m in regex.finditer(text):
            s, e = m.span()
            if e > s and all(e <= a or s >= b for a, b in spans):
                spans.append((s, e))
    return tuple(sorted(spans))


_RELATIVE_DAYS = (("day after tomorrow", 2), ("tomorrow", 1), ("today", 0), ("tonight", 0), ("yesterday", -1),
                  ("大后天", 3), ("后天", 2), ("明天", 1), ("今天", 0), ("今晚", 0), ("昨天", -1))
_ISO_DATE_RE = re.compile(r"(\d{4})-(\d{1,2})-(\d{1,2})")


_ZH_DIGITS = {"一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9, "十": 10}
_CLOCK_EN_RE = re.compile(r"(\d{1,2})(?::(\d{2}))?\s*(am|pm)?\b", re.IGNORECASE)
_CLOCK_ZH_RE = re.compile(r"(?<!同)(?<!第)(\d{1,2}|[一二两三四五六七八九十]{1,3})\s*[点點时](?!间)"
                          r"(?:(\d{1,2}|[一二两三四五六七八九十]{1,3})分|(半))?")


def zh_number(token: str) -> int:
    if token.isdigit():
        return int(token)
    if token.startswith("十"):
        return 10 + _ZH_DIGITS.get(token[1:], 0)
    if "十" in token:
        return _ZH_DIGITS[token[0]] * 10 + _ZH_DIGITS.get(token[2:], 0)
    return _ZH_DIGITS.get(token, 0)


def _clock(value: str) -> str | None:
    """"7pm", "下午3点半", "6:30" as HH:MM."""
    m, past = _CLOCK_ZH_RE.search(value), _PAST.search(value)
    if past:  # "half past six", "quarter to 8"
        hour = _HOUR_WORDS.index(past.group(2).lower()) + 1 if past.group(2).isalpha() else int(past.group(2))
        minute = {"half past": 30, "quarter past": 15, "quarter to": 45}[" ".join(past.group(1).lower().split())]
        hour -= past.group(1).lower().endswith("to")
    elif m:
        hour = zh_number(m.group(1))
        minute = zh_number(m.group(2)) if m.group(2) else (30 if m.group(3) else 0)  # 一点十五分 is 1:15
    else:
        m = _CLOCK_EN_RE.search(value.replace(".m.", "m"))
        if not m or (not m.group(2) and not m.group(3) and not _DAY_PART_EN.search(value)):
            return None
        hour, minute = int(m.group(1)), int(m.group(2) or 0)
        if m.group(3) and m.group(3).lower() == "pm" and hour < 12:
            hour += 12
        if m.group(3) and m.group(3).lower() == "am" and hour == 12:
            hour = 0
    return f"{hour:02d}:{minute:02d}" if hour < 24 and minute < 60 else None


_HOUR_WORDS = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"]
#: "half past six", "quarter to 8": a clock time in words (closed class)
_PAST = re.compile(rf"\b(half\s+past|quarter\s+past|quarter\s+to)\s+(\d{{1,2}}|{'|'.join(_HOUR_WORDS)})\b",
                   re.IGNORECASE)
#: "2 in the afternoon": the part of the day said after the hour
_DAY_PART_EN = re.compile(r"\s+in the (?:morning|afternoon|evening)\b", re.IGNORECASE)
_DAY_PART = r"(?:早上|早晨|上午|中午|下午|晚上|傍晚|凌晨|今晚|明晚)"
_CLOCK_SPAN_RES = (
    re.compile(rf"{_DAY_PART}?\s*(?<!同)(?<!第)(?:\d{{1,2}}|[一二两三四五六七八九十]{{1,3}})\s*[点點时](?!间)"
               rf"(?:(?:\d{{1,2}}|[一二两三四五六七八九十]{{1,3}})分|半|整)?"),
    re.compile(rf"{_PAST.pattern}(?:{_DAY_PART_EN.pattern})?|\b\d{{1,2}}(?::\d{{2}})?{_DAY_PART_EN.pattern}",
               re.IGNORECASE),
    re.compile(r"\b\d{1,2}(?::\d{2})?\s*(?:am|pm|a\.m\.|p\.m\.)(?![a-z])|\b\d{1,2}:\d{2}\b|\bnoon\b|\bmidnight\b"
               r"|(?<=\bat )(?:[01]?\d|2[0-4])(?!\d)"  # an hour of the clock: "died at 36" is no time
               r"(?=\s*(?:$|[^\w\s]|o'clock|tonight|tomorrow|today|on\b|this\b|next\b|in the\b))", re.IGNORECASE),
)
_EVENING = re.compile(r"tonight|afternoon|evening|night|下午|晚上|傍晚|今晚|明晚", re.IGNORECASE)


def wants_clock(name: str, schema: dict[str, Any]) -> bool:
    """Whether a parameter asks for a clock time (its text says HH:MM and no date, or its values are clock times)."""
    text = param_text(name, schema).upper()
    return "HH:MM" in text and "YYYY" not in text or clock_values(schema)


#: words of a parameter for the hour a thing starts on the clock, not for how many hours it lasts (closed class)
_HOUR_OF_DAY = re.compile(r"24[- ]?hour|24\s*小时制|o'clock|整点|\bhour of (?:the )?day\b|\bstart(?:ing)? hour\b|几点",
                          re.IGNORECASE)


def wants_hour(name: str, schema: dict[str, Any]) -> bool:
    """Whether an integer parameter asks for an hour of the clock ("start_hour: 24-hour clock, 8 to 21"): a time
    the user says ("from 2pm", 晚上七点) is read as that hour; a duration ("two hours") is not."""
    return main_type(schema) == "integer" and bool(
        re.search(r"(?:^|_)hour$", name) or _HOUR_OF_DAY.search(param_text(name, schema)))


def clock_values(schema: dict[str, Any]) -> bool:
    """Whether a parameter's enum lists clock times ("08:00", "13:30"): a time the user says is one of them."""
    values = schema.get("enum")
    return isinstance(values, list) and bool(values) and all(
        isinstance(v, str) and re.fullmatch(r"\d{2}:\d{2}", v) for v in values)


def wants_day(name: str, schema: dict[str, Any]) -> bool:
    """Whether a parameter asks for a calendar day as YYYY-MM-DD (``format: date``, or its description says so)."""
    return schema.get("format") == "date" or "YYYY-MM-DD" in param_text(name, schema).upper()


@functools.lru_cache(maxsize=4096)
def clock_spans(text: str) -> tuple[tuple[int, int], ...]:
    """Spans of clock times ("7:30pm", "at 9", "晚上六点半", "noon"), without the day they are on."""
    return _first_spans(_CLOCK_SPAN_RES, text)


def clock_of(value: str, around: str = "") -> str | None:
    """A clock time as HH:MM; ``around`` is the text near it ("tonight at 9" is 21:00)."""
    low = value.strip().lower()
    if low in ("noon", "midday"):
        return "12:00"
    if low == "midnight":
        return "00:00"
    got = _clock(value)
    if got is None and re.fullmatch(r"\d{1,2}", low):
        hour = int(low)
        got = f"{hour:02d}:00" if hour < 24 else None
    if got and _EVENING.search(around + value) and int(got[:2]) < 12 and not re.search(r"am|a\.m\.", low):
        got = f"{int(got[:2]) + 12:02d}{got[2:]}"
    return got


def resolve_date(value: str, schema: dict[str, Any], name: str, today: datetime.date | None) -> str | None:
    """"tomorrow" as YYYY-MM-DD when the parameter wants that format and the conversation states ``today``
    (``day_resolver.today_in``: never the first date the context holds, such as an order's day);
    "7pm" / "7点" as HH:MM when the parameter wants a clock time."""
    text = param_text(name, schema)
    if "HH:MM" in text.upper() and "YYYY" not in text.upper():
        return clock_of(value)
    if schema.get("format") != "date" and "YYYY-MM-DD" not in text.upper():
        return None
    if not today:
        return None
    word = value.strip().lower()
    for rel, days in _RELATIVE_DAYS:
        if word == rel:
            return (today + datetime.timedelta(days=days)).isoformat()
    return None



#: what joins the two ends of a stretch of the clock ("9:00-12:00", "6pm till 10pm", "三点到六点")
_TILL = r"(?:till|until|to|through|-|–|—|~|～|到|至)"
_RANGE_RE = re.compile(rf"(\d{{1,2}})(?:[:：.](\d{{2}}))?\s*{_TILL}\s*(\d{{1,2}})(?:[:：.](\d{{2}}))?")
#: "around 6", "about 7": a bare hour, not said as a clock time elsewhere
_ABOUT_RE = re.compile(r"\b(?:around|about|say|at)\s+(\d{1,2})(?=\s*(?:$|[^\w\s]|or so|ish|o'clock))",
                       re.IGNORECASE)


def _windows(schema: dict[str, Any]) -> dict[str, tuple[int, int]]:
    """The clock hours a description gives each enum value, in minutes of the day ("morning = 08:00-12:00;
    evening = 17:00-20:00", "afternoon=下午 13:00-17:00")."""
    about = str(schema.get("description", ""))
    values = [v for v in schema.get("enum", []) if isinstance(v, str)]
    spots = sorted((m.start(), m.end(), v) for v in values
                   for m in rx(rf"(?<![\w-]){re.escape(v)}(?![\w-])").finditer(about))
    out: dict[str, tuple[int, int]] = {}
    for i, (_, end, value) in enumerate(spots):
        stop = spots[i + 1][0] if i + 1 < len(spots) else len(about)
        m = _RANGE_RE.search(about[end:stop])
        if m and value not in out:
            a, b = int(m.group(1)) * 60 + int(m.group(2) or 0), int(m.group(3)) * 60 + int(m.group(4) or 0)
            if a < b <= 24 * 60:
                out[value] = (a, b)
    return out


def window_value(schema: dict[str, Any], text: str) -> tuple[str, str] | None:
    """The enum value whose hours, as its description gives them, hold the clock time the user said ("at 6:30pm"
    is evening when evening = 17:00-20:00); a bare hour ("around 6") may be morning or evening: it counts when only
    one window holds it. Returns ``(value, the words said)``."""
    said = [(text[a:b], text[max(0, a - 12):b + 12]) for a, b in clock_spans(text)]
    said += [(m.group(1), "") for m in _ABOUT_RE.finditer(text) if not any(m.group(1) in s for s, _ in said)]
    windows = _windows(schema) if said else {}  # no time said: the description need not be read
    if len(windows) < 2:
        return None
    found: set[str] = set()
    words = ""
    for span, around in said:
        clock = clock_of(span, around)
        if clock is None:
            continue
        minutes = int(clock[:2]) * 60 + int(clock[3:])
        bare = re.fullmatch(r"(?:at\s+)?\d{1,2}", span.strip(), re.IGNORECASE) and not _EVENING.search(around)
        times = [minutes, minutes + 12 * 60] if bare and minutes < 12 * 60 else [minutes]
        held = {v for v, (a, b) in windows.items() for t in times if a <= t < b}
        if len(held) == 1:
            found |= held
            words = span
    return (found.pop(), words) if len(found) == 1 else None


_UNTIL = re.compile(rf"\s*{_TILL}\s*", re.IGNORECASE)


def clock_range(text: str) -> tuple[int, str] | None:
    """How long a stretch of the clock lasts, in minutes, when the text gives one ("6pm till 10pm", "下午三点到六点":
    240, 180), with the words; None unless exactly one such stretch is said."""
    spans = clock_spans(text)
    found = []
    for (a, b), (c, d) in zip(spans, spans[1:]):
        if not _UNTIL.fullmatch(text[b:c]):
            continue
        start, end = clock_of(text[a:b], text[max(0, a - 12):a]), clock_of(text[c:d], text[max(0, a - 12):c])
        if start is None or end is None:
            continue
        minutes = (int(end[:2]) - int(start[:2])) * 60 + int(end[3:]) - int(start[3:])
        if minutes > 0:
            found.append((minutes, text[a:d]))
    return found[0] if len(found) == 1 else None
