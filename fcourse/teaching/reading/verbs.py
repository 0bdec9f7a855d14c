"""Which words are verbs: English from CC-CEDICT's "to ..." glosses, Chinese from jieba's tags (issue 36).

Introduced in chapter 3 (what a tool does). A tool description usually opens with what the tool does:
"End a ride", "Renew a permit", 结束一次骑行, 暂停某个宽带账户的服务. ``opens_with_action(description)``
says whether its first clause leads with a verb (English: the first word is one CC-CEDICT writes as an
infinitive, "to end", "to renew"; Chinese: jieba tags a word of the first clause as a verb, after at most a
preposition or an adverb: 为孩子请假, 立即结束) - what a tool that acts on something says, and a description
that only names data ("Status of an existing job", 某地的天气预报) does not.

English verbs are read once from the dictionary into the resource cache (``resources``), never per request.
"""

from __future__ import annotations

import functools
import re
from pathlib import Path
from typing import Any

from fcourse.teaching.reading.params import function_of

__all__ = ["acts", "english_verb", "lead_verb", "looks_up", "opens_with_action", "said_lead"]

_INFINITIVE = re.compile(r"(?:^|/)to ([a-z]+)\b")


def _read_verbs() -> list[str]:
    from fcourse.teaching.reading.glosses import _read_table

    verbs: set[str] = set()
    for senses in _read_table().values():
        for raw in senses:
            verbs.update(_INFINITIVE.findall(raw))
    return sorted(verbs)


@functools.lru_cache(maxsize=1)
def _verbs() -> frozenset[str]:
    from fcourse.teaching.reading import glosses
    from fcourse.teaching.reading.resources import artifact

    def build(path: Path) -> None:
        path.write_text("\n".join(_read_verbs()), encoding="utf-8")

    path = artifact("cedict_verbs.txt", [glosses._dictionary(), Path(__file__)], build)
    return frozenset(_read_verbs() if path is None else path.read_text(encoding="utf-8").split("\n"))


def english_verb(word: str) -> bool:
    """Whether CC-CEDICT writes ``word`` (or, for "cancels", "books", its base) as an infinitive ("to cancel")."""
    low = word.lower()
    verbs = _verbs()
    return low in verbs or low.endswith("s") and (low[:-1] in verbs or low.endswith("es") and low[:-2] in verbs)


@functools.lru_cache(maxsize=2048)
def opens_with_action(description: str) -> bool:
    """Whether a description's first clause leads with a verb (see the module's docstring)."""
    first = re.split(r"[.;:,!?。；：，！？(（]", description.strip(), maxsplit=1)[0].strip()
    if not first:
        return False
    if re.search(r"[\u4e00-\u9fff]", first[:2]):
        from fcourse.teaching.reading.segmenter import pos_cut

        words = [(w, tag) for w, tag in pos_cut(first) if w.strip()]
        if words and words[0][1] in ("v", "vn", "vd"):
            return True
        for word, tag in words:  # a verb before the first 的 (为孩子请假, 立即结束): what it does, not whose it is
            if word == "的":
                return False
            if tag in ("v", "vd"):
                return True
        return False
    words = re.findall(r"[A-Za-z][A-Za-z-]*", first)
    if not words:
        return False
    lead = words[1] if len(words) > 1 and words[0].lower().endswith("ly") else words[0]  # "Temporarily suspend"
    after = first[first.find(lead) + len(lead):].lstrip()
    return english_verb(lead) and not after.startswith(("of ", ","))


#: the verbs that open a description of a tool that only reads (a look-up: asking again changes nothing)
_LOOK_VERBS = frozenset({"get", "gets", "look", "looks", "check", "checks", "find", "finds", "search", "searches",
                         "show", "shows", "list", "lists", "tell", "tells", "fetch", "fetches", "retrieve",
                         "retrieves", "query", "queries", "lookup", "view", "see", "track", "tracks", "read",
                         "current", "latest", "estimate", "estimates", "calculate", "calculates", "quote", "quotes",
                         "price", "prices", "查询", "查看", "获取", "搜索", "显示", "预估", "估算",
                         "报价", "计算", "估价", "列出"})


def looks_up(tool: dict[str, Any] | None) -> bool:
    """Whether the tool's description opens with a verb of looking things up ("Get the current weather ...",
    "查询订单状态"): asking it again changes nothing."""
    if not tool:
        return False
    first = re.findall(r"[A-Za-z]+|[\u4e00-\u9fff]{1,2}", str(function_of(tool).get("description") or ""))[:1]
    return bool(first) and first[0].lower() in _LOOK_VERBS


#: a description that gives something back ("Return the current balance ...", "Provides the opening hours")
_GIVES = re.compile(r"\s*(?:returns?|provides?|gives? back)\s+(?:the|a|an|all|any|current|latest|information"
                    r"|details|a list)\b", re.IGNORECASE)


def acts(tool: dict[str, Any], main: str | None, searches: bool) -> bool:
    """Whether a tool whose action the lexicon does not know (``main`` None) still acts on something: its
    description leads with a verb that is not one of looking things up ("End a ride", 结束一次骑行并结算)."""
    from fcourse.teaching.reading.documents import _QUOTE, _READ_ONLY, ACTS_NOT

    description = str(function_of(tool).get("description") or "")
    first = re.split(r"(?<=[.!?])\s+|[。！？；;]", description.strip(), maxsplit=1)[0]
    return main is None and not searches and not looks_up(tool) and not ACTS_NOT.search(description) \
        and not _READ_ONLY.search(description) and not _GIVES.match(description) and not _QUOTE.search(first) \
        and not _CREATES_NOTHING.search(description) and opens_with_action(description)


#: a description that says its tool creates or changes nothing ("不创建维修单", "creates no order")
_CREATES_NOTHING = re.compile(r"不(?:创建|生成|新建|修改|下单)|\b(?:creates|changes|books|orders) (?:no|nothing)\b"
                              r"|\bdoes not (?:create|change|book|order)\b", re.IGNORECASE)


@functools.lru_cache(maxsize=2048)
def lead_verb(description: str) -> str | None:
    """The verb a description leads with: "end" for "End a ride", 结束 for 结束一次骑行并结算; None if none."""
    first = re.split(r"[.;:,!?。；：，！？(（]", description.strip(), maxsplit=1)[0].strip()
    if re.search(r"[\u4e00-\u9fff]", first[:2]):
        from fcourse.teaching.reading.segmenter import pos_cut

        return next((w for w, tag in pos_cut(first) if tag in ("v", "vd", "vn")), None)
    words = re.findall(r"[A-Za-z][A-Za-z-]*", first)
    if not words:
        return None
    lead = words[1] if len(words) > 1 and words[0].lower().endswith("ly") else words[0]
    return lead.lower() if english_verb(lead) else None


def said_lead(tool: dict[str, Any], latest: str, alike: list[str]) -> bool:
    """Whether the turn uses the verb the tool's description leads with: the word itself, its stem, or a word alike
    in meaning (租 ~ hire; ``alike`` are routing's "said ~ written" pairs for this tool)."""
    from fcourse.teaching.reading.analysis import stem

    lead = lead_verb(str(function_of(tool).get("description") or ""))
    if not lead:
        return False
    if lead in latest or stem(lead) in {stem(w) for w in re.findall(r"[A-Za-z]+", latest)}:
        return True
    return any(pair.split(" ~ ")[-1].split(" (")[0].lower() == lead for pair in alike)
