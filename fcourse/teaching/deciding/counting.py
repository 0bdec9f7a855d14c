"""Which number counts what: the count among several numbers, people counted without one, a number's noun.

Part of the teaching model's argument checking (chapter 3, stage 4b; used by
``fcourse.teaching.deciding.given_values``). A request often holds several numbers -
"a room for an hour, six people" - and a tool several numeric parameters. The
noun after a number says what it counts ("six *people*", "两张*儿童*票"), and
the parameter's description says what it wants ("Number of people attending",
"儿童人数" through its glosses): a number goes to the one parameter whose
description shares its noun. The small closed classes below (measure words,
words for a total, ways to count people without a number) are grammar of the
two languages, not phrases of any request.
"""

from __future__ import annotations

import re
from typing import Any

from fcourse.teaching.reading.numbers import MEASURE_WORDS

__all__ = ["counted_by_noun", "counting_numbers", "counts_people", "measure_word", "people_said"]

#: closed classes of both languages: a number that labels rather than counts (二等座, 3号楼, the 2nd), words that
#: give a total (一共, in total), and Chinese measure words that count (三个人, 八位, 两张)
_LABELS = re.compile(r"^(?:等|号|楼|层|级|期|代|路|年级|st\b|nd\b|rd\b|th\b|%|-)")
_TOTAL = re.compile(r"(?:一共|总共|共|总计|合计|\bin total\b|\baltogether\b|\ball together\b|\btotal of\b)\s*$",
                    re.IGNORECASE)
_MEASURE = re.compile("^(?:" + "|".join(MEASURE_WORDS) + "|个)")


def measure_word(text: str) -> str:
    """The Chinese measure word ``text`` opens with ("个" in "个大号"), or ""."""
    m = _MEASURE.match(text)
    return m.group() if m else ""


def counting_numbers(text: str, free: list[Any]) -> list[Any]:
    """Of several numbers, the ones that count something: a total first, else those with a measure word."""
    counting = [n for n in free if not _LABELS.match(text[n.end:].lstrip())]
    totals = [n for n in counting if _TOTAL.search(text[:n.start])]
    if totals:
        return totals
    measured = [n for n in counting if _MEASURE.match(text[n.end:])]
    return measured if len(measured) == 1 else counting


#: a number parameter that counts people, and the ways both languages count them without a number (closed classes:
#: "just me", "me and my partner", "我和我老婆", "就我一个人")
_PEOPLE = re.compile(r"\b(?:people|persons?|guests?|riders?|passengers?|adults?|attendees|players|party|diners?)\b"
                     r"|人数|几人|人", re.IGNORECASE)
_ONE = re.compile(r"\b(?:just (?:for )?me|only me|for me alone|just myself|solo|by myself|on my own)\b"
                  r"|就我(?:一个人)?|只有我|我自己|我一个人", re.IGNORECASE)
_TWO = re.compile(r"\b(?:me and (?:my|a) \w+|my \w+ and me|the two of us|both of us)\b"
                  r"|我和我?(?:老婆|老公|朋友|妻子|丈夫|爱人|女朋友|男朋友|妈妈|爸爸|儿子|女儿|同事)|我们俩|我俩",
                  re.IGNORECASE)
#: right after a number: the people it counts ("six people", "four of us", "八个人", "三位")
_PEOPLE_AFTER = re.compile(r"\s*(?:people|persons?|guests?|attendees|participants|pax|of us)\b|(?:个|位|名)?人|位",
                           re.IGNORECASE)


def counts_people(param_text: str) -> bool:
    """Whether a numeric parameter's name and description say it counts people."""
    return bool(_PEOPLE.search(param_text))


def people_said(text: str) -> tuple[int, str] | None:
    """How many people the user counted without a number ("just me" is 1, "me and my partner" 2), if clear."""
    one, two = _ONE.search(text), _TWO.search(text)
    if bool(one) == bool(two):
        return None
    return (1, one.group()) if one else (2, two.group())  # type: ignore[union-attr]


#: words any numeric description uses, which say nothing about what is counted
_VAGUE = frozenset({"number", "how", "mani", "much", "count", "total", "amount", "of", "the", "a", "to", "in", "for",
                    "数量", "数目", "多少", "几", "个数"})


