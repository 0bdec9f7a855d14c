"""fcourse.lab.ch4_diagrams: the payment-provider sequence diagram, offline and byte-stable."""

from __future__ import annotations

import pytest

from fcourse.lab.ch4_diagrams import provider_sequence
from fcourse.lab.diagrams import MERMAID_MIME


def test_every_retry_reuses_the_key_and_only_the_last_gets_the_stored_answer() -> None:
    diagram = provider_sequence([0.12, 0.5, 1.75], key="refund-O-7-k1")
    text = diagram.text
    assert text.count("Idempotency-Key refund-O-7-k1 (same key)") == 3
    assert "retry 1 after 0.12s" in text and "retry 3 after 1.75s" in text
    assert text.count("provider--xrefund_domain") == 3  # the first attempt and two retries time out
    assert text.count("the stored refund") == 1
    assert text.index("compare with the ledger") > text.index("SUCCESS · refund")
    assert diagram._repr_mimebundle_()[MERMAID_MIME] == text


def test_same_input_same_text() -> None:
    assert provider_sequence([0.3]).text == provider_sequence([0.3]).text


def test_needs_a_retry() -> None:
    with pytest.raises(ValueError):
        provider_sequence([])
