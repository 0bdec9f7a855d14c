"""Free-text arguments: a message, a search query, a subject cut from the user's sentence.

Part of the teaching model's argument filling (chapter 2). ``free_text`` takes
quoted text, the words after a cue ("saying", "内容是", a subject cue), the text
after a colon, or the words after (or before) the words that routed the tool,
and trims the fillers around them ("please", "帮我", "一下"). Values other
arguments already took (``reserved`` spans) are left out.
"""

from __future__ import annotations

import re
from typing import Any

from fcourse.teaching.reading.analysis import analyse
from fcourse.teaching.reading.exclusion import inside, negated_spans
from fcourse.teaching.reading.params import param_text

__all__ = [
    "CUT_FROM_AROUND",
    "free_text",
    "whole_request",
]

#: how a value cut from the words around the routing words is recorded (``free_text``, ``whole_request``): such a
#: value is a guess at a span, not a value the user gave for the parameter, and later stages treat it so
CUT_FROM_AROUND = ("words before", "words after", "the whole request")
#: how a value taken as all the text after a colon is recorded
AFTER_COLON = "text after a colon"

_QUOTE_RE = re.compile(r"\"([^\"]+)\"|“([^”]+)”|「([^」]+)」|《([^》]+)》|‘([^’]+)’|(?<![A-Za-z])'([^']+)'(?![A-Za-z])")
_EN_FILLERS = re.compile(
    r"^(?:\s|[,:;\-]|\b(?:me|us|to|for|about|on|up|that|the web|a|an|it|please|saying)\b)+",
    re.IGNORECASE,
)
_EN_TRAILING = re.compile(r"(?:\s|[,.;:!?]|\b(?:at|on|by|in|into|to|for|from|please)\b)+$", re.IGNORECASE)
_ZH_FILLERS = re.compile(r"^(?:[\s，,：:]|我们|我|一下|下|帮我|给我|请|最新的|最近的|关于"
                         r"|放点|来点|放首|来首|听听|点|把|将"
                         r"|最近有什么|有什么|有没有|最近|什么|[元块]?(?:以内|以下|以上|左右)的?"
                         r"|[？?！!。；;]|顺便|另外|然后|再|还有|同时)+")
_CONNECTOR_RE = re.compile(r"^[\s，,；;:：到至和\-~～]*$|^\s*(?:to|and|until|through|-)\s*$", re.IGNORECASE)
_EN_LEAD = re.compile(r"^(?:(?:the|some|any|a bit of|a little|turn|switch|put|set|make|get|is|are|can|could|"
                      r"would|will|you|please|i|i'd|i'm|want|to|my|our|of|for|from|about|in|on)(?:\s+|$))+",
                      re.IGNORECASE)
_ZH_TRAILING = re.compile(r"(?:[\s，,。.！!？?；;]|在|吧|吗|呢|了|的|一下)+$")


