"""Numbers in a request, written as digits, Chinese numerals or English number words.

Introduced in chapter 3. "一千五" is 1500, "three boxes" is 3, "twenty percent"
is 20: a schema that asks for a number needs the number, not the words.
Chinese numerals are read by ``cn2an`` (MIT licence), English number words by
``word2number`` (MIT licence); both are imported on first use. A run of digits
glued to letters or to a letter-hyphen (an id such as L-4821, YT7712093388, a
phone number with +) is an identifier, not a quantity, and is skipped.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = ["Number", "numbers_in"]

_DIGITS = re.compile(r"(?<![\w+.])(?<![A-Za-z]-)\d+(?:\.\d+)?(?![\w.-]*[A-Za-z]|\d)")
_CN = re.compile(r"[零〇一二两三四五六七八九十百千万亿]+(?:点[零〇一二三四五六七八九]+)?")
_EN_WORD = (r"zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|"
            r"sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|"
            r"hundred|thousand|million")
_EN = re.compile(rf"\b(?:{_EN_WORD})(?:(?:\s+and\s+|[\s-]+)(?:{_EN_WORD}))*\b", re.IGNORECASE)


_ONE_COUNTED = re.compile(r"(?:个人|位|名|张|间|晚|夜|天|周|个月|小时|份|枝|支|朵|瓶|盒|箱|袋|台|辆|件|本)")


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
        if m.group() in ("万", "亿", "千", "百") or m.group() == "一" and not _ONE_COUNTED.match(text, m.end()):
            continue  # a lone 一 is mostly the article "a" (一下, 一个问题); "一个人", "一晚", "一张" count
        import cn2an

        try:
            found.append(Number(_value(float(cn2an.cn2an(m.group(), "smart"))), m.start(), m.end(), m.group()))
        except (ValueError, KeyError):
            continue
    for m in _EN.finditer(text):
        from word2number import w2n

        try:
            found.append(Number(_value(w2n.word_to_num(m.group().lower())), m.start(), m.end(), m.group()))
        except ValueError:
            continue
    return sorted(found, key=lambda n: (n.start, -n.end))
