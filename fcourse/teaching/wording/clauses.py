"""One fact of a tool result as one sentence, in English or Chinese (issue 36).

Introduced in chapter 2. ``phrasing.sentence`` joins these; each fact gets the sentence its label allows:

- a noun: "The appointment ID is VA-5521." / "预约编号是VA-5521。";
- a verb ("departs", "starts at", "ended at"): "It departs on 2 June 2025 at 08:15.", "It starts at 18:00.";
- a unit word inside the label, with a number: the number goes before it ("arrive_minutes_early": 10 ->
  "Arrive 10 minutes early."; "fasting_hours": 12 -> 禁食12小时);
- a place in a queue ("waitlist_position": 3): "It is number 3 on the waitlist." / 候补排位是第3位;
- a flag: "It is not in stock.", "It will not auto extend." / 不可用;
- a participle or a plural count, or a record: "Added: a and b.", "Passengers: 2.", "Pickup: Gatwick, 3 May
  2025 at 09:00.";
- a status or another code in Chinese: its glossary word (waitlisted -> 候补中), or the value as the tool gave it;
- a label no glossary has (Chinese): the value alone, with no label made up.

English verbs are CC-CEDICT's infinitives (``reading.verbs``); the rest is English and Chinese grammar.
"""

from __future__ import annotations

import re

from fcourse.teaching.reading.glossary import value_zh
from fcourse.teaching.reading.verbs import english_verb
from fcourse.teaching.wording.facts import Fact

__all__ = ["clause_en", "clause_zh", "has_label_zh"]

#: the last word of a label that makes it a phrase of its own ("delivered at", "valid until")
_PREPOSITIONS = frozenset({"at", "on", "by", "until", "since", "from", "to", "before", "after", "in", "of", "within"})
#: units a label may name inside it ("arrive_minutes_early", "fasting_hours")
_UNIT_WORDS = frozenset({"minute", "minutes", "hour", "hours", "day", "days", "week", "weeks", "month", "months",
                         "year", "years", "night", "nights", "second", "seconds", "km", "miles", "mile", "metres",
                         "meters", "kg", "percent"})
#: the particle of a phrasal verb that a label makes a noun of ("check in" -> the check-in)
_PARTICLES = frozenset({"in", "out", "up", "off", "over"})
#: past participles that do not end in -ed (a closed class of English): "deposit_paid", "invoice_sent"
_PARTICIPLES = frozenset("paid sent done made given taken held kept built sold bought set put cut shown seen known "
                         "chosen written frozen broken spent won lost found left read run begun drawn driven eaten "
                         "fallen flown forgotten got gotten hidden hung laid led lent met overdue proven shut "
                         "split spread stolen struck sworn torn thrown understood upheld withdrawn worn".split())
#: what is still there of something counted ("spots_left", "seats_remaining")
_LEFT = frozenset({"left", "remaining", "available"})
#: a place in a queue or a list
_PLACE_WORDS = frozenset({"position", "place", "rank", "number in line"})
#: things known by a number written after their name ("gate 12", "platform 3", "room 305"): a closed class
_NUMBERED = frozenset("zone gate room floor platform seat table bay level locker court lane pitch row ward bed aisle "
                      "terminal berth stall pier track counter desk window door unit block hall stand slot cabin deck "
                      "carriage coach pump kiosk studio chair cubicle booth".split())
_CJK = re.compile(r"[\u4e00-\u9fff]")


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _verb_first(words: tuple[str, ...]) -> str | None:
    """The label's kind of verb: "s" ("departs", "starts at"), "ed" ("ended at", "added"), "base" ("arrive ...")."""
    if not words:
        return None
    first = words[0]
    if first.endswith("ed") and len(first) > 4 and any(english_verb(b) for b in (first[:-1], first[:-2], first[:-3])):
        return "ed"
    if first.endswith("s") and not first.endswith("ss") and english_verb(first):
        # "departs", "expires", "starts at" - not a plural noun the dictionary also writes as a verb ("seats")
        if len(words) > 1 and words[-1] in _PREPOSITIONS or not _plural_noun(first):
            return "s"
        return None
    return "base" if english_verb(first) and len(words) > 1 and words[1] in _UNIT_WORDS else None


