"""Static word embeddings (fcourse.teaching.reading.semantics): offline, deterministic, meaningful."""

from __future__ import annotations

import os
import subprocess
import sys

from fcourse.teaching.reading import semantics


def test_the_model_loads_offline_from_its_wheel() -> None:
    code = ("import socket\n"
            "def refuse(*a, **k): raise OSError('network disabled in this test')\n"
            "socket.socket.connect = refuse; socket.create_connection = refuse\n"
            "from fcourse.teaching.reading import semantics\n"
            "print(semantics.available(), semantics.similarity('parcel', 'package') > 0.2)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         env={**os.environ, "HF_HUB_OFFLINE": "0"})
    assert out.stdout.split() == ["True", "True"], out.stderr


def test_similar_words_score_higher_than_unrelated_ones() -> None:
    assert semantics.similarity("thorough", "deep") > semantics.similarity("thorough", "quick")
    assert semantics.similarity("longer", "extend") > semantics.similarity("longer", "search")
    assert semantics.similarity("children", "pediatrics") > semantics.similarity("children", "cardiology")


def test_similarity_is_symmetric_rounded_and_exact_for_equal_words() -> None:
    a, b = semantics.similarity("parcel", "package"), semantics.similarity("package", "parcel")
    assert a == b and a == round(a, 4)
    assert semantics.similarity("Lamp", "lamp") == 1.0
    assert semantics.similarity("", "lamp") == 0.0


def test_closest_and_similar_pairs_name_the_words_that_carried_a_match() -> None:
    word, score = semantics.closest("thorough", ["quick", "standard", "deep"])
    assert word == "deep" and score > 0
    assert semantics.closest("x", []) == ("", 0.0)
    pairs = semantics.similar_pairs(["longer", "banana"], ["extend", "due", "date"], floor=0.25)
    assert pairs == [("longer", "extend", semantics.similarity("longer", "extend"))]


def test_loading_the_model_leaves_the_learners_logging_alone() -> None:
    code = ("import logging\n"
            "from fcourse.teaching.reading import semantics\n"
            "semantics.similarity('lamp', 'light')\n"
            "root = logging.getLogger(); print(len(root.handlers), root.level)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, env=dict(os.environ))
    assert out.stdout.split() == ["0", "30"], out.stderr


def test_vectors_are_exactly_wordllamas_own() -> None:
    from pathlib import Path

    import numpy as np
    import wordllama

    own = wordllama.WordLlama.load(cache_dir=Path(wordllama.__file__).parent, disable_download=True)
    words = ["parcel", "Package", "thorough", "due date", "北京", "退款", "x", "", "co-worker's", "7pm", "naïve"]
    for word in words:
        assert np.array_equal(semantics._model().embed([word]), own.embed([word])), word
    assert np.array_equal(semantics._model().embed(words), own.embed(words))
