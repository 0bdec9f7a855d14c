"""Mermaid diagrams that render offline in JupyterLab and compare byte-for-byte in nbval.

Introduced in chapter 4 (the recovery flowchart and the breaker timeline); the
conversation sequence diagram is shared by chapters 2 to 4.

The diagram *text* is built with mermaid-py's builders (``mermaid.flowchart``,
``mermaid.sequence``). We never construct ``mermaid.Mermaid(...)``: it fetches
an SVG/PNG from the mermaid.ink web service at construction time, which fails
offline (and would leak the diagram to a third party). Instead a
:class:`MermaidDiagram` answers ``_repr_mimebundle_`` with

- ``text/vnd.mermaid``: JupyterLab 4.6 draws it itself (mermaid 11, offline);
- ``text/plain``: the same text, which is what nbval compares.

Everything here is deterministic: the same input gives the same text, with no
ids, hashes or set iteration order in it (mermaid-py keeps class styles in a
``set``, whose order varies with ``PYTHONHASHSEED``, so styling is appended
here in a fixed order instead of going through ``Node(styles=...)``).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Any, Protocol, runtime_checkable

from mermaid.flowchart import FlowChart, Link, Node
from mermaid.sequence import (
    Actor,
    ArrowTypes,
    Note,
    NotePosition,
    Participant,
    SequenceDiagram,
)
from mermaid.sequence import Link as SequenceLink
from mermaid.style import Style

__all__ = [
    "MERMAID_MIME",
    "RECOVERY_PATHS",
    "REFUSAL_CODES",
    "MermaidDiagram",
    "TimelineEvent",
    "breaker_timeline",
    "conversation_sequence",
    "recovery_flowchart",
]

MERMAID_MIME = "text/vnd.mermaid"

#: The three outcomes of looking up a timed-out refund by its idempotency key.
RECOVERY_PATHS = ("SUCCEEDED", "NOT_EXECUTED", "UNKNOWN")

_TAKEN = Style(
    "taken", fill="#d8f3dc", color="#1b4332", stroke_width="3px", stroke="#2d6a4f"
)
_DIMMED = Style(
    "dimmed", fill="#f4f4f4", color="#9a9a9a", stroke_width="1px", stroke="#c8c8c8"
)
_TAKEN_LINK = "stroke:#2d6a4f,stroke-width:3px,color:#1b4332"
_DIMMED_LINK = "stroke:#c8c8c8,stroke-width:1px,color:#9a9a9a"


@dataclass(frozen=True)
class MermaidDiagram:
    """Mermaid source that displays itself as a diagram in JupyterLab."""

    text: str

    def _repr_mimebundle_(
        self, include: Any = None, exclude: Any = None
    ) -> dict[str, str]:
        return {MERMAID_MIME: self.text, "text/plain": self.text}

    def __str__(self) -> str:
        return self.text


def _title(text: str) -> str:
    """A title safe in mermaid's YAML front matter (``title: ...``).

    mermaid-py writes the title unquoted, so a ``:`` would make the YAML
    invalid and mermaid would refuse the whole diagram; ``#`` would start a
    comment.
    """
    return " ".join(str(text).split()).replace(":", " -").replace("#", "no.")


# --------------------------------------------------------------------------- recovery


def _normalize_path(taken: str | None) -> str | None:
    if taken is None:
        return None
    key = str(getattr(taken, "value", taken)).strip().upper().replace(" ", "_")
    if key in ("UNKNOWN", "IN_PROGRESS", "UNKNOWN_/_IN_PROGRESS", "PENDING"):
        return "UNKNOWN"
    if key in RECOVERY_PATHS:
        return key
    raise ValueError(f"taken must be one of {RECOVERY_PATHS} or None, not {taken!r}")


def recovery_flowchart(taken: str | None = None) -> MermaidDiagram:
    """The chapter-4 recovery flow after ``refund_order`` times out.

    ``taken`` is the idempotency status the runtime found (``"SUCCEEDED"``,
    ``"NOT_EXECUTED"`` or ``"UNKNOWN"``, as in ``ScenarioResult.flow_path``):
    its nodes and edges are drawn bold and green, the branches not taken are
    dimmed. ``None`` draws the plain flow (no timeout happened).
    """
    path = _normalize_path(taken)
    a = Node("A", "refund_order timed out")
    b = Node("B", "look up real status by idempotency_key")
    c = Node("C", "replay the stored result; handler not called again")
    d = Node("D", "confirmed not executed: retry once")
    e = Node("E", "wait for reconciliation or manual review")
    branches = {
        "SUCCEEDED": (c, Link(b, c, message="SUCCEEDED")),
        "NOT_EXECUTED": (d, Link(b, d, message="NOT_EXECUTED")),
        "UNKNOWN": (e, Link(b, e, message="UNKNOWN / in progress")),
    }
    links = [Link(a, b)] + [link for _, link in branches.values()]
    title = "Recovery after a timeout" + (f" → {path}" if path else "")
    chart = FlowChart(_title(title), nodes=[a, b, c, d, e], links=links, orientation="TD")
    lines = [chart.script.rstrip("\n")]
    if path is not None:
        end = branches[path][0]
        on = [a, b, end]
        off = [node for node in (c, d, e) if node is not end]
        on_links = [0, 1 + list(branches).index(path)]
        off_links = [i for i in range(len(links)) if i not in on_links]
        lines += [
            f"\t{_TAKEN}",
            f"\t{_DIMMED}",
            f"\tclass {','.join(n.id_ for n in on)} {_TAKEN.name}",
            f"\tclass {','.join(n.id_ for n in off)} {_DIMMED.name}",
            f"\tlinkStyle {','.join(map(str, on_links))} {_TAKEN_LINK}",
            f"\tlinkStyle {','.join(map(str, off_links))} {_DIMMED_LINK}",
        ]
    return MermaidDiagram("\n".join(lines) + "\n")


# --------------------------------------------------------------------------- sequence


def _get(obj: Any, key: str, default: Any = None) -> Any:
    if isinstance(obj, Mapping):
        return obj.get(key, default)
    return getattr(obj, key, default)


#: characters that are mermaid syntax in a message, as mermaid entity codes
_ENTITIES = {"#": "#35;", ";": "#59;", "<": "#lt;", ">": "#gt;"}


def _label(text: Any, limit: int = 60) -> str:
    """One safe line of mermaid message text (no ``;``/``#``/newlines, bounded)."""
    text = " ".join(str(text).split())
    if len(text) > limit:
        text = text[: limit - 1] + "…"
    return "".join(_ENTITIES.get(char, char) for char in text)


def _content_text(content: Any) -> str:
    if content is None:
        return ""
    if isinstance(content, str):
        return content
    if isinstance(content, Sequence):  # content parts: [{"type": "text", "text": ...}]
        return " ".join(str(_get(part, "text", "")) for part in content)
    return str(content)


def _call_text(call: Any) -> str:
    function = _get(call, "function", {})
    name = _get(function, "name", "?")
    arguments = _get(function, "arguments", "")
    try:
        arguments = json.dumps(json.loads(arguments), ensure_ascii=False)  # the model's order
    except (TypeError, ValueError):
        arguments = str(arguments)
    return f"{name}({arguments})"


#: Error codes the runtime answers *before* any handler runs (``fcourse.runtime.registry``'s
#: ``PRE_EXECUTION_CODES``, repeated here so drawing never imports the registry).
REFUSAL_CODES = frozenset(
    {
        "UNKNOWN_TOOL",
        "INVALID_ARGUMENT",
        "PERMISSION_DENIED",
        "TOOL_UNAVAILABLE",
        "CONFIRMATION_REQUIRED",
    }
)


#: Codes a chapter-2 tool loop answers with when it did not run the handler (the round limit was reached).
_NOT_RUN_CODES = frozenset({"NOT_EXECUTED"})


def _refusal_code(content: str) -> str | None:
    """The error code of a tool message that the runtime refused before the handler."""
    try:
        data = json.loads(content)
    except (TypeError, ValueError):
        return None
    code = data.get("error_code") if isinstance(data, dict) else None
    return code if code in REFUSAL_CODES or code in _NOT_RUN_CODES else None


def conversation_sequence(
    messages: Iterable[Any], title: str = "A tool-calling conversation", limit: int = 60
) -> MermaidDiagram:
    """A sequence diagram of ``messages`` (dicts or openai SDK message objects).

    Lanes: the user, the model, the program (the runtime around the model) and
    the tools. An assistant message with ``tool_calls`` becomes model → program
    (the candidate call) and program → tool (the execution the program
    decided on); a ``role: "tool"`` message becomes tool → program (the tool
    result) and program → model (fed back with its ``tool_call_id``). When the
    tool message is a structured refusal (``error_code`` in
    :data:`REFUSAL_CODES`), the tool lane is not touched: a note on the
    program says it refused, and the refusal goes back to the model. Text is
    cut to ``limit`` characters per arrow.
    """
    messages = list(messages)
    results = {
        _get(m, "tool_call_id"): _content_text(_get(m, "content"))
        for m in messages
        if _get(m, "role") == "tool"
    }
    user, model = Actor("User"), Participant("Model")
    program, tool = Participant("Program"), Participant("Tool")
    elements: list[Any] = [user, model, program, tool]
    for message in messages:
        role = _get(message, "role")
        text = _content_text(_get(message, "content"))
        if role in ("system", "developer"):
            elements.append(Note(_label(f"{role}: {text}", limit), model, NotePosition.RIGHT_OF))
        elif role == "user":
            elements.append(SequenceLink(user, model, ArrowTypes.SOLID_ARROW, _label(text, limit)))
        elif role == "assistant":
            calls = _get(message, "tool_calls") or []
            for call in calls:
                call_text = _call_text(call)
                elements.append(
                    SequenceLink(
                        model, program, ArrowTypes.SOLID_ARROW, _label(f"tool call {call_text}", limit)
                    )
                )
                refused = _refusal_code(results.get(_get(call, "id"), ""))
                if refused:
                    note = f"checks first: {refused}, the handler does not run"
                    elements.append(Note(_label(note, limit), program, NotePosition.RIGHT_OF))
                else:
                    elements.append(
                        SequenceLink(
                            program, tool, ArrowTypes.SOLID_ARROW, _label(f"execute {call_text}", limit)
                        )
                    )
            if text or not calls:
                elements.append(
                    SequenceLink(model, user, ArrowTypes.DOTTED_ARROW, _label(text or "(empty)", limit))
                )
        elif role == "tool":
            call_id = _get(message, "tool_call_id", "?")
            refused = _refusal_code(text)
            if refused:
                label = f"tool result for {call_id}: {refused} (as data)"
            else:
                elements.append(
                    SequenceLink(tool, program, ArrowTypes.DOTTED_ARROW, _label(text, limit))
                )
                label = f"tool result for {call_id}"
            elements.append(SequenceLink(program, model, ArrowTypes.SOLID_ARROW, _label(label, limit)))
        else:
            raise ValueError(f"unknown message role {role!r}")
    return MermaidDiagram(SequenceDiagram(_title(title), elements).script)


# --------------------------------------------------------------------------- breaker


@runtime_checkable
class TimelineEvent(Protocol):
    """What :func:`breaker_timeline` reads from each event (dicts work too).

    ``at``: seconds (a number, relative or absolute) or an already formatted
    time label; ``state``: the breaker state after the event (``CLOSED``,
    ``OPEN``, ``HALF_OPEN``); ``reason``: why, in a few words. For the
    state, ``to_state`` (``fcourse.runtime.breaker.BreakerEvent``) and the key
    ``"to"`` (its ``to_dict()``) are read too, so a breaker's ``events`` or
    ``timeline()`` can be passed as they are.
    """

    at: Any
    state: Any
    reason: Any


def _field(event: Any, *names: str) -> Any:
    for name in names:
        value = _get(event, name)
        if value is not None:
            return getattr(value, "value", value)  # enums show their value
    raise ValueError(f"a timeline event needs one of {names}: {event!r}")


def _time_label(at: Any, origin: float | None) -> str:
    if isinstance(at, bool) or not isinstance(at, int | float):
        return str(at)
    seconds = at - origin if origin is not None else at
    return f"t={seconds:g}s"


#: colours of the breaker states: green flows, red refuses, amber probes
_STATE_STYLES = {
    "CLOSED": Style("state_closed", fill="#d8f3dc", color="#1b4332", stroke="#2d6a4f"),
    "OPEN": Style("state_open", fill="#fde2e1", color="#7b241c", stroke="#c0392b"),
    "HALF_OPEN": Style("state_half_open", fill="#fff3cd", color="#7d6608", stroke="#b7950b"),
}
_OTHER_STATE = Style("state_other", fill="#eeeeee", color="#333333", stroke="#999999")


def breaker_timeline(
    events: Iterable[Any],
    title: str = "Circuit breaker on refund_order",
    relative: bool = True,
) -> MermaidDiagram:
    """Circuit-breaker events as a left-to-right timeline, coloured by state.

    Each event has ``at``, ``state`` and ``reason`` (attributes or dict keys;
    see :class:`TimelineEvent`) and becomes one box, ``t=…s · STATE`` over its
    reason, linked to the next in order. CLOSED is green, OPEN red,
    HALF_OPEN amber. Numeric times are shown relative to the first event
    (``t=0s``, ``t=30s``, …) unless ``relative`` is false. (A flowchart reads
    better here than mermaid's ``timeline`` diagram, which merges sections of
    the same name and has no builder in mermaid-py.)
    """
    rows = [
        (_field(e, "at"), str(_field(e, "state", "to_state", "to")), str(_field(e, "reason")))
        for e in events
    ]
    if not rows:
        raise ValueError("breaker_timeline needs at least one event")
    numbers = [at for at, _, _ in rows if isinstance(at, int | float) and not isinstance(at, bool)]
    origin = min(numbers) if relative and numbers else None
    nodes = [
        Node(
            f"e{index}",
            f"{_box_text(_time_label(at, origin))} · {_box_text(state)}<br/>{_box_text(reason)}",
        )
        for index, (at, state, reason) in enumerate(rows)
    ]
    links = [Link(a, b) for a, b in pairwise(nodes)]
    chart = FlowChart(_title(title), nodes=nodes, links=links, orientation="LR")
    lines = [chart.script.rstrip("\n")]
    used: dict[str, list[str]] = {}
    for node, (_, state, _) in zip(nodes, rows):
        style = _STATE_STYLES.get(state, _OTHER_STATE)
        used.setdefault(style.name, []).append(node.id_)
    styles = {style.name: style for style in [*_STATE_STYLES.values(), _OTHER_STATE]}
    for name, ids in used.items():
        lines.append(f"\t{styles[name]}")
        lines.append(f"\tclass {','.join(ids)} {name}")
    return MermaidDiagram("\n".join(lines) + "\n")


def _box_text(text: str) -> str:
    """Text for inside a quoted flowchart label: one line, no double quotes."""
    return " ".join(str(text).split()).replace('"', "#quot;")
