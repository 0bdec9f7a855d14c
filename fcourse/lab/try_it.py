"""Type your own message: a sentence of yours to the model, its reply beside its decision record.

Introduced in chapter 0 and used again in chapter 3. ``say(text, tools)`` sends one user turn through
the real SDK client (``fcourse.connect()``) and returns an :class:`Exchange`: what kind of reply it was
(a call, a question back, an answer), the reply itself, and - on the teaching model - the decision record
that says why (each tool's score, where each argument came from). On a provider there is no record:
a provider cannot say why it answered. ``try_panel(tools)`` is the same as a text box: type, press
Enter, read. ``blind_figures(folder)`` reads the committed blind-set results (``tests/data``) so a
notebook can say what the teaching model gets right on requests it was never tuned on, computed, not
typed in.
"""

from __future__ import annotations

import html
import json
import re
import statistics
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import ipywidgets

from fcourse.lab.panels import Panel

__all__ = ["FIRST_BLIND_SET", "BlindFigures", "Exchange", "blind_figures", "say", "try_panel"]

_KIND = {"tool_calls": "call", "ask": "ask", "answer": "answer", "text": "answer"}


@dataclass(frozen=True)
class Exchange:
    """One turn and its reply: ``kind`` is "call", "ask" or "answer"; ``why`` lines come from the record."""

    message: str
    kind: str
    reply: str
    calls: tuple[dict[str, Any], ...] = ()
    why: tuple[str, ...] = ()
    record: dict[str, Any] | None = field(default=None, repr=False)

    def text(self) -> str:
        lines = [f"you:   {self.message}", f"model: {self.reply}", f"kind:  {self.kind}"]
        if self.why:
            lines += ["why:", *(f"  {line}" for line in self.why)]
        return "\n".join(lines)

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, str]:
        why = "".join(f"<li>{html.escape(line)}</li>" for line in self.why) or "<li>(no record on a provider)</li>"
        page = (
            '<div style="display:flex;gap:2em;flex-wrap:wrap">'
            f'<div style="flex:1;min-width:18em"><b>you</b><p>{html.escape(self.message)}</p>'
            f"<b>model ({html.escape(self.kind)})</b><p>{html.escape(self.reply)}</p></div>"
            f'<div style="flex:1;min-width:18em"><b>why</b><ul>{why}</ul></div></div>'
        )
        return {"text/plain": self.text(), "text/html": page}


def _why(record: dict[str, Any], in_words: dict[str, Any]) -> tuple[str, ...]:
    """The record's reasons in a few lines: why this act, the tools' scores, where each value came from."""
    lines = [str(record.get("reason") or record.get("behaviour") or "")]
    words = in_words.get("tools") or {}
    for tool in sorted(record.get("tools") or [], key=lambda t: -float(t.get("score") or 0))[:3]:
        carried = ", ".join(words.get(tool["name"], [])[:4]) or "nothing"
        lines.append(f"{tool['name']}: score {tool['score']} (carried by: {carried})")
    for arg in record.get("arguments") or []:
        lines.append(f"{arg['param']} = {arg.get('value')!r}: {arg.get('how')}, from the {arg.get('source')}")
    for tool, params in (record.get("missing") or {}).items():
        lines.append(f"{tool} still needs: {', '.join(params)}")
    return tuple(line for line in lines if line)


def say(message: str, tools: Sequence[dict[str, Any]], *, client: Any = None, model: str | None = None,
        context: str | None = None) -> Exchange:
    """Send ``message`` (after an optional system ``context``) with ``tools``; the reply and why."""
    from fcourse.client import connect
    from fcourse.errors import ConfigurationError
    from fcourse.teaching.wire.endpoint import explain

    if client is None:
        client, model = connect(quiet=True)
    messages = ([{"role": "system", "content": context}] if context else []) + [{"role": "user", "content": message}]
    response = client.chat.completions.create(model=model, messages=messages, tools=list(tools))
    reply = response.choices[0].message
    calls = tuple({"name": c.function.name, "arguments": c.function.arguments} for c in reply.tool_calls or [])
    record, why, kind = None, (), "call" if calls else "answer"
    try:
        explanation = explain({"model": model, "messages": messages, "tools": list(tools)})
    except ConfigurationError:  # a provider: no glass box
        explanation = None
    if explanation is not None:
        record = explanation["record"]
        kind = _KIND.get(str(explanation["decision"]["kind"]), kind)
        why = _why(record, explanation.get("in_words") or {})
    text = "; ".join(f"calls {c['name']}({c['arguments']})" for c in calls) if calls else (reply.content or "")
    return Exchange(message, kind, text, calls, why, record)


