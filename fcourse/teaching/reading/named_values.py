"""Values named in words: enum values and their synonyms, described defaults, labelled values.

Part of the teaching model's argument filling (chapter 2). ``enum_value`` finds
the first enum value a text mentions (by value, synonym, everyday word, or a
language or currency name); ``described_default`` the enum value a description
names as the usual choice; ``inline_label`` a value the user labels in passing
("my username is mchen"); ``label_value`` a "label: value" line of the system
context whose label means the parameter.
"""

from __future__ import annotations

import re
from typing import Any

from fcourse.teaching.reading.analysis import analyse
from fcourse.teaching.reading.exclusion import inside, negated_spans
from fcourse.teaching.reading.extract import table_hits
from fcourse.teaching.reading.glosses import glossed_words
from fcourse.teaching.reading.lexicon import CURRENCIES, ENUM_SYNONYMS, LANGUAGES
from fcourse.teaching.reading.params import param_text, value_pattern, word_search

__all__ = [
    "described_default",
    "enum_value",
    "inline_label",
    "label_value",
    "not_the_users",
]

#: words too general to say which parameter a label names ("id", "number", "current" ...)
_VAGUE = frozenset("id number code name current present value type the of for and".split())
_LABEL_RE = re.compile(
    r"([A-Za-z][A-Za-z _\-]{0,40}|[\u4e00-\u9fff]{1,12})\s*[:：=]\s*([^\s,，;；。]+)"
)


