"""The transcript inspector: a conversation as a readable table, results linked to calls.

Introduced in chapter 2 (the native tools protocol). ``Transcript(messages,
events)`` shows one row per message: its position, the loop round it belongs
to (from the loop's events, when given), the role, what it says (text, or each
tool call as ``name(arguments)`` with its id), and for a tool message the call
it answers (``→ #1 get_weather``). Rows the protocol linter
(``fcourse.protocol.lint``) finds a problem in are flagged, and the problems
are listed under the table, one sentence each.

It displays as text (what nbval compares) and as an HTML table (what JupyterLab
shows); ``diagram()`` draws the same messages as a mermaid sequence diagram
(``fcourse.lab.diagrams.conversation_sequence``).
"""

from __future__ import annotations

import html
import json
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from fcourse.protocol.lint import Problem, lint_messages
from fcourse.protocol.messages import as_dict, call_parts, tool_calls_of

__all__ = ["Row", "Transcript", "inspect_transcript"]


@dataclass(frozen=True)
class Row:
    """One message as the inspector shows it."""

    index: int
    round: int | None
    role: str
    says: str
    answers: str
    flags: tuple[str, ...]


def _short(text: Any, limit: int) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _content(message: dict[str, Any]) -> str:
    content = message.get("content")
    if isinstance(content, list):  # content parts: keep the text ones
        content = " ".join(str(part.get("text", "")) for part in content if isinstance(part, dict))
    return "" if content is None else str(content)


def _id(call_id: Any) -> str:
    """A call id short enough for a table cell (``call_hQSpmeu5…``); the linter's sentences keep it whole."""
    text = str(call_id)
    return text if len(text) <= 14 else text[:12] + "…"


def _arguments(raw: Any) -> str:
    if isinstance(raw, str):
        try:
            return json.dumps(json.loads(raw), ensure_ascii=False)
        except ValueError:
            return raw
    return json.dumps(raw, ensure_ascii=False, default=str)


class Transcript:
    """A conversation with its protocol problems; displays as a table.

    ``messages`` are dicts or SDK objects; ``events`` (optional) are the
    ``LoopEvent`` objects of the run that produced them, used for the round
    column. ``width`` bounds each cell of the text table.
    """

    def __init__(self, messages: Iterable[Any], events: Iterable[Any] = (), title: str = "transcript",
                 width: int = 80) -> None:
        self.messages = [as_dict(message) for message in messages]
        self.events = list(events)
        self.title = title
        self.width = width
        self.problems: list[Problem] = lint_messages(self.messages)

    def rows(self) -> list[Row]:
        """The table's rows, one per message."""
        rounds: dict[int, int] = {}
        for event in self.events:
            if event.index is not None and event.kind in ("reply", "result"):
                rounds[event.index] = event.round
        calls: dict[str, tuple[int, str]] = {}
        for i, message in enumerate(self.messages):
            for call in tool_calls_of(message):
                call_id, name, _ = call_parts(call)
                calls.setdefault(str(call_id), (i, str(name)))
        flags: dict[int, list[str]] = {}
        for problem in self.problems:
            flags.setdefault(problem.index, []).append(problem.code)
        rows = []
        for i, message in enumerate(self.messages):
            role = str(message.get("role"))
            parts = [_content(message)] if _content(message) else []
            for call in tool_calls_of(message):
                call_id, name, raw = call_parts(call)
                parts.append(f"{_id(call_id)} {name}({_arguments(raw)})")
            answers = ""
            if role == "tool":
                call_id = str(message.get("tool_call_id"))
                made = calls.get(call_id)
                answers = f"→ #{made[0]} {made[1]} {_id(call_id)}" if made else f"→ ? {_id(call_id)}: no such call"
            rows.append(Row(i, rounds.get(i), role, " | ".join(parts) or "(empty)", answers,
                            tuple(flags.get(i, ()))))
        return rows

    @property
    def ok(self) -> bool:
        """True when the linter found nothing."""
        return not self.problems

    def text(self) -> str:
        """The table as text (what nbval compares), then the linter's findings."""
        header = ("#", "round", "role", "says", "answers", "linter")
        table = [header] + [
            (str(r.index), "" if r.round is None else str(r.round), r.role, _short(r.says, self.width),
             _short(r.answers, 40), "⚠ " + ", ".join(r.flags) if r.flags else "")
            for r in self.rows()
        ]
        widths = [max(len(row[k]) for row in table) for k in range(len(header))]
        lines = [f"{self.title}: {len(self.messages)} messages"]
        lines += ["  ".join(cell.ljust(w) for cell, w in zip(row, widths)).rstrip() for row in table]
        lines.append(self._verdict())
        lines += [f"  - {problem}" for problem in self.problems]
        return "\n".join(lines)

    def _verdict(self) -> str:
        if not self.problems:
            return "linter: no protocol problems"
        rejected = sum(problem.rejected for problem in self.problems)
        return (f"linter: {len(self.problems)} problem(s), {rejected} of them rejected by the API "
                f"(HTTP 400), {len(self.problems) - rejected} accepted silently")

    def html(self) -> str:
        """The table as HTML (what JupyterLab shows)."""
        esc = html.escape
        head = "".join(f"<th>{h}</th>" for h in ("#", "round", "role", "says", "answers", "linter"))
        body = []
        for r in self.rows():
            style = " style='background:#fde2e1'" if r.flags else ""
            cells = (str(r.index), "" if r.round is None else str(r.round), r.role, r.says, r.answers,
                     ("⚠ " + ", ".join(r.flags)) if r.flags else "")
            body.append(f"<tr{style}>" + "".join(
                f"<td style='text-align:left'><code>{esc(c)}</code></td>" if k in (3, 4) and c
                else f"<td style='text-align:left'>{esc(c)}</td>" for k, c in enumerate(cells)) + "</tr>")
        items = "".join(f"<li>{esc(str(problem))}</li>" for problem in self.problems)
        return (f"<div class='fcourse-transcript'><p><b>{esc(self.title)}</b>: {len(self.messages)} messages</p>"
                f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>"
                f"<p>{esc(self._verdict())}</p>" + (f"<ul>{items}</ul>" if items else "") + "</div>")

    def diagram(self, title: str | None = None, limit: int = 60) -> Any:
        """The same messages as a mermaid sequence diagram, drawn from the transcript."""
        from fcourse.lab.diagrams import conversation_sequence

        return conversation_sequence(self.messages, title=title or self.title, limit=limit)

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, str]:
        return {"text/plain": self.text(), "text/html": self.html()}

    def __repr__(self) -> str:
        return f"Transcript({len(self.messages)} messages, {len(self.problems)} problem(s))"


def inspect_transcript(messages: Any, events: Iterable[Any] = (), title: str = "transcript") -> Transcript:
    """The inspector for ``messages``, or for a ``LoopResult`` (its messages and events)."""
    if hasattr(messages, "messages") and hasattr(messages, "events"):
        return Transcript(messages.messages, messages.events, title)
    return Transcript(messages, events, title)
