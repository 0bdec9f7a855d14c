"""Which of several values in a request a parameter takes: direction words, the nearest one, unit words.

Part of the teaching model's argument filling (chapter 2). "From Beijing to
Paris" holds two places; ``origin`` takes the one after "from" (从), and
``destination`` the one after "to" (到, 去). A one-way parameter never takes a
value said the other way round. In a turn with several requests, a value is
taken nearest to its own request ("refund O-100 and cancel O-200").
"""

from __future__ import annotations

import re
from typing import Any

from fcourse.teaching.deciding.moves import is_new
from fcourse.teaching.reading.extract import Candidate, preceded_by
from fcourse.teaching.reading.params import name_words, param_text

__all__ = ["nearest", "pick_candidate"]

TO_CUES = ("to", "into", "in", "for", "成", "为", "到", "去", "至", "往", "换成", "兑换成", "飞往")
FROM_CUES = ("from", "up at", "从", "自", "由")
#: words before the value something had until now ("原来六个人", "originally 6")
WAS_CUES = ("originally", "instead of", "原来", "原本", "本来", "之前", "原来是", "原本是", "本来是", "之前是")
_ORIGIN_WORDS = ("origin", "from", "departure", "depart", "source", "base", "pickup", "出发", "起点", "上车", "源",
                 "原")
_TARGET_WORDS = ("destination", "target", "to", "into", "arrival", "目的", "目标", "终点", "到达")
_END_WORDS = ("out", "end", "until", "return", "last", "finish", "离店", "退房", "结束", "截止", "返回", "返程")
_UNTIL_CUES = ("to", "until", "till", "out", "through", "-", "至", "到", "离店", "退房")


def nearest(cands: list[Candidate], focus: int) -> Candidate:
    """The candidate closest after ``focus`` (else closest before): "refund O-100 and cancel O-200"."""
    after = [c for c in cands if c.start >= focus]
    return min(after, key=lambda c: c.start) if after else max(cands, key=lambda c: c.start)


def pick_candidate(param: str, schema: dict[str, Any], kind: str, cands: list[Candidate],
                   text: str) -> Candidate | None:
    """Choose among several candidates: direction cues for from/to, unit words for numbers."""
    # "to" / "from" say a direction in a name (to_unit); in a description they are mostly grammar ("address to
    # collect from"), so there only the nouns count (destination, origin, pick-up)
    description = str(schema.get("description", "")).lower()
    words = (set(re.findall(r"[a-z]+", description)) - {"to", "into", "from"}
             | set(re.findall(r"[a-z]+", name_words(param).lower()))
             | set(re.findall(r"\b(from|to|into)\W*$", description)))  # "... to collect from": its direction
    zh = param_text(param, schema)

    def says(cues: tuple[str, ...]) -> bool:
        return any((w in words) if w.isascii() else (w in zh) for w in cues)

    if kind == "unit" and len(cands) > 1:  # "26.2 miles": the unit after the number is the one converted
        after_number = [c for c in cands if re.search(r"\d\s*$", text[max(0, c.start - 3) : c.start])]
        if says(_ORIGIN_WORDS) and after_number:
            return after_number[0]
        if says(_TARGET_WORDS):
            for c in cands:
                if preceded_by(text, c.start, TO_CUES):
                    return c
            others = [c for c in cands if c not in after_number]
            return others[0] if others else cands[-1]
    if kind == "time" and len(cands) > 1 and "new" in name_words(param).lower().split():
        for c in cands:  # "周四那节课改到下周一": the new day is the one said after "to" (改到, move to)
            if preceded_by(text, c.start, TO_CUES):
                return c
    if kind == "number" and len(cands) > 1 and is_new(param, schema):
        # "原来六个人，现在变成九个", "from 6 to 9": the new number is the one said after "to"/成, not after "原来"
        said_to = [c for c in cands if preceded_by(text, c.start, TO_CUES)]
        kept = [c for c in cands if not preceded_by(text, c.start, FROM_CUES + WAS_CUES)]
        if said_to or len(kept) == 1:
            return (said_to or kept)[0]
    if kind == "time" and len(cands) > 1 and says(_END_WORDS):
        for c in cands:
            if preceded_by(text, c.start, _UNTIL_CUES):
                return c
        return cands[-1]
    if kind in ("place", "currency", "language"):
        origin, target = says(_ORIGIN_WORDS), says(_TARGET_WORDS)
        if origin != target:  # a one-way parameter never takes a value said the other way round
            against = TO_CUES if origin else FROM_CUES
            cands = [c for c in cands if not preceded_by(text, c.start, against)]
            if not cands:
                return None
    if kind in ("place", "currency", "language") and len(cands) > 1:
        if says(_ORIGIN_WORDS):
            for c in cands:
                if preceded_by(text, c.start, FROM_CUES):
                    return c
            for c in cands:
                if not preceded_by(text, c.start, TO_CUES):
                    return c
        if says(_TARGET_WORDS):
            for c in cands:
                if preceded_by(text, c.start, TO_CUES):
                    return c
            return cands[-1]
    if kind == "number" and len(cands) > 1:
        for c in cands:
            if c.how.startswith("number next to"):
                return c
    return cands[0]
