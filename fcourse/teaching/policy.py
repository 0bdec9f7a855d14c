"""The teaching model's policy: what it says in reply to one request.

``decide(request)`` returns a :class:`~fcourse.teaching.decision.Decision`;
``explain(request)`` returns its glass-box record. Introduced in chapter 0,
used from chapter 2 on, and opened up in chapter 3 ("why the model picks a
tool"). Everything is deterministic: the same request gives the same
Decision, byte for byte.

How it picks a tool (routing)
    Each tool's *description* - never its name - is a small document; its
    parameter descriptions count too, at 0.3 weight. The conversation is the
    query: the latest user turn at full weight, earlier user turns at 0.4, the
    system/developer context at 0.25. Both sides go through the same analysis
    (``fcourse.teaching.analysis``): English stemmed (Snowball), Chinese
    segmented (jieba), and words of the same meaning mapped to one concept
    (``fcourse.teaching.lexicon``: "money back", "reimburse", "退款" -> #refund).
    Each tool is scored with BM25 (k1=1.2, b=0.5; the IDF counts three empty
    background documents, so a single tool still has informative terms), and
    each term's contribution is multiplied by its concept weight - generic
    words such as *order*, *user* or *get* count for less. A tool *fits* when
    its score reaches the threshold (1.0) **and** the latest user turn itself
    matched one of its non-generic terms (a concept, or at least two shared
    words); otherwise the model answers in text. Terms right after "don't" /
    "不要" are dropped ("don't refund, just tell me when it arrives" refunds
    nothing), but a phrase the lexicon knows wins over the negation ("don't
    let me forget" is a reminder, "这个订单我不要了" / "I don't need it
    anymore" a cancellation). Because only descriptions are read, swapping
    two tools' descriptions swaps their routing.

    Three more signals, all read from descriptions and the user's words:
    *the verb* - a description's first action concept is the tool's main
    action; when the user asks for another tool's main action ("book"), a
    tool whose main action is different ("cancel ... reservation") counts
    half for the words it shares with that tool, and a tool whose main action
    the user negated ("don't restart anything, just ...") does not fit; *the
    kind of turn* (``analysis.speech_act``) - "why ...?" and "what
    is ...?" questions never trigger a tool that changes things (send, book,
    refund ...), "what does X mean?" / "should I ...?" only a search tool, and
    "can you send SMS abroad?" (a question about a tool, nothing specific)
    none; *a value only one tool can take* - a token with the exact shape of
    one tool's required parameter ("NVDA", "1Z999AA1...", "#ops") counts as
    evidence, and is enough on its own only for a tool that just looks
    things up. A second tool
    is called too when other full-weight words of the request fit it
    ("refund O-100 and cancel O-200"), in the order the user said them, each
    filled from its own stretch of the turn (cut at "and" / "另外"); a weaker
    second intent (a 0.7-0.9 concept) only when the turn also gives all its
    required values. A bare or short follow-up ("O-100", "British pounds"
    after the model asked) is routed together with the turn it answers, and
    its value goes to the argument that was asked for.

How it fills arguments
    See ``fcourse.teaching.arguments``: each parameter's schema (type, enum,
    pattern, format, default, description) says what kind of value it wants;
    the value is looked for in the user's turns, then in the system context.
    A required value found nowhere makes the model *ask back* instead of
    inventing it. Several values for one entity ("北京和上海") become several
    calls when ``parallel_tool_calls`` is true, else only the first.

tool_choice
    ``"none"`` never calls; ``"auto"`` calls when a tool fits; ``"required"``
    calls the best-scoring tool and a named choice calls that tool, even with
    arguments missing (the record says which, and that the call was forced) -
    as a hosted API would, also after tool results.

The record (``Decision.record``, ``explain()``)
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

import functools
import itertools
import math
import re
from dataclasses import dataclass
from typing import Any

from fcourse.teaching import text as text_model
from fcourse.teaching.analysis import (
    PLAIN_WEIGHT,
    Term,
    analyse,
    language_of,
    speech_act,
)
from fcourse.teaching.arguments import Filled, Sources, fill_arguments, param_kind
from fcourse.teaching.conversation import (
    context_text,
    estimate_tokens,
    latest_user_index,
    text_of,
    trailing_tool_round,
    truncate_tokens,
)
from fcourse.teaching.decision import Decision, ProposedCall
from fcourse.teaching.extract import candidates
from fcourse.teaching.lexicon import (
    ACTION_CONCEPTS,
    EFFECT_CONCEPTS,
    GENERIC_WEIGHT,
    SEARCH_CONCEPTS,
    concept_weight,
)
from fcourse.teaching.places import find_places
from fcourse.teaching.results import compose_answer
from fcourse.teaching.text import FAILURE_MODES

__all__ = ["FAILURE_MODES", "THRESHOLD", "decide", "explain"]

#: a tool whose score is below this does not fit the request
THRESHOLD = 1.0
_K1, _B, _BACKGROUND_DOCS = 1.2, 0.5, 3
_PARAM_WEIGHT = 0.3
_W_LATEST, _W_EARLIER, _W_CONTEXT = 1.0, 0.4, 0.25
_VERBS = ACTION_CONCEPTS - {"lookup", "search"}  # looking something up is never the "wrong" verb
_VALUE_EVIDENCE = 1.0  # a value in the turn that only one look-up tool's parameter can take
_SHORT_TURN = 3  # terms: "British pounds", "until 2026-04-05" - an answer to a question back
_OTHER_ACTION = 0.5  # a tool whose main action the user did not ask for, when another tool's was
#: questions that ask for no action, and which tools they still allow
_QUESTION_ALLOWS = {"explain": "read-only", "info": "read-only", "meaning": "search", "advice": "search",
                    "capability": "none"}
_BOUNDARY_RE = re.compile(r"\s*(?:,\s*and|;|\band then\b|\band also\b|\band\b|\bthen\b|\balso\b|[，,；;]?\s*"
                          r"(?:另外|然后|并且|同时|还有|再|顺便)|[，。；;])\s*", re.IGNORECASE)


# ---------------------------------------------------------------- documents

@dataclass(frozen=True)
class _Doc:
    tf: dict[str, float]
    length: float


def _weight_of(key: str) -> float:
    return concept_weight(key) if key.startswith("#") else PLAIN_WEIGHT


@functools.lru_cache(maxsize=2048)
def _doc(description: str, param_descriptions: tuple[str, ...]) -> _Doc:
    """A tool description as weighted term frequencies (cached on the strings)."""
    tf: dict[str, float] = {}
    for term in analyse(description).terms:
        tf[term.key] = tf.get(term.key, 0.0) + 1.0
    for text in param_descriptions:
        for term in analyse(text).terms:
            tf[term.key] = tf.get(term.key, 0.0) + _PARAM_WEIGHT
    return _Doc(tf, sum(tf.values()))


def _function(tool: dict[str, Any]) -> dict[str, Any]:
    fn = tool.get("function")
    return fn if isinstance(fn, dict) else {}


@functools.lru_cache(maxsize=2048)
def _profile(description: str) -> tuple[str | None, bool, bool]:
    """A description's main action (its first action concept), whether it changes things, whether it searches."""
    concepts = [t.key[1:] for t in analyse(description).terms if t.is_concept]
    main = next((c for c in concepts if c in ACTION_CONCEPTS), None)
    effect = main in EFFECT_CONCEPTS if main else False
    searches = main in SEARCH_CONCEPTS if main else bool(set(concepts) & SEARCH_CONCEPTS)
    return main, effect, searches


