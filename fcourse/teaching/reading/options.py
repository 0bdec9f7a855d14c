"""Booleans a request names in words other than the option's own (chapter 2's argument filling).

Used by ``fcourse.teaching.deciding.arguments``: an option named through a Chinese word's
CC-CEDICT glosses (线上 "online" for ``online``), or by a hyphenated word written
as one in the option's name ("make-up" for ``makeup_requested``); false when a
negation reaches the word, or when the user says what the description gives for
false ("my own skates" for "false if they bring their own").
"""

from __future__ import annotations

import re

from fcourse.teaching.reading.analysis import stem

__all__ = ["VAGUE_VERBS", "false_clause", "glossed_option", "hyphened", "said_off"]

#: verbs any option's description may use, which say nothing about which option ("Whether the room needs ...")
VAGUE_VERBS = frozenset({"need", "want", "whether", "allow", "use", "should", "must", "option", "true", "false",
                         "enabl", "set", "turn", "includ", "request", "handl",
                         "是否", "是不是", "要不要", "可以", "需要", "可选", "选填", "默认", "处理", "办理"})


def glossed_option(param: str, text: str, about: frozenset[str], described: str = "") -> tuple[bool, str] | None:
    """An option a Chinese request names through the dictionary: a gloss of one of its words is a word of the
    option's English name (线上 "online" for ``online``, 轮椅 "wheelchair" for ``wheelchair_accessible``); false
    when a negation reaches it (不要自动续费). Words that chose the tool (``about``) name no option of it."""
    from fcourse.teaching.reading.exclusion import inside, negated_spans
    from fcourse.teaching.reading.glosses import glossed_spans

    names = {stem(w) for w in param.lower().split("_") if len(w) >= 4} - VAGUE_VERBS - about
    # and a long word of its description ("conservatory / sunroom" for include_conservatory)
    names |= {stem(w) for w in re.findall(r"[A-Za-z]{6,}", described.lower())} - VAGUE_VERBS - about
    hit = next(((w, at) for w, at in glossed_spans(text) if stem(w) in names), None)
    if hit is None:
        return None
    value = not inside(negated_spans(text), hit[1])
    return value, f"the user's Chinese word glossed '{hit[0]}' names the option{'' if value else ', negated'}"


def hyphened(text: str, keys: set[str]) -> tuple[bool, str] | None:
    """An option named by a hyphenated word written as one in its name or description ("make-up" for
    makeup_requested); false when a negation reaches it."""
    from fcourse.teaching.reading.exclusion import inside, negated_spans

    for m in re.finditer(r"\b([A-Za-z]{2,})-([A-Za-z]{2,})\b", text):
        if stem((m.group(1) + m.group(2)).lower()) in keys:
            value = not inside(negated_spans(text), m.start())
            return value, f"'{m.group()}' names the option{'' if value else ', negated'}"
    return None


#: where a boolean's description says what false means ("false if they bring their own", "false = no", "false 表示…")
_FALSE = re.compile(r"\bfalse\b\s*(?:if|when|means|for|=|:|：|表示|则|为)?\s*([^;；.。]*)", re.IGNORECASE)


def false_clause(description: str) -> tuple[str, str]:
    """(the description without its clause for false, that clause): "true if the group needs rental skates, false
    if they bring their own" -> ("true if the group needs rental skates,", "they bring their own"). The words of
    the false clause are no mention of the option: they say when it is off."""
    m = _FALSE.search(description)
    if not m:
        return description, ""
    return description[:m.start()] + description[m.end():], m.group(1)


def said_off(off: str, text: str, on: str, about: frozenset[str]) -> str | None:
    """The user's word, outside a negated clause, that only the false clause of an option's description uses
    ("my own skates" for "false if they bring their own"), or None. "own" counts here though search stop lists
    drop it: it is what a false clause for a rental or a service most often turns on."""
    from fcourse.teaching.reading.analysis import EN_STOPWORDS
    from fcourse.teaching.reading.exclusion import inside, negated_spans
    from fcourse.teaching.reading.segmenter import segment

    def words(part: str) -> dict[str, int]:
        found = {stem(m.group().lower()): m.start() for m in re.finditer(r"[A-Za-z]{3,}", part)
                 if m.group().lower() == "own" or m.group().lower() not in EN_STOPWORDS}
        found.update({w: at for w, at, _ in segment(part) if len(w) >= 2 and re.fullmatch(r"[\u4e00-\u9fff]+", w)})
        return found

    wanted = set(words(off)) - set(words(on)) - VAGUE_VERBS - about
    spans = negated_spans(text)
    return next((w for w, at in words(text).items() if w in wanted and not inside(spans, at)), None)