def _plural_noun(word: str) -> bool:
    """Whether "passengers", "results", "seats" read as a plural noun rather than a verb ("departs"): the glossary
    has its singular, and jieba tags that word's Chinese as a noun (乘客, 结果 - not 出发)."""
    from fcourse.teaching.reading.glossary import term_zh
    from fcourse.teaching.reading.segmenter import pos_cut

    if not word.endswith("s"):
        return False
    for singular in (word[:-1], word[:-2] if word.endswith("es") else ""):
        zh = term_zh((singular,)) if singular else None
        if zh:
            tags = [tag for _, tag in pos_cut(zh)]
            return bool(tags) and tags[-1].startswith("n")
    return False


def _prep(fact: Fact) -> str:
    """The preposition a bare verb takes before a value: "departs on 2 June", "opens at 09:00"."""
    if fact.kind in ("date", "datetime"):
        return "on "
    if fact.kind == "text" and re.fullmatch(r"\d{1,2}:\d{2}", str(fact.value)):
        return "at "
    return ""


def clause_en(fact: Fact, value: str) -> str:
    """One fact as an English sentence (``value`` is already shown: "184.50 EUR", "2 June 2025 at 08:15")."""
    words = tuple(fact.label.words)
    label = fact.label.en
    if fact.kind == "flag":
        return _flag_en(words, bool(fact.value))
    if fact.kind == "number" and isinstance(fact.value, (int, float)):
        inside = next((i for i, w in enumerate(words) if w in _UNIT_WORDS), None)
        if inside is not None and inside > 0:  # "arrive minutes early" 10 -> "arrive 10 minutes early"
            phrase = " ".join([*words[:inside], value, *words[inside:]])
            return f"{_cap(phrase)}." if _verb_first(words) == "base" else f"{_cap(' '.join(words[:inside]))}: " \
                f"{value} {' '.join(words[inside:])}."
        if words and words[-1] in _PLACE_WORDS and len(words) > 1 and isinstance(fact.value, int):
            return f"It is number {value} on the {' '.join(words[:-1])}."
        if len(words) > 1 and words[-1] in _LEFT and isinstance(fact.value, int):  # "spots_left": 4
            noun = list(words[:-1])
            if fact.value == 1 and noun[-1].endswith("s") and not noun[-1].endswith("ss"):
                noun[-1] = noun[-1][:-1]
            return f"There {'is' if fact.value == 1 else 'are'} {value} {' '.join(noun)} {words[-1]}."
    if len(words) == 1 and words[0] in _NUMBERED and re.fullmatch(r"[A-Za-z]?\d{1,4}[A-Za-z]?", str(fact.value)):
        return f"It is {label} {value}."  # "gate": 12 -> "It is gate 12.", not "The gate is 12."
    kind = _verb_first(words)
    timed = fact.kind in ("date", "datetime") or bool(re.fullmatch(r"\d{1,2}:\d{2}", str(fact.value)))
    if kind == "s" and not timed and words[-1] not in _PREPOSITIONS:
        kind = None  # "notes": bring x-rays - a plural noun, not a verb: it is said as "Notes: ..."
        if fact.kind == "text":
            return f"{_cap(label)}: {value}."
    if kind == "s":
        if words[-1] == "at" and fact.kind in ("date", "datetime"):  # "starts at" a day: "It starts on 9 April"
            return f"It {' '.join(words[:-1])} on {value}."
        prep = "" if words[-1] in _PREPOSITIONS else _prep(fact)
        return f"It {label} {prep}{value}."
    if kind == "ed":
        if fact.kind in ("date", "datetime") or re.fullmatch(r"\d{1,2}:\d{2}", str(fact.value)):
            prep = "" if words[-1] in _PREPOSITIONS else _prep(fact)
            return f"It {label} {prep}{value}." if words[-1] in _PREPOSITIONS else f"It was {label} {prep}{value}."
        return f"{_cap(label)}: {value}."
    if len(words) == 2 and words[1] in _PARTICLES and english_verb(words[0]):  # "check in": the check-in
        return f"The {'-'.join(words)} is {value}."
    if words and words[-1] in _PREPOSITIONS:  # "pay by": what to do; "valid until": an adjective's phrase
        return f"{_cap(label)} {value}." if english_verb(words[0]) else f"It is {label} {value}."
    if words and words[-1].endswith(("ing", "ed")):  # "fasting": 12 hours, "estimated": 5 hours
        return f"{_cap(label)}: {value}."
    if fact.kind in ("list", "items") or fact.kind == "group" and len(fact.parts) > 1 or (
            fact.kind == "number" and words and words[-1].endswith("s") and not words[-1].endswith("ss")
            and len(words[-1]) > 3):  # "Passengers: 2.", "Nights: 3."
        return f"{_cap(label)}: {value}."
    return f"The {label} is {value}."