def _tool_profile(tool: dict[str, Any]) -> tuple[str | None, bool, bool]:
    return _profile(str(_function(tool).get("description") or ""))


def _tool_doc(tool: dict[str, Any]) -> _Doc:
    fn = _function(tool)
    params = fn.get("parameters") if isinstance(fn.get("parameters"), dict) else {}
    props = params.get("properties") if isinstance(params.get("properties"), dict) else {}
    descriptions = tuple(str(p.get("description", "")) for p in props.values() if isinstance(p, dict))
    return _doc(str(fn.get("description") or ""), descriptions)


# ---------------------------------------------------------------- the query

@dataclass(frozen=True)
class _QueryTerm:
    key: str
    surface: str
    weight: float  # source weight: latest turn 1.0, earlier 0.4, context 0.25
    source: str
    primary: bool


def _query(primary: list[str], earlier: list[str], context: str) -> tuple[dict[str, _QueryTerm], list[Term]]:
    terms: dict[str, _QueryTerm] = {}
    negated: list[Term] = []

    def add(key: str, surface: str, weight: float, source: str, is_primary: bool) -> None:
        old = terms.get(key)
        if old is None or weight > old.weight:
            terms[key] = _QueryTerm(key, surface, weight, source, is_primary or bool(old and old.primary))

    for text in primary:
        a = analyse(text)
        negated.extend(a.negated)
        for t in a.terms:
            add(t.key, t.surface, _W_LATEST, "user", True)
        for name, _, _ in find_places(text)[:1]:
            add("#place", name, _W_LATEST, "user (known place)", True)
    for text in earlier:
        for t in analyse(text).terms:
            add(t.key, t.surface, _W_EARLIER, "earlier user turn", False)
    for t in analyse(context).terms:
        add(t.key, t.surface, _W_CONTEXT, "system/developer context", False)
    negated_keys = {t.key for t in negated} - {t.key for text in primary for t in analyse(text).terms}
    for key in negated_keys:
        terms.pop(key, None)
    return terms, negated


