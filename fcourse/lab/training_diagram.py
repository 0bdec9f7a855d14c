"""The road from training to runtime, as a mermaid flowchart (chapter 3).

Introduced in chapter 3 (the original articles' series, part 3, and training article): supervised samples teach the
*format* of a tool call, preference training (RLHF / RLAIF) teaches the
*boundary* - when to call and when to answer - and at run time the model only
produces candidate tool calls, which the runtime validates, confirms, executes
or refuses. Built with mermaid-py's flowchart builder and shown with
:class:`fcourse.lab.diagrams.MermaidDiagram` (rendered offline by JupyterLab).
"""

from __future__ import annotations

from mermaid.flowchart import FlowChart, Link, Node

from fcourse.lab.diagrams import MermaidDiagram

__all__ = ["training_to_runtime"]


def training_to_runtime() -> MermaidDiagram:
    """Training (format, then boundary) → model tendencies → candidate calls → the runtime decides."""
    sft = Node("sft", "Supervised samples (SFT): context + tools → the right tool_calls. Teaches the format")
    negatives = Node("neg", "Negative samples: answer directly, or ask back. No call")
    pref = Node("pref", "Preference training (RLHF / RLAIF): call only when needed. Teaches the boundary")
    weights = Node("weights", "Model parameters: a tendency to emit tool calls")
    request = Node("request", "This request: messages + tool descriptions + verified context")
    candidate = Node("candidate", "Candidate tool_calls (a proposal, never a command)")
    runtime = Node("runtime", "Runtime: allow-list, validate arguments, permissions")
    confirm = Node("confirm", "Confirm high-risk actions")
    execute = Node("execute", "Execute the handler")
    refuse = Node("refuse", "Refuse with a structured error")
    links = [
        Link(sft, weights, message="format"),
        Link(negatives, weights, message="when not to call"),
        Link(pref, weights, message="boundary"),
        Link(weights, candidate),
        Link(request, candidate),
        Link(candidate, runtime),
        Link(runtime, confirm, message="valid, high risk"),
        Link(runtime, execute, message="valid"),
        Link(confirm, execute, message="confirmed"),
        Link(runtime, refuse, message="unknown tool / bad arguments / no permission"),
    ]
    nodes = [sft, negatives, pref, weights, request, candidate, runtime, confirm, execute, refuse]
    chart = FlowChart("From training to runtime", nodes=nodes, links=links, orientation="TD")
    return MermaidDiagram(chart.script)
