"""Stage 4 of the teaching model's policy: fill and check the arguments of each chosen tool.

Introduced in chapter 2, shown in the record in chapter 3. ``fill(conversation,
routing, act)`` returns a :class:`Proposal` record: each chosen tool's
arguments (``fcourse.teaching.deciding.arguments`` reads every parameter's schema and
looks for the value in the user's turns, then the system context), where each
value came from, which required values are missing, and the tool calls that
follow. Several values for one entity ("北京和上海") become several calls
when ``parallel_tool_calls`` is true, else only the first. In a follow-up,
the short answer goes to the argument that was asked for; the rest comes from
the turn it answers.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from fcourse.teaching.deciding.arguments import Filled, Sources, fill_arguments
from fcourse.teaching.deciding.conversation import Conversation, function_of
from fcourse.teaching.deciding.decision import ProposedCall
from fcourse.teaching.deciding.intents import Act
from fcourse.teaching.deciding.routing import Routing
from fcourse.teaching.deciding.value_kinds import misfits
from fcourse.teaching.reading.analysis import analyse

__all__ = ["Proposal", "fill", "proposal_of"]


@dataclass(frozen=True)
class Proposal:
    """Stage 4's record: the filled arguments of each chosen tool, and the calls they make.

    ``filled`` pairs each chosen row with its :class:`~fcourse.teaching.arguments.Filled`;
    ``missing`` maps a tool name to its required arguments found nowhere;
    ``calls`` are the tool calls (fanned out, and cut to one when
    ``parallel_tool_calls`` is false: ``dropped`` says how many were cut).
    """

    filled: list[tuple[dict[str, Any], Filled]] = field(default_factory=list)
    missing: dict[str, list[str]] = field(default_factory=dict)
    calls: list[ProposedCall] = field(default_factory=list)
    dropped: int = 0
    checks: list[dict[str, Any]] = field(default_factory=list)  # stage 4b's changes (``checking``)

    @property
    def first_missing(self) -> tuple[dict[str, Any], Filled] | None:
        """The first chosen tool with a required argument missing (the one to ask about)."""
        return next(((r, f) for r, f in self.filled if f.missing), None)

    def record(self) -> dict[str, Any]:
        """The decision record's ``arguments`` (each value's source) and ``missing``."""
        out = {
            "arguments": [dict(p, tool=row["name"]) for row, f in self.filled for p in f.provenance],
            "missing": self.missing,
        }
        if self.checks:
            out["checks"] = self.checks
        return out


def _calls(filled: list[tuple[dict[str, Any], Filled]], parallel: bool) -> tuple[list[ProposedCall], int]:
    calls: list[ProposedCall] = []
    for row, f in filled:
        if f.fan_out and not f.missing and len(filled) == 1:
            param, values = f.fan_out
            for i, value in enumerate(values):
                own = {q: vals[i] for q, vals in f.paired.items() if len(vals) == len(values)}
                calls.append(ProposedCall(row["name"], {**f.arguments, param: value, **own}))
        else:
            calls.append(ProposedCall(row["name"], dict(f.arguments)))
    dropped = 0
    if not parallel and len(calls) > 1:
        dropped = len(calls) - 1
        calls = calls[:1]
    return calls, dropped


def fill(conversation: Conversation, routing: Routing, act: Act) -> Proposal:
    """Stage 4: fill each chosen tool's arguments from the conversation, and say what is missing."""
    if act.kind != "call":
        return Proposal()
    primary, earlier, context = routing.primary, conversation.earlier, conversation.context
    user_sources = tuple(primary) + tuple(e for e in earlier if e not in primary)
    filled: list[tuple[dict[str, Any], Filled]] = []
    for row in act.chosen:
        fn = function_of(conversation.tools[row["index"]])
        params = fn.get("parameters") if isinstance(fn.get("parameters"), dict) else None
        about = analyse(str(fn.get("description") or "")).keys
        focus = act.focuses[row["index"]]
        asked = None
        if routing.follow_up:  # the short answer goes to what was asked for; the rest comes from the earlier turn
            asked = frozenset(fill_arguments(params, Sources(user=user_sources[1:], context=context,
                                                             anchors=row["_anchors"])).missing)
        got = fill_arguments(params, Sources(user=user_sources, context=context, about=about, anchors=row["_anchors"],
                                             focus=focus, segment=act.segments.get(focus), asked=asked))
        filled.append((row, _of_their_kind(got, params or {}, conversation.latest)))
    return proposal_of(filled, conversation.parallel)


def _of_their_kind(got: Filled, params: dict[str, Any], said: str) -> Filled:
    """Values not of the kind their parameter names are left out (a required one is then asked for)."""
    wrong = misfits(got.arguments, params.get("properties") or {}, said)
    for name, why in wrong.items():
        del got.arguments[name]
        got.provenance = [p for p in got.provenance if p.get("param") != name]
        got.provenance.append({"param": name, "value": None, "source": "not used", "how": why})
        if name in (params.get("required") or []):
            got.missing.append(name)
    return got


def proposal_of(filled: list[tuple[dict[str, Any], Filled]], parallel: bool) -> Proposal:
    """The proposal made of these filled tools: what is missing, and the calls (fanned out, or cut to one)."""
    missing = {row["name"]: f.missing for row, f in filled if f.missing}
    calls, dropped = _calls(filled, parallel)
    return Proposal(filled, missing, calls, dropped)
