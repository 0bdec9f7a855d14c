"""Which values the user excluded: where a negation reaches, in a request (chapter 3).

Introduced with stage 4b (``fcourse.teaching.deciding.checking``). "Don't refund O-100,
just cancel O-200": a negation word reaches from itself to the end of its
clause (a Chinese one over its whole clause: "T-2 先别动" puts the object
first) (a comma, a full stop, a bracket, "but", "just", 只 ...). A value written
there, while the user also wrote another value of the same shape outside it,
is excluded - and a negation wins over an earlier mention ("refund O-5, O-6
and O-7 but not O-6"). A value only ever written under a negation, with no
alternative ("don't redirect YT1, just tell me where it is"), is not excluded:
the negation is about the action, which routing reads.
"""

from __future__ import annotations

import re

__all__ = ["TOKEN", "excluded_values", "inside", "negated_spans", "shape"]

_CLAUSE = re.compile(r"[,;.!?，；。！？()（）—–]|\s-\s|\b(?<!anything )(?<!everything )(?<!any )(?<!anywhere )"
                     r"(?<!anyone )(?<!anybody )(?:but|just|only|instead|then)\b|只|就|而是|但是?|然后", re.IGNORECASE)
_NEG_EN = re.compile(r"\b(?:don't|do not|dont|never|not|no|isn't|aren't|leave|keep|keeping|except|other than|apart from"
                     r"|(?:any|every)(?:thing|where|one|body)? but)\b", re.IGNORECASE)
#: 不行 / 没空 turn a thing down ("周四不行"), but not in a yes-no question ("明天行不行？", "方便不方便"); a 别
#: is one only where jieba reads it as a word of its own (not in 特别 "especially", 别人 "others": ``_negates``)
_NEG_ZH = re.compile(r"先别|不要|不想|不用|不是|并非|除了|保留|留着|不动|(?<!行)不行|没空|(?<!方便)不方便"
                     r"|别|勿|甭")
_NOT_THIS = re.compile(r"(?:不是|并非|除了|\bother than|\bexcept(?: for)?|\bapart from|\bnot the one(?: for)?)\s*$",
                       re.IGNORECASE)
#: a negation of what something is, not of what to do ("not the one that is B-7", 不是); "don't ..." negates an act
_IDENTITY = re.compile(r"^not\s+(?:the\s+one|that\s+one|this\s+one|[A-Za-z]{0,4}-?\d)|不是|并非", re.IGNORECASE)
_ONLY = re.compile(r"\b(?:only|just)\b|只|仅", re.IGNORECASE)
TOKEN = re.compile(r"(?<![A-Za-z0-9])[A-Za-z]*[-_]?\d[\dA-Za-z-]*(?![A-Za-z0-9])")


def shape(value: str) -> str:
    out = re.sub(r"[A-Z]+", "[A-Z]+", re.escape(value))
    out = re.sub(r"[a-z]+", "[a-z]+", out)
    return re.sub(r"\d+", r"\\d+", out)


def negated_spans(text: str) -> list[tuple[int, int]]:
    """Where a negation reaches: from a negation word to the end of its clause ("..., but *not O-312*")."""
    spans, start = [], 0
    bounds = [(m.start(), m.end()) for m in _CLAUSE.finditer(text)] + [(len(text), len(text))]
    for cut, after in bounds:
        clause = text[start:cut]
        en, zh = _NEG_EN.search(clause), next((m for m in _NEG_ZH.finditer(clause) if _negates(clause, m)), None)
        # a Chinese negation reaches back over its clause too: the object often comes first, as its topic
        # ("T-2 先别动" - leave T-2 alone); an English one reaches forward ("but not O-312")
        cues = [0] if zh else ([en.start()] if en else [])
        if cues:
            spans.append((start + min(cues), cut))
        start = after
    return spans


def _negates(clause: str, m: re.Match[str]) -> bool:
    """Whether a Chinese negation word found in a clause is one: a bare 别 only when the segmenter keeps it apart
    from the characters around it (别动, 别放门口 - but 特别, 区别, 别人, 别的 are words of their own)."""
    if m.group() != "别":
        return True
    from fcourse.teaching.reading.segmenter import is_negation, segment

    return any(is_negation(word) for word, start, end in segment(clause) if start <= m.start() < end)


def inside(spans: list[tuple[int, int]], pos: int) -> bool:
    return any(s <= pos < e for s, e in spans)


_ID = r"[A-Z]{1,5}-?\d+"
_KEPT = re.compile(rf"\b(?:leave|keep)\s+(?P<v>{_ID})\b(?=\s+(?:alone|as it is|out of it|be|booked|going|on)\b)"
                   rf"|(?P<w>{_ID})\s*(?:先)?(?:留着|保留|别动|不要动|不动|stays|can stay|is staying)")


def excluded_values(text: str) -> set[str]:
    """Values the user excluded: written where a negation reaches, with another value of the same shape outside."""
    spans = negated_spans(text)
    negated, positive = set(), set()
    for m in TOKEN.finditer(text):
        (negated if inside(spans, m.start()) else positive).add(m.group())
    # a negation wins over an earlier mention ("refund O-5, O-6 and O-7 but not O-6")
    out = {t for t in negated if any(p != t and re.fullmatch(shape(t), p) for p in positive)}
    # "不是HD-2的那个", "any booking other than B-7", "not the one that is B-7": the value is named to say which
    # one it is not - a negated stretch with no verb of its own negates the value, not an action
    out |= {m.group() for m in TOKEN.finditer(text) if _NOT_THIS.search(text[max(0, m.start() - 12):m.start()])}
    for a, b in spans:
        if _IDENTITY.search(text[a:b]) and not _acts(text[a:b]):
            out |= {m.group() for m in TOKEN.finditer(text, a, b) if m.end() <= b}
    # "leave KY-12 alone", "keep KY-3", "KY-12 留着": a value the user keeps is never acted on, alone or not
    out |= {m.group("v") or m.group("w") for m in _KEPT.finditer(text)}
    # "cancel RES-2 only" / "只退 O-1": the clause that says "only" names what is acted on; other values of the
    # same shape written elsewhere in the turn are excluded
    only = [c for c in _clause_spans(text) if _ONLY.search(text[c[0]:c[1]])]
    chosen = {m.group() for a, b in only for m in TOKEN.finditer(text, a, b) if m.end() <= b}
    for m in TOKEN.finditer(text):
        t = m.group()
        if chosen and t not in chosen and any(re.fullmatch(shape(t), c) for c in chosen):
            out.add(t)
    return out


def _acts(stretch: str) -> bool:
    """Whether a stretch of text names an action (a verb concept of the lexicon)."""
    from fcourse.teaching.reading.analysis import analyse
    from fcourse.teaching.reading.lexicon import ACTION_CONCEPTS

    a = analyse(stretch)
    return any(t.key[1:] in ACTION_CONCEPTS for t in (*a.terms, *a.negated))


def _clause_spans(text: str) -> list[tuple[int, int]]:
    spans, start = [], 0
    for m in [*_CLAUSE.finditer(text), None]:
        cut = m.start() if m else len(text)
        if m is not None and m.group().lower() in ("only", "just", "只"):
            continue  # "only" itself marks the clause; it does not end it
        spans.append((start, cut))
        start = m.end() if m else len(text)
    return spans


