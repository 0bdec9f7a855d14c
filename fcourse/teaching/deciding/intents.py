"""Stage 3 of the teaching model's policy: choose the act - answer, or which tools to call.

Introduced in chapter 0, opened up in chapter 3. ``choose(conversation,
routing)`` returns an :class:`Act` record. tool_choice decides first:
``"none"`` never calls; a named tool is called, and ``"required"`` calls the
best-scoring tool, even with arguments missing (the call is *forced*). With
``"auto"`` the best tool that fits is called, or, when none fits, the model
answers in text (and says why: a question rather than a request, or no tool
reached the threshold with a specific word of the user).

One message can hold several requests. A second tool is called too when
other full-weight words of the request fit it ("refund O-100 and cancel
O-200"), in the order the user said them, each filled from its own stretch
of the turn (cut at "and" / "另外"); a weaker second intent (a 0.7-0.9
concept) only when the turn also gives all its required values. When only one
tool fits the whole turn, the turn is read once more one stretch at a time
(cut at a semicolon or an adding connective: "also", 另外, 然后, 顺便): two
stretches that each fit a tool of their own are two requests.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass, field
from typing import Any, Literal

from fcourse.teaching.deciding.arguments import Sources, fill_arguments
from fcourse.teaching.deciding.conversation import Conversation, function_of
from fcourse.teaching.deciding.routing import SENTENCE_TERM, Routing, score_stretch, term_weight
from fcourse.teaching.reading.analysis import analyse
from fcourse.teaching.reading.freetext import AFTER_COLON, CUT_FROM_AROUND
from fcourse.teaching.reading.lexicon import GENERIC_WEIGHT

__all__ = ["Act", "choose"]

_BOUNDARY_RE = re.compile(r"\s*(?:,\s*and|;|\band then\b|\band also\b|\band\b|\bthen\b|\balso\b|[，,；;]?\s*"
                          r"(?:另外|然后|并且|同时|还有|再|顺便)|[，。；;])\s*", re.IGNORECASE)


@dataclass(frozen=True)
class Act:
    """Stage 3's record: what the model does, and why.

    ``kind`` is ``"none"`` (tool_choice "none": answer in text), ``"no_fit"``
    (no tool fits: answer in text) or ``"call"`` (call the ``chosen`` rows, in
    the order the user asked). ``focuses`` says where each chosen tool's own
    words start in the latest turn and ``segments`` each one's stretch of the
    turn (both only when several tools are called).
    """

    kind: Literal["none", "no_fit", "call"]
    reason: str
    chosen: list[dict[str, Any]] = field(default_factory=list)
    focuses: dict[int, int | None] = field(default_factory=dict)
    segments: dict[int, tuple[int, int]] = field(default_factory=dict)


def _focus(latest: str, row: dict[str, Any], chosen: list[dict[str, Any]]) -> int | None:
    """Where a tool's own words start in the latest turn, when several tools are called."""
    others = frozenset().union(*(c["_anchors"] for c in chosen if c is not row))
    for term in analyse(latest).terms:
        if term.key in row["_strong"] and term.key not in others:
            return term.start
    return None


def _complete(tool: dict[str, Any], latest: str, row: dict[str, Any]) -> bool:
    """Whether the latest turn alone gives every required argument of ``tool``."""
    params = function_of(tool).get("parameters")
    filled = fill_arguments(params if isinstance(params, dict) else None,
                            Sources(user=(latest,), anchors=row["_anchors"]))
    return not filled.missing


def _gives_any(tool: dict[str, Any], latest: str, row: dict[str, Any]) -> bool:
    """Whether the latest turn gives a value for a required argument of ``tool`` (or it needs none): a second
    tool that only shares a word ("book") and gets nothing from the turn is not a second request."""
    params = function_of(tool).get("parameters")
    required = params.get("required") if isinstance(params, dict) else None
    if not required:
        return True
    filled = fill_arguments(params, Sources(user=(latest,), anchors=row["_anchors"]))
    # the words next to the routing words fill any text parameter: they are not a value the user gave for it
    given = [p for p in filled.provenance if p["param"] in required and p.get("value") is not None
             and not str(p.get("how", "")).startswith(("words after", "words before", "schema default", "not "))]
    return bool(given)


