"""Chapter 5's diagram: the path of a tool call from elsewhere, and where each guard sits on it.

Introduced in chapter 5. ``mcp_path(stopped_at=...)`` draws host → MCP client → MCP server →
runtime → handler, each guard as its own node in the order a call meets them, and marks where a
given call stopped (bold red) and the nodes it never reached (dimmed). The text is built with
mermaid-py's flowchart builder and shown with :class:`fcourse.lab.diagrams.MermaidDiagram`
(offline, byte-stable; see that module for why ``mermaid.Mermaid`` is never constructed).
"""

from __future__ import annotations

from mermaid.flowchart import FlowChart, Link, Node
from mermaid.style import Style

from fcourse.lab.diagrams import MermaidDiagram

__all__ = ["STOPS", "mcp_path"]

#: the guards in the order a call meets them: (node id, label, the codes it answers)
STOPS: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ("G1", "guard · approved, and unchanged since?", ("REFUSED_BY_HOST",)),
    ("G2", "guard · trusted and read-only, or the user says yes?", ("DECLINED_BY_USER",)),
    ("R1", "runtime · a known tool?", ("UNKNOWN_TOOL",)),
    ("R2", "runtime · permission: the session's roles (none if untrusted text shaped the call)",
     ("PERMISSION_DENIED",)),
    ("R3", "runtime · arguments valid?", ("INVALID_ARGUMENT",)),
    ("R4", "runtime · available?", ("TOOL_UNAVAILABLE",)),
    ("R5", "runtime · the user's confirmation token?", ("CONFIRMATION_REQUIRED",)),
)

_STOP = Style("stop", fill="#fde2e1", color="#7b241c", stroke_width="3px", stroke="#c0392b")
_DIMMED = Style("dimmed", fill="#f4f4f4", color="#9a9a9a", stroke_width="1px", stroke="#c8c8c8")


def mcp_path(stopped_at: str | None = None, title: str = "A tool call from elsewhere") -> MermaidDiagram:
    """The path a proposed call takes; ``stopped_at`` is the code that stopped it (None: the plain path).

    A code no guard answers (``SUCCESS``, say) raises ``ValueError``: the diagram only marks stops.
    """
    model = Node("M", "model proposes a call")
    adapter = Node("A", "host · adapter: tool call → tools/call")
    client = Node("C", "MCP client · _meta: the user's token, where the text came from")
    server = Node("S", "MCP server · Runtime.run, nothing else")
    handler = Node("H", "handler · the refund happens")
    guards = [Node(node_id, label) for node_id, label, _ in STOPS]
    order = [model, adapter, guards[0], guards[1], client, server, *guards[2:], handler]
    links = [Link(a, b) for a, b in zip(order, order[1:])]
    stop_index = None
    if stopped_at is not None:
        where = [i for i, (_, _, codes) in enumerate(STOPS) if stopped_at in codes]
        if not where:
            raise ValueError(f"no guard on the path answers {stopped_at!r}")
        stop_index = order.index(guards[where[0]])
    heading = title + (f" - stopped by {stopped_at}" if stopped_at else "")
    chart = FlowChart(heading.replace(":", " -"), nodes=order, links=links, orientation="TD")
    lines = [chart.script.rstrip("\n")]
    if stop_index is not None:
        lines += [f"\t{_STOP}", f"\t{_DIMMED}", f"\tclass {order[stop_index].id_} {_STOP.name}",
                  f"\tclass {','.join(node.id_ for node in order[stop_index + 1:])} {_DIMMED.name}"]
    return MermaidDiagram("\n".join(lines) + "\n")
