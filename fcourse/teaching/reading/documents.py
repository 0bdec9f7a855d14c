"""Stage 2's documents: each tool's description as weighted terms, and the action it names first.

Introduced in chapter 3 with routing (``fcourse.teaching.deciding.routing``), which scores
these documents against the conversation. A tool's *description* - never its
name - is the document; its parameters' descriptions count at 0.3 weight.
``tool_profile`` reads the description's main action (the first action concept
of its first sentence), whether that action changes things, and whether the
tool searches.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import Any

from fcourse.teaching.reading.analysis import PLAIN_WEIGHT, analyse
from fcourse.teaching.reading.lexicon import ACTION_CONCEPTS, EFFECT_CONCEPTS, SEARCH_CONCEPTS, concept_weight
from fcourse.teaching.reading.params import function_of
from fcourse.teaching.reading.rx import rx

__all__ = ["headline_only", "own_text", "pointed_at", "term_weight", "tool_doc", "tool_profile"]

_PARAM_WEIGHT = 0.3


@dataclass(frozen=True)
class _Doc:
    tf: dict[str, float]
    length: float


def term_weight(key: str) -> float:
    """How much a term counts: its concept weight, or the weight of a plain word."""
    return concept_weight(key) if key.startswith("#") else PLAIN_WEIGHT


#: a tool's identifier as a description writes it (reserve_for_collection)
_IDENTIFIER = r"\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b"
#: a sentence that sends the reader to another tool by its identifier ("for pick-up use reserve_for_collection",
#: "如果只是换日期，请用 reschedule_visit"): its words say when *not* to use this tool
_REDIRECT = re.compile(rf"(?=.*{_IDENTIFIER})(?=.*(?:\b(?:use|using|instead|see|call)\b|用))", re.IGNORECASE)


def _sentences(text: str) -> list[str]:
    """The sentences of a text, each with its closing punctuation (joined, they are the text again)."""
    return re.findall(r"[^.;!?。；！？]*(?:[.;!?。；！？]+|$)", text)


@functools.lru_cache(maxsize=4096)
def own_text(description: str) -> str:
    """A description without its sentences that point to another tool (``_REDIRECT``): what the tool itself does."""
    return "".join(s for s in _sentences(description) if not _REDIRECT.search(s))


@functools.lru_cache(maxsize=2048)
def _doc(description: str, param_descriptions: tuple[str, ...], pointers: tuple[str, ...] = ()) -> _Doc:
    """A tool description as weighted term frequencies (cached on the strings); a sentence that points to another
    tool (``own_text``) is not this tool's."""
    tf: dict[str, float] = {}
    for term in analyse(own_text(description)).terms:
        tf[term.key] = tf.get(term.key, 0.0) + 1.0
    for text in (*map(own_text, param_descriptions), *pointers):
        for term in analyse(text).terms:
            tf[term.key] = tf.get(term.key, 0.0) + _PARAM_WEIGHT
    return _Doc(tf, sum(tf.values()))



#: a description that says the tool changes nothing ("Read-only.", 只读): whatever verb it uses, it has no effect
_READ_ONLY = re.compile(r"\bread[- ]only\b|只读|不(?:做|会)任何(?:修改|更改)|\b(?:changes|modifies) nothing\b",
                        re.IGNORECASE)


#: a description that says its tool does not act ("Books nothing", "nothing is reserved", "只报价，不生成订单")
ACTS_NOT = re.compile(r"\b(?:does not|doesn't|will not|won't) (?:book|reserve|order|buy) anything"
                      r"|\b(?:books|reserves|orders) nothing\b|\bnothing is (?:booked|reserved|ordered)"
                      r"|\bwithout (?:booking|ordering|reserving|buying)|\bonly a (?:price|quote|estimate)"
                      r"|只报价|仅报价|只查|不生成订单|不下单", re.IGNORECASE)
