"""fcourse.teaching.exclusion: how far a negation reaches, and what it excludes (chapter 3)."""

from __future__ import annotations

import pytest

from fcourse.teaching.exclusion import negated_spans


def negated(text: str) -> list[str]:
    return [text[a:b].strip() for a, b in negated_spans(text)]


@pytest.mark.parametrize(("text", "out"), [
    ("Anywhere but Harrow — the Kingsway shop is easier.", ["Anywhere but Harrow"]),
    ("anyone but Tom - send it to Ann", ["anyone but Tom"]),
    ("a cake - anything but lemon. Vanilla then.", ["anything but lemon"]),
    ("Cancel O-200, not O-100.", ["not O-100"]),
])
def test_any_but_and_a_dash_bound_what_a_negation_excludes(text: str, out: list[str]) -> None:
    assert negated(text) == out
