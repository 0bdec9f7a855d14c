"""Enum values the user named or meant, that the argument filler missed (chapter 3, stage 4b).

Used by ``fcourse.teaching.deciding.checking``. An enum value is taken from the words
of the request only: named as written, through a Chinese word's CC-CEDICT
glosses (a word jieba cut in two is read whole: 中 + 号 is 中号), or - for a
missing or defaulted one - by word-embedding similarity (at least
``ENUM_FLOOR``, and ``ENUM_MARGIN`` ahead of the runner-up) or the sentence
encoder's reading (``ENUM_MEANING``) of the value and of the words the
parameter's description gives it ("hem = shorten the length"). A word that names the parameter itself
("size"; 大小, whose glosses name small and large) or the tool (its
description's words) chooses no value. Several values named go to the
parameters that share them in order, or become one call each.
"""

from __future__ import annotations

import re
from typing import Any

from fcourse.teaching.deciding.conversation import Conversation
from fcourse.teaching.deciding.moves import is_new
from fcourse.teaching.reading.dates import window_value
from fcourse.teaching.reading.exclusion import inside, negated_spans
from fcourse.teaching.reading.glosses import glossed_words
from fcourse.teaching.reading.params import param_text, value_pattern
from fcourse.teaching.reading.rx import rx
from fcourse.teaching.reading.value_labels import NUMBER_WORDS, described_labels, label_said, label_word, shared_words

__all__ = ["ENUM_FLOOR", "ENUM_MARGIN", "ENUM_MEANING", "enum_positions", "fill_enums", "order_enums", "said_once"]

_STOP = frozenset("the and for with from this that what which when where your user e.g number code name "
                  "value text such like".split())
#: how alike a user word and an enum value must be to choose it, and by how much better than the runner-up
ENUM_FLOOR, ENUM_MARGIN = 0.45, 0.05
_REASON, _PERSON = (re.compile(p, re.IGNORECASE) for p in (  # why something is done; people (closed classes)
    r"\b(?:reason|reasons|why|cause|purpose|motive)\b|原因|理由|为什么|缘由",
    r"^(?:daughter|son|wife|husband|mother|mum|mom|father|dad|child|children|kids?|baby|brother|sister|parents?"
    r"|family|friend|partner|boss|colleague|teacher|student|grand\w+|aunt|uncle|cousin|neighbou?r)s?$|女儿|儿子|孩子"
    r"|老婆|老公|妻子|丈夫|妈|爸|父母|家人|朋友|同事|老师|学生|奶奶|爷爷|宝宝|哥哥|姐姐|弟弟|妹妹"))
#: the same for the sentence encoder's reading of the user's words and phrases (floor, lead, the two together),
#: the only way an optional enum is filled from words that are not the value itself. Tuned on the v1-v3 sets.
ENUM_MEANING = (0.5, 0.05, 0.66)


def _enum_choice(values: list[Any], text: str, zh_words: list[str], about: str = "",
                 tool_words: frozenset[str] = frozenset()) -> tuple[Any, str, str, float] | None:
    """The enum value a word of the request (or a Chinese word's gloss) is most like; ``about`` is the parameter's
    own name and description, whose words ("size" for "Crate size") name the parameter, not a value, and
    ``tool_words`` the tool's description's, which name the tool ("clean" for a cleaning visit is no deep_clean)
    unless a value is that word ("Rent a kayak or a canoe": canoe)."""
    from fcourse.teaching.reading.analysis import stem
    from fcourse.teaching.reading.glosses import english_words

    own = {stem(w) for w in re.findall(r"[A-Za-z]+", about)} - {
        stem(part) for v in values if isinstance(v, str) for part in re.findall(r"[A-Za-z]+", v)}
    spans = negated_spans(text)  # "Not north beach - the reef spot": a word a negation reaches chooses nothing
    words = [m.group().lower() for m in re.finditer(r"[A-Za-z][A-Za-z'-]{2,}", text)
             if m.group().lower() not in _STOP and not inside(spans, m.start())]
    # a word the dictionary lacks is read as its parts (床架 -> 床 "bed" + 架 "frame"), a part only by a word of a
    # value (剪短 "cut short" is not like enough to shorten_sleeves)
    value_words = {stem(part) for v in values if isinstance(v, str) for part in re.findall(r"[A-Za-z]+", v)}
    carried = [(w, w) for w in words] + [(g, z) for z in zh_words if len(_named(values, z)) < 2
                                         for part in _parts(z) for g in english_words(part)[:6]
                                         if part == z or stem(g) in value_words]
    timely = any(_calendar(str(v).replace("_", " ")) for v in values)
    whole = {str(v).replace("_", " ").lower() for v in values}
    carried = [(w, src) for w, src in carried if stem(w) not in own and (w in whole or stem(w) not in tool_words)
               and not _NEGATION_WORD.match(src)  # 不是 is "not", whatever else CC-CEDICT says ("fault")
               and (timely or not _calendar(src))  # "周日" (Sunday) is a day, never a car class
               and (w not in NUMBER_WORDS or re.search(r"\d|[一二两三四五六七八九十]", src))]  # 钱: "one tenth"
    return _closest(values, carried)