def _given_in_full(conversation: Conversation, routing: Routing) -> list[dict[str, Any]]:
    """No tool fits a request on its words, but exactly one of those its words point at gets every required
    value from the latest turn - values of their parameters' shapes, none cut from the words around the routing
    words ("Need a car from the Hilton to JFK": a pickup and a drop-off): the values decide, and it fits."""
    if routing.act != "request" or conversation.forced:
        return []
    complete = []
    for row in routing.ranked:
        if not row["_open"] or row["score"] <= 0:
            continue
        params = function_of(conversation.tools[row["index"]]).get("parameters")
        required = params.get("required") if isinstance(params, dict) else None
        if not required:
            continue
        filled = fill_arguments(params, Sources(user=(conversation.latest,), anchors=row["_anchors"]))
        how = {p["param"]: str(p.get("how", "")) for p in filled.provenance}
        if not filled.missing and all(r in how and not how[r].startswith(_CUT) for r in required):
            complete.append(row)
    if len(complete) != 1:
        return []
    return [dict(complete[0], fits=True, _given_in_full=True)]


_CUT = (*CUT_FROM_AROUND, AFTER_COLON, "schema default", "not ")  # "Just wondering: ..." gives no query


def _segments(latest: str, focuses: list[int | None]) -> dict[int, tuple[int, int]]:
    """Each intent's own stretch of the latest turn, cut at the "and" / "另外" between two intents."""
    points = sorted(f for f in focuses if f is not None)
    if len(points) < 2:
        return {}
    cuts = [0]
    for a, b in itertools.pairwise(points):
        between = [m for m in _BOUNDARY_RE.finditer(latest, a, b) if m.end() <= b]
        cuts.append(between[-1].start() if between else b)
    cuts.append(len(latest))
    return {f: (cuts[i], cuts[i + 1]) for i, f in enumerate(points)}



