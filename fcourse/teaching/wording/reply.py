"""Stage 5 of the teaching model's policy: word the reply, and write the decision record.

Introduced in chapter 0, opened up in chapter 3. ``word(conversation, routing,
act, proposal)`` turns the records of the earlier stages into a
:class:`~fcourse.teaching.decision.Decision`: the tool calls, or what the model
says - it asks back for a required value found nowhere (and invents nothing),
says why no tool fits (naming what its tools can do), or that tool calls are
switched off - in the language of the latest user turn. The decision record
it writes is the stages' records joined: ``Conversation.record()``,
``Routing.record()``, the act's ``chosen`` and ``reason``,
``Proposal.record()``, and ``kind``, ``forced`` and ``calls``.
``answer_results`` words an answer from the tool results that end a
conversation; ``limit`` cuts a reply at ``max_tokens``.
"""

from __future__ import annotations

import re
from typing import Any

from fcourse.teaching.deciding.conversation import Conversation, estimate_tokens, function_of, truncate_tokens
from fcourse.teaching.deciding.decision import Decision
from fcourse.teaching.deciding.filling import Proposal
from fcourse.teaching.deciding.intents import Act
from fcourse.teaching.deciding.routing import Routing, tool_profile
from fcourse.teaching.reading.analysis import analyse
from fcourse.teaching.reading.documents import ACTS_NOT
from fcourse.teaching.reading.freetext import CUT_FROM_AROUND
from fcourse.teaching.wording import text as text_model
from fcourse.teaching.wording.results import compose_answer

__all__ = ["answer_results", "limit", "word"]


def _capability(tool: dict[str, Any]) -> str:
    desc = str(function_of(tool).get("description") or function_of(tool).get("name", "")).strip()
    for stop in ("。", ". ", "；", ";", "：", ": ", "\n"):
        if stop in desc:
            desc = desc.split(stop)[0]
    return _lower_first(desc.rstrip(".。"))


def _lower_first(text: str) -> str:
    """"Refund a paid order" -> "refund a paid order" (but "ISO code" stays)."""
    return text[:1].lower() + text[1:] if text[1:2].islower() else text


def _no_fit_text(tools: list[dict[str, Any]], zh: bool) -> str:
    caps = "；".join(_capability(t) for t in tools[:4]) if zh else "; ".join(_capability(t) for t in tools[:4])
    if zh:
        return f"我现有的工具都帮不上这个问题（它们能：{caps}），所以我不乱猜。"
    return f"None of my tools fits this (they can: {caps}), so I won't guess."


def _ask_text(tool: dict[str, Any], missing: list[str], zh: bool) -> str:
    parameters = function_of(tool).get("parameters")
    params = parameters.get("properties") if isinstance(parameters, dict) else None
    params = params if isinstance(params, dict) else {}
    items = []
    for name in missing:
        schema = params.get(name) if isinstance(params.get(name), dict) else {}
        desc = _lower_first(str(schema.get("description", "")).strip().rstrip(".。"))
        items.append((f"{name}（{desc}）" if desc else name) if zh else (f"{name} ({desc})" if desc else name))
    if zh:
        return f"要办这件事，我还需要：{'、'.join(items)}。请告诉我。"
    return f"To do that I need {', '.join(items)}. Could you tell me?"


_QUESTION_END = re.compile(r"(?:\?|？|吗|呢)\s*$")
_OWN = re.compile(r"\b(?:my|our|mine|ours|me|us)\b|我|俺", re.IGNORECASE)
#: a question about the rules - what is needed, allowed or charged - rather than one a look-up tool answers
#: ("do I need to bring a passport?", "有押金吗？"): closed-class words of both languages
_RULES = re.compile(r"\b(?:need|needs|have to|has to|must|allowed|permitted|required|fee|fees|charge|charged|"
                    r"free of charge|notice|policy|deposit)\b|需要|要不要|必须|可以|允许|收费|免费|费用|押金|规定",
                    re.IGNORECASE)


