"""The teaching model's shared helpers give the same answers from many threads at once as from one.

A classroom server runs the model on a thread pool (fcourse.teaching.wire.server), so two
learners' requests can be decided at the same moment. The Snowball stemmer keeps the word it is
stemming in itself; shared without a lock it once turned concurrent requests into random 500s
(``IndexError`` in ``basestemmer``) and wrong stems. Both places that stem are driven here from
eight threads, past their caches, with the interpreter switching threads as often as it can.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor

import pytest

from fcourse.teaching.deciding import routing
from fcourse.teaching.reading import analysis

WORDS = [f"{stem}{ending}" for stem in ("refund", "cancel", "book", "deliver", "schedul", "weather", "explor")
         for ending in ("", "s", "ed", "ing", "ation", "ations", "ingly", "ers", "ness", "fulness")]


@pytest.fixture
def busy_switching() -> Iterator[None]:
    before = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        yield
    finally:
        sys.setswitchinterval(before)


@pytest.mark.parametrize("stem", [analysis.stem.__wrapped__, routing._stem.__wrapped__], ids=["analysis", "routing"])
def test_stemming_from_eight_threads_is_stemming_from_one(stem: Callable[[str], str], busy_switching: None) -> None:
    expected = [stem(word) for word in WORDS]

    def all_words(_: int) -> list[str]:
        return [stem(word) for word in WORDS]

    with ThreadPoolExecutor(8) as pool:
        results = list(pool.map(all_words, range(400)))
    wrong = sum(result != expected for result in results)
    assert wrong == 0, f"{wrong} of {len(results)} passes got another stem (or failed)"
