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
from fcourse.teaching.deciding.halts import Halt
from fcourse.teaching.deciding.intents import Act
from fcourse.teaching.deciding.routing import SENTENCE_TERM, Routing, tool_profile
from fcourse.teaching.deciding.value_kinds import HOLDINGS as _HOLDINGS
from fcourse.teaching.deciding.value_kinds import QUESTION_AS_QUERY
from fcourse.teaching.reading.analysis import analyse
from fcourse.teaching.reading.documents import ACTS_NOT
from fcourse.teaching.reading.freetext import CUT_FROM_AROUND
from fcourse.teaching.reading.lexicon import ACTION_CONCEPTS
from fcourse.teaching.wording import chat
from fcourse.teaching.wording import text as text_model
from fcourse.teaching.wording.asking import ask_for
from fcourse.teaching.wording.capabilities import capability, looks_up
from fcourse.teaching.wording.results import compose_answer

__all__ = ["answer_results", "limit", "word", "word_halt"]


def _no_fit_text(conversation: Conversation, act: str) -> str:
    """A turn no tool serves, by what kind of turn it is: a greeting or thanks, a question about the model
    itself, a question or a made-up thing no tool answers (the honest sentence), or a task no tool does."""
    tools, zh, latest = conversation.tools, conversation.zh, conversation.latest
    if act == "social":
        if re.search(r"\b(?:thanks?|thank you|cheers|appreciate)\b|谢|感谢", latest, re.IGNORECASE):
            return chat.thanks(zh)
        if re.search(r"\b(?:bye|goodbye|see you)\b|再见|拜拜", latest, re.IGNORECASE):
            return chat.farewell(zh)
        return chat.greeting(tools, zh)
    if act == "meta":
        return chat.abilities(tools, zh)
    if act == "info" and _OWN.search(latest) and _QUESTION_END.search(latest.strip()):
        return chat.cannot(tools, zh, look_up=True)  # "how long have I been riding?" - their own, no tool tells
    if act in ("creative", "info", "explain", "meaning", "advice") or _QUESTION_END.search(latest.strip()):
        return chat.honest(tools, zh, creative=act == "creative")
    return chat.cannot(tools, zh)


_QUESTION_END = re.compile(r"(?:\?|？|吗|呢)\s*$")
_OWN = re.compile(r"\b(?:my|our|mine|ours|me|us)\b|我|俺", re.IGNORECASE)
#: a request put as a question about getting something ("Could I get a late checkout?", 能给我…吗): the user's own
_OBTAIN = re.compile(r"\b(?:can|could|may) (?:i|we) (?:get|have|book|order|request|reserve|arrange|add|extend|renew)\b"
                     r"|\bi'?d like\b", re.IGNORECASE)
#: a question about the rules - what is needed, allowed or charged - rather than one a look-up tool answers
#: ("do I need to bring a passport?", "有押金吗？"): closed-class words of both languages
_RULES = re.compile(r"\b(?:need|needs|have to|has to|must|allowed|permitted|required|fee|fees|charge|charged|"
                    r"free of charge|notice|policy|deposit)\b|需要|要不要|必须|可以|允许|收费|免费|费用|押金|规定",
                    re.IGNORECASE)


def _looks_up(tool: dict[str, Any]) -> bool:
    """Whether the tool's description says it looks things up or searches ("What's the weather like?" is a
    question *for* it: ask where, rather than answer in general)."""
    main, _, searches = tool_profile(tool)
    return searches or main in ("lookup", "search") or looks_up(tool) \
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
    return not given and not _OWN.search(latest) and not _OBTAIN.search(latest)


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


#: a question of fact about the world: who did it, when, why, what the difference is (closed-class words)
_WORLD = re.compile(r"^\W*(?:who|whom|whose|when|why|how come|what year|which year|in what year|in which year)\b"
                    r"|\b(?:what(?:'s| is) the difference|difference between|invented|discovered|painted|wrote)\b"
                    r"|谁|哪一年|哪年|什么时候|为什么|为啥|怎么会|区别|有什么不同|发明|发现", re.IGNORECASE)
#: words that ask about what the service itself holds or does: "do you have", "in stock", 你们, 馆里, 有没有