#: words that open a description of a read-only tool: a look-up verb ("Get the current weather ...", "查询订单状态";
#: "Estimate the price ...", a quote)
#: or a description of state rather than of an action ("Current weather conditions for a location.")
_LOOK_VERBS = frozenset({"get", "gets", "look", "looks", "check", "checks", "find", "finds", "search", "searches",
                         "show", "shows", "list", "lists", "tell", "tells", "fetch", "fetches",
                         "retrieve", "retrieves", "query", "queries", "lookup", "current", "latest",
                         "estimate", "estimates", "calculate", "calculates", "quote", "quotes", "price", "prices",
                         "查询", "查看", "获取", "搜索", "显示", "预估", "估算", "报价", "计算", "估价"})


def _looks_up(tool: dict[str, Any]) -> bool:
    """Whether the tool's description says it looks things up or searches ("What's the weather like?" is a
    question *for* it: ask where, rather than answer in general)."""
    main, _, searches = tool_profile(tool)
    first = re.findall(r"[A-Za-z]+|[\u4e00-\u9fff]{1,2}", str(function_of(tool).get("description") or ""))[:1]
    return searches or main in ("lookup", "search") or bool(first and first[0].lower() in _LOOK_VERBS) \
        or bool(ACTS_NOT.search(str(function_of(tool).get("description") or "")))



def _is_enum(tool: dict[str, Any], param: Any) -> bool:
    props = (function_of(tool).get("parameters") or {}).get("properties") or {}
    return isinstance(props.get(param), dict) and "enum" in props[param]


def _names_action(latest: str, tool: dict[str, Any]) -> bool:
    """Whether the turn names the tool's main action ("book" for a booking tool)."""
    main = tool_profile(tool)[0]
    return bool(main) and "#" + str(main) in analyse(latest).keys


def _general_question(latest: str, act: str, proposal: Proposal, tools: list[dict[str, Any]]) -> bool:
    """A question about how things work ("how many times can a loan be renewed?"), put to a tool that does
    not just look things up (the caller checks that), and not about the user's own things ("where's my
    parcel?"): no value given for any argument, and no "my" / 我. The whole request as a free-text value
    counts as given, unless the question asks for advice or an explanation ("what can I make with eggs?" is
    a search; "how long should I boil an egg?" is not)."""
    if act == "request" and not _QUESTION_END.search(latest.strip()):
        return False
    whole_counts = act not in ("advice", "explain", "meaning")  # "what can I make with eggs?" is a search
    # an enum value names what the question is about ("how often should a wood burner be swept?"), not a value
    # for an action - unless the turn names the tool's own action ("can I book a deluxe room?")
    given = any(p.get("source") == "latest user turn" and p.get("value") is not None
                and (whole_counts or not str(p.get("how", "")).startswith("the whole request"))
                and (not _is_enum(tools[row["index"]], p.get("param")) or _names_action(latest, tools[row["index"]]))
                for row, f in proposal.filled for p in f.provenance)
    return not given and not _OWN.search(latest)


def _rules_question(latest: str, act: str, tool: dict[str, Any], filled: Any) -> bool:
    """A question about the rules ("do I need a permit to rent in Japan?", "几点以后停车免费？"), not about the
    user's own things, that leaves most of the tool's required values unsaid: it asks what is needed, allowed or
    charged - for any tool, a look-up one too - not for the tool's action."""
    if act == "request" and not _QUESTION_END.search(latest.strip()) or not _RULES.search(latest) \
            or _OWN.search(latest):
        return False
    params = function_of(tool).get("parameters") or {}
    required = [r for r in params.get("required") or [] if isinstance(r, str)]
    given = {p["param"] for p in filled.provenance if p.get("source") == "latest user turn"
             and not str(p.get("how", "")).startswith(CUT_FROM_AROUND)}
    return len(set(required) & given) < len(filled.missing)


def _general_text(tool: dict[str, Any], zh: bool) -> str:
    cap = _capability(tool)
    if zh:
        return f"这是个一般性的问题，我的工具答不了，我也不乱猜；我能做的是：{cap}。"
    return f"That is a general question my tools don't answer, and I won't guess; what I can do is {cap}."


