"""Chapter 1's diagram: the prompt-hack loop as a mermaid flowchart.

Introduced in chapter 1. Built with mermaid-py's ``FlowChart`` (text only; the
web renderer ``mermaid.Mermaid`` is never called) and shown through
:class:`fcourse.lab.diagrams.MermaidDiagram`, which JupyterLab draws offline.
The parse step has four exits, as the chapter's sweep counts them: one valid
action runs, a refusal runs nothing, a call that parsed but is wrong runs
anyway, and a reply with no JSON at all is shown to the user as the answer -
the two dangerous paths, drawn in red.
"""

from __future__ import annotations

from mermaid.flowchart import FlowChart, Link, Node
from mermaid.style import Style

from fcourse.lab.diagrams import MermaidDiagram

__all__ = ["TITLE", "prompt_hack_flowchart"]

_MODEL = Style("model", fill="#e8f0fe", color="#1a3d7c", stroke="#4a74c9", stroke_width="1px")
_PROGRAM = Style("program", fill="#eef7ee", color="#1b4332", stroke="#2d6a4f", stroke_width="1px")
_DANGER = Style("danger", fill="#fde8e8", color="#7f1d1d", stroke="#c0392b", stroke_width="2px")


TITLE = "The prompt-hack loop: the model writes text, the program acts"


def prompt_hack_flowchart(title: str = TITLE) -> MermaidDiagram:
    """The loop: action as text -> program parses -> program executes -> result as text -> model answers."""
    ask = Node("Q", "user question + system prompt showing the JSON format", shape="stadium-shape")
    write = Node("M", "model writes the action as text: {action: get_weather, city: 北京}")
    parse = Node("P", "program parses the text", shape="rhombus")
    run = Node("X", "program executes the real function")
    back = Node("R", "result goes back to the model as text")
    answer = Node("A", "model answers in a sentence", shape="stadium-shape")
    loud = Node("L", "failed loudly: nothing runs, the program knows")
    wrong = Node("W", "parsed but wrong: the wrong call runs")
    invented = Node("I", "no JSON at all: the text is shown as the answer (invented)")
    links = [
        Link(ask, write),
        Link(write, parse),
        Link(parse, run, message="one valid action"),
        Link(run, back),
        Link(back, answer),
        Link(parse, loud, message="refused", shape="dotted"),
        Link(parse, wrong, message="valid JSON, wrong call", shape="thick"),
        Link(parse, invented, message="plain text", shape="thick"),
    ]
    chart = FlowChart(title.replace(":", " -"), nodes=[ask, write, parse, run, back, answer, loud, wrong, invented],
                      links=links, orientation="TD")
    lines = [
        chart.script.rstrip("\n"),
        f"\t{_MODEL}",
        f"\t{_PROGRAM}",
        f"\t{_DANGER}",
        f"\tclass {write.id_},{answer.id_} model",
        f"\tclass {parse.id_},{run.id_},{back.id_},{loud.id_} program",
        f"\tclass {wrong.id_},{invented.id_} danger",
        "\tlinkStyle 6,7 stroke:#c0392b,stroke-width:3px,color:#7f1d1d",
    ]
    return MermaidDiagram("\n".join(lines) + "\n")
