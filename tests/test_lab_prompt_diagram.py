"""The chapter 1 loop flowchart: mermaid text, deterministic, every step and exit present."""

from __future__ import annotations

from fcourse.lab.diagrams import MERMAID_MIME
from fcourse.lab.prompt_diagram import prompt_hack_flowchart


def test_flowchart_has_the_loop_and_the_four_exits() -> None:
    diagram = prompt_hack_flowchart()
    text = diagram.text
    assert text.startswith("---\ntitle: The prompt-hack loop - ") and "flowchart TD" in text
    for step in ("model writes the action as text", "program parses the text", "program executes the real function",
                 "result goes back to the model as text", "model answers in a sentence",
                 "failed loudly", "parsed but wrong", "shown as the answer (invented)"):
        assert step in text, step
    assert "-.->|\"refused\"|" in text and "==>|\"valid JSON, wrong call\"|" in text
    assert "==>|\"plain text\"|" in text
    assert "\tclass w,i danger" in text and "\tlinkStyle 6,7 stroke:#c0392b" in text


def test_flowchart_is_deterministic_and_displays_as_mermaid() -> None:
    bundle = prompt_hack_flowchart()._repr_mimebundle_()
    assert bundle[MERMAID_MIME] == bundle["text/plain"] == prompt_hack_flowchart().text