#: a first sentence that gives a price rather than acting
_QUOTE = re.compile(r"\b(?:price|cost|fare)\s+(?:quote|estimate)|\bquote\b|\bestimate\b|报价|估价|预估|估算|询价",
                    re.IGNORECASE)


@functools.lru_cache(maxsize=2048)
def _profile(description: str) -> tuple[str | None, bool, bool]:
    """A description's main action (the first action concept of its first sentence), whether it changes things,
    whether it searches."""
    concepts = [t.key[1:] for t in analyse(description).terms if t.is_concept]
    first = re.split(r"(?<=[.!?])\s+|[。！？]", description.strip(), maxsplit=1)[0]
    first = re.sub(r"\([^)]*\)|（[^）]*）", " ", first)  # "(filed, refund issued)": states listed, not the action
    # "Extend the due date ... Each renewal adds 21 days.": what the tool does is said first, not in a detail after
    main = next((t.key[1:] for t in analyse(first).terms if t.is_concept and t.key[1:] in ACTION_CONCEPTS), None)
    # a quote or estimate ("Give a price quote for new tyres", 估算保洁费用) changes nothing
    effect = (main in EFFECT_CONCEPTS if main else False) and not _READ_ONLY.search(description) \
        and not ACTS_NOT.search(description) and not _QUOTE.search(first)
    searches = main in SEARCH_CONCEPTS if main else bool(set(concepts) & SEARCH_CONCEPTS)
    return main, effect, searches


def tool_profile(tool: dict[str, Any]) -> tuple[str | None, bool, bool]:
    return _profile(str(function_of(tool).get("description") or ""))


def tool_doc(tool: dict[str, Any], pointers: tuple[str, ...] = ()) -> _Doc:
    """A tool's document; ``pointers`` are other tools' sentences that send the reader to this one (``pointed_at``),
    counted like its parameters' descriptions."""
    fn = function_of(tool)
    params = fn.get("parameters") if isinstance(fn.get("parameters"), dict) else {}
    props = params.get("properties") if isinstance(params.get("properties"), dict) else {}
    descriptions = tuple(str(p.get("description", "")) for p in props.values() if isinstance(p, dict))
    return _doc(str(fn.get("description") or ""), descriptions, pointers)


def pointed_at(tools: list[dict[str, Any]], index: int) -> tuple[str, ...]:
    """The sentences of the other tools' descriptions that send the reader to this tool by its name ("to move an
    existing booking use reschedule_booking"), without the name: they say when this tool is the one."""
    named = tuple((str(function_of(t).get("name") or ""), str(function_of(t).get("description") or "")) for t in tools)
    return _pointers(named)[index]


@functools.lru_cache(maxsize=1024)
def _pointers(named: tuple[tuple[str, str], ...]) -> tuple[tuple[str, ...], ...]:
    """``pointed_at`` for every tool at once, cached on the tools' names and descriptions (read once per tool set,
    not once per turn and tool)."""
    out: list[list[str]] = [[] for _ in named]
    for i, (_, description) in enumerate(named):
        for sentence in _sentences(description):
            if _REDIRECT.search(sentence):
                for j, (name, _) in enumerate(named):
                    if j != i and name and rx(rf"\b{re.escape(name)}\b").search(sentence):
                        out[j].append(re.sub(_IDENTIFIER, " ", sentence))
    return tuple(tuple(o) for o in out)


@functools.lru_cache(maxsize=2048)
def _headline_keys(description: str) -> frozenset[str]:
    return frozenset(t.key for t in analyse(description).terms)


def headline_only(tools: list[dict[str, Any]], index: int, key: str) -> bool:
    """Whether ``key`` is in this tool's description (not only a parameter's) and in no other tool's."""
    descriptions = [str(function_of(t).get("description") or "") for t in tools]
    if key not in _headline_keys(descriptions[index]):
        return False
    return not any(key in tool_doc(t).tf for i, t in enumerate(tools) if i != index)