def _value_shapes(tool: dict[str, Any], latest: str) -> dict[tuple[int, int], tuple[str, str]]:
    """Values in the latest turn with the exact shape a required parameter asks for (span -> param, value)."""
    params = _function(tool).get("parameters")
    if not isinstance(params, dict) or not isinstance(params.get("properties"), dict) or not latest:
        return {}
    found: dict[tuple[int, int], tuple[str, str]] = {}
    for name in params.get("required") or []:
        schema = params["properties"].get(name)
        if not isinstance(schema, dict) or param_kind(name, schema) not in ("example", "pattern"):
            continue
        for c in candidates(param_kind(name, schema), name, schema, latest, 0):
            found.setdefault((c.start, c.end), (name, str(c.value)))
    return found


def _score_tools(tools: list[dict[str, Any]], query: dict[str, _QueryTerm], threshold: float = THRESHOLD,
                 act: str = "request", latest: str = "", negated: frozenset[str] = frozenset()
                 ) -> list[dict[str, Any]]:
    """BM25 score of every tool's description against the query terms, with contributions."""
    docs = [_tool_doc(t) for t in tools]
    profiles = [_tool_profile(t) for t in tools]
    shapes = [_value_shapes(t, latest) for t in tools]
    claimed: dict[tuple[int, int], int] = {}
    for found in shapes:
        for span in found:
            claimed[span] = claimed.get(span, 0) + 1
    asked_actions = {k[1:] for k, q in query.items() if q.primary and k.startswith("#")} & _VERBS
    named_actions = {p[0] for p in profiles if p[0]} & asked_actions
    asked_docs = [d for d, p in zip(docs, profiles) if p[0] in named_actions]
    n = len(docs)
    avg = (sum(d.length for d in docs) / n) if n else 1.0
    avg = avg or 1.0
    rows = []
    for index, (tool, doc) in enumerate(zip(tools, docs)):
        contributions = []
        for q in query.values():
            tf = doc.tf.get(q.key)
            if not tf:
                continue
            df = sum(1 for d in docs if q.key in d.tf)
            idf = math.log(1.0 + (n + _BACKGROUND_DOCS - df + 0.5) / (df + 0.5))
            sat = tf * (_K1 + 1) / (tf + _K1 * (1 - _B + _B * doc.length / avg))
            value = q.weight * _weight_of(q.key) * idf * sat
            contributions.append((value, q))
        main, effect, searches = profiles[index]
        for span, (param, value) in sorted(shapes[index].items()):
            if claimed[span] == 1:  # "NVDA?" to a quote tool: a value only it can take is enough to look it up,
                # never enough to act on ("#ops" helps a Slack tool win, but cannot trigger it alone)
                q = _QueryTerm("#value" if not effect else "#value_hint", value, _W_LATEST,
                               f"user (a value shaped like {param})", True)
                contributions.append((_VALUE_EVIDENCE, q))
                break
        other_action = bool(main in _VERBS and named_actions and main not in asked_actions)
        if other_action:  # "book a train" and this tool's verb is "cancel": another tool's verb was asked for,
            # so the words this tool shares with that tool ("train") count half; its own words count in full
            contributions = [(v * _OTHER_ACTION if any(q.key in d.tf for d in asked_docs) else v, q)
                             for v, q in contributions]
        allows = _QUESTION_ALLOWS.get(act)
        blocked = (allows == "none" or (allows == "search" and not searches)
                   or (allows == "read-only" and effect))
        refused = bool(main and "#" + main in negated and "#" + main not in query)  # "don't restart anything"
        contributions.sort(key=lambda c: (-c[0], c[1].key))
        score = sum(c[0] for c in contributions)
        strong = [c for c in contributions if c[1].primary and (_weight_of(c[1].key) >= GENERIC_WEIGHT
                                                                or c[1].key == "#value")]
        if strong and not any(c[1].key.startswith("#") for c in strong) and len(strong) < 2:
            strong = []  # one shared everyday word ("start", "open") is not enough: a concept, or two words
        rows.append({
            "index": index,
            "name": str(_function(tool).get("name", "")),
            "score": round(score, 4),
            "fits": score >= threshold and bool(strong) and not blocked and not refused,
            "user_matched_specific_term": bool(strong),
            **({"main_action_not_asked": main} if other_action else {}),
            **({"blocked_by_question": act} if blocked else {}),
            **({"main_action_negated": main} if refused else {}),
            "top_terms": [
                {"term": c[1].key, "surface": c[1].surface, "from": c[1].source, "contribution": round(c[0], 4)}
                for c in contributions[:6]
            ],
            "_strong": {c[1].key: c[0] for c in strong},
            "_anchors": frozenset(c[1].key for c in contributions if c[1].primary),
        })
    return rows