def _words(text: str) -> set[str]:
    """English stems and Chinese words of ``text``, with the Chinese words' CC-CEDICT glosses (stemmed)."""
    from fcourse.teaching.reading.analysis import stem
    from fcourse.teaching.reading.glosses import english_words

    out = {stem(w) for w in re.findall(r"[A-Za-z]{2,}", text)}
    if re.search(r"[\u4e00-\u9fff]", text):
        from fcourse.teaching.reading.segmenter import segment

        for word, _, _ in segment(text):
            if re.fullmatch(r"[\u4e00-\u9fff]{2,}", word):
                out.add(word)
                out |= {stem(g) for g in english_words(word)}
    return out - _VAGUE


def _unit_after(text: str, end: int) -> str:
    """The Chinese character right after a number, its unit or measure word ("岁" in 三十岁, "平" in 八十平), or ""
    for 个, which counts anything."""
    unit = text[end:end + 1]
    return unit if re.fullmatch(r"[\u4e00-\u9fff]", unit) and unit != "个" else ""


def _counted_in(unit: str, about: str) -> bool:
    """Whether a parameter's description counts in ``unit``: a Chinese word of it begins with the unit (张 for
    张数, 平 for 平方米), or the unit's CC-CEDICT glosses share an English word with it (岁: "years", "age")."""
    from fcourse.teaching.reading.analysis import stem
    from fcourse.teaching.reading.glosses import english_words
    from fcourse.teaching.reading.segmenter import segment

    if any(w.startswith(unit) and len(w) > 1 for w, _, _ in segment(about)):
        return True
    english = {stem(w) for w in re.findall(r"[A-Za-z]{2,}", about)} - _VAGUE
    return bool(english & {stem(g) for g in english_words(unit)} - {"classifi", "unit", "measur"})


def _noun_after(text: str, end: int) -> str:
    """The words right after a number: the next English word, or what follows a Chinese measure word."""
    rest = text[end:end + 30]
    m = re.match(r"\s*(?:more\s+|extra\s+|additional\s+)?([A-Za-z]+)", rest)
    if m:
        return m.group(1)
    m = _MEASURE.match(rest)
    rest = rest[m.end():] if m else rest
    m = re.match(r"[\u4e00-\u9fff]{1,4}", rest)
    return m.group() if m else ""


def counted_by_noun(text: str, free: list[Any], props: dict[str, Any], names: list[str]) -> dict[str, Any]:
    """Each parameter of ``names`` and the one number whose noun its description shares ("six people" for
    "Number of people attending"; "两张儿童票" for "Number of children"): only when the parameter has one such
    number, the number one such parameter, and the value fits the schema's range."""
    from fcourse.teaching.deciding.choosing import WAS_CUES
    from fcourse.teaching.deciding.moves import is_new
    from fcourse.teaching.reading.extract import preceded_by
    from fcourse.teaching.reading.params import param_text

    wants = {n: _words(param_text(n, props[n])) for n in names}
    pairs: list[tuple[str, Any]] = []
    for number in free:
        noun = _noun_after(text, number.end)
        said = _words(noun) if noun else set()
        people = bool(_PEOPLE_AFTER.match(text, number.end))
        unit = _unit_after(text, number.end)
        for name in names:
            sub = props[name]
            lo, hi = sub.get("minimum"), sub.get("maximum")
            if lo is not None and number.value < lo or hi is not None and number.value > hi:
                continue
            if sub.get("type") == "integer" and number.value != int(number.value):
                continue
            if is_new(name, sub) and preceded_by(text, number.start, WAS_CUES):
                continue  # "原来六个人，现在九个": the number it had is no new number
            if said & wants[name] or people and counts_people(param_text(name, sub)) or \
                    unit and _counted_in(unit, param_text(name, sub)):
                pairs.append((name, number))
    out = {}
    for name, number in pairs:
        if sum(1 for n, _ in pairs if n == name) == 1 and sum(1 for _, m in pairs if m is number) == 1:
            out[name] = number
    return out