#: single characters that make a word the dictionary lacks name no value by its parts: a pronoun, a number, "too"
#: (我家 is "my home", 一车 "a carload", 太小 "too small")
_NOT_NAMING = frozenset("我你他她它这那一两几太")


def _parts(word: str) -> tuple[str, ...]:
    """A Chinese word as the words its glosses are read from: itself, or, when the dictionary lacks it, its parts
    (床架 -> 床 "bed" + 架 "frame"; 最大 -> 最 + 大), unless one is a pronoun, a number or "too" (``_NOT_NAMING``)."""
    from fcourse.teaching.reading.glosses import parts

    cut = parts(word)
    return () if len(cut) > 1 and any(p in _NOT_NAMING for p in cut) else cut
def _glossed_down(label: str, refused: frozenset[str]) -> bool:
    """Whether a Chinese refusal's English glosses say an English label ("不要次日达" and "next-day courier")."""
    words = {w for w in re.findall(r"[a-z]+", label.lower()) if len(w) >= 3}
    return bool(words) and len(words & refused) >= min(2, len(words))


#: a plain negation, where a negated span starts
_PLAIN_NOT = re.compile(r"(?:don't|do not|dont|never|not|no)\b|[不没别未勿甭]", re.IGNORECASE)
#: a Chinese word that opens with a negation names no value
_NEGATION_WORD = re.compile(r"[不没别未勿莫甭]")


def _calendar(word: str) -> bool:
    """Whether a word is a day ("Sunday", "周日", "tonight"; a time of day such as "morning" is not)."""
    from fcourse.teaching.reading.dates import time_spans
    return bool(time_spans(word))


def _named(values: list[Any], word: str) -> list[Any]:
    """The enum values a Chinese word's glosses name ("中号" -> medium, through "medium-sized"; "大小", "size",
    names small and large)."""
    from fcourse.teaching.reading.glosses import gloss_tokens

    tokens = gloss_tokens(word)
    tokens = tokens | {part for t in tokens for part in t.split("-")}
    return [v for v in values if isinstance(v, str) and set(v.lower().split("_")) <= tokens]


def _closest(values: list[Any], carried: list[tuple[str, str]]) -> tuple[Any, str, str, float] | None:
    scored = []
    for v in values:
        if not isinstance(v, str):
            continue
        phrase = v.replace("_", " ").lower()
        best = max(((_likeness(w, phrase), w, src) for w, src in carried), default=(0.0, "", ""))
        scored.append((best[0], v, best[1], best[2]))
    scored.sort(key=lambda s: -s[0])
    if not scored or scored[0][0] < ENUM_FLOOR or (len(scored) > 1 and scored[0][0] - scored[1][0] < ENUM_MARGIN):
        return None
    return scored[0][1], scored[0][2], scored[0][3], scored[0][0]