def _none_text(tool: dict[str, Any], zh: bool) -> str:
    cap = _capability(tool)
    if zh:
        return f"这次请求关闭了工具调用（tool_choice 为 \"none\"），所以我现在没法帮你{cap}。"
    return f"Tool calls are switched off for this request (tool_choice is \"none\"), so I can't {cap} right now."



def limit(decision: Decision, request: dict[str, Any]) -> Decision:
    """``decision`` with its text cut at ``max_tokens`` (finish_reason "length"), if it is longer."""
    cap = request.get("max_completion_tokens") or request.get("max_tokens")
    content = decision.content
    if not cap or content is None or decision.kind == "tool_calls" or estimate_tokens(content) <= cap:
        return decision
    record = dict(decision.record, truncated_by_max_tokens=int(cap))
    return Decision(kind=decision.kind, content=truncate_tokens(content, int(cap)),
                    tool_calls=decision.tool_calls, finish_reason="length", record=record)


def answer_results(conversation: Conversation, assistant: dict[str, Any], results: list[dict[str, Any]]) -> Decision:
    """An answer worded from the tool results that end the conversation (``Conversation.trailing``)."""
    content, read = compose_answer(assistant, results, conversation.language)
    record = conversation.record()
    record.update(kind="answer", tools=[], chosen=[], **read)
    return Decision(kind="answer", content=content, record=record)


def word(conversation: Conversation, routing: Routing, act: Act, proposal: Proposal) -> Decision:
    """Stage 5: the reply - tool calls, a question back, or a text answer - and its record."""
    tools, zh, latest, language = conversation.tools, conversation.zh, conversation.latest, conversation.language
    record = conversation.record()
    record.update(routing.record())
    if act.kind == "none":
        best = routing.ranked[0]
        content = (_none_text(tools[best["index"]], zh) if best["fits"]
                   else text_model.chat_answer(latest, language, _no_fit_text(tools, zh)))
        record.update(kind="answer", chosen=[], reason=act.reason)
        return Decision(kind="answer", content=content, record=record)
    if act.kind == "no_fit":
        record.update(kind="answer", chosen=[], reason=act.reason)
        content = text_model.chat_answer(latest, language, _no_fit_text(tools, zh))
        return Decision(kind="answer", content=content, record=record)
    record["chosen"] = [r["name"] for r in act.chosen]
    record.update(proposal.record())
    missing = proposal.missing
    ask = proposal.first_missing
    general = next(((r, f) for r, f in proposal.filled if f.missing or any(
        str(p.get("how", "")).startswith("the whole request") for p in f.provenance)), None)
    general_why = None if general is None or conversation.forced else (
        f"the user asks a general question ({routing.act}) and gives no value for {general[0]['name']}, nor says "
        "it is about their own (my, 我的)" if _general_question(latest, routing.act, proposal, tools)
        and not _looks_up(tools[general[0]["index"]]) else
        f"the user asks about the rules (what is needed, allowed or charged) and leaves most of "
        f"{general[0]['name']}'s required values unsaid" if _rules_question(
            latest, routing.act, tools[general[0]["index"]], general[1]) else None)
    if general is not None and general_why:
        row, f = general
        record.update(kind="answer", chosen=[], reason=f"{act.reason}, but {general_why}: answer in text rather "
                                                       "than ask back")
        content = text_model.chat_answer(latest, language, _general_text(tools[row["index"]], zh))
        return Decision(kind="answer", content=content, record=record)
    if ask is not None and not conversation.forced:
        row, f = ask
        record.update(kind="ask", reason=f"{act.reason}, but required argument(s) {f.missing} of {row['name']} "
                                         "are nowhere in the conversation: ask back, invent nothing")
        return Decision(kind="ask", content=_ask_text(tools[row["index"]], f.missing, zh), record=record)
    calls, dropped = proposal.calls, proposal.dropped
    record.update(
        kind="tool_calls",
        forced=conversation.forced,
        reason=act.reason + (f"; forced call with missing argument(s) {missing}" if missing else "")
        + (f"; parallel_tool_calls is false: {dropped} more call(s) dropped" if dropped else ""),
        calls=[{"name": c.name, "arguments": c.arguments} for c in calls],
    )
    return Decision(kind="tool_calls", tool_calls=tuple(calls), finish_reason="tool_calls", record=record)
