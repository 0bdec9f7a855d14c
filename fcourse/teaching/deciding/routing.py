"""Stage 2 of the teaching model's policy: score every tool against the conversation.

Introduced in chapter 0, opened up in chapter 3 ("why the model picks a tool").
``route(conversation)`` returns a :class:`Routing` record: the query terms, the
score of each tool and the words that carried it, and whether the latest turn
is a short follow-up scored together with the turn it answers.

Each tool's *description* - never its name - is a small document; its
parameter descriptions count too, at 0.3 weight. The conversation is the
query: the latest user turn at full weight, earlier user turns at 0.4, the
system/developer context at 0.25. Both sides go through the same analysis
(``fcourse.teaching.reading.analysis``): English stemmed (Snowball), Chinese
segmented (jieba), and words of the same meaning mapped to one concept
(``fcourse.teaching.reading.lexicon``: "money back", "reimburse", "退款" -> #refund).
Each tool is scored with BM25 (k1=1.2, b=0.5; the IDF counts three empty
background documents, so a single tool still has informative terms), and
each term's contribution is multiplied by its concept weight - generic
words such as *order*, *user* or *get* count for less. A tool *fits* when
its score reaches the threshold (1.0) **and** the latest user turn itself
matched one of its non-generic terms (a concept, or at least two shared
words); otherwise the model answers in text. Terms right after "don't" /
"不要" are dropped ("don't refund, just tell me when it arrives" refunds
nothing), but a negation that ends something arranged is a cancellation
("这个订单我不要了", "I don't need it anymore": ``analysis``). Because only descriptions are read, swapping
two tools' descriptions swaps their routing.

*The whole sentence* (``fcourse.teaching.reading.sentences``): a multilingual sentence
encoder compares the request with each tool's whole text; the tool it is
clearly closest to (similarity >= 0.2, 0.03 ahead of the next) gets a
contribution that can make it fit with no shared word ("could I keep the
book a few more weeks?" -> a renewal; 续借 -> an English description).
After a negation, what is left must also share a word with the tool.

More signals, all read from descriptions and the user's words:
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
things up; *a new day* (``fcourse.teaching.deciding.moves``) - "slide it to October
25", "改到后天" is evidence for a tool whose schema takes a new day, and
halves the words of a tool that takes a booking's own day. A status asked
for ("is it ready yet?", 修得怎么样了) is specific enough to choose a tool.
A description's sentence that sends the reader to another tool by name
("to move a booking use reschedule_booking") counts for that tool, not its
own (``documents.own_text``, ``documents.pointed_at``). Which of the
fitting tools are called is stage 3's job (``fcourse.teaching.deciding.intents``).

A bare or short follow-up ("O-100", "British pounds" after the model asked)
is scored together with the turn it answers (``Conversation.follow_up_of``),
unless it is a new request of its own.
"""

from __future__ import annotations

import functools
import math
import re
import threading
from dataclasses import dataclass
from typing import Any

from fcourse.teaching.deciding.agreement import value_shapes, words_and_sentence_agree
from fcourse.teaching.deciding.conversation import Conversation, function_of, text_of
from fcourse.teaching.deciding.moves import asks_change, move_asked, takes_day, takes_new_day
from fcourse.teaching.deciding.speech_acts import speech_act
from fcourse.teaching.reading.analysis import Term, analyse, stem
from fcourse.teaching.reading.documents import headline_only, own_text, pointed_at, term_weight, tool_doc, tool_profile
from fcourse.teaching.reading.lexicon import (
    ACTION_CONCEPTS,
    GENERIC_WEIGHT,
)
from fcourse.teaching.reading.places import find_places
from fcourse.teaching.reading.sentences import partly_negated
from fcourse.teaching.reading.verbs import acts, lead_verb, said_lead

__all__ = [
    "MEANING_WEIGHT", "SENTENCE_TERM", "THRESHOLD", "Routing", "route", "score_stretch", "score_tools", "term_weight",
    "tool_profile",
]

