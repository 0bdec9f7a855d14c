"""Word meaning from static word embeddings: which description word is *like* a word the user typed.

Introduced in chapter 3 (why the teaching model chose a tool). A learner writes
"keep the book longer"; the description says "extend the due date". No list of
phrases can foresee every wording, so the teaching model compares words by their
meaning instead: each word becomes a 256-number vector from ``wordllama``'s
static embeddings (distilled from a large language model's token embeddings),
and two words are alike when their vectors point the same way (cosine
similarity). The decision record then names the pair that carried a choice
("'thorough' ~ 'deep' 0.41").

The weights ship inside the ``wordllama`` wheel (MIT licence, 16 MB); nothing is
downloaded. Its loader looks for the tokenizer in a folder named ``tokenizer/``
while the wheel has ``tokenizers/`` and would then try the network, so it is
pointed at the package folder with downloads disabled. The model loads on first
use (about half a second), not when ``fcourse`` is imported; numpy comes with it.
Similarities are rounded to four decimals so records stay byte-stable.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from typing import Any

__all__ = ["available", "closest", "similar_pairs", "similarity", "vector"]


@lru_cache(maxsize=1)
def _model() -> Any:
    import logging
    from pathlib import Path

    root = logging.getLogger()
    handlers, level = list(root.handlers), root.level
    try:
        import wordllama
        from wordllama import WordLlama

        return WordLlama.load(cache_dir=Path(wordllama.__file__).parent, disable_download=True)
    finally:  # wordllama calls logging.basicConfig(level=INFO) at import: put the learner's logging back
        for h in list(root.handlers):
            if h not in handlers:
                root.removeHandler(h)
        root.setLevel(level)


def available() -> bool:
    """True when the embedding model loads offline from its wheel (it always should once installed)."""
    try:
        _model()
    except Exception:  # an absent or broken optional resource must not break the model: it routes without it
        return False
    return True


@lru_cache(maxsize=65536)
def vector(word: str) -> Any:
    """The unit-length embedding of a word or short phrase (a numpy array of 256 floats; cached)."""
    import numpy as np

    v = _model().embed([word])[0].astype(np.float64)
    n = float(np.linalg.norm(v))
    return v / n if n else v


def similarity(a: str, b: str) -> float:
    """Cosine similarity of two words or short phrases, in [-1, 1], rounded to 4 decimals (1.0 when equal)."""
    a, b = a.strip().lower(), b.strip().lower()
    if not a or not b:
        return 0.0
    if a == b:
        return 1.0
    return round(float(vector(a) @ vector(b)), 4)


def closest(word: str, candidates: Iterable[str]) -> tuple[str, float]:
    """The candidate most like ``word`` and its similarity (ties: the first); ``("", 0.0)`` for none."""
    best, score = "", 0.0
    for c in candidates:
        s = similarity(word, c)
        if s > score:
            best, score = c, s
    return best, score


def similar_pairs(query: Iterable[str], document: Iterable[str], floor: float) -> list[tuple[str, str, float]]:
    """For each query word, its most similar document word when at least ``floor``: ``(query, doc, sim)``."""
    doc = list(dict.fromkeys(document))
    out = []
    for q in dict.fromkeys(query):
        d, s = closest(q, doc)
        if s >= floor:
            out.append((q, d, s))
    return out