def _world_question(latest: str, filled: Any) -> bool:
    """A question about the world ("Who painted the Mona Lisa?", 月季和玫瑰有什么区别？) that a tool would only get as
    a search for its words: no value of its own, nothing about what the service holds or the user's own things."""
    cut = ("the whole request", *CUT_FROM_AROUND)
    asked = any(str(p.get("how", "")).startswith(QUESTION_AS_QUERY) for p in filled.provenance)  # value_kinds
    words = asked or any(str(p.get("how", "")).startswith(cut) for p in filled.provenance)
    own = [p for p in filled.provenance if p.get("source") == "latest user turn"
           and not str(p.get("how", "")).startswith(cut)]
    return words and not own and bool(asked or _WORLD.search(latest)) and not _HOLDINGS.search(latest) \
        and bool(_QUESTION_END.search(latest.strip()))


#: concepts that stand for a value (a known place, a day, a value shaped like an argument), not for a thing a tool is
#: about: "Madrid" fits any tool that takes a place
_VALUE_KEYS = frozenset({"#place", "#date", "#time", "#value", "#value_hint", "#new_day", "#status"})
_ACTION_KEYS = frozenset("#" + c for c in ACTION_CONCEPTS)


def _verb_objects(routing: Routing) -> set[str]:
    """The concepts the latest turn's verbs act on: a concept (no action, no value) whose word comes at most three
    words (four characters in Chinese) after an action's word - "Book me a *flight*", "Send an *email*"."""
    latest = routing.latest
    terms = [(k, q.surface) for k, q in routing.query.items() if q.primary and k.startswith("#") and q.surface]
    verbs = [latest.find(surface) for k, surface in terms if k in _ACTION_KEYS and surface in latest]
    objects = set()
    for key, surface in terms:
        at = latest.find(surface)
        if key in _ACTION_KEYS | _VALUE_KEYS or at < 0:
            continue
        for v in verbs:
            between = latest[v:at]
            if 0 < at - v and (len(between.split()) <= 3 if " " in between else len(between) <= 5):
                objects.add(key)
    return objects


def _unanchored(routing: Routing, row: dict[str, Any], threshold: float) -> str | None:
    """Why asking back for ``row``'s missing values would be a guess (None: it would not), issue 26.

    A question back promises that the tool will do what was asked once the value comes. It does not when the
    thing the turn's verb acts on is a concept no tool's description has, and the tool matched only on verbs,
    values or the sentence's meaning as a whole ("Book me a flight" to a library's reserve tool: "book" and a
    place, but no flight; "Send an email to my boss" to a clinic's cancel tool); nor when a question reaches the
    tool, below the threshold, on words alike in meaning alone ("中国最长的河是哪一条？" to a forecast tool: 最长 ~
    long). A word alike in meaning does anchor a request (租一套帐篷 to "Hire camping gear": 租 ~ hire)."""
    anchors = row.get("_anchors") or frozenset()
    question = routing.act != "request" or bool(_QUESTION_END.search(routing.latest.strip()))
    if anchors and question and row["score"] < threshold and all(k.startswith("~") for k in anchors):
        return "the question reaches it below the threshold on words alike in meaning alone"
    covered = set().union(*(r.get("_anchors") or frozenset() for r in routing.rows))
    missing = sorted(_verb_objects(routing) - covered)
    if missing and anchors and all(k in _ACTION_KEYS | _VALUE_KEYS or k == SENTENCE_TERM for k in anchors):
        return f"what the latest turn's verb acts on ({', '.join(k[1:] for k in missing)}) is in no tool's " \
               "description, and the tool matched only on verbs, values or the sentence's meaning"
    return None


def _none_text(tool: dict[str, Any], zh: bool) -> str:
    cap = capability(tool, zh)
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
    said = "\n".join([conversation.context, conversation.latest, *conversation.earlier])
    content, read = compose_answer(assistant, results, conversation.language, conversation.tools, said)
    record = conversation.record()
    record.update(kind="answer", tools=[], chosen=[], **read)
    return Decision(kind="answer", content=content, record=record)


_HALT_WHY = {
    "stop": "the user asks to stop or wait",
    "retract": "the user takes back what was asked",
    "farewell": "the user says goodbye",
    "emergency": "the user describes an emergency: the answer is to call the emergency services, not a tool",
    "false_record": "the user asks to record something they say did not happen",
    "someone_else": "the user asks to act on someone else's account on their word alone",
}