# ---------------------------------------------------------------- wording

def _capability(tool: dict[str, Any]) -> str:
    desc = str(_function(tool).get("description") or _function(tool).get("name", "")).strip()
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
    parameters = _function(tool).get("parameters")
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


def _none_text(tool: dict[str, Any], zh: bool) -> str:
    cap = _capability(tool)
    if zh:
        return f"这次请求关闭了工具调用（tool_choice 为 \"none\"），所以我现在没法帮你{cap}。"
    return f"Tool calls are switched off for this request (tool_choice is \"none\"), so I can't {cap} right now."


# ---------------------------------------------------------------- decide

def _public_rows(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{k: v for k, v in r.items() if not k.startswith("_") and k != "index"} for r in rows]


def _limit(decision: Decision, request: dict[str, Any]) -> Decision:
    limit = request.get("max_completion_tokens") or request.get("max_tokens")
    content = decision.content
    if not limit or content is None or decision.kind == "tool_calls" or estimate_tokens(content) <= limit:
        return decision
    record = dict(decision.record, truncated_by_max_tokens=int(limit))
    return Decision(kind=decision.kind, content=truncate_tokens(content, int(limit)),
                    tool_calls=decision.tool_calls, finish_reason="length", record=record)


def _focus(latest: str, row: dict[str, Any], chosen: list[dict[str, Any]]) -> int | None:
    """Where a tool's own words start in the latest turn, when several tools are called."""
    others = frozenset().union(*(c["_anchors"] for c in chosen if c is not row))
    for term in analyse(latest).terms:
        if term.key in row["_strong"] and term.key not in others:
            return term.start
    return None


def _complete(tool: dict[str, Any], latest: str, row: dict[str, Any]) -> bool:
    """Whether the latest turn alone gives every required argument of ``tool``."""
    params = _function(tool).get("parameters")
    filled = fill_arguments(params if isinstance(params, dict) else None,
                            Sources(user=(latest,), anchors=row["_anchors"]))
    return not filled.missing


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


def _follow_up_earlier(messages: list[dict[str, Any]], ui: int) -> int | None:
    """The user turn a short follow-up answers ("O-100" after "which order?"), if any."""
    if ui < 2:
        return None
    prev = messages[ui - 1]
    if prev.get("role") != "assistant" or prev.get("tool_calls"):
        return None
    for j in range(ui - 2, -1, -1):
        role = messages[j].get("role")
        if role == "tool" or (role == "assistant" and messages[j].get("tool_calls")):
            return None
        if role == "user":
            return j
    return None