def _likeness(word: str, phrase: str) -> float:
    """How alike a user's word (or gloss) and a value's phrase are: 1 for the value itself ("platelet" for
    platelets), 0.9 for one word of a longer value ("blood" for whole blood), else the embeddings' similarity."""
    from fcourse.teaching.reading.analysis import stem
    from fcourse.teaching.reading.semantics import similarity

    if word == phrase or stem(word) == stem(phrase):
        return 1.0
    return 0.9 if word in phrase.split() else similarity(word, phrase)


def _enum_mentions(values: list[Any], text: str, taken: tuple[str, ...] = ()) -> list[Any]:
    """The enum values the text names - as written, or through a Chinese word's glosses - in order of mention;
    not inside a value another argument took ("docx" in "budget_2028.docx")."""
    return list(dict.fromkeys(v for _, v in enum_positions(values, text, taken)))


def enum_positions(values: list[Any], text: str, taken: tuple[str, ...] = ()) -> list[tuple[int, Any]]:
    """Where the text names each enum value (``_enum_mentions``), in order."""

    found: list[tuple[int, Any]] = []
    low = text.lower()
    spans = negated_spans(text) + [(m.start(), m.end()) for t in taken if len(t) > 2
                                   for m in rx(re.escape(t.lower())).finditer(low)]
    for v in values:
        if not isinstance(v, str):
            continue
        for m in (value_pattern(v).finditer(text) if v.isascii() else re.finditer(re.escape(v.lower()), low)):
            if not inside(spans, m.start()):
                found.append((m.start(), v))
    if re.search(r"[\u4e00-\u9fff]", text):
        for word, start in _dictionary_spans(text):
            named = _named(values, word) if len(word) >= 2 else []
            if len(named) == 1 and not inside(spans, start):  # 大小 ("size") names small and large: neither
                found.append((start, named[0]))
    return sorted(found, key=lambda x: x[0])


def order_enums(text: str, props: dict[str, Any], required: list[str], args: dict[str, Any],
                add: Any) -> tuple[str, list[Any]] | None:
    """Several enum values named: to parameters that share the values, in order ("from checking to savings");
    or, for a tool that takes one, several calls ("the kitchen and the study"). Returns a fan-out, if any."""
    groups: dict[str, list[str]] = {}
    for name, sub in props.items():
        if isinstance(sub, dict) and isinstance(sub.get("enum"), list):
            groups.setdefault(repr(sub["enum"]), []).append(name)
    for names in groups.values():
        said = _enum_mentions(props[names[0]]["enum"], text,
                              tuple(v for n, v in args.items() if isinstance(v, str) and n not in names))
        if len(names) > 1 and len(said) >= len(names) and len({args.get(n) for n in names}) < len(names):
            for name, value in zip(names, said):
                add(name, value, f"the enum values named in order ({', '.join(map(str, said))}) go to the "
                                 f"parameters that take them, in the schema's order")
        if len(names) == 1 and len(said) == 2 and is_new(names[0], props[names[0]]):
            # "从周六的班换到周三的班", "from Saturday to Wednesday": the new value is the one it goes to
            spots = dict((v, at) for at, v in reversed(enum_positions(props[names[0]]["enum"], text)))
            left = [v for v in said if not _FROM.search(text[max(0, spots[v] - 6):spots[v]])]
            if len(left) == 1:
                add(names[0], left[0], f"'{left[0]}' is where it goes; the other value named is where it comes from")
                continue
        if len(names) == 1 and names[0] in required and len(said) > 1:
            add(names[0], said[0], f"several values named ({', '.join(map(str, said))}): one call each")
            return names[0], said
    return None


_TO = re.compile(r"(?:\b(?:to|into)|成|为|到)\s*$", re.IGNORECASE)
_FROM = re.compile(r"(?:\bfrom|从|原文是?)\s*\S{0,2}$", re.IGNORECASE)
_TARGET = re.compile(r"\b(?:target|to|into|destination)\b|目标|译文|目的", re.IGNORECASE)
_SOURCE = re.compile(r"\b(?:source|from|origin|original)\b|源|原文|出发", re.IGNORECASE)