def word_halt(conversation: Conversation, halt: Halt) -> Decision:
    """The answer to a turn that asks for no tool (``deciding.halts``): no tool is scored, none is called."""
    record = conversation.record()
    record.update(kind="answer", tools=[], chosen=[], halt=halt.record(),
                  reason=f"{_HALT_WHY[halt.kind]} ({halt.said!r}): answer in text, no tool call")
    content = chat.halted(halt.kind, conversation.zh, halt.verb, halt.thanks, halt.fire)
    return Decision(kind="answer", content=content, record=record)


def word(conversation: Conversation, routing: Routing, act: Act, proposal: Proposal) -> Decision:
    """Stage 5: the reply - tool calls, a question back, or a text answer - and its record."""
    tools, zh, latest, language = conversation.tools, conversation.zh, conversation.latest, conversation.language
    record = conversation.record()
    record.update(routing.record())
    if act.kind == "none":
        best = routing.ranked[0]
        content = (_none_text(tools[best["index"]], zh) if best["fits"]
                   else text_model.chat_answer(latest, language, _no_fit_text(conversation, routing.act)))
        record.update(kind="answer", chosen=[], reason=act.reason)
        return Decision(kind="answer", content=content, record=record)
    if act.kind == "no_fit":
        record.update(kind="answer", chosen=[], reason=act.reason)
        content = text_model.chat_answer(latest, language, _no_fit_text(conversation, routing.act))
        return Decision(kind="answer", content=content, record=record)
    record["chosen"] = [r["name"] for r in act.chosen]
    record.update(proposal.record())
    missing = proposal.missing
    ask = proposal.first_missing
    general = next(((r, f) for r, f in proposal.filled if f.missing or any(
        str(p.get("how", "")).startswith(("the whole request", *CUT_FROM_AROUND)) for p in f.provenance)), None)
    general_why = None if general is None or conversation.forced else (
        f"the user asks a general question ({routing.act}) and gives no value for {general[0]['name']}, nor says "
        "it is about their own (my, 我的)" if _general_question(latest, routing.act, proposal, tools)
        and not _looks_up(tools[general[0]["index"]]) else
        f"the user asks about the rules (what is needed, allowed or charged) and leaves most of "
        f"{general[0]['name']}'s required values unsaid" if _rules_question(
            latest, routing.act, tools[general[0]["index"]], general[1]) else
        "the user asks a question about the world (who, when, why, what difference), not about what the service "
        "holds: a search of its catalogue does not answer it" if _world_question(latest, general[1]) else None)
    if general is not None and general_why:
        row, f = general
        record.update(kind="answer", chosen=[], reason=f"{act.reason}, but {general_why}: answer in text rather "
                                                       "than ask back")
        content = text_model.chat_answer(latest, language, chat.honest(tools, zh))
        return Decision(kind="answer", content=content, record=record)
    unanchored = None if ask is None or conversation.forced else _unanchored(routing, ask[0], conversation.threshold)
    if unanchored:
        record.update(kind="answer", chosen=[], reason=f"{act.reason}, but {unanchored}: say what the tools do "
                                                       "rather than ask back for a value")
        content = text_model.chat_answer(latest, language, _no_fit_text(conversation, routing.act))
        return Decision(kind="answer", content=content, record=record)
    if ask is not None and not conversation.forced:
        row, f = ask
        record.update(kind="ask", reason=f"{act.reason}, but required argument(s) {f.missing} of {row['name']} "
                                         "are nowhere in the conversation: ask back, invent nothing")
        content = ask_for(tools[row["index"]], f.missing, zh, conversation.context)
        return Decision(kind="ask", content=content, record=record)
    calls, dropped = proposal.calls, proposal.dropped
    record.update(
        kind="tool_calls",
        forced=conversation.forced,
        reason=act.reason + (f"; forced call with missing argument(s) {missing}" if missing else "")
        + (f"; parallel_tool_calls is false: {dropped} more call(s) dropped" if dropped else ""),
        calls=[{"name": c.name, "arguments": c.arguments} for c in calls],
    )
    return Decision(kind="tool_calls", tool_calls=tuple(calls), finish_reason="tool_calls", record=record)