#: a tool whose score is below this does not fit the request
THRESHOLD = 1.0
_K1, _B, _BACKGROUND_DOCS = 1.2, 0.5, 3
_W_LATEST, _W_EARLIER, _W_CONTEXT = 1.0, 0.4, 0.25
_VERBS = ACTION_CONCEPTS - {"lookup", "search"}  # looking something up is never the "wrong" verb
_VALUE_EVIDENCE = 1.0  # a value in the turn that only one look-up tool's parameter can take
_SHORT_TURN = 3  # terms: "British pounds", "until 2026-04-05" - an answer to a question back
#: how much a pair of alike words (``fcourse.teaching.reading.meaning``) adds, per unit of its telling similarity
MEANING_WEIGHT = 1.5
_MEANING_STRONG = (0.6, 0.3)  # a pair this alike (similarity, telling part) is a specific match, like a concept
SENTENCE_TERM = "~sentence"
SENTENCE_FLOOR, SENTENCE_MARGIN, SENTENCE_WEIGHT = 0.2, 0.03, 3.0
_OTHER_ACTION = 0.5  # a tool whose main action the user did not ask for, when another tool's was
#: words of the user's own things ("my ride", 我这单)
_OWNED = re.compile(r"\b(?:my|our|mine|ours|i|i'm|i've)\b|我|俺", re.IGNORECASE)
#: questions that ask for no action, and which tools they still allow
_QUESTION_ALLOWS = {"explain": "read-only", "info": "read-only", "meaning": "search", "advice": "search",
                    "capability": "search", "social": "none", "meta": "none", "creative": "none"}

# ---------------------------------------------------------------- documents

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
    # the latest turn's word wins: what it negates is dropped even when the turn it answers asked for it
    # ("Cancel RC-2" ... "actually, don't cancel it"); what an earlier turn negated, the latest may ask for again
    latest = analyse(primary[0]) if primary else None
    negated_keys = {t.key for t in negated} - {t.key for text in primary[1:] for t in analyse(text).terms}
    negated_keys |= {t.key for t in latest.negated} if latest else set()
    negated_keys -= latest.keys if latest else set()
    for key in negated_keys:
        terms.pop(key, None)
    return terms, negated


@functools.lru_cache(maxsize=8192)
def _stem(word: str) -> str:
    with _STEMMER_LOCK:  # a Snowball stemmer keeps its word in itself: one thread at a time (a classroom server)
        return _stemmer().stemWord(word)


_STEMMER_LOCK = threading.Lock()


@functools.lru_cache(maxsize=1)
def _stemmer() -> Any:
    import snowballstemmer

    return snowballstemmer.stemmer("english")


@functools.lru_cache(maxsize=1024)
def _meaning_pairs(latest: str, texts: tuple[str, ...]) -> tuple[tuple[Any, ...], ...]:
    """``meaning.meaning_pairs`` cached on everything it reads (the turn and the tools' texts)."""
    from fcourse.teaching.reading.meaning import meaning_pairs

    return tuple(tuple(pairs) for pairs in meaning_pairs(latest, list(texts)))


def _meaning(tools: list[dict[str, Any]], latest: str) -> list[list[tuple[float, _QueryTerm]]]:
    """Contributions of alike words per tool: pairs BM25 cannot see (other words, or another language)."""
    texts = []
    for tool in tools:
        fn = function_of(tool)
        params = fn.get("parameters") if isinstance(fn.get("parameters"), dict) else {}
        props = params.get("properties") if isinstance(params.get("properties"), dict) else {}
        words = [str(fn.get("description") or "")]
        for p in props.values():
            if isinstance(p, dict):  # a parameter's description and its enum values say what the tool is about
                words.append(str(p.get("description", "")))
                words += [str(v).replace("_", " ") for v in p.get("enum", []) if isinstance(v, str)]
        texts.append(" ".join(own_text(w) for w in words))  # a sentence pointing to another tool is not this one's
    out = []
    for tool, pairs in zip(tools, _meaning_pairs(latest, tuple(texts)), strict=True):
        row = []
        tf = tool_doc(tool).tf
        seen: set[str] = set()
        for p in pairs:  # best first: one pair per word the user wrote (a Chinese word's glosses are one word)
            if p.said in seen:
                continue
            seen.add(p.said)
            same = p.said == p.written if p.said != p.user else (
                p.written == p.description and _stem(p.user) == _stem(p.description))
            if same and any(t.key in tf for t in analyse(p.said).terms):
                continue  # the same word on both sides: BM25 has counted it (an enum value it has not)
            said = p.said if p.said == p.user else f"{p.said} ({p.user})"
            written = p.description if p.written == p.description else f"{p.written} ({p.description})"
            surface = f"{said} ~ {written}"
            row.append((MEANING_WEIGHT * p.weight,
                        _QueryTerm("~" + p.user, surface, p.similarity, "user (a word alike in meaning)", True)))
        out.append(row)
    return out