def decide(request: dict[str, Any]) -> Decision:
    """What the teaching model replies to a validated Chat Completions request."""
    return _limit(_decide(request), request)


def explain(request: dict[str, Any]) -> dict[str, Any]:
    """The glass-box record of :func:`decide` for this request (JSON-serialisable)."""
    return decide(request).record


def _decide(request: dict[str, Any]) -> Decision:
    messages: list[dict[str, Any]] = list(request.get("messages") or [])
    tools = [t for t in request.get("tools") or [] if isinstance(t, dict) and _function(t)]
    tool_choice = request.get("tool_choice") or "auto"
    function = tool_choice.get("function") if isinstance(tool_choice, dict) else None
    named = function.get("name") if isinstance(function, dict) else None
    forced = bool(tools) and (tool_choice == "required" or named is not None)
    trailing = trailing_tool_round(messages)
    if not tools and not trailing:
        return text_model.reply(request)

    ext = request.get("fcourse") if isinstance(request.get("fcourse"), dict) else {}
    threshold = float(ext.get("threshold", THRESHOLD))
    parallel = request.get("parallel_tool_calls", True) is not False

    ui = latest_user_index(messages)
    latest = text_of(messages[ui].get("content")) if ui is not None else ""
    language = language_of(latest)
    zh = language == "zh"
    context = context_text(messages)
    earlier_idx = [i for i, m in enumerate(messages) if m.get("role") == "user" and i != ui]
    earlier = [text_of(messages[i].get("content")) for i in reversed(earlier_idx)]

    record: dict[str, Any] = {
        "language": language,
        "tool_choice": tool_choice,
        "parallel_tool_calls": parallel,
        "threshold": threshold,
        "method": "BM25 over tool descriptions (names ignored), concept lexicon, jieba + Snowball",
    }

    if trailing and not forced:
        content, results = compose_answer(trailing[0], trailing[1], language)
        record.update(kind="answer", tools=[], chosen=[], **results)
        return Decision(kind="answer", content=content, record=record)

    primary = [latest]
    act = speech_act(latest)
    query, negated = _query(primary, earlier, context)
    rows = _score_tools(tools, query, threshold, act, latest, frozenset(t.key for t in negated))
    follow_up = False
    short = len(analyse(latest).terms) <= _SHORT_TURN
    if ui is not None and (short or not any(r["fits"] for r in rows)):
        j = _follow_up_earlier(messages, ui)
        if j is not None:
            before = text_of(messages[j].get("content"))
            q2, n2 = _query([latest, before], [e for e in earlier if e != before], context)
            rows2 = _score_tools(tools, q2, threshold, speech_act(before), latest, frozenset(t.key for t in n2))
            fitting2 = sorted((r for r in rows2 if r["fits"]), key=lambda r: (-r["score"], r["index"]))
            # a short reply continues the turn it answers, unless it is a new request of its own
            if fitting2 and (not any(r["fits"] for r in rows) or rows[fitting2[0]["index"]]["fits"]):
                primary, query, negated, rows, follow_up = [latest, before], q2, n2, rows2, True

    ranked = sorted(rows, key=lambda r: (-r["score"], r["index"]))
    record.update(
        query={
            "latest_user_turn": latest,
            "speech_act": act,
            "follow_up_of_earlier_turn": follow_up,
            "terms": [{"term": q.key, "surface": q.surface, "from": q.source, "weight": q.weight}
                      for q in sorted(query.values(), key=lambda q: (-q.weight, q.key))],
            "negated": [t.as_dict() for t in negated],
        },
        tools=_public_rows(rows),
    )

    if tool_choice == "none":
        best = ranked[0]
        content = (_none_text(tools[best["index"]], zh) if best["fits"]
                   else text_model.chat_answer(latest, language, _no_fit_text(tools, zh)))
        record.update(kind="answer", chosen=[], reason='tool_choice is "none": never call a tool')
        return Decision(kind="answer", content=content, record=record)

    if named is not None:
        chosen = [r for r in rows if r["name"] == named][:1] or ranked[:1]
        why = f"tool_choice names {named!r}: that tool is called"
    elif tool_choice == "required":
        chosen = ranked[:1]
        why = 'tool_choice is "required": the best-scoring tool is called even if it does not fit'
    else:
        fitting = [r for r in ranked if r["fits"]]
        if not fitting:
            blocked = [r["name"] for r in rows if r.get("blocked_by_question")]
            record.update(kind="answer", chosen=[],
                          reason=(f"the user asks a question ({act}), not for an action: answer in text, no call"
                                  if blocked and any(r["score"] >= threshold for r in rows) else
                                  f"no tool reached the threshold {threshold} with a specific term from the "
                                  "user: answer in text, no call"))
            content = text_model.chat_answer(latest, language, _no_fit_text(tools, zh))
            return Decision(kind="answer", content=content, record=record)
        chosen = [fitting[0]]
        for other in fitting[1:]:  # a second intent: its own full-weight terms, not the best tool's
            taken = frozenset().union(*(c["_anchors"] for c in chosen))
            own = {k: v for k, v in other["_strong"].items() if k not in taken}
            if sum(own.values()) < threshold:
                continue
            if any(_weight_of(k) >= 1.0 for k in own):
                chosen.append(other)
            elif any(k.startswith("#") and _weight_of(k) >= GENERIC_WEIGHT for k in own) and _complete(
                    tools[other["index"]], latest, other):
                chosen.append(other)  # a weaker second intent counts when the turn also gives all it needs
        why = f"best tool scored {fitting[0]['score']} >= threshold {threshold}"
        if len(chosen) > 1:
            why += f"; {len(chosen) - 1} more tool(s) fit other words of the request: {[c['name'] for c in chosen[1:]]}"

    user_sources = tuple(primary) + tuple(e for e in earlier if e not in primary)
    focuses = {r["index"]: (_focus(latest, r, chosen) if len(chosen) > 1 else None) for r in chosen}
    if len(chosen) > 1:  # several intents: in the order the user said them
        chosen.sort(key=lambda r: (focuses[r["index"]] is None, focuses[r["index"]] or 0))
    segments = _segments(latest, [focuses[r["index"]] for r in chosen]) if len(chosen) > 1 else {}
    filled: list[tuple[dict[str, Any], Filled]] = []
    for row in chosen:
        tool = tools[row["index"]]
        params = _function(tool).get("parameters")
        params = params if isinstance(params, dict) else None
        focus = focuses[row["index"]]
        asked = None
        if follow_up:  # the short answer goes to what was asked for; the rest comes from the earlier turn
            asked = frozenset(fill_arguments(params, Sources(user=user_sources[1:], context=context,
                                                             anchors=row["_anchors"])).missing)
        filled.append((row, fill_arguments(params, Sources(user=user_sources, context=context,
                                                           anchors=row["_anchors"], focus=focus,
                                                           segment=segments.get(focus), asked=asked))))
    record["chosen"] = [r["name"] for r in chosen]
    record["arguments"] = [dict(p, tool=row["name"]) for row, f in filled for p in f.provenance]
    missing = {row["name"]: f.missing for row, f in filled if f.missing}
    record["missing"] = missing

    if missing and not forced:
        row, f = next((r, f) for r, f in filled if f.missing)
        record.update(kind="ask", reason=f"{why}, but required argument(s) {f.missing} of {row['name']} "
                                         "are nowhere in the conversation: ask back, invent nothing")
        return Decision(kind="ask", content=_ask_text(tools[row["index"]], f.missing, zh), record=record)

    calls: list[ProposedCall] = []
    for row, f in filled:
        if f.fan_out and not f.missing and len(filled) == 1:
            param, values = f.fan_out
            for value in values:
                calls.append(ProposedCall(row["name"], {**f.arguments, param: value}))
        else:
            calls.append(ProposedCall(row["name"], dict(f.arguments)))
    dropped = 0
    if not parallel and len(calls) > 1:
        dropped = len(calls) - 1
        calls = calls[:1]
    record.update(
        kind="tool_calls",
        forced=forced,
        reason=why + (f"; forced call with missing argument(s) {missing}" if missing else "")
        + (f"; parallel_tool_calls is false: {dropped} more call(s) dropped" if dropped else ""),
        calls=[{"name": c.name, "arguments": c.arguments} for c in calls],
    )
    return Decision(kind="tool_calls", tool_calls=tuple(calls), finish_reason="tool_calls", record=record)