def _flag_en(words: tuple[str, ...], on: bool) -> str:
    if words and words[0] in ("is", "are", "was"):
        words = words[1:]
    text = " ".join(words)
    rest = " ".join(words[1:])
    if words and words[0] in ("has", "have"):
        return f"It {text}." if on else f"It has no {rest}."
    if words and words[0] in ("can", "may"):
        return f"It {text}." if on else f"It {words[0]}not {rest}."
    if len(words) > 1 and (words[-1].endswith("ed") or words[-1] in _PARTICIPLES):  # "breakfast included"
        return f"{_cap(' '.join(words[:-1]))} is {'' if on else 'not '}{words[-1]}."
    if len(words) > 1 and english_verb(words[0]) and not words[0].endswith(("s", "ed")) and not _gerund(words[0]) \
            and words[0] not in _PREPOSITIONS and words[0] not in ("is", "are", "has", "have", "can", "may"):
        return f"{_cap(text)}." if on else f"No need to {text}."  # "bring_towel": what to do
    if words and words[0].endswith("s") and english_verb(words[0]) and len(words) > 1:  # "includes breakfast"
        return f"It {text}." if on else f"It does not {words[0][:-1]} {rest}."
    if words and english_verb(words[-1]) and not words[-1].endswith(("ed", "able", "ible", "ing")) \
            and len(words) > 1 and words[0] not in _PREPOSITIONS:  # "auto extend": what it will do ("in stock" is)
        return f"It will {text}." if on else f"It will not {text}."
    return f"It is {text}." if on else f"It is not {text}."


def _gerund(word: str) -> bool:
    """"booking", "parking" - not "bring", "ring"."""
    return word.endswith("ing") and (english_verb(word[:-3]) or english_verb(word[:-3] + "e"))


def has_label_zh(fact: Fact, cues: frozenset[str]) -> bool:
    return fact.label.zh_in(cues) is not None


def value_in_zh(fact: Fact, cues: frozenset[str]) -> str | None:
    """A text value in Chinese when it is a code or a status the glossary has ("waitlisted" -> 候补中); None keeps
    the value as the tool wrote it (a name, a place, a sentence)."""
    text = str(fact.value)
    if fact.kind != "text" or _CJK.search(text) or not re.search(r"[a-z]{2}", text):
        return None
    found = value_zh(text, cues) if not re.search(r"[A-Z]", text) and len(text.split()) <= 4 else None
    if found is None and len(re.findall(r"[A-Za-z]+", text)) >= 2 and re.search(r"\b[a-z]{3,}\b", text):
        return f"「{text}」"  # English words, not a name: quoted as the tool wrote them
    return found


def clause_zh(fact: Fact, value: str, cues: frozenset[str]) -> str:
    """One fact as a Chinese clause (no final 。): "预约编号是VA-5521", "禁食12小时", or the value alone."""
    if fact.kind == "flag":  # a true/false field names a state: a status word first (enrolled: 已报名, not 人数)
        state = value_zh(" ".join(fact.label.words), cues) if fact.label.words else None
        return _flag_zh(state or fact.label.zh_in(cues), bool(fact.value))
    label = fact.label.zh_in(cues)
    shown = value_in_zh(fact, cues) or value
    if label is None:
        return shown
    if fact.kind == "number" and fact.unit is not None and fact.unit.kind == "duration" and not label.endswith(
            ("时长", "时间")):
        return f"{label}{shown}"  # 禁食12小时, 预计5小时
    if fact.kind in ("list", "items") or fact.kind == "group" and len(fact.parts) > 1:
        return f"{label}：{shown}"
    if fact.label.words and fact.label.words[-1] in _PLACE_WORDS and isinstance(fact.value, int):
        return f"{label}是第{shown}位"
    if label.endswith(("至", "到", "于", "在", "为")):  # 有效期至2025年5月15日: the label's own verb
        return f"{label}{shown}"
    return f"{label}是{shown}"


def _flag_zh(label: str | None, on: bool) -> str:
    """有货 / 没有货, 已支付 / 未支付, 可用 / 不可用; no label: nothing (a bare 是 says nothing)."""
    if label is None:
        return ""
    if on:
        return label
    for yes, no in (("有", "没有"), ("已", "未"), ("可以", "不可以"), ("可", "不可"), ("能", "不能"), ("是", "不是"),
                    ("自动", "不自动")):
        if label.startswith(yes):
            return no + label[len(yes):]
    return "不" + label