def enum_value(name: str, schema: dict[str, Any], texts: list[str],
               about: frozenset[str] = frozenset()) -> tuple[Any, int, str] | None:
    """The first enum value mentioned, by value or synonym: ``(value, text index, how)``. A synonym is no
    key of ``about`` (the tool's own description: "clean" for a cleaning service names no kind of cleaning)."""
    values = [v for v in schema.get("enum", []) if v is not None]
    for where, text in enumerate(texts):
        if not text:
            continue
        keys = analyse(text).keys
        # a concept several values share (#language for "english" and "chinese") tells none of them apart
        counts: dict[str, int] = {}
        for v in values:
            for k in analyse(str(v)).keys:
                counts[k] = counts.get(k, 0) + 1
        common = {k for k, n in counts.items() if n > 1}
        best: tuple[tuple[int, int], Any, str] | None = None
        for v in values:
            sv = str(v)
            if sv.isdigit():  # a number value stands alone: the 3 in "PK-204311" is not the value 3
                m = re.search(rf"(?<![\w.-]){sv}(?![\w.])", text)
                pos = m.start() if m else -1
            else:
                m = value_pattern(sv).search(text) if sv.isascii() else None
                pos = m.start() if m else word_search(text, sv)
            how = f"enum value {sv!r} in the text"
            if pos < 0:
                vkeys = analyse(sv).keys - common
                shared = vkeys & keys - {"#date", "#time"} - about  # "day" and "tomorrow" share only the calendar
                if shared and len(shared) >= max(1, len(vkeys) // 2) and not _other_kind(text, shared, vkeys):
                    pos = min(t.start for t in analyse(text).terms if t.key in shared)
                    how = f"enum value {sv!r} by synonym {sorted(shared)}"
            if pos < 0:
                for word in ENUM_SYNONYMS.get(re.sub(r"[_\-]+", " ", sv.lower()).strip(), ()):
                    found = word_search(text, word)
                    if found >= 0:
                        pos, how = found, f"enum value {sv!r} by its everyday word {word!r}"
                        break
            if pos < 0:
                for table in (LANGUAGES, CURRENCIES):
                    code = sv.upper() if table is CURRENCIES else sv.lower()
                    # a value that is one of a language's names ("mandarin") is that language
                    code = code if code in table else next((c for c, names in table.items() if sv.lower() in names),
                                                           code)
                    if code in table:
                        hits = [h for h in table_hits(text, {code: table[code]}, table is CURRENCIES)]
                        if hits:
                            pos, how = hits[0][1], f"enum value {sv!r} by its name"
                            break
            # "no towel, thanks": a value the user turned down - but a value named by its own negation ("no
            # sound at all" is no_sound) is the user's words as written, not a refusal
            if pos >= 0 and inside(negated_spans(text), pos) and not (
                    how.endswith("in the text") and _NEGATIVE_VALUE.match(sv)):
                pos = -1
            # a value written as it is beats one named (中文 is mandarin), which beats one read through a synonym
            # (中文 is a #language, as english is), wherever it stands
            rank = (0 if how.endswith("in the text") else 1 if how.endswith("by its name") else 2, pos)
            if pos >= 0 and (best is None or rank < best[0]):
                best = (rank, v, how)
        if best:
            return best[1], where, best[2]
    return None


#: an enum value whose name opens with a negation (no_sound, not_charging, no_show): a state, not a refusal
_NEGATIVE_VALUE = re.compile(r"(?:no|not|non|never|without)[_\-\s]", re.IGNORECASE)


def _other_kind(text: str, shared: set[str], vkeys: frozenset[str]) -> bool:
    """Whether the user's word the value shares comes right after a word of another kind ("deep clean" is no
    dry_clean, "regular clean" no deep_clean): one word of a two-word value is not enough then."""
    if len(vkeys) < 2:
        return False
    terms = analyse(text).terms
    return any(t.key in shared and i and terms[i - 1].key not in vkeys and 0 < t.start - terms[i - 1].end <= 1
               for i, t in enumerate(terms))


_DEFAULT_CUE_RE = re.compile(r"default|unless|usually|normally|typically|otherwise|leave (?:it )?(?:as|at)|"
                             r"一般|默认|通常|否则|除非", re.IGNORECASE)


def described_default(schema: dict[str, Any]) -> Any:
    """The enum value the description names as the usual choice ("use economy unless ..."), if exactly one."""
    desc = str(schema.get("description", ""))
    if not _DEFAULT_CUE_RE.search(desc):
        return None
    named = [v for v in schema.get("enum", []) if isinstance(v, str) and v and word_search(desc, v) >= 0]
    return named[0] if len(named) == 1 else None

_INLINE_LABEL_RE = re.compile(
    r"((?<![A-Za-z])(?:[A-Za-z][A-Za-z_\-]*\s+){0,2}[A-Za-z][A-Za-z_\-]*)\s+(?:is|=|:)\s+"
    r"([A-Za-z0-9_.@+\-]+(?:[ ]+[A-Z][a-z'\-]+)*)"
    r"|([\u4e00-\u9fff]{1,8}?)(?:是|为|：|:)\s*([A-Za-z0-9_.@+\-]+)")


def inline_label(name: str, schema: dict[str, Any], text: str) -> tuple[str, str] | None:
    """A value the user labels in passing: "my username is mchen", "用户名是 mchen"."""
    pkeys = analyse(param_text(name, schema)).keys
    for m in _INLINE_LABEL_RE.finditer(text):
        label = m.group(1) or m.group(3)
        value = (m.group(2) or m.group(4)).rstrip(".")
        if not value[:1].isupper():  # a name runs on in capitals ("Kofi Osei"); another value is one token
            value = value.split()[0]
        shared = analyse(label).keys & pkeys
        if [k for k in shared if k not in ("#id", "#lookup", "#status", "#user")]:
            return value, label.strip()
    return None


def label_value(name: str, schema: dict[str, Any], context: str) -> tuple[str, str] | None:
    """A "label: value" line in the context whose label means this parameter."""
    pkeys = analyse(param_text(name, schema)).keys
    best: tuple[int, str, str] | None = None
    for m in _LABEL_RE.finditer(context):
        label, value = m.group(1).strip(), m.group(2).strip().strip("\"'“”")
        lkeys = analyse(label).keys
        shared = lkeys & pkeys
        strong = [k for k in shared if k not in ("#id", "#lookup", "#status")]
        if not strong and len(shared) < 2:
            glossed = glossed_words(label) & set(re.findall(r"[a-z]+", param_text(name, schema).lower())) - _VAGUE
            if not glossed:  # a Chinese label for an English parameter: "登录会员" names "Member number"
                continue
            shared = {"~" + w for w in glossed}
        score = len(shared)
        if best is None or score > best[0]:
            best = (score, value, label)
    return (best[1], best[2]) if best else None


#: words that say a value in the context is not the user's: an example of the format, or the business's own contact
_NOT_THE_USERS = re.compile(r"\b(?:examples?|e\.g\.|for instance|sample|placeholder|format|such as|enquir\w*|"
                            r"inquir\w*|helpdesk|help desk)\b|例如|比如|示例|样例|格式|咨询|客服", re.IGNORECASE)


def _clause_before(text: str, start: int) -> str:
    """The words of the context's sentence before ``start`` (up to 80 characters; "e.g." ends no sentence)."""
    before = text[max(0, start - 80):start].replace("e.g.", "e_g_")
    cut = max(before.rfind(mark) for mark in (". ", "; ", "\n", "。", "；", "！", "？"))
    return before[cut + 1:].replace("e_g_", "e.g.")


def not_the_users(context: str, start: int) -> bool:
    """Whether the context's own sentence introduces the value at ``start`` as an example of a format or as the
    business's contact ("Example postcode format: LS6 2AB", "address for enquiries: ..."): no one's value to use."""
    return bool(_NOT_THE_USERS.search(_clause_before(context, start)))