def free_text(name: str, schema: dict[str, Any], text: str, anchors: frozenset[str],
              reserved: list[tuple[int, int]], required: bool = True) -> tuple[str, str] | None:
    """A free-text value: quoted text, text after a cue or colon, or after the routing words."""
    keys = analyse(param_text(name, schema)).keys
    lang_zh = analyse(text).language == "zh"
    if "#subject" in keys:
        m = (re.search(r"(?:主题|标题|叫做|名字叫)(?:是|为|：|:)?\s*[“\"]?(.+?)[”\"]?"
                       r"(?:[，,。；;]|$)", text) if lang_zh else
             re.search(r"\b(?:subject|titled|title|call it|called|named|name it)\s*(?:is|:|of)?\s*[\"“]?(.+?)[\"”]?"
                       r"(?=\s+(?:and|saying|that says|with body)\b|[,.;]|$)", text, re.IGNORECASE))
        if m:
            return m.group(1).strip(), "text after a subject cue"
        if not required:
            return None
    quoted = [q for q in _QUOTE_RE.finditer(text)
              if all(q.end() <= a or q.start() >= b for a, b in reserved)]
    if quoted:
        q = quoted[0]
        return next(g for g in q.groups() if g), "quoted text"
    if not required and _REASON_PARAM.search(param_text(name, schema)):
        said = given_reason(text, anchors, reserved)
        return (said, "the clause that gives a reason") if said else None
    cue = (re.search(r"(?:内容是|内容为|内容：|内容:|告诉(?:他们|她们|大家|他|她)(?:说)?"
                     r"|说：|说|写上|写着)\s*(.+)$", text)
           if lang_zh else
           re.search(r"\b(?:saying|that says|telling (?:him|her|them)|with (?:the )?(?:message|text|body)"
                     r"|let (?:him|her|them|everyone|people|the team|\w+) know(?: that)?|that)\s*:?\s+(.+)$",
                     text, re.IGNORECASE))
    if cue and "#search" not in keys:
        said = re.sub(r"^(?:in|on|to|at|via)\s+\S+\s+that\s+", "", cue.group(1))
        picked = said.strip().lstrip("：:，, ").strip("\"'“”").rstrip("。.！!？?；;").strip()  # as written
        if picked:
            return picked, "text after a message cue"
    colon = re.search(r"(?:(?<!\d)[:：]|[:：](?=\s))\s*(.+)$", text)  # "+86139...: running late", not "10:30"
    if colon:  # after a colon: the text itself, as written (past values other arguments took)
        start = colon.start(1)
        for a, b in sorted(reserved):
            if a >= start and _CONNECTOR_RE.match(text[start:a]):
                start = b
        said = re.sub(r"^[\s，,；;到至和\-]+|^(?:to|and|until)\b", "", text[start:]).strip().strip("\"'“”")
        said = said.rstrip("。.！!？?").strip()
        if said:
            return said, AFTER_COLON
    if not required:  # an optional note is filled only when the user marks it (quotes, a cue, a colon):
        return None  # the words around the routing words are what the request is about, not a note
    terms = [t for t in analyse(text).terms if t.key in anchors]
    negated = negated_spans(text)
    for k, term in reversed(list(enumerate(terms))):
        stop = terms[k + 1].start if k + 1 < len(terms) else len(text)
        pos = term.end
        for clause in re.finditer(r"[^，,。；;！!？?]+", text[term.end : stop]) if lang_zh else [None]:
            if clause is None:  # English: the first clause only
                cut = re.search(r"[，。；;！!？?]|,\s", text[pos:stop])
                a, b = pos, (pos + cut.start() if cut else stop)
            else:
                a, b = term.end + clause.start(), term.end + clause.end()
            if inside(negated, a + len(text[a:b]) - len(text[a:b].lstrip(" ，,"))):
                continue  # "除了牛奶，其他都删掉": an excluded clause holds no value
            picked = _clean(_strip_reserved(text, a, b, reserved), lang_zh)
            picked = _EN_LEAD.sub("", picked) if not lang_zh else picked
            if picked and _says_more(picked, anchors):
                return picked, f"words after {term.surface!r}"
    if terms:
        picked = _clean(_strip_reserved(text, 0, terms[0].start, reserved), lang_zh)
        picked = _EN_LEAD.sub("", picked) if not lang_zh else picked
        if picked and analyse(picked).terms:  # "What are the" before "tide times" names nothing
            return picked, f"words before {terms[0].surface!r}"
    return None


#: a parameter that holds why the user asks ("Reason for cancelling", 取消原因)
_REASON_PARAM = re.compile(r"\b(?:reason|why)\b|原因|理由", re.IGNORECASE)
#: words that introduce a reason: the clause after them is the reason ("as" and "since" are left out: "as soon as
#: possible", "since Monday")
_BECAUSE = re.compile(r"\b(?:because(?: of)?|due to)\s+|因为|由于|原因是|理由是", re.IGNORECASE)
#: a code in a clause (an id: "RV-400102")
_CODE = re.compile(r"\b[A-Z]{1,5}-?\d{3,}")
#: where a turn's clauses end (a comma before a space in English: "PV-60418, we've sold")
_CLAUSE_END = re.compile(r"[;.!?，；。！？]|,\s")