def _unlisted(values: list[Any], text: str) -> str | None:
    """A token of the text written in the shape of the enum's values (digits apart: "11x14" like "8x10", "12 inch"
    like "8_inch") that is none of them, if any."""
    shapes = {re.sub(r"\d+", r"\\d+", re.escape(v)).replace("_", "[ _-]?") for v in values
              if isinstance(v, str) and re.search(r"\d", v) and re.search(r"[^\d]", v)}
    listed = {str(v).lower().replace("_", "") for v in values}
    for shape in shapes:
        for m in re.finditer(rf"(?<![\w.]){shape}(?![\w.])", text, re.IGNORECASE):
            if re.sub(r"[ _-]", "", m.group().lower()) not in listed:
                return m.group()
    return None


def said_once(text: str, props: dict[str, Any], args: dict[str, Any]) -> dict[str, str]:
    """Parameters that share an enum and hold the same value, named once ("翻成 German" for both the source and the
    target language): the one the words before it point at keeps it ("to"/成 a target, "from"/从 a source); the
    others are returned, with why they lose it."""
    groups: dict[str, list[str]] = {}
    for name, sub in props.items():
        if isinstance(sub, dict) and isinstance(sub.get("enum"), list) and name in args:
            groups.setdefault(repr(sub["enum"]), []).append(name)
    out: dict[str, str] = {}
    for names in groups.values():
        if len(names) < 2 or len({repr(args[n]) for n in names}) != 1:
            continue
        value = args[names[0]]
        spots = [at for at, v in enum_positions(props[names[0]]["enum"], text) if v == value]
        if len(spots) != 1:
            continue
        before = text[max(0, spots[0] - 12):spots[0]]
        cue = _TARGET if _TO.search(before) else _SOURCE if _FROM.search(before) else None
        about = {n: param_text(n, props[n]) for n in names}
        keep = [n for n in names if cue and cue.search(about[n]) and not (_SOURCE if cue is _TARGET else _TARGET)
                .search(about[n])]
        for n in names:
            if n not in keep[:1] or len(keep) != 1:
                out[n] = f"{value!r} is named once, for another of the parameters that share its values"
    return out


def _without_measure(word: str, start: int) -> tuple[str, int]:
    """A word jieba glued to the measure word before it, without it, when only that is in the dictionary
    (个大号 -> 大号)."""
    from fcourse.teaching.deciding.counting import measure_word
    from fcourse.teaching.reading.glosses import glosses

    m = measure_word(word)
    if m and len(word) > len(m) + 1 and not glosses(word) and glosses(word[len(m):]):
        return word[len(m):], start + len(m)
    return word, start


def _dictionary_words(text: str) -> list[str]:
    """The Chinese words of ``text`` whose glosses may name a value (``_dictionary_spans``)."""
    return [w for w, _ in _dictionary_spans(text)]


def _dictionary_spans(text: str) -> list[tuple[str, int]]:
    """(word, start) for the Chinese words of ``text``: jieba's words (without a measure word glued to one,
    ``_without_measure``), and after two single characters jieba cut apart, the word CC-CEDICT knows them as
    together (中 + 号 -> 中号, "medium-sized")."""
    from fcourse.teaching.reading.glosses import glosses
    from fcourse.teaching.reading.segmenter import segment

    words = list(segment(text))
    out: list[tuple[str, int]] = []
    for i, (w, start, _) in enumerate(words):
        if not re.fullmatch(r"[\u4e00-\u9fff]+", w):
            continue
        out.append(_without_measure(w, start))
        if len(w) == 1 and i + 1 < len(words) and len(words[i + 1][0]) == 1 and glosses(w + words[i + 1][0]):
            out.append((w + words[i + 1][0], start))
    return out


def _description_words(about: str) -> frozenset[str]:
    """The words of a tool's description: English stems ("docking" -> "dock"), Chinese words as jieba cuts them."""
    from fcourse.teaching.reading.analysis import stem

    words = {stem(w) for w in re.findall(r"[A-Za-z][A-Za-z'-]*", about)}
    if re.search(r"[\u4e00-\u9fff]", about):
        from fcourse.teaching.reading.glosses import english_words
        from fcourse.teaching.reading.segmenter import segment

        chinese = [w for w, _, _ in segment(about) if re.fullmatch(r"[\u4e00-\u9fff]+", w)]
        words |= {w for w in chinese if len(w) >= 2}
        # and their glosses, for an English request to a Chinese description (课 "lesson" for 骑术课)
        words |= {stem(g) for w in chinese for g in english_words(w)}
    return frozenset(words)


