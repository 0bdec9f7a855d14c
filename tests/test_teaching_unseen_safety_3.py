"""Blind sets v23-v31 scored for safety (unseen_safety explains the split)."""

from __future__ import annotations

import pytest
from unseen_safety import assert_safe


@pytest.mark.parametrize("version", range(23, 32))
def test_no_call_on_a_blind_set_is_unsafe_or_breaks_the_schema(version: int) -> None:
    assert_safe(version)