def _sentence(tools: list[dict[str, Any]], latest: str) -> list[list[tuple[float, _QueryTerm]]]:
    """The whole request against each tool's whole text: the tool it is clearly most like gets a contribution
    that can carry the choice on its own (``fcourse.teaching.sentences.clearly_closest``)."""
    from fcourse.teaching.reading.sentences import clearly_closest

    out: list[list[tuple[float, _QueryTerm]]] = [[] for _ in tools]
    found = clearly_closest(latest, [function_of(t) for t in tools], SENTENCE_FLOOR, SENTENCE_MARGIN)
    if found:
        best, sim, margin = found
        surface = f"the whole request ({sim:.3f}; next best {sim - margin:.3f})"
        out[best].append((round(SENTENCE_WEIGHT * (sim + margin), 4),
                          _QueryTerm(SENTENCE_TERM, surface, _W_LATEST, "user (the sentence's meaning)", True)))
    return out


def score_tools(tools: list[dict[str, Any]], query: dict[str, _QueryTerm], threshold: float = THRESHOLD,
                 act: str = "request", latest: str = "", negated: frozenset[str] = frozenset()
                 ) -> list[dict[str, Any]]:
    """BM25 score of every tool's description against the query terms, with contributions."""
    docs = [tool_doc(t, pointed_at(tools, i)) for i, t in enumerate(tools)]
    meaning = _meaning(tools, latest) if latest and tools else [[] for _ in tools]
    sentence = _sentence(tools, latest) if latest and tools else [[] for _ in tools]
    cut = bool(negated) and partly_negated(latest)
    profiles = [tool_profile(t) for t in tools]
    shapes = [value_shapes(t, latest) for t in tools]
    claimed: dict[tuple[int, int], int] = {}
    for found in shapes:
        for span in found:
            claimed[span] = claimed.get(span, 0) + 1
    asked_actions = {k[1:] for k, q in query.items() if q.primary and k.startswith("#")} & _VERBS
    named_actions = {p[0] for p in profiles if p[0]} & asked_actions
    asked_docs = [d for d, p in zip(docs, profiles) if p[0] in named_actions]
    move = move_asked(latest) if latest and act == "request" else None
    own = bool(_OWNED.search(latest)) and not asks_change(latest)
    movable = bool(move) and any(takes_new_day(t) for t in tools)
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
            value = q.weight * term_weight(q.key) * idf * sat
            contributions.append((value, q))
        # after a negation ("don't email him, just tell me how you'd word it") what is left must share a word
        # with the tool: the whole request's meaning alone does not carry it
        contributions += meaning[index] + (sentence[index] if contributions or meaning[index] or not cut else [])
        main, effect, searches = profiles[index]
        for span, (param, value) in sorted(shapes[index].items()):
            if claimed[span] == 1:  # "NVDA?" to a quote tool: a value only it can take is enough to look it up,
                # never enough to act on ("#ops" helps a Slack tool win, but cannot trigger it alone)
                q = _QueryTerm("#value" if not effect else "#value_hint", value, _W_LATEST,
                               f"user (a value shaped like {param})", True)
                contributions.append((_VALUE_EVIDENCE, q))
                break
        if move and takes_new_day(tool):  # "slide it to October 25": a new day for something arranged
            contributions.append((_VALUE_EVIDENCE, _QueryTerm("#new_day", move, _W_LATEST,
                                                              "user (a new day for something arranged)", True)))
        elif move and movable and takes_day(tool):  # a booking's own day is not a new one: its words count half
            contributions = [(v * _OTHER_ACTION, q) for v, q in contributions]
        other_action = bool(main in _VERBS and named_actions and main not in asked_actions)
        if other_action:  # "book a train" and this tool's verb is "cancel": another tool's verb was asked for,
            # so the words this tool shares with that tool ("train") count half; its own words count in full
            contributions = [(v * _OTHER_ACTION if any(q.key in d.tf for d in asked_docs) else v, q)
                             for v, q in contributions]
        allows = _QUESTION_ALLOWS.get(act)
        # a question never calls a tool that changes things - one the lexicon knows, or, for a question about the
        # user's own things, one whose description leads with a verb of acting the question does not use
        # ("结束一次骑行" for "我这单骑了多久了？"); a general question is left to stage 5's honest answer
        blocked = (allows == "none" or (allows == "search" and not searches)
                   or (allows == "read-only" and (effect or own and acts(tool, main, searches)
                                                  and not said_lead(tool, latest, [q.surface for _, q in
                                                                                    meaning[index]]))))
        lead = lead_verb(str(function_of(tool).get("description") or ""))  # "Trim a hedge": no concept, a word
        refused = bool(main and "#" + main in negated and "#" + main not in query) or bool(  # "don't restart anything"
            lead and stem(lead) in negated and stem(lead) not in query)
        contributions.sort(key=lambda c: (-c[0], c[1].key))
        score = sum(c[0] for c in contributions)
        strong = [c for c in contributions if c[1].primary and (
            c[1].key in ("#value", "#new_day", "#status", SENTENCE_TERM)
            or (c[1].weight >= _MEANING_STRONG[0] and c[0] >= _MEANING_STRONG[1] * MEANING_WEIGHT
                                     if c[1].key.startswith("~") else term_weight(c[1].key) >= GENERIC_WEIGHT))]
        if strong and not any(c[1].key.startswith(("#", "~")) for c in strong) and len(strong) < 2 \
                and not (n > 1 and headline_only(tools, index, strong[0][1].key)):
            strong = []  # one shared everyday word ("start", "open") is not enough: a concept, or two words,
            # or a word of this tool's description that no other tool's description uses ("vacuum", "renew")
        rows.append({
            "index": index,
            "name": str(function_of(tool).get("name", "")),
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
            "_words": round(score - sum(c[0] for c in contributions if c[1].key == SENTENCE_TERM), 4),
            "_open": not blocked and not refused and bool(contributions),
        })
    if act in ("request", "info") and latest and rows and not any(r["fits"] for r in rows):
        words_and_sentence_agree(tools, rows, latest, question=act == "info")
    return rows