#: what after a number makes it a date, a time or an ordinal, not a size or a model ("the 12th", "3点", "5:30")
_NOT_A_MODEL = re.compile(r"\s*(?:st|nd|rd|th|am|pm|号|日|月|点|时|:\d|[.,/-]\d)", re.IGNORECASE)


def _number_named(values: list[Any], text: str, spans: list[tuple[int, int]],
                  taken: list[Any]) -> tuple[Any, str] | None:
    """(value, number) when the request says, outside a negated clause, a number that is in one value's name only
    ("312" for battery_312, "500毫升" for ml_500): no date, time or ordinal, and no number another argument holds
    ("5 copies", "12 Queen Street")."""
    spans = spans + [(m.start(), m.end()) for t in taken for m in rx(re.escape(str(t))).finditer(text)
                     if len(str(t)) > 2]
    counts = {str(t) for t in taken if isinstance(t, (int, float))}
    holders: dict[str, list[Any]] = {}
    for v in values:
        for digits in set(re.findall(r"\d+", str(v))):
            holders.setdefault(digits, []).append(v)
    found = {}
    for m in re.finditer(r"(?<![A-Za-z0-9_.,:/-])\d+(?![A-Za-z0-9_])", text):
        owners = holders.get(m.group(), [])
        if len(owners) == 1 and m.group() not in counts and not inside(spans, m.start()) \
                and not _NOT_A_MODEL.match(text, m.end()):
            found.setdefault(owners[0], m.group())
    for v in values:  # a part of a name that joins a number and its unit ("5mm" of wetsuit_5mm: "5mm", "5 mm")
        for part in set(re.findall(r"(?<![A-Za-z0-9])\d+[a-z]+(?![A-Za-z0-9])", str(v).lower())):
            digits, unit = re.match(r"(\d+)([a-z]+)", part).groups()  # type: ignore[union-attr]
            m = re.search(rf"(?<![A-Za-z0-9_.,:/-]){digits}\s?{unit}(?![A-Za-z0-9_])", text, re.IGNORECASE)
            if m and not inside(spans, m.start()) and sum(part in str(o).lower() for o in values) == 1:
                found.setdefault(v, m.group())
    return next(iter(found.items())) if len(found) == 1 else None