def _second_intents(conversation: Conversation, fitting: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The best fitting tool, and the others that fit words of their own in the request."""
    chosen = [fitting[0]]
    for other in fitting[1:]:  # a second intent: its own full-weight terms, not the best tool's
        if other.get("main_action_not_asked"):
            continue  # "book one more for my friend": cancelling shares the booking's words, but no one asked to cancel
        taken = frozenset().union(*(c["_anchors"] for c in chosen))
        # the whole request's meaning belongs to the best tool: it never makes a second intent on its own
        own = {k: v for k, v in other["_strong"].items() if k not in taken and k != SENTENCE_TERM}
        if sum(own.values()) < conversation.threshold:
            continue
        said = [t.surface for t in analyse(conversation.latest).terms if t.key in own]
        if said and all(re.fullmatch(r"[a-z]+ed", w.lower()) for w in said):
            continue  # "cancel it, my plans changed": a verb in the past tense reports; it asks for nothing
        if any(term_weight(k) >= 1.0 for k in own) and (
                any(k.startswith("#") and term_weight(k) >= 1.0 for k in own)
                or _gives_any(conversation.tools[other["index"]], conversation.latest, other)):
            chosen.append(other)  # a concept of its own, or shared words and a value the turn gives for it
        elif any(k.startswith("#") and term_weight(k) >= GENERIC_WEIGHT for k in own) and _complete(
                conversation.tools[other["index"]], conversation.latest, other):
            chosen.append(other)  # a weaker second intent counts when the turn also gives all it needs
    return chosen


#: where one request ends and another begins: a sentence's end, a semicolon, or a connective that adds (a closed class)
_STRETCH_RE = re.compile(r"(?:[；;]|[，,。.]?\s*(?:另外|然后|此外|同时|顺便|并且)|[，,。.]\s*(?:再|还有)"
                         r"|[,;.]?\s*\b(?:and then|and also|also|plus)\b)\s*", re.IGNORECASE)


def _by_stretches(conversation: Conversation, best: dict[str, Any]) -> tuple[list[dict[str, Any]],
                                                                              dict[int, tuple[int, int]]]:
    """One tool fits the whole turn, but the turn is two requests ("FB-1 取消掉，然后会员 M-6 冻结 60 天"): each
    stretch between connectives, read as a turn of its own, fits a tool of its own - the best one among them.
    Returns the rows in the order said and each one's stretch, or nothing."""
    latest = conversation.latest
    cuts = [0, *(m.start() for m in _STRETCH_RE.finditer(latest) if 0 < m.start() < len(latest) - 1), len(latest)]
    if len(cuts) < 3:
        return [], {}
    found: list[tuple[dict[str, Any], tuple[int, int]]] = []
    for a, b in itertools.pairwise(cuts):
        rows = [r for r in score_stretch(conversation, latest[a:b]) if r["fits"]]
        if rows:
            top = max(rows, key=lambda r: (r["score"], -r["index"]))
            if all(top["index"] != r["index"] for r, _ in found):
                found.append((top, (a, b)))
            else:  # the same tool again: its stretch goes on
                row, (a0, _) = next((r, s) for r, s in found if r["index"] == top["index"])
                found = [(r, (a0, b) if r is row else s) for r, s in found]
    if len(found) < 2 or best["index"] not in {r["index"] for r, _ in found}:
        return [], {}
    return [dict(r, fits=True) for r, _ in found], {s[0]: s for _, s in found}


def choose(conversation: Conversation, routing: Routing) -> Act:
    """Stage 3: answer in text, or call which tools, in which order, each on which words."""
    tool_choice, named, threshold = conversation.tool_choice, conversation.named, conversation.threshold
    rows, ranked, latest = routing.rows, routing.ranked, conversation.latest
    if tool_choice == "none":
        return Act("none", 'tool_choice is "none": never call a tool')
    if named is not None:
        chosen = [r for r in rows if r["name"] == named][:1] or ranked[:1]
        why = f"tool_choice names {named!r}: that tool is called"
    elif tool_choice == "required":
        chosen = ranked[:1]
        why = 'tool_choice is "required": the best-scoring tool is called even if it does not fit'
    else:
        fitting = [r for r in ranked if r["fits"]] or _given_in_full(conversation, routing)
        if not fitting:
            blocked = [r["name"] for r in rows if r.get("blocked_by_question")]
            return Act("no_fit", f"the user asks a question ({routing.act}), not for an action: answer in text, "
                                 "no call" if blocked and any(r["score"] >= threshold for r in rows) else
                                 f"no tool reached the threshold {threshold} with a specific term from the "
                                 "user: answer in text, no call")
        chosen = _second_intents(conversation, fitting)
        if len(chosen) == 1 and not fitting[0].get("_given_in_full"):
            stretched, spans = _by_stretches(conversation, fitting[0])
            if stretched:
                why = (f"best tool scored {fitting[0]['score']} >= threshold {threshold}; read one stretch at a time, "
                       f"the turn asks for {len(stretched)} things: {[r['name'] for r in stretched]}")
                return Act("call", why, stretched, {r["index"]: a for r, a in zip(stretched, spans)}, spans)
        best, agree = fitting[0], fitting[0].get("words_and_sentence_agree")
        if best.get("_given_in_full"):
            why = (f"no tool reached the threshold {threshold} with a specific term, but {best['name']}, which the "
                   f"words point at (score {best['score']}), is the one tool that gets every required value from "
                   "the turn")
        elif agree:
            why = f"no tool reached the threshold {threshold}, but for {best['name']} {agree}"
        else:
            why = f"best tool scored {best['score']} >= threshold {threshold}"
        if len(chosen) > 1:
            why += f"; {len(chosen) - 1} more tool(s) fit other words of the request: {[c['name'] for c in chosen[1:]]}"
    focuses = {r["index"]: (_focus(latest, r, chosen) if len(chosen) > 1 else None) for r in chosen}
    if len(chosen) > 1:  # several intents: in the order the user said them
        chosen.sort(key=lambda r: (focuses[r["index"]] is None, focuses[r["index"]] or 0))
    segments = _segments(latest, [focuses[r["index"]] for r in chosen]) if len(chosen) > 1 else {}
    return Act("call", why, chosen, focuses, segments)