def _public_rows(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{k: v for k, v in r.items() if not k.startswith("_") and k != "index"} for r in rows]


@dataclass(frozen=True)
class Routing:
    """Stage 2's record: the query read from the conversation and every tool's score.

    ``rows`` has one dict per tool, in the request's order (``score``, ``fits``,
    ``top_terms``, and the private ``_strong`` / ``_anchors`` later stages read);
    ``primary`` the user turns read at full weight (the latest, and for a
    follow-up the turn it answers).
    """

    act: str
    query: dict[str, _QueryTerm]
    negated: list[Term]
    rows: list[dict[str, Any]]
    primary: list[str]
    follow_up: bool
    latest: str

    @property
    def ranked(self) -> list[dict[str, Any]]:
        """The rows best first (ties: the order of the tools)."""
        return sorted(self.rows, key=lambda r: (-r["score"], r["index"]))

    def record(self) -> dict[str, Any]:
        """The decision record's ``query`` and ``tools``."""
        return {
            "query": {
                "latest_user_turn": self.latest,
                "speech_act": self.act,
                "follow_up_of_earlier_turn": self.follow_up,
                "terms": [{"term": q.key, "surface": q.surface, "from": q.source, "weight": q.weight}
                          for q in sorted(self.query.values(), key=lambda q: (-q.weight, q.key))],
                "negated": [t.as_dict() for t in self.negated],
            },
            "tools": _public_rows(self.rows),
        }


def score_stretch(conversation: Conversation, stretch: str) -> list[dict[str, Any]]:
    """Every tool's row for one stretch of the latest turn read as a turn of its own ("cancel DC-2; and book
    CH-4 for Friday"): how ``fcourse.teaching.deciding.intents`` finds the second of two requests in one message."""
    query, negated = _query([stretch], conversation.earlier, conversation.context)
    return score_tools(conversation.tools, query, conversation.threshold, speech_act(stretch), stretch,
                       frozenset(t.key for t in negated))


def route(conversation: Conversation) -> Routing:
    """Stage 2: score the tools against the latest turn (and, for a follow-up, the turn it answers)."""
    tools, latest, threshold = conversation.tools, conversation.latest, conversation.threshold
    earlier, context = conversation.earlier, conversation.context
    primary = [latest]
    act = speech_act(latest)
    query, negated = _query(primary, earlier, context)
    rows = score_tools(tools, query, threshold, act, latest, frozenset(t.key for t in negated))
    follow_up = False
    short = len(analyse(latest).terms) <= _SHORT_TURN
    if conversation.latest_index is not None and (short or not any(r["fits"] for r in rows)):
        j = conversation.follow_up_of()
        if j is not None:
            before = text_of(conversation.messages[j].get("content"))
            q2, n2 = _query([latest, before], [e for e in earlier if e != before], context)
            rows2 = score_tools(tools, q2, threshold, speech_act(before), latest, frozenset(t.key for t in n2))
            fitting2 = sorted((r for r in rows2 if r["fits"]), key=lambda r: (-r["score"], r["index"]))
            # a short reply continues the turn it answers, unless it is a new request of its own
            if fitting2 and (not any(r["fits"] for r in rows) or rows[fitting2[0]["index"]]["fits"]):
                primary, query, negated, rows, follow_up = [latest, before], q2, n2, rows2, True
    return Routing(act=act, query=query, negated=negated, rows=rows, primary=primary, follow_up=follow_up,
                   latest=latest)
