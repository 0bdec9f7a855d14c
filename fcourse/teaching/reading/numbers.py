"""Numbers in a request, written as digits, Chinese numerals or English number words; and lengths of time.

Introduced in chapter 3. "一千五" is 1500, "three boxes" is 3, "twenty percent"
is 20: a schema that asks for a number needs the number, not the words.
Chinese numerals are read by ``cn2an`` (MIT licence), English number words by
``word2number`` (MIT licence); both are imported on first use. A run of digits
glued to letters or to a letter-hyphen (an id such as L-4821, YT7712093388, a
phone number with +) is an identifier, not a quantity, and is skipped.

``durations_in`` reads lengths of time in minutes ("half an hour", "两个半小时"),
so a parameter counted in minutes or hours gets the number in its own unit.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = ["MEASURE_WORDS", "Duration", "Number", "durations_in", "is_age", "numbers_in", "unit_of"]

#: digits glued to letters are an id's (L-4821, 12-ABC), but a hyphen and a lower-case word is a unit ("45-minute")
_DIGITS = re.compile(r"(?<![A-Za-z0-9_+.])(?<![A-Za-z]-)\d+(?:\.\d+)?(?!(?!-[a-z]{3,}\b)[A-Za-z0-9_.-]*[A-Za-z]|\d)")
_CN = re.compile(r"[零〇一二两三四五六七八九十百千万亿]+(?:点[零〇一二三四五六七八九]+)?")
_EN_WORD = (r"zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|"
            r"sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|"
            r"hundred|thousand|million")
# (?<![A-Za-z]), not \b: in mixed text a number word sits right against Chinese ("我有four pieces")
_EN = re.compile(rf"(?<![A-Za-z])(?:{_EN_WORD})(?:(?:\s+and\s+|[\s-]+)(?:{_EN_WORD}))*(?![A-Za-z])", re.IGNORECASE)


#: Chinese measure words that count (a closed class; the longer ones first): 三个人, 八位, 两张, 一套. The bare 个 is
#: left out: after 一 it is mostly the article "a" (一个问题)
MEASURE_WORDS = tuple("个月 个人 小时 分钟 位 名 张 枝 支 朵 只 台 件 份 间 "
                      "晚 夜 次 本 瓶 盒 箱 袋 辆 天 周 碗 杯 条 双 "
                      "把 块 套 盆 束 包 罐 颗 串 副".split())
_ONE_COUNTED = re.compile("(?:" + "|".join(MEASURE_WORDS) + ")")
#: "要一个", "加一个", "买一个": one thing asked for, after a verb of getting (a closed class), counts
_ONE_GOT = re.compile(r"(?<=[要加买订租点换])一(?=个)")


_DOZEN = re.compile(r"\b(half a|an?|\d+|one|two|three|four|five|six|seven|eight|nine|ten)\s+dozen\b", re.IGNORECASE)


@dataclass(frozen=True)
class Number:
    """A number found in text: its value and where it was written."""

    value: int | float
    start: int
    end: int
    text: str


def _value(x: float) -> int | float:
    return int(x) if float(x).is_integer() else float(x)


def numbers_in(text: str) -> list[Number]:
    """Every number written in ``text``, in order of position (identifiers' digits excluded)."""
    found: list[Number] = []
    for m in _DIGITS.finditer(text):
        found.append(Number(_value(float(m.group())), m.start(), m.end(), m.group()))
    for m in _CN.finditer(text):
        token, start, end = m.group(), m.start(), m.end()
        if token.endswith("千") and re.match(r"[瓦米克]", text[end:]):  # 八千瓦 is 8 kW (千瓦), not 8000 W
            token, end = token[:-1], end - 1
        if token in ("", "万", "亿", "千", "百") or token == "一" and not (
                _ONE_COUNTED.match(text, end) or _ONE_GOT.match(text, start)):
            continue  # a lone 一 is mostly the article "a" (一下, 一个问题); "一个人", "一晚", "一张" count
        import cn2an

        try:
            found.append(Number(_value(float(cn2an.cn2an(token, "smart"))), start, end, token))
        except (ValueError, KeyError):
            continue
    for m in _EN.finditer(text):
        from word2number import w2n

        try:
            found.append(Number(_value(w2n.word_to_num(m.group().lower())), m.start(), m.end(), m.group()))
        except ValueError:
            continue
    for m in _DOZEN.finditer(text):  # "a dozen" is 12, "two dozen" 24, "half a dozen" 6
        found = [n for n in found if not (m.start() <= n.start and n.end <= m.end())]
        count = 0.5 if m.group(1).lower().startswith("half") else _amount(m.group(1).split()[-1])
        found.append(Number(_value(12 * count), m.start(), m.end(), m.group()))
    return sorted(found, key=lambda n: (n.start, -n.end))


# ---------------------------------------------------------------- durations

#: minutes in each unit of time (closed classes of both languages)
_UNIT_MINUTES = {"minute": 1, "hour": 60, "day": 1440, "week": 10080, "month": 43200, "year": 518400}
_SPELLED = {**_UNIT_MINUTES, "fortnight": 20160}  # a night is a day of a stay, a fortnight two weeks
_EN_UNIT = r"(?P<unit>minutes?|mins?|hours?|hrs?|days?|nights?|weeks?|fortnights?|months?|years?)\b"
_EN_DURATION = re.compile(
    rf"\b(?:(?P<half>half an?|a half|half)[\s-]+(?P<hunit>hour|day)|(?P<quarter>a quarter of an hour)"
    rf"|(?P<n>\d+(?:\.\d+)?|an?|another|{_EN_WORD})(?:\s+and\s+a\s+half)?[\s-]*{_EN_UNIT}"
    rf"(?P<andhalf>\s+and\s+a\s+half)?)",
    re.IGNORECASE)
_ZH_DURATION = re.compile(r"(?P<n>\d+|[零一二两三四五六七八九十百]+)?(?:个)?(?P<half>半)?(?:个)?"
                          r"(?P<unit>小时|钟头|分钟|天|晚|夜|周|星期|个月|年)|(?P<quarter>一刻钟)")
_ZH_UNITS = {"小时": "hour", "钟头": "hour", "分钟": "minute", "天": "day", "晚": "day", "夜": "day", "周": "week",
             "星期": "week",
             "个月": "month", "年": "year"}


@dataclass(frozen=True)
class Duration:
    """A length of time written in text, in minutes."""

    minutes: float
    start: int
    end: int
    text: str


def _amount(token: str) -> float:
    low = token.lower()
    if low in ("a", "an", "another"):
        return 1.0
    if re.fullmatch(r"\d+(?:\.\d+)?", low):
        return float(low)
    if re.fullmatch(r"[零一二两三四五六七八九十百]+", token):
        import cn2an

        return float(cn2an.cn2an(token, "smart"))
    from word2number import w2n

    return float(w2n.word_to_num(low))


#: what makes "N years" an age: "41 years old", "a 6-month-old puppy" (a closed class)
_AGE = re.compile(r"[\s-]+old\b", re.IGNORECASE)


def is_age(text: str, duration: Duration) -> bool:
    """Whether a length of time in ``text`` is someone's age ("41 years old", "6-year-old twins")."""
    return _AGE.match(text, duration.end) is not None


def durations_in(text: str) -> list[Duration]:
    """Every length of time in ``text`` ("half an hour", "90 min", "两个半小时", "两天"), in minutes."""
    found: list[Duration] = []
    for m in _EN_DURATION.finditer(text):
        if m.group("quarter"):
            minutes = 15.0
        elif m.group("half"):
            minutes = _UNIT_MINUTES[m.group("hunit").lower()] / 2
        else:
            word = m.group("unit").lower()
            unit = "hour" if word.startswith("hr") else "day" if word.startswith("night") else "fortnight" \
                if word.startswith("fort") else next(u for u in _UNIT_MINUTES if word.startswith(u[:2]))
            try:
                amount = _amount(m.group("n"))
            except ValueError:
                continue
            minutes = (amount + (0.5 if "half" in m.group() else 0)) * _SPELLED[unit]
        found.append(Duration(minutes, m.start(), m.end(), m.group()))
    for m in _ZH_DURATION.finditer(text):
        if m.group("quarter"):
            found.append(Duration(15.0, m.start(), m.end(), m.group()))
            continue
        unit = m.group("unit")
        if not (m.group("n") or m.group("half")) or unit == "年" and m.group("n") and len(m.group("n")) == 4:
            continue  # "2027年" is a year of the calendar, not a length of time
        try:
            amount = _amount(m.group("n")) if m.group("n") else 0.0
        except (ValueError, KeyError):
            continue
        minutes = (amount + (0.5 if m.group("half") else 0)) * _UNIT_MINUTES[_ZH_UNITS[unit]]
        found.append(Duration(minutes, m.start(), m.end(), m.group()))
    return sorted(found, key=lambda d: d.start)


def unit_of(description: str) -> str | None:
    """The unit of time a number parameter is counted in, when its description names one."""
    low = description.lower()
    for unit, words in (("minute", ("minute", "分钟")), ("hour", ("hour", "小时")),
                        ("day", ("day", "天", "night", "晚")),
                        ("week", ("week", "周")), ("month", ("month", "月")), ("year", ("year", "年"))):
        if any(w in low for w in words):
            return unit
    return None
