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
while the wheel has ``tokenizers/`` and would then try the network, and importing
it costs half a second, so the two files are read directly (``_Embeddings``). The
model loads on first use, not when ``fcourse`` is imported; numpy comes with it.
Similarities are rounded to four decimals so records stay byte-stable.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from typing import Any

__all__ = ["available", "closest", "similar_pairs", "similarity", "vector"]


class _Embeddings:
    """wordllama's ``l2_supercat`` 256-dimension embeddings, read from the files its wheel ships.

    ``WordLlama.load(...)`` would give the same vectors, but importing the
    ``wordllama`` package costs more than half a second (it imports ``requests``
    and its training configuration, and calls ``logging.basicConfig``) and its
    loader converts the whole 32,000 x 256 matrix to float32. This reads the same
    two files with the libraries wordllama itself uses (``tokenizers``,
    ``safetensors``) and pools exactly as ``WordLlamaInference.embed`` does, row by
    row: ``tests/test_teaching_semantics.py`` checks the vectors are identical.
    """

    def __init__(self, folder: Any) -> None:
        from tokenizers import Tokenizer

        self.tokenizer = Tokenizer.from_file(str(folder / "tokenizers" / "l2_supercat_tokenizer_config.json"))
        self.tokenizer.enable_padding()
        self.tokenizer.no_truncation()
        self.weights = _weights(folder / "weights" / "l2_supercat_256.safetensors")  # float16; float32 when used

    def embed(self, texts: list[str]) -> Any:
        """Mean of the texts' token embeddings (float32), as ``WordLlamaInference.embed(texts)``."""
        import numpy as np

        encoded = self.tokenizer.encode_batch(texts, is_pretokenized=False, add_special_tokens=False)
        ids = np.array([e.ids for e in encoded], dtype=np.int32)
        mask = np.array([e.attention_mask for e in encoded], dtype=np.float32)
        np.clip(ids, 0, self.weights.shape[0] - 1, out=ids)
        tokens = np.ascontiguousarray(self.weights[ids].astype(np.float32))
        mask_sum = np.maximum(mask.sum(axis=1, keepdims=True), 1.0).astype(np.float32)
        return np.sum(tokens * mask[..., np.newaxis], axis=1, dtype=np.float32) / mask_sum


def _weights(path: Any) -> Any:
    """The 32,000 x 256 embedding table: memory-mapped from a ``.npy`` copy in the resource cache (a decision
    reads a few rows), or read whole from the safetensors file when no cache can be written."""
    import numpy as np
    from safetensors import safe_open

    from fcourse.teaching.reading.resources import artifact

    def read() -> Any:
        with safe_open(str(path), framework="np", device="cpu") as f:
            return f.get_tensor("embedding.weight")

    def build(target: Any) -> None:
        with open(target, "wb") as out:
            np.save(out, read())

    cached = artifact("wordllama_weights.npy", [path], build)
    return read() if cached is None else np.load(cached, mmap_mode="r")


@lru_cache(maxsize=1)
def _model() -> Any:
    from importlib.util import find_spec
    from pathlib import Path

    spec = find_spec("wordllama")  # the package's folder, without running its __init__
    if spec is None or not spec.submodule_search_locations:
        raise ModuleNotFoundError("wordllama is not installed")
    return _Embeddings(Path(next(iter(spec.submodule_search_locations))))


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
