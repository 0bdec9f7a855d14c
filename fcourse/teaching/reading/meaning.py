"""Routing by meaning: which description words are like the user's words (word embeddings, glosses).

Introduced in chapter 3. BM25 (``routing``) finds a tool when the user uses the
description's own words; this module finds it when they use *other* words for
the same thing. Each content word of the request (an English word, or the
CC-CEDICT glosses of a Chinese word) is compared with every word of each tool's
description by word-embedding similarity (``fcourse.teaching.reading.semantics``). A
pair counts when the words are alike (at least ``FLOOR``) *and* more alike than
the word is, on average, to the other tools' descriptions: a word that fits
every tool equally tells nothing. The record names the pairs ("'borrowed' ~
'loan' 0.61").

Words in a negated clause are left out on both sides ("don't refund O-100, ..."; a
description's "只报价，不会叫车" is no evidence for calling a car), like
BM25's negated terms. Both sides are read the same way, so a Chinese request
meets an English description through glosses, and the reverse.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from fcourse.teaching.reading.lexicon import ZH_STOPWORDS

__all__ = ["FLOOR", "MeaningPair", "clauses", "content_words", "meaning_pairs", "negated_clause"]

#: how alike two words must be to count
FLOOR = 0.5
#: English function words: a closed class of the language (no content word of any request or test)
_FUNCTION = frozenset("""a an the and or but if then so to of for in on at by with from into onto up down out over
under about as is are was were be been being am do does did done have has had having i me my mine we us our you
your yours he him his she her it its they them their this that these those there here what which who whom whose
when where why how can could would should will shall may might must please just only also too very some any all
each every no not don't dont nor than get got let lets let's want wanted need needs like would i'm it's that's
one ones thing things e.g etc use used using sb sth someone something""".split())
_EN = re.compile(r"[A-Za-z][A-Za-z'-]+")
_NOT = re.compile(r"\b(?:don't|do not|dont|never|not)\b", re.IGNORECASE)
_ZH = re.compile(r"[\u4e00-\u9fff]+")


@dataclass(frozen=True)
class MeaningPair:
    """A user word, the description word most like it, their similarity, and what the pair adds."""

    user: str
    said: str  # what the user wrote (the Chinese word a gloss came from, or the word itself)
    description: str
    written: str  # what the description wrote (the Chinese word a gloss came from, or the word itself)
    similarity: float
    weight: float


def content_words(text: str, skip_negated: bool = True) -> list[tuple[str, str]]:
    """(English word, what was written) for each content word; Chinese words give their glosses."""
    from fcourse.teaching.reading.glosses import english_words

    out: list[tuple[str, str]] = []
    for clause in clauses(text):
        if skip_negated and negated_clause(clause):
            continue
        for w in _EN.findall(clause):
            lw = w.lower().strip("'-")
            if len(lw) >= 3 and lw not in _FUNCTION:
                out.append((lw, lw))
        if _ZH.search(clause):
            from fcourse.teaching.reading.segmenter import segment

            for word, _, _ in segment(clause):
                if word in ZH_STOPWORDS:
                    continue
                if len(word) >= 2 and _ZH.fullmatch(word) and english_words(word):
                    out += [(g, word) for g in english_words(word)[:3] if g not in _FUNCTION]
                elif len(word) >= 2 and _ZH.fullmatch(word):  # not in the dictionary: its characters' senses
                    out += [(g, word) for ch in word if ch not in ZH_STOPWORDS for g in english_words(ch, 2)
                            if g not in _FUNCTION]
                elif _ZH.fullmatch(word) and word not in ZH_STOPWORDS:  # a one-character verb (换, 查): its senses
                    out += [(g, word) for g in _verb_senses(word) if g not in _FUNCTION]
    return list(dict.fromkeys(out))


@functools.lru_cache(maxsize=4096)
def _verb_senses(char: str) -> tuple[str, ...]:
    from fcourse.teaching.reading.glosses import glosses

    words = [w for g in glosses(char)[:5] if g.startswith("to ") for w in re.findall(r"[a-z]+", g[3:].split("(")[0])]
    return tuple(dict.fromkeys(w for w in words if len(w) >= 3))


def negated_clause(clause: str) -> bool:
    """Whether a clause (``clauses``) holds a negation: "don't refund O-100", "先别退"."""
    from fcourse.teaching.reading.segmenter import NEGATIONS

    return bool(_NOT.search(clause)) or any(n in clause for n in NEGATIONS)


def clauses(text: str) -> list[str]:
    return [c for c in re.split(r"[,;.!?，；。！？]|\b(?:but|just|only|instead)\b|只|而是|但是?", text,
                                flags=re.IGNORECASE) if c.strip()]


@functools.lru_cache(maxsize=1024)
def _doc_words(description: str) -> tuple[tuple[str, str], ...]:
    """(English word, what the description wrote) - a gloss keeps the Chinese word it came from; negated clauses
    of the description are left out."""
    return tuple(dict.fromkeys(content_words(description)))


@functools.lru_cache(maxsize=1024)
def _matrix(words: tuple[str, ...]) -> object:
    import numpy as np

    from fcourse.teaching.reading.semantics import vector

    return np.array([vector(w) for w in words]) if words else np.zeros((0, 256))


def meaning_pairs(text: str, descriptions: list[str]) -> list[list[MeaningPair]]:
    """For each description, the user's words that are like its words, most telling first."""
    import numpy as np

    from fcourse.teaching.reading.semantics import vector

    words = content_words(text)
    if not words or not descriptions:
        return [[] for _ in descriptions]
    q = np.array([vector(w) for w, _ in words])
    best = []  # per description: (similarity per user word, index of the description word)
    docs = [_doc_words(d) for d in descriptions]
    for d in docs:
        if not d:
            best.append((np.zeros(len(words)), np.zeros(len(words), dtype=int)))
            continue
        sims = q @ _matrix(tuple(w for w, _ in d)).T
        best.append((sims.max(axis=1), sims.argmax(axis=1)))
    table = np.array([b[0] for b in best])  # descriptions x user words
    mean = table.mean(axis=0) if len(descriptions) > 1 else np.zeros(len(words))
    out: list[list[MeaningPair]] = []
    for i, (sims, idx) in enumerate(best):
        pairs = []
        for j, (w, said) in enumerate(words):
            s = round(float(sims[j]), 4)
            gain = round(s - float(mean[j]), 4) if len(descriptions) > 1 else s
            if s >= FLOOR and gain > 0:
                word, written = docs[i][int(idx[j])]
                pairs.append(MeaningPair(w, said, word, written, s, gain))
        pairs.sort(key=lambda p: (-p.weight, p.user))
        out.append(pairs)
    return out