def given_reason(text: str, anchors: frozenset[str], reserved: list[tuple[int, int]]) -> str | None:
    """The reason a turn gives for its request, for an optional reason parameter (chapter 2): the clause after
    "because"/因为, or else the first clause besides the one that asks ("Cancel BW-51208, one of us has the
    flu"; "I'm moving house, please end WC-11890"; "取消吧，车坏了") - not a negated clause, not one holding a
    value another argument took, and one that says more than the words that routed the tool."""
    from fcourse.teaching.reading.meaning import negated_clause

    lang_zh = analyse(text).language == "zh"
    cued = _BECAUSE.search(text)
    if cued:
        cut = _CLAUSE_END.search(text, cued.end())
        said = _clean(text[cued.end():cut.start() if cut else len(text)], lang_zh)
        return said or None
    spans, start = [], 0
    for m in [*_CLAUSE_END.finditer(text), None]:
        end = m.start() if m else len(text)
        if text[start:end].strip():
            spans.append((start, end))
        start = m.end() if m else len(text)
    if len(spans) < 2:
        return None

    def asks(span: tuple[int, int]) -> int:
        return sum(t.key in anchors for t in analyse(text[span[0]:span[1]]).terms)

    request = max(spans, key=asks)
    for a, b in spans:
        clause = text[a:b]
        asked = text[b:b + 1] in ("?", "？") or clause.rstrip()[-1:] in ("吗", "呢")
        if (a, b) == request or negated_clause(clause) or any(x < b and y > a for x, y in reserved) \
                or asked or _CODE.search(clause):
            continue  # a question, or a clause about another booking ("RV-400102保留"), gives no reason
        said = _clean(clause, lang_zh)
        if said and _says_more(said, anchors) and not _FILLER_CLAUSE.fullmatch(said):
            return said
    return None


#: a clause that is only a courtesy, an apology or a hurry ("thanks", "sorry", 谢谢, 麻烦了)
_FILLER_CLAUSE = re.compile(r"(?:thanks?(?: you)?|please|cheers|asap|sorry|谢谢|麻烦了?|多谢|拜托了?|急|抱歉|不好意思)"
                            r"[\s!！.。]*",
                            re.IGNORECASE)


def _says_more(picked: str, anchors: frozenset[str]) -> bool:
    """Whether the text holds a word besides the ones that routed the tool (a weak concept does not count), and
    is more than a count ("五个人", "two of us") or an adverb ("for now", "set me back")."""
    words = _NOT_CONTENT.sub(" ", picked)
    return any(t.key not in anchors and (not t.is_concept or t.weight >= 0.7) for t in analyse(words).terms)


#: a count with its measure word, and the adverbs a clause ends on: closed classes, not content
_NOT_CONTENT = re.compile(
    r"(?:\d+|[零一二两三四五六七八九十百千]+)\s*(?:个|位|名|张|人|口|只|份|件)?人?"
    r"|\b(?:now|back|later|soon|again|here|there|too|also|anyway|asap|yet|already|of us|us)\b", re.IGNORECASE)


def _strip_reserved(text: str, start: int, end: int, reserved: list[tuple[int, int]]) -> str:
    """``text[start:end]`` up to the first value already taken - or after it, when only fillers come before."""
    for a, b in sorted(reserved):
        if b <= start or a >= end:
            continue
        if a > start and _clean(text[start:a], False) and _clean(text[start:a], True):
            return text[start:a]
        start = max(start, b)
    return text[start:end]


def _clean(span: str, lang_zh: bool) -> str:
    span = span.strip()
    if lang_zh:
        span = _ZH_TRAILING.sub("", _ZH_FILLERS.sub("", span))
    else:
        span = _EN_TRAILING.sub("", _EN_FILLERS.sub("", span))
    return span.strip(" \"'“”")


def whole_request(text: str, anchors: frozenset[str]) -> tuple[str, str] | None:
    """The last resort for a required free-text argument: the request itself, fillers and negated clauses
    trimmed ("What can I make with eggs, spinach and feta?" -> a recipe search for exactly that) - when it says
    something besides the words that routed the tool ("search the catalog" alone gives no query: ask back)."""
    from fcourse.teaching.reading.sentences import positive_text

    lang_zh = analyse(text).language == "zh"
    picked = _clean(positive_text(text), lang_zh)
    if picked and _says_more(picked, anchors):
        return picked, "the whole request (no narrower span names it)"
    return None
