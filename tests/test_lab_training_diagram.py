"""The training-to-runtime diagram: mermaid text in the right order, offline."""

from __future__ import annotations

from fcourse.lab.diagrams import MERMAID_MIME
from fcourse.lab.training_diagram import training_to_runtime


def test_diagram_tells_format_then_boundary_then_runtime() -> None:
    diagram = training_to_runtime()
    text = diagram.text
    assert "flowchart TD" in text
    assert 'sft -->|"format"| weights' in text and 'pref -->|"boundary"| weights' in text
    assert "weights --> candidate" in text and "candidate --> runtime" in text
    for word in ("validate", "Confirm", "Execute", "Refuse"):
        assert word in text
    assert diagram._repr_mimebundle_()[MERMAID_MIME] == text
    assert training_to_runtime().text == text  # deterministic
