"""The words in a field name, and in a tool's own description, for a reply a person reads (issue 26).

Introduced in chapter 2 (the answer after a tool result). A result's keys are written for programs:
``temp_c``, ``availableBalance``, ``eta``. ``label_of(key)`` reads one as words - split at ``_``, ``-``
and capitals, abbreviations written out (``temp`` -> temperature), a unit suffix taken off and kept as
the unit (``_c`` -> °C, ``_km`` -> km) - so a reply says "the temperature is 3 °C", never ``temp_c``.

For a Chinese reply, ``in_chinese(words)`` puts such words into Chinese: word by word from a glossary of
the words JSON APIs and one-line tool descriptions use (``data/field_glossary.json``: about 500 words,
60 abbreviations, 40 unit suffixes), two-word entries before single words, "X of Y" as Y的X - or ``None``
when a content word is not in it, so the caller keeps the English rather than print half a translation.

Why a glossary and not the dictionary: CC-CEDICT read backwards (``glosses``), ranked by HSK band and
jieba's frequencies and even re-ranked by the multilingual sentence encoder, gave 命令总数 for "order
total" and 地位 for "status": a field name is too short to choose a sense from. The glossary was written
by a helper session that read no project file (its ``about`` says so), from general knowledge of APIs and
of customer-service Chinese, before any reply was worded with it.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from importlib.resources import files
from typing import Any

__all__ = ["Label", "Unit", "in_chinese", "label_of", "unit_of_currency"]

_WORD = re.compile(r"[\u4e00-\u9fff]+|[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+")
#: short words a reply writes in capitals
_ACRONYMS = frozenset({"id", "sku", "url", "vin", "pin", "iban", "vat", "isbn", "imei", "api", "sms", "pdf", "qr"})
#: English words a Chinese phrase leaves out
_ARTICLES = frozenset({"a", "an", "the", "its", "their", "your", "my", "our", "this", "that"})


@dataclass(frozen=True)
class Unit:
    """How a reply writes a unit: ``en`` ("km", "°C", "USD"), ``zh`` ("公里", "°C", "美元"), and its ``kind``."""

    en: str
    zh: str
    kind: str


@dataclass(frozen=True)
class Label:
    """A field name as words (``words``, lower case), its ``unit`` if its suffix names one, and the key itself."""

    key: str
    words: tuple[str, ...]
    unit: Unit | None = None

    @property
    def en(self) -> str:
        """The label in an English sentence: "available balance", "order ID"."""
        return " ".join(w.upper() if w in _ACRONYMS else w for w in self.words)

    @property
    def zh(self) -> str:
        """The label in a Chinese sentence: the glossaries' words, else the English words."""
        return self.zh_in() or self.en

    def zh_in(self, cues: frozenset[str] = frozenset()) -> str | None:
        """The label in Chinese, its sense chosen by ``cues`` (the words of the neighbouring fields and the tool,
        ``glossary``), or None when no glossary has a content word of it: the caller says the value alone."""
        from fcourse.teaching.reading.glossary import term_zh

        return term_zh(self.words, cues) or in_chinese(self.words)


@lru_cache(maxsize=1)
def _glossary() -> dict[str, Any]:
    path = files("fcourse.teaching.reading") / "data" / "field_glossary.json"
    return json.loads(path.read_text(encoding="utf-8"))


def _unit(name: str) -> Unit | None:
    spec = _glossary()["units"].get(name.lower())
    return Unit(spec["en"], spec["zh"], spec["kind"]) if spec else None


def unit_of_currency(code: str) -> Unit:
    """A currency as a unit: the glossary's rendering of a code it knows ("EUR" -> 欧元), else the code itself."""
    known = _unit(code)
    if known is not None and known.kind == "currency":
        return Unit(code.upper(), known.zh, "currency")
    return Unit(code.upper(), code.upper(), "currency")


#: words before a final "min" that make it minutes ("duration_min"), not a minimum ("temp_min")
_TIME_WORDS = frozenset({"duration", "time", "wait", "delay", "travel", "drive", "driving", "walk", "walking", "ride",
                         "length", "eta", "elapsed", "remaining", "left", "runtime", "trip"})


@lru_cache(maxsize=4096)
def label_of(key: str) -> Label:
    """``key`` read as words: "temp_c" -> temperature (°C), "availableBalance" -> available balance.

    A final "min" is minutes after a word of time ("duration_min") and a minimum otherwise ("temp_min" ->
    minimum temperature); a short acronym stays as it is ("order_id" -> order ID, not "identifier").
    """
    words = [w.lower() for w in _WORD.findall(key)] or [key]
    tail = re.split(r"[_\-\s]+", key.lower())
    if len(tail) > 1 and re.fullmatch(r"[a-z]+\d", tail[-1]) and _unit(tail[-1]):  # "volume_m3": a unit m3
        return Label(key, tuple(w.lower() for w in _WORD.findall("_".join(tail[:-1]))), _unit(tail[-1]))
    unit = _unit(words[-1]) if len(words) > 1 else None
    if unit is None and len(words) > 1 and words[-1] == "min":
        if words[-2] in _TIME_WORDS:
            unit = _unit("minutes")
        else:
            words = ["minimum", *words[:-1]]
            return label_of("_".join(words))
    if unit is not None:
        words = words[:-1]
    abbreviations = _glossary()["abbreviations"]
    spelled = [part for w in words for part in (w.split() if w in _ACRONYMS else str(abbreviations.get(w, w)).split())]
    return Label(key, tuple(spelled), unit)


def _chinese_word(word: str, noun: bool = False) -> str | None:
    """One English word in Chinese. ``noun``: the word stands where a noun does (after a verb), so its plural's
    entry comes first when the glossary has one - a plural is a noun ("book" is 预订, "books" 图书)."""
    table = _glossary()["words"]
    if re.fullmatch(r"[\u4e00-\u9fff]+", word):
        return word
    if word in _ACRONYMS:
        return word.upper()
    plural = word + "es" if word.endswith(("s", "x", "ch", "sh")) else word[:-1] + "ies" if word.endswith("y") \
        else word + "s"
    for form in ((plural,) if noun else ()) + (word, word[:-1] if word.endswith("s") else "",
                                                word[:-2] if word.endswith("es") else "",
                                                word[:-3] + "y" if word.endswith("ies") else ""):
        if form and form in table:
            return str(table[form])
    return None


@lru_cache(maxsize=4096)
def _in_chinese(words: tuple[str, ...], nouns: bool = False) -> str | None:
    if "of" in words:  # "status of an order": the owner comes first in Chinese
        i = words.index("of")
        head, owner = _in_chinese(words[:i], nouns), _in_chinese(words[i + 1:], True)
        return f"{owner}的{head}" if head and owner else None
    table = _glossary()["words"]
    out, i = [], 0
    while i < len(words):
        if words[i] in _ARTICLES:
            i += 1
            continue
        pair = " ".join(words[i:i + 2])
        if i + 1 < len(words) and pair in table:
            out.append(str(table[pair]))
            i += 2
            continue
        if words[i] == "and":
            out.append("和")
        elif words[i].isdigit():
            out.append(words[i])
        else:
            got = _chinese_word(words[i], nouns)
            if got is None:
                return None
            out.append(got)
        i += 1
    return "".join(out) or None


def in_chinese(words: Sequence[str], nouns: bool = False) -> str | None:
    """English words in Chinese, from the glossary ("order total" -> 订单总额), or None if one is missing.
    ``nouns``: the words are the object of a verb, so a word's noun sense is preferred."""
    return _in_chinese(tuple(w.lower().removesuffix("'s") for w in words if w.strip()), nouns)
