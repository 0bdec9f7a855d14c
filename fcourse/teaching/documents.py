"""Stage 2's documents: each tool's description as weighted terms, and the action it names first.

Introduced in chapter 3 with routing (``fcourse.teaching.routing``), which scores
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

from fcourse.teaching.analysis import PLAIN_WEIGHT, analyse
from fcourse.teaching.conversation import function_of
from fcourse.teaching.lexicon import ACTION_CONCEPTS, EFFECT_CONCEPTS, SEARCH_CONCEPTS, concept_weight

__all__ = ["headline_only", "term_weight", "tool_doc", "tool_profile"]

_PARAM_WEIGHT = 0.3


@dataclass(frozen=True)
class _Doc:
    tf: dict[str, float]
    length: float


def term_weight(key: str) -> float:
    """How much a term counts: its concept weight, or the weight of a plain word."""
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



@functools.lru_cache(maxsize=2048)
def _profile(description: str) -> tuple[str | None, bool, bool]:
    """A description's main action (the first action concept of its first sentence), whether it changes things,
    whether it searches."""
    concepts = [t.key[1:] for t in analyse(description).terms if t.is_concept]
    first = re.split(r"(?<=[.!?])\s+|[。！？]", description.strip(), maxsplit=1)[0]
    # "Extend the due date ... Each renewal adds 21 days.": what the tool does is said first, not in a detail after
    main = next((t.key[1:] for t in analyse(first).terms if t.is_concept and t.key[1:] in ACTION_CONCEPTS), None)
    effect = main in EFFECT_CONCEPTS if main else False
    searches = main in SEARCH_CONCEPTS if main else bool(set(concepts) & SEARCH_CONCEPTS)
    return main, effect, searches


def tool_profile(tool: dict[str, Any]) -> tuple[str | None, bool, bool]:
    return _profile(str(function_of(tool).get("description") or ""))


def tool_doc(tool: dict[str, Any]) -> _Doc:
    fn = function_of(tool)
    params = fn.get("parameters") if isinstance(fn.get("parameters"), dict) else {}
    props = params.get("properties") if isinstance(params.get("properties"), dict) else {}
    descriptions = tuple(str(p.get("description", "")) for p in props.values() if isinstance(p, dict))
    return _doc(str(fn.get("description") or ""), descriptions)


@functools.lru_cache(maxsize=2048)
def _headline_keys(description: str) -> frozenset[str]:
    return frozenset(t.key for t in analyse(description).terms)


def headline_only(tools: list[dict[str, Any]], index: int, key: str) -> bool:
    """Whether ``key`` is in this tool's description (not only a parameter's) and in no other tool's."""
    descriptions = [str(function_of(t).get("description") or "") for t in tools]
    if key not in _headline_keys(descriptions[index]):
        return False
    return not any(key in tool_doc(t).tf for i, t in enumerate(tools) if i != index)
