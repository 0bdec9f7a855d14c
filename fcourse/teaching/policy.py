"""The teaching model's policy: what it says in reply to one request.

``decide(request)`` returns a :class:`~fcourse.teaching.decision.Decision`;
``decision_record(request)`` returns its glass-box record (the public,
validated way to read it is ``fcourse.explain``). Introduced in chapter 0,
used from chapter 2 on, and opened up in chapter 3 ("why the model picks a
tool"). Everything is deterministic: the same request gives the same
Decision, byte for byte.

The pipeline (one module per stage, each passing one record forward)
    1. read the conversation   ``conversation.read_conversation`` -> ``Conversation``
    2. score the tools         ``routing.route``                  -> ``Routing``
    3. choose the act          ``intents.choose``                 -> ``Act``
    4. fill the arguments      ``filling.fill``                   -> ``Proposal``
       and check them          ``checking.check``                 -> ``Proposal`` (checked)
    5. word the reply          ``reply.word``                   -> ``Decision``
    Without tools the plain text model answers (``text.reply``); after tool
    results the answer is worded from them (``reply.answer_results``).
    Between 1 and 2, a turn that asks for no tool - stop, a retraction, a
    goodbye, an emergency, a false record, someone else's account - is answered
    and no tool is scored (``halts.read_halt``, ``refusals.read_refusal``; issue 36).
    Only with the opt-in failure mode ``obeys_tool_text`` (chapter 5) does
    ``tool_text.obey`` run first: an instruction found in a tool result or a
    tool description is taken as the user's turn (``fcourse.teaching.deciding.tool_text``).

How it picks a tool (stage 2, ``routing``; stage 3, ``intents``)
    By reading each tool's *description*, never its name; ``fcourse.teaching.deciding.routing``'s
    docstring says how the words are scored. Because only descriptions are read,
    swapping two tools' descriptions swaps their routing.

    *Meaning* (issue 13, ``fcourse.teaching.reading.meaning``): each content word
    of the latest turn - an English word, or the CC-CEDICT glosses of a
    Chinese word - is compared with the words of each description (and its
    parameters' descriptions and enum values) by word-embedding similarity
    (``wordllama``); a pair at least 0.5 alike, and more alike than to the
    other tools, adds 1.5 x its telling part to the score, and one 0.6 alike
    is as specific as a concept. The record names the pair
    ("to (come) ~ come", "borrowing ~ borrowed"). A word only one tool's
    description uses is specific enough too ("vacuum").

    Three more signals (the main verb, the kind of turn, a value only one tool can take):
    see ``fcourse.teaching.deciding.routing``. A second tool
    is called too when other full-weight words of the request fit it
    ("refund O-100 and cancel O-200"), in the order the user said them, each
    filled from its own stretch of the turn (cut at "and" / "另外"); a weaker
    second intent (a 0.7-0.9 concept) only when the turn also gives all its
    required values. A bare or short follow-up ("O-100", "British pounds"
    after the model asked) is routed together with the turn it answers, and
    its value goes to the argument that was asked for. When the best tool
    would ask back for a value and a near neighbour (at least
    ``neighbours.NEIGHBOUR_SHARE`` of its score) that also fits gets every required
    value, one of them from the latest turn and none cut from the words around
    the routing words, the neighbour is called: the values tell two close
    descriptions apart ("saddle on BK-1 snapped" has a bike id for the fault
    report, nothing for ending a ride). So does a tool that takes every value
    the best one takes and more the user said ("PX1 to 5 Mill Lane").

How it checks them (stage 4b, ``checking``)
    Before anything is proposed: a value the user excluded ("don't refund
    O-100, just cancel O-200") is dropped; a value from the context is kept
    only when the context names the parameter and holds no other candidate
    (several verified orders and none chosen: ask back); ``format: date``
    values become YYYY-MM-DD against the today the conversation states, never
    the wall clock; numbers in words or Chinese numerals, dates and enum
    values said in other words or in Chinese fill what the filler missed; and
    the arguments are validated against the tool's JSON Schema - a value that
    does not fit is asked for instead of sent. The record's ``checks`` says
    what changed and why.

How it fills arguments (stage 4, ``filling``)
    See ``fcourse.teaching.deciding.arguments``: each parameter's schema (type, enum,
    pattern, format, default, description) says what kind of value it wants;
    the value is looked for in the user's turns, then in the system context.
    A required value found nowhere makes the model *ask back* instead of
    inventing it. Several values for one entity ("北京和上海") become several
    calls when ``parallel_tool_calls`` is true, else only the first.

Structured Outputs (``response_format`` / ``text.format``; issue 38)
    A tool call is still a tool call; the *answer* takes the request's format.
    A ``json_schema`` is filled by ``fcourse.teaching.deciding.schema_fill``: each
    object of the schema is read as a tool's parameters and goes through stages
    1-4b, so values come only from the user, the system context or a tool
    result. ``fcourse.teaching.wording.structured`` validates the object
    against the schema and replies with it - or, with ``strict`` and a value
    nobody gave, with a refusal. ``json_object`` (JSON mode) fills the JSON format
    the prompt shows, never broken by a failure mode.

tool_choice
    ``"none"`` never calls; ``"auto"`` calls when a tool fits; ``"required"``
    calls the best-scoring tool and a named choice calls that tool, even with
    arguments missing (the record says which, and that the call was forced) -
    as a hosted API would, also after tool results.

The record (``Decision.record``, ``decision_record()``)
    ``kind``, ``language``, ``tool_choice``, ``threshold``; ``query`` (the
    terms read from each turn, and the negated ones); ``tools`` (per tool:
    ``score``, ``fits``, ``top_terms`` with each term's contribution);
    ``chosen``; ``arguments`` (per value: ``source`` - latest user turn,
    earlier user turn, system/developer context, schema default - and
    ``how`` - pattern, example shape, gazetteer, enum synonym, label ...);
    ``missing``; ``forced``; ``reason`` in words. Without tools: ``behaviour``
    and, for JSON replies, ``failure_mode`` and ``failure_mode_how``.

Limits (say them out loud in class)
    It matches words, not meaning: a description that never uses the user's
    words (or a synonym in the lexicon) will not be found, and a vague one
    loses to a precise one. Negation is a window of a few words, not a parse.
    Telling questions from requests is a handful of cue patterns ("why",
    "what does ... mean", "should I", "can you ...?" with nothing specific),
    so an unusual phrasing slips through, and a statement that asks for
    nothing ("ugh, it's so hot") still reads as a request. Free-text
    arguments are cut from the user's sentence with simple cues. It knows the
    places, currencies, units and languages in its small tables only. Relative
    dates are resolved only to YYYY-MM-DD when the parameter asks for that
    format and the system prompt states today's date ("tomorrow" ->
    2026-03-11); otherwise they are copied as written ("明天"), or, for
    "上个月" with a month number wanted, asked for.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from fcourse.teaching.deciding import tool_text
from fcourse.teaching.deciding.checking import check
from fcourse.teaching.deciding.conversation import read_conversation
from fcourse.teaching.deciding.decision import Decision
from fcourse.teaching.deciding.filling import fill
from fcourse.teaching.deciding.halts import read_halt
from fcourse.teaching.deciding.intents import choose
from fcourse.teaching.deciding.neighbours import values_decide
from fcourse.teaching.deciding.response_schema import ResponseFormat, response_format
from fcourse.teaching.deciding.routing import THRESHOLD, route
from fcourse.teaching.wording import text as text_model
from fcourse.teaching.wording.reply import answer_results, limit, word, word_halt
from fcourse.teaching.wording.structured import json_mode, structured

__all__ = ["THRESHOLD", "decide", "decision_record"]


def decide(request: dict[str, Any]) -> Decision:
    """What the teaching model replies to a validated Chat Completions request."""
    return limit(_decide(request), request)


def decision_record(request: dict[str, Any]) -> dict[str, Any]:
    """The glass-box record of :func:`decide` for an already validated request (JSON-serialisable).

    It does not validate: ``fcourse.explain`` (``fcourse.teaching.endpoint.explain_request``)
    is the public way, which checks the request as a completion does first.
    """
    return decide(request).record


def _decide(request: dict[str, Any]) -> Decision:
    if tool_text.requested(request):  # the opt-in failure mode obeys_tool_text (chapter 5); off: never reached
        obeyed = tool_text.obey(request, _decide)
        if obeyed is not None:
            return obeyed
        request = tool_text.without_mode(request)
    conversation = read_conversation(request, THRESHOLD)  # 1
    fmt = response_format(request)
    if not conversation.tools and not conversation.trailing:
        return _formatted(request, conversation, fmt, "text", lambda: text_model.reply(request))
    if conversation.trailing and not conversation.forced:
        return _formatted(request, conversation, fmt, "answer",
                          lambda: answer_results(conversation, *conversation.trailing))  # type: ignore[misc]
    halt = None if conversation.forced else read_halt(conversation)  # stop, take back, goodbye, emergency ...
    if halt is not None:
        return _formatted(request, conversation, fmt, "answer", lambda: word_halt(conversation, halt))
    routing = route(conversation)  # 2
    act = choose(conversation, routing)  # 3
    proposal = check(conversation, routing, act, fill(conversation, routing, act))  # 4 (and 4b)
    act, proposal = values_decide(conversation, routing, act, proposal)  # 4c
    decision = word(conversation, routing, act, proposal)  # 5
    if fmt is None or decision.tool_calls:  # a tool call is a tool call; the format shapes the answer
        return decision
    return _formatted(request, conversation, fmt, "answer", lambda: decision)


def _formatted(request: dict[str, Any], conversation: Any, fmt: ResponseFormat | None, kind: str,
               plain: Callable[[], Decision]) -> Decision:
    """The reply in the request's response format (Structured Outputs, JSON mode), or the plain one."""
    if fmt is None:
        return plain()
    head = {**conversation.record(), "tools": []} if kind == "text" else dict(plain().record)
    if fmt.kind == "json_schema":
        return structured(request, fmt, conversation.language, kind, head)
    return json_mode(request, kind, head, lambda: plain().content or "")
