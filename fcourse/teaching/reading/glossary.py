"""Chinese words for the fields and values of a tool result, the sense chosen by its neighbours (issue 36).

Introduced in chapter 2 (the answer after a tool result). ``data/business_glossary.json`` was compiled by a
helper session that read no project file (its ``about`` says how): 2,699 field-name terms, 758 enum and
status values and 224 units of everyday business APIs (times, money, people, places, orders, bookings,
accounts, vehicles, health, education, utilities), each term a list of senses ``{"zh", "cues"}``. A sense's
cues are English words expected in the neighbouring field names or in the tool's name and description; the
last sense has none and is the general default. ``pickup`` is 取车 beside ``car_class`` and 取件 beside
``parcel``; ``return`` is 还车 in a car rental and 退货 in a shop.

- ``term_zh(words, cues)``: a field name's words in Chinese, the longest glossary phrases first ("car class"
  -> 车型, "waitlist position" -> 候补排位), the sense with the most cue matches (ties: the earlier sense; no
  match: the default); None when a content word is in no glossary - the caller then says the value without
  a label rather than invent one;
- ``value_zh(value, cues)``: an enum or status value ("waitlisted" -> 候补中, ``pending_review`` -> 待审核);
- ``unit_zh(unit)``: a unit ("m3" -> 立方米).

Words this glossary lacks (weather words, the verbs of tool descriptions) come from the older one-sense
glossary (``data/field_glossary.json``, also compiled blind), which ``field_words`` keeps for them.
Both files are read once per process and indexed by phrase; a lookup is a few dictionary reads.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from functools import lru_cache
from importlib.resources import files
from typing import Any

__all__ = ["cue_words", "is_term", "term_zh", "unit_zh", "value_zh"]

#: the longest phrase the glossary holds, in words
_LONGEST = 4
#: words a phrase may drop without losing its meaning
_ARTICLES = frozenset({"a", "an", "the", "its", "their", "your", "my", "our", "this", "that"})


@lru_cache(maxsize=1)
def _data() -> dict[str, Any]:
    path = files("fcourse.teaching.reading") / "data" / "business_glossary.json"
    return json.loads(path.read_text(encoding="utf-8"))


@lru_cache(maxsize=1)
def _old() -> dict[str, str]:
    path = files("fcourse.teaching.reading") / "data" / "field_glossary.json"
    return dict(json.loads(path.read_text(encoding="utf-8"))["words"])


def cue_words(texts: Iterable[str]) -> frozenset[str]:
    """The lower-case English words of field names, tool names and descriptions, singular forms added
    ("car_class", "Rent a car" -> car, class, rent)."""
    out: set[str] = set()
    for text in texts:
        spaced = re.sub(r"([a-z])([A-Z])", r"\1 \2", str(text))
        for w in re.findall(r"[a-z]+", spaced.lower()):
            out.add(w)
            for form in _singulars(w):
                out.add(form)
    return frozenset(out)


def _singulars(word: str) -> tuple[str, ...]:
    if len(word) < 4 or not word.endswith("s") or word.endswith("ss"):
        return ()
    forms = [word[:-1]]
    if word.endswith("ies"):
        forms.append(word[:-3] + "y")
    if word.endswith("es"):
        forms.append(word[:-2])
    return tuple(forms)


def _choose(senses: list[dict[str, Any]], cues: frozenset[str]) -> str:
    """The sense with the most cue matches (ties: the earlier one); with no match, the last (the default)."""
    best, best_n = senses[-1]["zh"], 0
    for sense in senses:
        n = sum(1 for c in sense["cues"] if c in cues)
        if n > best_n:
            best, best_n = sense["zh"], n
    return str(best)


def _senses(table: dict[str, Any], phrase: str) -> list[dict[str, Any]] | None:
    if phrase in table:
        return table[phrase]
    words = phrase.split()
    for form in _singulars(words[-1]) if words else ():
        key = " ".join([*words[:-1], form])
        if key in table:
            return table[key]
    return None


@lru_cache(maxsize=8192)
def _term(words: tuple[str, ...], cues: frozenset[str], values_too: bool) -> str | None:
    if "of" in words[1:-1]:  # "last four digits of the card": the owner first in Chinese, 卡的后四位
        i = words.index("of")
        head, owner = _term(words[:i], cues, values_too), _term(words[i + 1:], cues, values_too)
        if head and owner:
            return f"{owner}的{head}"
    terms, values, old = _data()["terms"], _data()["values"], _old()
    out: list[str] = []
    i = 0
    while i < len(words):
        if words[i] in _ARTICLES:
            i += 1
            continue
        for n in range(min(_LONGEST, len(words) - i), 0, -1):
            phrase = " ".join(words[i:i + n])
            senses = _senses(terms, phrase) or (_senses(values, phrase) if values_too else None)
            if senses:
                out.append(_choose(senses, cues))
                break
            if phrase in old:
                out.append(str(old[phrase]))
                break
        else:
            if words[i].isdigit():
                out.append(words[i])
            elif words[i] == "and":
                out.append("和")
            elif re.fullmatch(r"[\u4e00-\u9fff]+", words[i]):
                out.append(words[i])
            else:
                return None
            n = 1
        i += n
    return "".join(out) or None


def is_term(word: str) -> bool:
    """Whether a glossary has ``word`` as a field-name term (a noun: "passenger", "seat")."""
    return word.lower() in _data()["terms"] or word.lower() in _old()


def term_zh(words: Iterable[str], cues: frozenset[str] = frozenset()) -> str | None:
    """A field name's words in Chinese (see the module's docstring), or None."""
    norm = tuple(w.lower().removesuffix("'s") for w in words if w and w.strip())
    return _term(norm, cues, False) if norm else None


def value_zh(value: str, cues: frozenset[str] = frozenset()) -> str | None:
    """An enum or status value in Chinese ("waitlisted" -> 候补中, "out_for_delivery" -> 派送中), or None."""
    key = re.sub(r"\s+", " ", re.sub(r"[_\-]", " ", str(value))).strip().lower()
    if not key or len(key) > 60 or not re.search(r"[a-z]{2}", key):  # a number or a date is no value's word
        return None
    senses = _senses(_data()["values"], key)
    if senses:
        return _choose(senses, cues)
    return _term(tuple(key.split()), cues, True)


def unit_zh(unit: str) -> str | None:
    """A unit in Chinese ("m3" -> 立方米, "nights" -> 晚), or None."""
    spec = _data()["units"].get(str(unit).lower())
    return str(spec["zh"]) if spec else None