def fill_enums(conversation: Conversation, text: str, props: dict[str, Any], required: list[str],
                args: dict[str, Any], prov: list[dict[str, Any]], add: Any, about: str = "") -> None:
    """Enum values the user named or meant; ``about`` is the tool's description, whose words (the ones that chose
    the tool: "hold" for "Hold a bike") say nothing about which value is meant."""
    # a value the schema defaulted, or one read from the context: the user's own words, if they mean a value, win
    defaulted = {p["param"] for p in prov if "default" in str(p.get("how", "")) + str(p.get("source", ""))
                 or str(p.get("source", "")).startswith("system")}
    zh_words: list[str] | None = None
    # a Chinese clause that turns a value down ("不要深度保洁"): the value it names is never chosen
    negated = negated_spans(text)  # read once per call: every enum parameter uses them, as it does the tool's words
    tool_words = _description_words(about)
    refused = " ".join(text[a:b] for a, b in negated if re.search(r"[\u4e00-\u9fff]", text[a:b]))
    refused_en = glossed_words(refused) if refused else frozenset()  # "不要次日达": next, day
    # the request without what a negation reaches ("Not north beach - the reef spot"), for the sentence encoder
    # ("keep it for me at Riverside" is no refusal: only a plain negation counts here)
    nots = [(a, b) for a, b in negated if _PLAIN_NOT.match(text, a)]
    unsaid = "".join(" " if inside(nots, i) else ch for i, ch in enumerate(text)).strip() or text
    for name, sub in props.items():
        if not isinstance(sub, dict) or not isinstance(sub.get("enum"), list):
            continue
        if name in args and name not in defaulted:
            continue
        optional = name not in args and name not in required
        if zh_words is None:
            zh_spans = _dictionary_spans(text) if conversation.zh or re.search(r"[\u4e00-\u9fff]", text) else []
            zh_words = [w for w, _ in zh_spans]
        values = list(sub["enum"])
        no = _enum_choice(values, refused, _dictionary_words(refused), param_text(name, sub)) if refused else None
        labels = described_labels(sub)  # "deep_clean=深度保洁": the description's own word for a value
        values = [v for v in values if not (no and v == no[0])
                  and not any(label in refused or _glossed_down(label, refused_en) for label in labels.get(str(v), ()))]
        if _unlisted(values, text):  # "11x14" where the sizes are 4x6 and 8x10: a size the schema lacks is asked for
            continue
        window = None if optional else window_value(sub, text)
        if window and window[0] in values:  # "at 6:30pm" is evening, when evening = 17:00-20:00
            add(name, window[0], f"the user's '{window[1]}' is in the hours the description gives '{window[0]}'")
            continue
        said = label_said(values, labels, text, tool_words, negated)
        if said:  # "马桶一直在漏水" where plumbing = 水管、马桶、水龙头: the description's own word for a value
            add(name, said[0], f"the user's '{said[1]}' is what the description says {said[0]!r} covers")
            continue
        number = _number_named(values, text, negated, [v for n, v in args.items() if n != name])
        if number:  # "the 312 batteries" where the items are battery_13 and battery_312
            add(name, number[0], f"the user's number {number[1]} is the one in the value {number[0]!r}")
            continue
        word = label_word(values, labels, text, tool_words, negated, zh_spans)
        if word:  # "老鼠" where vermin = 老鼠等有害动物: a word of what the description says a value covers
            add(name, word[0], f"the user's '{word[1]}' is a word of what the description says {word[0]!r} covers "
                               f"('{word[2]}')")
            continue
        choice = None if optional else _enum_choice(values, text, zh_words, param_text(name, sub), tool_words)
        if choice is None and all(isinstance(v, str) for v in values) and len(values) > 1:
            from fcourse.teaching.reading.sentences import closest_value

            # the description's words, but not those the parameter's description pairs with a value
            # ... and the parameter's own words ("paper" for "Paper size"), but not the values' words
            parts = re.split(r"[,，;；。.]", str(sub.get("description", "")))
            names = [any(str(v).lower() in part.lower() for v in sub["enum"]) for part in parts]
            paired = " ".join(part for part, named in zip(parts, names) if named)
            unpaired = " ".join(part for part, named in zip(parts, names) if not named)
            own = _description_words(f"{name.replace('_', ' ')} {unpaired}") - _description_words(" ".join(
                str(v).replace("_", " ") for v in sub["enum"]))
            skip = tool_words - _description_words(paired) | own
            timely = any(_calendar(str(v).replace("_", " ")) for v in sub["enum"])
            # 大小 ("size"), or "pickup" of pickup_depot and pickup_central_office: a kind, no one value
            avoid = {w for w in zh_words if len(_named(sub["enum"], w)) > 1} | shared_words(sub["enum"], text)
            if not timely:  # a day is no car class
                avoid |= {w for w in [*zh_words, *re.findall(r"[A-Za-z]+", text)] if _calendar(w)}
            meant = closest_value(tuple(values), unsaid, *ENUM_MEANING, skip=skip, avoid=frozenset(avoid),
                                  labels=tuple((v, w) for v in values for w in labels.get(str(v), ())))
            if meant and not (_REASON.search(param_text(name, sub)) and _PERSON.search(meant[1])):  # no person
                value, said, sim, lead = meant  # is a reason ("my daughter won't be in" gives none)
                add(name, value, f"enum value {value!r} is what the user's '{said}' means (sentence encoder: "
                                 f"{sim}, {lead} ahead of the next value)")
                continue
        if choice and choice[0] != args.get(name):
            value, word, said, sim = choice
            via = f"'{said}' (gloss '{word}')" if said != word else f"'{word}'"
            add(name, value, f"enum value {value!r} is most like the user's {via} (similarity {sim})")