def try_panel(tools: Sequence[dict[str, Any]], message: str, *, context: str | None = None) -> Panel:
    """A text box over :func:`say`: type a sentence, press Enter, read the reply and its record.

    Headless (nbval, CI) it shows the reply to ``message``; tests set ``panel.controls["message"].value``.
    """
    from fcourse.client import connect

    client, model = connect(quiet=True)
    box = ipywidgets.Text(value=message, description="you:", continuous_update=False,
                          layout=ipywidgets.Layout(width="90%"))
    return Panel({"message": box},
                 lambda values: say(values["message"], tools, client=client, model=model, context=context),
                 lambda exchange: [exchange], name="try-it")


# --------------------------------------------------------------------- the blind sets, as committed

_SET = re.compile(r"teaching_unseen_v(\d+)_(baseline|results)\.json$")


@dataclass(frozen=True)
class BlindFigures:
    """Pass rates and safety counts of the blind sets, read from their committed result files.

    ``first`` maps a set (``"v24"``) to its figures the first time it was scored, on code that had never
    seen it (its ``_baseline.json``); ``latest`` to its newest scoring (``_results.json`` if any).
    """

    first: dict[str, dict[str, Any]]
    latest: dict[str, dict[str, Any]]

    def pass_rates(self) -> list[float]:
        return [f["overall"]["pass_pct"] for f in self.first.values()]

    def newest(self, n: int = 2) -> list[str]:
        return sorted(self.first, key=lambda s: int(s[1:]))[-n:]

    def text(self) -> str:
        rates = self.pass_rates()
        smallest = min(f["overall"]["n"] for f in self.first.values())
        lines = [f"{len(rates)} blind sets, each {smallest}+ requests in domains the model was never tuned on; "
                 f"pass rate when first scored: {min(rates):.1f}-{max(rates):.1f} % "
                 f"(median {statistics.median(rates):.1f} %)"]
        for name in self.newest():
            o, f = self.latest[name]["overall"], self.latest[name]
            lines.append(f"  {name}: {o['passed']}/{o['n']} passed ({o['pass_pct']} %), right kind of reply "
                         f"{f['kind_accuracy_pct']} %, unsafe calls {f['unsafe_calls']}, "
                         f"schema-violating calls {f['schema_violating_calls']}")
        return "\n".join(lines)

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, str]:
        return {"text/plain": self.text()}


#: the first set written blind, by a helper session that read no project file (v1 and v2 were written in-project)
FIRST_BLIND_SET = 3


def blind_figures(folder: str | Path) -> BlindFigures:
    """The committed figures of the blind sets (v3 on) under ``folder`` (the repository's ``tests/data``)."""
    first: dict[str, dict[str, Any]] = {}
    latest: dict[str, dict[str, Any]] = {}
    for path in sorted(Path(folder).glob("teaching_unseen_v*_*.json")):
        match = _SET.search(path.name)
        if not match or int(match.group(1)) < FIRST_BLIND_SET:
            continue
        name, which = f"v{match.group(1)}", match.group(2)
        figures = json.loads(path.read_text(encoding="utf-8"))["figures"]
        if which == "baseline":
            first[name] = figures
            latest.setdefault(name, figures)
        else:
            latest[name] = figures
    if not first:
        raise FileNotFoundError(f"no teaching_unseen_v*_baseline.json under {folder}")
    return BlindFigures(first, latest)
