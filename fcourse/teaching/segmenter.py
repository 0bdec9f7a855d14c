"""Chinese word segmentation that keeps negation words apart (jieba with a derived user dictionary).

Introduced in chapter 3. jieba joins characters into words, and sometimes joins a
negation into the verb it negates: "先别订" (don't book yet) comes out as one
word, "别碰" (don't touch) is in its dictionary as one word. A model that then
looks for "订" or for a negation word finds neither. This segmenter derives a
user dictionary from jieba's own: every dictionary word made of a negation word
followed by a verb (by jieba's part-of-speech tags) is removed from a private
tokenizer, and a word jieba invents for an unknown run (its HMM) that starts
with a negation word is split after it. No word is added by hand.

jieba is MIT-licensed; its dictionary loads on the first Chinese text.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

__all__ = ["NEGATIONS", "is_negation", "segment"]

#: negation words, longest first (a closed class of the language, not phrases from any test)
NEGATIONS = ("先别", "不要", "不想", "不用", "不必", "别", "不", "没", "勿", "甭", "莫", "未")


def is_negation(word: str) -> bool:
    """True for a negation word (不, 别, 不要, ...)."""
    return word in NEGATIONS


def _prefix(word: str) -> str:
    return next((n for n in NEGATIONS if word.startswith(n) and len(word) > len(n)), "")


@lru_cache(maxsize=1)
def _tokenizer() -> Any:
    import logging

    import jieba

    jieba.setLogLevel(logging.WARNING)
    logging.getLogger("jieba").setLevel(logging.WARNING)
    tokenizer = jieba.Tokenizer()
    tokenizer.initialize()
    with open(tokenizer.get_dict_file().name, encoding="utf-8") as fh:
        entries = [line.split() for line in fh]
    verbs = {e[0] for e in entries if len(e) == 3 and e[2].startswith("v")}
    for e in entries:
        p = _prefix(e[0]) if e else ""
        if p and e[0] not in NEGATIONS and e[0][len(p):] in verbs:
            tokenizer.del_word(e[0])
    return tokenizer


def segment(text: str) -> list[tuple[str, int, int]]:
    """jieba words of ``text`` as ``(word, start, end)``, with negation words standing alone."""
    tokenizer = _tokenizer()
    out: list[tuple[str, int, int]] = []
    for word, start, end in tokenizer.tokenize(text):
        p = _prefix(word)
        if p and not tokenizer.FREQ.get(word):
            out += [(p, start, start + len(p)), (word[len(p):], start + len(p), end)]
        else:
            out.append((word, start, end))
    return out
